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
import { displayedVersions } from '../media/galleryOrder.ts';
import { showreelPlayback } from '../media/showreelPlayback.ts';
import { unwrap } from './bridgeCall.ts';
import { planWithinCap, SizeEstimator, type KeptPlan, type KeptVersion, type PlannedFile } from './keptMediaPlan.ts';
import type { SyncContext } from './syncContext.ts';
import type { KeptMediaCounts, MediaWaitReason } from './types.ts';

export type KeptMediaKind = 'picture' | 'showreel';

export type KeptMedia = PlannedFile;

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
 * (marked kept), and returns the true counts. The plan is made again after every batch with the
 * real sizes that came: it grows when files are smaller than estimated and shrinks when larger.
 * Showreels over the user's limit are refused by the back end, not fetched whole.
 */
export async function keepMedia(context: SyncContext, wanted: readonly KeptMedia[], options: KeepMediaOptions): Promise<KeptMediaCounts> {
  const unique = [...new Map(wanted.map((entry) => [entry.url, entry])).values()];
  const kept = options.showreelMaxBytes > 0 ? unique : unique.filter((entry) => entry.kind === 'picture');
  // Asked without marking: what does not fit the cap this time must not stay kept from earlier passes.
  const stored = await storedSizesOf(context, kept.map((entry) => entry.url));
  const estimator = new SizeEstimator(options.showreelMaxBytes);
  const learn = (entry: KeptMedia, size: number | null | undefined) => {
    if (typeof size === 'number') estimator.learn(entry.version, size);
  };
  for (const entry of kept) learn(entry, stored.get(entry.url));
  /** This pass's outcome of each file tried or marked. */
  const settled = new Map<string, Outcome | 'saved'>();
  // Refused files take no room; the others take their real size when stored, else an estimate.
  const sizeOf = (entry: KeptMedia) => {
    const outcome = settled.get(entry.url);
    if (outcome !== undefined && outcome !== 'saved' && outcome !== 'waiting') return 0;
    return stored.get(entry.url) ?? estimator.estimate(entry.version);
  };
  const capBytes = options.capBytes ?? Number.POSITIVE_INFINITY;
  const firstPlan = planWithinCap(kept, capBytes, sizeOf);
  const marked = await storedSizesOf(context, firstPlan.planned.filter((entry) => stored.has(entry.url)).map((entry) => entry.url), options.generation);
  let cacheFull = false;
  /** The first file the plan leaves out if its size is a guess (no real size of its version known yet): it is tried, not counted as over the cap. */
  const guessedNext = (current: KeptPlan<KeptMedia>) => {
    const next = current.overCap.find((entry) => !settled.has(entry.url));
    return next && !estimator.knows(next.version) ? next : undefined;
  };
  // Planned again after each batch, once: the counts and the next batch share it.
  let plan = firstPlan;
  const count = (): KeptMediaCounts => {
    const counts: KeptMediaCounts = { profiles: options.profiles, wanted: kept.length, planned: 0, saved: 0, waiting: 0, pending: 0, overCap: 0, tooLarge: 0, notImage: 0, failed: 0, reason: null, capBytes: options.capBytes };
    for (const outcome of settled.values()) counts[outcome] += 1;
    const unsettled = (entries: KeptMedia[]) => entries.filter((entry) => !settled.has(entry.url)).length;
    // The back end said the cap is reached: nothing not tried yet will be kept in this pass.
    if (cacheFull) counts.overCap += unsettled(kept);
    // Planned files still to come: the plan's left-out files rest on estimates and may yet fit, so they are not "over the cap".
    else if (unsettled(plan.planned) > 0 || guessedNext(plan) !== undefined) counts.pending = unsettled(kept);
    else counts.overCap += unsettled(plan.overCap);
    counts.planned = counts.wanted - counts.overCap;
    return counts;
  };
  let reason: MediaWaitReason | null = null;
  const report = () => options.onProgress?.({ ...count(), reason });
  for (const url of marked.keys()) settled.set(url, 'saved');
  report();
  // The first batch is one file: a probe, so a host that is away costs one request.
  for (let size = 1; !cacheFull; size = batchSize) {
    let todo = plan.planned.filter((entry) => !settled.has(entry.url));
    // The next left-out file is of a version no real size is known of (e.g. the first showreel): its estimate is a guess,
    // so it is tried and the back end tells (it refuses the file if keeping it would really pass the cap).
    const next = todo.length === 0 ? guessedNext(plan) : undefined;
    if (next) todo = [next];
    if (todo.length === 0) break;
    const kind = todo[0]!.kind;
    // A batch is one kind; the rest comes with the next batch.
    const batch = todo.slice(0, size).filter((entry) => entry.kind === kind);
    const answer = await context.call(() =>
      context.bridge.prefetchMedia({
        connectionId: context.connectionId,
        urls: batch.map((entry) => entry.url),
        priority: 'normal',
        keepGeneration: options.generation,
        kind,
        ...(kind === 'showreel' ? { maxBytes: options.showreelMaxBytes } : {}),
      }),
    );
    const byUrl = new Map(batch.map((entry) => [entry.url, entry]));
    for (const url of answer.cached) {
      const entry = byUrl.get(url);
      if (!entry) continue;
      settled.set(url, 'saved');
      const real = answer.sizes?.[url];
      if (real !== undefined) {
        stored.set(url, real);
        learn(entry, real);
      }
    }
    let retryable: { code: string } | null = null;
    for (const failure of answer.failed) {
      const outcome = outcomeOf(failure);
      settled.set(failure.url, outcome);
      if (outcome === 'overCap') cacheFull = true;
      if (outcome === 'waiting') retryable ??= failure;
    }
    if (retryable) reason = waitReasonOf(retryable);
    if (reason === 'storage_full') reportStorageFull(context);
    plan = planWithinCap(kept, capBytes, sizeOf);
    report();
    // A full disk takes nothing more: the files wait until there is room, asked for once a pass.
    if ((answer.cached.length === 0 && retryable) || reason === 'storage_full') break;
  }
  const counts = count();
  return { ...counts, reason: counts.waiting > 0 ? reason : null };
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
