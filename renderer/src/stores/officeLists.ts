/**
 * Shortlists shared with a casting office (issue 25; renderer/src/sync/OFFICE.md): the offices
 * joined on this computer, "Share with the office", "Stop sharing", and the office sockets that
 * keep shared lists in sync whenever an office is reachable. A shared list's truth is its Y.Doc in
 * the shortlist database; after each change the store writes the list's entries from it, so the
 * shortlists store (which owns personal lists and reads the same database) shows it unchanged.
 * A personal list never leaves the computer: nothing here touches a list without an office row.
 */
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { BridgeError } from '../../../contract/bridge-errors.ts';
import type { OfficeView } from '../../../contract/officeBridge.ts';
import { liveQuery } from 'dexie';
import { DexieYProvider } from 'y-dexie';
import * as Y from 'yjs';
import type { OfficeRefusalCode, OfficeRole } from '../../../contract/officeRoles.ts';
import { useBridge } from '../bridge/bridgeInjection.ts';
import { currentLibrary } from '../db/sharedLibrary.ts';
import { openShortlistDb, type ShortlistDb } from '../db/shortlistDb.ts';
import { connectOffice, type AttachedList, type OfficeConnection, type OfficeListSync } from '../sync/officeConnection.ts';
import { personalAccess, sharedAccess, type ListAccess } from './officeAccess.ts';
import { readAnnotations, writeComment, writePick, type EntryAnnotations } from '../sync/officeAnnotations.ts';
import { officeEntryKey } from '../sync/officeListDoc.ts';
import { baseOf, wouldChange, writeLocalEdits, type RowBase } from '../sync/officeLocalEdits.ts';
import { keepListsOfOffice, replaceListDoc, shareList, stopSharing, withListDoc, writeRowsFromDoc } from '../sync/officeSharing.ts';
import { bringInLists, sweepOfficeLists } from '../sync/officeSweep.ts';

const noAnnotations: EntryAnnotations = { picks: [], comments: {} };

/** What a list's badge says: personal, shared and synced (when), or shared and waiting (since when). */
export type ListSharing = { kind: 'personal' } | { kind: 'synced'; at: string } | { kind: 'waiting'; since: string } | { kind: 'refused'; reason: string };

