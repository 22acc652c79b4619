/**
 * Saved searches that watch and casting calls that say what is new, over a REAL sync: the
 * renderer's sync engine and library (fake-indexeddb in Node) on the REAL back end and the REAL
 * directory service with the conformance fixture; between syncs the service's data is swapped for
 * a changed fixture, as a directory changes between two syncs. After each sync the watch runs as
 * the searchWatch store runs it (stores/watchRuns.ts) with the list's search engine over every search
 * row of the library.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelNames } from '../../contract/bridge-channels.ts';
import { createBackEnd, type BackEnd } from '../../electron/core/backEnd.ts';
import { directoryOriginOf } from '../../renderer/src/db/directoryOrigin.ts';
import { LibraryDb } from '../../renderer/src/db/libraryDb.ts';
import { updateCallWatches, updateSearchWatches, WatchDb, type CallWatchRow, type SearchWatchRow, type WatchedSearch } from '../../renderer/src/db/watchDb.ts';
import { runWatch } from '../../renderer/src/stores/watchRuns.ts';
import { roleSearchQuery } from '../../renderer/src/search/castingCallStatus.ts';
import { ProfileIndex } from '../../renderer/src/search/profileIndex.ts';
import { queryFromRoute, routeFromQuery, routeQueryFromText, routeQueryText } from '../../renderer/src/search/profileQueryUrl.ts';
import { markCallSeen, markRoleSeen, markSearchSeen, watchKey } from '../../renderer/src/search/watchState.ts';
import { createSyncEngine, type SyncBridge, type SyncEngine } from '../../renderer/src/sync/syncEngine.ts';
import type { FixtureInput } from '../../server/src/fixture/schema.ts';
import { startDirectory, type RunningDirectory } from '../../server/src/startDirectory.ts';

const key = 'k-casting-pro-conformance';
/** The clock of the conformance fixture: its deadlines are dates around it. */
const serviceNow = new Date('2026-06-15T12:00:00.000Z');
const dexieOptions = { indexedDB, IDBKeyRange };
const jonasSearch: WatchedSearch = { kind: 'actor', query: 'q=jonas' };

type Fixture = FixtureInput & {
  actor_profiles: (Record<string, unknown> & { id: number })[];
  casting_calls: (Record<string, unknown> & { id: number; roles: (Record<string, unknown> & { id: number })[] })[];
};

let baseFixture: Fixture;
let directory: RunningDirectory;
let backEnd: BackEnd;
let userDataDir: string;
let library: LibraryDb;
let watch: WatchDb;
let engine: SyncEngine;
let origin: string;
/** The list's search engine over the library as it is after the last sync. */
let index: { actor: ProfileIndex; crew: ProfileIndex };

/** The fixture as the directory holds it after `change`. */
function changed(change: (fixture: Fixture) => void): Fixture {
  const fixture = structuredClone(baseFixture);
  change(fixture);
  return fixture;
}

/** An actor copied from one of the fixture's, written shortly before the service's now (an incremental sync brings it). */
function newActor(fixture: Fixture, templateId: number, fields: Record<string, unknown> & { id: number; first_name: string; last_name: string }): void {
  const template = fixture.actor_profiles.find((actor) => actor.id === templateId)!;
  const { id } = fields;
  fixture.actor_profiles.push({
    ...template,
    name: `${fields.first_name} ${fields.last_name}`,
    filmdb_id: `nm${id}`,
    filmdb_link: `https://filmdb.example/nm${id}`,
    service_url: `https://directory.example/actors/${id}`,
    service_cd_url: `https://directory.example/cd/actors/${id}`,
    updated_at: '2026-06-15T11:00:00.000+00:00',
    pictures: [],
    showreels: [],
    external_showreels: [],
    showreel_ids: [],
    showreel_medium_ids: [],
    mentioned_in_blog_post_ids: [],
    ...fields,
  });
}

/** A new actor named Jonas. */
function addJonas(fixture: Fixture): void {
  newActor(fixture, 1, { id: 20, first_name: 'Jonas', last_name: 'Neumann' });
}

/** A new actress who fits call 1's lead (female, acting age 15 to 18, English at least good). */
function addLea(fixture: Fixture): void {
  newActor(fixture, 3, { id: 21, first_name: 'Lea', last_name: 'Sommer', acting_age_from: 16, acting_age_to: 20, languages: { deutsch: 'muttersprachlich', englisch: 'fliessend' } });
}

