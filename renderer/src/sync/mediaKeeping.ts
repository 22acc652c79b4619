/**
 * Keep offline, the media half: every picture of a kept profile in every version the app shows
 * (gallery, lightbox, zoom, list and grid tile) and its direct showreel media on the media host,
 * stored in the back end's media cache marked "kept" (spared by its LRU), as far as the cache's cap
 * allows: a pass plans what fits first (keptMediaPlan.ts) and fetches only that, so kept files never
 * push each other out. Counts are true and each outcome has its own: what is saved is asked of the
 * back end's index, not counted from attempts; a file left out for the cap, refused as too large,
 * not a picture, or gone from the host is counted as that; a failure that may pass (host away, 5xx)
 * leaves the file waiting with its reason, and a file not tried yet is pending, never "unreachable".
 * A pass stops at the first batch that saves nothing while failing for a passing reason, so a host
 * that is away costs one request per retry, not thousands.
 */
import type { ActorDetail, CrewDetail, Picture } from '../../../contract/directory-api.ts';
import type { AnyProfileRow, ProfileKind } from '../db/libraryDb.ts';
import { profileTable } from '../db/libraryWrites.ts';
import { uidIn } from '../db/connectionLibrary.ts';
import { displayedVersions } from '../components/profile/galleryOrder.ts';
import { showreelPlayback } from '../components/profile/showreelPlayback.ts';
import { unwrap } from './bridgeCall.ts';
import { planWithinCap, SizeEstimator, type KeptVersion, type PlannedFile } from './keptMediaPlan.ts';
import type { SyncContext } from './syncContext.ts';

export type KeptMediaKind = 'picture' | 'showreel';

export type KeptMedia = PlannedFile;

/** Why kept files wait: the picture host cannot be reached, it fails (5xx) for now, or the disk is full. */
export type MediaWaitReason = 'unreachable' | 'server_error' | 'interrupted' | 'storage_full';

/**
 * One pass's outcome. Every wanted file is in exactly one of saved, waiting, pending, overCap,
 * tooLarge, notImage and failed.
 */
export interface KeptMediaCounts {
  /** Kept profiles whose full profile is saved (their files are counted). */
  profiles: number;
  /** Files of kept profiles the app shows. */
  wanted: number;
  /** Of those, what fits the cache's cap: what this pass keeps (saved) or tries to. */
  planned: number;
  /** Stored on disk and kept (the back end's index says so). */
  saved: number;
  /** Tried in this pass and missing for a reason that may pass: retried with backoff. */
  waiting: number;
  /** Planned but not tried yet in this pass (it stopped early or is still going). */
  pending: number;
  /** Not kept because they would take the kept files past the cache's cap. */
  overCap: number;
  /** Refused: larger than the limit for one file. */
  tooLarge: number;
  /** Refused: not a picture or showreel the app shows. */
  notImage: number;
  /** Could not be downloaded for good (gone from the host, refused, not a usable address). */
  failed: number;
  /** Why `waiting` files wait; null when none does. */
  reason: MediaWaitReason | null;
  /** The cache's cap the pass planned against; null when the back end did not say. */
  capBytes: number | null;
}

