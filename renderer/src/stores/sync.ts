import { defineStore, getActivePinia } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { useBridge } from '../bridge/bridgeInjection.ts';
import { prepareMedia } from '../bridge/castdeskBridge.ts';
import { unknownOriginOf } from '../db/directoryOrigin.ts';
import { deleteLibraryDb, openLibraryDb, requestPersistentStorage, type KeepOfflineScope, type LibraryDb, type ProfileKind } from '../db/libraryDb.ts';
import { shortlistedActorIds } from '../db/shortlistDb.ts';
import { createSyncEngine, type SyncEngine, type SyncProgress, type ViewedProfile } from '../sync/syncEngine.ts';
import { initialProgress } from '../sync/syncProgress.ts';
import { useConnectionStore } from './connections.ts';
import { toLibraryError, type LibraryError } from './libraryErrors.ts';
import { useProfileHistoryStore } from './profileHistory.ts';
import { savedShowreelMaxBytes } from './showreelLimit.ts';

export interface CacheStats {
  actors: number;
  crew: number;
  castingCalls: number;
  /** What the browser says this origin stores (all libraries together); null when it cannot tell. */
  storageBytes: number | null;
  /** The back end's picture cache (all connections); null when it could not be asked. */
  media: { count: number; bytes: number } | null;
}

/**
 * The offline library and sync engine of the active connection. The connection store calls
 * `activate` whenever the active connection changes; this store opens that connection's LibraryDb,
 * starts its engine and mirrors the engine's progress for the views (progress bar, offline banner,
 * errors). The profile stores read the cache through `db`.
 */
