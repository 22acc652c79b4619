/**
 * Fills the media cache ahead of need, so galleries work offline: the sync asks for thumbnails of
 * every cached profile (low), every version of viewed and shortlisted ones (normal, high). Picture
 * hosts are not the directory and have no budget we know of, so downloads are capped instead: at
 * most `maxDownloads` at once across every call, the best priority first, in arrival order within
 * one. A picture already stored is answered at once, without a slot. One failed URL never fails
 * the call: it is reported with the media cache's error code.
 */
import type { MediaPriority } from './downloadImage.ts';
import type { MediaKind } from './mediaAcceptance.ts';
import type { KeepMark } from './mediaCache.ts';
import { MediaCacheError, type MediaCacheErrorCode } from './mediaCacheError.ts';
import { isStorageFull } from '../files/storageFull.ts';

export const prefetchPriorities = ['high', 'normal', 'low'] as const satisfies readonly MediaPriority[];

/** What the prefetcher needs of the media cache (MediaCache has both). */
export interface PrefetchCache {
  /** The stored picture, or null; never downloads. */
  peek(url: string): Promise<unknown>;
  /** Whether `url` is stored, from the index alone (optional; lets keeping skip a disk read). */
  has?(url: string): boolean;
  /** The picture, downloaded and stored when missing. */
  get(url: string, options: { signal?: AbortSignal; priority?: MediaPriority } & PrefetchOptions): Promise<unknown>;
}

/** What a prefetch stores and how: kept offline (spared by eviction), pictures or showreel media. */
export interface PrefetchOptions {
  keep?: KeepMark;
  kind?: MediaKind;
  /** The largest file accepted (showreels: the user's limit). */
  maxBytes?: number;
}

export interface PrefetchOutcome {
  cached: string[];
  /**
   * `code` is a media cache error code, or `internal` for a failure that is a bug (logged);
   * `status` is the upstream HTTP status of `upstream_status`, so a caller can tell 404 from 503.
   */
  failed: { url: string; code: MediaCacheErrorCode | 'internal'; status?: number }[];
}

export interface MediaPrefetcher {
  prefetch(urls: readonly string[], priority: MediaPriority, options?: PrefetchOptions): Promise<PrefetchOutcome>;
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

  type Failure = { code: MediaCacheErrorCode | 'internal'; status?: number };

  function causeOf(error: Error): string {
    const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
    return cause ? ` (${[cause.code, cause.message].filter((part) => typeof part === 'string').join(': ')})` : '';
  }

  function failureOf(error: unknown, url: string): Failure {
    if (error instanceof MediaCacheError) {
      // A host that cannot be reached is retried with backoff; the log says why, for "open logs folder".
      if (error.code === 'unreachable') log(`Prefetching ${url} failed: ${error.message}${causeOf(error)}`);
      return error.status === undefined ? { code: error.code } : { code: error.code, status: error.status };
    }
    if (isStorageFull(error)) return { code: 'storage_full' };
    log(`Prefetching ${url} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return { code: 'internal' };
  }

  async function one(url: string, priority: MediaPriority, options: PrefetchOptions): Promise<Failure | null> {
    if (!isFetchablePictureUrl(url)) return { code: 'invalid_url' };
    if (closing.signal.aborted) return { code: 'aborted' };
    try {
      // A stored file answers at once, without a download slot; keeping it marks it kept.
      if (options.keep) {
        if (cache.has?.(url)) {
          await cache.get(url, { ...options, signal: closing.signal, priority });
          return null;
        }
      } else if ((await cache.peek(url)) !== null) return null;
    } catch (error) {
      return failureOf(error, url);
    }
    const release = await slot(priority);
    try {
      if (closing.signal.aborted) return { code: 'aborted' };
      await cache.get(url, { ...options, signal: closing.signal, priority });
      return null;
    } catch (error) {
      return failureOf(error, url);
    } finally {
      release();
    }
  }

  return {
    async prefetch(urls, priority, options = {}) {
      const distinct = [...new Set(urls)];
      const failures = await Promise.all(distinct.map((url) => one(url, priority, options)));
      const outcome: PrefetchOutcome = { cached: [], failed: [] };
      distinct.forEach((url, index) => {
        const failure = failures[index];
        if (failure === null || failure === undefined) outcome.cached.push(url);
        else outcome.failed.push({ url, ...failure });
      });
      return outcome;
    },
    stats: () => ({ running, waiting: { high: waiting.high.length, normal: waiting.normal.length, low: waiting.low.length } }),
    close() {
      closing.abort();
    },
  };
}
