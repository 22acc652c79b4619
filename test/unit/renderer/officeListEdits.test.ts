/**
 * List-view edits on a shared list reach the office, with a real office server on 127.0.0.1 and
 * the office store attached to it: a reorder (the shortlists store's moveEntry writes a row's
 * position) moves the entry in the document while a colleague reorders too, and both lists end in
 * one order; an undo of a delete (the store's undo adds the removed row back) brings the entry back
 * as `deleted: false` with the note a colleague typed on it meanwhile.
 */
import { Dexie } from 'dexie';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import type { OfficeToken, OfficeView } from '../../../contract/officeBridge.ts';
import { openShortlistDb, userShortlistDbName, type ShortlistDb } from '../../../renderer/src/db/shortlistDb.ts';
import { baseOf, writeLocalEdits } from '../../../renderer/src/sync/officeLocalEdits.ts';
import { entriesOf, nameOnlySnapshot, personalRowsFromDoc, readListDoc } from '../../../renderer/src/sync/officeListDoc.ts';
import { useOfficeListsStore } from '../../../renderer/src/stores/officeLists.ts';
import { officeDocumentName } from '../../../server/office/documentName.ts';
import { openList, type ListClient } from '../../integration/office/officeSupport.ts';
import { memberCredentials, officeStoreApp, useOfficeServer } from './officeAppHarness.ts';

const server = useOfficeServer('castdesk-office-edits-');
let grant: OfficeToken;
let view: OfficeView;
let colleagueToken: string;

beforeAll(async () => {
  ({ grant, view } = memberCredentials(server, await server.join('Lea'), 'Lea'));
  colleagueToken = (await server.join('Ben')).token;
});

let store: ReturnType<typeof useOfficeListsStore> | null = null;
let colleague: ListClient | null = null;
let db: ShortlistDb | null = null;
afterEach(async () => {
  colleague?.destroy();
  colleague = null;
  db?.close();
  db = null;
  store?.close();
  store = null;
  await Dexie.delete(userShortlistDbName);
});

/** Lea's app with a shared list of `count` actors, and Ben's client on the same document. */
async function sharedList(count: number): Promise<{ listId: number; db: ShortlistDb; ben: ListClient }> {
  store = officeStoreApp(grant, [view]).store;
  db = await openShortlistDb();
  const at = '2026-01-01T00:00:00.000Z';
  const listId = await db.shortlists.add({ name: 'Callbacks', castingCallId: null, roleId: null, castingCallName: null, roleName: null, createdAt: at, updatedAt: at });
  await db.entries.bulkAdd(
    Array.from({ length: count }, (_, index) => ({ shortlistId: listId, directoryOrigin: 'https://d.example', actorId: index + 1, position: index + 1, note: '', rating: null, colours: [], tags: [], status: 'considering' as const, addedAt: at, updatedAt: at, snapshot: nameOnlySnapshot(`A${index + 1}`) })),
  );
  await store.refresh();
  await store.share(listId, view.id);
  await vi.waitFor(() => expect(store!.sharingOf(listId)).toMatchObject({ kind: 'synced' }), { timeout: 30_000, interval: 10 });
  const row = (await db.officeLists.get(listId))!;
  colleague = openList(server.office.url, officeDocumentName(grant.officeId, row.listId), colleagueToken, new Y.Doc());
  await colleague.synced;
  return { listId, db, ben: colleague };
}

const order = (doc: Y.Doc) => readListDoc(doc).entries.map((entry) => entry.actor.id);
const rowOrder = async (shortlistDb: ShortlistDb, listId: number) => (await shortlistDb.entries.where('shortlistId').equals(listId).sortBy('position')).map((row) => row.actorId);

