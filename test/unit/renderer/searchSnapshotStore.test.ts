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
import { deleteLibraryDb, openLibraryDb, type LibraryDb } from '../../../renderer/src/db/libraryDb.ts';
import { putSearchRows } from '../../../renderer/src/db/searchRows.ts';
import { deleteSearchSnapshots, readSearchSnapshots, writeSearchSnapshots } from '../../../renderer/src/db/searchSnapshotDb.ts';
import { emptyQuery } from '../../../renderer/src/search/profileIndex.ts';
import { searchSnapshotTiming, useSearchIndexStore } from '../../../renderer/src/stores/searchIndex.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { searchRowsOf } from '../../bench/searchRows.ts';
import { fakeBridge } from './fakeBridge.ts';

const eventually = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 20 });
let counter = 0;
const opened: LibraryDb[] = [];

afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await deleteLibraryDb(db.connectionId);
  }
});

const names = [
  { first: 'Jonas', last: 'Weber' },
  { first: 'Malte', last: 'Müller' },
  { first: 'Anouk', last: 'Schmidt' },
  { first: 'Zeynep', last: 'Yılmaz' },
  { first: 'Lars', last: 'Sørensen' },
];

async function library(): Promise<LibraryDb> {
  const db = await openLibraryDb(`snapshot-${Date.now().toString(36)}-${(counter += 1)}`);
  opened.push(db);
  const rows = searchRowsOf(names).map(({ rev: _rev, ...row }) => row);
  await db.transaction('rw', db.searchRows, () => putSearchRows(db.searchRows, rows));
  return db;
}

/** A fresh start of the stores (a new page) on `db`. */
function start(db: LibraryDb | null) {
  const app = createApp({});
  const pinia = createPinia();
  app.use(pinia).provide(castdeskBridgeKey, fakeBridge().bridge as CastdeskBridge);
  setActivePinia(pinia);
  const stores = app.runWithContext(() => ({ sync: useSyncStore(), index: useSearchIndexStore() }));
  stores.sync.db = db;
  return stores.index;
}

const found = (index: ReturnType<typeof useSearchIndexStore>, text: string) => [...index.search('actor', { ...emptyQuery(), text, sort: 'relevance' }).ids];

describe('the persisted search index', () => {
  it('is written once the index is still, read at the next start without reading rows, and caught up by rev', async () => {
    searchSnapshotTiming.delayMs = 0;
    const db = await library();
    const first = start(db);
    await eventually(() => expect(first.loaded).toBe(true));
    expect(first.loadedRows).toBe(names.length);
    await eventually(async () => expect((await readSearchSnapshots(db.name)).actor?.readThroughRev).toBe(names.length));

    // A row written after the snapshot (the next sync).
    const [later] = searchRowsOf([{ first: 'Katarina', last: 'Becker' }], 100);
    const { rev: _rev, ...laterRow } = later!;
    await db.transaction('rw', db.searchRows, () => putSearchRows(db.searchRows, [laterRow]));

    const second = start(db);
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
    const first = start(db);
    await eventually(async () => expect((await readSearchSnapshots(db.name)).crew).toBeDefined());
    expect(first.size('actor')).toBe(names.length);

    // Damaged bytes: the rows are read instead, and the search is whole.
    const stored = await readSearchSnapshots(db.name);
    const damaged = new Uint8Array(stored.actor!.buffer.slice(0));
    damaged[damaged.length - 9] = (damaged[damaged.length - 9]! + 1) % 256;
    await writeSearchSnapshots([{ ...stored.actor!, buffer: damaged.buffer }, stored.crew!]);
    const second = start(db);
    await eventually(() => expect(second.loaded).toBe(true));
    expect(second.loadedRows).toBe(names.length);
    expect(found(second, 'weber jon')).toEqual([1]);

    // The library cleared: its snapshots go, and an index of the refilled library holds only its rows.
    await eventually(async () => expect((await readSearchSnapshots(db.name)).actor?.readThroughRev).toBe(names.length));
    await db.searchRows.clear();
    const third = start(db);
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
    const second = start(db);
    await eventually(() => expect(second.size('actor')).toBe(1));
    expect(found(second, 'katarina')).toEqual([100]);
    expect(found(second, 'weber')).toEqual([]);
    expect(second.loadedRows).toBe(1);
    await eventually(async () => expect((await readSearchSnapshots(db.name)).actor?.libraryRows).toBe(1));
  });
  it("reads the last start's snapshots before its library is open, and another library's never", async () => {
    searchSnapshotTiming.delayMs = 0;
    const db = await library();
    const first = start(db);
    await eventually(async () => expect((await readSearchSnapshots(db.name)).actor?.readThroughRev).toBe(names.length));
    first.$dispose();

    const stored = await readSearchSnapshots(db.name);
    // The stores start before the connection is known: the remembered library's snapshots are
    // read at once, before they are deleted here, so the start needs no row.
    const early = start(null);
    await deleteSearchSnapshots(db.name);
    useSyncStore().db = db;
    await eventually(() => expect(early.loaded).toBe(true));
    expect(early.loadedRows).toBe(0);
    expect(found(early, 'weber jon')).toEqual([1]);

    // Another library opens where the last start's was remembered: its own rows, not that snapshot.
    const other = await openLibraryDb(`snapshot-other-${Date.now().toString(36)}-${(counter += 1)}`);
    opened.push(other);
    // As many rows as the remembered snapshot holds and newer revs: only its library tells them apart.
    const others = searchRowsOf([...names.map(({ first }) => ({ first, last: 'Becker' })), { first: 'Katarina', last: 'Becker' }], 100);
    await other.transaction('rw', other.searchRows, async () => {
      await other.searchRows.bulkPut(others.map((row, i) => ({ ...row, rev: 50 + i })));
    });
    // The remembered library's snapshots are there again when the stores start.
    await writeSearchSnapshots([stored.actor!, stored.crew!]);
    const switched = start(other);
    await eventually(() => expect(switched.loaded).toBe(true));
    expect(switched.loadedRows).toBe(names.length + 1);
    expect(found(switched, 'katarina')).toEqual([105]);
    expect(found(switched, 'weber')).toEqual([]);
  });
});
