/**
 * Saved searches that watch and casting calls that say what is new, end to end below the views:
 * the renderer's stores (Pinia; fake-indexeddb in Node) on the REAL back end and the REAL directory
 * service with the conformance fixture; between syncs the service's data is swapped for a changed
 * fixture, as a directory changes between two syncs. The page sees the back end as Electron's
 * preload gives it (`window.castdesk`).
 */
import 'fake-indexeddb/auto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPinia, setActivePinia } from 'pinia';
import { createApp } from 'vue';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CastdeskBridge } from '../../contract/bridge.ts';
import { channelNames } from '../../contract/bridge-channels.ts';
import { createBackEnd, type BackEnd } from '../../electron/core/backEnd.ts';
import { castdeskBridgeKey } from '../../renderer/src/bridge/bridgeInjection.ts';
import { watchDb } from '../../renderer/src/db/watchDb.ts';
import { useActorSearchStore } from '../../renderer/src/stores/actorSearch.ts';
import { useCastingCallsStore } from '../../renderer/src/stores/castingCalls.ts';
import { useConnectionStore } from '../../renderer/src/stores/connections.ts';
import { useSearchIndexStore } from '../../renderer/src/stores/searchIndex.ts';
import { useSearchWatchStore } from '../../renderer/src/stores/searchWatch.ts';
import { useSyncStore } from '../../renderer/src/stores/sync.ts';
import { roleSearchQuery } from '../../renderer/src/search/castingCallStatus.ts';
import { emptyQuery } from '../../renderer/src/search/profileIndex.ts';
import { routeFromQuery } from '../../renderer/src/search/profileQueryUrl.ts';
import type { FixtureInput } from '../../server/src/fixture/schema.ts';
import { startDirectory, type RunningDirectory } from '../../server/src/startDirectory.ts';

const key = 'k-casting-pro-conformance';
/** The clock of the conformance fixture: its deadlines are dates around it. */
const serviceNow = new Date('2026-06-15T12:00:00.000Z');
const search = { kind: 'actor' as const, query: 'q=jonas' };

type Fixture = FixtureInput & {
  actor_profiles: (Record<string, unknown> & { id: number })[];
  casting_calls: (Record<string, unknown> & { id: number; roles: (Record<string, unknown> & { id: number })[] })[];
};

let baseFixture: Fixture;
let directory: RunningDirectory;
let backEnd: BackEnd;
let userDataDir: string;
let stores: {
  connections: ReturnType<typeof useConnectionStore>;
  sync: ReturnType<typeof useSyncStore>;
  index: ReturnType<typeof useSearchIndexStore>;
  actorSearch: ReturnType<typeof useActorSearchStore>;
  castingCalls: ReturnType<typeof useCastingCallsStore>;
  watch: ReturnType<typeof useSearchWatchStore>;
};

const eventually = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 30_000, interval: 25 });

/** The fixture as the directory holds it after `change`. */
function changed(change: (fixture: Fixture) => void): Fixture {
  const fixture = structuredClone(baseFixture);
  change(fixture);
  return fixture;
}

/** A new actor named Jonas, written now (an incremental sync brings it). */
function addJonas(fixture: Fixture): void {
  const template = fixture.actor_profiles[0]!;
  fixture.actor_profiles.push({
    ...template,
    id: 20,
    first_name: 'Jonas',
    last_name: 'Neumann',
    name: 'Jonas Neumann',
    filmdb_id: 'nm20',
    filmdb_link: 'https://filmdb.example/nm20',
    service_url: 'https://directory.example/actors/20',
    service_cd_url: 'https://directory.example/cd/actors/20',
    updated_at: '2026-06-15T11:00:00.000+00:00',
    pictures: [],
    showreels: [],
    external_showreels: [],
    showreel_ids: [],
    showreel_medium_ids: [],
    mentioned_in_blog_post_ids: [],
  });
}

/** A new actress who fits call 1's lead (female, acting age 15 to 18, English at least good). */
function addLea(fixture: Fixture): void {
  const template = fixture.actor_profiles.find((actor) => actor.id === 3)!;
  fixture.actor_profiles.push({
    ...template,
    id: 21,
    first_name: 'Lea',
    last_name: 'Sommer',
    name: 'Lea Sommer',
    filmdb_id: 'nm21',
    filmdb_link: 'https://filmdb.example/nm21',
    service_url: 'https://directory.example/actors/21',
    service_cd_url: 'https://directory.example/cd/actors/21',
    acting_age_from: 16,
    acting_age_to: 20,
    languages: { deutsch: 'muttersprachlich', englisch: 'fliessend' },
    updated_at: '2026-06-15T11:30:00.000+00:00',
    pictures: [],
    showreels: [],
    external_showreels: [],
    showreel_ids: [],
    showreel_medium_ids: [],
    mentioned_in_blog_post_ids: [],
  });
}

