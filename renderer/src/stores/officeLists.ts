/**
 * Shortlists shared with a casting office (issue 25; renderer/src/sync/OFFICE.md): the offices
 * joined on this computer, "Share with the office", "Stop sharing", and the office sockets that
 * keep shared lists in sync whenever an office is reachable (sync/officeListAttachment.ts). Every
 * list's truth is its Y.Doc in the shortlist database; the user's edits go into it with the rows
 * (stores/shortlists.ts), a change from the office writes the rows from it. A personal list never
 * leaves the computer: nothing here attaches a list without an office row.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { BridgeError } from '../../../contract/bridge-errors.ts';
import type { OfficeView } from '../../../contract/officeBridge.ts';
import * as Y from 'yjs';
import { accessRemovedReason, type OfficeListKeptCode, type OfficeRefusalCode, type OfficeRole } from '../../../contract/officeRoles.ts';
import { useBridge } from '../bridge/bridgeInjection.ts';
import { currentLibrary } from '../db/sharedLibrary.ts';
import { writeListDocChange, type OfficeListLetGoRow, type OfficeListRow, type RefusedText, type ShortlistDb } from '../db/shortlistDb.ts';
import { forgetTypedComment, journalTypedComment, nextTypedSeq, type TypedCommentKey } from '../db/typedEdits.ts';
import { useShortlistDatabaseStore } from './shortlistDatabase.ts';
import { withStoredListDoc } from '../sync/listDocs.ts';
import { attachSharedList, type Attachment } from '../sync/officeListAttachment.ts';
import { connectOffice, type AttachedList, type OfficeConnection } from '../sync/officeConnection.ts';
import { namesakeNumbers } from './namesakes.ts';
import { personalAccess, sharedAccess, type ListAccess } from './officeAccess.ts';
import { hasAnnotatableEntry, readAnnotations, writeComment, writePick, type EntryAnnotations } from '../sync/officeAnnotations.ts';
import { officeEntryKey } from '../db/listDocShape.ts';
import { dismissKeptNotice, keepListsOfOffice, keptNotices, listsLetGo, officeLetGoOf, replaceListDoc, shareList, stopSharing, writeRowsFromDoc } from '../sync/officeSharing.ts';
import { bringInLists, sweepOfficeLists } from '../sync/officeSweep.ts';
import { dismissRefusedText as forgetRefusedText, keptRefusedTexts, refusedTypedTexts } from '../sync/refusedTexts.ts';

const noAnnotations: EntryAnnotations = { picks: [], comments: {} };

/** Whether asking the office again to take a list out may work (it could not be reached, or answered nonsense), unlike a refusal. */
function removalMayWork(code: BridgeError['code']): boolean {
  return code === 'office_unreachable' || code === 'office_bad_response';
}

/**
 * What a list's badge says: personal; shared and synced (when); shared and waiting to sync, with
 * when it last synced (null: never: officeConnection.ts); refused by the office; or shared but
 * unable to sync, with when it last synced, since this computer holds no token for its office
 * (signedOut: join again) or its keychain does not answer, so the token cannot be read
 * (keychainUnavailable: unlock it and check again; joining again would be the wrong advice).
 */
export type ListSharing =
  | { kind: 'personal' }
  | { kind: 'synced'; at: string }
  | { kind: 'waiting'; lastSynced: string | null }
  | { kind: 'refused'; reason: string }
  | { kind: 'signedOut'; lastSynced: string | null }
  | { kind: 'keychainUnavailable'; lastSynced: string | null };

/** When a list's state says it last synced (null: never, or not said). */
function lastSyncedOf(state: ListSharing): string | null {
  if (state.kind === 'synced') return state.at;
  return state.kind === 'waiting' ? state.lastSynced : null;
}

/** The database closed under the store (the app going away): work started and not awaited stops, and nothing is lost. */
const isClosing = (failure: unknown) => (failure as Error | null)?.name === 'DatabaseClosedError';

