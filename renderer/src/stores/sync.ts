import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import type { ContentLocale } from '../../../contract/directory-api.ts';
import { useBridge } from '../bridge/bridgeInjection.ts';
import { prepareMedia } from '../bridge/castdeskBridge.ts';
import { originCode } from '../db/connectionLibrary.ts';
import { connectionShareCounts, dropConnectionShare, type ShareCounts } from '../db/connectionShare.ts';
import { unknownOriginOf } from '../db/directoryOrigin.ts';
import { requestPersistentStorage, type KeepOfflineScope, type LibraryDb, type ProfileKind } from '../db/libraryDb.ts';
import { libraryUid } from '../db/libraryKey.ts';
import { profileTable } from '../db/libraryWrites.ts';
import { closeSharedLibrary, currentLibrary, openSharedLibrary } from '../db/sharedLibrary.ts';
import { shortlistedActorIds } from '../db/shortlistDb.ts';
import { createSyncEngine, type SyncEngine, type SyncProgress, type ViewedProfile } from '../sync/syncEngine.ts';
import { initialProgress, progressBarOf } from '../sync/syncProgress.ts';
import { toLibraryError, type LibraryError } from './libraryErrors.ts';
import { useProfileHistoryStore } from './profileHistory.ts';
import { useReachabilityStore } from './reachability.ts';
import { savedShowreelMaxBytes } from './showreelLimit.ts';

export type { ShareCounts };

export interface CacheStats {
  /** What the active connection sees. */
  actors: number;
  crew: number;
  castingCalls: number;
  /** What the browser says this origin stores (the whole library); null when it cannot tell. */
  storageBytes: number | null;
  /** The back end's picture cache (all connections); null when it could not be asked. */
  media: { count: number; bytes: number } | null;
}

/** A connection as the sync store needs it: its id, its directory (db/directoryOrigin.ts) and content language. */
export interface SyncedConnection {
  id: string;
  origin: string;
  /** The language its details are asked in (absent: the back end's default for the connection). */
  contentLocale?: ContentLocale;
}

interface RunningEngine {
  engine: SyncEngine;
  origin: string;
  stop: () => void;
}

/**
 * The one offline library and a sync engine for every connection. The connection store tells it
 * which connections there are (`setConnections`) and which one is active (`activate`); every
 * connection syncs its share into the one library (db/connectionLibrary.ts), the active one's
 * progress is mirrored for the views (progress bar, offline banner, errors). Other stores read the
 * library through db/sharedLibrary.ts once `libraryOpen`; no store hands the database out.
 */
