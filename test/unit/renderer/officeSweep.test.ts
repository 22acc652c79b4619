/**
 * The sweep's bringing in of an office's lists (sync/officeSweep.ts bringInLists), on the shortlist
 * database (Dexie on fake-indexeddb): each list the directory names and this computer lacks becomes
 * a shared list with the member's role on it, known before it is first attached; a list already
 * here, or one stopped sharing here that the office still has, is not brought in again. A list
 * kept here as a personal list when its office was removed is linked back when the office is added
 * again, unless it was changed here since (then the office's list comes in beside it).
 */
import type { DexieOptions } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { OfficeDirectory } from '../../../contract/officeBridge.ts';
import { metaKey } from '../../../contract/officeList.ts';
import { entriesOf, officeEntryKey } from '../../../renderer/src/db/listDocShape.ts';
import { ShortlistDb, typedCommentsTable, typedEditsTable, writeShortlists } from '../../../renderer/src/db/shortlistDb.ts';
import { withStoredListDoc } from '../../../renderer/src/sync/listDocs.ts';
import { readListDoc } from '../../../renderer/src/sync/officeListDoc.ts';
import { keepListsOfOffice, openSharedList, writeRowsFromDoc, type OfficeRef } from '../../../renderer/src/sync/officeSharing.ts';
import { bringInLists } from '../../../renderer/src/sync/officeSweep.ts';
import { addEntry } from '../../../server/office/listDocument.ts';

