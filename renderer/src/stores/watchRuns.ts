/**
 * One watch run over a library (search/watchState.ts decides, db/watchDb.ts remembers): the saved
 * searches, run by the caller's search engine, and, after a sync, the casting calls. The
 * searchWatch store runs it after every completed sync, once the search index has read the sync's
 * writes; it takes the library and the engine as arguments, so it runs the same outside a page.
 */
import type { LibraryDb, ProfileKind } from '../db/libraryDb.ts';
import { libraryUid } from '../db/libraryKey.ts';
import { searchWatchesOf, updateCallWatches, updateSearchWatches, type WatchDb, type WatchedSearch } from '../db/watchDb.ts';
import { advanceCalls, searchRunChanges, type CallNow } from '../search/watchState.ts';

export interface WatchRun {
  library: LibraryDb;
  watch: WatchDb;
  /** The directory the library's ids belong to (db/directoryOrigin.ts). */
  origin: string;
  /** The ids a saved search matches now. */
  matchesOf: (search: WatchedSearch) => ArrayLike<number>;
  /** After a completed sync: look for news; otherwise only start the memories of new searches. */
  afterSync: boolean;
  now: string;
}

/** The library's live casting calls as the watch compares them. */
async function castingCallsNow(library: LibraryDb): Promise<CallNow[]> {
  const rows = await library.castingCalls.filter((row) => !row.removed).toArray();
  return rows.map((row) => ({ id: row.id, current: row.current, roleIds: row.detail ? row.detail.roles.map((role) => role.id) : null }));
}

/**
 * The ids the searches of `origin` remember that will not come back, by kind: the library holds no
 * profile of that id, or holds it removed for good (deleted or merged; sync/syncRunner.ts treats
 * both as final). A profile that only left the lists (`missing`) stays remembered: it may return,
 * and a profile marked as seen must not be flagged again then. Only the remembered ids are looked
 * up, by key; the sets name what is gone, never what stays, so an id a search learns meanwhile is
 * kept.
 */
async function goneIds(library: LibraryDb, watch: WatchDb, origin: string): Promise<Record<ProfileKind, Set<number>>> {
  const gone: Record<ProfileKind, Set<number>> = { actor: new Set(), crew: new Set() };
  const known = await library.origins.get(origin);
  // Nothing of this directory in the library (a cleared cache): keep the memories as they are.
  if (!known) return gone;
  const memories = await searchWatchesOf(watch, origin);
  for (const kind of ['actor', 'crew'] as const) {
    const ids = [...new Set(memories.filter((row) => row.kind === kind).flatMap((row) => [...row.knownIds, ...row.freshIds]))];
    const searchRows = await library.searchRows.bulkGet(ids.map((id): [ProfileKind, number] => [kind, libraryUid(known.code, id)]));
    // Live search rows settle most ids; only the others need their (larger) profile row.
    const doubtful = ids.filter((_, index) => !searchRows[index] || searchRows[index]!.removed);
    const table = kind === 'actor' ? library.actors : library.crew;
    const profiles = await table.bulkGet(doubtful.map((id) => libraryUid(known.code, id)));
    profiles.forEach((row, index) => {
      if (!row || (row.removed && row.removed.reason !== 'missing')) gone[kind].add(doubtful[index]!);
    });
  }
  return gone;
}

export async function runWatch({ library, watch, origin, matchesOf, afterSync, now }: WatchRun): Promise<void> {
  const searches: WatchedSearch[] = (await library.savedSearches.toArray()).map(({ kind, query }) => ({ kind, query }));
  // After a completed sync the library knows what the directory deleted or merged.
  const gone = afterSync ? await goneIds(library, watch, origin) : undefined;
  await updateSearchWatches(watch, origin, (rows) => searchRunChanges(rows, searches, matchesOf, { afterSync, origin, now, ...(gone ? { gone } : {}) }));
  if (!afterSync) return;
  const calls = await castingCallsNow(library);
  await updateCallWatches(watch, origin, (rows, baseline) => advanceCalls(origin, rows, baseline, calls, now));
}