export const useSyncStore = defineStore('sync', () => {
  const bridge = useBridge();
  const history = useProfileHistoryStore();
  const reachability = useReachabilityStore();
  /** Each connection's content language, as the connection store last handed the connections over. */
  const contentLocales = new Map<string, ContentLocale | undefined>();

  /** The active connection: its progress is shown, and a profile it sees is fetched through it. */
  const connectionId = ref<string | null>(null);
  /** Whether the library is open: stores wait on this, never on the database handle itself. */
  const libraryOpen = ref(false);
  const progress = ref<SyncProgress>(initialProgress());
  /** The sync box's bar: done of planned in the phase under way, full only when nothing is left. */
  const progressBar = computed(() => progressBarOf(progress.value));
  /** Failures of the library itself (opening, clearing, a full disk outside a run). */
  const error = ref<LibraryError | null>(null);
  /** Whether the browser keeps the libraries when space runs low; null until asked. */
  const persisted = ref<boolean | null>(null);
  const cacheStats = ref<CacheStats | null>(null);
  const clearing = ref(false);
  /** The scopes the user asked to keep offline (their details and pictures sync too). */
  const keptOffline = ref<KeepOfflineScope[]>([]);
  /** The connections syncing (their ids). */
  const syncedIds = ref<string[]>([]);
  /** The active connection's directory: links to its profiles need not name it. */
  const activeOrigin = ref<string | null>(null);

  const engines = new Map<string, RunningEngine>();
  /** Counts closings, so a slow open no longer wanted is dropped. */
  let activation = 0;
  let persistenceAsked = false;

  /**
   * The active connection's directory is out of reach: its last request (the sync's, a profile's,
   * the reachability check's) found it away. Known on every page at once, not when a profile fails.
   */
  const offline = computed(() => reachability.unreachable(connectionId.value));
  const running = computed(() => ['syncing', 'paused', 'offline'].includes(progress.value.state));
  /** What the views show as the sync's error: the library's own, or the one that ended the run. */
  const shownError = computed<LibraryError | null>(
    // A full disk is said whatever the run's state: the run may end "done" with nothing more kept.
    () => error.value ?? ((progress.value.state === 'error' || progress.value.lastError?.code === 'storage_full') && progress.value.lastError ? toLibraryError(progress.value.lastError) : null),
  );

  // The active connection's directory is checked while it is quiet or away; back, a sync waiting
  // out the lost network asks again at once.
  watch(connectionId, (id) => reachability.follow(id), { immediate: true });
  watch(offline, (away, before) => {
    if (before && !away) for (const { engine } of engines.values()) engine.retryNow();
  });

  function library(): LibraryDb | null {
    return libraryOpen.value ? currentLibrary() : null;
  }

  /** Shows the active connection's progress. */
  function showProgress(): void {
    const shown = connectionId.value ? engines.get(connectionId.value) : undefined;
    if (shown) activeOrigin.value = shown.origin;
    else if (!connectionId.value) activeOrigin.value = null;
    progress.value = shown ? shown.engine.progress() : initialProgress();
  }

  function stopEngine(id: string): void {
    const stopping = engines.get(id);
    if (!stopping) return;
    stopping.stop();
    stopping.engine.dispose();
    engines.delete(id);
    syncedIds.value = [...engines.keys()];
  }

  async function runEngine(engine: SyncEngine, full = false): Promise<void> {
    try {
      await engine.run({ full });
    } catch (failure) {
      error.value = toLibraryError(failure);
    }
  }

  function startEngine(db: LibraryDb, id: string, origin: string, run: boolean): void {
    if (engines.has(id)) return;
    const engine = createSyncEngine({
      db,
      bridge,
      connectionId: id,
      origin,
      shortlistedActorIds: () => shortlistedActorIds(origin),
      // Details are asked in the connection's content language as it stands at each request.
      contentLocale: () => contentLocales.get(id),
      showreelMaxBytes: savedShowreelMaxBytes,
    });
    const stop = engine.onProgress((next) => {
      if (id === connectionId.value) progress.value = next;
    });
    engines.set(id, { engine, origin, stop });
    syncedIds.value = [...engines.keys()];
    if (id === connectionId.value) progress.value = engine.progress();
    if (run) void runEngine(engine);
  }

  function closeLibrary(): void {
    for (const id of [...engines.keys()]) stopEngine(id);
    closeSharedLibrary();
    libraryOpen.value = false;
    progress.value = initialProgress();
    cacheStats.value = null;
  }

  /** Asks once per session for persistent storage; the answer is shown in Settings. */
  async function askForPersistence(): Promise<void> {
    if (persistenceAsked) return;
    persistenceAsked = true;
    persisted.value = await requestPersistentStorage();
  }

  /** Opens the library (merging old per-connection libraries first); null when it could not or is no longer wanted. */
  async function open(connections: readonly SyncedConnection[]): Promise<LibraryDb | null> {
    const current = activation;
    const origins = new Map(connections.map((connection) => [connection.id, connection.origin]));
    try {
      // Web shell: pictures need the session cookie before the first <img> of the library asks.
      const [db] = await Promise.all([
        openSharedLibrary(
          (id) => origins.get(id),
          connections.map((connection) => connection.id),
        ),
        prepareMedia(),
      ]);
      if (current !== activation) return null;
      // The change history compares each detail an engine writes with the cached one.
      history.follow(db);
      return db;
    } catch (failure) {
      if (current === activation) error.value = toLibraryError(failure, 'storage_unavailable');
      return null;
    }
  }

  function closeAll(): void {
    activation += 1;
    connectionId.value = null;
    closeLibrary();
  }

  /**
   * The connections there are and the active one: each syncs into the library (one new here
   * starts a run), engines of connections no longer listed stop. With none, the library closes.
   */
  async function setConnections(connections: readonly SyncedConnection[], activeId: string | null = connectionId.value): Promise<void> {
    contentLocales.clear();
    for (const connection of connections) contentLocales.set(connection.id, connection.contentLocale);
    if (connections.length === 0) return closeAll();
    const active = connections.find((connection) => connection.id === activeId) ?? null;
    connectionId.value = active?.id ?? null;
    activeOrigin.value = active?.origin ?? null;
    showProgress();
    void askForPersistence();
    const db = await open(connections);
    if (!db) return;
    const listed = new Set(connections.map((connection) => connection.id));
    for (const id of [...engines.keys()]) if (!listed.has(id)) stopEngine(id);
    for (const connection of connections) startEngine(db, connection.id, connection.origin, true);
    showProgress();
    // Open only now: a store that asks at once finds the engines there.
    libraryOpen.value = true;
  }

  /**
   * Makes `id` the active connection (null: none; every engine stops and the library closes).
   * A connection not syncing yet starts; resolves once the library is open.
   */
  async function activate(id: string | null, origin: string | null = null): Promise<void> {
    if (id === null) return closeAll();
    connectionId.value = id;
    error.value = null;
    const resolved = origin ?? engines.get(id)?.origin ?? unknownOriginOf(id);
    activeOrigin.value = resolved;
    void askForPersistence();
    showProgress();
    const db = await open([{ id, origin: resolved }]);
    if (!db || connectionId.value !== id) return;
    startEngine(db, id, resolved, true);
    showProgress();
    libraryOpen.value = true;
  }

  /**
   * Runs again the sync of each of `ids` whose last run ended because the connection had no key:
   * the back end says it has one now. Nothing else restarts a run that ended so.
   */
  function retryWhereKeyArrived(ids: readonly string[]): void {
    const endedForWantOfKey = (engine: SyncEngine) => {
      const last = engine.progress();
      return last.state === 'error' && last.lastError?.code === 'key_missing';
    };
    for (const id of ids) {
      const running = engines.get(id);
      if (!running || !endedForWantOfKey(running.engine)) continue;
      // A run shows its end a moment before it is over, and asking then joins it: once it is
      // over, one that still ended for want of the key is asked again.
      void runEngine(running.engine).then(() => (endedForWantOfKey(running.engine) ? runEngine(running.engine) : undefined));
    }
  }

  /** Runs a sync of every connection (full: reread every list and reconcile). */
  async function start(full = false): Promise<void> {
    error.value = null;
    await Promise.all([...engines.values()].map(({ engine }) => runEngine(engine, full)));
  }

  function pause(): void {
    for (const { engine } of engines.values()) engine.pause();
  }

  function resume(): void {
    for (const { engine } of engines.values()) engine.resume();
  }

  function cancel(): void {
    for (const { engine } of engines.values()) engine.cancel();
  }

  /**
   * The connection to ask for a profile of `origin` (default: the active connection's directory):
   * the active one when it sees it, else the first that does, else any of that directory.
   */
  async function connectionFor(kind: ProfileKind, id: number, origin?: string): Promise<string | null> {
    const db = library();
    const activeId = connectionId.value;
    const active = activeId ? engines.get(activeId) : undefined;
    const wanted = origin ?? active?.origin;
    if (!db || !wanted) return null;
    const row = await profileTable(db, kind).get(libraryUid(await originCode(db, wanted), id));
    const seers = row?.connections ?? [];
    if (activeId && active?.origin === wanted && (seers.includes(activeId) || seers.length === 0)) return activeId;
    const seer = seers.find((seen) => engines.has(seen));
    if (seer) return seer;
    if (activeId && active?.origin === wanted) return activeId;
    return [...engines.entries()].find(([, candidate]) => candidate.origin === wanted)?.[0] ?? null;
  }

  /**
   * The user opens a profile (of the active connection's directory unless `origin` says which): a
   * connection that sees it fetches it now (and its pictures) when the directory can be reached,
   * and the cache serves when not. Null when no connection can ask; rejects when the profile is
   * neither reachable nor cached.
   */
  async function view(kind: ProfileKind, id: number, origin?: string): Promise<ViewedProfile | null> {
    const asking = await connectionFor(kind, id, origin);
    const found = asking ? engines.get(asking) : undefined;
    return found ? found.engine.view(kind, id) : null;
  }

  /** The directory of a syncing connection. */
  function originOf(id: string): string | null {
    return engines.get(id)?.origin ?? null;
  }

  /** The connection whose media host serves a picture of a profile (its directory's). */
  function mediaConnection(origin: string | undefined): string | null {
    const activeId = connectionId.value;
    if (!origin || (activeId && engines.get(activeId)?.origin === origin)) return activeId;
    return [...engines.entries()].find(([, candidate]) => candidate.origin === origin)?.[0] ?? activeId;
  }

  /** Reads what is kept offline; started without waiting (a library change, a casting call), so a failure is shown, never thrown. */
  async function refreshKeptOffline(): Promise<void> {
    const db = library();
    try {
      const rows = db ? await db.keepOffline.toArray() : [];
      keptOffline.value = rows.sort((a, b) => a.addedAt.localeCompare(b.addedAt)).map((row) => row.scope);
    } catch (failure) {
      error.value = toLibraryError(failure);
    }
  }

  /**
   * Keeps a scope offline (the whole roster, a search, a casting call's matches) for every
   * connection: each engine queues its details and pictures within the rate budget, after what
   * the user views and shortlists.
   */
  async function keepOffline(scope: KeepOfflineScope): Promise<void> {
    try {
      await Promise.all([...engines.values()].map(({ engine }) => engine.keepOffline(scope)));
    } catch (failure) {
      error.value = toLibraryError(failure);
    }
    await refreshKeptOffline();
  }

  /** Stops keeping a scope offline; what is cached stays. */
  async function dropKeepOffline(scope: KeepOfflineScope): Promise<void> {
    const first = [...engines.values()][0];
    if (!first) return;
    try {
      await first.engine.dropKeepOffline(scope);
    } catch (failure) {
      error.value = toLibraryError(failure);
    }
    await refreshKeptOffline();
  }

  /** What clearing or removing connection `id` would take from the library (the question asked first). */
  async function shareOf(id: string): Promise<ShareCounts | null> {
    const db = library();
    if (!db) return null;
    try {
      return await connectionShareCounts(db, id);
    } catch (failure) {
      error.value = toLibraryError(failure);
      return null;
    }
  }

  /**
   * "Clear cache" for a connection: takes its share out of the library (what another connection
   * sees stays) and tells the back end no completed sync is left (so the empty share is not taken
   * for an eviction). Its engine starts afresh, without syncing until asked.
   */
  async function clearCache(id: string): Promise<boolean> {
    clearing.value = true;
    error.value = null;
    const clearedEngine = engines.get(id);
    try {
      if (clearedEngine) stopEngine(id);
      const db = library();
      if (db) await dropConnectionShare(db, id);
      await bridge.setSyncMemory({ connectionId: id, completedFullSyncAt: null });
      if (clearedEngine && db) startEngine(db, id, clearedEngine.origin, false);
      showProgress();
      await refreshCacheStats();
      return true;
    } catch (failure) {
      error.value = toLibraryError(failure);
      return false;
    } finally {
      clearing.value = false;
    }
  }

  /**
   * A removed connection's share goes with it: what only it saw leaves the library, what another
   * connection sees stays. Adding the connection again syncs its share back.
   */
  async function dropLibrary(id: string): Promise<void> {
    stopEngine(id);
    if (id === connectionId.value) {
      connectionId.value = null;
      showProgress();
    }
    try {
      const db = library();
      if (db) await dropConnectionShare(db, id);
    } catch (failure) {
      error.value = toLibraryError(failure);
    }
  }

  /** Counts what the active connection sees and asks how much storage and picture cache is used. */
  async function refreshCacheStats(): Promise<void> {
    const db = library();
    const id = connectionId.value;
    if (!db || !id) {
      cacheStats.value = null;
      return;
    }
    try {
      const [actors, crew, castingCalls, storageBytes, mediaAnswer] = await Promise.all([
        db.actors.where('connections').equals(id).count(),
        db.crew.where('connections').equals(id).count(),
        db.castingCalls.where('connections').equals(id).count(),
        estimateStorage(),
        bridge.getMediaCacheStats({}),
      ]);
      if (id !== connectionId.value) return;
      cacheStats.value = { actors, crew, castingCalls, storageBytes, media: mediaAnswer.ok ? { count: mediaAnswer.value.count, bytes: mediaAnswer.value.bytes } : null };
    } catch (failure) {
      error.value = toLibraryError(failure);
    }
  }

  return {
    connectionId,
    activeOrigin,
    syncedIds,
    progress,
    progressBar,
    error,
    persisted,
    cacheStats,
    clearing,
    keptOffline,
    offline,
    libraryOpen,
    running,
    shownError,
    setConnections,
    activate,
    start,
    pause,
    resume,
    cancel,
    view,
    mediaConnection,
    retryWhereKeyArrived,
    originOf,
    shareOf,
    clearCache,
    keepOffline,
    dropKeepOffline,
    refreshKeptOffline,
    dropLibrary,
    refreshCacheStats,
  };
});

async function estimateStorage(): Promise<number | null> {
  const storage = globalThis.navigator?.storage;
  if (!storage || typeof storage.estimate !== 'function') return null;
  try {
    return (await storage.estimate()).usage ?? null;
  } catch {
    return null;
  }
}
