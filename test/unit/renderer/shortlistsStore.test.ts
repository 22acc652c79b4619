import 'fake-indexeddb/auto';
import { Dexie, type Transaction } from 'dexie';
import { createPinia, setActivePinia } from 'pinia';
import { createApp } from 'vue';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import { openConnectionLibrary } from './libraryFixture.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { markProfileRemoved, writeProfileDetail } from '../../../renderer/src/db/libraryWrites.ts';
import { ShortlistDb, listDocUpdatesTable, shortlistedActorIds, userShortlistDbName, type ShortlistEntryRow } from '../../../renderer/src/db/shortlistDb.ts';
import { journalTypedEdit, type TypedEditRow } from '../../../renderer/src/db/typedEdits.ts';
import { holdTable } from './heldTable.ts';
import { currentLibrary } from '../../../renderer/src/db/sharedLibrary.ts';
import { useCompareStore } from '../../../renderer/src/stores/compare.ts';
import { useConnectionStore } from '../../../renderer/src/stores/connections.ts';
import { useSearchIndexStore } from '../../../renderer/src/stores/searchIndex.ts';
import { useShortlistExportStore } from '../../../renderer/src/stores/shortlistExport.ts';
import * as Y from 'yjs';
import { DexieYProvider } from 'y-dexie';
import { useShortlistsStore } from '../../../renderer/src/stores/shortlists.ts';
import { readListDoc } from '../../../renderer/src/sync/officeListDoc.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { parseCsv } from '../../../renderer/src/shortlists/shortlistCsv.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { demoView } from './fakeBridge.ts';
import { actorDetail, actorItem, fakeDirectory, type FakeDirectoryOptions } from './fakeDirectory.ts';

const eventually = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 5000, interval: 20 });
let counter = 0;
const freshConnectionId = () => `s-${Date.now().toString(36)}-${(counter += 1)}`;
/** Stops each app a test started and has not stopped itself: its sync, then every store's watchers. */
const running = new Set<() => Promise<void>>();

afterEach(async () => {
  for (const stop of running) await stop();
  // Shortlists are the user's, not a connection's: every test starts without any.
  await Dexie.delete(userShortlistDbName);
});

const actors = [actorItem(1, 'Zoe Zander'), actorItem(2, 'Ada Aalto'), actorItem(3, 'Björn Berg'), actorItem(4, 'Jonas Weber')];

/** The stores of a started app on a fake directory, synced, with the given connection id. */
function started(options: FakeDirectoryOptions, connectionId = freshConnectionId()) {
  return startedWith(options, connectionId, actors.length);
}

async function startedWith(options: FakeDirectoryOptions, connectionId: string, liveActors: number) {
  const directory = fakeDirectory(options);
  Object.assign(directory.bridge, {
    getAppInfo: async () => ({ ok: true, value: { version: '1', shell: 'web', keychain: { available: true }, folders: { data: '/tmp/castdesk', logs: '/tmp/castdesk/logs' } } }),
    listConnections: async () => ({ ok: true, value: { connections: [{ ...demoView, id: connectionId }], activeId: connectionId } }),
  });
  const app = createApp({});
  const pinia = createPinia();
  app.use(pinia).use(createCastdeskI18n('en')).provide(castdeskBridgeKey, directory.bridge as CastdeskBridge);
  setActivePinia(pinia);
  const stores = app.runWithContext(() => ({
    connections: useConnectionStore(),
    sync: useSyncStore(),
    index: useSearchIndexStore(),
    shortlists: useShortlistsStore(),
    exports: useShortlistExportStore(),
    compare: useCompareStore(),
  }));
  await stores.connections.start();
  // An app left running would go on reacting to every later test's database.
  const stop = async () => {
    running.delete(stop);
    await stores.sync.activate(null);
    // Every store the app made, those the stores use as well (Pinia keeps them in `_s`).
    for (const store of [...(pinia as unknown as { _s: Map<string, { $dispose(): void }> })._s.values()]) store.$dispose();
  };
  running.add(stop);
  await eventually(() => expect(stores.sync.progress.state).toBe('done'));
  await eventually(() => expect(stores.shortlists.ready && stores.index.size('actor') >= liveActors).toBe(true));
  return { ...stores, connectionId, stop };
}

const order = (store: ReturnType<typeof useShortlistsStore>) => store.entries.map((entry) => entry.snapshot.name);

/** The store's own handle on the user's shortlist database, caught as Dexie makes it (the store hands none out). */
function catchShortlistDb(): () => Dexie {
  let caught: Dexie | null = null;
  const addon = (db: Dexie) => {
    if (db.name === userShortlistDbName) caught ??= db;
  };
  Dexie.addons.push(addon);
  return () => {
    Dexie.addons.splice(Dexie.addons.indexOf(addon), 1);
    if (!caught) throw new Error('The store opened no shortlist database.');
    return caught;
  };
}

