/**
 * The renderer's sync engine (fake-indexeddb in Node) against the REAL back end and the REAL
 * directory service: a 5,000-actor demo (seed 7) in a data folder, so the service can be killed
 * mid-sync and restarted on the same data and port. Later cases swap in fixtures generated with the
 * same seed (so the same keys) to shape updated_at, removals and 410s.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelNames } from '../../contract/bridge-channels.ts';
import type { BridgeResult } from '../../contract/bridge-errors.ts';
import type { ActorListItem, CastingCallListItem, CrewListItem } from '../../contract/directory-api.ts';
import { actorListFields, castingCallListFields, crewListFields } from '../../contract/list-fields.ts';
import { createBackEnd, type BackEnd } from '../../electron/core/backEnd.ts';
import { LibraryDb } from '../../renderer/src/db/libraryDb.ts';
import { roleSearches } from '../../renderer/src/sync/keepOfflineScopes.ts';
import { createSyncEngine, type SyncBridge, type SyncEngine, type SyncEngineOptions, type SyncProgress } from '../../renderer/src/sync/syncEngine.ts';
import { generateDemoFixture } from '../../server/src/demo/generateDemoFixture.ts';
import type { Fixture } from '../../server/src/fixture/schema.ts';
import { startDirectory, type RunningDirectory } from '../../server/src/startDirectory.ts';

const demo = { actors: 5000, crew: 50, castingCalls: 20, seed: 7 };
const dexieOptions = { indexedDB, IDBKeyRange };
const fastBackoff = { baseMs: 50, capMs: 400 };

let dataDir: string;
let userDataDir: string;
let directory: RunningDirectory | null = null;
let port: number;
let backEnd: BackEnd;
let connectionId: string;
const openDbs: LibraryDb[] = [];
const engines: SyncEngine[] = [];

type Hook = (name: string, args: Record<string, unknown>) => void | Promise<void>;

/** The bridge the renderer would have, made of the real back end; `hook` sees every call first. */
function makeBridge(hook?: Hook): SyncBridge {
  return Object.fromEntries(
    channelNames.map((name) => [
      name,
      async (args: Record<string, unknown>) => {
        await hook?.(name, args);
        return backEnd.call(name, args);
      },
    ]),
  ) as unknown as SyncBridge;
}

let dbCounter = 0;
function freshDb(): LibraryDb {
  dbCounter += 1;
  const db = new LibraryDb(`sync-${process.pid}-${Date.now().toString(36)}-${dbCounter}`, dexieOptions);
  openDbs.push(db);
  return db;
}

function engineFor(db: LibraryDb, options: Partial<SyncEngineOptions> = {}): SyncEngine {
  const engine = createSyncEngine({ db, bridge: makeBridge(), connectionId, backoff: fastBackoff, media: false, ...options });
  engines.push(engine);
  return engine;
}

async function value<T>(result: Promise<BridgeResult<T>>): Promise<T> {
  const answer = await result;
  if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
  return answer.value;
}

/** Every item of a list, read straight through the bridge with the engine's fields. */
async function serverActors(): Promise<ActorListItem[]> {
  const items: ActorListItem[] = [];
  for (let page: number | null = 1; page; ) {
    const answer: { items: ActorListItem[]; nextPage: number | null } = await value(backEnd.call('listActors', { connectionId, params: { page, perPage: 1000, order: 'id', fields: actorListFields, includePicture: true } }) as Promise<BridgeResult<{ items: ActorListItem[]; nextPage: number | null }>>);
    items.push(...answer.items);
    page = answer.nextPage;
  }
  return items;
}
async function serverCrew(): Promise<CrewListItem[]> {
  const answer = await value(backEnd.call('listCrew', { connectionId, params: { perPage: 1000, order: 'id', fields: crewListFields, includePicture: true } }) as Promise<BridgeResult<{ items: CrewListItem[] }>>);
  return answer.items;
}
async function serverCastingCalls(current: boolean): Promise<CastingCallListItem[]> {
  const answer = await value(
    backEnd.call('listCastingCalls', { connectionId, params: { perPage: 1000, fields: castingCallListFields, ...(current ? { current: true } : {}) } }) as Promise<BridgeResult<{ items: CastingCallListItem[] }>>,
  );
  return answer.items;
}

