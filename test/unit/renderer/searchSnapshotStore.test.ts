/**
 * The search index store with its persisted snapshots, on fake-indexeddb: a library is indexed
 * and its snapshots written once the writes pause; the next start takes the index from them (no
 * row read) and catches up with rows written since; a damaged snapshot, or one of a library that
 * was cleared since, is not read.
 */
import 'fake-indexeddb/auto';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from 'vue';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { openLibraryDb, type LibraryDb } from '../../../renderer/src/db/libraryDb.ts';
import { putSearchRows } from '../../../renderer/src/db/searchRows.ts';
import { deleteSearchSnapshots, readSearchSnapshots, writeSearchSnapshots } from '../../../renderer/src/db/searchSnapshotDb.ts';
import { emptyQuery } from '../../../renderer/src/search/profileIndex.ts';
import { WordMatcher } from '../../../renderer/src/search/wordMatches.ts';
import { searchSnapshotTiming, useSearchIndexStore } from '../../../renderer/src/stores/searchIndex.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { searchRowsOf } from '../../support/searchRows.ts';
import { fakeBridge } from './fakeBridge.ts';

const origin = 'https://directory.test';
const eventually = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 20 });
const opened: LibraryDb[] = [];
const started: ReturnType<typeof useSyncStore>[] = [];

afterEach(async () => {
  for (const sync of started.splice(0)) await sync.activate(null);
  // The app's library itself is emptied after each test (setup/oneLibrary.ts).
  for (const db of opened.splice(0)) db.close();
});

const names = [
  { first: 'Jonas', last: 'Weber' },
  { first: 'Malte', last: 'Müller' },
  { first: 'Anouk', last: 'Schmidt' },
  { first: 'Zeynep', last: 'Yılmaz' },
  { first: 'Lars', last: 'Sørensen' },
];

async function library(): Promise<LibraryDb> {
  const db = await openLibraryDb();
  opened.push(db);
  const rows = searchRowsOf(names).map(({ rev: _rev, ...row }) => row);
  await db.transaction('rw', db.searchRows, () => putSearchRows(db.searchRows, rows));
  return db;
}

/**
 * A fresh start of the stores (a new page) on the app's library, `db` open beside it; with null
 * the stores start before any connection (the library is not open yet).
 */
function start(db: LibraryDb | null) {
  const app = createApp({});
  const pinia = createPinia();
  app.use(pinia).provide(castdeskBridgeKey, fakeBridge().bridge as CastdeskBridge);
  setActivePinia(pinia);
  const stores = app.runWithContext(() => ({ sync: useSyncStore(), index: useSearchIndexStore() }));
  started.push(stores.sync);
  if (db) void stores.sync.activate('c1', origin);
  return stores.index;
}

const found = (index: ReturnType<typeof useSearchIndexStore>, text: string) => [...index.search('actor', { ...emptyQuery(), text, sort: 'relevance' }).ids];