const office = { officeRecordId: 'record-1', officeId: 'Office_1' };
const opened: ShortlistDb[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

function directory(lists: OfficeDirectory['lists']): Pick<OfficeDirectory, 'member' | 'lists'> {
  return { member: { id: 'ben-1', name: 'Ben', officeRole: 'none', isOwner: false }, lists };
}

it('brings in each list it lacks with the member\'s role on it, and none twice nor one stopped here', async () => {
  const db = new ShortlistDb({ indexedDB: new IDBFactory(), IDBKeyRange }, `sweep-${crypto.randomUUID()}`);
  await db.open();
  opened.push(db);
  const lists: OfficeDirectory['lists'] = [
    { id: 'finals', name: 'Finals', entries: 3, updatedAt: null, role: 'viewer' },
    { id: 'callbacks', name: 'Callbacks', entries: 1, updatedAt: null, role: 'editor' },
    { id: 'let-go', name: 'Stopped here', entries: 2, updatedAt: null, role: 'editor' },
  ];
  await db.officeListsLetGo.add({ ...office, listId: 'let-go', shortlistId: 99, removalOwed: false, at: '2026-01-01T00:00:00.000Z' });

  const opened1 = await bringInLists(db, office, directory(lists));
  expect(opened1).toHaveLength(2);
  const rows = await db.officeLists.bulkGet(opened1);
  expect(rows.map((row) => [row!.listId, row!.role, row!.memberId])).toEqual([
    ['finals', 'viewer', 'ben-1'],
    ['callbacks', 'editor', 'ben-1'],
  ]);
  expect((await db.shortlists.bulkGet(opened1)).map((list) => list!.name)).toEqual(['Finals', 'Callbacks']);

  // The next sweep finds them here.
  expect(await bringInLists(db, office, directory(lists))).toEqual([]);
  expect(await db.officeLists.count()).toBe(2);
});

const at = '2026-01-01T00:00:00.000Z';
const origin = 'https://d.example';

/** A database of this test's own: `name` and its factory, to open it again as the next start does. */
function newDatabase(): { options: DexieOptions; name: string } {
  return { options: { indexedDB: new IDBFactory(), IDBKeyRange }, name: `sweep-${crypto.randomUUID()}` };
}

async function open({ options, name }: { options: DexieOptions; name: string }): Promise<ShortlistDb> {
  const db = new ShortlistDb(options, name);
  await db.open();
  opened.push(db);
  return db;
}

/** Office list `listId` brought in and synced here: its document filled as the office fills it, its rows written from it. */
async function syncedOfficeList(db: ShortlistDb, ref: OfficeRef, listId: string, name: string, actors: string[]): Promise<number> {
  const shortlistId = await openSharedList(db, ref, listId, name, at);
  const office = new Y.Doc();
  office.getMap(metaKey).set('name', name);
  actors.forEach((actor, index) => addEntry(office, officeEntryKey(origin, index + 1), { position: `a${index}`, actor: { origin, id: index + 1, name: actor }, note: `${actor} read well` }));
  await withStoredListDoc(db, shortlistId, async (doc) => {
    await writeShortlists(db, async () => Y.applyUpdate(doc, Y.encodeStateAsUpdate(office)));
    await writeRowsFromDoc(db, shortlistId, doc, { at });
  });
  return shortlistId;
}

/** Deletes the first letter of the first entry's note, as typing does: a deletion alone, which adds nothing to the state vector. */
async function deleteFirstLetterOfNote(db: ShortlistDb, shortlistId: number): Promise<void> {
  await withStoredListDoc(db, shortlistId, (doc) =>
    writeShortlists(db, async () => {
      (entriesOf(doc).get(officeEntryKey(origin, 1))!.get('note') as Y.Text).delete(0, 1);
    }),
  );
}

const sharedRow = async (db: ShortlistDb, shortlistId: number) => {
  const row = await db.officeLists.get(shortlistId);
  return row && [row.officeRecordId, row.officeId, row.listId, row.role, row.memberId];
};

it('a list kept when its office was removed is linked back when the office is added again, in any order of its lists, after a restart too; a kept list of another office with the same list id is not', async () => {
  const where = newDatabase();
  let db = await open(where);
  const other = { officeRecordId: 'record-other', officeId: 'Office_2' };
  const callbacks = await syncedOfficeList(db, office, 'callbacks', 'Callbacks', ['Anna', 'Bea']);
  const finals = await syncedOfficeList(db, office, 'finals', 'Finals', ['Cleo']);
  const othersCallbacks = await syncedOfficeList(db, other, 'callbacks', 'Callbacks elsewhere', ['Dora']);
  await keepListsOfOffice(db, office.officeRecordId, at);
  await keepListsOfOffice(db, other.officeRecordId, at);
  expect(await db.officeLists.count()).toBe(0);
  // A notice the list still carries from an earlier keeping (one never dismissed) goes when it is shared again.
  await db.shortlists.update(finals, { keptAsPersonal: 'office_access_removed' });
  db.close();

  // The next start: the office is added again, a new record of it here, its lists in another order.
  db = await open(where);
  const again = { officeRecordId: 'record-2', officeId: office.officeId };
  const lists: OfficeDirectory['lists'] = [
    { id: 'finals', name: 'Finals', entries: 1, updatedAt: null, role: 'viewer' },
    { id: 'callbacks', name: 'Callbacks', entries: 2, updatedAt: null, role: 'editor' },
  ];
  expect(await bringInLists(db, again, directory(lists))).toEqual([finals, callbacks]);
  expect(await sharedRow(db, finals)).toEqual(['record-2', office.officeId, 'finals', 'viewer', 'ben-1']);
  expect(await sharedRow(db, callbacks)).toEqual(['record-2', office.officeId, 'callbacks', 'editor', 'ben-1']);
  expect(await db.shortlists.count()).toBe(3);
  expect((await db.shortlists.bulkGet([finals, callbacks])).map((list) => [list!.keptFrom, list!.keptAsPersonal])).toEqual([
    [undefined, undefined],
    [undefined, undefined],
  ]);
  // The other office's list of the same id stays its personal copy, remembered for that office.
  expect(await db.officeLists.get(othersCallbacks)).toBeUndefined();
  expect((await db.shortlists.get(othersCallbacks))!.keptFrom).toMatchObject({ officeId: other.officeId, listId: 'callbacks' });
  expect(await bringInLists(db, again, directory(lists))).toEqual([]);

  // That office added again links its own copy back.
  expect(await bringInLists(db, { officeRecordId: 'record-other-2', officeId: other.officeId }, directory([{ id: 'callbacks', name: 'Callbacks elsewhere', entries: 1, updatedAt: null, role: 'editor' }]))).toEqual([othersCallbacks]);
  expect(await db.shortlists.count()).toBe(3);
});

it('a kept list changed here since stays personal with its change and the office’s list comes in beside it, decided once', async () => {
  const db = await open(newDatabase());
  const callbacks = await syncedOfficeList(db, office, 'callbacks', 'Callbacks', ['Anna', 'Bea']);
  await keepListsOfOffice(db, office.officeRecordId, at);
  await deleteFirstLetterOfNote(db, callbacks);

  const again = { officeRecordId: 'record-2', officeId: office.officeId };
  const lists: OfficeDirectory['lists'] = [{ id: 'callbacks', name: 'Callbacks', entries: 2, updatedAt: null, role: 'viewer' }];
  const [brought] = await bringInLists(db, again, directory(lists));
  expect(brought).not.toBe(callbacks);
  expect(await sharedRow(db, brought!)).toEqual(['record-2', office.officeId, 'callbacks', 'viewer', 'ben-1']);
  expect(await db.officeLists.get(callbacks)).toBeUndefined();
  expect((await db.shortlists.get(callbacks))!.keptFrom).toBeUndefined();
  expect(await withStoredListDoc(db, callbacks, (doc) => readListDoc(doc).entries.map((entry) => entry.note))).toEqual(['nna read well', 'Bea read well']);

  // The office removed and added again: the list it brought in is the one linked back, the changed one stays personal.
  await keepListsOfOffice(db, again.officeRecordId, at);
  expect(await bringInLists(db, { officeRecordId: 'record-3', officeId: office.officeId }, directory(lists))).toEqual([brought]);
  expect(await db.officeLists.get(callbacks)).toBeUndefined();
});

it('an edit of a kept list still on its way into the document (journaled, or waiting for it) counts as a change, and so does a journaled comment', async () => {
  const db = await open(newDatabase());
  const callbacks = await syncedOfficeList(db, office, 'callbacks', 'Callbacks', ['Anna']);
  const finals = await syncedOfficeList(db, office, 'finals', 'Finals', ['Cleo']);
  const reads = await syncedOfficeList(db, office, 'reads', 'Reads', ['Dora']);
  await keepListsOfOffice(db, office.officeRecordId, at);
  const [anna] = await db.entries.where('shortlistId').equals(callbacks).toArray();
  await db.table(typedEditsTable).put({ entryId: anna!.id!, seq: 1, fields: { rating: 5 } });
  const [cleo] = await db.entries.where('shortlistId').equals(finals).toArray();
  await db.pendingDocEdits.add({ shortlistId: finals, before: cleo!, after: { ...cleo!, rating: 4 } });
  const [dora] = await db.entries.where('shortlistId').equals(reads).toArray();
  await db.table(typedCommentsTable).put({ shortlistId: reads, entryKey: officeEntryKey(dora!.directoryOrigin, dora!.actorId), memberId: 'm-1', seq: 2, text: 'Typed before the office went' });

  const lists: OfficeDirectory['lists'] = [
    { id: 'callbacks', name: 'Callbacks', entries: 1, updatedAt: null, role: 'editor' },
    { id: 'finals', name: 'Finals', entries: 1, updatedAt: null, role: 'editor' },
    { id: 'reads', name: 'Reads', entries: 1, updatedAt: null, role: 'editor' },
  ];
  const brought = await bringInLists(db, { officeRecordId: 'record-2', officeId: office.officeId }, directory(lists));
  expect(brought).toHaveLength(3);
  expect(brought).not.toContain(callbacks);
  expect(brought).not.toContain(finals);
  expect(brought).not.toContain(reads);
  expect(await db.shortlists.count()).toBe(6);
});
