/**
 * The sync watermark against a hostile directory (a real HTTP server on 127.0.0.1 whose list items
 * the test sets) through the REAL back end: a future or unreadable `updated_at` never becomes the
 * watermark, so later incremental runs still bring what changed; a new anomaly makes the next run
 * a full reconcile; a week without one does too; the directory's `Date` header, not our clock,
 * bounds the watermark; negative ids are refused item by item.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { channelNames } from '../../contract/bridge-channels.ts';
import { createBackEnd, type BackEnd } from '../../electron/core/backEnd.ts';
import { LibraryDb, type SyncState } from '../../renderer/src/db/libraryDb.ts';
import { createSyncEngine, type SyncBridge, type SyncEngine, type SyncEngineOptions } from '../../renderer/src/sync/syncEngine.ts';
import { startHostileListDirectory, type HostileListDirectory } from './hostileListDirectory.ts';

const hour = 3600_000;
const day = 24 * hour;
const iso = (ms: number) => new Date(ms).toISOString();

let directory: HostileListDirectory;
let userDataDir: string;
let backEnd: BackEnd;
let connectionId: string;
const dbs: LibraryDb[] = [];
const engines: SyncEngine[] = [];

function freshEngine(options: Partial<SyncEngineOptions> = {}): { db: LibraryDb; engine: SyncEngine } {
  const db = new LibraryDb(`watermark-${process.pid}-${dbs.length}-${Date.now().toString(36)}`, { indexedDB, IDBKeyRange });
  dbs.push(db);
  const bridge = Object.fromEntries(channelNames.map((name) => [name, (args: unknown) => backEnd.call(name, args)])) as unknown as SyncBridge;
  const engine = createSyncEngine({ db, bridge, connectionId, details: false, media: false, lookbackSeconds: 0, backoff: { baseMs: 50, capMs: 400 }, ...options });
  engines.push(engine);
  return { db, engine };
}

async function actorState(db: LibraryDb): Promise<SyncState> {
  return (await db.syncState.get([connectionId, 'actors']))!;
}

/** The `updated_at[gte]` of each actor list request of the run `run` makes (null: a full run's). */
async function sinceAsked(run: () => Promise<unknown>): Promise<(string | null)[]> {
  const from = directory.actorListQueries.length;
  await run();
  return directory.actorListQueries.slice(from).map((query) => query.get('updated_at[gte]'));
}

beforeAll(async () => {
  directory = await startHostileListDirectory();
  userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-watermark-'));
  backEnd = await createBackEnd({ userDataDir, shell: 'web', version: 'test' });
  const added = await backEnd.call('addConnection', { name: 'Hostile', baseUrl: directory.baseUrl, contentLocale: 'en', key: directory.key });
  if (!added.ok) throw new Error(added.error.message);
  connectionId = (added.value as { id: string }).id;
}, 120_000);

afterAll(async () => {
  for (const engine of engines) engine.dispose();
  for (const db of dbs) {
    db.close();
    await db.delete();
  }
  await backEnd?.close();
  await directory?.stop();
  if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
});

it('a future or unreadable updated_at never becomes the watermark: later incremental runs still bring changes', async () => {
  const now = Date.now();
  const sane = iso(now - 3 * hour);
  directory.actors = [
    { id: 1, name: 'Anna Sane', updated_at: sane },
    { id: 2, name: 'Year Ninetynine', updated_at: '9999-12-31T23:59:59Z' },
    { id: 3, name: 'No Such Hour', updated_at: '2026-02-30T25:61:00Z' },
    { id: -5, name: 'Negative', updated_at: iso(now - 4 * hour) },
  ];
  const { db, engine } = freshEngine();
  expect(await engine.run()).toBe('done');
  expect(((await db.actors.toArray()).map((row) => row.id)).sort()).toEqual([1, 2, 3]);
  const first = await actorState(db);
  expect(first.watermark).toBe(sane);
  // The negative id is refused as the API's list schema says, and named in the "could not read" list.
  expect(first.unreadable).toEqual([expect.objectContaining({ id: null, path: '$[0].id' })]);

  // A change after the watermark arrives in the next, incremental, run.
  directory.actors.push({ id: 4, name: 'Bea New', updated_at: iso(now - hour) });
  expect(await sinceAsked(() => engine.run())).toEqual([String(Math.floor(Date.parse(sane) / 1000))]);
  expect((await db.actors.get(4))?.item.name).toBe('Bea New');
  expect((await actorState(db)).watermark).toBe(iso(now - hour));
  // The future item, unchanged since the full run saw it, is no new anomaly: the runs stay incremental.
  expect(await sinceAsked(() => engine.run())).toEqual([String(Math.floor((now - hour) / 1000))]);
});

it('a new anomaly makes the next run a full reconcile, which finds what the incremental runs missed', async () => {
  const now = Date.now();
  directory.actors = [
    { id: 1, name: 'Anna Sane', updated_at: iso(now - 5 * hour) },
    { id: 7, name: 'Carl Later', updated_at: iso(now - 3 * hour) },
  ];
  const { db, engine } = freshEngine();
  expect(await engine.run()).toBe('done');
  expect((await actorState(db)).reconcileDueAt).toBeUndefined();

  // One item dated two days ahead, and one changed without a newer updated_at (only a full run sees it).
  directory.actors = [
    { id: 1, name: 'Anna Renamed', updated_at: iso(now - 5 * hour) },
    { id: 6, name: 'Tomorrow Man', updated_at: iso(now + 2 * day) },
    { id: 7, name: 'Carl Later', updated_at: iso(now - 3 * hour) },
  ];
  await engine.run();
  expect((await actorState(db)).reconcileDueAt).toEqual(expect.any(String));
  expect((await actorState(db)).watermark).toBe(iso(now - 3 * hour));
  expect((await db.actors.get(1))?.item.name).toBe('Anna Sane');

  expect(await sinceAsked(() => engine.run())).toEqual([null]);
  expect((await db.actors.get(1))?.item.name).toBe('Anna Renamed');
  expect((await actorState(db)).reconcileDueAt).toBeUndefined();
  expect(await sinceAsked(() => engine.run())).toEqual([String(Math.floor((now - 3 * hour) / 1000))]);
});

it('a full reconcile every week, and at once for a watermark an earlier version stored from a future date', async () => {
  const now = Date.now();
  directory.actors = [{ id: 1, name: 'Anna Sane', updated_at: iso(now - 3 * hour) }];
  const { db, engine } = freshEngine();
  expect(await engine.run()).toBe('done');
  expect(await sinceAsked(() => engine.run())).not.toEqual([null]);

  const weekLater = freshEngine({ db, now: () => Date.now() + 8 * day }).engine;
  expect(await sinceAsked(() => weekLater.run())).toEqual([null]);

  await db.syncState.update([connectionId, 'actors'], { watermark: '9999-12-31T23:59:59Z' });
  expect(await sinceAsked(() => engine.run())).toEqual([null]);
  expect((await actorState(db)).watermark).toBe(iso(now - 3 * hour));
});

it("the directory's Date header bounds the watermark, not our clock", async () => {
  const now = Date.now();
  directory.actors = [
    { id: 1, name: 'Anna Sane', updated_at: iso(now - 3 * hour) },
    { id: 2, name: 'Two Days Ahead', updated_at: iso(now + 2 * day) },
  ];
  // Our clock is a month ahead: by it, two days ahead would be the past.
  const { db, engine } = freshEngine({ now: () => Date.now() + 30 * day });
  expect(await engine.run()).toBe('done');
  expect((await actorState(db)).watermark).toBe(iso(now - 3 * hour));
});
