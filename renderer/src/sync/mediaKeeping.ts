/**
 * Keep offline, the media half: every picture of a kept profile in every version the app shows
 * (gallery, lightbox, zoom, list and grid tile) and its direct showreel media on the media host,
 * stored in the back end's media cache marked "kept" (spared by its LRU). Counts are true: what
 * is saved is asked of the back end's index, not counted from attempts. A failure that may pass
 * (host away, 5xx) leaves the file waiting with its reason; one that will not (404, too large,
 * not a picture) is skipped and said so. A pass stops at the first batch that saves nothing while
 * failing for a passing reason, so a host that is away costs one request per retry, not thousands.
 */
import type { ActorDetail, CrewDetail } from '../../../contract/directory-api.ts';
import type { ProfileKind } from '../db/libraryDb.ts';
import { uidIn } from '../db/connectionLibrary.ts';
import { profileTable } from '../db/libraryWrites.ts';
import { displayedVersions } from '../components/profile/galleryOrder.ts';
import { showreelPlayback } from '../components/profile/showreelPlayback.ts';
import { unwrap } from './bridgeCall.ts';
import type { SyncContext } from './syncContext.ts';

export type KeptMediaKind = 'picture' | 'showreel';

export interface KeptMedia {
  url: string;
  kind: KeptMediaKind;
}

/** Why kept files wait: the picture host cannot be reached, it fails (5xx) for now, or the disk is full. */
export type MediaWaitReason = 'unreachable' | 'server_error' | 'interrupted' | 'storage_full';

export interface KeptMediaCounts {
  /** Kept profiles whose full profile is saved (their files are counted). */
  profiles: number;
  /** Files of kept profiles the app shows. */
  wanted: number;
  /** Of those, stored on disk (the back end's index says so). */
  saved: number;
  /** Missing for a reason that may pass: retried with backoff. */
  waiting: number;
  /** Missing for good (gone, too large, not a picture): not retried. */
  skipped: number;
  /** Why `waiting` files wait; null when none does. */
  reason: MediaWaitReason | null;
}

export interface KeepMediaOptions {
  /** The user's limit for one showreel file; 0 keeps no showreel media. */
  showreelMaxBytes: number;
  /** How many profiles `wanted` comes from, for the counts. */
  profiles: number;
  /** This pass's mark (grows with each pass, e.g. its start time); see releaseKeptBefore. */
  generation: number;
  onProgress?: (counts: KeptMediaCounts) => void;
}

/** Presence and prefetch take at most this many URLs a call (the bridge's limit). */
const batchSize = 100;

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * What keeping `detail` offline stores: each picture's displayed versions, the list tile, and
 * showreels the app plays itself (audio or video files, not pages) served by the same host as the
 * profile's pictures or the list tile, i.e. the directory's media host.
 */
export function keptMediaOf(detail: ActorDetail | CrewDetail, listTile?: string | null): KeptMedia[] {
  const media = new Map<string, KeptMedia>();
  const mediaHosts = new Set<string>();
  for (const picture of detail.pictures ?? []) {
    for (const url of displayedVersions(picture)) {
      media.set(url, { url, kind: 'picture' });
      const origin = originOf(url);
      if (origin) mediaHosts.add(origin);
    }
  }
  if (listTile) {
    media.set(listTile, { url: listTile, kind: 'picture' });
    const origin = originOf(listTile);
    if (origin) mediaHosts.add(origin);
  }
  for (const showreel of detail.showreels ?? []) {
    const playback = showreelPlayback(showreel.url, showreel.type);
    if (playback.kind === 'external') continue;
    const origin = originOf(playback.src);
    if (origin && mediaHosts.has(origin)) media.set(playback.src, { url: playback.src, kind: 'showreel' });
  }
  return [...media.values()];
}

/** The sync status says the disk is full (the sync store shows this error whatever the run's state). */
export function reportStorageFull(context: SyncContext): void {
  context.progress.update({ lastError: { code: 'storage_full', message: 'The disk is too full to keep more pictures or showreels offline.' } });
}

function isPermanent(failure: { code: string; status?: number }): boolean {
  if (failure.code === 'upstream_status') return failure.status !== undefined && failure.status < 500 && failure.status !== 408 && failure.status !== 429;
  return failure.code === 'invalid_url' || failure.code === 'unsupported_type' || failure.code === 'too_large';
}

function waitReasonOf(failure: { code: string }): MediaWaitReason {
  if (failure.code === 'upstream_status') return 'server_error';
  if (failure.code === 'aborted') return 'interrupted';
  if (failure.code === 'storage_full') return 'storage_full';
  return 'unreachable';
}

