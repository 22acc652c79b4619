/**
 * One watch run over a library (search/watchState.ts decides, db/watchDb.ts remembers): the saved
 * searches, run by the caller's search engine, and, after a sync, the casting calls. The
 * searchWatch store runs it after every completed sync, once the search index has read the sync's
 * writes; it takes the library and the engine as arguments, so it runs the same outside a page.
 */
import type { LibraryDb } from './libraryDb.ts';
import { updateCallWatches, updateSearchWatches, type WatchDb, type WatchedSearch } from './watchDb.ts';
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

export async function runWatch({ library, watch, origin, matchesOf, afterSync, now }: WatchRun): Promise<void> {
  const searches: WatchedSearch[] = (await library.savedSearches.toArray()).map(({ kind, query }) => ({ kind, query }));
  await updateSearchWatches(watch, origin, (rows) => searchRunChanges(rows, searches, matchesOf, { afterSync, origin, now }));
  if (!afterSync) return;
  const calls = await castingCallsNow(library);
  await updateCallWatches(watch, origin, (rows, baseline) => advanceCalls(origin, rows, baseline, calls, now));
}
