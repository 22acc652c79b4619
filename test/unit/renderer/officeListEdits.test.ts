/**
 * List-view edits on a shared list reach the office, with a real office server on 127.0.0.1 and
 * the office store attached to it, the edits made through the shortlists store (which writes them
 * into the list's document and rows at once): a reorder moves the entry in the document while a
 * colleague reorders too, and both lists end in one order; an undo of a delete brings the entry
 * back as `deleted: false` with the note a colleague typed on it meanwhile, in the office and in
 * the rows; letters typed on a note as it was before a colleague's text came keep that text; a
 * removal whose write fails is taken back, so the office keeps the entry too; an edit
 * journaled as typed but never stored (the page killed) reaches the office after the next start;
 * a tag added while the list is detached and a colleague's tag added meanwhile both stay, and so
 * does a colleague's tag that reached the row after the member's field showed the tags.
 */
import { Dexie } from 'dexie';
import { DexieYProvider } from 'y-dexie';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import type { OfficeToken, OfficeView } from '../../../contract/officeBridge.ts';
import { openShortlistDb, userShortlistDbName, type ShortlistDb } from '../../../renderer/src/db/shortlistDb.ts';
import { journalTypedEdit } from '../../../renderer/src/db/typedEdits.ts';
import { editInDoc, moveInDoc } from '../../../renderer/src/sync/listDocEdits.ts';
import { nameOnlySnapshot, personalRowsFromDoc, readListDoc } from '../../../renderer/src/sync/officeListDoc.ts';
import { entriesOf } from '../../../renderer/src/db/listDocShape.ts';
import { useOfficeListsStore } from '../../../renderer/src/stores/officeLists.ts';
import { officeDocumentName } from '../../../server/office/documentName.ts';
import { acknowledged, openList, serverView, type ListClient } from '../../integration/office/officeSupport.ts';
import { joinLeaAndColleague, officeStoreApp, useOfficeServer } from './officeAppHarness.ts';

const server = useOfficeServer('castdesk-office-edits-');
let grant: OfficeToken;
let view: OfficeView;
let colleagueToken: string;

beforeAll(async () => ({ grant, view, colleagueToken } = await joinLeaAndColleague(server)));

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
async function sharedList(count: number, benDoc = new Y.Doc()): Promise<{ listId: number; db: ShortlistDb; ben: ListClient; shortlists: ReturnType<ReturnType<typeof officeStoreApp>['shortlists']> }> {
  const app = officeStoreApp(grant, [view]);
  store = app.store;
  const shortlists = app.shortlists();
  await vi.waitFor(() => expect(shortlists.ready).toBe(true));
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
  colleague = openList(server.office.url, officeDocumentName(grant.officeId, row.listId), colleagueToken, benDoc);
  await colleague.synced;
  return { listId, db, ben: colleague, shortlists };
}

const order = (doc: Y.Doc) => readListDoc(doc).entries.map((entry) => entry.actor.id);
const rowOrder = async (shortlistDb: ShortlistDb, listId: number) => (await shortlistDb.entries.where('shortlistId').equals(listId).sortBy('position')).map((row) => row.actorId);

it('a reorder in the list view reaches the office, and two members reordering at once converge', async () => {
  const { listId, db: shortlistDb, ben, shortlists } = await sharedList(5);
  // Lea moves actor 5 to the top.
  const five = (await shortlistDb.entries.where('shortlistId').equals(listId).toArray()).find((row) => row.actorId === 5)!;
  expect(await shortlists.moveEntry(five.id!, 0)).toBe(true);
  await vi.waitFor(() => expect(order(ben.doc)).toEqual([5, 1, 2, 3, 4]), { timeout: 30_000, interval: 10 });
  expect(entriesOf(ben.doc).size).toBe(5);

  // Both at once: Lea moves actor 1 to the end, Ben moves actor 3 to the top.
  const one = (await shortlistDb.entries.where('shortlistId').equals(listId).toArray()).find((row) => row.actorId === 1)!;
  const benRows = personalRowsFromDoc(ben.doc, 1, [], 'x');
  await Promise.all([
    shortlists.moveEntry(one.id!, 4),
    Promise.resolve().then(() => moveInDoc(ben.doc, benRows.find((row) => row.actorId === 3)!, null, benRows[0])),
  ]);
  await vi.waitFor(async () => {
    expect(order(ben.doc)).toEqual([3, 5, 2, 4, 1]);
    expect(await rowOrder(shortlistDb, listId)).toEqual([3, 5, 2, 4, 1]);
  }, { timeout: 30_000, interval: 10 });
});

