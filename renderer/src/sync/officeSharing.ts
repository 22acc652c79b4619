/**
 * Sharing shortlists with a casting office, on the user's shortlist database (db/shortlistDb.ts).
 * Every list has its Yjs document (`listDocs`, kept by y-dexie), the list's truth; a shared list
 * also has an `officeLists` row saying which office's document it is. "Share" attaches the list's
 * own document to the office; a change from the office writes the list's `entries` rows from the
 * document (the user's own edits reach document and rows together: stores/shortlists.ts). "Stop
 * sharing" and removing the office keep the document as the personal list's; a list kept by
 * removing its office is linked back when the office is added again, if unchanged since. OFFICE.md.
 */
import * as Y from 'yjs';
import type { OfficeListKeptCode } from '../../../contract/officeRoles.ts';
import { writeLibrary, type LibraryDb } from '../db/libraryDb.ts';
import { listDocUpdatesTable, typedCommentsTable, typedEditsTable, writeShortlists, type OfficeListLetGoRow, type OfficeListRow, type ShortlistDb, type ShortlistEntryRow } from '../db/shortlistDb.ts';
import { librarySnapshots, type ActorRef } from './librarySnapshot.ts';
import { personalRowsFromDoc, readListDoc } from './officeListDoc.ts';
import { officeEntryKey } from '../db/listDocShape.ts';
import { ensureListDoc, replacingListDoc, withStoredListDoc } from './listDocs.ts';
import { keepRefusedTexts, type RefusedTextFields } from './refusedTexts.ts';

/** Which office a list is shared with: this computer's record of it and the office's id there. */
export interface OfficeRef {
  officeRecordId: string;
  officeId: string;
}

/** A new list id on the office: random, in the office's id alphabet (documentName.ts). */
export function newOfficeListId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

async function officeRow(db: ShortlistDb, shortlistId: number): Promise<OfficeListRow> {
  const row = await db.officeLists.get(shortlistId);
  if (!row) throw new RangeError(`List ${shortlistId} is not shared.`);
  return row;
}

/**
 * "Share with the office": the list's own document (every field, its history) becomes a new
 * document of the office, sent when the list is attached. Returns the office's list id. Refuses a
 * list that is already shared, or one without a document.
 */
export async function shareList(db: ShortlistDb, shortlistId: number, office: OfficeRef, at = new Date().toISOString()): Promise<string> {
  const listId = newOfficeListId();
  // A list without its document (a database filled by an older path) gets it from its rows first.
  await ensureListDoc(db, shortlistId);
  await writeLibrary(db, [db.shortlists, db.officeLists, db.listDocs], async () => {
    if (!(await db.shortlists.get(shortlistId))) throw new RangeError(`There is no list ${shortlistId}.`);
    if (!(await db.listDocs.get(shortlistId))) throw new RangeError(`List ${shortlistId} has no document.`);
    if (await db.officeLists.get(shortlistId)) throw new RangeError(`List ${shortlistId} is shared already.`);
    await db.officeLists.add({ shortlistId, ...office, listId, sharedAt: at, syncedAt: null });
    // Another office list now: no longer the copy of the one it was kept from.
    await db.shortlists.update(shortlistId, { keptFrom: undefined });
  });
  return listId;
}

/** A list a colleague shared, opened on this computer: a new local list, with an empty document that the office fills. */
export async function openSharedList(
  db: ShortlistDb,
  office: OfficeRef,
  listId: string,
  name: string,
  at = new Date().toISOString(),
  access: Pick<OfficeListRow, 'role' | 'memberId'> = {},
): Promise<number> {
  return writeLibrary(db, [db.shortlists, db.officeLists, db.listDocs], async () => {
    const shortlistId = await db.shortlists.add({ name, castingCallId: null, roleId: null, castingCallName: null, roleName: null, createdAt: at, updatedAt: at });
    await db.officeLists.add({ shortlistId, ...office, listId, sharedAt: at, syncedAt: null, ...access });
    await db.listDocs.add({ shortlistId });
    return shortlistId;
  });
}

