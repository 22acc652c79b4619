/**
 * Schema version 3 of the shortlist database: every list gets its Yjs document (db/listDocMigration.ts);
 * version 4 adds the office lists stopped here (officeListsLetGo) and changes nothing else;
 * version 5 adds the keystrokes' journal (typedEdits, db/typedEdits.ts) and changes nothing else;
 * version 6 adds the journal's comments (typedComments) and changes nothing else.
 * Old databases are built from the released schemas (`shortlistSchemaVersions[1]` and `[2]`) with
 * real data; the version-2 one holds a shared list whose document has real y-dexie updates (added
 * with a Y.Doc, then changed while loaded, as the version-2 app stored them). Dexie runs on
 * fake-indexeddb, as the earlier upgrade tests do.
 */
import { Dexie, type DexieOptions } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, expect, it, vi } from 'vitest';
import yDexie, { DexieYProvider } from 'y-dexie';
import * as Y from 'yjs';
import { ShortlistDb, listDocUpdatesTable, shortlistDbVersion, shortlistSchemaVersions, type ShortlistEntryRow, type ShortlistRow } from '../../../renderer/src/db/shortlistDb.ts';
import { oldDataOrigin, oldEntries, oldLists, oldSnapshot } from './oldShortlistData.ts';
import { readListDoc } from '../../../renderer/src/sync/officeListDoc.ts';
import { entriesOf, writeListIntoDoc } from '../../../renderer/src/db/listDocShape.ts';
import { withStoredListDoc } from '../../../renderer/src/sync/listDocs.ts';
import { giveEveryListADoc } from '../../../renderer/src/db/listDocMigration.ts';

const origin = oldDataOrigin;
const opened: Dexie[] = [];

afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

const snapshot = oldSnapshot;
/** The old lists, with a third one that has no entries. */
const lists: ShortlistRow[] = [
  ...oldLists,
  { id: 3, name: 'Empty', castingCallId: null, roleId: null, castingCallName: null, roleName: null, createdAt: '2026-01-01T11:00:00.000Z', updatedAt: '2026-01-01T11:00:00.000Z' },
];
const entries: ShortlistEntryRow[] = [
  ...oldEntries,
  { id: 5, shortlistId: 2, directoryOrigin: origin, actorId: 8, position: 0.5, note: 'first', rating: 1, colours: ['yellow'], tags: [], status: 'booked', addedAt: '2026-01-04T09:01:00.000Z', updatedAt: '2026-01-04T09:01:00.000Z', snapshot: snapshot('Eva Fox') },
];
const marker = { source: 'castdesk-shortlists-demo-1', connectionId: 'demo-1', directoryOrigin: origin, lists: 3, entries: 5, migratedAt: '2026-01-01T08:00:00.000Z' };
const sharedRow = { shortlistId: 2, officeRecordId: '0b6f7c1e-8d2a-4c7e-9f1a-2b3c4d5e6f70', officeId: 'Office_1', listId: 'abc123', sharedAt: '2026-01-05T00:00:00.000Z', syncedAt: null };

function newDatabase(): { options: DexieOptions; name: string } {
  return { options: { indexedDB: new IDBFactory(), IDBKeyRange }, name: `list-docs-${crypto.randomUUID()}` };
}

async function fill(old: Dexie): Promise<void> {
  await old.table('shortlists').bulkAdd(lists);
  await old.table('entries').bulkAdd(entries);
  await old.table('migrations').add(marker);
}

/**
 * A version-2 database as the released app left it: list 2 is shared, its document added with the
 * row (y-dexie writes its first update) and then changed while loaded (a colleague's note, stored by
 * y-dexie from the document's update event): two update rows of y-dexie's own making.
 */