it('undo of a delete brings the entry back in the office with a colleague\'s note typed meanwhile', async () => {
  const { listId, db: shortlistDb, ben, shortlists } = await sharedList(3);
  const two = (await shortlistDb.entries.where('shortlistId').equals(listId).toArray()).find((row) => row.actorId === 2)!;
  expect(await shortlists.removeEntries([two.id!])).toBe(true);
  await vi.waitFor(() => expect(order(ben.doc)).toEqual([1, 3]), { timeout: 30_000, interval: 10 });
  const benEntry = [...entriesOf(ben.doc).values()].find((entry) => (entry.get('actor') as { id: number }).id === 2)!;
  expect(benEntry.get('deleted')).toBe(true);
  (benEntry.get('note') as Y.Text).insert(0, 'Ben: free in May');
  await vi.waitFor(() => expect(ben.provider.unsyncedChanges).toBe(0), { timeout: 30_000, interval: 10 });
  expect(await shortlists.undo()).toBe(true);
  await vi.waitFor(async () => {
    expect(benEntry.get('deleted')).toBe(false);
    expect(order(ben.doc)).toEqual([1, 2, 3]);
    expect((await shortlistDb.entries.where('shortlistId').equals(listId).toArray()).find((row) => row.actorId === 2)?.note).toBe('Ben: free in May');
  }, { timeout: 30_000, interval: 10 });
  expect(String(benEntry.get('note'))).toBe('Ben: free in May');
});

it('letters typed on a note as it was before a colleague\'s text came keep that text, in the office and in the row', async () => {
  const { listId, db: shortlistDb, ben, shortlists } = await sharedList(2);
  const two = (await shortlistDb.entries.where('shortlistId').equals(listId).toArray()).find((row) => row.actorId === 2)!;
  expect(await shortlists.updateEntry(two.id!, { note: 'Lea: ', noteBase: '' })).toBe(true);
  const benNote = () => [...entriesOf(ben.doc).values()].find((entry) => (entry.get('actor') as { id: number }).id === 2)!.get('note') as Y.Text;
  await vi.waitFor(() => expect(String(benNote())).toBe('Lea: '), { timeout: 30_000, interval: 10 });
  // Ben types after Lea's text while her field, still in use, shows only her own.
  benNote().insert(5, 'Ben: available in March.');
  await vi.waitFor(async () => expect((await shortlistDb.entries.get(two.id!))?.note).toBe('Lea: Ben: available in March.'), { timeout: 30_000, interval: 10 });
  // Lea types on the text her field shows: the first letter is written while the next two wait
  // together (typed on 'Lea: x' and 'Lea: xy'), and each is typed on the text before it.
  const typed = ['x', 'xy', 'xyz'].map((letters, i, all) => shortlists.updateEntry(two.id!, { note: `Lea: ${letters}`, noteBase: `Lea: ${all[i - 1] ?? ''}` }));
  expect(await Promise.all(typed)).toEqual([true, true, true]);
  const merged = 'Lea: xyzBen: available in March.';
  const row = await shortlistDb.entries.get(two.id!);
  expect(row?.note).toBe(merged);
  expect(row).not.toHaveProperty('noteBase');
  await vi.waitFor(() => expect(String(benNote())).toBe(merged), { timeout: 30_000, interval: 10 });
  expect(readListDoc(ben.doc).entries.find((entry) => entry.actor.id === 2)?.note).toBe(merged);
});

