/**
 * The sync channels of the real back end against the real directory service (conformance fixture,
 * rate limit 50 per minute): directory calls start by priority, the rate budget's figures follow
 * the server's headers without a single 429, the sync memory survives a new back end on the same
 * user data folder, and prefetchMedia stores the service's PNGs while reporting what failed.
 *
 * The conformance fixture's `k-casting-pro-conformance` key sees no actor profiles (its agency_ids
 * are empty), so the connection uses `k-agency-1-conformance`, which sees seven. The fixture names
 * its service-hosted pictures `.jpg`, but the service's media route renders PNG only: the copy
 * loaded here names them `.png`, so the list hands out URLs that serve real pictures, and the
 * original `.jpg` form serves as the URL that fails.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bridgeChannels, type ChannelName, type ChannelResult } from '../../contract/bridge.ts';
import { bridgeErrorSchema } from '../../contract/bridge-errors.ts';
import { createBackEnd, type BackEnd } from '../../electron/core/backEnd.ts';
import { startDirectory, type RunningDirectory } from '../../server/src/startDirectory.ts';

const fixturePath = fileURLToPath(new URL('../conformance/fixtures/directory.json', import.meta.url));
const key = 'k-agency-1-conformance';

let directory: RunningDirectory;
let userDataDir: string;
let backEnd: BackEnd;
let connectionId: string;

/** A bridge call that must succeed; its value is checked against the contract's result schema. */
async function ok<C extends ChannelName>(channel: C, args: unknown): Promise<ChannelResult<C>> {
  const result = await backEnd.call(channel, args);
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.code}: ${result.error.message}`);
  return bridgeChannels[channel].result.parse(result.value) as ChannelResult<C>;
}

beforeAll(async () => {
  const fixture = (await readFile(fixturePath, 'utf8')).replace(/("\/media\/pictures\/\d+\/[a-z_]+)\.jpg"/g, '$1.png"');
  directory = await startDirectory({ port: 0, fixture: JSON.parse(fixture) as never, rateLimit: { limit: 50, windowSeconds: 60 } });
  userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-sync-channels-'));
  backEnd = await createBackEnd({ userDataDir, shell: 'web', version: 'test' });
  connectionId = (await ok('addConnection', { name: 'Conformance', baseUrl: directory.baseUrl, contentLocale: 'en', key })).id;
}, 60_000);

afterAll(async () => {
  // The key may sit in a real keychain: removing the connection deletes it there.
  if (connectionId) await backEnd?.call('removeConnection', { id: connectionId });
  await backEnd?.close();
  await directory?.close();
  if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
});

describe('directory calls and the rate budget', () => {
  it('starts with a budget that has seen no headers, and learns the server figures from the first answer', async () => {
    const before = await ok('getRateBudget', { connectionId });
    expect(before).toMatchObject({ headersSeen: false, inFlight: 0, rateLimitedAnswers: 0, blockedUntil: null });
    const page = await ok('listActors', { connectionId, params: { perPage: 100 } });
    expect(page.total).toBe(7);
    const after = await ok('getRateBudget', { connectionId });
    expect(after).toMatchObject({ headersSeen: true, limit: 50, used: 1, remaining: 49, inFlight: 0, rateLimitedAnswers: 0 });
    expect(after.resetAt).toBeGreaterThan(Date.now());
    expect(after.resetAt).toBeLessThanOrEqual(Date.now() + 61_000);
  });

  it('starts an interactive call before background calls that were waiting', async () => {
    const before = await ok('getRateBudget', { connectionId });
    const finished: string[] = [];
    const backgroundCount = 30;
    const background = Array.from({ length: backgroundCount }, (_, index) =>
      ok('getActor', { connectionId, id: [1, 2, 3, 4, 5, 9, 11][index % 7], priority: 'background' }).then(() => finished.push('background')),
    );
    // Issued last: it reaches the budget when the background calls already wait.
    let interactiveDone = false;
    const interactive = ok('getActor', { connectionId, id: 1 }).then(() => {
      interactiveDone = true;
      finished.push('interactive');
    });
    // Background calls may use five of the six slots; the sixth is kept for interactive calls
    // (the budget's unit tests check that slot exactly; here timing on a busy machine varies).
    const samples: ChannelResult<'getRateBudget'>[] = [];
    while (!interactiveDone) {
      samples.push(await ok('getRateBudget', { connectionId }));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all([...background, interactive]);
    expect(Math.max(...samples.map((sample) => sample.inFlight))).toBeLessThanOrEqual(6);
    // Arrival order would have put it last; it finished well before the background backlog did.
    expect(finished.indexOf('interactive')).toBeLessThan(backgroundCount - 5);

    const budget = await ok('getRateBudget', { connectionId });
    expect(budget).toMatchObject({ headersSeen: true, limit: 50, inFlight: 0, rateLimitedAnswers: 0 });
    // Every call counted once, unless the directory's rate window turned over meanwhile (a slow
    // machine). The figure follows the Ratelimit-Remaining of the answer that settled last, and
    // concurrent answers may settle out of the order the directory counted them: within one.
    if (budget.resetAt === before.resetAt) expect(Math.abs(budget.used - (before.used + backgroundCount + 1))).toBeLessThanOrEqual(1);
    else expect(budget.used).toBeLessThanOrEqual(backgroundCount + 2);
    expect(budget.waiting).toEqual({ interactive: 0, shortlist: 0, keep_offline: 0, background: 0 });
  });

  it('gives two connections to the same directory one budget: the second sees what the first spent', async () => {
    const second = (await ok('addConnection', { name: 'Same host', baseUrl: `${directory.baseUrl}/`, contentLocale: 'en', key })).id;
    try {
      await ok('listActors', { connectionId, params: { perPage: 1 } });
      const first = await ok('getRateBudget', { connectionId });
      const shared = await ok('getRateBudget', { connectionId: second });
      expect(shared.limit).toBe(first.limit);
      expect(shared.remaining).toBe(first.remaining);
      await ok('listActors', { connectionId: second, params: { perPage: 1 } });
      expect((await ok('getRateBudget', { connectionId })).remaining).toBeLessThan(first.remaining);
    } finally {
      await backEnd.call('removeConnection', { id: second });
    }
  });

  it('refuses an unknown priority and an unknown connection', async () => {
    const urgent = await backEnd.call('listActors', { connectionId, params: {}, priority: 'urgent' });
    expect(!urgent.ok && bridgeErrorSchema.parse(urgent.error).code).toBe('invalid_arguments');
    const nobody = await backEnd.call('getRateBudget', { connectionId: 'no-such-connection' });
    expect(!nobody.ok && nobody.error.code).toBe('connection_not_found');
  });
});

// After the rate budget's own figures: these calls would otherwise count in them.
describe('the content language', () => {
  it("reads profiles in the connection's content language unless a call names one", async () => {
    const direct = async (locale: string) =>
      ((await (await fetch(`${directory.baseUrl}/api/v1/actor_profiles/1?locale=${locale}`, { headers: { Authorization: `Token token=${key}` } })).json()) as { about_me: string | null }).about_me;
    const [english, german] = await Promise.all([direct('en'), direct('de')]);
    expect(german).not.toEqual(english);
    expect((await ok('getActor', { connectionId, id: 1 })).about_me).toEqual(english);
    await ok('updateConnection', { id: connectionId, contentLocale: 'de' });
    try {
      expect((await ok('getActor', { connectionId, id: 1 })).about_me).toEqual(german);
      expect((await ok('getActor', { connectionId, id: 1, locale: 'en' })).about_me).toEqual(english);
    } finally {
      await ok('updateConnection', { id: connectionId, contentLocale: 'en' });
    }
  });
});

describe('prefetchMedia', () => {
  it("stores the service's PNGs and reports the URLs that failed, without failing the call", async () => {
    const page = await ok('listActors', { connectionId, params: { perPage: 100, includePicture: true, pictureVersion: 'large' } });
    const withPicture = page.items.filter((actor) => typeof actor.main_picture_url_tile === 'string');
    expect(withPicture.length).toBeGreaterThan(0);
    const pictures = withPicture.flatMap((actor) => [actor.main_picture_url_tile as string, actor.picture_url as string]);
    for (const url of pictures) expect(url.startsWith(`${directory.baseUrl}/media/pictures/`)).toBe(true);
    const missing = pictures[0]!.replace(/\.png$/, '.jpg');
    const withCredentials = pictures[0]!.replace('http://', 'http://user:secret@');
    const before = await ok('getMediaCacheStats', {});

    const outcome = await ok('prefetchMedia', { connectionId, urls: [...pictures, missing, withCredentials], priority: 'low' });
    expect(outcome.cached).toEqual([...new Set(pictures)]);
    expect(outcome.failed).toEqual([
      { url: missing, code: 'upstream_status', status: 404 },
      { url: withCredentials, code: 'invalid_url' },
    ]);
    expect((await ok('getMediaCacheStats', {})).count).toBe(before.count + new Set(pictures).size);

    // Served from the cache as PNG, with the directory stopped or not.
    for (const url of pictures) {
      const served = await backEnd.serveMedia(new URLSearchParams({ c: connectionId, u: url }));
      expect(served.status).toBe(200);
      expect(served.headers['Content-Type'] ?? served.headers['content-type']).toBe('image/png');
      expect((served.body as Buffer).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    }
    // A second call finds them stored; pictures do not count against the directory's rate budget.
    const again = await ok('prefetchMedia', { connectionId, urls: pictures, priority: 'high' });
    expect(again).toMatchObject({ cached: [...new Set(pictures)], failed: [] });
    // With each stored file's size, so keeping plans against the cap with real sizes.
    expect(Object.keys(again.sizes ?? {}).sort()).toEqual([...new Set(pictures)].sort());
    expect(Object.values(again.sizes ?? {}).every((size) => size > 8)).toBe(true);
    expect((await ok('getRateBudget', { connectionId })).rateLimitedAnswers).toBe(0);
  });

  it('releases what a removed connection kept offline, and only that', async () => {
    const page = await ok('listActors', { connectionId, params: { perPage: 100, includePicture: true, pictureVersion: 'large' } });
    const pictures = [...new Set(page.items.flatMap((actor) => [actor.main_picture_url_tile, actor.picture_url].filter((url): url is string => typeof url === 'string')))];
    expect(pictures.length).toBeGreaterThan(1);
    const other = (await ok('addConnection', { name: 'Second key', baseUrl: directory.baseUrl, contentLocale: 'en', key })).id;
    try {
      const keptBefore = (await ok('getMediaCacheStats', {})).keptFiles;
      await ok('prefetchMedia', { connectionId: other, urls: pictures, priority: 'low', keepGeneration: 1 });
      await ok('prefetchMedia', { connectionId, urls: pictures.slice(0, 1), priority: 'low', keepGeneration: 1 });
      expect((await ok('getMediaCacheStats', {})).keptFiles).toBe(keptBefore + pictures.length);
      await ok('removeConnection', { id: other });
      // The first picture stays kept by the connection still there; the others may be evicted again.
      expect((await ok('getMediaCacheStats', {})).keptFiles).toBe(keptBefore + 1);
    } finally {
      await backEnd.call('removeConnection', { id: other });
    }
  });

  it('refuses a connection that does not exist', async () => {
    const result = await backEnd.call('prefetchMedia', { connectionId: 'no-such-connection', urls: [`${directory.baseUrl}/media/pictures/1/thumb.png`], priority: 'low' });
    expect(!result.ok && result.error.code).toBe('connection_not_found');
  });
});

describe('sync memory', () => {
  it('survives a new back end on the same user data folder', async () => {
    expect(await ok('getSyncMemory', { connectionId })).toEqual({ completedFullSyncAt: null });
    const at = '2026-11-22T10:11:12.000+01:00';
    await ok('setSyncMemory', { connectionId, completedFullSyncAt: at });
    await backEnd.close();
    backEnd = await createBackEnd({ userDataDir, shell: 'web', version: 'test' });
    expect(await ok('getSyncMemory', { connectionId })).toEqual({ completedFullSyncAt: at });
    expect(JSON.parse(await readFile(path.join(userDataDir, 'sync-memory.json'), 'utf8'))).toEqual({ version: 1, connections: { [connectionId]: { completedFullSyncAt: at } } });
  });

  it('sets a damaged file aside and starts empty', async () => {
    await backEnd.close();
    await writeFile(path.join(userDataDir, 'sync-memory.json'), '{"version":1,"connections":{"x":');
    backEnd = await createBackEnd({ userDataDir, shell: 'web', version: 'test' });
    expect(await ok('getSyncMemory', { connectionId })).toEqual({ completedFullSyncAt: null });
    expect((await readdir(userDataDir)).some((name) => name.startsWith('sync-memory.json.damaged-'))).toBe(true);
    const log = await readFile(path.join(userDataDir, 'logs', 'castdesk.log'), 'utf8');
    expect(log).toMatch(/sync memory file was damaged/);
  });

  it('forgets the entry when the connection is removed', async () => {
    await ok('setSyncMemory', { connectionId, completedFullSyncAt: '2026-11-22T00:00:00Z' });
    await ok('removeConnection', { id: connectionId });
    expect(JSON.parse(await readFile(path.join(userDataDir, 'sync-memory.json'), 'utf8'))).toEqual({ version: 1, connections: {} });
    connectionId = '';
  });
});

describe('closing the back end', () => {
  it('cancels directory calls still waiting for the rate budget instead of keeping them until the window resets', async () => {
    const connection = await ok('addConnection', { name: 'Closing', baseUrl: directory.baseUrl, contentLocale: 'en', key });
    // More calls than a whole window holds (50), so some wait for the next one even when this test
    // starts in a fresh window (earlier tests may take longer than a minute on a loaded machine).
    const calls = Array.from({ length: 60 }, (_, index) =>
      backEnd.call('getActor', { connectionId: connection.id, id: [1, 2, 3, 4, 5, 9, 11][index % 7], priority: 'background' }),
    );
    await vi.waitFor(
      async () => {
        const budget = await ok('getRateBudget', { connectionId: connection.id });
        expect(budget.remaining).toBe(0);
        expect(budget.waiting.background).toBeGreaterThan(0);
      },
      { timeout: 60_000, interval: 20 },
    );
    await backEnd.close();
    const results = await Promise.all(calls);
    const codes = results.map((result) => (result.ok ? 'ok' : result.error.code));
    expect(codes).toContain('cancelled');
    expect(codes.filter((code) => code !== 'ok' && code !== 'cancelled')).toEqual([]);
    backEnd = await createBackEnd({ userDataDir, shell: 'web', version: 'test' });
    await ok('removeConnection', { id: connection.id });
  });
});
