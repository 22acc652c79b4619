/**
 * The media channels keepMedia uses, answered by the back end's real media cache and prefetcher
 * the way electron/core/bridge/handlers.ts answers them, without the IPC hop: for tests and the
 * media bench that need the real cache but no keychain or directory.
 */
import type { MediaCache } from '../../electron/core/media/mediaCache.ts';
import type { MediaPrefetcher } from '../../electron/core/media/mediaPrefetch.ts';
import type { SyncContext } from '../../renderer/src/sync/syncContext.ts';

export interface MediaCall {
  channel: string;
  urls: string[];
}

export function mediaKeepingContext(cache: MediaCache, prefetcher: MediaPrefetcher, connectionId = 'c1'): { context: SyncContext; calls: MediaCall[] } {
  const calls: MediaCall[] = [];
  const sizesOf = (urls: string[]) => Object.fromEntries(urls.map((url) => [url, cache.sizeOf(url) ?? 0]));
  const keepOf = (generation: number | undefined) => (generation === undefined ? undefined : { owner: connectionId, generation });
  const bridge = {
    getMediaPresence: async ({ urls, keepGeneration }: { urls: string[]; keepGeneration?: number }) => {
      calls.push({ channel: 'getMediaPresence', urls });
      const present = cache.present(urls, { keep: keepOf(keepGeneration) });
      return { ok: true, value: { present, sizes: sizesOf(present) } };
    },
    prefetchMedia: async (args: { urls: string[]; priority: 'high' | 'normal' | 'low'; keepGeneration?: number; kind?: 'picture' | 'showreel'; maxBytes?: number }) => {
      calls.push({ channel: 'prefetchMedia', urls: args.urls });
      const outcome = await prefetcher.prefetch(args.urls, args.priority, { keep: keepOf(args.keepGeneration), kind: args.kind, maxBytes: args.maxBytes });
      return { ok: true, value: { ...outcome, sizes: sizesOf(outcome.cached) } };
    },
    releaseKeptMedia: async ({ before }: { before: number }) => ({ ok: true, value: { released: cache.releaseKept(connectionId, before) } }),
  };
  const context = { bridge, connectionId, call: async (request: () => Promise<{ value: unknown }>) => (await request()).value } as unknown as SyncContext;
  return { context, calls };
}