it('a colleague\'s change and the member\'s own change of the same entry at once: the row says what the document and the office say', { timeout: 120_000 }, async () => {
  // Ben's client id is the highest there is, so his change wins every clash (Yjs orders concurrent
  // changes by client id): the case in which the row went wrong.
  const benDoc = new Y.Doc();
  benDoc.clientID = 0xffffffff;
  const { listId, db: shortlistDb, ben, shortlists } = await sharedList(2, benDoc);
  shortlists.open(listId);
  await vi.waitFor(() => expect(shortlists.openDocLoaded).toBe(true), { timeout: 30_000, interval: 10 });
  const [entry] = await shortlistDb.entries.where('shortlistId').equals(listId).sortBy('position');
  const key = readListDoc(ben.doc).entries[0]!.key;
  const labels = (doc: Y.Doc) => {
    const entry = readListDoc(doc).entries.find((one) => one.key === key)!;
    return [entry.colours, entry.tags];
  };
  const benEntry = entriesOf(ben.doc).get(key)!;
  // Round after round, Ben sets labels on the entry while Lea does too: her row must say what her
  // document and the office say. Before, the row could keep the colleague's losing
  // labels, written from a second copy of the document that did not have her own change yet.
  for (let round = 0; round < 5; round += 1) {
    const first = await shortlistDb.entries.get(entry!.id!);
    ben.doc.transact(() => {
      benEntry.set('colours', [(['red', 'orange', 'yellow'] as const)[round % 3]]);
      benEntry.set('tags', [`ben-${round}`]);
    });
    await vi.waitFor(() => expect(readListDoc(store!.attachedLists.get(listId)!.provider.document).entries[0]!.tags).not.toEqual(first!.tags), { timeout: 30_000, interval: 1 });
    expect(await shortlists.updateEntry(entry!.id!, { colours: [(['green', 'blue', 'purple'] as const)[round % 3]], tags: [`lea-${round}`] })).toBe(true);
    await acknowledged(ben);
    await vi.waitFor(async () => {
      const row = (await shortlistDb.entries.get(entry!.id!))!;
      expect([row.colours, row.tags]).toEqual(labels(ben.doc));
      expect(labels(store!.attachedLists.get(listId)!.provider.document)).toEqual(labels(ben.doc));
    }, { timeout: 10_000, interval: 10 });
  }
});

/** Ben's app changes the entry's tags as his shortlists store writes them: from the entry he sees to `change` of it. */
function benTags(ben: ListClient, change: (tags: string[]) => string[]): void {
  const [sees] = personalRowsFromDoc(ben.doc, 1, [], '2026-01-01T00:00:00.000Z');
  editInDoc(ben.doc, [{ before: sees!, after: { ...sees!, tags: change(sees!.tags) } }]);
}

it('a tag Lea adds without the office and one Ben adds meanwhile are both on the entry once she is back: in her row, her document, the office and at Ben\'s', async () => {
  const { listId, db: shortlistDb, ben, shortlists } = await sharedList(1);
  const [entry] = await shortlistDb.entries.where('shortlistId').equals(listId).toArray();
  store!.detach(listId);
  expect(await shortlists.updateEntry(entry!.id!, { tags: ['callback'] })).toBe(true);
  benTags(ben, () => ['strong']);
  await acknowledged(ben);
  expect(readListDoc(ben.doc).entries[0]!.tags).toEqual(['strong']);
  await store!.attach(listId);
  const tagsIn = (doc: Y.Doc) => [...readListDoc(doc).entries[0]!.tags].sort();
  await vi.waitFor(async () => {
    expect([...(await shortlistDb.entries.get(entry!.id!))!.tags].sort()).toEqual(['callback', 'strong']);
    expect(tagsIn(store!.attachedLists.get(listId)!.provider.document)).toEqual(['callback', 'strong']);
    expect(tagsIn(ben.doc)).toEqual(['callback', 'strong']);
  }, { timeout: 30_000, interval: 10 });
  const office = await serverView(server.office.url, officeDocumentName(grant.officeId, (await shortlistDb.officeLists.get(listId))!.listId), colleagueToken);
  expect(tagsIn(office)).toEqual(['callback', 'strong']);
});