/** List `id`'s document as the next start reads it: from its stored updates. */
async function storedListDoc(db: Dexie, id: number): Promise<ReturnType<typeof readListDoc>> {
  const doc = new Y.Doc();
  for (const update of await db.table(listDocUpdatesTable).where('k').equals(id).toArray()) Y.applyUpdateV2(doc, update.u);
  return readListDoc(doc);
}

/** Runs `read` on the user's shortlist database as the next start would find it: a connection of its own, closed after. */
async function onDisk(read: (raw: Dexie) => Promise<void>): Promise<void> {
  const raw = new Dexie(userShortlistDbName);
  try {
    await raw.open();
    await read(raw);
  } finally {
    raw.close();
  }
}

/** The notes of list `id`'s live entries as the next start reads them. */
async function storedNotes(db: Dexie, id: number): Promise<string[]> {
  return (await storedListDoc(db, id)).entries.map((entry) => entry.note);
}

/**
 * A started app with list `name` of one actor open, its document loaded and the entry's note
 * `note` stored; with the store's database and the open list's document as y-dexie caches it for
 * the store (the same object while loaded).
 */
async function openListNoted(name: string, note: string) {
  const storeDb = catchShortlistDb();
  const { shortlists, connectionId, stop } = await started({ actors });
  const id = (await shortlists.createList(name))!;
  await shortlists.addActors(id, [1]);
  shortlists.open(id);
  await eventually(() => expect(shortlists.entries).toHaveLength(1));
  await eventually(() => expect(shortlists.openDocLoaded).toBe(true));
  const entryId = shortlists.entries[0]!.id;
  expect(await shortlists.updateEntry(entryId, { note })).toBe(true);
  const doc = ((await storeDb().table('listDocs').get(id)) as { doc: Y.Doc }).doc;
  expect(DexieYProvider.for(doc)).toBeDefined();
  return { storeDb, shortlists, id, entryId, doc, connectionId, stop };
}

/**
 * Runs `then` the moment the store's next change of `doc` is in the document in memory, inside the
 * write that stores it, before that write can commit (a later microtask of the same turn).
 */
function atNextDocChange(doc: Y.Doc, then: (underWay: Transaction) => void): Promise<void> {
  return new Promise((resolve) => {
    const atChange = (_update: Uint8Array, origin: unknown) => {
      if (origin === DexieYProvider.for(doc)) return;
      doc.off('updateV2', atChange);
      const underWay = Dexie.currentTransaction!;
      queueMicrotask(() => {
        then(underWay);
        resolve();
      });
    };
    doc.on('updateV2', atChange);
  });
}