/** Which of `urls` the back end's media cache holds; those it holds are marked kept in this pass. */
async function presentOf(context: SyncContext, urls: string[], generation: number): Promise<Set<string>> {
  const present = new Set<string>();
  for (let start = 0; start < urls.length; start += batchSize) {
    const answer = unwrap(await context.bridge.getMediaPresence({ connectionId: context.connectionId, urls: urls.slice(start, start + batchSize), keepGeneration: generation }));
    for (const url of answer.present) present.add(url);
  }
  return present;
}

/**
 * One pass over `wanted`: asks what is stored, fetches what is missing (marked kept), and returns
 * the true counts. Showreels over the user's limit are skipped, not fetched.
 */
export async function keepMedia(context: SyncContext, wanted: readonly KeptMedia[], options: KeepMediaOptions): Promise<KeptMediaCounts> {
  const unique = [...new Map(wanted.map((entry) => [entry.url, entry])).values()];
  const kept = options.showreelMaxBytes > 0 ? unique : unique.filter((entry) => entry.kind === 'picture');
  const present = await presentOf(context, kept.map((entry) => entry.url), options.generation);
  const counts: KeptMediaCounts = { profiles: options.profiles, wanted: kept.length, saved: present.size, waiting: 0, skipped: 0, reason: null };
  const missing = kept.filter((entry) => !present.has(entry.url));
  counts.waiting = missing.length;
  options.onProgress?.({ ...counts });
  if (missing.length === 0) return counts;
  // Pictures first (they are what the user looks at), showreels after.
  const queue = [...missing.filter((entry) => entry.kind === 'picture'), ...missing.filter((entry) => entry.kind === 'showreel')];
  // The first batch is one file: a probe, so a host that is away costs one request.
  for (let start = 0, size = 1; start < queue.length; start += size, size = batchSize) {
    const batch = queue.slice(start, start + size);
    const kind = batch[0]!.kind;
    const sameKind = batch.filter((entry) => entry.kind === kind);
    const answer = await context.call(() =>
      context.bridge.prefetchMedia({
        connectionId: context.connectionId,
        urls: sameKind.map((entry) => entry.url),
        priority: 'normal',
        keepGeneration: options.generation,
        kind,
        ...(kind === 'showreel' ? { maxBytes: options.showreelMaxBytes } : {}),
      }),
    );
    // A mixed batch is cut at the kind boundary; the rest comes with the next batch.
    if (sameKind.length < batch.length) size = sameKind.length;
    counts.saved += answer.cached.length;
    counts.waiting -= answer.cached.length;
    let retryable: { code: string } | null = null;
    for (const failure of answer.failed) {
      if (isPermanent(failure)) {
        counts.skipped += 1;
        counts.waiting -= 1;
      } else retryable ??= failure;
    }
    if (retryable) counts.reason = waitReasonOf(retryable);
    if (counts.reason === 'storage_full') reportStorageFull(context);
    options.onProgress?.({ ...counts });
    // A full disk takes nothing more: the files wait until there is room, asked for once a pass.
    if ((answer.cached.length === 0 && retryable) || counts.reason === 'storage_full') break;
  }
  if (counts.waiting === 0) counts.reason = null;
  return counts;
}

/**
 * After a pass over everything the connection keeps (every stored file was marked with
 * `generation`), releases what older passes marked and this one did not: files of dropped scopes
 * or of profiles no longer kept become evictable again.
 */
export async function releaseKeptBefore(context: SyncContext, generation: number): Promise<number> {
  return unwrap(await context.bridge.releaseKeptMedia({ connectionId: context.connectionId, before: generation })).released;
}

/** Everything kept offline of `refs` whose full profile is saved (a profile without one waits for its detail). */
export async function keptMediaWanted(context: SyncContext, refs: readonly { kind: ProfileKind; id: number }[]): Promise<{ media: KeptMedia[]; profiles: number }> {
  const wanted: KeptMedia[] = [];
  let profiles = 0;
  for (const kind of ['actor', 'crew'] as const) {
    const ids = [...new Set(refs.filter((ref) => ref.kind === kind).map((ref) => ref.id))];
    const rows = await profileTable(context.db, kind).bulkGet(ids.map((id) => uidIn(context.library, id)));
    for (const row of rows) {
      if (!row?.detail || row.removed) continue;
      profiles += 1;
      wanted.push(...keptMediaOf(row.detail, row.item.main_picture_url_tile ?? null));
    }
  }
  return { media: wanted, profiles };
}
