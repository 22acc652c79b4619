/**
 * The prefetch queue's scheduling, over a cache whose downloads the test finishes by hand: never
 * more than four at once across calls, high before normal before low, stored pictures answered
 * without a slot, refused URLs never reach the cache, and one failure never fails the call.
 */
import { describe, expect, it } from 'vitest';
import { createMediaPrefetcher, type PrefetchCache } from '../../../electron/core/media/mediaPrefetch.ts';
import { MediaCacheError } from '../../../electron/core/media/mediaCacheError.ts';

/** A cache whose downloads stay open until the test settles them. */
function manualCache(stored: string[] = []) {
  const started: string[] = [];
  const open = new Map<string, { resolve(): void; reject(error: unknown): void }>();
  let running = 0;
  let mostAtOnce = 0;
  const cache: PrefetchCache = {
    peek: async (url) => (stored.includes(url) ? { url } : null),
    get: (url) =>
      new Promise((resolve, reject) => {
        started.push(url);
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        const done = () => {
          running -= 1;
          open.delete(url);
        };
        open.set(url, { resolve: () => (done(), resolve({})), reject: (error) => (done(), reject(error)) });
      }),
  };
  return {
    cache,
    started,
    mostAtOnce: () => mostAtOnce,
    finish(url: string, error?: unknown) {
      const download = open.get(url);
      if (!download) throw new Error(`${url} is not downloading`);
      if (error) download.reject(error);
      else download.resolve();
    },
    openUrls: () => [...open.keys()],
  };
}

const settle = async () => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};
const url = (name: string) => `https://media.example/${name}.png`;

describe('media prefetch', () => {
  it('runs at most four downloads at once across calls, best priority first', async () => {
    const manual = manualCache();
    const prefetcher = createMediaPrefetcher(manual.cache);
    const low = prefetcher.prefetch(['l1', 'l2', 'l3', 'l4', 'l5', 'l6'].map(url), 'low');
    await settle();
    expect(manual.started).toEqual(['l1', 'l2', 'l3', 'l4'].map(url));
    const normal = prefetcher.prefetch(['n1', 'n2'].map(url), 'normal');
    const high = prefetcher.prefetch(['h1'].map(url), 'high');
    await settle();
    expect(prefetcher.stats()).toEqual({ running: 4, waiting: { high: 1, normal: 2, low: 2 } });
    // Each freed slot goes to the best waiting priority.
    manual.finish(url('l1'));
    await settle();
    expect(manual.started.at(-1)).toBe(url('h1'));
    manual.finish(url('l2'));
    manual.finish(url('l3'));
    await settle();
    expect(manual.started.slice(-2)).toEqual(['n1', 'n2'].map(url));
    while (manual.openUrls().length > 0) {
      for (const open of manual.openUrls()) manual.finish(open);
      await settle();
    }
    expect(manual.mostAtOnce()).toBe(4);
    expect((await low).cached).toHaveLength(6);
    expect(await normal).toEqual({ cached: ['n1', 'n2'].map(url), failed: [] });
    expect(await high).toEqual({ cached: [url('h1')], failed: [] });
  });

  it('answers stored pictures without a slot and reports failures with their code', async () => {
    const manual = manualCache([url('stored')]);
    const prefetcher = createMediaPrefetcher(manual.cache, { maxDownloads: 1 });
    const busy = prefetcher.prefetch([url('slow')], 'high');
    const outcome = prefetcher.prefetch(
      [url('stored'), 'file:///etc/passwd', 'https://user:secret@media.example/x.png', 'not a url', url('missing'), url('broken'), url('missing')],
      'high',
    );
    await settle();
    manual.finish(url('slow'));
    await settle();
    manual.finish(url('missing'), new MediaCacheError('upstream_status', '404', url('missing'), 404));
    await settle();
    manual.finish(url('broken'), new Error('disk full'));
    expect(await outcome).toEqual({
      cached: [url('stored')],
      failed: [
        { url: 'file:///etc/passwd', code: 'invalid_url' },
        { url: 'https://user:secret@media.example/x.png', code: 'invalid_url' },
        { url: 'not a url', code: 'invalid_url' },
        { url: url('missing'), code: 'upstream_status', status: 404 },
        { url: url('broken'), code: 'internal' },
      ],
    });
    expect(await busy).toEqual({ cached: [url('slow')], failed: [] });
    // Refused URLs never reached the cache; a repeated URL was fetched once.
    expect(manual.started).toEqual([url('slow'), url('missing'), url('broken')]);
  });

  it('fails what waits as aborted once closed', async () => {
    const manual = manualCache();
    const prefetcher = createMediaPrefetcher(manual.cache, { maxDownloads: 1 });
    const outcome = prefetcher.prefetch([url('a'), url('b')], 'low');
    await settle();
    prefetcher.close();
    manual.finish(url('a'), new MediaCacheError('aborted', 'cancelled', url('a')));
    expect(await outcome).toEqual({ cached: [], failed: [{ url: url('a'), code: 'aborted' }, { url: url('b'), code: 'aborted' }] });
    expect(await prefetcher.prefetch([url('c')], 'high')).toEqual({ cached: [], failed: [{ url: url('c'), code: 'aborted' }] });
  });
  it('logs why a host could not be reached, with the network error, and nothing for a refusal', async () => {
    const manual = manualCache();
    const lines: string[] = [];
    const prefetcher = createMediaPrefetcher(manual.cache, { log: (line) => lines.push(line) });
    const done = prefetcher.prefetch([url('a'), url('b')], 'low');
    await settle();
    const reset = Object.assign(new Error('other side closed'), { code: 'ECONNRESET' });
    manual.finish(url('a'), new MediaCacheError('unreachable', `The download of ${url('a')} broke off`, url('a'), undefined, { cause: reset }));
    manual.finish(url('b'), new MediaCacheError('upstream_status', `${url('b')} answered HTTP 404.`, url('b'), 404));
    await done;
    expect(lines).toEqual([`Prefetching ${url('a')} failed: The download of ${url('a')} broke off (ECONNRESET: other side closed)`]);
  });
});
