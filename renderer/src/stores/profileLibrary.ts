/**
 * The state the actors and crew stores share: one open profile's cached detail with its offline
 * state (the lists search the in-memory index: stores/searchIndex.ts). Reading works offline;
 * opening asks the sync engine for a fresh detail (and its pictures) when the directory can be
 * reached.
 */
import { computed, ref, shallowRef, watch } from 'vue';
import { mediaUrl } from '../bridge/castdeskBridge.ts';
import type { AnyProfileRow, ProfileKind, ProfileRow } from '../db/libraryDb.ts';
import type { ViewedProfile } from '../sync/syncEngine.ts';
import { toLibraryError, type LibraryError } from './libraryErrors.ts';
import { openLibrary, profilesOf } from './libraryAccess.ts';
import { watchLive } from './liveLibrary.ts';
import type { useSyncStore } from './sync.ts';
import { staleDetailMs } from '../sync/detailFreshness.ts';


/** How current the open profile is: saved, being fetched, perhaps out of date, or only listed. */
export type CacheState = 'offline' | 'fetching' | 'stale' | 'listOnly';

type SyncStore = ReturnType<typeof useSyncStore>;

/** Whether a cached detail may be out of date: the list has a newer version, or it is old. */
function isStale(row: ProfileRow<unknown, { updated_at: string }>, now: number): boolean {
  if (!row.detail) return false;
  if (Date.parse(row.updatedAt) > Date.parse(row.detail.updated_at)) return true;
  return row.detailFetchedAt !== undefined && now - Date.parse(row.detailFetchedAt) > staleDetailMs;
}

/**
 * Call inside a store's setup: the open profile of `kind`, read from the one library. A profile is
 * named by its id and directory (null: the active connection's).
 */
export function createProfileLibrary<Row extends AnyProfileRow>(kind: ProfileKind, sync: SyncStore) {
  // The open profile.
  const openId = ref<number | null>(null);
  /** The open profile's directory; null: the active connection's. */
  const openOrigin = ref<string | null>(null);

  /** The connection whose media host serves the open profile's pictures (its directory's). */
  const mediaConnection = () => sync.mediaConnection(openRow.value?.origin ?? openOrigin.value ?? undefined);

  /**
   * A picture through the back end's media cache (the only way pictures reach the page);
   * `fallbacks` are other versions it serves from the cache when this one cannot be had.
   */
  function pictureUrl(url: string | null | undefined, fallbacks: readonly string[] = []): string | null {
    const through = mediaConnection();
    return url && through ? mediaUrl(through, url, { fallbacks }) : null;
  }

  /** A showreel medium through the media cache: the stored copy offline, its host when not stored. */
  function showreelUrl(url: string): string | null {
    const through = mediaConnection();
    return through ? mediaUrl(through, url, { kind: 'showreel' }) : null;
  }

  const openRow = shallowRef<Row | null>(null);
  const openLoaded = ref(false);
  const fetching = ref(false);
  /** What the engine answered for the open profile: a removal or a merge shows from here. */
  const viewed = shallowRef<ViewedProfile | null>(null);
  /** Why the open profile could not be read from the cache or fetched from the directory. */
  const openError = ref<LibraryError | null>(null);

  watchLive(
    () => {
      const db = openLibrary(sync);
      const origin = openOrigin.value ?? sync.activeOrigin;
      return db && openId.value !== null ? { db, id: openId.value, origin } : null;
    },
    async ({ db, id, origin }) => (await profilesOf<Row>(db, kind, origin, [id]))[0] ?? null,
    {
      next: (row) => {
        openRow.value = row;
        openLoaded.value = true;
      },
      error: (failure) => {
        openError.value = toLibraryError(failure);
        openLoaded.value = true;
      },
    },
  );

  let viewRequest = 0;
  /** Asks the engine for the profile's detail now; offline, the cache alone answers. */
  async function refreshOpen(): Promise<void> {
    const id = openId.value;
    if (id === null || !openLibrary(sync) || sync.offline) return;
    const current = ++viewRequest;
    fetching.value = true;
    openError.value = null;
    try {
      const answer = await sync.view(kind, id, openOrigin.value ?? undefined);
      if (current === viewRequest) viewed.value = answer;
    } catch (failure) {
      if (current === viewRequest) openError.value = toLibraryError(failure);
    } finally {
      if (current === viewRequest) fetching.value = false;
    }
  }

  /** Opens a profile (of `origin`'s directory; null: the active one's): the cache shows at once, a fresh detail follows when online. */
  function open(id: number, origin: string | null = null): void {
    if (openId.value !== id || openOrigin.value !== origin) {
      openRow.value = null;
      openLoaded.value = false;
      viewed.value = null;
      openError.value = null;
    }
    openId.value = id;
    openOrigin.value = origin;
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
    () => openLibrary(sync),
    (db, previous) => {
      if (db && db !== previous && openId.value !== null) void refreshOpen();
    },
  );

  /** A refresh that failed while the saved copy is shown: the page says so, and since when the copy is. */
  const refreshFailed = computed(() => viewed.value?.refreshFailed ?? null);

  const cacheState = computed<CacheState | null>(() => {
    if (fetching.value) return 'fetching';
    const row = openRow.value;
    if (!row) return null;
    if (!row.detail) return 'listOnly';
    return isStale(row, Date.now()) ? 'stale' : 'offline';
  });

  return {
    pictureUrl,
    showreelUrl,
    openId,
    openOrigin,
    openRow,
    openLoaded,
    fetching,
    viewed,
    openError,
    cacheState,
    refreshFailed,
    open,
    close,
    refresh: refreshOpen,
  };
}
