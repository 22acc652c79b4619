import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { Role } from '../../../contract/directory-api.ts';
import { useBridge } from '../bridge/bridgeInjection.ts';
import { mediaUrl } from '../bridge/castdeskBridge.ts';
import type { CastingCallRow, LibraryDb } from '../db/libraryDb.ts';
import { connectionLibrary } from '../db/connectionLibrary.ts';
import { writeCastingCallDetail } from '../db/libraryWrites.ts';
import type { CallSort } from '../search/castingCallOrder.ts';
import { cachedCallStatus } from '../search/castingCallStatus.ts';
import { matchRole, type RoleMatchResult } from '../search/roleMatching.ts';
import { unwrap } from '../sync/bridgeCall.ts';
import { toLibraryError, type LibraryError } from './libraryErrors.ts';
import { openLibrary } from './libraryAccess.ts';
import { watchLive } from './liveLibrary.ts';
import { useSearchIndexStore } from './searchIndex.ts';
import { useSyncStore } from './sync.ts';

/** Soonest deadline first; calls without a deadline after them, by name. */
/** A hidden deadline sorts like none, so a call's place in the list does not give it away. */
function shownDeadline(row: CastingCallRow): number {
  return row.item.deadline && row.item.deadline_visible !== false ? Date.parse(row.item.deadline) : Number.POSITIVE_INFINITY;
}

function byDeadline(a: CastingCallRow, b: CastingCallRow): number {
  const deadlineA = shownDeadline(a);
  const deadlineB = shownDeadline(b);
  if (deadlineA !== deadlineB) return deadlineA < deadlineB ? -1 : 1;
  return (a.item.name ?? '').localeCompare(b.item.name ?? '');
}

/**
 * The cached calls (there are few: all are read), current ones or all, and how many are cached at
 * all. "Current" is the status each call shows (castingCallStatus.ts), so a call listed as current
 * never reads "closed".
 */
async function listCastingCalls(db: LibraryDb, currentOnly: boolean): Promise<{ rows: CastingCallRow[]; cached: number }> {
  const live = await db.castingCalls.filter((row) => !row.removed).toArray();
  const now = Date.now();
  const rows = currentOnly ? live.filter((row) => cachedCallStatus(row, now).open) : live;
  return { rows: rows.sort(byDeadline), cached: live.length };
}

/** Whether a call's deadline may be shown: the list item's flag, else the detail's; shown unless flagged hidden. */
export function isDeadlineVisible(row: Pick<CastingCallRow, 'item' | 'detail'>): boolean {
  return (row.item.deadline_visible ?? row.detail?.deadline_visible) !== false;
}

/**
 * Casting calls from the active connection's offline library (there are few: all of them are
 * read), current ones or all, and one call with its roles as cached by the sync engine. Opening a
 * call whose detail is not cached fetches it when the directory can be reached. Each role of the
 * open call is matched against the cached actors of the search index.
 */