/** Saves a search in the library as the list saves it (its route query as text). */
async function saveSearch(name: string, search: WatchedSearch): Promise<void> {
  await library.savedSearches.add({ kind: search.kind, name, query: search.query, createdAt: new Date().toISOString() });
}

async function runWatchNow(afterSync: boolean): Promise<void> {
  await runWatch({
    library,
    watch,
    origin,
    matchesOf: ({ kind, query }) => index[kind].query(queryFromRoute(routeQueryFromText(query)), { counts: false }).ids.slice(),
    afterSync,
    now: new Date().toISOString(),
  });
}

/** Runs one sync to its end, reads the library into the search engine and runs the watch. */
async function syncAndWatch(full = false): Promise<void> {
  expect(await engine.run({ full })).toBe('done');
  const rows = await library.searchRows.toArray();
  index = { actor: new ProfileIndex(), crew: new ProfileIndex() };
  index.actor.upsert(rows.filter((row) => row.kind === 'actor'));
  index.crew.upsert(rows.filter((row) => row.kind === 'crew'));
  await runWatchNow(true);
}

async function searchWatch(search: WatchedSearch): Promise<SearchWatchRow | undefined> {
  return watch.searchWatches.get([search.kind, search.query, origin]);
}

/** What is flagged for the calls: call id → why, and the new roles. */
async function callNews(): Promise<Record<number, { news: CallWatchRow['news']; roles: number[] }>> {
  const rows = await watch.callWatches.where('origin').equals(origin).toArray();
  return Object.fromEntries(rows.filter((row) => row.news !== null || row.freshRoleIds.length > 0).map((row) => [row.callId, { news: row.news, roles: row.freshRoleIds }]));
}

async function markSeen(search: WatchedSearch, ids: number[] | null): Promise<void> {
  await updateSearchWatches(watch, origin, (rows) => rows.flatMap((row) => (watchKey(row) === watchKey(search) ? [markSearchSeen(row, ids)].filter((next) => next !== null) : [])));
}

beforeAll(async () => {
  baseFixture = JSON.parse(await readFile(new URL('../conformance/fixtures/directory.json', import.meta.url), 'utf8')) as Fixture;
  // The casting professional's key sees every public call; here it sees every agency's actors too.
  const pro = baseFixture.api_keys.find((entry) => entry.key === key)!;
  pro.agency_ids = (baseFixture.agencies ?? []).map((agency) => agency.id);
  directory = await startDirectory({ host: '127.0.0.1', port: 0, fixture: baseFixture, rateLimit: false, now: () => serviceNow, log: () => {} });
  userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-watch-backend-'));
  backEnd = await createBackEnd({ userDataDir, shell: 'web', version: 'test' });
  const added = await backEnd.call('addConnection', { name: 'Watch test', baseUrl: directory.baseUrl, contentLocale: 'en', key });
  if (!added.ok) throw new Error(added.error.message);
  const connectionId = (added.value as { id: string }).id;
  origin = directoryOriginOf(directory.baseUrl);
  const bridge = Object.fromEntries(channelNames.map((name) => [name, (args: Record<string, unknown>) => backEnd.call(name, args)])) as unknown as SyncBridge;
  library = new LibraryDb(`watch-${process.pid}-${Date.now().toString(36)}`, dexieOptions);
  watch = new WatchDb(dexieOptions);
  engine = createSyncEngine({ db: library, bridge, connectionId, origin, media: false, backoff: { baseMs: 50, capMs: 400 } });
  // The first sync: the casting calls start from its end.
  await syncAndWatch();
}, 240_000);

afterAll(async () => {
  engine?.dispose();
  library?.close();
  await library?.delete();
  await watch?.delete();
  await backEnd?.close();
  await directory?.close();
  if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
}, 60_000);