it('a tag Lea adds on the tags her field showed before Ben\'s tag reached her row keeps Ben\'s tag, in her row and at Ben\'s', async () => {
  const { listId, db: shortlistDb, ben, shortlists } = await sharedList(1);
  const [entry] = await shortlistDb.entries.where('shortlistId').equals(listId).toArray();
  benTags(ben, () => ['strong']);
  await vi.waitFor(async () => expect((await shortlistDb.entries.get(entry!.id!))!.tags).toEqual(['strong']), { timeout: 30_000, interval: 10 });
  // Her field still showed no tag when she added hers.
  expect(await shortlists.updateEntry(entry!.id!, { tags: ['callback'], tagsBase: [] })).toBe(true);
  expect((await shortlistDb.entries.get(entry!.id!))!.tags).toEqual(['strong', 'callback']);
  await vi.waitFor(() => expect(readListDoc(ben.doc).entries[0]!.tags).toEqual(['strong', 'callback']), { timeout: 30_000, interval: 10 });
});

it('tags merged past the limit all stay when Lea removes one: only the tags a member adds count against the limit', async () => {
  const { listId, db: shortlistDb, ben, shortlists } = await sharedList(1);
  const [entry] = await shortlistDb.entries.where('shortlistId').equals(listId).toArray();
  const leas = Array.from({ length: 12 }, (_, index) => `lea-${index}`);
  const bens = Array.from({ length: 12 }, (_, index) => `ben-${index}`);
  store!.detach(listId);
  expect(await shortlists.updateEntry(entry!.id!, { tags: leas, tagsBase: [] })).toBe(true);
  benTags(ben, () => bens);
  await acknowledged(ben);
  await store!.attach(listId);
  await vi.waitFor(async () => expect((await shortlistDb.entries.get(entry!.id!))!.tags).toHaveLength(24), { timeout: 30_000, interval: 10 });
  const shown = (await shortlistDb.entries.get(entry!.id!))!.tags;
  expect(await shortlists.updateEntry(entry!.id!, { tags: shown.filter((tag) => tag !== 'lea-0'), tagsBase: shown })).toBe(true);
  const left = [...leas.slice(1), ...bens].sort();
  expect([...(await shortlistDb.entries.get(entry!.id!))!.tags].sort()).toEqual(left);
  await vi.waitFor(() => expect([...readListDoc(ben.doc).entries[0]!.tags].sort()).toEqual(left), { timeout: 30_000, interval: 10 });
});

it('an actor added again after their entry was deleted comes at the end with fresh fields, for every member', async () => {
  const { listId, db: shortlistDb, ben, shortlists } = await sharedList(3);
  const rows = await shortlistDb.entries.where('shortlistId').equals(listId).toArray();
  const one = rows.find((row) => row.actorId === 1)!;
  expect(await shortlists.updateEntry(one.id!, { note: 'Too tall for the part', rating: 2 })).toBe(true);
  await vi.waitFor(() => expect(readListDoc(ben.doc).entries[0]).toMatchObject({ note: 'Too tall for the part', rating: 2 }), { timeout: 30_000, interval: 10 });
  expect(await shortlists.removeEntries([one.id!])).toBe(true);
  await vi.waitFor(() => expect(order(ben.doc)).toEqual([2, 3]), { timeout: 30_000, interval: 10 });
  // "Add to shortlist" (the store's addActors): a new add, not an undo.
  expect(await shortlists.addActors(listId, [1], 'https://d.example')).toEqual({ added: 1, already: 0 });
  await vi.waitFor(async () => {
    expect(readListDoc(ben.doc).entries.map((entry) => [entry.actor.id, entry.note, entry.rating])).toEqual([
      [2, '', null],
      [3, '', null],
      [1, '', null],
    ]);
    expect(await rowOrder(shortlistDb, listId)).toEqual([2, 3, 1]);
  }, { timeout: 30_000, interval: 10 });
});

