/**
 * The sync engine's rules with a scripted bridge (the real directory runs in
 * test/integration/syncEngine*.test.ts): priorities, backoff, offline, pause and the watermark.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeResult } from '../../../contract/bridge-errors.ts';
import type { ActorListItem } from '../../../contract/directory-api.ts';
import { LibraryDb } from '../../../renderer/src/db/libraryDb.ts';
import { fullJitterDelayMs } from '../../../contract/backoff.ts';
import { DetailQueue } from '../../../renderer/src/sync/detailQueue.ts';
import { createSyncEngine, type SyncBridge, type SyncProgress } from '../../../renderer/src/sync/syncEngine.ts';

const dbs: LibraryDb[] = [];
let counter = 0;
function freshDb(): LibraryDb {
  counter += 1;
  const db = new LibraryDb(`unit-sync-${Date.now().toString(36)}-${counter}`, { indexedDB, IDBKeyRange });
  dbs.push(db);
  return db;
}

afterEach(async () => {
  for (const db of dbs.splice(0)) {
    db.close();
    await db.delete();
  }
});

const ok = <T>(value: T): BridgeResult<T> => ({ ok: true, value });
const fail = (code: string): BridgeResult<never> => ({ ok: false, error: { code: code as 'network', message: `${code} (scripted)` } });

/** A scripted directory of actors; `script` may answer a call differently (e.g. a lost network). */
function scriptedDirectory(actors: ActorListItem[], script: (channel: string, args: Record<string, unknown>) => BridgeResult<unknown> | undefined = () => undefined) {
  const calls: { channel: string; args: Record<string, unknown> }[] = [];
  const page = <T>(items: T[], params: { page?: number; perPage?: number }) => {
    const perPage = params.perPage ?? 250;
    const number = params.page ?? 1;
    const slice = items.slice((number - 1) * perPage, number * perPage);
    return ok({ items: slice, total: items.length, page: number, perPage, nextPage: number * perPage < items.length ? number + 1 : null });
  };
  const answer = (channel: string, args: Record<string, unknown>): BridgeResult<unknown> => {
    calls.push({ channel, args });
    const scripted = script(channel, args);
    if (scripted) return scripted;
    const params = (args.params ?? {}) as { page?: number; perPage?: number; updatedSince?: number };
    switch (channel) {
      case 'listActors':
        return page(
          actors.filter((actor) => params.updatedSince === undefined || Date.parse(actor.updated_at!) / 1000 >= params.updatedSince),
          params,
        );
      case 'listCrew':
      case 'listCastingCalls':
        return page([], params);
      case 'prefetchMedia':
        return ok({ cached: args.urls as string[], failed: [] });
      case 'getSyncMemory':
        return ok({ completedFullSyncAt: null });
      case 'setSyncMemory':
        return ok({});
      default:
        return fail('internal');
    }
  };
  const bridge = new Proxy({}, { get: (_, channel: string) => async (args: Record<string, unknown>) => answer(channel, args) }) as SyncBridge;
  return { bridge, calls };
}

