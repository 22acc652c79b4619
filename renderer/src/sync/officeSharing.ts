/**
 * Sharing shortlists with a casting office, on the user's shortlist database (db/shortlistDb.ts):
 * a shared list has an `officeLists` row whose Y.Doc (persisted by y-dexie) is the list's truth;
 * its `entries` rows are what the document says, written again after each change, so everything
 * that reads lists (views, exports, the sync of shortlisted profiles) keeps working. "Stop
 * sharing" and removing the office turn the document back into a personal list on this computer.
 * Only the shortlists store calls these (OFFICE.md).
 */
import { DexieYProvider } from 'y-dexie';
import * as Y from 'yjs';
import { writeLibrary, type LibraryDb } from '../db/libraryDb.ts';
import { writeShortlists, type OfficeListRow, type ShortlistDb, type ShortlistEntryRow } from '../db/shortlistDb.ts';
import { librarySnapshots, type ActorRef } from './librarySnapshot.ts';
import { writeLocalEdits, type RowBase } from './officeLocalEdits.ts';
import { officeEntryKey, personalRowsFromDoc, readListDoc, writeListIntoDoc } from './officeListDoc.ts';

/** Which office a list is shared with: this computer's record of it and the office's id there. */
export interface OfficeRef {
  officeRecordId: string;
  officeId: string;
}

/** A new list id on the office: random, in the office's id alphabet (documentName.ts). */
export function newOfficeListId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/**
 * Loads the list's document from the database (y-dexie) and hands it to `use`, then releases it
 * (an attached list loads it too and holds it while it is open: y-dexie counts the holders).
 */
export async function withListDoc<T>(row: OfficeListRow, use: (doc: Y.Doc) => T | Promise<T>): Promise<T> {
  const provider = DexieYProvider.load(row.doc);
  try {
    await provider.whenLoaded;
    return await use(row.doc);
  } finally {
    DexieYProvider.release(row.doc);
  }
}

async function officeRow(db: ShortlistDb, shortlistId: number): Promise<OfficeListRow> {
  const row = await db.officeLists.get(shortlistId);
  if (!row) throw new RangeError(`List ${shortlistId} is not shared.`);
  return row;
}

/**
 * "Share with the office": the personal list's every field written into a new document of the
 * office. Returns the office's list id. Refuses a list that is already shared.
 */
export async function shareList(db: ShortlistDb, shortlistId: number, office: OfficeRef, at = new Date().toISOString()): Promise<string> {
  const list = await db.shortlists.get(shortlistId);
  if (!list) throw new RangeError(`There is no list ${shortlistId}.`);
  if (await db.officeLists.get(shortlistId)) throw new RangeError(`List ${shortlistId} is shared already.`);
  const rows = await db.entries.where('shortlistId').equals(shortlistId).toArray();
  const listId = newOfficeListId();
  // Built first and added with the row, so the row never exists without its entries.
  const doc = new Y.Doc();
  writeListIntoDoc(doc, list, rows);
  await db.officeLists.add({ shortlistId, ...office, listId, sharedAt: at, syncedAt: null, doc });
  doc.destroy();
  return listId;
}

/** A list a colleague shared, opened on this computer: a new local list that the office fills. */
export async function openSharedList(db: ShortlistDb, office: OfficeRef, listId: string, name: string, at = new Date().toISOString()): Promise<number> {
  return writeLibrary(db, [db.shortlists, db.officeLists], async () => {
    const shortlistId = await db.shortlists.add({ name, castingCallId: null, roleId: null, castingCallName: null, roleName: null, createdAt: at, updatedAt: at });
    await db.officeLists.add({ shortlistId, ...office, listId, sharedAt: at, syncedAt: null });
    return shortlistId;
  });
}

/** How `writeRowsFromDoc` writes: when, from which base, with which library. */
export interface RowWriting {
  at?: string;
  /** The rows as last written from the document: what the user changed since goes in first. */
  base?: RowBase;
  /** This member's own library, where an actor's snapshot comes from (null or absent: none open). */
  library?: LibraryDb | null;
}

/**
 * Writes the list's `entries` rows (and its name) from its document: after a change from the
 * office, or one made here. With `base` (the rows as last written from the document), what the
 * user changed in the rows since then goes into the document first (officeLocalEdits.ts), in the
 * same transaction, so no edit is overwritten. Rows keep their ids (edits under way in the
 * shortlists store address them); an actor the list had keeps its snapshot. An actor new to the
 * list here, or one marked `notInLibrary`, takes its snapshot from the member's own `library` when
 * it holds the actor, else the name alone marked `notInLibrary` (never a colleague's data: the
 * document has none); so a profile the library gains since shows at the next write. Entries the
 * document cannot read are left out and named, never blocking the rest. Returns the rows written:
 * the next base.
 */
export async function writeRowsFromDoc(
  db: ShortlistDb,
  shortlistId: number,
  doc: Y.Doc,
  { at = new Date().toISOString(), base, library = null }: RowWriting = {},
): Promise<{ unreadable: string[]; rows: ShortlistEntryRow[] }> {
  // Read before the transaction: the library is another database, and awaiting it inside would end it.
  const own = await librarySnapshots(library, await actorsWanted(db, shortlistId, doc), (actor) => officeEntryKey(actor.origin, actor.id));
  return writeShortlists(db, async () => {
    const known = await db.entries.where('shortlistId').equals(shortlistId).toArray();
    if (base) writeLocalEdits(doc, base, known);
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

/**
 * "Stop sharing": the list becomes personal again with what the document holds now (every field,
 * in its order), and its document is deleted from this computer. The office keeps its copy for the
 * other members, each of whom keeps theirs. With the member's `library`, an entry not in it when
 * last written takes what the library holds of the actor now.
 */
export async function stopSharing(db: ShortlistDb, shortlistId: number, at = new Date().toISOString(), library: LibraryDb | null = null): Promise<void> {
  const row = await officeRow(db, shortlistId);
  await withListDoc(row, (doc) => writeRowsFromDoc(db, shortlistId, doc, { at, library }));
  await db.officeLists.delete(shortlistId);
}

/** Removing an office: each of its lists stays on this computer as a personal list. */
export async function keepListsOfOffice(db: ShortlistDb, officeRecordId: string, at = new Date().toISOString(), library: LibraryDb | null = null): Promise<number[]> {
  const rows = await db.officeLists.where('officeRecordId').equals(officeRecordId).toArray();
  for (const row of rows) await stopSharing(db, row.shortlistId, at, library);
  return rows.map((row) => row.shortlistId);
}

/** y-dexie's table of the lists' document updates (one row per update, `k` the list's shortlist id). */
const officeDocUpdatesTable = '$officeLists.doc_updates';

/**
 * The list's document replaced by the office's version (`state`): a change the office refused
 * stays in a Y.Doc for good (Yjs never takes an operation back without a new one, which the office
 * would refuse as well), so the stored document is rebuilt from what the office holds, in one
 * transaction. Call with the list detached: y-dexie then holds no copy of the old document.
 */
export async function replaceListDoc(db: ShortlistDb, shortlistId: number, state: Uint8Array): Promise<void> {
  const { doc: _old, ...fields } = await officeRow(db, shortlistId);
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  const updates = db.table(officeDocUpdatesTable);
  await writeLibrary(db, [db.officeLists, updates], async () => {
    await updates.where('k').equals(shortlistId).delete();
    await db.officeLists.delete(shortlistId);
    await db.officeLists.add({ ...fields, doc });
  });
  doc.destroy();
}