it('a removal whose write fails is taken back out of the document: the office and a colleague keep the entry', { timeout: 60_000 }, async () => {
  // The store's own database (the test opens another), caught as Dexie makes it.
  let storeDb: Dexie | null = null;
  const catchStoreDb = (made: Dexie) => {
    if (made.name === userShortlistDbName) storeDb ??= made;
  };
  Dexie.addons.push(catchStoreDb);
  const shared = await sharedList(3).finally(() => Dexie.addons.splice(Dexie.addons.indexOf(catchStoreDb), 1));
  const { listId, db: shortlistDb, ben, shortlists } = shared;
  shortlists.open(listId);
  await vi.waitFor(() => expect(shortlists.openDocLoaded).toBe(true), { timeout: 30_000, interval: 10 });
  const doc = ((await storeDb!.table('listDocs').get(listId)) as { doc: Y.Doc }).doc;
  // The removal's change is in the document (and on its way to the office) when its write fails.
  const abortAtChange = (_update: Uint8Array, origin: unknown) => {
    if (origin === DexieYProvider.for(doc)) return;
    doc.off('updateV2', abortAtChange);
    const underWay = Dexie.currentTransaction!;
    queueMicrotask(() => underWay.abort());
  };
  doc.on('updateV2', abortAtChange);
  const rows = await shortlistDb.entries.where('shortlistId').equals(listId).toArray();
  expect(await shortlists.removeEntries([rows.find((row) => row.actorId === 2)!.id!])).toBe(false);
  // A later change reaches Ben after whatever the failed write sent.
  expect(await shortlists.updateEntry(rows.find((row) => row.actorId === 3)!.id!, { note: 'After the failure' })).toBe(true);
  await vi.waitFor(() => expect(readListDoc(ben.doc).entries.map((entry) => [entry.actor.id, entry.note])).toEqual([[1, ''], [2, ''], [3, 'After the failure']]), { timeout: 30_000, interval: 10 });
  expect(await rowOrder(shortlistDb, listId)).toEqual([1, 2, 3]);
});

it('an edit journaled as it was typed and never stored (the page killed) is on the list after the next start, and reaches the office', { timeout: 60_000 }, async () => {
  const { listId, db: shortlistDb, ben } = await sharedList(2);
  const one = (await shortlistDb.entries.where('shortlistId').equals(listId).toArray()).find((row) => row.actorId === 1)!;
  // As the keystroke journaled it a moment before the page was killed: the store's write never began.
  journalTypedEdit(shortlistDb, { entryId: one.id!, seq: Date.now(), fields: { note: 'Typed as it died', rating: 5 } });
  await vi.waitFor(async () => expect(await shortlistDb.table('typedEdits').count()).toBe(1));
  store!.close();

  // The next start: the row and the list's document get it, then the office.
  const app = officeStoreApp(grant, [view]);
  store = app.store;
  const shortlists = app.shortlists();
  await vi.waitFor(() => expect(shortlists.ready).toBe(true), { timeout: 30_000, interval: 10 });
  await vi.waitFor(async () => {
    expect(await shortlistDb.table('typedEdits').count()).toBe(0);
    expect(await shortlistDb.pendingDocEdits.count()).toBe(0);
  }, { timeout: 30_000, interval: 10 });
  expect(await shortlistDb.entries.get(one.id!)).toMatchObject({ note: 'Typed as it died', rating: 5 });
  await store.refresh();
  await store.sweep();
  await vi.waitFor(() => expect(readListDoc(ben.doc).entries.find((entry) => entry.actor.id === 1)).toMatchObject({ note: 'Typed as it died', rating: 5 }), { timeout: 30_000, interval: 10 });
});
