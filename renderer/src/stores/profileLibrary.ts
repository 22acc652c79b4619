/**
 * The state the actors and crew stores share: a live list of one kind of profile from the local
 * cache (search rows sorted by name, a simple name filter, at most `limit` rows at once) and one
 * profile's cached detail with its offline state. Reading works offline; `view` asks the sync
 * engine for a fresh detail (and its pictures) when the directory can be reached.
 */
import { computed, ref, shallowRef, watch } from 'vue';
import { mediaUrl } from '../bridge/castdeskBridge.ts';
import type { LibraryDb, ProfileKind, ProfileRow, SearchRow } from '../db/libraryDb.ts';
import { foldQuery } from '../search/foldName.ts';
import type { ViewedProfile } from '../sync/syncEngine.ts';
import { toLibraryError, type LibraryError } from './libraryErrors.ts';
import { watchLive } from './liveLibrary.ts';
import type { useSyncStore } from './sync.ts';

/** Rows a list shows at once; "show more" adds as many again. */
export const profilePageSize = 200;

/** A cached detail older than this reads as "may be out of date". */
export const staleDetailMs = 7 * 24 * 3600_000;

/** How current the open profile is: saved, being fetched, perhaps out of date, or only listed. */
export type CacheState = 'offline' | 'fetching' | 'stale' | 'listOnly';

type SyncStore = ReturnType<typeof useSyncStore>;

async function countProfiles(db: LibraryDb, kind: ProfileKind, folded: string): Promise<number> {
  if (!folded) {
    const [all, removed] = await Promise.all([
      db.searchRows.where('kind').equals(kind).count(),
      db.searchRows.where('removed').equals(1).filter((row) => row.kind === kind).count(),
    ]);
    return all - removed;
  }
  return db.searchRows.where('kind').equals(kind).filter((row) => row.removed === 0 && row.foldedName.includes(folded)).count();
}

function listProfiles(db: LibraryDb, kind: ProfileKind, folded: string, limit: number): Promise<SearchRow[]> {
  return db.searchRows
    .orderBy('foldedName')
    .filter((row) => row.kind === kind && row.removed === 0 && (!folded || row.foldedName.includes(folded)))
    .limit(limit)
    .toArray();
}

/** Whether a cached detail may be out of date: the list has a newer version, or it is old. */
function isStale(row: ProfileRow<unknown, { updated_at: string }>, now: number): boolean {
  if (!row.detail) return false;
  if (Date.parse(row.updatedAt) > Date.parse(row.detail.updated_at)) return true;
  return row.detailFetchedAt !== undefined && now - Date.parse(row.detailFetchedAt) > staleDetailMs;
}

/** Call inside a store's setup: the list and detail state of `kind`, read from `sync.db`. */
export function createProfileLibrary<Row extends ProfileRow<unknown, { updated_at: string }>>(
  kind: ProfileKind,
  sync: SyncStore,
  table: (db: LibraryDb) => { get(id: number): Promise<Row | undefined> },
) {
  const filter = ref('');
  const limit = ref(profilePageSize);
  const rows = shallowRef<SearchRow[]>([]);
  const total = ref(0);
  /** False until the first answer of the cache for the current library and filter. */
  const loaded = ref(false);
  const error = ref<LibraryError | null>(null);

  const foldedFilter = computed(() => foldQuery(filter.value));
  watch(foldedFilter, () => {
    limit.value = profilePageSize;
  });

  watchLive(
    () => (sync.db ? { db: sync.db, folded: foldedFilter.value, limit: limit.value } : null),
    async ({ db, folded, limit: shown }) => {
      const [list, count] = await Promise.all([listProfiles(db, kind, folded, shown), countProfiles(db, kind, folded)]);
      return { list, count };
    },
    {
      next: ({ list, count }) => {
        rows.value = list;
        total.value = count;
        loaded.value = true;
        error.value = null;
      },
      error: (failure) => {
        error.value = toLibraryError(failure);
        loaded.value = true;
      },
    },
  );
  watch(
    () => sync.db,
    (db) => {
      loaded.value = false;
      if (!db) {
        rows.value = [];
        total.value = 0;
      }
    },
  );

  function showMore(): void {
    limit.value += profilePageSize;
  }

  /** A picture through the back end's media cache (the only way pictures reach the page). */
  function pictureUrl(url: string | null | undefined): string | null {
    return url && sync.connectionId ? mediaUrl(sync.connectionId, url) : null;
  }

  // The open profile.
  const openId = ref<number | null>(null);
  const openRow = shallowRef<Row | null>(null);
  const openLoaded = ref(false);
  const fetching = ref(false);
  /** What the engine answered for the open profile: a removal or a merge shows from here. */
  const viewed = shallowRef<ViewedProfile | null>(null);
  /** Why the open profile could not be fetched (and is not cached either). */
  const openError = ref<LibraryError | null>(null);

  watchLive(
    () => (sync.db && openId.value !== null ? { db: sync.db, id: openId.value } : null),
    async ({ db, id }) => (await table(db).get(id)) ?? null,
    {
      next: (row) => {
        openRow.value = row;
        openLoaded.value = true;
      },
      error: (failure) => {
        error.value = toLibraryError(failure);
        openLoaded.value = true;
      },
    },
  );

  let viewRequest = 0;
  /** Asks the engine for the profile's detail now; offline, the cache alone answers. */
  async function refreshOpen(): Promise<void> {
    const id = openId.value;
    if (id === null || !sync.db || sync.offline) return;
    const current = ++viewRequest;
    fetching.value = true;
    openError.value = null;
    try {
      const answer = await sync.view(kind, id);
      if (current === viewRequest) viewed.value = answer;
    } catch (failure) {
      if (current === viewRequest) openError.value = toLibraryError(failure);
    } finally {
      if (current === viewRequest) fetching.value = false;
    }
  }

  /** Opens a profile: the cache shows at once, a fresh detail follows when online. */
  function open(id: number): void {
    if (openId.value !== id) {
      openRow.value = null;
      openLoaded.value = false;
      viewed.value = null;
      openError.value = null;
    }
    openId.value = id;
    void refreshOpen();
  }

  function close(): void {
    openId.value = null;
    openRow.value = null;
    viewed.value = null;
    openError.value = null;
    viewRequest += 1;
    fetching.value = false;
  }

  // A library opened after the profile (a reload on its page): ask again once there is an engine.
  watch(
    () => sync.db,
    (db, previous) => {
      if (db && db !== previous && openId.value !== null) void refreshOpen();
    },
  );

  const cacheState = computed<CacheState | null>(() => {
    if (fetching.value) return 'fetching';
    const row = openRow.value;
    if (!row) return null;
    if (!row.detail) return 'listOnly';
    return isStale(row, Date.now()) ? 'stale' : 'offline';
  });

  return {
    filter,
    limit,
    rows,
    total,
    loaded,
    error,
    showMore,
    pictureUrl,
    openId,
    openRow,
    openLoaded,
    fetching,
    viewed,
    openError,
    cacheState,
    open,
    close,
  };
}
