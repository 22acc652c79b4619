/**
 * Keep offline, media half: the renderer's sync engine (fake-indexeddb) against the REAL back end
 * (media cache on disk) and the REAL directory service, which also serves the pictures and audio
 * showreels. Every displayed version of every picture of a kept profile and its direct audio
 * showreels end up on disk, counted by the back end's index; a directory that dies during the
 * picture phase leaves the sync "incomplete" with the count and reason, and the files come when it
 * is back, without a new run. Against a small cap, the shortlisted actor's pictures are kept first
 * and keeping stops at the cap, with the files left out for it counted.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { channelNames } from '../../contract/bridge-channels.ts';
import type { BridgeResult } from '../../contract/bridge-errors.ts';
import { createBackEnd, type BackEnd } from '../../electron/core/backEnd.ts';
import { MediaCache } from '../../electron/core/media/mediaCache.ts';
import { createMediaPrefetcher } from '../../electron/core/media/mediaPrefetch.ts';
import { LibraryDb } from '../../renderer/src/db/libraryDb.ts';
import { keptMediaOf } from '../../renderer/src/sync/mediaKeeping.ts';
import { createSyncEngine, type SyncBridge, type SyncEngine, type SyncProgress } from '../../renderer/src/sync/syncEngine.ts';
import { startDirectory, type RunningDirectory } from '../../server/src/startDirectory.ts';
import { mediaKeepingContext } from './mediaChannels.ts';

const demo = { actors: 12, crew: 2, castingCalls: 2, seed: 11 };
const dexieOptions = { indexedDB, IDBKeyRange };
const fast = { baseMs: 50, capMs: 400 };

let dataDir: string;
const userDataDirs: string[] = [];
let directory: RunningDirectory | null = null;
let port = 0;
const backEnds: BackEnd[] = [];
const engines: SyncEngine[] = [];
const dbs: LibraryDb[] = [];

async function startService(): Promise<RunningDirectory> {
  return startDirectory({ port, dataDir, demo, rateLimit: { limit: 100_000, windowSeconds: 60 }, mediaRateLimit: { limit: 100_000, windowSeconds: 60 } });
}

/** A back end of its own (own media cache) with a connection to the directory. */
async function freshBackEnd(): Promise<{ backEnd: BackEnd; connectionId: string }> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-kept-media-'));
  userDataDirs.push(userDataDir);
  const backEnd = await createBackEnd({ userDataDir, shell: 'web', version: 'test' });
  backEnds.push(backEnd);
  const key = directory!.keys.find((entry) => entry.key.startsWith('demo-casting-pro'))!.key;
  const added = await backEnd.call('addConnection', { name: 'Kept media', baseUrl: directory!.baseUrl, contentLocale: 'en', key });
  if (!added.ok) throw new Error(added.error.message);
  return { backEnd, connectionId: (added.value as { id: string }).id };
}

function bridgeOf(backEnd: BackEnd, hook?: (name: string, args: Record<string, unknown>) => Promise<void>): { bridge: SyncBridge; calls: { name: string; args: Record<string, unknown> }[] } {
  const calls: { name: string; args: Record<string, unknown> }[] = [];
  const bridge = Object.fromEntries(
    channelNames.map((name) => [
      name,
      async (args: Record<string, unknown>) => {
        calls.push({ name, args });
        await hook?.(name, args);
        return backEnd.call(name, args);
      },
    ]),
  ) as unknown as SyncBridge;
  return { bridge, calls };
}

function freshDb(): LibraryDb {
  const db = new LibraryDb(`kept-media-${process.pid}-${Date.now().toString(36)}-${dbs.length}`, dexieOptions);
  dbs.push(db);
  return db;
}

async function value<T>(result: Promise<BridgeResult<unknown>>): Promise<T> {
  const answer = await result;
  if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
  return answer.value as T;
}

/** Every kept file of the library's saved profiles, as the app would show them. */
async function keptFilesOf(db: LibraryDb): Promise<{ url: string; kind: string }[]> {
  const files: { url: string; kind: string }[] = [];
  for (const row of await db.actors.toArray()) if (row.detail && !row.removed) files.push(...keptMediaOf(row.detail, row.item.main_picture_url_tile));
  for (const row of await db.crew.toArray()) if (row.detail && !row.removed) files.push(...keptMediaOf(row.detail, row.item.main_picture_url_tile));
  return [...new Map(files.map((file) => [file.url, file])).values()];
}

