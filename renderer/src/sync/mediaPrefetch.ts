/**
 * Pictures for offline use, through the back end's media cache (`prefetchMedia`, at most 100 URLs
 * a call); what it cached is recorded in the library's media table so the UI knows what shows
 * offline. Thumbnails of every profile go at low priority, every version of viewed and shortlisted
 * profiles at high.
 */
import type { ActorDetail, CrewDetail } from '../../../contract/directory-api.ts';
import type { MediaRow, ProfileKind } from '../db/libraryDb.ts';
import { recordMedia } from '../db/libraryWrites.ts';
import { reportStorageFull } from './mediaKeeping.ts';
import type { SyncContext } from './syncContext.ts';

const batchSize = 100;

export interface MediaWanted {
  url: string;
  kind: MediaRow['kind'];
  profileKind: ProfileKind;
  profileId: number;
}

/** Every version URL of every picture of a detail. */
export function pictureVersionUrls(detail: ActorDetail | CrewDetail): string[] {
  const urls = new Set<string>();
  for (const picture of detail.pictures ?? []) {
    for (const url of Object.values(picture.versions)) if (typeof url === 'string' && url.length > 0) urls.add(url);
  }
  return [...urls];
}

/** The wanted pictures the media table does not list yet. */
export async function notCached(context: SyncContext, wanted: MediaWanted[]): Promise<MediaWanted[]> {
  const known = await context.db.media.bulkGet(wanted.map((entry) => entry.url));
  return wanted.filter((_, index) => known[index] === undefined);
}

/**
 * Caches `wanted` in batches and records what the back end cached; `onBatch` reports how many of
 * a batch were stored and how many were asked for.
 * Pictures the back end could not fetch are left for the next run; on a full disk it stops.
 */
export async function prefetchPictures(
  context: SyncContext,
  wanted: MediaWanted[],
  priority: 'high' | 'low',
  onBatch: (cached: number, asked: number) => void = () => undefined,
): Promise<number> {
  let cachedCount = 0;
  const unique = [...new Map(wanted.map((entry) => [entry.url, entry])).values()];
  for (let start = 0; start < unique.length; start += batchSize) {
    const batch = unique.slice(start, start + batchSize);
    const answer = await context.call(() => context.bridge.prefetchMedia({ connectionId: context.connectionId, urls: batch.map((entry) => entry.url), priority }));
    const cached = new Set(answer.cached);
    const cachedAt = context.nowIso();
    await recordMedia(
      context.library,
      batch.filter((entry) => cached.has(entry.url)).map((entry) => ({ ...entry, cachedAt })),
    );
    cachedCount += cached.size;
    onBatch(cached.size, batch.length);
    // The disk is full: the rest would only be refused; the status says why.
    if (answer.failed.some((failure) => failure.code === 'storage_full')) {
      reportStorageFull(context);
      break;
    }
  }
  return cachedCount;
}

/** Thumbnails of every live cached profile the connection sees, not cached yet. */
export async function thumbnailsWanted(context: SyncContext): Promise<MediaWanted[]> {
  const wanted: MediaWanted[] = [];
  await context.db.searchRows.where('connections').equals(context.connectionId).each((row) => {
    if (row.thumbUrl && row.removed === 0) wanted.push({ url: row.thumbUrl, kind: 'thumb', profileKind: row.kind, profileId: row.id });
  });
  return notCached(context, wanted);
}