export interface KeepMediaOptions {
  /** The user's limit for one showreel file; 0 keeps no showreel media. */
  showreelMaxBytes: number;
  /** How many profiles `wanted` comes from, for the counts. */
  profiles: number;
  /** This pass's mark (grows with each pass, e.g. its start time); see releaseKeptBefore. */
  generation: number;
  /** The media cache's cap; null: unknown (the back end still refuses what would pass it). */
  capBytes: number | null;
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

/** Which version of `picture` the displayed `url` is. */
function versionOf(picture: Picture, url: string): KeptVersion {
  if (url === picture.versions.thumb_large || url === picture.versions.thumb) return 'thumb';
  if (url === picture.versions.large) return 'large';
  return 'original';
}

/**
 * What keeping `detail` offline stores: each picture's displayed versions, the list tile, and
 * showreels the app plays itself (audio or video files, not pages) served by the same host as the
 * profile's pictures or the list tile, i.e. the directory's media host. `profile` names whose they are.
 */
export function keptMediaOf(detail: ActorDetail | CrewDetail, listTile?: string | null, profile = `profile:${detail.id}`): KeptMedia[] {
  const media = new Map<string, KeptMedia>();
  const mediaHosts = new Set<string>();
  for (const picture of detail.pictures ?? []) {
    for (const url of displayedVersions(picture)) {
      media.set(url, { url, kind: 'picture', version: versionOf(picture, url), profile });
      const origin = originOf(url);
      if (origin) mediaHosts.add(origin);
    }
  }
  if (listTile) {
    if (!media.has(listTile)) media.set(listTile, { url: listTile, kind: 'picture', version: 'tile', profile });
    const origin = originOf(listTile);
    if (origin) mediaHosts.add(origin);
  }
  for (const showreel of detail.showreels ?? []) {
    const playback = showreelPlayback(showreel.url, showreel.type);
    if (playback.kind === 'external') continue;
    const origin = originOf(playback.src);
    if (origin && mediaHosts.has(origin)) media.set(playback.src, { url: playback.src, kind: 'showreel', version: 'showreel', profile });
  }
  return [...media.values()];
}

/** The sync status says the disk is full (the sync store shows this error whatever the run's state). */
export function reportStorageFull(context: SyncContext): void {
  context.progress.update({ lastError: { code: 'storage_full', message: 'The disk is too full to keep more pictures or showreels offline.' } });
}

type Outcome = 'tooLarge' | 'notImage' | 'failed' | 'overCap' | 'waiting';

/** Where a failed file goes in the counts. */
function outcomeOf(failure: { code: string; status?: number }): Outcome {
  switch (failure.code) {
    case 'too_large':
      return 'tooLarge';
    case 'unsupported_type':
      return 'notImage';
    case 'over_cap':
      return 'overCap';
    case 'invalid_url':
      return 'failed';
    case 'upstream_status':
      return failure.status !== undefined && failure.status < 500 && failure.status !== 408 && failure.status !== 429 ? 'failed' : 'waiting';
    default:
      return 'waiting';
  }
}

function waitReasonOf(failure: { code: string }): MediaWaitReason {
  if (failure.code === 'upstream_status') return 'server_error';
  if (failure.code === 'aborted') return 'interrupted';
  if (failure.code === 'storage_full') return 'storage_full';
  return 'unreachable';
}

/** The stored sizes of `urls` the back end's media cache holds; with `generation`, those are marked kept in this pass. */
async function storedSizesOf(context: SyncContext, urls: string[], generation?: number): Promise<Map<string, number | null>> {
  const stored = new Map<string, number | null>();
  for (let start = 0; start < urls.length; start += batchSize) {
    const request = { connectionId: context.connectionId, urls: urls.slice(start, start + batchSize), ...(generation === undefined ? {} : { keepGeneration: generation }) };
    const answer = unwrap(await context.bridge.getMediaPresence(request));
    for (const url of answer.present) stored.set(url, answer.sizes?.[url] ?? null);
  }
  return stored;
}

/**
 * One pass over `wanted` (in priority order, a profile's files together): asks what is stored,
 * plans what fits the cap, marks the planned stored files kept, fetches the planned missing ones
 * (marked kept), and returns the true counts. Showreels over the user's limit are skipped, not fetched.
 */
export async function keepMedia(context: SyncContext, wanted: readonly KeptMedia[], options: KeepMediaOptions): Promise<KeptMediaCounts> {
  const unique = [...new Map(wanted.map((entry) => [entry.url, entry])).values()];
  const kept = options.showreelMaxBytes > 0 ? unique : unique.filter((entry) => entry.kind === 'picture');
  // Asked without marking: what does not fit the cap this time must not stay kept from earlier passes.
  const stored = await storedSizesOf(context, kept.map((entry) => entry.url));
  const estimator = new SizeEstimator(options.showreelMaxBytes);
  for (const entry of kept) {
    const size = stored.get(entry.url);
    if (typeof size === 'number') estimator.learn(entry.version, size);
  }
  const sizeOf = (entry: KeptMedia) => stored.get(entry.url) ?? estimator.estimate(entry.version);
  const capBytes = options.capBytes ?? Number.POSITIVE_INFINITY;
  const plan = planWithinCap(kept, capBytes, sizeOf);
  const plannedStored = plan.planned.filter((entry) => stored.has(entry.url));
  const marked = await storedSizesOf(context, plannedStored.map((entry) => entry.url), options.generation);
  const queue = plan.planned.filter((entry) => !marked.has(entry.url));
  const counts: KeptMediaCounts = {
    profiles: options.profiles,
    wanted: kept.length,
    planned: plan.planned.length,
    saved: marked.size,
    waiting: 0,
    pending: queue.length,
    overCap: plan.overCap.length,
    tooLarge: 0,
    notImage: 0,
    failed: 0,
    reason: null,
    capBytes: options.capBytes,
  };
  options.onProgress?.({ ...counts });
  let keptBytes = plannedStored.filter((entry) => marked.has(entry.url)).reduce((sum, entry) => sum + sizeOf(entry), 0);
  let end = queue.length;
  // The first batch is one file: a probe, so a host that is away costs one request.
  for (let start = 0, size = 1; start < end; start += size, size = batchSize) {
    const batch = queue.slice(start, Math.min(start + size, end));
    const kind = batch[0]!.kind;
    const sameKind = batch.filter((entry) => entry.kind === kind);
    // A mixed batch is cut at the kind boundary; the rest comes with the next batch.
    size = sameKind.length;
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
    const byUrl = new Map(sameKind.map((entry) => [entry.url, entry]));
    counts.pending -= sameKind.length;
    counts.saved += answer.cached.length;
    for (const url of answer.cached) {
      const entry = byUrl.get(url);
      const real = answer.sizes?.[url];
      if (entry && real !== undefined) {
        estimator.learn(entry.version, real);
        stored.set(url, real);
      }
      if (entry) keptBytes += sizeOf(entry);
    }
    let retryable: { code: string } | null = null;
    let capReached = false;
    for (const failure of answer.failed) {
      const outcome = outcomeOf(failure);
      counts[outcome] += 1;
      if (outcome === 'overCap') capReached = true;
      if (outcome === 'waiting') retryable ??= failure;
    }
    if (retryable) counts.reason = waitReasonOf(retryable);
    if (counts.reason === 'storage_full') reportStorageFull(context);
    // Real sizes refine the plan: what no longer fits, from the end, is left out for the cap.
    const next = start + sameKind.length;
    while (end > next && (capReached || keptBytes + queue.slice(next, end).reduce((sum, entry) => sum + sizeOf(entry), 0) > capBytes)) {
      end -= 1;
      counts.pending -= 1;
      counts.overCap += 1;
    }
    counts.planned = counts.wanted - counts.overCap;
    options.onProgress?.({ ...counts });
    // A full disk takes nothing more: the files wait until there is room, asked for once a pass.
    if ((answer.cached.length === 0 && retryable) || counts.reason === 'storage_full') break;
  }
  if (counts.waiting === 0) counts.reason = null;
  counts.planned = counts.wanted - counts.overCap;
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

/**
 * Everything kept offline of `refs` whose full profile is saved (a profile without one waits for
 * its detail), in the order of `refs` (their priority), each profile's files together.
 */
export async function keptMediaWanted(context: SyncContext, refs: readonly { kind: ProfileKind; id: number }[]): Promise<{ media: KeptMedia[]; profiles: number }> {
  const ordered = [...new Map(refs.map((ref) => [`${ref.kind}:${ref.id}`, ref])).values()];
  const rows = new Map<string, AnyProfileRow | undefined>();
  for (const kind of ['actor', 'crew'] as const) {
    const ids = ordered.filter((ref) => ref.kind === kind).map((ref) => ref.id);
    const found = await profileTable(context.db, kind).bulkGet(ids.map((id) => uidIn(context.library, id)));
    ids.forEach((id, index) => rows.set(`${kind}:${id}`, found[index]));
  }
  const wanted: KeptMedia[] = [];
  let profiles = 0;
  for (const ref of ordered) {
    const profile = `${ref.kind}:${ref.id}`;
    const row = rows.get(profile);
    if (!row?.detail || row.removed) continue;
    profiles += 1;
    wanted.push(...keptMediaOf(row.detail, row.item.main_picture_url_tile ?? null, profile));
  }
  return { media: wanted, profiles };
}