/** Runs one sync to its end and waits for the watch run that follows it. */
async function syncAndWatch(full = false): Promise<void> {
  const runsBefore = stores.watch.runs;
  await stores.sync.start(full);
  // 'incomplete': done, with kept pictures still to come (the fixture's are not served).
  expect(['done', 'incomplete']).toContain(stores.sync.progress.state);
  await eventually(() => expect(stores.watch.runs).toBeGreaterThan(runsBefore));
  // Runs are queued one after another: wait until none is left.
  await stores.watch.run(false);
}

function newIds(): number[] {
  return stores.watch.newProfiles(search).map((row) => row.id);
}

beforeAll(async () => {
  baseFixture = JSON.parse(await readFile(new URL('../conformance/fixtures/directory.json', import.meta.url), 'utf8')) as Fixture;
  // The casting professional's key sees every public call; here it sees every agency's actors too.
  const pro = baseFixture.api_keys.find((entry) => entry.key === key)!;
  pro.agency_ids = baseFixture.agencies.map((agency) => agency.id);
  directory = await startDirectory({ host: '127.0.0.1', port: 0, fixture: baseFixture, rateLimit: false, now: () => serviceNow, log: () => {} });
  userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-watch-backend-'));
  backEnd = await createBackEnd({ userDataDir, shell: 'web', version: 'test' });
  const added = await backEnd.call('addConnection', { name: 'Watch test', baseUrl: directory.baseUrl, contentLocale: 'en', key });
  if (!added.ok) throw new Error(added.error.message);
  const bridge = Object.fromEntries(channelNames.map((name) => [name, (args: unknown) => backEnd.call(name, args)])) as unknown as CastdeskBridge;
  // What Electron's preload exposes; the stores find the back end there.
  (globalThis as { window?: unknown }).window = { castdesk: bridge };
  const app = createApp({});
  const pinia = createPinia();
  app.use(pinia).provide(castdeskBridgeKey, bridge);
  setActivePinia(pinia);
  stores = app.runWithContext(() => ({
    connections: useConnectionStore(),
    sync: useSyncStore(),
    index: useSearchIndexStore(),
    actorSearch: useActorSearchStore(),
    castingCalls: useCastingCallsStore(),
    watch: useSearchWatchStore(),
  }));
  await stores.connections.start();
  // The first sync starts with the connection; the casting calls start from its end.
  await eventually(() => expect(stores.sync.progress.state).toBe('done'));
  await eventually(() => expect(stores.watch.runs).toBeGreaterThan(0));
  await stores.watch.run(false);
}, 240_000);

afterAll(async () => {
  stores?.sync.cancel();
  await stores?.sync.activate(null);
  await watchDb().delete();
  await backEnd?.close();
  await directory?.close();
  if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
  delete (globalThis as { window?: unknown }).window;
}, 60_000);

describe('a saved search that watches', () => {
  it('starts from what it matches when saved: nothing is new', async () => {
    stores.actorSearch.applyRoute({ q: 'jonas' });
    await stores.actorSearch.saveSearch('Jonas');
    await eventually(async () => {
      const rows = await watchDb().searchWatches.toArray();
      expect(rows.map((row) => [row.kind, row.query])).toEqual([[search.kind, search.query]]);
    });
    const [row] = await watchDb().searchWatches.toArray();
    const matches = [...stores.index.search('actor', { ...emptyQuery(), text: 'jonas' }, { counts: false }).ids].sort((a, b) => a - b);
    expect(matches).toContain(1);
    expect(row!.knownIds).toEqual(matches);
    expect(row!.origin).toBe(new URL(directory.baseUrl).origin);
    expect(row!.freshIds).toEqual([]);
    expect(stores.watch.newCount(search)).toBe(0);
  });

  it('flags an actor added to the directory that matches, after the sync, exactly once', async () => {
    await syncAndWatch();
    expect(newIds()).toEqual([]);

    await directory.replaceData(changed(addJonas));
    await syncAndWatch();
    expect(stores.index.row('actor', 20)?.name).toBe('Jonas Neumann');
    expect(newIds()).toEqual([20]);
    expect(stores.watch.newCount(search)).toBe(1);

    // Another sync finds nothing new: the actor stays flagged once.
    await syncAndWatch();
    expect(newIds()).toEqual([20]);
    expect((await watchDb().searchWatches.toArray())[0]!.freshIds).toEqual([20]);
  });

  it('once marked as seen, stays seen, also when the actor leaves the directory and comes back', async () => {
    await stores.watch.markSeen(search, [20]);
    await eventually(() => expect(stores.watch.newCount(search)).toBe(0));

    await directory.replaceData(baseFixture);
    await syncAndWatch(true);
    expect(stores.index.row('actor', 20)?.removed).toBe(1);

    await directory.replaceData(changed(addJonas));
    await syncAndWatch(true);
    expect(stores.index.row('actor', 20)?.removed).toBe(0);
    expect(newIds()).toEqual([]);
  });
});