async function liveActorItems(db: LibraryDb): Promise<ActorListItem[]> {
  return (await db.actors.toArray()).filter((row) => !row.removed).map((row) => row.item);
}

function waitFor(engine: SyncEngine, predicate: (progress: SyncProgress) => boolean): Promise<SyncProgress> {
  return new Promise((resolve) => {
    if (predicate(engine.progress())) {
      resolve(engine.progress());
      return;
    }
    const stop = engine.onProgress((progress) => {
      if (predicate(progress)) {
        stop();
        resolve(progress);
      }
    });
  });
}

/**
 * A limit far above what the tests draw rather than none: without rate headers the back end's
 * budget assumes the provider's 300 per 5 minutes and paces one request a second.
 */
async function startService(): Promise<RunningDirectory> {
  return startDirectory({ port, dataDir, demo, rateLimit: { limit: 100_000, windowSeconds: 60 } });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-sync-directory-'));
  userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-sync-backend-'));
  port = 0;
  directory = await startService();
  port = Number(new URL(directory.baseUrl).port);
  backEnd = await createBackEnd({ userDataDir, shell: 'web', version: 'test' });
  const key = directory.keys.find((entry) => entry.key.startsWith('demo-casting-pro'))!.key;
  const added = await backEnd.call('addConnection', { name: 'Sync test', baseUrl: directory.baseUrl, contentLocale: 'en', key });
  if (!added.ok) throw new Error(added.error.message);
  connectionId = (added.value as { id: string }).id;
}, 240_000);

afterAll(async () => {
  for (const engine of engines) engine.dispose();
  for (const db of openDbs) {
    db.close();
    await db.delete();
  }
  if (connectionId) await backEnd?.call('removeConnection', { id: connectionId });
  await backEnd?.close();
  await directory?.close();
  for (const dir of [dataDir, userDataDir]) if (dir) await rm(dir, { recursive: true, force: true });
}, 60_000);