async function versionTwoDatabase({ options, name }: { options: DexieOptions; name: string }): Promise<Uint8Array> {
  const old = new Dexie(name, { ...options, addons: [yDexie] });
  old.version(1).stores(shortlistSchemaVersions[1]);
  old.version(2).stores(shortlistSchemaVersions[2]);
  await old.open();
  await fill(old);
  const doc = new Y.Doc();
  writeListIntoDoc(doc, lists[1], entries.filter((row) => row.shortlistId === 2));
  await old.table('officeLists').add({ ...sharedRow, doc });
  doc.destroy();
  const stored = ((await old.table('officeLists').get(2)) as { doc: Y.Doc }).doc;
  await DexieYProvider.load(stored).whenLoaded;
  const updates = old.table('$officeLists.doc_updates');
  const first = await updates.count();
  const key = readListDoc(stored).entries[0].key;
  (entriesOf(stored).get(key)!.get('note') as Y.Text).insert(0, 'Lea: ');
  await vi.waitFor(async () => expect(await updates.count()).toBe(first + 1));
  const stateVector = Y.encodeStateVector(stored);
  DexieYProvider.release(stored);
  old.close();
  return stateVector;
}

async function openNew({ options, name }: { options: DexieOptions; name: string }): Promise<ShortlistDb> {
  const db = new ShortlistDb(options, name);
  await db.open();
  opened.push(db);
  return db;
}

/** What a document says, the way a list shows it. */
function fieldsOf(doc: Y.Doc): unknown[] {
  return readListDoc(doc).entries.map((entry) => [entry.actor.origin, entry.actor.id, entry.actor.name, entry.note, entry.rating, entry.colours, entry.tags, entry.status]);
}

function expectedFields(shortlistId: number): unknown[] {
  return entries
    .filter((row) => row.shortlistId === shortlistId)
    .sort((a, b) => a.position - b.position)
    .map((row) => [row.directoryOrigin, row.actorId, row.snapshot.name, row.note, row.rating, row.colours, row.tags, row.status]);
}

it('upgrades version 2 with a shared list: every list has its document, rows unchanged, the shared one keeps its history', async () => {
  const database = newDatabase();
  const stateVector = await versionTwoDatabase(database);
  const db = await openNew(database);
  expect(db.verno).toBe(shortlistDbVersion);
  expect(await db.shortlists.orderBy('id').toArray()).toEqual(lists);
  expect(await db.entries.orderBy('id').toArray()).toEqual(entries);
  expect(await db.migrations.toArray()).toEqual([marker]);
  expect(await db.officeLists.toArray()).toEqual([sharedRow]);
  expect((await db.listDocs.toCollection().primaryKeys()).sort()).toEqual([1, 2, 3]);
  // The old updates table is gone: its rows moved.
  expect(db.tables.map((table) => table.name)).not.toContain('$officeLists.doc_updates');
  expect(db.backendDB().objectStoreNames.contains('$officeLists.doc_updates')).toBe(false);

  expect(await withStoredListDoc(db, 1, (doc) => [readListDoc(doc).name, fieldsOf(doc)])).toEqual([lists[0].name, expectedFields(1)]);
  expect(await withStoredListDoc(db, 3, (doc) => [readListDoc(doc).name, fieldsOf(doc)])).toEqual(['Empty', []]);
  // The shared list's document is the one the office knows: same state vector, the colleague's note in it.
  const shared = await withStoredListDoc(db, 2, (doc) => ({ vector: Y.encodeStateVector(doc), fields: fieldsOf(doc) }));
  expect(shared.vector).toEqual(stateVector);
  expect(shared.fields).toEqual([
    [origin, 8, 'Eva Fox', 'Lea: first', 1, ['yellow'], [], 'booked'],
    [origin, 7, 'Dana Eck', 'keep', 3, [], ['x'], 'invited'],
  ]);
});

