/**
 * Schema version 3 of the shortlist database (db/shortlistDb.ts): every list gets a Yjs document
 * in `listDocs`, in the upgrade's own transaction, so a list is never without one.
 *
 * - A shared list (an `officeLists` row of version 2) keeps its document with its history: its
 *   y-dexie update rows move from `$officeLists.doc_updates` to `$listDocs.doc_updates` as they are
 *   (same bytes, same order). Rebuilding it would give it new Yjs client ids, and the office would
 *   get every entry a second time.
 * - A personal list's document is built from its rows, every field and its order
 *   (`writeListIntoDoc`, db/listDocShape.ts), stored as one update row.
 *
 * Dexie keeps a table the new version drops (`$officeLists.doc_updates`) through the upgrade and
 * deletes it afterwards (dexie's updateTablesAndIndexes; listDocMigration.test.ts checks it).
 * Rows are written as plain update rows `{k, u, f: 1}`, y-dexie's shape, not through y-dexie's
 * middleware, so the upgrade does not depend on it.
 */
import type { Transaction } from 'dexie';
import * as Y from 'yjs';
import { writeListIntoDoc, type DocEntryFields } from './listDocShape.ts';

/** Where version 2 kept the shared lists' document updates. */
const oldUpdatesTable = '$officeLists.doc_updates';

/** y-dexie's update row: `k` the list's id, `u` a Yjs update (V2 encoding), `f: 1` made here. */
interface UpdateRow {
  i?: number;
  k?: number;
  u?: Uint8Array;
  f?: number;
}

/**
 * The version-2 update rows, in the order they were stored, read from IndexedDB itself: the table
 * is dropped in version 3, and y-dexie's middleware (which wraps every table Dexie hands out) fails
 * on a table the current schema does not know.
 */
function oldUpdateRows(transaction: Transaction): Promise<UpdateRow[]> {
  const idb = transaction.idbtrans;
  if (!idb.objectStoreNames.contains(oldUpdatesTable)) return Promise.resolve([]);
  const request = idb.objectStore(oldUpdatesTable).getAll();
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result as UpdateRow[]);
    request.onerror = () => reject(request.error ?? new Error(`Reading ${oldUpdatesTable} failed.`));
  });
}

/** The version-3 upgrade: a document for every list (see the file's header). */
export async function giveEveryListADoc(transaction: Transaction): Promise<void> {
  const newUpdates = transaction.table<UpdateRow, number>('$listDocs.doc_updates');
  const docs = transaction.table<{ shortlistId: number }, number>('listDocs');
  const shared = new Set((await transaction.table<{ shortlistId: number }, number>('officeLists').toCollection().primaryKeys()) as number[]);
  // y-dexie's compression stamp (`i: 0`, no `k`) belongs to the old table and stays behind.
  const moved = (await oldUpdateRows(transaction)).filter((row) => row.k !== undefined && row.u instanceof Uint8Array);
  await newUpdates.bulkAdd(moved.map(({ k, u, f }) => ({ k, u, ...(f === undefined ? {} : { f }) })));
  const lists = await transaction.table<{ id: number; name: string }, number>('shortlists').toArray();
  for (const list of lists) {
    await docs.add({ shortlistId: list.id });
    if (shared.has(list.id)) continue;
    const rows = await transaction.table<DocEntryFields, number>('entries').where('shortlistId').equals(list.id).toArray();
    const doc = new Y.Doc();
    writeListIntoDoc(doc, list, rows);
    await newUpdates.add({ k: list.id, u: Y.encodeStateAsUpdateV2(doc), f: 1 });
    doc.destroy();
  }
}