describe('lists against the 5,000-actor demo', () => {
  it('a full sync equals the server set exactly, ids and list fields, and is remembered by the back end', async () => {
    const db = freshDb();
    const engine = engineFor(db);
    expect(await engine.run()).toBe('done');
    expect(engine.progress()).toMatchObject({ state: 'done', full: true, online: true });

    const server = await serverActors();
    expect(server).toHaveLength(await db.actors.count());
    expect(server.length).toBeGreaterThan(4800);
    expect((await db.actors.toArray()).map((row) => row.item)).toEqual(server);
    expect(await db.searchRows.where('[kind+uid]').between(['actor', 0], ['actor', Infinity]).count()).toBe(server.length);
    expect((await db.crew.toArray()).map((row) => row.item)).toEqual(await serverCrew());

    const all = await serverCastingCalls(false);
    const current = new Set((await serverCastingCalls(true)).map((item) => item.id));
    expect(current.size).toBeGreaterThan(0);
    expect(current.size).toBeLessThan(all.length);
    const calls = await db.castingCalls.toArray();
    expect(calls.map((row) => row.item).sort((a, b) => a.id - b.id)).toEqual([...all].sort((a, b) => a.id - b.id));
    for (const row of calls) {
      expect(row.current).toBe(current.has(row.id));
      // Casting-call details with roles come after the lists.
      expect(row.detail?.roles).toBeInstanceOf(Array);
    }

    const state = await db.syncState.get([connectionId, 'actors']);
    expect(state).toMatchObject({ checkpoint: null, lastError: null });
    expect(state?.lastFullReconciliationAt).toEqual(expect.any(String));
    expect(state?.watermark).toBe(server.map((item) => item.updated_at!).sort((a, b) => Date.parse(a) - Date.parse(b)).at(-1));
    const memory = await value(backEnd.call('getSyncMemory', { connectionId }) as Promise<BridgeResult<{ completedFullSyncAt: string | null }>>);
    expect(memory.completedFullSyncAt).toEqual(expect.any(String));
   }, 120_000);

  it('a cancelled run is continued by a new engine on the same library from its checkpoint', async () => {
    const db = freshDb();
    const pagesAsked: number[] = [];
    let first: SyncEngine | null = null;
    const firstEngine = createSyncEngine({
      db,
      connectionId,
      perPage: 500,
      media: false,
      details: false,
      backoff: fastBackoff,
      bridge: makeBridge(async (name, args) => {
        if (name !== 'listActors') return;
        const page = (args.params as { page: number }).page;
        pagesAsked.push(page);
        if (page === 3) first?.cancel();
      }),
    });
    first = firstEngine;
    engines.push(firstEngine);
    expect(await firstEngine.run()).toBe('cancelled');
    // Page 3 was answered and written with its checkpoint before the cancel took effect.
    expect(await db.actors.count()).toBe(1500);
    expect((await db.syncState.get([connectionId, 'actors']))?.checkpoint).toMatchObject({ mode: 'full', nextPage: 4, perPage: 500 });

    const resumedPages: number[] = [];
    const second = createSyncEngine({
      db,
      connectionId,
      perPage: 1000,
      media: false,
      details: false,
      backoff: fastBackoff,
      bridge: makeBridge((name, args) => {
        if (name === 'listActors') resumedPages.push((args.params as { page: number; perPage: number }).page * 10_000 + (args.params as { perPage: number }).perPage);
      }),
    });
    engines.push(second);
    expect(await second.run()).toBe('done');
    // It went on at page 4 with the page size of the interrupted run.
    expect(resumedPages[0]).toBe(4 * 10_000 + 500);
    expect(pagesAsked).toEqual([1, 2, 3]);
    expect(await liveActorItems(db)).toEqual(await serverActors());
   }, 120_000);

  it('the directory killed at a random page and restarted on the same data: the sync resumes with nothing lost and no duplicates', async () => {
    const db = freshDb();
    const killAt = 2 + Math.floor(Math.random() * 8);
    let killed = false;
    const engine = createSyncEngine({
      db,
      connectionId,
      perPage: 500,
      media: false,
      details: false,
      backoff: fastBackoff,
      bridge: makeBridge(async (name, args) => {
        if (name === 'listActors' && (args.params as { page: number }).page === killAt && !killed) {
          killed = true;
          await directory!.close();
          directory = null;
        }
      }),
    });
    engines.push(engine);
    const run = engine.run();
    const offline = await waitFor(engine, (progress) => progress.state === 'offline');
    expect(offline, `killed at page ${killAt}`).toMatchObject({ online: false, lastError: { code: expect.stringMatching(/^(network|timeout)$/) } });
    // Every page before the kill is written, with the checkpoint that points at the lost one.
    expect(await db.actors.count()).toBe((killAt - 1) * 500);
    expect((await db.syncState.get([connectionId, 'actors']))?.checkpoint).toMatchObject({ nextPage: killAt });

    directory = await startService();
    expect(await run).toBe('done');
    expect(engine.progress()).toMatchObject({ state: 'done', online: true });
    const server = await serverActors();
    const rows = await db.actors.toArray();
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    expect(rows.map((row) => row.item)).toEqual(server);
    expect(await db.searchRows.where('kind').equals('actor').count()).toBe(server.length);
  }, 120_000);
});