it('upgrades version 1 straight to the current version: every list gets its document from its rows', async () => {
  const database = newDatabase();
  const old = new Dexie(database.name, database.options);
  old.version(1).stores(shortlistSchemaVersions[1]);
  await old.open();
  await fill(old);
  old.close();
  const db = await openNew(database);
  expect(db.verno).toBe(shortlistDbVersion);
  expect(await db.entries.orderBy('id').toArray()).toEqual(entries);
  expect(await db.officeLists.count()).toBe(0);
  for (const list of lists) {
    expect(await withStoredListDoc(db, list.id!, (doc) => [readListDoc(doc).name, fieldsOf(doc)])).toEqual([list.name, expectedFields(list.id!)]);
  }
  // One update per list, as y-dexie stores them: a reopen reads the same.
  expect(await db.table(listDocUpdatesTable).count()).toBe(lists.length);
});

it('upgrades version 3 to version 4: every row, document and update stays, and the table of lists stopped here starts empty', async () => {
  const database = newDatabase();
  await versionTwoDatabase(database);
  // The version-3 app: its schema and its upgrade, as released.
  const three = new Dexie(database.name, { ...database.options, addons: [yDexie] });
  three.version(1).stores(shortlistSchemaVersions[1]);
  three.version(2).stores(shortlistSchemaVersions[2]);
  three.version(3).stores(shortlistSchemaVersions[3]).upgrade(giveEveryListADoc);
  await three.open();
  const pending = { shortlistId: 1, before: entries[0], after: { ...entries[0], note: 'typed while leaving' } };
  await three.table('pendingDocEdits').add(pending);
  const before = {
    lists: await three.table('shortlists').toArray(),
    entries: await three.table('entries').toArray(),
    shared: await three.table('officeLists').toArray(),
    docs: await three.table('listDocs').toCollection().primaryKeys(),
    updates: await three.table(listDocUpdatesTable).toArray(),
    pending: await three.table('pendingDocEdits').toArray(),
  };
  three.close();
  const db = await openNew(database);
  expect(db.verno).toBe(shortlistDbVersion);
  expect(await db.shortlists.toArray()).toEqual(before.lists);
  expect(await db.entries.toArray()).toEqual(before.entries);
  expect(await db.officeLists.toArray()).toEqual(before.shared);
  expect(await db.listDocs.toCollection().primaryKeys()).toEqual(before.docs);
  expect(await db.table(listDocUpdatesTable).toArray()).toEqual(before.updates);
  expect(await db.pendingDocEdits.toArray()).toEqual(before.pending);
  expect(await db.officeListsLetGo.count()).toBe(0);
  const letGo = { officeId: 'Office_1', listId: 'abc123', officeRecordId: sharedRow.officeRecordId, shortlistId: 2, removalOwed: true, at: '2026-01-07T00:00:00.000Z' };
  await db.officeListsLetGo.add(letGo);
  expect(await db.officeListsLetGo.where('officeRecordId').equals(sharedRow.officeRecordId).toArray()).toEqual([letGo]);
  expect(await withStoredListDoc(db, 1, (doc) => fieldsOf(doc))).toEqual(expectedFields(1));
});

it('upgrades version 4 to version 5: every row, document, update and pending edit stays, and the keystrokes\' journal starts empty', async () => {
  const database = newDatabase();
  await versionTwoDatabase(database);
  // The version-4 app: its schemas and its upgrade, as released.
  const four = new Dexie(database.name, { ...database.options, addons: [yDexie] });
  four.version(1).stores(shortlistSchemaVersions[1]);
  four.version(2).stores(shortlistSchemaVersions[2]);
  four.version(3).stores(shortlistSchemaVersions[3]).upgrade(giveEveryListADoc);
  four.version(4).stores(shortlistSchemaVersions[4]);
  await four.open();
  await four.table('pendingDocEdits').add({ shortlistId: 1, before: entries[0], after: { ...entries[0], note: 'typed while leaving' } });
  await four.table('officeListsLetGo').add({ officeId: 'Office_1', listId: 'gone1', officeRecordId: sharedRow.officeRecordId, shortlistId: 2, removalOwed: false, at: '2026-01-07T00:00:00.000Z' });
  const tables = ['shortlists', 'entries', 'migrations', 'officeLists', 'listDocs', listDocUpdatesTable, 'pendingDocEdits', 'officeListsLetGo'];
  const before = await Promise.all(tables.map((table) => four.table(table).toArray()));
  four.close();
  const db = await openNew(database);
  expect(db.verno).toBe(shortlistDbVersion);
  expect(await Promise.all(tables.map((table) => db.table(table).toArray()))).toEqual(before);
  expect(await db.table('typedEdits').count()).toBe(0);
  // Keyed per entry, then in the order typed.
  await db.table('typedEdits').bulkAdd([
    { entryId: 2, seq: 20, fields: { note: 'b' } },
    { entryId: 1, seq: 30, fields: { rating: 3 } },
    { entryId: 1, seq: 10, fields: { note: 'a' } },
  ]);
  expect((await db.table('typedEdits').toArray()).map((edit: { entryId: number; seq: number }) => [edit.entryId, edit.seq])).toEqual([
    [1, 10],
    [1, 30],
    [2, 20],
  ]);
  expect(await withStoredListDoc(db, 1, (doc) => fieldsOf(doc))).toEqual(expectedFields(1));
});

