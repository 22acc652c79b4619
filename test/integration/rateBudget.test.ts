/**
 * The rate budget against the real directory service limited to 20 requests per 4 s: a burst of
 * 60 calls draws no 429 and every call is answered (how fully it uses the windows is the sync
 * bench's figure, not a timed test), an interactive call overtakes a queued sync,
 * and a client arriving at an exhausted limit waits out Retry-After instead of hammering.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDirectoryClient, type DirectoryClient } from '../../electron/core/directory/directoryClient.ts';
import { RateBudget } from '../../electron/core/directory/rateBudget.ts';
import { bindKey } from '../../electron/core/keys/keyOrigin.ts';
import { startDirectory, type RunningDirectory } from '../../server/src/startDirectory.ts';
import { letTimePass } from '../support/letTimePass.ts';

const KEY = 'k-agency-1-conformance';
const LIMIT = 20;
/**
 * The service's window: short, so the test waits seconds rather than minutes for windows to pass,
 * with the same limit so every burst still spans several windows. Not shorter than 4 s: the client
 * tells windows apart by their reported resets (whole seconds; rateBudget.ts's same-window
 * tolerance is 1.5 s). The provider's 300 per 5 minutes is the same rule at another scale.
 */
const WINDOW_SECONDS = 4;

let directory: RunningDirectory;
/** One budget per connection for the app's lifetime: the first two tests share it, as calls of one connection do. */
const connectionBudget = new RateBudget();

beforeAll(async () => {
  directory = await startDirectory({
    port: 0,
    fixture: fileURLToPath(new URL('../conformance/fixtures/directory.json', import.meta.url)),
    rateLimit: { limit: LIMIT, windowSeconds: WINDOW_SECONDS },
    now: () => new Date('2026-06-15T12:00:00.000Z'),
  });
}, 120_000);

afterAll(async () => {
  await directory?.close();
});

/** A fetch that records the status of every answer the server gave. */
function recordingFetch(): { statuses: number[]; fetch: typeof fetch } {
  const statuses: number[] = [];
  return {
    statuses,
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      statuses.push(response.status);
      return response;
    },
  };
}

function clientWith(budget: RateBudget, fetchImpl: typeof fetch): DirectoryClient {
  return createDirectoryClient({ baseUrl: directory.baseUrl, key: bindKey(KEY, directory.baseUrl), budget, fetch: fetchImpl, timeoutMs: 10_000 });
}

/**
 * Spends whatever is left of the service's current window, so the next request draws a 429. A
 * window about to end is waited out and the next one spent, so the refusal lasts a few seconds.
 */
async function exhaustWindow(): Promise<number> {
  for (;;) {
    const response = await fetch(`${directory.baseUrl}/api/v1/attributes`, { headers: { Authorization: `Token token=${KEY}` } });
    await response.arrayBuffer();
    if (response.status !== 429) continue;
    const retryAfter = Number(response.headers.get('Retry-After'));
    if (retryAfter >= 2) return retryAfter;
    await letTimePass(retryAfter * 1000 + 100, "the service's nearly spent window ends, so the next one is spent afresh");
  }
}

describe('rate budget against a service limited to 20 per 4 s', () => {
  it('60 calls issued at once: zero 429s, every call answered', async () => {
    const recorder = recordingFetch();
    const budget = connectionBudget;
    const client = clientWith(budget, recorder.fetch);
    const started = performance.now();
    const calls = Array.from({ length: 60 }, (_, index) => {
      const options = { priority: 'background' as const };
      switch (index % 4) {
        case 0: return client.listActors({ per_page: 2 }, options);
        case 1: return client.getActor(1, {}, options);
        case 2: return client.listCrew({}, options);
        default: return client.getCastingCall(1, options);
      }
    });
    const results = await Promise.allSettled(calls);
    const seconds = (performance.now() - started) / 1000;
    console.log(`MEASURED rate budget: 60 calls under ${LIMIT}/${WINDOW_SECONDS}s in ${seconds.toFixed(1)} s, statuses ${JSON.stringify(countBy(recorder.statuses))}`);
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    expect(recorder.statuses.filter((status) => status === 429)).toEqual([]);
    expect(recorder.statuses).toHaveLength(60);
    expect(budget.stats()).toMatchObject({ headersSeen: true, limit: LIMIT, inFlight: 0 });
  }, 60_000);

  it('an interactive call issued after a queued sync starts before it', async () => {
    const recorder = recordingFetch();
    const budget = connectionBudget; // it knows the window the first test left behind
    const client = clientWith(budget, recorder.fetch);
    const finished: string[] = [];
    const sync = Array.from({ length: 30 }, (_, index) =>
      client.getActor(1, {}, { priority: 'background' }).then(() => finished.push(`background-${index}`)),
    );
    await vi.waitFor(() => expect(budget.stats().waiting.background).toBeGreaterThan(0), { timeout: 30_000 });
    const interactive = client.getActor(2, {}, { priority: 'interactive' }).then(() => finished.push('interactive'));
    await Promise.all([...sync, interactive]);
    const position = finished.indexOf('interactive');
    console.log(`MEASURED priority: interactive finished ${position + 1} of ${finished.length}`);
    expect(position).toBeLessThan(LIMIT);
    expect(recorder.statuses.filter((status) => status === 429)).toEqual([]);
  }, 60_000);

  it('honours Retry-After when the limit is already exhausted: one 429, then success', async () => {
    const retryAfter = await exhaustWindow();
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    const recorder = recordingFetch();
    const budget = new RateBudget(); // a fresh start of the app: it has seen no header yet
    const client = clientWith(budget, recorder.fetch);
    const started = performance.now();
    const page = client.listActors({ per_page: 1 });
    await vi.waitFor(() => expect(budget.stats().blockedUntil).not.toBeNull(), { timeout: 30_000 });
    const result = await page;
    const waited = (performance.now() - started) / 1000;
    console.log(`MEASURED Retry-After ${retryAfter} s honoured: answered after ${waited.toFixed(1)} s, statuses ${JSON.stringify(recorder.statuses)}`);
    expect(result.items).toHaveLength(1);
    expect(recorder.statuses).toEqual([429, 200]);
    expect(waited).toBeGreaterThanOrEqual(retryAfter - 1);
  }, 60_000);
});

function countBy(values: number[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