/** How `writeRowsFromDoc` writes: when, and with which library. */
export interface RowWriting {
  at?: string;
  /** This member's own library, where an actor's snapshot comes from (null or absent: none open). */
  library?: LibraryDb | null;
}

/**
 * Writes the list's `entries` rows (and its name) from its document: after a change from the
 * office (the user's own edits reach document and rows together, stores/shortlists.ts), a revert,
 * or "Stop sharing". Rows keep their ids (edits under way in the
 * shortlists store address them); an actor the list had keeps its snapshot. An actor new to the
 * list here, or one marked `notInLibrary`, takes its snapshot from the member's own `library` when
 * it holds the actor, else the name alone marked `notInLibrary` (never a colleague's data: the
 * document has none); so a profile the library gains since shows at the next write. Entries the
 * document cannot read are left out and named, never blocking the rest. Returns the rows written.
 */
export async function writeRowsFromDoc(
  db: ShortlistDb,
  shortlistId: number,
  doc: Y.Doc,
  { at = new Date().toISOString(), library = null }: RowWriting = {},
): Promise<{ unreadable: string[]; rows: ShortlistEntryRow[] }> {
  // Read before the transaction: the library is another database, and awaiting it inside would end it.
  const own = await librarySnapshots(library, await actorsWanted(db, shortlistId, doc), (actor) => officeEntryKey(actor.origin, actor.id));
  // The scope of every shortlist write (writeShortlists): a document changed inside is stored with the rows.
  return writeShortlists(db, async () => {
    const known = await db.entries.where('shortlistId').equals(shortlistId).toArray();
    const view = readListDoc(doc);
    const idOf = new Map(known.map((row) => [officeEntryKey(row.directoryOrigin, row.actorId), row.id]));
    const rows = personalRowsFromDoc(doc, shortlistId, known, at, own).map((row) => {
      const id = idOf.get(officeEntryKey(row.directoryOrigin, row.actorId));
      return id === undefined ? row : { ...row, id };
    });
    const kept = new Set(rows.map((row) => row.id).filter((id) => id !== undefined));
    await db.entries.bulkDelete(known.map((row) => row.id!).filter((id) => !kept.has(id)));
    await db.entries.bulkPut(rows);
    if (view.name) await db.shortlists.update(shortlistId, { name: view.name, updatedAt: at });
    return { unreadable: view.unreadable, rows: await db.entries.where('shortlistId').equals(shortlistId).toArray() };
  });
}

/** The document's actors whose snapshot the member's library should give: new to the list here, or not in the library when last written. */
async function actorsWanted(db: ShortlistDb, shortlistId: number, doc: Y.Doc): Promise<ActorRef[]> {
  const known = await db.entries.where('shortlistId').equals(shortlistId).toArray();
  const settled = new Set(known.filter((row) => !row.snapshot.notInLibrary).map((row) => officeEntryKey(row.directoryOrigin, row.actorId)));
  return readListDoc(doc)
    .entries.filter((entry) => !settled.has(officeEntryKey(entry.actor.origin, entry.actor.id)))
    .map((entry) => entry.actor);
}

/** How `stopSharing` leaves the list besides personal. */
export interface StopSharingOptions {
  /** Why the list page tells the user it became a personal copy (none: the user chose it). */
  kept?: OfficeListKeptCode | null;
  /** The office is still to be asked to take the list out (with `kept` 'office_still_has_list'). */
  removalOwed?: boolean;
  /** The office is being removed here: the list remembers which of its lists it was (ShortlistRow.keptFrom). */
  rememberOffice?: boolean;
}

/**
 * "Stop sharing": the list becomes personal again with what the document holds now (every field,
 * in its order): the document stays as the personal list's, never attached again. The office keeps
 * its copy for the other members, each of whom keeps theirs. With the member's `library`, an entry
 * not in it when last written takes what the library holds of the actor now.
 */