export const useSyncStore = defineStore('sync', () => {
  const bridge = useBridge();
  const history = useProfileHistoryStore();
  // The connection store uses this one from its setup: it is asked for later, when read.
  const pinia = getActivePinia();

  const connectionId = ref<string | null>(null);
  /** The open library of the active connection; null while none is open. */
  const db = shallowRef<LibraryDb | null>(null);
  const progress = ref<SyncProgress>(initialProgress());
  /** Failures of the library itself (opening, clearing, a full disk outside a run). */
  const error = ref<LibraryError | null>(null);
  /** Whether the browser keeps the libraries when space runs low; null until asked. */
  const persisted = ref<boolean | null>(null);
  const cacheStats = ref<CacheStats | null>(null);
  const clearing = ref(false);
  /** The scopes the user asked to keep offline (their details and pictures sync too). */
  const keptOffline = ref<KeepOfflineScope[]>([]);

  let engine: SyncEngine | null = null;
  /** The directory of the active connection: the engine keeps its shortlisted actors in full. */
  let directoryOrigin: string | null = null;
  let stopListening: (() => void) | null = null;
  /** Counts activations, so a slow open for a connection no longer active is dropped. */
  let activation = 0;
  let persistenceAsked = false;

  /** The directory is out of reach: the engine says so, or it is waiting to retry. */
  const offline = computed(() => !progress.value.online || progress.value.state === 'offline');
  /** Whether a library is open: views wait on this, never on the database handle itself. */
  const libraryOpen = computed(() => db.value !== null);
  const running = computed(() => ['syncing', 'paused', 'offline'].includes(progress.value.state));
  /** What the views show as the sync's error: the library's own, or the one that ended the run. */
  const shownError = computed<LibraryError | null>(
    () => error.value ?? (progress.value.state === 'error' && progress.value.lastError ? toLibraryError(progress.value.lastError) : null),
  );

  function detachEngine(): void {
    stopListening?.();
    stopListening = null;
    engine?.dispose();
    engine = null;
  }

  function closeLibrary(): void {
    detachEngine();
    db.value?.close();
    db.value = null;
    progress.value = initialProgress();
    cacheStats.value = null;
  }

  function attachEngine(library: LibraryDb, id: string): void {
    engine = createSyncEngine({
      db: library,
      bridge,
      connectionId: id,
      shortlistedActorIds: async () => (directoryOrigin ? shortlistedActorIds(directoryOrigin) : []),
      // Details are asked in the connection's content language as it stands at each request.
      contentLocale: () => useConnectionStore(pinia).connections.find((connection) => connection.id === id)?.contentLocale,
      showreelMaxBytes: savedShowreelMaxBytes,
    });
    // The change history compares each detail the engine writes with the cached one.
    history.follow(library, directoryOrigin ?? unknownOriginOf(id));
    stopListening = engine.onProgress((next) => {
      progress.value = next;
    });
    progress.value = engine.progress();
  }

  /** Asks once per session for persistent storage; the answer is shown in Settings. */
  async function askForPersistence(): Promise<void> {
    if (persistenceAsked) return;
    persistenceAsked = true;
    persisted.value = await requestPersistentStorage();
  }

  /**
   * Switches to the library of `id` (null: none): stops the previous engine, opens the library,
   * starts a sync. Resolves once the library is open; the sync runs on. `origin` is the
   * connection's directory (db/directoryOrigin.ts), whose shortlisted actors the engine keeps.
   */
  async function activate(id: string | null, origin: string | null = null): Promise<void> {
    const current = ++activation;
    closeLibrary();
    connectionId.value = id;
    directoryOrigin = origin;
    error.value = null;
    if (id === null) return;
    void askForPersistence();
    let library: LibraryDb;
    try {
      // Web shell: pictures need the session cookie before the first <img> of the library asks.
      [library] = await Promise.all([openLibraryDb(id), prepareMedia()]);
    } catch (failure) {
      if (current === activation) error.value = toLibraryError(failure, 'storage_unavailable');
      return;
    }
    if (current !== activation) {
      library.close();
      return;
    }
    db.value = library;
    attachEngine(library, id);
    void start();
  }

  /** Runs a sync of the active library (full: reread every list and reconcile). */
  async function start(full = false): Promise<void> {
    if (!engine) return;
    error.value = null;
    try {
      await engine.run({ full });
    } catch (failure) {
      error.value = toLibraryError(failure);
    }
  }

  function pause(): void {
    engine?.pause();
  }

  function resume(): void {
    engine?.resume();
  }

  function cancel(): void {
    engine?.cancel();
  }

  /**
   * The user opens a profile: the engine fetches it now (and its pictures) when the directory can
   * be reached, and serves the cache when not. Null when no library is open; rejects when the
   * profile is neither reachable nor cached.
   */
  async function view(kind: ProfileKind, id: number): Promise<ViewedProfile | null> {
    return engine ? engine.view(kind, id) : null;
  }

  async function refreshKeptOffline(): Promise<void> {
    const library = db.value;
    const rows = library ? await library.keepOffline.toArray() : [];
    keptOffline.value = rows.sort((a, b) => a.addedAt.localeCompare(b.addedAt)).map((row) => row.scope);
  }

  /**
   * Keeps a scope offline (the whole roster, a search, a casting call's matches): the engine
   * queues its details and pictures within the rate budget, after what the user views and
   * shortlists.
   */
  async function keepOffline(scope: KeepOfflineScope): Promise<void> {
    if (!engine) return;
    try {
      await engine.keepOffline(scope);
    } catch (failure) {
      error.value = toLibraryError(failure);
    }
    await refreshKeptOffline();
  }

  /** Stops keeping a scope offline; what is cached stays. */
  async function dropKeepOffline(scope: KeepOfflineScope): Promise<void> {
    if (!engine) return;
    try {
      await engine.dropKeepOffline(scope);
    } catch (failure) {
      error.value = toLibraryError(failure);
    }
    await refreshKeptOffline();
  }

  /**
   * "Clear cache" for a connection: deletes its library and tells the back end no completed sync
   * is left (so the empty library is not taken for an eviction). The active connection's library
   * is closed first and reopened empty, without syncing until asked.
   */
  async function clearCache(id: string): Promise<boolean> {
    clearing.value = true;
    error.value = null;
    const isActive = id === connectionId.value;
    const current = isActive ? ++activation : activation;
    try {
      if (isActive) closeLibrary();
      await deleteLibraryDb(id);
      await bridge.setSyncMemory({ connectionId: id, completedFullSyncAt: null });
      if (isActive && current === activation) {
        const library = await openLibraryDb(id);
        if (current !== activation) library.close();
        else {
          db.value = library;
          attachEngine(library, id);
          await refreshCacheStats();
        }
      }
      return true;
    } catch (failure) {
      error.value = toLibraryError(failure);
      return false;
    } finally {
      clearing.value = false;
    }
  }

  /**
   * A removed connection's library goes with it (its id is never reused, so it would only take
   * space). Call after the connection list no longer has it as the active one.
   */
  async function dropLibrary(id: string): Promise<void> {
    if (id === connectionId.value) await activate(null);
    try {
      await deleteLibraryDb(id);
    } catch (failure) {
      error.value = toLibraryError(failure);
    }
  }

  /** Counts what the active library holds and asks how much storage and picture cache is used. */
  async function refreshCacheStats(): Promise<void> {
    const library = db.value;
    if (!library) {
      cacheStats.value = null;
      return;
    }
    try {
      const [actors, crew, castingCalls, storageBytes, mediaAnswer] = await Promise.all([
        library.actors.count(),
        library.crew.count(),
        library.castingCalls.count(),
        estimateStorage(),
        bridge.getMediaCacheStats({}),
      ]);
      if (library !== db.value) return;
      cacheStats.value = { actors, crew, castingCalls, storageBytes, media: mediaAnswer.ok ? { count: mediaAnswer.value.count, bytes: mediaAnswer.value.bytes } : null };
    } catch (failure) {
      error.value = toLibraryError(failure);
    }
  }

  return {
    connectionId,
    db,
    progress,
    error,
    persisted,
    cacheStats,
    clearing,
    keptOffline,
    offline,
    libraryOpen,
    running,
    shownError,
    activate,
    start,
    pause,
    resume,
    cancel,
    view,
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