describe('the persisted search index', () => {
  it('is written once the index is still, read at the next start without reading rows, and caught up by rev', async () => {
    searchSnapshotTiming.delayMs = 0;
    const db = await library();
    const first = await start(db);
    await eventually(() => expect(first.loaded).toBe(true));
    expect(first.loadedRows).toBe(names.length);
    await eventually(async () => expect((await readSearchSnapshots(db.name)).actor?.readThroughRev).toBe(names.length));

    // A row written after the snapshot (the next sync).
    const [later] = searchRowsOf([{ first: 'Katarina', last: 'Becker' }], 100);
    const { rev: _rev, ...laterRow } = later!;
    await db.transaction('rw', db.searchRows, () => putSearchRows(db.searchRows, [laterRow]));

    const second = await start(db);
    await eventually(() => expect(second.loaded).toBe(true));
    // Searchable from the snapshot: no row was read to build it.
    expect(second.loadedRows).toBe(0);
    expect(found(second, 'mueler')).toEqual([2]);
    expect(found(second, 'yilmaz')).toEqual([4]);
    await eventually(() => expect(found(second, 'katarina')).toEqual([100]));
    expect(second.size('actor')).toBe(names.length + 1);
  });

  it('reads the rows again when a snapshot is damaged, or belongs to a library cleared since', async () => {
    searchSnapshotTiming.delayMs = 0;
    const db = await library();
    const first = await start(db);
    await eventually(async () => expect((await readSearchSnapshots(db.name)).crew).toBeDefined());
    expect(first.size('actor')).toBe(names.length);

    // Damaged bytes: the rows are read instead, and the search is whole.
    const stored = await readSearchSnapshots(db.name);
    const damaged = new Uint8Array(stored.actor!.buffer.slice(0));
    damaged[damaged.length - 9] = (damaged[damaged.length - 9]! + 1) % 256;
    await writeSearchSnapshots([{ ...stored.actor!, buffer: damaged.buffer }, stored.crew!]);
    const second = await start(db);
    await eventually(() => expect(second.loaded).toBe(true));
    expect(second.loadedRows).toBe(names.length);
    expect(found(second, 'weber jon')).toEqual([1]);

    // The library cleared: its snapshots go, and an index of the refilled library holds only its rows.
    await eventually(async () => expect((await readSearchSnapshots(db.name)).actor?.readThroughRev).toBe(names.length));
    await db.searchRows.clear();
    const third = await start(db);
    await eventually(async () => expect((await readSearchSnapshots(db.name)).actor).toBeUndefined());
    await eventually(() => expect(third.loaded).toBe(true));
    expect(third.size('actor')).toBe(0);
  });
  it('shows a snapshot at once and reads the rows anew when the library turns out to hold fewer rows than it was taken of', async () => {
    searchSnapshotTiming.delayMs = 0;
    const db = await library();
    const first = start(db);
    await eventually(async () => expect((await readSearchSnapshots(db.name)).actor?.libraryRows).toBe(names.length));
    // That page is closed: it would otherwise follow the changes below and store its own snapshot.
    first.$dispose();

    // Cleared and synced again since, to fewer rows with newer revs: the rev alone does not tell.
    await db.searchRows.clear();
    const [refilled] = searchRowsOf([{ first: 'Katarina', last: 'Becker' }], 100);
    const { rev: _rev, ...refilledRow } = refilled!;
    await db.transaction('rw', db.searchRows, async () => {
      await db.searchRows.put({ ...refilledRow, rev: names.length + 1 });
    });
    const second = await start(db);
    await eventually(() => expect(second.size('actor')).toBe(1));
    expect(found(second, 'katarina')).toEqual([100]);
    expect(found(second, 'weber')).toEqual([]);
    expect(second.loadedRows).toBe(1);
    await eventually(async () => expect((await readSearchSnapshots(db.name)).actor?.libraryRows).toBe(1));
  });
  it("reads the last start's snapshots before the library is open", async () => {
    searchSnapshotTiming.delayMs = 0;
    const db = await library();
    const first = start(db);
    await eventually(async () => expect((await readSearchSnapshots(db.name)).actor?.readThroughRev).toBe(names.length));
    first.$dispose();

    // The stores start before the connection is known: the remembered library's snapshots are
    // read at once, before they are deleted here, so the start needs no row.
    const early = start(null);
    await deleteSearchSnapshots(db.name);
    await useSyncStore().activate('c1', origin);
    await eventually(() => expect(early.loaded).toBe(true));
    expect(early.loadedRows).toBe(0);
    expect(found(early, 'weber jon')).toEqual([1]);
    // (There is one library for every connection now: no other library's snapshot to tell apart.)
  });

  it('prepares typing in idle time: after the first name search, and at once for an index taken from its snapshot', async () => {
    searchSnapshotTiming.delayMs = 0;
    const prepared = vi.spyOn(WordMatcher.prototype, 'prepareWhile');
    try {
      const db = await library();
      const first = start(db);
      await eventually(() => expect(first.loaded).toBe(true));
      await eventually(async () => expect((await readSearchSnapshots(db.name)).actor?.readThroughRev).toBe(names.length));
      // Read from rows, the name search is built by the first search, not in idle time.
      expect(prepared).not.toHaveBeenCalled();
      expect(found(first, 'weber')).toEqual([1]);
      await eventually(() => expect(prepared.mock.results.some((result) => result.value === true)).toBe(true));
      first.$dispose();

      prepared.mockClear();
      const second = start(db);
      await eventually(() => expect(second.loaded).toBe(true));
      expect(second.loadedRows).toBe(0);
      await eventually(() => expect(prepared.mock.results.some((result) => result.value === true)).toBe(true));
      expect(found(second, 'webe')).toEqual([1]);
    } finally {
      prepared.mockRestore();
    }
  });
});