export async function stopSharing(
  db: ShortlistDb,
  shortlistId: number,
  at = new Date().toISOString(),
  library: LibraryDb | null = null,
  { kept = null, removalOwed = false, rememberOffice = false }: StopSharingOptions = {},
): Promise<void> {
  const row = await officeRow(db, shortlistId);
  await withStoredListDoc(db, shortlistId, async (doc) => {
    await writeRowsFromDoc(db, shortlistId, doc, { at, library });
    // The notice goes with the office row's end, so a personal copy is never left without it; a list
    // the office still has is remembered as let go of, or the next sweep would bring it in again.
    await writeLibrary(db, [db.shortlists, db.officeLists, db.officeListsLetGo], async () => {
      if (kept) await db.shortlists.update(shortlistId, { keptAsPersonal: kept });
      // The document as it is when it stops being the office's, taken in the same transaction: an
      // edit of the list waits for it, so it is either in the snapshot or a change since.
      if (rememberOffice) await db.shortlists.update(shortlistId, { keptFrom: { officeId: row.officeId, listId: row.listId, snapshot: Y.encodeSnapshotV2(Y.snapshot(doc)) } });
      if (kept === 'office_still_has_list') {
        await db.officeListsLetGo.put({ officeId: row.officeId, listId: row.listId, officeRecordId: row.officeRecordId, shortlistId, removalOwed, at });
      }
      await db.officeLists.delete(shortlistId);
    });
  });
}

/** The office's lists stopped here while it still had them, of office record `officeRecordId`. */
export function listsLetGo(db: ShortlistDb, officeRecordId: string): Promise<OfficeListLetGoRow[]> {
  return db.officeListsLetGo.where('officeRecordId').equals(officeRecordId).toArray();
}

/**
 * The office no longer has a list stopped here (it took it out at last, or another member did):
 * nothing is to be remembered of it, and its copy here no longer says the office still has it.
 */
export async function officeLetGoOf(db: ShortlistDb, letGo: OfficeListLetGoRow): Promise<void> {
  await writeLibrary(db, [db.shortlists, db.officeListsLetGo], async () => {
    await db.officeListsLetGo.delete([letGo.officeId, letGo.listId]);
    const copy = await db.shortlists.get(letGo.shortlistId);
    if (copy?.keptAsPersonal === 'office_still_has_list') await db.shortlists.update(letGo.shortlistId, { keptAsPersonal: undefined });
  });
}

/** The lists whose "kept as personal" notice the user has not dismissed yet, with why. */
export async function keptNotices(db: ShortlistDb): Promise<Map<number, OfficeListKeptCode>> {
  const notices = new Map<number, OfficeListKeptCode>();
  await db.shortlists.each((row) => {
    if (row.keptAsPersonal && row.id !== undefined) notices.set(row.id, row.keptAsPersonal);
  });
  return notices;
}

/** The user dismissed the notice (or shares the list again): it is gone for good. */
export async function dismissKeptNotice(db: ShortlistDb, shortlistId: number): Promise<void> {
  await db.shortlists.update(shortlistId, { keptAsPersonal: undefined });
}

/** Removing an office: each of its lists stays on this computer as a personal list. */
export async function keepListsOfOffice(db: ShortlistDb, officeRecordId: string, at = new Date().toISOString(), library: LibraryDb | null = null): Promise<number[]> {
  const rows = await db.officeLists.where('officeRecordId').equals(officeRecordId).toArray();
  // Each remembers which of the office's lists it was: adding the office again links it back (linkKeptCopy).
  for (const row of rows) await stopSharing(db, row.shortlistId, at, library, { rememberOffice: true });
  // Nothing is owed to an office left: its token is gone with it.
  await db.officeListsLetGo.where('officeRecordId').equals(officeRecordId).delete();
  return rows.map((row) => row.shortlistId);
}

/** The personal lists kept from office `officeId`'s lists when it was removed here, by the office's list id. */
export async function keptCopiesOf(db: ShortlistDb, officeId: string): Promise<Map<string, number>> {
  const copies = await db.shortlists.filter((row) => row.keptFrom?.officeId === officeId).toArray();
  return new Map(copies.map((row) => [row.keptFrom!.listId, row.id!]));
}

