/**
 * Lists shared with an office, on the shortlist database (every list's Y.Doc kept by y-dexie in
 * `listDocs`, version 3): an upgrade from version 1 with real old data keeps every row; sharing
 * makes the list's own document (every field) the office's, and it survives a reopen; stopping
 * sharing leaves a personal list with what the document holds and keeps the document as the
 * personal list's; removing an office keeps its lists. Dexie runs on fake-indexeddb here, as the
 * earlier upgrade tests do (db/shortlistMigration.test.ts).
 */
import { Dexie, type DexieOptions } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { ShortlistDb, listDocUpdatesTable, shortlistSchemaVersions, writeShortlists, shortlistDbVersion } from '../../../renderer/src/db/shortlistDb.ts';
import { oldDataOrigin, oldEntries, oldLists, oldSnapshot } from './oldShortlistData.ts';
import { readListDoc } from '../../../renderer/src/sync/officeListDoc.ts';
import { entriesOf, officeEntryKey } from '../../../renderer/src/db/listDocShape.ts';
import { withStoredListDoc } from '../../../renderer/src/sync/listDocs.ts';
import { keepListsOfOffice, shareList, stopSharing } from '../../../renderer/src/sync/officeSharing.ts';

const origin = oldDataOrigin;
const office = { officeRecordId: '0b6f7c1e-8d2a-4c7e-9f1a-2b3c4d5e6f70', officeId: 'Office_1' };
const opened: Dexie[] = [];

afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

const snapshot = oldSnapshot;
const lists = oldLists;
const entries = oldEntries;

/** A version-1 database as the released app left it, with lists, entries and a migration marker. */
async function versionOneDatabase(options: DexieOptions, name: string): Promise<void> {
  const old = new Dexie(name, options);
  old.version(1).stores(shortlistSchemaVersions[1]);
  await old.open();
  await old.table('shortlists').bulkAdd(lists);
  await old.table('entries').bulkAdd(entries);
  await old.table('migrations').add({ source: 'castdesk-shortlists-demo-1', connectionId: 'demo-1', directoryOrigin: origin, lists: 2, entries: 4, migratedAt: '2026-01-01T08:00:00.000Z' });
  old.close();
}

async function upgraded(): Promise<{ db: ShortlistDb; options: DexieOptions; name: string }> {
  const options: DexieOptions = { indexedDB: new IDBFactory(), IDBKeyRange };
  const name = `office-sharing-${crypto.randomUUID()}`;
  await versionOneDatabase(options, name);
  const db = new ShortlistDb(options, name);
  await db.open();
  opened.push(db);
  return { db, options, name };
}

it('upgrades version 1 with real data to the current version without changing a row', async () => {
  const { db } = await upgraded();
  expect(db.verno).toBe(shortlistDbVersion);
  expect(await db.shortlists.orderBy('id').toArray()).toEqual(lists);
  expect(await db.entries.orderBy('id').toArray()).toEqual(entries);
  expect(await db.migrations.count()).toBe(1);
  expect(await db.officeLists.count()).toBe(0);
  // The indexes the app queries still answer after the upgrade.
  expect(await db.entries.where('[shortlistId+directoryOrigin+actorId]').equals([1, origin, 40]).count()).toBe(1);
});