async function presentCount(backEnd: BackEnd, connectionId: string, urls: string[]): Promise<number> {
  let present = 0;
  for (let start = 0; start < urls.length; start += 100) {
    present += (await value<{ present: string[] }>(backEnd.call('getMediaPresence', { connectionId, urls: urls.slice(start, start + 100) }))).present.length;
  }
  return present;
}

function waitFor(engine: SyncEngine, predicate: (progress: SyncProgress) => boolean): Promise<SyncProgress> {
  return new Promise((resolve) => {
    if (predicate(engine.progress())) return resolve(engine.progress());
    const stop = engine.onProgress((progress) => {
      if (predicate(progress)) {
        stop();
        resolve(progress);
      }
    });
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-kept-media-directory-'));
  directory = await startService();
  port = Number(new URL(directory.baseUrl).port);
}, 240_000);

afterAll(async () => {
  for (const engine of engines) engine.dispose();
  for (const db of dbs) {
    db.close();
    await db.delete();
  }
  for (const backEnd of backEnds) await backEnd.close();
  await directory?.close();
  for (const dir of [dataDir, ...userDataDirs]) await rm(dir, { recursive: true, force: true });
}, 60_000);

it('keeps every displayed version of every picture and the audio showreels of kept profiles, counted on disk', async () => {
  const { backEnd, connectionId } = await freshBackEnd();
  const db = freshDb();
  const { bridge } = bridgeOf(backEnd);
  const engine = createSyncEngine({ db, bridge, connectionId, backoff: fast, mediaRetryBackoff: fast });
  engines.push(engine);
  await db.keepOffline.put({ key: 'roster', scope: { kind: 'roster' }, addedAt: new Date().toISOString() });
  expect(await engine.run()).toBe('done');

  const files = await keptFilesOf(db);
  const showreels = files.filter((file) => file.kind === 'showreel');
  expect(files.length).toBeGreaterThan(demo.actors * 3);
  expect(showreels.length).toBeGreaterThan(0);
  expect(await presentCount(backEnd, connectionId, files.map((file) => file.url))).toBe(files.length);
  expect(engine.progress()).toMatchObject({ state: 'done', keptMedia: { wanted: files.length, saved: files.length, waiting: 0, reason: null } });
  const stats = await value<{ keptFiles: number; files: number }>(backEnd.call('getMediaCacheStats', {}));
  expect(stats.keptFiles).toBeGreaterThan(0);
  expect(stats.keptFiles).toBeLessThanOrEqual(stats.files);
}, 180_000);

it('reports kept pictures missing after the directory dies in the picture phase, and fetches them when it is back, without a new run', async () => {
  const { backEnd, connectionId } = await freshBackEnd();
  const db = freshDb();
  let killed = false;
  const { bridge, calls } = bridgeOf(backEnd, async (name) => {
    // The first presence check opens the picture phase of kept files: the directory goes away.
    if (name === 'getMediaPresence' && !killed) {
      killed = true;
      await directory!.close();
    }
  });
  // Retries back off from 1 s, so the outage is visible before the first retry.
  const engine = createSyncEngine({ db, bridge, connectionId, backoff: fast, mediaRetryBackoff: { baseMs: 1000, capMs: 2000 } });
  engines.push(engine);
  await db.keepOffline.put({ key: 'roster', scope: { kind: 'roster' }, addedAt: new Date().toISOString() });
  expect(await engine.run()).toBe('done');
  const incomplete = engine.progress();
  expect(incomplete.state).toBe('incomplete');
  expect(incomplete.keptMedia).toMatchObject({ reason: 'unreachable' });
  // Only the probe was tried and waits for the host; the rest were not tried and are not called unreachable.
  const counts = incomplete.keptMedia!;
  expect(counts.waiting).toBe(1);
  expect(counts.pending).toBeGreaterThan(0);
  expect(counts.saved + counts.waiting + counts.pending + counts.overCap + counts.tooLarge + counts.notImage + counts.failed).toBe(counts.wanted);
  // The host being away cost one probe per pass, not a request per missing file.
  const keptPrefetches = calls.filter((call) => call.name === 'prefetchMedia' && call.args.keepGeneration !== undefined);
  expect(keptPrefetches.map((call) => (call.args.urls as string[]).length)).toEqual(keptPrefetches.map(() => 1));

  directory = await startService();
  const done = await waitFor(engine, (progress) => progress.state === 'done');
  const files = await keptFilesOf(db);
  expect(done.keptMedia).toMatchObject({ wanted: files.length, saved: files.length, waiting: 0 });
  expect(await presentCount(backEnd, connectionId, files.map((file) => file.url))).toBe(files.length);
}, 180_000);

it('keeps the shortlisted actor first and stops at the media cache cap, saying how many files were left out for it', async () => {
  const { backEnd, connectionId } = await freshBackEnd();
  const db = freshDb();
  await db.keepOffline.put({ key: 'roster', scope: { kind: 'roster' }, addedAt: new Date().toISOString() });
  // First the profiles, no pictures: the files and their sizes are known before keeping starts.
  const { bridge: plain } = bridgeOf(backEnd);
  const lister = createSyncEngine({ db, bridge: plain, connectionId, backoff: fast, media: false });
  engines.push(lister);
  expect(await lister.run()).toBe('done');
  lister.dispose();
  const rows = (await db.actors.toArray()).filter((row) => row.detail && !row.removed && (row.detail.pictures?.length ?? 0) > 0);
  const shortlisted = rows.reduce((last, row) => (row.id > last.id ? row : last));
  const shortlistedFiles = keptMediaOf(shortlisted.detail!, shortlisted.item.main_picture_url_tile).filter((file) => file.kind === 'picture');
  let shortlistedBytes = 0;
  for (const file of shortlistedFiles) shortlistedBytes += (await (await fetch(file.url)).arrayBuffer()).byteLength;
  const allBytes = await (async () => {
    let total = 0;
    for (const file of (await keptFilesOf(db)).filter((entry) => entry.kind === 'picture')) total += (await (await fetch(file.url)).arrayBuffer()).byteLength;
    return total;
  })();
  const capBytes = Math.round(shortlistedBytes * 1.5);
  expect(allBytes).toBeGreaterThan(2 * capBytes);

  // The media channels go to a media cache of this test with that small cap, on real files.
  const cacheDir = await mkdtemp(path.join(tmpdir(), 'castdesk-kept-media-cap-'));
  userDataDirs.push(cacheDir);
  const cache = await MediaCache.open({ dir: cacheDir, capBytes });
  const prefetcher = createMediaPrefetcher(cache);
  const { context: media } = mediaKeepingContext(cache, prefetcher, connectionId);
  const { bridge: directoryBridge } = bridgeOf(backEnd);
  const bridge = {
    ...directoryBridge,
    getMediaPresence: media.bridge.getMediaPresence,
    prefetchMedia: media.bridge.prefetchMedia,
    releaseKeptMedia: media.bridge.releaseKeptMedia,
    getMediaCacheStats: async () => ({ ok: true, value: { ...cache.stats(), capBytes: cache.stats().cap } }),
  } as unknown as SyncBridge;
  const engine = createSyncEngine({ db, bridge, connectionId, backoff: fast, mediaRetryBackoff: fast, showreelMaxBytes: () => 0, shortlistedActorIds: async () => [shortlisted.id] });
  engines.push(engine);
  try {
    expect(await engine.run()).toBe('done');
    const kept = engine.progress().keptMedia!;
    // The shortlisted actor's pictures are all kept, though the roster lists that actor last.
    expect(cache.present(shortlistedFiles.map((file) => file.url))).toHaveLength(shortlistedFiles.length);
    expect(cache.stats().keptBytes).toBeLessThanOrEqual(capBytes);
    expect(kept.overCap).toBeGreaterThan(0);
    expect(kept).toMatchObject({ waiting: 0, pending: 0, tooLarge: 0, notImage: 0, failed: 0, reason: null, capBytes });
    expect(kept.saved).toBe(kept.planned);
    expect(kept.saved + kept.overCap).toBe(kept.wanted);
    expect(cache.stats().keptFiles).toBeLessThanOrEqual(kept.saved);
    // Nothing waits: the run is done, not incomplete, and retries nothing.
    expect(engine.progress().state).toBe('done');
  } finally {
    prefetcher.close();
  }
}, 180_000);
