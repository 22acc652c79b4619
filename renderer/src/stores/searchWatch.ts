/**
 * Saved searches that watch, and casting calls that say what is new. After every completed sync
 * each saved search (actors and crew, a role's criteria saved as a search among them) runs again
 * over the offline search index, the same engine the lists use; profiles it matches for the first
 * time are flagged on the search until the user marks them as seen. New calls, calls that turned
 * current and new roles are flagged the same way. What is new is decided in search/watchState.ts
 * and remembered in db/watchDb.ts per directory, so a renumbered or re-synced library flags
 * nothing twice.
 *
 * A search runs for the first time as soon as it is saved (or its library opens), so what it
 * matches then is where it starts from; the casting calls start from the first completed sync.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { LibraryDb, SearchRow } from '../db/libraryDb.ts';
import { callWatchesOf, searchWatchesOf, updateCallWatches, updateSearchWatches, watchDb, type CallWatchRow, type SearchWatchRow, type WatchedSearch } from '../db/watchDb.ts';
import { runWatch } from './watchRuns.ts';
import { queryFromRoute, routeQueryFromText } from '../search/profileQueryUrl.ts';
import { markCallSeen, markRoleSeen, markSearchSeen, watchKey } from '../search/watchState.ts';
import { useConnectionStore } from './connections.ts';
import { toLibraryError, type LibraryError } from './libraryErrors.ts';
import { openLibrary } from './libraryAccess.ts';
import { watchLive } from './liveLibrary.ts';
import { useSearchIndexStore } from './searchIndex.ts';
import { useSyncStore } from './sync.ts';

export type { WatchedSearch } from '../db/watchDb.ts';

export const useSearchWatchStore = defineStore('searchWatch', () => {
  const sync = useSyncStore();
  const index = useSearchIndexStore();
  const connections = useConnectionStore();

  /** The directory of the active connection: what is remembered is remembered per directory. */
  const origin = computed(() => (connections.active ? connections.active.directoryOrigin : null));
  const searchWatches = shallowRef<ReadonlyMap<string, SearchWatchRow>>(new Map());
  const callWatches = shallowRef<ReadonlyMap<number, CallWatchRow>>(new Map());
  const error = ref<LibraryError | null>(null);
  /** Runs finished since the page opened (a run that found nothing counts too). */
  const runs = ref(0);

  const onError = (failure: unknown) => {
    error.value = toLibraryError(failure);
  };

  watchLive(
    () => (origin.value ? { origin: origin.value } : null),
    ({ origin: at }) => searchWatchesOf(watchDb(), at),
    { next: (rows) => (searchWatches.value = new Map(rows.map((row) => [watchKey(row), row]))), error: onError },
  );
  watchLive(
    () => (origin.value ? { origin: origin.value } : null),
    ({ origin: at }) => callWatchesOf(watchDb(), at),
    { next: (rows) => (callWatches.value = new Map(rows.map((row) => [row.callId, row]))), error: onError },
  );

  /**
   * Resolves once the index has read the library up to `rev`, or the library was closed or
   * switched, or the index failed (a run on what it holds only flags late, never wrongly).
   */
  function indexReaches(db: LibraryDb, rev: number): Promise<void> {
    return new Promise((resolve) => {
      const stop = watch(
        () => openLibrary(sync) !== db || index.error !== null || (index.loaded && index.readThroughRev >= rev),
        (done) => {
          if (!done) return;
          queueMicrotask(() => stop());
          resolve();
        },
        { immediate: true },
      );
    });
  }

  /**
   * One run (stores/watchRuns.ts) once the index has read everything the library holds now: new
   * searches start their memory; with `afterSync`, the others and the casting calls look for news.
   */
  async function run(afterSync: boolean): Promise<void> {
    const library = openLibrary(sync);
    const at = origin.value;
    if (!library || !at) return;
    const newest = await library.searchRows.orderBy('rev').last();
    await indexReaches(library, newest?.rev ?? 0);
    if (library !== openLibrary(sync) || at !== origin.value) return;
    await runWatch({
      library,
      watch: watchDb(),
      origin: at,
      // The active directory's profiles among the one library's matches, by their directory ids.
      matchesOf: ({ kind, query }) => index.idsIn(kind, index.search(kind, queryFromRoute(routeQueryFromText(query)), { counts: false }).ids, at),
      afterSync,
      now: new Date().toISOString(),
    });
  }

  let queue: Promise<void> = Promise.resolve();
  /** Runs one after another, never two at once (each reads what the one before wrote). */
  function schedule(afterSync: boolean): Promise<void> {
    queue = queue
      .then(() => run(afterSync))
      .catch(onError)
      .finally(() => {
        runs.value += 1;
      });
    return queue;
  }

  // After every completed sync (its lists, details and pictures are in the library).
  watch(
    () => sync.progress.state,
    (state, previous) => {
      if ((state === 'done' || state === 'incomplete') && previous !== state) void schedule(true);
    },
    // Every change, not only the last of a tick: a short run must not go unnoticed.
    { flush: 'sync' },
  );
  // A search saved (or a library opened): new searches start from what they match now.
  watchLive(
    () => {
      const db = openLibrary(sync);
      return db && origin.value ? { db } : null;
    },
    ({ db }) => db.savedSearches.count(),
    { next: () => void schedule(false), error: onError },
  );

  /** The profiles flagged new for a search that the library still holds, in the order they were found. */
  function newProfiles(search: WatchedSearch): SearchRow[] {
    void index.revision;
    const row = searchWatches.value.get(watchKey(search));
    if (!row) return [];
    const profiles: SearchRow[] = [];
    for (const id of row.freshIds) {
      const profile = index.rowOf(search.kind, origin.value, id);
      if (profile && !profile.removed) profiles.push(profile);
    }
    return profiles;
  }

  function newCount(search: WatchedSearch): number {
    return newProfiles(search).length;
  }

  async function markSeen(search: WatchedSearch, ids: number[] | null): Promise<void> {
    const at = origin.value;
    if (!at) return;
    try {
      await updateSearchWatches(watchDb(), at, (rows) => {
        const row = rows.find((candidate) => watchKey(candidate) === watchKey(search));
        const next = row && markSearchSeen(row, ids);
        return next ? [next] : [];
      });
    } catch (failure) {
      onError(failure);
    }
  }

  /** A call's flags: null when nothing about it is new. */
  function callNews(callId: number): CallWatchRow | null {
    const row = callWatches.value.get(callId);
    return row && (row.news !== null || row.freshRoleIds.length > 0) ? row : null;
  }

  /** Calls flagged new, newly current or with new roles. */
  const newCallCount = computed(() => [...callWatches.value.values()].filter((row) => row.news !== null || row.freshRoleIds.length > 0).length);

  async function updateCall(work: (rows: CallWatchRow[]) => CallWatchRow[]): Promise<void> {
    const at = origin.value;
    if (!at) return;
    try {
      await updateCallWatches(watchDb(), at, (rows) => ({ rows: work(rows) }));
    } catch (failure) {
      onError(failure);
    }
  }

  /** Marks calls as seen with their roles: one (by id), or every one (null). */
  function markCallsSeen(callId: number | null): Promise<void> {
    return updateCall((rows) =>
      rows.flatMap((row) => {
        const next = callId === null || row.callId === callId ? markCallSeen(row) : null;
        return next ? [next] : [];
      }),
    );
  }

  function markRoleAsSeen(callId: number, roleId: number): Promise<void> {
    return updateCall((rows) => {
      const row = rows.find((candidate) => candidate.callId === callId);
      const next = row && markRoleSeen(row, roleId);
      return next ? [next] : [];
    });
  }

  return { origin, error, runs, newProfiles, newCount, markSeen, callNews, newCallCount, markCallsSeen, markRoleAsSeen, run: schedule };
});