function actors(count: number, updatedAt = (index: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString()): ActorListItem[] {
  return Array.from({ length: count }, (_, index) => ({ id: index + 1, name: `Actor ${index + 1}`, updated_at: updatedAt(index) }));
}

describe('DetailQueue', () => {
  it('serves viewing, shortlist, keep offline, background in that order, first come first served within one', () => {
    const queue = new DetailQueue();
    queue.add({ kind: 'actor', id: 1, priority: 'background' });
    queue.add({ kind: 'actor', id: 2, priority: 'keep_offline' });
    queue.add({ kind: 'actor', id: 3, priority: 'shortlist' });
    queue.add({ kind: 'crew', id: 3, priority: 'background' });
    queue.add({ kind: 'actor', id: 4, priority: 'interactive' });
    // Queued again with a better priority: it moves up; with a worse one: it stays.
    queue.add({ kind: 'actor', id: 1, priority: 'shortlist' });
    queue.add({ kind: 'actor', id: 4, priority: 'background' });
    expect(queue.size).toBe(5);
    const order: string[] = [];
    for (let task = queue.take(); task; task = queue.take()) order.push(`${task.kind}:${task.id}:${task.priority}`);
    expect(order).toEqual(['actor:4:interactive', 'actor:3:shortlist', 'actor:1:shortlist', 'actor:2:keep_offline', 'crew:3:background']);
    expect(queue.size).toBe(0);
  });
});

describe('backoff', () => {
  it('waits a random time below an exponentially growing, capped ceiling (full jitter)', () => {
    const settings = { baseMs: 100, capMs: 1000 };
    expect(fullJitterDelayMs(0, { ...settings, random: () => 0.999 })).toBe(99);
    expect(fullJitterDelayMs(3, { ...settings, random: () => 0.5 })).toBe(400);
    expect(fullJitterDelayMs(20, { ...settings, random: () => 0.999 })).toBe(999);
    expect(fullJitterDelayMs(5, { ...settings, random: () => 0 })).toBe(0);
  });
});

describe('sync engine', () => {
  it('does not lose a profile that shifted onto a page already read when the directory removed one mid-run', async () => {
    const db = freshDb();
    const roster = actors(30);
    let pagesServed = 0;
    const directory = scriptedDirectory(roster, (channel) => {
      if (channel !== 'listActors') return undefined;
      pagesServed += 1;
      // After the first page of 10, actor 3 is deleted: actor 11 moves onto page 1.
      if (pagesServed === 2) roster.splice(2, 1);
      return undefined;
    });
    const engine = createSyncEngine({ db, bridge: directory.bridge, connectionId: 'c1', perPage: 10, details: false, media: false });
    expect(await engine.run({ full: true })).toBe('done');
    const live = async () => (await db.actors.toArray()).filter((row) => !row.removed).map((row) => row.id);
    // Actor 11 shifted onto page 1 after it was read: without stepping back it would be skipped.
    expect(await live()).toEqual(expect.arrayContaining(roster.map((actor) => actor.id)));
    // Actor 3 was seen earlier in this run; the next full run takes it out of the live index.
    expect(await engine.run({ full: true })).toBe('done');
    expect(await live()).toEqual(roster.map((actor) => actor.id));
    expect((await db.actors.get(3))?.removed).toMatchObject({ reason: 'missing' });
    engine.dispose();
  });

  it('goes offline on a lost network, backs off with jitter, and resumes without losing a written page', async () => {
    const db = freshDb();
    let failures = 0;
    const directory = scriptedDirectory(actors(25), (channel, args) => {
      if (channel === 'listActors' && (args.params as { page: number }).page === 2 && failures < 3) {
        failures += 1;
        return fail(failures === 2 ? 'timeout' : 'network');
      }
      return undefined;
    });
    const delays: number[] = [];
    const states: SyncProgress['state'][] = [];
    const engine = createSyncEngine({
      db,
      bridge: directory.bridge,
      connectionId: 'c1',
      perPage: 10,
      backoff: { baseMs: 1000, capMs: 5000 },
      random: () => 0.5,
      sleep: async (ms) => {
        delays.push(ms);
        // While it waits, the first page is safely written with its checkpoint.
        expect(await db.actors.count()).toBe(10);
        expect((await db.syncState.get(['c1', 'actors']))?.checkpoint).toMatchObject({ nextPage: 2 });
      },
    });
    engine.onProgress((progress) => states.push(progress.state));
    expect(await engine.run()).toBe('done');
    expect(delays).toEqual([500, 1000, 2000]);
    expect(states).toContain('offline');
    expect(engine.progress()).toMatchObject({ state: 'done', online: true });
    expect(await db.actors.count()).toBe(25);
    const pages = directory.calls.filter((call) => call.channel === 'listActors').map((call) => (call.args.params as { page: number }).page);
    expect(pages).toEqual([1, 2, 2, 2, 2, 3]);
  });

  it('retries in one layer: a persistent 5xx the back end already retried is asked for once, not again by the renderer', async () => {
    const db = freshDb();
    const directory = scriptedDirectory(actors(25), (channel, args) =>
      channel === 'listActors' && (args.params as { page: number }).page === 2 ? fail('server_error') : undefined,
    );
    const delays: number[] = [];
    const engine = createSyncEngine({ db, bridge: directory.bridge, connectionId: 'c1', perPage: 10, media: false, sleep: async (ms) => void delays.push(ms) });
    expect(await engine.run()).toBe('error');
    const pages = directory.calls.filter((call) => call.channel === 'listActors').map((call) => (call.args.params as { page: number }).page);
    expect(pages).toEqual([1, 2]);
    expect(delays).toEqual([]);
    expect(engine.progress().lastError).toMatchObject({ code: 'server_error' });
    engine.dispose();
  });

  it('asks for updated_at ≥ the largest server updated_at minus the lookback, whatever the client clock says', async () => {
    const db = freshDb();
    const directory = scriptedDirectory(actors(5));
    // A client clock years off must not matter.
    const engine = createSyncEngine({ db, bridge: directory.bridge, connectionId: 'c1', lookbackSeconds: 600, now: () => Date.UTC(2031, 5, 1), media: false });
    expect(await engine.run()).toBe('done');
    const watermark = (await db.syncState.get(['c1', 'actors']))?.watermark;
    expect(watermark).toBe(new Date(Date.UTC(2026, 0, 1, 0, 0, 4)).toISOString());
    directory.calls.length = 0;
    expect(await engine.run()).toBe('done');
    const incremental = directory.calls.find((call) => call.channel === 'listActors')!;
    expect(incremental.args.params).toMatchObject({ updatedSince: Date.UTC(2026, 0, 1, 0, 0, 4) / 1000 - 600, perPage: 1000, order: 'id', includePicture: true });
    expect(incremental.args.priority).toBe('background');
  });

  it('starts no request while paused and continues on resume', async () => {
    const db = freshDb();
    const directory = scriptedDirectory(actors(3));
    const engine = createSyncEngine({ db, bridge: directory.bridge, connectionId: 'c1', media: false });
    engine.pause();
    const run = engine.run();
    await vi.waitFor(() => expect(engine.progress().state).toBe('paused'));
    expect(directory.calls.filter((call) => call.channel.startsWith('list'))).toHaveLength(0);
    engine.resume();
    expect(await run).toBe('done');
    expect(await db.actors.count()).toBe(3);
  });

  it('ends in state error with the bridge code when the directory refuses, keeping the checkpoint', async () => {
    const db = freshDb();
    const directory = scriptedDirectory(actors(30), (channel, args) =>
      channel === 'listActors' && (args.params as { page: number }).page === 2 ? fail('unauthorized') : undefined,
    );
    const engine = createSyncEngine({ db, bridge: directory.bridge, connectionId: 'c1', perPage: 10, media: false });
    expect(await engine.run()).toBe('error');
    expect(engine.progress()).toMatchObject({ state: 'error', lastError: { code: 'unauthorized' } });
    const state = await db.syncState.get(['c1', 'actors']);
    expect(state?.checkpoint).toMatchObject({ nextPage: 2, mode: 'full' });
    expect(state?.lastError).toMatchObject({ code: 'unauthorized' });
  });

  it('view() serves the cached detail when the directory cannot be reached, and says so', async () => {
    const db = freshDb();
    let offline = false;
    const detail = { id: 1, first_name: 'Anna', last_name: 'Berg', talent_agency_connections: [], updated_at: '2026-01-01T00:00:00.000Z', acting_age_from: 20, acting_age_to: 30 };
    const directory = scriptedDirectory(actors(1), (channel) => {
      if (channel !== 'getActor') return undefined;
      return offline ? fail('network') : ok(detail);
    });
    const engine = createSyncEngine({ db, bridge: directory.bridge, connectionId: 'c1', media: false });
    expect(await engine.view('actor', 1)).toMatchObject({ detail: { id: 1 }, fromCache: false });
    expect(await db.searchRows.get(['actor', 1])).toMatchObject({ actingAgeFrom: 20, actingAgeTo: 30 });
    offline = true;
    expect(await engine.view('actor', 1)).toMatchObject({ detail: { id: 1 }, fromCache: true });
    expect(engine.progress()).toMatchObject({ online: false, lastError: { code: 'network' } });
    expect(directory.calls.filter((call) => call.channel === 'getActor').every((call) => call.args.priority === 'interactive')).toBe(true);
  });
  it('asks a casting call that is still open again after a day, one that is no longer current after a week', async () => {
    const db = freshDb();
    const open = { id: 1, name: 'Open call', casting_type: 'film', deadline: '2026-06-30T00:00:00.000Z' };
    const closed = { id: 2, name: 'Closed call', casting_type: 'film', deadline: '2026-05-01T00:00:00.000Z' };
    let clock = Date.parse('2026-06-01T12:00:00.000Z');
    const directory = scriptedDirectory([], (channel, args) => {
      if (channel === 'listCastingCalls') {
        // Call lists carry no updated_at: a role added to a call shows only in its detail.
        const items = (args.params as { current?: boolean }).current ? [open] : [open, closed];
        return ok({ items, total: items.length, page: 1, perPage: 1000, nextPage: null });
      }
      if (channel === 'getCastingCall') {
        const item = args.id === 1 ? open : closed;
        return ok({ ...item, visibility: 'public', roles: [], updated_at: '2026-05-01T00:00:00.000Z' });
      }
      return undefined;
    });
    const engine = createSyncEngine({ db, bridge: directory.bridge, connectionId: 'c1', media: false, now: () => clock });
    const askedFor = async () => {
      directory.calls.length = 0;
      expect(await engine.run()).toBe('done');
      return directory.calls.filter((call) => call.channel === 'getCastingCall').map((call) => call.args.id).sort();
    };
    expect(await askedFor()).toEqual([1, 2]);
    clock += 2 * 24 * 3600_000;
    expect(await askedFor()).toEqual([1]);
    clock += 6 * 24 * 3600_000;
    expect(await askedFor()).toEqual([1, 2]);
  });
});