it('a reorder in the list view reaches the office, and two members reordering at once converge', async () => {
  const { listId, db: shortlistDb, ben } = await sharedList(5);
  // Lea moves actor 5 to the top (moveEntry: a position before the first row's).
  const five = (await shortlistDb.entries.where('shortlistId').equals(listId).toArray()).find((row) => row.actorId === 5)!;
  await shortlistDb.entries.update(five.id!, { position: 0 });
  await vi.waitFor(() => expect(order(ben.doc)).toEqual([5, 1, 2, 3, 4]), { timeout: 30_000, interval: 10 });
  expect(entriesOf(ben.doc).size).toBe(5);

  // Both at once: Lea moves actor 1 to the end, Ben moves actor 3 to the top.
  const one = (await shortlistDb.entries.where('shortlistId').equals(listId).toArray()).find((row) => row.actorId === 1)!;
  const benRows = personalRowsFromDoc(ben.doc, 1, [], 'x');
  await Promise.all([
    shortlistDb.entries.update(one.id!, { position: 99 }),
    Promise.resolve().then(() => writeLocalEdits(ben.doc, baseOf(benRows), benRows.map((row) => (row.actorId === 3 ? { ...row, position: 0 } : row)))),
  ]);
  await vi.waitFor(async () => {
    expect(order(ben.doc)).toEqual([3, 5, 2, 4, 1]);
    expect(await rowOrder(shortlistDb, listId)).toEqual([3, 5, 2, 4, 1]);
  }, { timeout: 30_000, interval: 10 });
});

it('undo of a delete brings the entry back in the office with a colleague\'s note typed meanwhile', async () => {
  const { listId, db: shortlistDb, ben } = await sharedList(3);
  const two = (await shortlistDb.entries.where('shortlistId').equals(listId).toArray()).find((row) => row.actorId === 2)!;
  // The shortlists store's removeEntries deletes the row; its undo adds the same row back, marked.
  await shortlistDb.entries.delete(two.id!);
  await vi.waitFor(() => expect(order(ben.doc)).toEqual([1, 3]), { timeout: 30_000, interval: 10 });
  const benEntry = [...entriesOf(ben.doc).values()].find((entry) => (entry.get('actor') as { id: number }).id === 2)!;
  expect(benEntry.get('deleted')).toBe(true);
  (benEntry.get('note') as Y.Text).insert(0, 'Ben: free in May');
  await vi.waitFor(() => expect(ben.provider.unsyncedChanges).toBe(0), { timeout: 30_000, interval: 10 });
  await shortlistDb.entries.add({ ...two, restoredByUndo: true });
  await vi.waitFor(async () => {
    expect(benEntry.get('deleted')).toBe(false);
    expect(order(ben.doc)).toEqual([1, 2, 3]);
    expect((await shortlistDb.entries.where('shortlistId').equals(listId).toArray()).find((row) => row.actorId === 2)?.note).toBe('Ben: free in May');
  }, { timeout: 30_000, interval: 10 });
  expect(String(benEntry.get('note'))).toBe('Ben: free in May');
});

it('an actor added again after their entry was deleted comes at the end with fresh fields, for every member', async () => {
  const { listId, db: shortlistDb, ben } = await sharedList(3);
  const rows = await shortlistDb.entries.where('shortlistId').equals(listId).toArray();
  const one = rows.find((row) => row.actorId === 1)!;
  await shortlistDb.entries.update(one.id!, { note: 'Too tall for the part', rating: 2 });
  await vi.waitFor(() => expect(readListDoc(ben.doc).entries[0]).toMatchObject({ note: 'Too tall for the part', rating: 2 }), { timeout: 30_000, interval: 10 });
  await shortlistDb.entries.delete(one.id!);
  await vi.waitFor(() => expect(order(ben.doc)).toEqual([2, 3]), { timeout: 30_000, interval: 10 });
  // "Add to shortlist" adds a new row at the end (the shortlists store's addActors), not marked as an undo.
  const { id: _id, restoredByUndo: _mark, ...fresh } = one;
  await shortlistDb.entries.add({ ...fresh, position: 10, note: '', rating: null });
  await vi.waitFor(async () => {
    expect(readListDoc(ben.doc).entries.map((entry) => [entry.actor.id, entry.note, entry.rating])).toEqual([
      [2, '', null],
      [3, '', null],
      [1, '', null],
    ]);
    expect(await rowOrder(shortlistDb, listId)).toEqual([2, 3, 1]);
  }, { timeout: 30_000, interval: 10 });
});