describe('fixtures with the same keys', () => {
  let fixture: Fixture;
  let db: LibraryDb;
  let engine: SyncEngine;
  const listCalls: { page: number; updatedSince?: number }[] = [];

  const activeActors = () => fixture.actor_profiles.filter((actor) => (actor.status ?? 'active') === 'active');
  const clone = (source: Fixture): Fixture => structuredClone(source);

  /** The actors the (separate) shortlist database holds, as the engine asks for them. */
  let shortlisted: number[] = [];

  beforeAll(async () => {
    fixture = generateDemoFixture({ actors: 700, crew: 6, castingCalls: 4, seed: demo.seed, now: new Date('2026-03-01T12:00:00.000Z') });
    // The demo directory's keys are random per data folder: the new data keeps the connection's key.
    const connectionKey = directory!.keys.find((entry) => entry.key.startsWith('demo-casting-pro'))!.key;
    for (const entry of fixture.api_keys) if (entry.key.startsWith('demo-casting-pro')) entry.key = connectionKey;
    await directory!.replaceData(fixture);
    db = freshDb();
    engine = createSyncEngine({
      db,
      connectionId,
      perPage: 100,
      lookbackSeconds: 0,
      backoff: fastBackoff,
      shortlistedActorIds: async () => shortlisted,
      bridge: makeBridge((name, args) => {
        if (name === 'listActors') listCalls.push(args.params as { page: number; updatedSince?: number });
      }),
    });
    engines.push(engine);
    expect(await engine.run()).toBe('done');
  }, 120_000);

  it('caches the main thumbnail of every profile through the media cache', async () => {
    const withThumb = (await db.searchRows.toArray()).filter((row) => row.thumbUrl && !row.removed);
    expect(withThumb.length).toBeGreaterThan(0);
    const media = await db.media.where('kind').equals('thumb').toArray();
    expect(new Set(media.map((row) => row.url))).toEqual(new Set(withThumb.map((row) => row.thumbUrl)));
    const stats = await value(backEnd.call('getMediaCacheStats', {}) as Promise<BridgeResult<{ count: number }>>);
    expect(stats.count).toBeGreaterThanOrEqual(media.length);
  });

  it('250 profiles sharing one updated_at across page boundaries all arrive in an incremental run', async () => {
    const before = await db.actors.count();
    const watermark = (await db.syncState.get([connectionId, 'actors']))!.watermark!;
    const shared = new Date(Date.parse(watermark) + 3600_000).toISOString().replace('Z', '+00:00');
    const next = clone(fixture);
    const chosen = next.actor_profiles.filter((actor) => (actor.status ?? 'active') === 'active').slice(150, 400);
    expect(chosen).toHaveLength(250);
    for (const actor of chosen) {
      actor.updated_at = shared;
      actor.first_name = `${actor.first_name}Neu`;
      delete actor.name;
    }
    fixture = next;
    await directory!.replaceData(fixture);

    listCalls.length = 0;
    expect(await engine.run()).toBe('done');
    expect(engine.progress().full).toBe(false);
    // Incremental: from the watermark (lookback 0 here), in pages of 100 that cut through the 250.
    expect(listCalls[0]?.updatedSince).toBe(Math.floor(Date.parse(watermark) / 1000));
    expect(listCalls.length).toBeGreaterThanOrEqual(3);
    for (const actor of chosen) {
      const row = await db.actors.get(actor.id);
      expect(row?.item.first_name).toBe(actor.first_name);
      expect(row?.item.updated_at).toBe(shared);
    }
    expect(await db.actors.count()).toBe(before);
    expect((await db.syncState.get([connectionId, 'actors']))?.watermark).toBe(shared);
  });

  it('a profile gone from the directory leaves the live index after a full run and stays cached', async () => {
    const next = clone(fixture);
    const gone = activeActors()[10]!;
    next.actor_profiles = next.actor_profiles.filter((actor) => actor.id !== gone.id);
    fixture = next;
    await directory!.replaceData(fixture);

    expect(await engine.run({ full: true })).toBe('done');
    const row = await db.actors.get(gone.id);
    expect(row?.removed).toMatchObject({ reason: 'missing' });
    expect(row?.item.id).toBe(gone.id);
    expect(await db.searchRows.get(['actor', gone.id])).toMatchObject({ removed: 1 });
    expect((await db.searchRows.where('removed').equals(0).toArray()).some((search) => search.id === gone.id && search.kind === 'actor')).toBe(false);
    expect(await liveActorItems(db)).toEqual(await serverActors());
  });

  it('410 merged is followed to the new profile and 410 deleted is marked, for a viewed and for shortlisted profiles', async () => {
    const next = clone(fixture);
    const active = next.actor_profiles.filter((actor) => (actor.status ?? 'active') === 'active');
    const [viewedMerged, target, shortlistedMerged, shortlistedDeleted] = [active[20]!, active[21]!, active[22]!, active[23]!];
    viewedMerged.status = { merged_into: target.id };
    shortlistedMerged.status = { merged_into: target.id };
    shortlistedDeleted.status = 'deleted';
    fixture = next;
    await directory!.replaceData(fixture);

    const viewed = await engine.view('actor', viewedMerged.id);
    expect(viewed).toMatchObject({ id: viewedMerged.id, removed: { reason: 'merged', newId: target.id }, fromCache: false });
    expect(viewed.detail?.id).toBe(target.id);
    expect((await db.actors.get(viewedMerged.id))?.removed).toMatchObject({ reason: 'merged', newId: target.id });
    expect((await db.actors.get(target.id))?.detail?.id).toBe(target.id);

    shortlisted = [shortlistedMerged.id, shortlistedDeleted.id];
    expect(await engine.run({ full: true })).toBe('done');
    expect((await db.actors.get(shortlistedMerged.id))?.removed).toMatchObject({ reason: 'merged', newId: target.id });
    expect((await db.actors.get(shortlistedDeleted.id))?.removed).toMatchObject({ reason: 'deleted' });
    // Both keep their cached list data for the shortlist ("no longer available").
    expect((await db.actors.get(shortlistedDeleted.id))?.item.id).toBe(shortlistedDeleted.id);
    expect(await db.searchRows.get(['actor', shortlistedDeleted.id])).toMatchObject({ removed: 1 });

    // Every version of the viewed profile's pictures is in the media cache (fetched in the background).
    const versions = (viewed.detail?.pictures ?? []).flatMap((picture) => Object.values(picture.versions));
    expect(versions.length).toBeGreaterThan(0);
    await expect.poll(async () => (await db.media.bulkGet(versions as string[])).every(Boolean), { timeout: 10_000 }).toBe(true);
  });

  it('keeps a saved search and a casting call\'s matches offline with keep_offline priority', async () => {
    const detailPriorities = new Map<number, string>();
    const scoped = createSyncEngine({
      db,
      connectionId,
      perPage: 100,
      backoff: fastBackoff,
      media: false,
      bridge: makeBridge((name, args) => {
        if (name === 'getActor') detailPriorities.set(args.id as number, args.priority as string);
      }),
    });
    engines.push(scoped);
    const search = { kind: 'search' as const, resource: 'actors' as const, params: { gender: 'female' as const, actingAgeMin: 20, actingAgeMax: 35 } };
    const castingCall = (await db.castingCalls.toArray()).find((row) => (row.detail?.roles.length ?? 0) > 0)!;
    await scoped.keepOffline(search);
    await scoped.keepOffline({ kind: 'castingCall', castingCallId: castingCall.id });
    expect(await scoped.run()).toBe('done');
    // The run started by keepOffline, and the one asked for after the second scope, are done.
    await expect.poll(() => scoped.progress().state, { timeout: 30_000 }).toBe('done');
    expect(await db.keepOffline.count()).toBe(2);

    const matches = await value(
      backEnd.call('listActors', { connectionId, params: { perPage: 1000, fields: ['updated_at'], gender: 'female', actingAgeMin: 20, actingAgeMax: 35 } }) as Promise<BridgeResult<{ items: { id: number }[] }>>,
    );
    expect(matches.items.length).toBeGreaterThan(0);
    for (const { id } of matches.items) {
      expect((await db.actors.get(id))?.detail?.id).toBe(id);
      expect(await db.searchRows.get(['actor', id])).toMatchObject({ actingAgeFrom: expect.any(Number) });
    }
    expect([...detailPriorities.values()].every((priority) => priority === 'keep_offline')).toBe(true);
    // A role's matches: its genders, acting ages and languages, as the directory filters them.
    const role = castingCall.detail!.roles[0]!;
    const [firstSearch] = roleSearches(castingCall.detail!);
    expect(firstSearch).toMatchObject({ ...(role.acting_age_from != null ? { actingAgeMin: role.acting_age_from } : {}), ...(role.gender?.[0] ? { gender: role.gender[0] } : {}) });
    const roleMatches = new Set<number>();
    for (const params of roleSearches(castingCall.detail!)) {
      const page = await value(backEnd.call('listActors', { connectionId, params: { ...params, perPage: 1000, fields: ['updated_at'] } }) as Promise<BridgeResult<{ items: { id: number }[] }>>);
      for (const { id } of page.items) roleMatches.add(id);
    }
    for (const id of roleMatches) expect((await db.actors.get(id))?.detail?.id).toBe(id);
  }, 120_000);

  it('an empty library while the back end remembers a completed full sync (storage evicted) syncs in full', async () => {
    const evicted = freshDb();
    const fresh = engineFor(evicted, { details: false, perPage: 1000 });
    const fullSeen = waitFor(fresh, (progress) => progress.state === 'syncing' && progress.full);
    const outcome = fresh.run();
    await fullSeen;
    expect(await outcome).toBe('done');
    expect(await liveActorItems(evicted)).toEqual(await serverActors());
  });
});