/**
 * The office is added again and lists `listId`, which `shortlistId` was kept from when the office
 * was removed: unchanged here since (its document as it was then, no edit on its way into it), the
 * list is that office list again, its sharing row back on the same document, whose history is the
 * office's, so attaching it merges what colleagues changed meanwhile and brings nothing twice; its
 * role is `access`, from the directory. Changed since, it stays personal with its changes: they
 * were made on a personal list, and sending them now would push them into the office unasked (an
 * editor's) or have them refused and taken back (a viewer's). Either way it is no longer
 * remembered as the office's, so this is decided once. Answers whether the list is shared again;
 * when not, the caller brings the office's list in beside it.
 */
export async function linkKeptCopy(
  db: ShortlistDb,
  shortlistId: number,
  office: OfficeRef,
  listId: string,
  at = new Date().toISOString(),
  access: Pick<OfficeListRow, 'role' | 'memberId'> = {},
): Promise<boolean> {
  // Deleted meanwhile: the office's list comes in as a new one.
  if (!(await db.shortlists.get(shortlistId))) return false;
  // Typed edits and comments not written yet (in flight, or left by a killed page until the next start replays them) are changes too.
  const entryIds = new Set(await db.entries.where('shortlistId').equals(shortlistId).primaryKeys());
  const journaled =
    (await db.table<{ entryId: number }>(typedEditsTable).filter((edit) => entryIds.has(edit.entryId)).count()) +
    (await db.table<{ shortlistId: number }>(typedCommentsTable).filter((comment) => comment.shortlistId === shortlistId).count());
  return withStoredListDoc(db, shortlistId, (doc) =>
    // In the scope of every edit's write (the lists): an edit made meanwhile is in the document before this reads it, or waits for it.
    writeLibrary(db, [db.shortlists, db.officeLists, db.pendingDocEdits], async () => {
      const copy = await db.shortlists.get(shortlistId);
      if (copy?.keptFrom?.officeId !== office.officeId || copy.keptFrom.listId !== listId || (await db.officeLists.get(shortlistId))) return false;
      const pending = await db.pendingDocEdits.where('shortlistId').equals(shortlistId).count();
      const unchanged = journaled === 0 && pending === 0 && Y.equalSnapshots(Y.decodeSnapshotV2(copy.keptFrom.snapshot), Y.snapshot(doc));
      // Shared again, it no longer says how it became personal.
      await db.shortlists.update(shortlistId, { keptFrom: undefined, ...(unchanged ? { keptAsPersonal: undefined } : {}) });
      if (unchanged) await db.officeLists.add({ shortlistId, ...office, listId, sharedAt: at, syncedAt: null, ...access });
      return unchanged;
    }),
  );
}

/**
 * The list's document replaced by the office's version (`state`): a change the office refused
 * stays in a Y.Doc for good (Yjs never takes an operation back without a new one, which the office
 * would refuse as well), so the stored document is rebuilt from what the office holds, in one
 * transaction, which also keeps the comments and notes the refused change typed (`refused`, on the
 * list's row: sync/refusedTexts.ts), so they are lost neither with the document nor without it.
 * Call with the list detached: y-dexie then holds no copy of the old document.
 */
export async function replaceListDoc(db: ShortlistDb, shortlistId: number, state: Uint8Array, refused: readonly RefusedTextFields[] = [], at = new Date().toISOString()): Promise<void> {
  await officeRow(db, shortlistId);
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  const updates = db.table(listDocUpdatesTable);
  try {
    await replacingListDoc(shortlistId, () =>
      writeLibrary(db, [db.shortlists, db.listDocs, updates], async () => {
        await keepRefusedTexts(db, shortlistId, refused, at);
        await updates.where('k').equals(shortlistId).delete();
        await db.listDocs.delete(shortlistId);
        await db.listDocs.add({ shortlistId, doc });
      }),
    );
  } finally {
    doc.destroy();
  }
}