export const useOfficeListsStore = defineStore('officeLists', () => {
  const bridge = useBridge();
  const shortlistDatabase = useShortlistDatabaseStore();
  const offices = shallowRef<OfficeView[]>([]);
  /** Shared lists by shortlist id, with where each stands. */
  const sharing = shallowRef<ReadonlyMap<number, ListSharing>>(new Map());
  const error = ref<BridgeError | null>(null);
  let db: ShortlistDb | null = null;
  const connections = new Map<string, OfficeConnection>();
  const attached = new Map<number, Attachment>();
  /** The attached lists by shortlist id, for what reads their provider (presence and history: officeActivity.ts). */
  const attachedLists = shallowRef<ReadonlyMap<number, AttachedList>>(new Map());
  const attaching = new Map<number, Promise<void>>();
  /** Lists a view asked to keep attached (attach): the sweep lets go only of the others. */
  const kept = new Set<number>();
  /** Lists being reverted (revert), each with when it is done: an attach meanwhile waits for it. */
  const reverting = new Map<number, Promise<void>>();
  /** The member's role and member id on each shared list, as the office last named them. */
  const roles = shallowRef<ReadonlyMap<number, { role: OfficeRole; memberId: string }>>(new Map());
  /** Picks and comments of the attached lists' entries, by entry key. */
  const annotations = shallowRef<ReadonlyMap<number, ReadonlyMap<string, EntryAnnotations>>>(new Map());
  /**
   * The office's member names (id → name), per office record: as the office last answered them,
   * kept on its lists' rows for offline (`OfficeListRow.memberNames`, read by refresh).
   */
  const memberNames = shallowRef<ReadonlyMap<string, ReadonlyMap<string, string>>>(new Map());
  /** The numbers of each office's members who share a name (namesakes.ts): the names come in the order they joined. */
  const namesakes = computed(() => new Map([...memberNames.value].map(([officeRecordId, names]) => [officeRecordId, namesakeNumbers([...names].map(([id, name]) => ({ id, name })))])));
  /** Why a list went back to the office's version, until the user dismisses it. */
  const refusals = shallowRef<ReadonlyMap<number, OfficeRefusalCode>>(new Map());
  /**
   * The comments and notes typed here that went with a refused change, per list, until the user
   * dismisses each; kept on the list's row (loadRefusedTexts reads them after a restart).
   */
  const refusedTexts = shallowRef<ReadonlyMap<number, readonly RefusedText[]>>(new Map());
  /**
   * Lists that became personal copies (keepAsPersonal, or "Stop sharing" the office did not take),
   * with why, until the user dismisses it; stored with the list (loadKept reads them after a restart).
   */
  const keptAsPersonal = shallowRef<ReadonlyMap<number, OfficeListKeptCode>>(new Map());
  const keeping = new Set<number>();
  /** The office record of each shared list: which office's token the list needs (sharingOf). */
  const officeOfList = shallowRef<ReadonlyMap<number, string>>(new Map());
  /** The comments (list and entry) a write failed to store: they stay in the journal, for the next start. */
  const commentsUnstored = new Set<string>();
  /** Member ids the names were asked for since they showed up unknown (asked once each). */
  const askedAbout = new Set<string>();
  /**
   * How many of each office's lists were deleted on this computer while the office still lists
   * them, by office record id (countRemovedHere): the sweep never brings those back, so the
   * office's entry on the Connections page offers to (bringBackRemoved).
   */
  const removedHere = shallowRef<ReadonlyMap<string, number>>(new Map());

  async function database(): Promise<ShortlistDb> {
    db ??= await shortlistDatabase.open();
    return db;
  }

  function setSharing(shortlistId: number, state: ListSharing | null): void {
    const next = new Map(sharing.value);
    if (state) next.set(shortlistId, state);
    else next.delete(shortlistId);
    sharing.value = next;
  }

  /**
   * The badge of a list: personal unless it has an office row. A list of an office whose token is
   * not read here cannot sync, whatever it said last: no socket opens without the token. Listed
   * without it (the keychain lost it, or this computer never held it: the records came from
   * another computer), it says so until the member joins the office again; listed with a keychain
   * that does not answer, it says that, until a recheck finds the keychain (readTokensAgain). Also
   * while a socket opened earlier in this run still works, since nothing here could open it again.
   */
  function sharingOf(shortlistId: number): ListSharing {
    const state = sharing.value.get(shortlistId);
    if (!state) return { kind: 'personal' };
    const officeRecordId = officeOfList.value.get(shortlistId);
    const tokenState = offices.value.find((office) => office.id === officeRecordId)?.tokenState ?? 'held';
    if (tokenState === 'missing') return { kind: 'signedOut', lastSynced: lastSyncedOf(state) };
    if (tokenState === 'keychainUnavailable') return { kind: 'keychainUnavailable', lastSynced: lastSyncedOf(state) };
    return state;
  }

  function failed(result: { ok: false; error: BridgeError }): false {
    error.value = result.error;
    return false;
  }

  async function refresh(): Promise<void> {
    const answer = await bridge.listOffices({});
    if (!answer.ok) return void failed(answer);
    offices.value = answer.value.offices;
    // Views start it as they mount and never await it: a failure is shown, never left unhandled.
    let rows: OfficeListRow[];
    try {
      rows = await (await database()).officeLists.toArray();
    } catch (failure) {
      return showUnlessClosing(failure, 'Reading the shared lists');
    }
    officeOfList.value = new Map([...officeOfList.value, ...rows.map((row): [number, string] => [row.shortlistId, row.officeRecordId])]);
    for (const row of rows) {
      // Names the office answered in an earlier session; its live answer, once here, wins.
      if (row.memberNames && !memberNames.value.has(row.officeRecordId)) setIn(memberNames, row.officeRecordId, new Map(Object.entries(row.memberNames)));
      if (row.role && row.memberId && !roles.value.has(row.shortlistId)) setIn(roles, row.shortlistId, { role: row.role, memberId: row.memberId });
      if (!sharing.value.has(row.shortlistId)) setSharing(row.shortlistId, row.syncedAt ? { kind: 'synced', at: row.syncedAt } : { kind: 'waiting', lastSynced: null });
    }
  }

  /**
   * The keychain was asked again (connections.recheckKeychain: the Connections page as it opens,
   * Check again): the offices are listed again, and when the token of one can be read now that
   * could not before (the keychain answered: unlocked, started), its lists sync at once, those a
   * view keeps staying attached, without a restart and without waiting for the next sweep. The
   * sweep is started, not awaited: Check again says what the keychain answered at once, and the
   * badges follow as the lists sync (a sweep never fails: it logs).
   */
  async function readTokensAgain(): Promise<void> {
    const before = new Map(offices.value.map((office) => [office.id, office.tokenState]));
    await refresh();
    if (!offices.value.some((office) => office.tokenState === 'held' && before.get(office.id) !== 'held')) return;
    // A sweep under way listed the offices before their token could be read: the lists are swept after it.
    void (sweeping ?? Promise.resolve()).then(sweep);
  }

  async function join(input: { url: string; officeId: string; code: string; name: string }): Promise<boolean> {
    const answer = await bridge.joinOffice(input);
    if (!answer.ok) return failed(answer);
    error.value = null;
    await refresh();
    return true;
  }

  /**
   * The office's socket, opened once with the token the back end hands out for its origin only. An
   * office listed without a readable token is not asked for one: its lists' badge says why, and the
   * back end's refusal would only stay on the list's page after the token is read again.
   */
  async function connectionOf(officeRecordId: string): Promise<OfficeConnection | null> {
    const known = connections.get(officeRecordId);
    if (known) return known;
    if (offices.value.some((office) => office.id === officeRecordId && office.tokenState !== 'held')) return null;
    const grant = await bridge.getOfficeToken({ id: officeRecordId });
    if (!grant.ok) {
      failed(grant);
      return null;
    }
    const connection = connectOffice(grant.value);
    connections.set(officeRecordId, connection);
    return connection;
  }

  function setIn<K, V>(target: { value: ReadonlyMap<K, V> }, key: K, value: V | null): void {
    const next = new Map(target.value);
    if (value === null) next.delete(key);
    else next.set(key, value);
    target.value = next;
  }

  /** What the member may do on a list: everything on a personal one, what the office's role allows on a shared one. */
  function accessOf(shortlistId: number): ListAccess {
    if (!sharing.value.has(shortlistId)) return personalAccess;
    const known = roles.value.get(shortlistId);
    return sharedAccess(known?.role ?? null, known?.memberId ?? null);
  }

  /**
   * Whether the member's role lets them change list `shortlistId` (the shortlists store asks before
   * every change). If not, nothing is written and the reason shows at once, offline too: the role
   * is the one kept on this computer.
   */
  function mayEdit(shortlistId: number): boolean {
    const access = accessOf(shortlistId);
    if (access.edit) return true;
    setIn(refusals, shortlistId, access.role === 'reviewer' ? 'office_reviewer_limited' : 'office_read_only');
    return false;
  }

  /** Who picked the entry of actor `actorId` of `origin` and who commented on it (member ids). */
  function annotationsOf(shortlistId: number, origin: string, actorId: number): EntryAnnotations {
    return annotations.value.get(shortlistId)?.get(officeEntryKey(origin, actorId)) ?? noAnnotations;
  }

  /**
   * A member's name as the office named it (live, or kept from an earlier answer), or null while it
   * is not known. The member's own id always has their own name, as the office lists it here.
   */
  function memberName(shortlistId: number, memberId: string): string | null {
    const officeRecordId = officeOfList.value.get(shortlistId);
    if (!officeRecordId) return null;
    const named = memberNames.value.get(officeRecordId)?.get(memberId);
    if (named) return named;
    const office = offices.value.find((candidate) => candidate.id === officeRecordId);
    return office?.memberId === memberId ? office.memberName : null;
  }

  /**
   * The member's number among the office's live members of their name ("Ben (2)": one who joined
   * again, or a colleague called alike), or undefined when no one else has it; with memberName,
   * what i18n/memberName.ts shows them by.
   */
  function namesakeNumber(shortlistId: number, memberId: string): number | undefined {
    const officeRecordId = officeOfList.value.get(shortlistId);
    return officeRecordId === undefined ? undefined : namesakes.value.get(officeRecordId)?.get(memberId);
  }

  /**
   * The picks and comments on every entry of list `shortlistId` (by entry key) as its document holds
   * them now, for an export: the attached document, else the one stored on this computer. Null for
   * a personal list (no office row).
   */
  async function currentAnnotations(shortlistId: number): Promise<ReadonlyMap<string, EntryAnnotations> | null> {
    const shortlistDb = await database();
    if (!(await shortlistDb.officeLists.get(shortlistId))) return null;
    const open = attached.get(shortlistId);
    return open ? readAnnotations(open.doc) : withStoredListDoc(shortlistDb, shortlistId, readAnnotations);
  }

  /** Marks or takes back the member's own pick of an entry (reviewers and editors). */
  function setPick(shortlistId: number, origin: string, actorId: number, picked: boolean): boolean {
    const access = accessOf(shortlistId);
    const open = attached.get(shortlistId);
    if (!access.annotate || !access.memberId || !open) return false;
    return writePick(open.doc, officeEntryKey(origin, actorId), access.memberId, picked);
  }

  /**
   * Writes the member's own comment on an entry (empty: none), as it is typed. Each keystroke is
   * journaled first, in the moment it is made (db/typedEdits.ts): its write into the list's document
   * waits behind any write of that document on its way (the shortlists store's writes hold its
   * updates, and a long one holds them for seconds), and the page may be killed meanwhile. Once the
   * write is stored the journal forgets it; what it still holds at the next start goes into the
   * document then (and to the office from there).
   */
  function setComment(shortlistId: number, origin: string, actorId: number, text: string): boolean {
    const access = accessOf(shortlistId);
    const open = attached.get(shortlistId);
    const entryKey = officeEntryKey(origin, actorId);
    if (!access.annotate || !access.memberId || !open || !db || !hasAnnotatableEntry(open.doc, entryKey)) return false;
    const shortlistDb = db;
    const comment: TypedCommentKey = { shortlistId, entryKey, memberId: access.memberId };
    const seq = nextTypedSeq();
    journalTypedComment(shortlistDb, { ...comment, seq, text });
    const key = JSON.stringify([shortlistId, entryKey]);
    const stored = writeListDocChange(shortlistDb, async () => !open.doc.isDestroyed && writeComment(open.doc, entryKey, comment.memberId, text)).then(
      (written) => {
        // A comment with a failed write stays journaled: a later write of it builds on the failed one.
        if (written && !commentsUnstored.has(key)) forgetTypedComment(shortlistDb, comment, seq);
      },
      (failure: unknown) => {
        commentsUnstored.add(key);
        throw failure;
      },
    );
    settleQuietly(stored, 'Storing the comment');
    return true;
  }

  function dismissRefusal(shortlistId: number): void {
    setIn(refusals, shortlistId, null);
  }

  /** Attaches a shared list to its office and keeps it attached: changes from either side reach the other, and the list's rows follow. */
  async function attach(shortlistId: number): Promise<void> {
    kept.add(shortlistId);
    // Views start it and go on (never awaited by a click): a failure is shown, never left unhandled.
    await attachList(shortlistId).catch((failure: unknown) => showUnlessClosing(failure, 'Attaching the shared list'));
  }

  /**
   * Attaches a shared list (kept, or for one sweep). Calls while one is under way share it ("Share"
   * attaches, and so does the list's badge as the list turns shared): two attachments of one list
   * would each carry the user's edit into the document, and a note typed once would be there
   * twice, then again and again.
   */
  function attachList(shortlistId: number): Promise<void> {
    if (attached.has(shortlistId)) return Promise.resolve();
    // A view asking while the list goes back to the office's version would load the old document
    // (still stored) and send the refused change again: it is attached once the new one is stored.
    const revertingNow = reverting.get(shortlistId);
    if (revertingNow) return revertingNow.then(() => attachList(shortlistId));
    let pending = attaching.get(shortlistId);
    if (!pending) {
      pending = attachNow(shortlistId).finally(() => attaching.delete(shortlistId));
      attaching.set(shortlistId, pending);
    }
    return pending;
  }

  /**
   * Settles a write the socket's events start and nobody awaits. The database closing meanwhile (the
   * app going away, or the store closed) is no failure: the next attach writes the same again. Any
   * other failure is shown; none is left unhandled.
   */
  function settleQuietly(work: Promise<unknown>, what: string): void {
    work.catch((failure: unknown) => showUnlessClosing(failure, what));
  }

  /** Shows a failure, unless it is the database closing under the store (the app going away). */
  function showUnlessClosing(failure: unknown, what: string): void {
    if (!isClosing(failure)) error.value = { code: 'internal', message: `${what} failed: ${(failure as Error).message}` };
  }

  async function attachNow(shortlistId: number): Promise<void> {
    const shortlistDb = await database();
    const row = await shortlistDb.officeLists.get(shortlistId);
    if (!row) return;
    if (officeOfList.value.get(shortlistId) !== row.officeRecordId) setIn(officeOfList, shortlistId, row.officeRecordId);
    if (row.role && row.memberId && !roles.value.has(shortlistId)) setIn(roles, shortlistId, { role: row.role, memberId: row.memberId });
    const connection = await connectionOf(row.officeRecordId);
    if (!connection) return;
    const attachment = await attachSharedList(shortlistDb, row, connection, {
      annotations(read, list) {
        setIn(annotations, shortlistId, read);
        // A member who joined since the names were asked: ask again, once per unknown member.
        const known = memberNames.value.get(row.officeRecordId);
        const unknown = [...read.values()].flatMap((entry) => [...entry.picks, ...Object.keys(entry.comments)]).filter((id) => !known?.has(id) && !askedAbout.has(id));
        if (list && unknown.length > 0 && roles.value.has(shortlistId)) {
          unknown.forEach((id) => askedAbout.add(id));
          list.askMembers();
        }
      },
      sync(state) {
        if (state.state === 'synced') {
          setSharing(shortlistId, { kind: 'synced', at: state.at });
          settleQuietly(shortlistDb.officeLists.update(shortlistId, { syncedAt: state.at }), 'Noting when the list synced');
        } else if (state.state === 'waiting') {
          setSharing(shortlistId, { kind: 'waiting', lastSynced: state.lastSynced });
        } else {
          setSharing(shortlistId, { kind: 'refused', reason: state.reason });
          if (state.reason === accessRemovedReason) void keepAsPersonal(shortlistId);
        }
      },
      role(role, memberId, list) {
        setIn(roles, shortlistId, { role, memberId });
        settleQuietly(shortlistDb.officeLists.update(shortlistId, { role, memberId }), 'Keeping the role on this list');
        if (!memberNames.value.has(row.officeRecordId)) list.askMembers();
      },
      members(members) {
        const names = new Map(members.map((member) => [member.id, member.name]));
        setIn(memberNames, row.officeRecordId, names);
        const kept = Object.fromEntries(names);
        settleQuietly(shortlistDb.officeLists.where('officeRecordId').equals(row.officeRecordId).modify({ memberNames: kept }), 'Keeping the office\'s member names');
      },
      // The database closing meanwhile (the app going away) loses nothing: the next start attaches and is refused again.
      refused: (code) => settleQuietly(revert(shortlistId, code), 'Reverting the shared list'),
      writeFailed: (failure) => {
        error.value = { code: 'internal', message: `Writing the shared list failed: ${(failure as Error).message}` };
      },
    });
    setIn(attachedLists, shortlistId, attachment.list);
    const release = attachment.release;
    attached.set(shortlistId, {
      ...attachment,
      release() {
        if (attachedLists.value.get(shortlistId) === attachment.list) setIn(attachedLists, shortlistId, null);
        release();
      },
    });
  }

  /**
   * A change the office refused: the list goes back to the office's version, in its document and
   * its rows, and the user is told why (`refusals`). The office's version is read into a fresh
   * document, so nothing refused is sent again; the comments and notes the change typed are kept
   * (`refusedTexts`, on the list's row), since what the user typed is never dropped unasked.
   */
  async function revert(shortlistId: number, code: OfficeRefusalCode): Promise<void> {
    const open = attached.get(shortlistId);
    if (!open || reverting.has(shortlistId)) return;
    let reverted!: () => void;
    reverting.set(shortlistId, new Promise<void>((resolve) => (reverted = resolve)));
    const reattach: number[] = [];
    // Only lists a view keeps are attached again; a list the sweep had open is synced at its next round.
    const keptBefore = new Set(kept);
    try {
      const shortlistDb = await database();
      const row = (await shortlistDb.officeLists.get(shortlistId))!;
      // The office closed the list on its socket for good (Hocuspocus keeps a closed document's
      // name taken on that socket): the office's socket is opened afresh, its other lists with it.
      const others = [...attached.keys()].filter((id) => id !== shortlistId && officeOfList.value.get(id) === row.officeRecordId);
      for (const id of others) detach(id);
      detach(shortlistId);
      connections.get(row.officeRecordId)?.close();
      connections.delete(row.officeRecordId);
      reattach.push(...others);
      await open.settled();
      // What the refused change holds, read before the document goes: what it typed is kept.
      const mine = Y.encodeStateAsUpdate(open.doc);
      // y-dexie destroys a released document a moment later; the old one must be gone (and out of
      // its cache) before the stored one is replaced, or the next read would hand it out again.
      open.doc.destroy();
      const connection = await connectionOf(row.officeRecordId);
      if (!connection) return;
      const copy = new Y.Doc();
      const reading = connection.attach(row.listId, copy);
      await new Promise<void>((resolve) => reading.onSync((state) => state.state === 'synced' && resolve()));
      reading.detach();
      const typed = refusedTypedTexts(mine, copy);
      await replaceListDoc(shortlistDb, shortlistId, Y.encodeStateAsUpdate(copy), typed);
      copy.destroy();
      if (typed.length > 0) setIn(refusedTexts, shortlistId, (await shortlistDb.shortlists.get(shortlistId))?.refusedTexts ?? null);
      await withStoredListDoc(shortlistDb, shortlistId, (doc) => {
        // The picks and comments shown are the office's too, whether or not a view attaches the list again.
        setIn(annotations, shortlistId, readAnnotations(doc));
        return writeRowsFromDoc(shortlistDb, shortlistId, doc, { library: currentLibrary() });
      });
    } finally {
      reverting.delete(shortlistId);
      reverted();
    }
    for (const id of [shortlistId, ...reattach]) if (keptBefore.has(id)) await attach(id);
    // Told once the list shows the office's version again and is attached again: a pick or a
    // comment made on reading the message reaches the office.
    setIn(refusals, shortlistId, code);
  }

  /**
   * The office no longer lets the member open the list (it is gone from the office, their role on
   * it was taken away, or they were revoked): the list becomes a personal copy on this computer by
   * itself, with everything its document holds here (edits the office never took too), as "Stop
   * sharing" leaves it, and the list page says why (`keptAsPersonal`). Never a list lost.
   */
  async function keepAsPersonal(shortlistId: number): Promise<void> {
    if (keeping.has(shortlistId)) return;
    keeping.add(shortlistId);
    try {
      // Edits on their way into the document go in first: the copy is written from the document.
      await attached.get(shortlistId)?.settled();
      detach(shortlistId);
      const shortlistDb = await database();
      if (!(await shortlistDb.officeLists.get(shortlistId))) return;
      await stopSharing(shortlistDb, shortlistId, undefined, currentLibrary(), { kept: 'office_access_removed' });
      setSharing(shortlistId, null);
      setIn(roles, shortlistId, null);
      setIn(keptAsPersonal, shortlistId, 'office_access_removed');
    } catch (failure) {
      error.value = { code: 'internal', message: `Keeping the list as a personal copy failed: ${(failure as Error).message}` };
    } finally {
      keeping.delete(shortlistId);
    }
  }

  /** The notices stored with the lists (a list page asks as it opens: the app may have restarted since). */
  async function loadKept(): Promise<void> {
    try {
      keptAsPersonal.value = await keptNotices(await database());
    } catch (failure) {
      // A list page starts it as it mounts and never awaits it.
      showUnlessClosing(failure, 'Reading the lists kept as personal copies');
    }
  }

  /** The refused texts kept with the lists (a list page asks as it opens: the app may have restarted since). */
  async function loadRefusedTexts(): Promise<void> {
    try {
      refusedTexts.value = await keptRefusedTexts(await database());
    } catch (failure) {
      // A list page starts it as it mounts and never awaits it.
      showUnlessClosing(failure, 'Reading the texts the office refused');
    }
  }

  /** The user has what they needed of refused text `id` (copied it, or let it go): gone for good, here and on disk. */
  async function dismissRefusedText(shortlistId: number, id: string): Promise<void> {
    try {
      const left = await forgetRefusedText(await database(), shortlistId, id);
      setIn(refusedTexts, shortlistId, left.length > 0 ? left : null);
    } catch (failure) {
      // A click starts it and never awaits it; the text stays shown, and kept, until it is gone from the disk.
      showUnlessClosing(failure, 'Dismissing a text the office refused');
    }
  }

  async function dismissKept(shortlistId: number): Promise<void> {
    setIn(keptAsPersonal, shortlistId, null);
    await dismissKeptNotice(await database(), shortlistId);
  }

  function detach(shortlistId: number): void {
    kept.delete(shortlistId);
    const attachment = attached.get(shortlistId);
    // Out of `attached` before it is released: a view that asks for the list as it goes (its
    // release tells attachedLists) attaches it afresh instead of finding it still attached.
    attached.delete(shortlistId);
    attachment?.release();
  }

  /**
   * Attaches a list that is not open until it has synced (or the office refused it, or it was let
   * go meanwhile), writes its rows, and lets it go again unless a view asked to keep it meanwhile.
   */
  async function syncOnce(shortlistId: number): Promise<void> {
    if (attached.has(shortlistId)) return;
    await attachList(shortlistId);
    const entry = attached.get(shortlistId);
    if (!entry) return;
    await Promise.race([
      entry.released,
      new Promise<void>((resolve) => {
        entry.list.onSync((state) => {
          if (state.state !== 'waiting') resolve();
        });
        if (entry.list.provider.isSynced && entry.list.provider.unsyncedChanges === 0) resolve();
      }),
    ]);
    await entry.settled();
    if (!kept.has(shortlistId) && attached.get(shortlistId) === entry) {
      attached.delete(shortlistId);
      entry.release();
    }
  }

  let sweeping: Promise<void> | null = null;

  function logSweepFailure(message: string, failure: unknown): void {
    const detail = failure instanceof Error ? (failure.stack ?? failure.message) : String(failure);
    void bridge.logRendererError({ message, detail: detail.slice(0, 8000) }).catch(() => undefined);
  }

  /**
   * The background sweep (sync/officeSweep.ts): for every joined office, its lists this member may
   * open that are not on this computer yet are brought in, then every list of it not open is
   * synced once, one at a time. Offices are swept side by side, so an unreachable one holds up no
   * other. One sweep at a time.
   */
  function sweep(): Promise<void> {
    sweeping ??= eachOffice(async (shortlistDb, office) => {
      await bringInFrom(shortlistDb, office);
      // Lists already here are synced even when the directory could not be read: the socket may still reach the office.
      await sweepOfficeLists(shortlistDb, office.id, syncOnce, (shortlistId, failure) => logSweepFailure(`The office sweep could not sync list ${shortlistId}.`, failure));
    }).finally(() => (sweeping = null));
    return sweeping;
  }

  let looking: Promise<void> | null = null;
  /**
   * The sweep's first step alone, every minute (App.vue): a list a colleague shares, or a role the
   * owner changes, reaches this member within a minute rather than at the next sweep (ten minutes),
   * for one request per office. A member with no list yet has no socket that could be told.
   */
  function lookForNewLists(): Promise<void> {
    looking ??= eachOffice(bringInFrom).finally(() => (looking = null));
    return looking;
  }

  /** Runs `work` for every joined office side by side (an unreachable one holds up no other); a failure is logged, never thrown. */
  async function eachOffice(work: (shortlistDb: ShortlistDb, office: OfficeView) => Promise<unknown>): Promise<void> {
    try {
      // Quietly: a background sweep that cannot list the offices shows no error on every list.
      const known = await bridge.listOffices({});
      if (!known.ok) return;
      offices.value = known.value.offices;
      if (offices.value.length === 0) return;
      const shortlistDb = await database();
      await Promise.all(offices.value.map((office) => work(shortlistDb, office)));
    } catch (failure) {
      // A timer starts the sweep and nobody awaits it: a failure is logged (the next sweep tries
      // again), never left unhandled; the database closing under it (the app going away) is none.
      if (!isClosing(failure)) logSweepFailure('The office sweep stopped.', failure);
    }
  }

  /**
   * Brings in the office's lists this member may open that are not here yet (a list kept here when
   * the office was removed is linked back, unless changed since: officeSweep.ts), takes the roles
   * the office names for those that are (a role changed while the list was not attached), and
   * settles the lists let go of. An office that cannot be asked now is asked again next time (the
   * offices page shows its state).
   */
  async function bringInFrom(shortlistDb: ShortlistDb, office: OfficeView): Promise<BridgeError | null> {
    const directory = await bridge.listOfficeLists({ id: office.id });
    if (!directory.ok) return directory.error;
    for (const shortlistId of await bringInLists(shortlistDb, { officeRecordId: office.id, officeId: office.officeId }, directory.value)) {
      setSharing(shortlistId, { kind: 'waiting', lastSynced: null });
      setIn(officeOfList, shortlistId, office.id);
      // A personal list linked back to its office list is shared again: no notice of how it became personal.
      setIn(keptAsPersonal, shortlistId, null);
      const row = await shortlistDb.officeLists.get(shortlistId);
      if (row?.role && row.memberId) setIn(roles, shortlistId, { role: row.role, memberId: row.memberId });
    }
    const memberId = directory.value.member.id;
    // This office's lists here, read once (a minute's look at 200 lists is one read, not 200).
    const here = new Map((await shortlistDb.officeLists.where('officeRecordId').equals(office.id).toArray()).map((row) => [row.listId, row]));
    for (const list of directory.value.lists) {
      const row = here.get(list.id);
      if (!row || !list.role || (row.role === list.role && row.memberId === memberId)) continue;
      setIn(roles, row.shortlistId, { role: list.role, memberId });
      await shortlistDb.officeLists.update(row.shortlistId, { role: list.role, memberId });
    }
    await settleListsLetGo(shortlistDb, office.id, new Set(directory.value.lists.map((list) => list.id)));
    return null;
  }

  /**
   * The office's lists deleted on this computer (shortlists.removeList): let go of, their copy
   * gone, nothing owed to the office; of those `listed` by the office when given. A list stopped
   * here whose personal copy is still here is not one: bringing it back would make a second copy.
   */
  async function deletedHere(shortlistDb: ShortlistDb, officeRecordId: string, listed?: ReadonlySet<string>): Promise<OfficeListLetGoRow[]> {
    const letGo = await listsLetGo(shortlistDb, officeRecordId);
    const copies = await shortlistDb.shortlists.bulkGet(letGo.map((row) => row.shortlistId));
    return letGo.filter((row, index) => !copies[index] && !row.removalOwed && (!listed || listed.has(row.listId)));
  }

  /** Counts the office's lists deleted here that its directory still lists (`listed`), for its entry on the Connections page. */
  async function countRemovedHere(officeRecordId: string, listed: ReadonlySet<string>): Promise<void> {
    try {
      setIn(removedHere, officeRecordId, (await deletedHere(await database(), officeRecordId, listed)).length);
    } catch (failure) {
      showUnlessClosing(failure, 'Reading the lists deleted here');
    }
  }

  /**
   * Brings the office's lists deleted on this computer back: their let-go records are deleted and
   * the office's look for new lists opens them again, as a colleague's new list is opened (the
   * office's version, attached by the next sweep). When the office cannot be asked, the records
   * stay (the sweep would otherwise bring the lists in later, unannounced) and why is answered.
   */
  async function bringBackRemoved(officeRecordId: string): Promise<{ broughtBack: number } | { error: BridgeError }> {
    const office = offices.value.find((candidate) => candidate.id === officeRecordId);
    if (!office) return { error: { code: 'office_not_found', message: `No office ${officeRecordId} was joined.` } };
    const shortlistDb = await database();
    const deleted = await deletedHere(shortlistDb, officeRecordId);
    await shortlistDb.officeListsLetGo.bulkDelete(deleted.map((row): [string, string] => [row.officeId, row.listId]));
    const refused = await bringInFrom(shortlistDb, office);
    if (refused) {
      await shortlistDb.officeListsLetGo.bulkPut(deleted);
      return { error: refused };
    }
    setIn(removedHere, officeRecordId, 0);
    const here = await shortlistDb.officeLists.where('officeRecordId').equals(officeRecordId).toArray();
    const listIds = new Set(deleted.map((row) => row.listId));
    return { broughtBack: here.filter((row) => listIds.has(row.listId)).length };
  }

  /**
   * The lists stopped here while the office still had them, with the office reachable: one an
   * editor could not have taken out then is taken out now (each member keeps a copy, as it would
   * have then); one the office no longer lists (`listed`) is forgotten. Either way its copy here no
   * longer says the office still has it. A refusal that asking again cannot change stops the asking.
   */
  async function settleListsLetGo(shortlistDb: ShortlistDb, officeRecordId: string, listed: ReadonlySet<string>): Promise<void> {
    for (const letGo of await listsLetGo(shortlistDb, officeRecordId)) {
      let gone = !listed.has(letGo.listId);
      if (!gone && letGo.removalOwed) {
        const answer = await bridge.removeOfficeList({ id: officeRecordId, listId: letGo.listId });
        gone = answer.ok || answer.error.code === 'office_list_not_found';
        if (!answer.ok && !gone && !removalMayWork(answer.error.code)) await shortlistDb.officeListsLetGo.update([letGo.officeId, letGo.listId], { removalOwed: false });
      }
      if (!gone) continue;
      await officeLetGoOf(shortlistDb, letGo);
      if (keptAsPersonal.value.get(letGo.shortlistId) === 'office_still_has_list') setIn(keptAsPersonal, letGo.shortlistId, null);
    }
  }

  /** "Share with the office": every field of the list goes into a new document of the office. */
  async function share(shortlistId: number, officeRecordId: string): Promise<boolean> {
    const office = offices.value.find((candidate) => candidate.id === officeRecordId);
    if (!office) return failed({ ok: false, error: { code: 'office_not_found', message: `No office ${officeRecordId} was joined.` } });
    const shortlistDb = await database();
    await shareList(shortlistDb, shortlistId, { officeRecordId, officeId: office.officeId });
    if (keptAsPersonal.value.has(shortlistId)) await dismissKept(shortlistId);
    setSharing(shortlistId, { kind: 'waiting', lastSynced: null });
    await attach(shortlistId);
    return true;
  }

  /**
   * "Stop sharing": an editor of the list (or a member whose role this computer has not learnt yet)
   * asks the office to take it out first, so every member keeps a personal copy; then the list
   * stays here as a personal list with what it holds now, whatever the office answered. When the
   * office did not take it out (unreachable, or the role does not allow it), the list says the office
   * still has it. The list is let go of before the office is asked: the office closes this app's
   * connection to it too as it removes the list, and that is not for a list stopped here on purpose.
   */
  async function unshare(shortlistId: number): Promise<void> {
    // One at a time per list, with keepAsPersonal too: a second click while the office is asked does nothing.
    if (keeping.has(shortlistId)) return;
    keeping.add(shortlistId);
    try {
      const shortlistDb = await database();
      const row = await shortlistDb.officeLists.get(shortlistId);
      const role = roles.value.get(shortlistId)?.role ?? row?.role ?? null;
      detach(shortlistId);
      // A role that may not take the list out keeps it in the office: the list is let go of here only.
      let kept: OfficeListKeptCode | null = row && role !== 'editor' && role !== null ? 'office_still_has_list' : null;
      let removalOwed = false;
      if (row && !kept) {
        const answer = await bridge.removeOfficeList({ id: row.officeRecordId, listId: row.listId });
        if (!answer.ok && answer.error.code !== 'office_list_not_found') {
          kept = 'office_still_has_list';
          // Asked again at the next sweep that reaches the office (settleListsLetGo).
          removalOwed = removalMayWork(answer.error.code);
        }
      }
      if (row) await stopSharing(shortlistDb, shortlistId, undefined, currentLibrary(), { kept, removalOwed });
      setSharing(shortlistId, null);
      setIn(roles, shortlistId, null);
      setIn(keptAsPersonal, shortlistId, kept);
    } catch (failure) {
      error.value = { code: 'internal', message: `Stopping sharing failed: ${(failure as Error).message}` };
    } finally {
      keeping.delete(shortlistId);
    }
  }

  /**
   * Leaves an office: its lists stay on this computer as personal lists (each linked back if the
   * office is added again and the list was not changed since: bringInFrom), its token is deleted.
   */
  async function removeOffice(officeRecordId: string): Promise<boolean> {
    const shortlistDb = await database();
    for (const row of await shortlistDb.officeLists.where('officeRecordId').equals(officeRecordId).toArray()) detach(row.shortlistId);
    connections.get(officeRecordId)?.close();
    connections.delete(officeRecordId);
    for (const shortlistId of await keepListsOfOffice(shortlistDb, officeRecordId, undefined, currentLibrary())) setSharing(shortlistId, null);
    const answer = await bridge.removeOffice({ id: officeRecordId });
    if (!answer.ok) return failed(answer);
    await refresh();
    return true;
  }

  /** Closes every office socket (the page goes away, or a test ends). */
  function close(): void {
    for (const shortlistId of [...attached.keys()]) detach(shortlistId);
    for (const connection of connections.values()) connection.close();
    connections.clear();
    db?.close();
    db = null;
  }

  return {
    offices,
    sharing,
    attachedLists,
    error,
    refusals,
    refusedTexts,
    keptAsPersonal,
    removedHere,
    sharingOf,
    accessOf,
    mayEdit,
    annotationsOf,
    currentAnnotations,
    memberName,
    namesakeNumber,
    setPick,
    setComment,
    dismissRefusal,
    loadRefusedTexts,
    dismissRefusedText,
    dismissKept,
    loadKept,
    refresh,
    readTokensAgain,
    join,
    share,
    unshare,
    attach,
    detach,
    syncOnce,
    sweep,
    lookForNewLists,
    countRemovedHere,
    bringBackRemoved,
    removeOffice,
    close,
  };
});