it('upgrades version 5 to version 6: every row, document, update, pending edit and journaled edit stays, and the journal\'s comments start empty', async () => {
  const database = newDatabase();
  await versionTwoDatabase(database);
  // The version-5 app: its schemas and its upgrade, as released, with an edit journaled and never stored.
  const five = new Dexie(database.name, { ...database.options, addons: [yDexie] });
  five.version(1).stores(shortlistSchemaVersions[1]);
  five.version(2).stores(shortlistSchemaVersions[2]);
  five.version(3).stores(shortlistSchemaVersions[3]).upgrade(giveEveryListADoc);
  five.version(4).stores(shortlistSchemaVersions[4]);
  five.version(5).stores(shortlistSchemaVersions[5]);
  await five.open();
  await five.table('pendingDocEdits').add({ shortlistId: 1, before: entries[0], after: { ...entries[0], note: 'typed while leaving' } });
  await five.table('officeListsLetGo').add({ officeId: 'Office_1', listId: 'gone1', officeRecordId: sharedRow.officeRecordId, shortlistId: 2, removalOwed: false, at: '2026-01-07T00:00:00.000Z' });
  await five.table('typedEdits').bulkAdd([
    { entryId: 5, seq: 1_767_000_000_001, fields: { note: 'Lea: first, typed' } },
    { entryId: 1, seq: 1_767_000_000_002, fields: { rating: 4 } },
  ]);
  const tables = ['shortlists', 'entries', 'migrations', 'officeLists', 'listDocs', listDocUpdatesTable, 'pendingDocEdits', 'officeListsLetGo', 'typedEdits'];
  const before = await Promise.all(tables.map((table) => five.table(table).toArray()));
  five.close();
  const db = await openNew(database);
  expect(db.verno).toBe(6);
  expect(await Promise.all(tables.map((table) => db.table(table).toArray()))).toEqual(before);
  expect(await db.table('typedComments').count()).toBe(0);
  // Keyed per list, entry and member, then in the order typed.
  const key = `${origin} 8`;
  await db.table('typedComments').bulkAdd([
    { shortlistId: 2, entryKey: key, memberId: 'rita', seq: 30, text: 'later' },
    { shortlistId: 2, entryKey: key, memberId: 'dana', seq: 40, text: 'Dana' },
    { shortlistId: 2, entryKey: key, memberId: 'rita', seq: 10, text: 'first' },
    { shortlistId: 1, entryKey: key, memberId: 'rita', seq: 20, text: 'other list' },
  ]);
  expect((await db.table('typedComments').toArray()).map((row: { shortlistId: number; memberId: string; seq: number }) => [row.shortlistId, row.memberId, row.seq])).toEqual([
    [1, 'rita', 20],
    [2, 'dana', 40],
    [2, 'rita', 10],
    [2, 'rita', 30],
  ]);
  expect(await withStoredListDoc(db, 1, (doc) => fieldsOf(doc))).toEqual(expectedFields(1));
});