describe('casting calls that say what is new', () => {
  it('recorded every call of the first sync: nothing is new', () => {
    expect(stores.watch.newCallCount).toBe(0);
    expect(stores.castingCalls.items.map((row) => stores.watch.callNews(row.id))).toEqual(stores.castingCalls.items.map(() => null));
  });

  it('flags a new call, a call that became current and a new role after the sync; they are marked as seen', async () => {
    const library = stores.sync.db!;
    expect((await library.castingCalls.get(13))?.current).toBe(false);
    await directory.replaceData(
      changed((fixture) => {
        addJonas(fixture);
        // Call 13's deadline had passed; now it runs to July.
        const thirteen = fixture.casting_calls.find((call) => call.id === 13)!;
        thirteen.deadline = '2026-07-01T00:00:00.000Z';
        // Call 14 gets a fourth role.
        const fourteen = fixture.casting_calls.find((call) => call.id === 14)!;
        fourteen.roles.push({ ...fourteen.roles[1]!, id: 1404, name: 'Fourth role' });
        // A new public call with a role.
        fixture.casting_calls.push({ ...fourteen, id: 50, name: 'A new call', service_url: 'https://directory.example/casting_calls/50', roles: [{ ...fourteen.roles[1]!, id: 5001, name: 'Its role' }] });
      }),
    );
    // A week later the engine fetches the known calls' details again (it does for week-old ones).
    await library.castingCalls.toCollection().modify({ detailFetchedAt: '2026-01-01T00:00:00.000Z' });
    await syncAndWatch();

    expect(stores.watch.callNews(50)).toMatchObject({ news: 'new', freshRoleIds: [] });
    expect(stores.watch.callNews(13)).toMatchObject({ news: 'current' });
    expect(stores.watch.callNews(14)).toMatchObject({ news: null, freshRoleIds: [1404] });
    expect(stores.watch.callNews(1)).toBeNull();
    expect(stores.watch.newCallCount).toBe(3);

    // Flagged once: another sync changes nothing.
    await syncAndWatch();
    expect(stores.watch.newCallCount).toBe(3);

    await stores.watch.markRoleAsSeen(14, 1404);
    await eventually(() => expect(stores.watch.callNews(14)).toBeNull());
    await stores.watch.markCallsSeen(50);
    await eventually(() => expect(stores.watch.callNews(50)).toBeNull());
    expect(stores.watch.newCallCount).toBe(1);
    await stores.watch.markCallsSeen(null);
    await eventually(() => expect(stores.watch.newCallCount).toBe(0));
  });
});

describe("a role's criteria saved as a search", () => {
  it('flags an actor who newly fits the role once the sync has brought her detail', async () => {
    // Acting ages come with details: the whole roster is kept offline, as the demo directory's is.
    await stores.sync.keepOffline({ kind: 'roster' });
    await syncAndWatch();
    const lead = (await stores.sync.db!.castingCalls.get(1))!.detail!.roles.find((role) => role.id === 101)!;
    stores.actorSearch.applyRoute(routeFromQuery(roleSearchQuery(lead)));
    await stores.actorSearch.saveSearch('Lead');
    const saved = (await stores.sync.db!.savedSearches.toArray()).find((row) => row.name === 'Lead')!;
    const leadSearch = { kind: 'actor' as const, query: saved.query };
    await eventually(async () => expect(await watchDb().searchWatches.get(['actor', saved.query, new URL(directory.baseUrl).origin])).toMatchObject({ knownIds: [], freshIds: [] }));

    await directory.replaceData(changed((fixture) => {
      addJonas(fixture);
      addLea(fixture);
    }));
    await syncAndWatch();
    expect(stores.index.row('actor', 21)).toMatchObject({ hasDetail: 1, actingAgeFrom: 16 });
    expect(stores.watch.newProfiles(leadSearch).map((row) => row.name)).toEqual(['Lea Sommer']);
    // The Jonas search did not change: Lea is no Jonas.
    expect(newIds()).toEqual([]);
  });
});
