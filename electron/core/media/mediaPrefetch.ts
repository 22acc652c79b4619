/**
 * Fills the media cache ahead of need, so galleries work offline: the sync asks for thumbnails of
 * every cached profile (low), every version of viewed and shortlisted ones (normal, high). Picture
 * hosts are not the directory and have no budget we know of, so downloads are capped instead: at
 * most `maxDownloads` at once across every call, the best priority first, in arrival order within
 * one. A picture already stored is answered at once, without a slot. One failed URL never fails
 * the call: it is reported with the media cache's error code.
 */
import type { MediaPriority } from './downloadImage.ts';
import { MediaCacheError, type MediaCacheErrorCode } from './mediaCacheError.ts';

export const prefetchPriorities = ['high', 'normal', 'low'] as const satisfies readonly MediaPriority[];

/** What the prefetcher needs of the media cache (MediaCache has both). */
export interface PrefetchCache {
  /** The stored picture, or null; never downloads. */
  peek(url: string): Promise<unknown>;
  /** The picture, downloaded and stored when missing. */
  get(url: string, options: { signal?: AbortSignal; priority?: MediaPriority }): Promise<unknown>;
}

export interface PrefetchOutcome {
  cached: string[];
  /** `code` is a media cache error code, or `internal` for a failure that is a bug (logged). */
  failed: { url: string; code: MediaCacheErrorCode | 'internal' }[];
}

export interface MediaPrefetcher {
  prefetch(urls: readonly string[], priority: MediaPriority): Promise<PrefetchOutcome>;
  /** Downloads running and waiting, for tests and diagnostics. */
  stats(): { running: number; waiting: Record<MediaPriority, number> };
  /** Cancels what waits or runs; later calls fail every URL as `aborted`. */
  close(): void;
}

export interface MediaPrefetcherOptions {
  /** Downloads at once across all calls (default 4). */
  maxDownloads?: number;
  /** Told about failures that are not media cache errors (bugs, disk trouble). */
  log?: (line: string) => void;
}

/** Absolute http(s), without user name or password: a picture URL must never carry credentials. */
function isFetchablePictureUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.username === '' && parsed.password === '';
}

export function createMediaPrefetcher(cache: PrefetchCache, options: MediaPrefetcherOptions = {}): MediaPrefetcher {
  const maxDownloads = Math.max(1, options.maxDownloads ?? 4);
  const log = options.log ?? (() => undefined);
  const waiting: Record<MediaPriority, (() => void)[]> = { high: [], normal: [], low: [] };
  const closing = new AbortController();
  let running = 0;

  /** Resolves when a download slot is free; the caller must call the returned release once. */
  function slot(priority: MediaPriority): Promise<() => void> {
    return new Promise((resolve) => {
      const grant = () => {
        running += 1;
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          running -= 1;
          next();
        });
      };
      waiting[priority].push(grant);
      next();
    });
  }

  function next(): void {
    while (running < maxDownloads) {
      const priority = prefetchPriorities.find((name) => waiting[name].length > 0);
      if (!priority) return;
      waiting[priority].shift()!();
    }
  }

  function codeOf(error: unknown, url: string): MediaCacheErrorCode | 'internal' {
    if (error instanceof MediaCacheError) return error.code;
    log(`Prefetching ${url} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 'internal';
  }

  async function one(url: string, priority: MediaPriority): Promise<MediaCacheErrorCode | 'internal' | null> {
    if (!isFetchablePictureUrl(url)) return 'invalid_url';
    if (closing.signal.aborted) return 'aborted';
    try {
      if ((await cache.peek(url)) !== null) return null;
    } catch (error) {
      return codeOf(error, url);
    }
    const release = await slot(priority);
    try {
      if (closing.signal.aborted) return 'aborted';
      await cache.get(url, { signal: closing.signal, priority });
      return null;
    } catch (error) {
      return codeOf(error, url);
    } finally {
      release();
    }
  }

  return {
    async prefetch(urls, priority) {
      const distinct = [...new Set(urls)];
      const codes = await Promise.all(distinct.map((url) => one(url, priority)));
      const outcome: PrefetchOutcome = { cached: [], failed: [] };
      distinct.forEach((url, index) => {
        const code = codes[index];
        if (code === null || code === undefined) outcome.cached.push(url);
        else outcome.failed.push({ url, code });
      });
      return outcome;
    },
    stats: () => ({ running, waiting: { high: waiting.high.length, normal: waiting.normal.length, low: waiting.low.length } }),
    close() {
      closing.abort();
    },
  };
}