describe('the shortlists store', () => {
  it('creates a list, adds actors once each with a snapshot, orders, annotates and keeps it across a restart', async () => {
    const first = await started({ actors });
    const { shortlists } = first;
    const id = (await shortlists.createList('  Pilot –  lead  ', { castingCallId: 7, castingCallName: 'Pilot', roleId: 70, roleName: 'Lead' }))!;
    expect(id).toBeGreaterThan(0);
    expect(await shortlists.addActors(id, [2, 3, 2, -1])).toEqual({ added: 2, already: 0 });
    expect(await shortlists.addActors(id, [3, 1])).toEqual({ added: 1, already: 1 });
    shortlists.open(id);
    await eventually(() => expect(order(shortlists)).toEqual(['Ada Aalto', 'Björn Berg', 'Zoe Zander']));
    expect(shortlists.openList).toMatchObject({ name: 'Pilot – lead', castingCallName: 'Pilot', roleName: 'Lead' });
    expect(shortlists.entries[0]!.snapshot).toMatchObject({ name: 'Ada Aalto', languages: { deu: 'native' }, thumbUrl: expect.stringContaining('/media/2/') as string });

    // Move the last to the top, then the top to the middle.
    const zoe = shortlists.entries[2]!.id;
    expect(await shortlists.moveEntry(zoe, 0)).toBe(true);
    await eventually(() => expect(order(shortlists)).toEqual(['Zoe Zander', 'Ada Aalto', 'Björn Berg']));
    expect(await shortlists.moveEntry(zoe, 1)).toBe(true);
    await eventually(() => expect(order(shortlists)).toEqual(['Ada Aalto', 'Zoe Zander', 'Björn Berg']));

    const ada = shortlists.entries[0]!.id;
    expect(await shortlists.updateEntry(ada, { note: 'Great self tape', rating: 9, status: 'callback', colours: ['green', 'green'], tags: [' lead ', '', 'lead', 'dialect'] })).toBe(true);
    await eventually(() => expect(shortlists.entries[0]).toMatchObject({ note: 'Great self tape', rating: 5, status: 'callback', colours: ['green'], tags: ['lead', 'dialect'] }));
    expect(await shortlistedActorIds(new URL(demoView.baseUrl).origin)).toEqual([1, 2, 3]);
    await first.sync.activate(null);

    // A new start on the same connection finds everything as it was.
    const again = await started({ actors }, first.connectionId);
    again.shortlists.open(id);
    await eventually(() => expect(order(again.shortlists)).toEqual(['Ada Aalto', 'Zoe Zander', 'Björn Berg']));
    expect(again.shortlists.entries[0]).toMatchObject({ note: 'Great self tape', rating: 5, status: 'callback' });
    expect(again.shortlists.lists.map((list) => [list.name, list.count])).toEqual([['Pilot – lead', 3]]);
  });

  it('takes a fresh snapshot of an actor whose profile changed since, and only of them', async () => {
    const first = await started({ actors });
    const id = (await first.shortlists.createList('Renamed'))!;
    await first.shortlists.addActors(id, [1, 2]);
    await first.sync.activate(null);

    const renamed = actors.map((actor) => (actor.id === 2 ? { ...actor, name: 'Ada Aalto-Berg', last_name: 'Aalto-Berg', updated_at: '2026-11-20T10:00:00+01:00' } : actor));
    const again = await started({ actors: renamed }, first.connectionId);
    await eventually(() => expect(again.index.row('actor', 2)?.name).toBe('Ada Aalto-Berg'));
    again.shortlists.open(id);
    await eventually(() => expect(again.shortlists.entries).toHaveLength(2));
    const zoeBefore = again.shortlists.entries.find((entry) => entry.actorId === 1)!;
    await again.shortlists.refreshSnapshots();
    await eventually(() => expect(order(again.shortlists)).toEqual(['Zoe Zander', 'Ada Aalto-Berg']));
    expect(again.shortlists.entries.find((entry) => entry.actorId === 2)!.snapshot.updatedAt).toBe('2026-11-20T10:00:00+01:00');
    // The unchanged actor's entry was not rewritten.
    expect(again.shortlists.entries.find((entry) => entry.actorId === 1)).toEqual(zoeBefore);
  });

  it('a list opened while the offline library closes: the snapshots stay as they were and the failure is shown, nothing thrown', async () => {
    const first = await started({ actors });
    const id = (await first.shortlists.createList('Library closing'))!;
    await first.shortlists.addActors(id, [2]);
    await first.stop();
    const renamed = actors.map((actor) => (actor.id === 2 ? { ...actor, name: 'Ada Aalto-Berg', last_name: 'Aalto-Berg', updated_at: '2026-11-20T10:00:00+01:00' } : actor));
    const again = await started({ actors: renamed }, first.connectionId);
    await eventually(() => expect(again.index.row('actor', 2)?.name).toBe('Ada Aalto-Berg'));
    again.shortlists.open(id);
    await eventually(() => expect(again.shortlists.entries).toHaveLength(1));
    // The page starts it as the list opens, without waiting for it; the library closes under it.
    currentLibrary()!.close();
    await expect(again.shortlists.refreshSnapshots()).resolves.toBeUndefined();
    expect(again.shortlists.error).not.toBeNull();
    expect(again.shortlists.entries[0]!.snapshot.name).toBe('Ada Aalto');
  });

  it('puts removed entries and a removed list back with undo, in their order', async () => {
    const { shortlists } = await started({ actors });
    const id = (await shortlists.createList('Callbacks'))!;
    await shortlists.addActors(id, [1, 2, 3, 4]);
    shortlists.open(id);
    await eventually(() => expect(shortlists.entries).toHaveLength(4));
    const before = shortlists.entries.map((entry) => ({ ...entry }));
    await shortlists.removeEntries([before[1]!.id, before[2]!.id]);
    await eventually(() => expect(order(shortlists)).toEqual(['Zoe Zander', 'Jonas Weber']));
    expect(shortlists.lastRemoval?.entries).toHaveLength(2);
    expect(await shortlists.undo()).toBe(true);
    await eventually(() => expect(shortlists.entries).toEqual(before));
    expect(shortlists.lastRemoval).toBeNull();

    await shortlists.removeList(id);
    await eventually(() => expect(shortlists.lists).toHaveLength(0));
    expect(await shortlists.undo()).toBe(true);
    await eventually(() => expect(shortlists.lists.map((list) => [list.id, list.count])).toEqual([[id, 4]]));
    shortlists.open(id);
    await eventually(() => expect(shortlists.entries).toEqual(before));
  });

  it('stores every keystroke at once, in order, flushes on pagehide and hands what was typed to undo', { timeout: 20_000 }, async () => {
    const { shortlists } = await started({ actors });
    const id = (await shortlists.createList('Typing'))!;
    await shortlists.addActors(id, [1, 2]);
    shortlists.open(id);
    await eventually(() => expect(shortlists.entries).toHaveLength(2));
    const [zoe, ada] = shortlists.entries.map((entry) => entry.id) as [number, number];
    /** The entry as a reload would find it: read through a connection of its own. */
    const stored = async (entryId: number) => {
      const db = new Dexie(userShortlistDbName);
      try {
        await db.open();
        return (await db.table('entries').get(entryId)) as { note: string; rating: number | null } | undefined;
      } finally {
        db.close();
      }
    };

    // Keystrokes as a textarea sends them, nobody waiting; the last one is what stays.
    const typed = ['S', 'St', 'Str', 'Stro', 'Stron', 'Strong'];
    const writes = typed.map((note) => shortlists.updateEntry(zoe, { note }));
    void shortlists.updateEntry(ada, { rating: 4 });
    await shortlists.flushPendingWrites();
    expect(await stored(zoe)).toMatchObject({ note: 'Strong' });
    expect(await stored(ada)).toMatchObject({ rating: 4 });
    expect(await Promise.all(writes)).toEqual(typed.map(() => true));

    // The page going away waits for nothing: what was typed is on its way already.
    void shortlists.updateEntry(zoe, { note: 'Strong, dialect' });
    window.dispatchEvent(new Event('pagehide'));
    await eventually(async () => expect(await stored(zoe)).toMatchObject({ note: 'Strong, dialect' }));

    // Typed, then removed at once: the removal takes the note along, and undo brings it back.
    void shortlists.updateEntry(ada, { note: 'Callback Tuesday' });
    expect(await shortlists.removeEntries([ada])).toBe(true);
    expect(shortlists.lastRemoval?.entries[0]).toMatchObject({ id: ada, note: 'Callback Tuesday', rating: 4 });
    expect(await shortlists.undo()).toBe(true);
    expect(await stored(ada)).toMatchObject({ note: 'Callback Tuesday', rating: 4 });
    // A change to an entry that is gone says so.
    await shortlists.removeEntries([ada]);
    expect(await shortlists.updateEntry(ada, { note: 'too late' })).toBe(false);
  });

  it('a keystroke\'s write is the first transaction it starts, over only the entries, the lists and the documents\' updates (a crash takes nothing that waited for a read)', { timeout: 20_000 }, async () => {
    const storeDb = catchShortlistDb();
    const { shortlists } = await started({ actors });
    const id = (await shortlists.createList('Quick'))!;
    await shortlists.addActors(id, [1]);
    shortlists.open(id);
    await eventually(() => expect(shortlists.entries).toHaveLength(1));
    await eventually(() => expect(shortlists.openDocLoaded).toBe(true));
    const entryId = shortlists.entries[0]!.id;
    await shortlists.updateEntry(entryId, { note: 'C' });
    // Every transaction the store's database starts from here on, in order (Dexie's bottom layer, watched).
    const core = storeDb().core;
    const transaction = core.transaction;
    const begun: { stores: string[]; mode: string }[] = [];
    core.transaction = (stores, mode, options) => {
      begun.push({ stores: [...stores].sort(), mode });
      return transaction.call(core, stores, mode, options);
    };
    try {
      expect(await shortlists.updateEntry(entryId, { note: 'Ca' })).toBe(true);
    } finally {
      core.transaction = transaction;
    }
    // No read before it (it would wait its turn behind every live query first); no table it does
    // not write in its scope (it would wait for every reader of it, y-dexie's reload of listDocs too).
    expect(begun[0]).toEqual({ stores: [listDocUpdatesTable, 'entries', 'shortlists'].sort(), mode: 'readwrite' });
    expect(await storedNotes(storeDb(), id)).toEqual(['Ca']);
  });

  it('on pagehide writes what is on its way before the handler returns: a page gone right after keeps it', { timeout: 20_000 }, async () => {
    const storeDb = catchShortlistDb();
    const { shortlists } = await started({ actors });
    const id = (await shortlists.createList('Leaving'))!;
    await shortlists.addActors(id, [1]);
    shortlists.open(id);
    await eventually(() => expect(shortlists.entries).toHaveLength(1));
    await eventually(() => expect(shortlists.openDocLoaded).toBe(true));
    const entryId = shortlists.entries[0]!.id;
    void shortlists.updateEntry(entryId, { note: 'Typed just before the reload' });
    window.dispatchEvent(new Event('pagehide'));
    // The page is gone: its connection closes before any later turn of the event loop could write.
    storeDb().close();
    const db = new Dexie(userShortlistDbName);
    try {
      await db.open();
      expect(await db.table('entries').get(entryId)).toMatchObject({ note: 'Typed just before the reload', shortlistId: id });
    } finally {
      db.close();
    }
    // The list's document (its truth) has the note too: its update went in the same IndexedDB
    // transaction as the row. Read as the next start reads it, from the stored updates (a live
    // query here would answer from Dexie's cache of this page, which the raw write bypassed).
    const reopened = new Dexie(userShortlistDbName);
    try {
      await reopened.open();
      const stored = new Y.Doc();
      for (const update of await reopened.table(listDocUpdatesTable).where('k').equals(id).toArray()) Y.applyUpdateV2(stored, update.u);
      expect(readListDoc(stored).entries.map((entry) => entry.note)).toEqual(['Typed just before the reload']);
    } finally {
      reopened.close();
    }
  });

  it('on pagehide a tag added on the tags the field showed goes onto the tags the entry holds by then: one that reached it meanwhile stays, in the row and the document', { timeout: 20_000 }, async () => {
    const storeDb = catchShortlistDb();
    const { shortlists } = await started({ actors });
    const id = (await shortlists.createList('Leaving with tags'))!;
    await shortlists.addActors(id, [1]);
    shortlists.open(id);
    await eventually(() => expect(shortlists.openDocLoaded).toBe(true));
    const entryId = shortlists.entries[0]!.id;
    // "strong" reaches the entry (from another field, or a colleague's change written into the row)...
    expect(await shortlists.updateEntry(entryId, { tags: ['strong'] })).toBe(true);
    await eventually(() => expect(shortlists.entries[0]!.tags).toEqual(['strong']));
    // ... after the tags field showed none; the page goes away as its tag is on its way.
    void shortlists.updateEntry(entryId, { tags: ['callback'], tagsBase: [] });
    window.dispatchEvent(new Event('pagehide'));
    storeDb().close();
    const db = new Dexie(userShortlistDbName);
    try {
      await db.open();
      expect(await db.table('entries').get(entryId)).toMatchObject({ tags: ['strong', 'callback'] });
      const stored = new Y.Doc();
      for (const update of await db.table(listDocUpdatesTable).where('k').equals(id).toArray()) Y.applyUpdateV2(stored, update.u);
      expect(readListDoc(stored).entries.map((entry) => entry.tags)).toEqual([['strong', 'callback']]);
    } finally {
      db.close();
    }
  });

  it('a keystroke whose write is under way when the page goes away: the document on disk has it and what was typed after it', { timeout: 20_000 }, async () => {
    const { storeDb, shortlists, id, entryId, doc } = await openListNoted('Under way', 'Ca');
    // The moment the next keystroke's change is in the document but its transaction has not
    // committed: one more key, the page goes away, its transactions end without committing.
    const gone = atNextDocChange(doc, (underWay) => {
      void shortlists.updateEntry(entryId, { note: 'Call' });
      window.dispatchEvent(new Event('pagehide'));
      underWay.abort();
      storeDb().close();
    });
    void shortlists.updateEntry(entryId, { note: 'Cal' });
    await gone;
    await onDisk(async (raw) => {
      expect(await raw.table('entries').get(entryId)).toMatchObject({ note: 'Call' });
      // The document (the list's truth, what a shared list syncs) says the same as the row.
      expect(await storedNotes(raw, id)).toEqual(['Call']);
    });
  });

  it('a change or a move of an entry of a list not open, its database closed under the store: false and the failure shown, nothing left waiting', async () => {
    const storeDb = catchShortlistDb();
    const { shortlists } = await started({ actors });
    const id = (await shortlists.createList('Closed under it'))!;
    await shortlists.addActors(id, [1]);
    const entryId = (await storeDb().table('entries').where('shortlistId').equals(id).first()).id as number;
    // Not shown by the store: the write reads which list the entry is in, from a database now closed.
    storeDb().close();
    expect(await shortlists.updateEntry(entryId, { note: 'Typed as it closed' })).toBe(false);
    expect(shortlists.error).not.toBeNull();
    // A move (a drag, Alt+Arrow) reads the entry's list the same way.
    shortlists.error = null;
    expect(await shortlists.moveEntry(entryId, 0)).toBe(false);
    expect(shortlists.error).not.toBeNull();
  });

  it('a keystroke whose write fails leaves nothing missing from the document: the next write stores its change too', { timeout: 20_000 }, async () => {
    const { shortlists, id, entryId, doc } = await openListNoted('Failed once', 'Ca');
    // The write of 'Cal' fails after its change is in the document in memory.
    const failed = atNextDocChange(doc, (underWay) => underWay.abort());
    expect(await shortlists.updateEntry(entryId, { note: 'Cal' })).toBe(false);
    await failed;
    expect(shortlists.error).not.toBeNull();
    expect(await shortlists.updateEntry(entryId, { note: 'Call' })).toBe(true);
    // The next start reads the document from disk: the failed change is there, so what came after it is too.
    await onDisk(async (raw) => {
      expect(await storedNotes(raw, id)).toEqual(['Call']);
    });
  });

  it('a keystroke whose write fails, typed on the note stored, and the next one typed on it: the note holds each letter once', { timeout: 20_000 }, async () => {
    const { shortlists, storeDb, id, entryId, doc } = await openListNoted('Typed on', 'Ca');
    const failed = atNextDocChange(doc, (underWay) => underWay.abort());
    expect(await shortlists.updateEntry(entryId, { note: 'Cal', noteBase: 'Ca' })).toBe(false);
    await failed;
    // The document in memory has "Cal", the row "Ca": the next letter is typed on "Cal".
    expect(await shortlists.updateEntry(entryId, { note: 'Call', noteBase: 'Cal' })).toBe(true);
    expect(await storeDb().table('entries').get(entryId)).toMatchObject({ note: 'Call' });
    expect(readListDoc(doc).entries.map((entry) => entry.note)).toEqual(['Call']);
    await onDisk(async (raw) => {
      expect(await storedNotes(raw, id)).toEqual(['Call']);
    });
  });

  it('a keystroke whose write fails is written again on its own: the row says it without another keystroke, and the failure shown clears', { timeout: 20_000 }, async () => {
    const { shortlists, storeDb, id, entryId, doc } = await openListNoted('Tried again', 'Ca');
    const failed = atNextDocChange(doc, (underWay) => underWay.abort());
    expect(await shortlists.updateEntry(entryId, { note: 'Cal' })).toBe(false);
    await failed;
    expect(shortlists.error).not.toBeNull();
    // Nothing more is typed: the store's second try (a second later) stores the row and the document.
    await vi.waitFor(async () => expect(await storeDb().table('entries').get(entryId)).toMatchObject({ note: 'Cal' }), { timeout: 10_000, interval: 50 });
    expect(shortlists.error).toBeNull();
    expect(await storeDb().table('typedEdits').count()).toBe(0);
    await onDisk(async (raw) => {
      expect(await storedNotes(raw, id)).toEqual(['Cal']);
    });
  });

  it('a rename whose write fails is taken back out of the list\'s document: in memory, on disk and for the office it keeps its name', { timeout: 20_000 }, async () => {
    const { shortlists, id, entryId, doc } = await openListNoted('Before', 'Ca');
    // The write fails after the new name is in the document in memory.
    const failed = atNextDocChange(doc, (underWay) => underWay.abort());
    expect(await shortlists.renameList(id, 'After')).toBe(false);
    await failed;
    expect(shortlists.error).not.toBeNull();
    expect(readListDoc(doc).name).toBe('Before');
    // The next write stores the failed change with what takes it back.
    expect(await shortlists.updateEntry(entryId, { note: 'Cal' })).toBe(true);
    await onDisk(async (raw) => {
      expect(await storedListDoc(raw, id)).toMatchObject({ name: 'Before', entries: [{ note: 'Cal' }] });
      expect(await raw.table('shortlists').get(id)).toMatchObject({ name: 'Before' });
    });
  });

  it('a removal whose write fails is taken back out of the document: the entry stays on the list everywhere, not only in its row', { timeout: 20_000 }, async () => {
    const { shortlists, id, entryId, doc } = await openListNoted('Removal fails', 'Ca');
    const failed = atNextDocChange(doc, (underWay) => underWay.abort());
    expect(await shortlists.removeEntries([entryId])).toBe(false);
    await failed;
    expect(readListDoc(doc).entries.map((entry) => entry.note)).toEqual(['Ca']);
    expect(await shortlists.updateEntry(entryId, { note: 'Cal' })).toBe(true);
    await onDisk(async (raw) => {
      // Before, the document on disk had the entry deleted while its row stayed: a shared list lost it at every colleague.
      expect(await storedNotes(raw, id)).toEqual(['Cal']);
      expect(await raw.table('entries').get(entryId)).toMatchObject({ note: 'Cal' });
    });
  });

  it('a note typed before the open list\'s document is loaded and the page gone: the row and a pending edit are written at once, and the next start carries it into the document', { timeout: 30_000 }, async () => {
    const storeDb = catchShortlistDb();
    const first = await started({ actors });
    const id = (await first.shortlists.createList('Opened just now'))!;
    await first.shortlists.addActors(id, [1]);
    // y-dexie's load of the document waits behind a write on its updates table that does not end yet.
    const blocker = await holdTable();
    first.shortlists.open(id);
    await eventually(() => expect(first.shortlists.entries).toHaveLength(1));
    expect(first.shortlists.openDocLoaded).toBe(false);
    const entryId = first.shortlists.entries[0]!.id;
    void first.shortlists.updateEntry(entryId, { note: 'Typed before the list had loaded' });
    window.dispatchEvent(new Event('pagehide'));
    // The page is gone.
    storeDb().close();
    blocker.release();
    await blocker.done;
    await onDisk(async (raw) => {
      expect(await raw.table('entries').get(entryId)).toMatchObject({ note: 'Typed before the list had loaded' });
      expect(await storedNotes(raw, id)).toEqual(['']);
      expect(await raw.table('pendingDocEdits').count()).toBe(1);
    });
    await first.sync.activate(null);

    // The next start carries it into the list's document (its truth), and drops the pending edit.
    const again = await started({ actors }, first.connectionId);
    const reopened = new Dexie(userShortlistDbName);
    try {
      await reopened.open();
      await eventually(async () => expect(await reopened.table('pendingDocEdits').count()).toBe(0));
      expect(await storedNotes(reopened, id)).toEqual(['Typed before the list had loaded']);
      expect(await reopened.table('entries').get(entryId)).toMatchObject({ note: 'Typed before the list had loaded' });
    } finally {
      reopened.close();
    }
    again.shortlists.open(id);
    await eventually(() => expect(again.shortlists.entries[0]).toMatchObject({ note: 'Typed before the list had loaded' }));
  });

  it('journals a keystroke at once while the write of the entries waits, and forgets it once stored', { timeout: 20_000 }, async () => {
    const { storeDb, shortlists, entryId } = await openListNoted('Journaled', 'Strong');
    const journal = () => storeDb().table('typedEdits').toArray();
    await eventually(async () => expect(await journal()).toEqual([]));
    // The store's write of the entries waits (a busy machine, a long write before it); the page may die any moment.
    const blocker = await holdTable('entries');
    const stored = shortlists.updateEntry(entryId, { note: 'Strong presence' });
    // The journal's transaction is in no other's scope: it commits while the entries are held.
    await eventually(async () => expect(await journal()).toMatchObject([{ entryId, fields: { note: 'Strong presence' } }]));
    blocker.release();
    await blocker.done;
    expect(await stored).toBe(true);
    await eventually(async () => expect(await journal()).toEqual([]));
  });

  it('writes at the next start what was journaled and never stored (the page killed): the row and the list\'s document', { timeout: 30_000 }, async () => {
    const first = await openListNoted('Killed', 'Strong');
    const otherList = (await first.shortlists.createList('Other'))!;
    await first.shortlists.addActors(otherList, [2]);
    const other = (await first.storeDb().table('entries').where('shortlistId').equals(otherList).first()) as ShortlistEntryRow & { id: number };
    const db = first.storeDb() as ShortlistDb;
    // As the keystrokes journaled them just before the page was killed, their writes never begun:
    // the note goes on, the rating set; on the other list only what its row already says; one entry is gone.
    journalTypedEdit(db, { entryId: first.entryId, seq: Date.now() + 1, fields: { note: 'Strong presence' } });
    journalTypedEdit(db, { entryId: first.entryId, seq: Date.now() + 2, fields: { note: 'Strong presence; accent', rating: 4 } });
    journalTypedEdit(db, { entryId: other.id, seq: Date.now() + 3, fields: { note: '' } });
    journalTypedEdit(db, { entryId: 999_999, seq: Date.now() + 4, fields: { note: 'An entry removed since' } });
    // Damaged records: no fields at all, and one naming what is not an edit (another list); neither holds up the rest.
    journalTypedEdit(db, { entryId: first.entryId, seq: Date.now() + 5, fields: null as unknown as TypedEditRow['fields'] });
    journalTypedEdit(db, { entryId: other.id, seq: Date.now() + 6, fields: { shortlistId: first.id } as unknown as TypedEditRow['fields'] });
    await eventually(async () => expect(await db.table('typedEdits').count()).toBe(6));
    await first.stop();

    const again = await started({ actors }, first.connectionId);
    again.shortlists.open(first.id);
    await eventually(() => expect(again.shortlists.entries[0]).toMatchObject({ id: first.entryId, note: 'Strong presence; accent', rating: 4 }));
    await onDisk(async (raw) => {
      // Into the list's document as the user's edit, then nothing is left waiting.
      await eventually(async () => expect(await raw.table('pendingDocEdits').count()).toBe(0));
      expect(await storedNotes(raw, first.id)).toEqual(['Strong presence; accent']);
      expect(await raw.table('typedEdits').count()).toBe(0);
      // What the row already said is left alone: not even its time of change moves.
      expect(await raw.table('entries').get(other.id)).toEqual(other);
    });
  });

  it('a note written in a large library reads no entry of the other lists (nothing in a write path scans a table)', { timeout: 60_000 }, async () => {
    // 200 lists of 100 entries, written before the app starts, as an imported backup would leave them.
    const seeded = new ShortlistDb(undefined, userShortlistDbName);
    await seeded.open();
    const at = '2026-01-01T00:00:00.000Z';
    const snapshot = { name: 'Seeded', actingAgeFrom: null, actingAgeTo: null, age: null, height: null, gender: null, agencies: [], languages: {}, thumbUrl: null, pictureUrl: null, updatedAt: null };
    const listIds = await seeded.shortlists.bulkAdd(Array.from({ length: 200 }, (_, n) => ({ name: `List ${n}`, castingCallId: null, roleId: null, castingCallName: null, roleName: null, createdAt: at, updatedAt: at })), { allKeys: true });
    await seeded.entries.bulkAdd(
      listIds.flatMap((shortlistId) =>
        Array.from({ length: 100 }, (_, n) => ({ shortlistId, directoryOrigin: 'https://seeded.example', actorId: 1000 + n, position: n, note: '', rating: null, colours: [], tags: [], status: 'considering' as const, addedAt: at, updatedAt: at, snapshot })),
      ),
    );
    seeded.close();

    const storeDb = catchShortlistDb();
    const { shortlists } = await started({ actors });
    await eventually(() => expect(shortlists.lists).toHaveLength(200));
    expect(shortlists.lists.every((list) => list.count === 100)).toBe(true);
    const listId = listIds[7]!;
    shortlists.open(listId);
    await eventually(() => expect(shortlists.entries).toHaveLength(100));
    let entriesRead = 0;
    storeDb().table('entries').hook('reading', (row: unknown) => {
      entriesRead += 1;
      return row;
    });
    const entryId = shortlists.entries[3]!.id;
    for (const note of ['C', 'Ca', 'Cal', 'Call']) void shortlists.updateEntry(entryId, { note });
    await shortlists.flushPendingWrites();
    // The live queries have run again: the list moved to the top, the note shows, the counts hold.
    await eventually(() => expect(shortlists.lists[0]).toMatchObject({ id: listId, count: 100 }));
    await eventually(() => expect(shortlists.entries[3]!.note).toBe('Call'));
    // The open list's 100 entries, read again a few times, and the written ones; never the 20,000.
    expect(entriesRead).toBeLessThan(1000);
  });

  it('exports each actor as the library has them now, the snapshot only for a profile the directory no longer has', { timeout: 20_000 }, async () => {
    const { shortlists, exports, sync } = await started({ actors });
    const id = (await shortlists.createList('Export'))!;
    await shortlists.addActors(id, [1, 2]);
    // Both entries as if added before their details were saved: no acting age, no agency.
    const db = new Dexie(userShortlistDbName);
    await db.open();
    await db.table('entries').toCollection().modify((entry: { snapshot: Record<string, unknown> }) => {
      Object.assign(entry.snapshot, { actingAgeFrom: null, actingAgeTo: null, agencies: [], height: null });
    });
    db.close();
    // The directory no longer has actor 2: it reads from its snapshot (with the name it had).
    const library = await openConnectionLibrary(sync.connectionId!);
    await markProfileRemoved(library, 'actor', 2, { reason: 'deleted', at: '2026-11-20T10:00:00.000Z' });
    // Actor 1's saved detail now knows a height too.
    await writeProfileDetail(library, 'actor', { ...actorDetail(actors[0]!), height: 182 }, new Date().toISOString());
    await eventually(() => expect(shortlists.available(2)).toBe(false));

    let csv = '';
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      void (blob as Blob).text().then((text) => (csv = text));
      return 'blob:csv';
    });
    try {
      expect(await exports.exportCsv(id)).toBe(true);
      await eventually(() => expect(csv).not.toBe(''));
    } finally {
      created.mockRestore();
    }
    const [header, ...rows] = parseCsv(csv);
    const column = (name: string) => header!.indexOf(name);
    const byName = new Map(rows.map((row) => [row[column('Name')], row]));
    expect(byName.get('Zoe Zander')?.[column('Acting age')]).toBe('25–35');
    expect(byName.get('Zoe Zander')?.[column('Agencies')]).toBe('Agentur Nord');
    expect(byName.get('Zoe Zander')?.[column('Height (cm)')]).toBe('182');
    expect(byName.get('Ada Aalto')?.[column('Acting age')]).toBe('');
    expect(byName.get('Ada Aalto')?.[column('Agencies')]).toBe('');
    expect(byName.get('Ada Aalto')?.[column('Height (cm)')]).toBe('');
  });

  it('compares an actor the library does not know from their shortlist snapshot', { timeout: 20_000 }, async () => {
    const first = await started({ actors });
    const id = (await first.shortlists.createList('Compare'))!;
    await first.shortlists.addActors(id, [4]);
    await first.sync.activate(null);
    // Another connection to the same directory, whose library never saw actor 4.
    const { compare } = await startedWith({ actors: actors.slice(0, 3) }, freshConnectionId(), 3);
    compare.open([1, 4]);
    await eventually(() => expect(compare.actors.map((actor) => [actor.name, actor.known])).toEqual([['Zoe Zander', true], ['Jonas Weber', true]]));
  });

  it('remembers an actor across lists with every note, and keeps lists when the cache is cleared', async () => {
    const { shortlists, sync, connectionId } = await started({ actors });
    const pilot = (await shortlists.createList('Pilot'))!;
    const film = (await shortlists.createList('Feature'))!;
    await shortlists.addActors(pilot, [3]);
    await shortlists.addActors(film, [3, 4]);
    shortlists.open(film);
    await eventually(() => expect(shortlists.entries).toHaveLength(2));
    await shortlists.updateEntry(shortlists.entries[0]!.id, { note: 'Speaks Bavarian' });
    shortlists.showMemoryOf(3);
    await eventually(() => expect(shortlists.memory.map((item) => [item.list.name, item.entry.note]).sort()).toEqual([['Feature', 'Speaks Bavarian'], ['Pilot', '']]));

    expect(await sync.clearCache(connectionId)).toBe(true);
    expect(await Dexie.exists(userShortlistDbName)).toBe(true);
    await eventually(() => expect(shortlists.lists.map((list) => list.name).sort()).toEqual(['Feature', 'Pilot']));
    expect(shortlists.entries.map((entry) => entry.snapshot.name)).toEqual(['Björn Berg', 'Jonas Weber']);
  });

  it('marks an actor the directory removed as no longer available, keeping the entry', async () => {
    const connectionId = freshConnectionId();
    const first = await started({ actors }, connectionId);
    const id = (await first.shortlists.createList('Pilot'))!;
    await first.shortlists.addActors(id, [4]);
    expect(first.shortlists.available(4)).toBe(true);
    await first.sync.activate(null);
    const later = await startedWith({ actors: actors.slice(0, 3) }, connectionId, 3);
    await later.sync.start(true);
    await eventually(() => expect(later.shortlists.available(4)).toBe(false));
    later.shortlists.open(id);
    await eventually(() => expect(later.shortlists.entries.map((entry) => entry.snapshot.name)).toEqual(['Jonas Weber']));
  });
});