export const useCastingCallsStore = defineStore('castingCalls', () => {
  const bridge = useBridge();
  const sync = useSyncStore();
  const searchIndex = useSearchIndexStore();

  const currentOnly = ref(true);
  /** How the list is ordered (search/castingCallOrder.ts): by deadline, open ones first, unless the user chose by name. */
  const sort = ref<CallSort>('deadline');
  const items = shallowRef<CastingCallRow[]>([]);
  /** Live calls in the library, current or not (so "none current" can offer all of them). */
  const cachedCount = ref(0);
  const loaded = ref(false);
  const error = ref<LibraryError | null>(null);
  const openId = ref<number | null>(null);
  const openRow = shallowRef<CastingCallRow | null>(null);
  /** False until the cache answered for the open call. */
  const openLoaded = ref(false);
  /** The open call's detail is being fetched from the directory. */
  const fetching = ref(false);
  /** Why the open call's detail could not be fetched. */
  const openError = ref<LibraryError | null>(null);

  const onError = (failure: unknown) => {
    error.value = toLibraryError(failure);
    loaded.value = true;
  };

  watchLive(
    () => {
      const db = openLibrary(sync);
      return db ? { db, currentOnly: currentOnly.value } : null;
    },
    ({ db, currentOnly: current }) => listCastingCalls(db, current),
    {
      next: ({ rows, cached }) => {
        items.value = rows;
        cachedCount.value = cached;
        loaded.value = true;
        error.value = null;
      },
      error: onError,
    },
  );
  watch(
    () => openLibrary(sync),
    (db) => {
      loaded.value = false;
      if (!db) {
        items.value = [];
        cachedCount.value = 0;
      } else void sync.refreshKeptOffline();
    },
    { immediate: true },
  );

  watchLive(
    () => {
      const db = openLibrary(sync);
      return db && openId.value !== null ? { db, id: openId.value, active: sync.connectionId } : null;
    },
    async ({ db, id, active }) => {
      // Calls of every connection: the active one's first.
      const rows = await db.castingCalls.where('id').equals(id).toArray();
      return rows.find((row) => active !== null && row.connections.includes(active)) ?? rows[0] ?? null;
    },
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
  /**
   * Fetches a call's detail with its roles now (priority interactive) and caches it: fetched
   * first, then written; the open call's live query shows it. Offline, nothing is asked.
   */
  async function viewCastingCall(id: number): Promise<void> {
    const db = openLibrary(sync);
    const seers = openRow.value?.id === id ? openRow.value.connections : [];
    const connectionId = sync.connectionId && (seers.length === 0 || seers.includes(sync.connectionId)) ? sync.connectionId : (seers.find((seer) => sync.originOf(seer)) ?? null);
    const origin = connectionId ? sync.originOf(connectionId) : null;
    if (!db || !connectionId || !origin || sync.offline) return;
    const current = ++viewRequest;
    fetching.value = true;
    openError.value = null;
    try {
      const detail = unwrap(await bridge.getCastingCall({ connectionId, id, priority: 'interactive' }));
      if (db !== openLibrary(sync)) return;
      await writeCastingCallDetail(await connectionLibrary(db, connectionId, origin), detail, new Date().toISOString());
    } catch (failure) {
      if (current === viewRequest) openError.value = toLibraryError(failure);
    } finally {
      if (current === viewRequest) fetching.value = false;
    }
  }

  // A call opened without a cached detail: ask the directory once the cache has answered, once
  // per call and library, and again when the directory is back after being out of reach.
  const askedFor = new Set<string>();
  watch(
    () => [openId.value, openLoaded.value, !!openRow.value?.detail, openLibrary(sync), sync.offline] as const,
    ([id, answered, hasDetail, db, offline], previous) => {
      if (previous && previous[4] && !offline) askedFor.clear();
      if (id === null || !answered || hasDetail || !db || offline) return;
      const key = `${sync.connectionId}:${id}`;
      if (askedFor.has(key)) return;
      askedFor.add(key);
      void viewCastingCall(id);
    },
  );

  function open(id: number): void {
    if (openId.value !== id) {
      openRow.value = null;
      openLoaded.value = false;
      openError.value = null;
      askedFor.clear();
    }
    openId.value = id;
  }

  function close(): void {
    openId.value = null;
    openRow.value = null;
    openLoaded.value = false;
    openError.value = null;
    viewRequest += 1;
    fetching.value = false;
    askedFor.clear();
  }

  /** The open call's roles, each matched against every live cached actor; recomputed when the index changes. */
  const roleMatches = computed<ReadonlyMap<number, RoleMatchResult>>(() => {
    void searchIndex.revision;
    const roles: Role[] = openRow.value?.detail?.roles ?? [];
    const result = new Map<number, RoleMatchResult>();
    if (roles.length === 0) return result;
    const rows = searchIndex.actorRows();
    for (const role of roles) result.set(role.id, matchRole(role, rows));
    return result;
  });
  /** Whether the search index has read the whole library (matches are complete). */
  const matchesLoaded = computed(() => searchIndex.loaded);

  /** Whether the open call's matching actors are kept offline. */
  const openKeptOffline = computed(() =>
    sync.keptOffline.some((scope) => scope.kind === 'castingCall' && scope.castingCallId === openId.value),
  );

  /** Keeps the actors matching the open call's roles offline (details and pictures). */
  async function keepMatchesOffline(): Promise<void> {
    if (openId.value === null) return;
    await sync.keepOffline({ kind: 'castingCall', castingCallId: openId.value });
  }

  async function stopKeepingMatchesOffline(): Promise<void> {
    if (openId.value === null) return;
    await sync.dropKeepOffline({ kind: 'castingCall', castingCallId: openId.value });
  }

  /** A picture through the back end's media cache (the only way pictures reach the page), via the profile's directory. */
  function pictureUrl(url: string | null | undefined, origin?: string): string | null {
    const through = sync.mediaConnection(origin);
    return url && through ? mediaUrl(through, url) : null;
  }

  return {
    currentOnly,
    items,
    sort,
    cachedCount,
    loaded,
    error,
    openId,
    openRow,
    openLoaded,
    fetching,
    openError,
    roleMatches,
    matchesLoaded,
    openKeptOffline,
    open,
    close,
    viewCastingCall,
    keepMatchesOffline,
    stopKeepingMatchesOffline,
    pictureUrl,
  };
});