describe('a saved search that watches', () => {
  it('starts from what it matches when saved: nothing is new', async () => {
    await saveSearch('Jonas', jonasSearch);
    await runWatchNow(false);
    const row = await searchWatch(jonasSearch);
    const matches = [...index.actor.query(queryFromRoute({ q: 'jonas' }), { counts: false }).ids].sort((a, b) => a - b);
    // Jonathan too: 'jonas' is one typo from his name's start.
    expect(matches).toEqual([1, 2, 11]);
    expect(row).toMatchObject({ knownIds: matches, freshIds: [], origin });
  });

  it('flags an actor added to the directory that matches, after the sync, exactly once', async () => {
    await syncAndWatch();
    expect((await searchWatch(jonasSearch))!.freshIds).toEqual([]);

    await directory.replaceData(changed(addJonas));
    await syncAndWatch();
    expect(index.actor.get(20)?.name).toBe('Jonas Neumann');
    expect((await searchWatch(jonasSearch))!.freshIds).toEqual([20]);

    // Another sync finds nothing new: the actor stays flagged once.
    await syncAndWatch();
    expect(await searchWatch(jonasSearch)).toMatchObject({ knownIds: [1, 2, 11, 20], freshIds: [20] });
  });

  it('once marked as seen, stays seen, also when the actor leaves the directory and comes back', async () => {
    await markSeen(jonasSearch, [20]);
    expect((await searchWatch(jonasSearch))!.freshIds).toEqual([]);

    await directory.replaceData(baseFixture);
    await syncAndWatch(true);
    expect(index.actor.get(20)?.removed).toBe(1);

    await directory.replaceData(changed(addJonas));
    await syncAndWatch(true);
    expect(index.actor.get(20)?.removed).toBe(0);
    expect((await searchWatch(jonasSearch))!.freshIds).toEqual([]);
  });
});

describe('casting calls that say what is new', () => {
  it('recorded every call of the first sync: nothing is new', async () => {
    expect(await watch.callWatches.where('origin').equals(origin).count()).toBe(await library.castingCalls.count());
    expect(await callNews()).toEqual({});
  });

  it('flags a new call, a call that became current and a new role after the sync, once; they are marked as seen', async () => {
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
    const flagged = { 13: { news: 'current', roles: [] }, 14: { news: null, roles: [1404] }, 50: { news: 'new', roles: [] } };
    expect(await callNews()).toEqual(flagged);

    // Flagged once: another sync changes nothing.
    await syncAndWatch();
    expect(await callNews()).toEqual(flagged);

    await updateCallWatches(watch, origin, (rows) => ({ rows: rows.flatMap((row) => (row.callId === 14 ? [markRoleSeen(row, 1404)!] : row.callId === 50 ? [markCallSeen(row)!] : [])) }));
    expect(await callNews()).toEqual({ 13: { news: 'current', roles: [] } });
  });
});

describe("a role's criteria saved as a search", () => {
  it('flags an actor who newly fits the role once the sync has brought her detail', async () => {
    // Acting ages come with details: the whole roster is kept offline, as the demo directory's is.
    await engine.keepOffline({ kind: 'roster' });
    await syncAndWatch();
    const lead = (await library.castingCalls.get(1))!.detail!.roles.find((role) => role.id === 101)!;
    // The query the role's "search like this role" link opens, saved as the list saves it.
    const leadSearch: WatchedSearch = { kind: 'actor', query: routeQueryText(routeFromQuery(roleSearchQuery(lead))) };
    await saveSearch('Lead', leadSearch);
    await runWatchNow(false);
    expect(await searchWatch(leadSearch)).toMatchObject({ knownIds: [], freshIds: [] });

    await directory.replaceData(
      changed((fixture) => {
        addJonas(fixture);
        addLea(fixture);
      }),
    );
    await syncAndWatch();
    expect(index.actor.get(21)).toMatchObject({ hasDetail: 1, actingAgeFrom: 16 });
    expect((await searchWatch(leadSearch))!.freshIds).toEqual([21]);
    // The Jonas search did not change: Lea is no Jonas.
    expect((await searchWatch(jonasSearch))!.freshIds).toEqual([]);
  });
});

describe('a memory that does not grow for ever', () => {
  it('forgets a profile the directory deleted once a sync has learned it, and keeps the others', async () => {
    expect((await searchWatch(jonasSearch))!.knownIds).toContain(2);
    await directory.replaceData(
      changed((fixture) => {
        addJonas(fixture);
        addLea(fixture);
        fixture.actor_profiles.find((actor) => actor.id === 2)!.status = 'deleted';
      }),
    );
    // The user opens the profile: the directory answers 410 deleted.
    const viewed = await engine.view('actor', 2);
    expect(viewed.removed).toMatchObject({ reason: 'deleted' });
    await syncAndWatch(true);
    expect(await searchWatch(jonasSearch)).toMatchObject({ knownIds: [1, 11, 20], freshIds: [] });
  });
});