export const useOfficeListsStore = defineStore('officeLists', () => {
  const bridge = useBridge();
  const offices = shallowRef<OfficeView[]>([]);
  /** Shared lists by shortlist id, with where each stands. */
  const sharing = shallowRef<ReadonlyMap<number, ListSharing>>(new Map());
  const error = ref<BridgeError | null>(null);
  let db: ShortlistDb | null = null;
  const connections = new Map<string, OfficeConnection>();
  const attached = new Map<number, { list: AttachedList; doc: Y.Doc; release(): void; settled(): Promise<void>; released: Promise<void> }>();
  /** The attached lists by shortlist id, for what reads their provider (presence and history: officeActivity.ts). */
  const attachedLists = shallowRef<ReadonlyMap<number, AttachedList>>(new Map());
  const attaching = new Map<number, Promise<void>>();
  /** Lists a view asked to keep attached (attach): the sweep lets go only of the others. */
  const kept = new Set<number>();
  const reverting = new Set<number>();
  /** The member's role and member id on each shared list, as the office last named them. */
  const roles = shallowRef<ReadonlyMap<number, { role: OfficeRole; memberId: string }>>(new Map());
  /** Picks and comments of the attached lists' entries, by entry key. */
  const annotations = shallowRef<ReadonlyMap<number, ReadonlyMap<string, EntryAnnotations>>>(new Map());
  /** The office's member names (id → name), per office record. */
  const memberNames = shallowRef<ReadonlyMap<string, ReadonlyMap<string, string>>>(new Map());
  /** Why a list went back to the office's version, until the user dismisses it. */
  const refusals = shallowRef<ReadonlyMap<number, OfficeRefusalCode>>(new Map());
  const officeOfList = new Map<number, string>();
  /** Member ids the names were asked for since they showed up unknown (asked once each). */
  const askedAbout = new Set<string>();

  async function database(): Promise<ShortlistDb> {
    db ??= await openShortlistDb();
    return db;
  }

  function setSharing(shortlistId: number, state: ListSharing | null): void {
    const next = new Map(sharing.value);
    if (state) next.set(shortlistId, state);
    else next.delete(shortlistId);
    sharing.value = next;
  }

  /** The badge of a list: personal unless it has an office row. */
  function sharingOf(shortlistId: number): ListSharing {
    return sharing.value.get(shortlistId) ?? { kind: 'personal' };
  }

  function failed(result: { ok: false; error: BridgeError }): false {
    error.value = result.error;
    return false;
  }

  async function refresh(): Promise<void> {
    const answer = await bridge.listOffices({});
    if (!answer.ok) return void failed(answer);
    offices.value = answer.value.offices;
    const shortlistDb = await database();
    for (const row of await shortlistDb.officeLists.toArray()) {
      officeOfList.set(row.shortlistId, row.officeRecordId);
      if (row.role && row.memberId && !roles.value.has(row.shortlistId)) setIn(roles, row.shortlistId, { role: row.role, memberId: row.memberId });
      if (!sharing.value.has(row.shortlistId)) setSharing(row.shortlistId, row.syncedAt ? { kind: 'synced', at: row.syncedAt } : { kind: 'waiting', since: row.sharedAt });
    }
  }

  async function join(input: { url: string; officeId: string; code: string; name: string }): Promise<boolean> {
    const answer = await bridge.joinOffice(input);
    if (!answer.ok) return failed(answer);
    error.value = null;
    await refresh();
    return true;
  }

  /** The office's socket, opened once with the token the back end hands out for its origin only. */
  async function connectionOf(officeRecordId: string): Promise<OfficeConnection | null> {
    const known = connections.get(officeRecordId);
    if (known) return known;
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

  /** Who picked the entry of actor `actorId` of `origin` and who commented on it (member ids). */
  function annotationsOf(shortlistId: number, origin: string, actorId: number): EntryAnnotations {
    return annotations.value.get(shortlistId)?.get(officeEntryKey(origin, actorId)) ?? noAnnotations;
  }

  /** A member's name as the office named it, or null while it is not known. */
  function memberName(shortlistId: number, memberId: string): string | null {
    const officeRecordId = officeOfList.get(shortlistId);
    return (officeRecordId && memberNames.value.get(officeRecordId)?.get(memberId)) || null;
  }

  /** Marks or takes back the member's own pick of an entry (reviewers and editors). */
  function setPick(shortlistId: number, origin: string, actorId: number, picked: boolean): boolean {
    const access = accessOf(shortlistId);
    const open = attached.get(shortlistId);
    if (!access.annotate || !access.memberId || !open) return false;
    return writePick(open.doc, officeEntryKey(origin, actorId), access.memberId, picked);
  }

  /** Writes the member's own comment on an entry (empty: none). */
  function setComment(shortlistId: number, origin: string, actorId: number, text: string): boolean {
    const access = accessOf(shortlistId);
    const open = attached.get(shortlistId);
    if (!access.annotate || !access.memberId || !open) return false;
    return writeComment(open.doc, officeEntryKey(origin, actorId), access.memberId, text);
  }

  function dismissRefusal(shortlistId: number): void {
    setIn(refusals, shortlistId, null);
  }

  /** Attaches a shared list to its office and keeps it attached: changes from either side reach the other, and the list's rows follow. */
  async function attach(shortlistId: number): Promise<void> {
    kept.add(shortlistId);
    await attachList(shortlistId);
  }

  /**
   * Attaches a shared list (kept, or for one sweep). Calls while one is under way share it ("Share"
   * attaches, and so does the list's badge as the list turns shared): two attachments of one list
   * would each carry the user's edit into the document, and a note typed once would be there
   * twice, then again and again.
   */
  function attachList(shortlistId: number): Promise<void> {
    if (attached.has(shortlistId)) return Promise.resolve();
    let pending = attaching.get(shortlistId);
    if (!pending) {
      pending = attachNow(shortlistId).finally(() => attaching.delete(shortlistId));
      attaching.set(shortlistId, pending);
    }
    return pending;
  }

  async function attachNow(shortlistId: number): Promise<void> {
    const shortlistDb = await database();
    const row = await shortlistDb.officeLists.get(shortlistId);
    if (!row) return;
    officeOfList.set(shortlistId, row.officeRecordId);
    if (row.role && row.memberId && !roles.value.has(shortlistId)) setIn(roles, shortlistId, { role: row.role, memberId: row.memberId });
    const connection = await connectionOf(row.officeRecordId);
    if (!connection) return;
    const loaded = DexieYProvider.load(row.doc);
    await loaded.whenLoaded;
    // Set once the list is attached to its office (after the rows' first answer); asking for names waits until then.
    let list: AttachedList | undefined = undefined;
    let released = false;
    // The rows as last written from the document: what differs from them is the user's own edit.
    // Taken from the live query's first answer, before the office can change the rows: an answer
    // read before a write from the document but delivered after it would otherwise look like the
    // user putting back what a colleague removed.
    let base: RowBase | null = null;
    let markFirstRows!: () => void;
    const firstRows = new Promise<void>((resolve) => (markFirstRows = resolve));
    let writing = Promise.resolve();
    /** One write at a time, none after the list is released; a failure is shown and the next write still runs. */
    const queue = (work: () => Promise<void> | void) => {
      writing = writing
        .then(() => (released ? undefined : work()))
        .catch((failure: unknown) => {
          if (!released) error.value = { code: 'internal', message: `Writing the shared list failed: ${(failure as Error).message}` };
        });
    };
    const showAnnotations = () => {
      const read = readAnnotations(row.doc);
      setIn(annotations, shortlistId, read);
      // A member who joined since the names were asked: ask again, once per unknown member.
      const known = memberNames.value.get(row.officeRecordId);
      const unknown = [...read.values()].flatMap((entry) => [...entry.picks, ...Object.keys(entry.comments)]).filter((id) => !known?.has(id) && !askedAbout.has(id));
      if (list && unknown.length > 0 && roles.value.has(shortlistId)) {
        unknown.forEach((id) => askedAbout.add(id));
        list.askMembers();
      }
    };
    const onUpdate = () => {
      showAnnotations();
      queue(async () => {
        const written = await writeRowsFromDoc(shortlistDb, shortlistId, row.doc, { base: accessOf(shortlistId).edit ? (base ?? undefined) : undefined, library: currentLibrary() });
        base = baseOf(written.rows);
      });
    };
    // An edit in the list view goes into the document (which writes the rows again through onUpdate).
    const edits = liveQuery(() => shortlistDb.entries.where('shortlistId').equals(shortlistId).toArray()).subscribe((rows) => {
      if (base === null) {
        base = baseOf(rows);
        markFirstRows();
        return;
      }
      queue(async () => {
        // Taken as the base at once: the edit is in the document now and must not go in twice.
        const previous = base ?? baseOf(rows);
        base = baseOf(rows);
        const access = accessOf(shortlistId);
        if (access.edit) {
          writeLocalEdits(row.doc, previous, rows);
        } else if (wouldChange(row.doc, previous, rows)) {
          // The role cannot change the list: the rows go back to what the document says.
          base = baseOf((await writeRowsFromDoc(shortlistDb, shortlistId, row.doc, { library: currentLibrary() })).rows);
          setIn(refusals, shortlistId, access.role === 'reviewer' ? 'office_reviewer_limited' : 'office_read_only');
        }
      });
    });
    await firstRows;
    row.doc.on('update', onUpdate);
    const attachedList = connection.attach(row.listId, row.doc);
    list = attachedList;
    showAnnotations();
    // A released list says nothing more: its socket still reports the close, after the database may be closed.
    attachedList.onSync((state: OfficeListSync) => {
      if (released) return;
      if (state.state === 'synced') {
        setSharing(shortlistId, { kind: 'synced', at: state.at });
        void shortlistDb.officeLists.update(shortlistId, { syncedAt: state.at });
      } else if (state.state === 'waiting') {
        setSharing(shortlistId, { kind: 'waiting', since: state.since });
      } else {
        setSharing(shortlistId, { kind: 'refused', reason: state.reason });
      }
    });
    attachedList.onRole(({ role, memberId }) => {
      if (released) return;
      setIn(roles, shortlistId, { role, memberId });
      void shortlistDb.officeLists.update(shortlistId, { role, memberId });
      if (!memberNames.value.has(row.officeRecordId)) attachedList.askMembers();
    });
    attachedList.onMembers((members) => setIn(memberNames, row.officeRecordId, new Map(members.map((member) => [member.id, member.name]))));
    attachedList.onRefused(
      (code) =>
        void revert(shortlistId, code).catch((failure: unknown) => {
          // The database closed meanwhile (the app going away): the next start attaches and is refused again.
          if ((failure as Error | null)?.name !== 'DatabaseClosedError') error.value = { code: 'internal', message: `Reverting the shared list failed: ${(failure as Error).message}` };
        }),
    );
    setIn(attachedLists, shortlistId, attachedList);
    let markReleased!: () => void;
    const releasedOnce = new Promise<void>((resolve) => (markReleased = resolve));
    const release = () => {
      released = true;
      markReleased();
      if (attachedLists.value.get(shortlistId) === attachedList) setIn(attachedLists, shortlistId, null);
      edits.unsubscribe();
      row.doc.off('update', onUpdate);
      attachedList.detach();
      DexieYProvider.release(row.doc);
    };
    attached.set(shortlistId, { list: attachedList, doc: row.doc, release, settled: () => writing, released: releasedOnce });
  }

  /**
   * A change the office refused: the list goes back to the office's version, in its document and
   * its rows, and the user is told why (`refusals`). The office's version is read into a fresh
   * document, so nothing refused is sent again.
   */
  async function revert(shortlistId: number, code: OfficeRefusalCode): Promise<void> {
    const open = attached.get(shortlistId);
    if (!open || reverting.has(shortlistId)) return;
    reverting.add(shortlistId);
    const reattach: number[] = [];
    // Only lists a view keeps are attached again; a list the sweep had open is synced at its next round.
    const keptBefore = new Set(kept);
    try {
      const shortlistDb = await database();
      const row = (await shortlistDb.officeLists.get(shortlistId))!;
      // The office closed the list on its socket for good (Hocuspocus keeps a closed document's
      // name taken on that socket): the office's socket is opened afresh, its other lists with it.
      const others = [...attached.keys()].filter((id) => id !== shortlistId && officeOfList.get(id) === row.officeRecordId);
      for (const id of others) detach(id);
      detach(shortlistId);
      connections.get(row.officeRecordId)?.close();
      connections.delete(row.officeRecordId);
      reattach.push(...others);
      await open.settled();
      // y-dexie destroys a released document a moment later; the old one must be gone (and out of
      // its cache) before the stored one is replaced, or the next read would hand it out again.
      open.doc.destroy();
      const connection = await connectionOf(row.officeRecordId);
      if (!connection) return;
      const copy = new Y.Doc();
      const reading = connection.attach(row.listId, copy);
      await new Promise<void>((resolve) => reading.onSync((state) => state.state === 'synced' && resolve()));
      reading.detach();
      await replaceListDoc(shortlistDb, shortlistId, Y.encodeStateAsUpdate(copy));
      copy.destroy();
      const fresh = (await shortlistDb.officeLists.get(shortlistId))!;
      await withListDoc(fresh, (doc) => writeRowsFromDoc(shortlistDb, shortlistId, doc, { library: currentLibrary() }));
    } finally {
      reverting.delete(shortlistId);
    }
    for (const id of [shortlistId, ...reattach]) if (keptBefore.has(id)) await attach(id);
    // Told once the list shows the office's version again and is attached again: a pick or a
    // comment made on reading the message reaches the office.
    setIn(refusals, shortlistId, code);
  }

  function detach(shortlistId: number): void {
    kept.delete(shortlistId);
    attached.get(shortlistId)?.release();
    attached.delete(shortlistId);
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
      entry.release();
      attached.delete(shortlistId);
    }
  }

  let sweeping: Promise<void> | null = null;

  /**
   * The background sweep (sync/officeSweep.ts): for every joined office, its lists this member may
   * open that are not on this computer yet are brought in, then every list of it not open is
   * synced once, one at a time. Offices are swept side by side, so an unreachable one holds up no
   * other. One sweep at a time.
   */
  function sweep(): Promise<void> {
    sweeping ??= (async () => {
      try {
        // Quietly: a background sweep that cannot list the offices shows no error on every list.
        const known = await bridge.listOffices({});
        if (!known.ok) return;
        offices.value = known.value.offices;
        if (offices.value.length === 0) return;
        const shortlistDb = await database();
        await Promise.all(
          offices.value.map(async (office) => {
            // An office that cannot be asked now is asked again at the next sweep (the offices page shows its state).
            const directory = await bridge.listOfficeLists({ id: office.id });
            if (directory.ok) {
              for (const shortlistId of await bringInLists(shortlistDb, { officeRecordId: office.id, officeId: office.officeId }, directory.value.lists)) {
                setSharing(shortlistId, { kind: 'waiting', since: new Date().toISOString() });
              }
            }
            // Lists already here are synced even when the directory could not be read: the socket may still reach the office.
            await sweepOfficeLists(shortlistDb, office.id, syncOnce, (shortlistId, failure) => {
              const detail = failure instanceof Error ? (failure.stack ?? failure.message) : String(failure);
              void bridge.logRendererError({ message: `The office sweep could not sync list ${shortlistId}.`, detail: detail.slice(0, 8000) });
            });
          }),
        );
      } finally {
        sweeping = null;
      }
    })();
    return sweeping;
  }

  /** "Share with the office": every field of the list goes into a new document of the office. */
  async function share(shortlistId: number, officeRecordId: string): Promise<boolean> {
    const office = offices.value.find((candidate) => candidate.id === officeRecordId);
    if (!office) return failed({ ok: false, error: { code: 'office_not_found', message: `No office ${officeRecordId} was joined.` } });
    const shortlistDb = await database();
    const at = new Date().toISOString();
    await shareList(shortlistDb, shortlistId, { officeRecordId, officeId: office.officeId }, at);
    setSharing(shortlistId, { kind: 'waiting', since: at });
    await attach(shortlistId);
    return true;
  }

  /** "Stop sharing": the list stays here as a personal list with what it holds now. */
  async function unshare(shortlistId: number): Promise<void> {
    detach(shortlistId);
    await stopSharing(await database(), shortlistId, undefined, currentLibrary());
    setSharing(shortlistId, null);
  }

  /** Leaves an office: its lists stay on this computer as personal lists, its token is deleted. */
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
    sharingOf,
    accessOf,
    annotationsOf,
    memberName,
    setPick,
    setComment,
    dismissRefusal,
    refresh,
    join,
    share,
    unshare,
    attach,
    detach,
    syncOnce,
    sweep,
    removeOffice,
    close,
  };
});