it("sharing makes the list's own document, every field in it, the office's, there after a reopen; a personal list stays out of it", async () => {
  const { db, options, name } = await upgraded();
  const listId = await shareList(db, 1, office);
  expect(listId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  await expect(shareList(db, 1, office)).rejects.toThrow(RangeError);
  db.close();

  const reopened = new ShortlistDb(options, name);
  opened.push(reopened);
  const row = (await reopened.officeLists.get(1))!;
  expect(row).toMatchObject({ ...office, listId, syncedAt: null });
  const view = await withStoredListDoc(reopened, 1, (doc) => readListDoc(doc));
  expect(view.name).toBe('Tatort — Kommissarin');
  expect(view.entries.map((entry) => [entry.actor.origin, entry.actor.id, entry.actor.name])).toEqual([
    [origin, 41, 'Bea Cole'],
    [origin, 40, 'Anna Berg'],
    ['http://127.0.0.1:40000', 40, 'Cem Demir'],
  ]);
  expect(view.entries[1]).toMatchObject({ note: 'Strong callback', rating: 5, colours: ['red', 'green'], tags: ['lead', 'München'], status: 'callback' });
  expect(await reopened.officeLists.get(2)).toBeUndefined();
});

it("stopping sharing leaves a personal list with what the document holds, and keeps the document as the personal list's", async () => {
  const { db } = await upgraded();
  await shareList(db, 1, office);
  // A colleague's changes, as the office would bring them: a note typed, an entry deleted.
  const updates = db.table(listDocUpdatesTable);
  const before = await updates.count();
  await withStoredListDoc(db, 1, (doc) => {
    const view = readListDoc(doc);
    doc.transact(() => {
      (entriesOf(doc).get(view.entries[0].key)!.get('note') as Y.Text).insert(0, 'Lea: ');
      entriesOf(doc).get(view.entries[2].key)!.set('deleted', true);
    });
  });
  // y-dexie stores the change as a row of its own, after the transaction: wait until it is there.
  await vi.waitFor(async () => expect(await updates.count()).toBeGreaterThan(before));
  await stopSharing(db, 1, '2026-03-01T00:00:00.000Z');
  expect(await db.officeLists.count()).toBe(0);
  const rows = await db.entries.where('shortlistId').equals(1).sortBy('position');
  expect(rows.map((row) => [row.actorId, row.note, row.position])).toEqual([
    [41, 'Lea: ', 1],
    [40, 'Strong callback', 2],
  ]);
  expect(rows[1]).toMatchObject({ rating: 5, colours: ['red', 'green'], tags: ['lead', 'München'], status: 'callback', snapshot: snapshot('Anna Berg'), addedAt: entries[0].addedAt });
  // The document stays, the personal list's now, saying what the rows say.
  expect(await withStoredListDoc(db, 1, (doc) => readListDoc(doc).entries.map((entry) => [entry.actor.id, entry.note]))).toEqual([
    [41, 'Lea: '],
    [40, 'Strong callback'],
  ]);
  expect(await db.entries.where('shortlistId').equals(2).count()).toBe(1);
});

it('removing an office keeps each of its lists as a personal list', async () => {
  const { db } = await upgraded();
  await shareList(db, 1, office);
  await shareList(db, 2, { officeRecordId: 'ffffffff-8d2a-4c7e-9f1a-2b3c4d5e6f70', officeId: 'Other' });
  expect(await keepListsOfOffice(db, office.officeRecordId)).toEqual([1]);
  expect(await db.shortlists.count()).toBe(2);
  expect(await db.entries.where('shortlistId').equals(1).count()).toBe(3);
  expect((await db.officeLists.toArray()).map((row) => row.shortlistId)).toEqual([2]);
});

it('a change of a loaded document inside a shortlist write is stored with its rows, and later changes still load', async () => {
  const { db, options, name } = await upgraded();
  await withStoredListDoc(db, 1, async (doc) => {
    await writeShortlists(db, async () => {
      await db.entries.update(1, { note: 'Strong callback, ask for a self-tape' });
      const note = entriesOf(doc).get(officeEntryKey(origin, 40))!.get('note') as Y.Text;
      note.insert(note.length, ', ask for a self-tape');
    });
    // A later change of the document after it.
    doc.transact(() => entriesOf(doc).get(officeEntryKey(origin, 41))!.set('rating', 4));
  });
  const updates = db.table(listDocUpdatesTable);
  await vi.waitFor(async () => {
    const stored = new Y.Doc();
    for (const update of await updates.where('k').equals(1).toArray()) Y.applyUpdateV2(stored, update.u);
    expect(readListDoc(stored).entries.find((entry) => entry.actor.id === 41 && entry.actor.origin === origin)?.rating).toBe(4);
  });
  db.close();

  const reopened = new ShortlistDb(options, name);
  opened.push(reopened);
  const view = await withStoredListDoc(reopened, 1, (doc) => readListDoc(doc));
  expect(view.entries.find((entry) => entry.actor.id === 40 && entry.actor.origin === origin)?.note).toBe('Strong callback, ask for a self-tape');
  expect(view.entries.find((entry) => entry.actor.id === 41 && entry.actor.origin === origin)?.rating).toBe(4);
});
