import { defineStore, getActivePinia } from 'pinia';
import { computed, inject, ref, watch } from 'vue';
import type { ConnectionTest, ConnectionView, DemoStatus } from '../../../contract/bridge.ts';
import type { BridgeError, BridgeResult } from '../../../contract/bridge-errors.ts';
import { contentLocales, type ContentLocale } from '../../../contract/directory-api.ts';
import { castdeskComposerKey } from '../i18n/index.ts';
import { useBridge } from '../bridge/bridgeInjection.ts';
import { useOfficeListsStore } from './officeLists.ts';
import { useProfileHistoryStore } from './profileHistory.ts';
import { useSyncStore } from './sync.ts';

/** How often the first start asks how far the demo directory has got. */
const demoStatusPollMs = 400;

/** Set while the demo directory is being opened, until its roster is kept offline. */
const demoOpeningMarker = 'castdesk.demoOpening';

function readMarker(name: string): boolean {
  try {
    return globalThis.localStorage?.getItem(name) === '1';
  } catch {
    return false;
  }
}

function writeMarker(name: string, set: boolean): void {
  try {
    if (set) globalThis.localStorage?.setItem(name, '1');
    else globalThis.localStorage?.removeItem(name);
  } catch {
    // Storage refused: the opening still keeps the roster; only a start cut short cannot finish it.
  }
}

export interface NewConnectionInput {
  name: string;
  baseUrl: string;
  contentLocale: ContentLocale;
  key: string;
}

/**
 * The directory connections: the list, the active one, keys (set and delete only; a key is never
 * read back), "test connection", and the first start, which opens the embedded demo directory when
 * there is no connection at all so a new user has something real to browse. Every connection syncs
 * into the one offline library (the sync store); the active one is the one whose progress shows.
 */
export const useConnectionStore = defineStore('connections', () => {
  const bridge = useBridge();
  // The UI's language (absent where no i18n is installed, as in some store tests).
  const composer = inject(castdeskComposerKey, null);
  /**
   * The content language of the first demo connection: the UI's, when the directory speaks it, so
   * a German desk reads German values (gender, languages, casting types) from the first start on.
   */
  function firstContentLocale(): { contentLocale?: ContentLocale } {
    const ui = composer?.locale.value;
    const known = contentLocales.find((code) => code === ui);
    return known ? { contentLocale: known } : {};
  }
  const sync = useSyncStore();

  const connections = ref<ConnectionView[]>([]);
  const activeId = ref<string | null>(null);
  const keychain = ref<{ available: boolean; reason?: string } | null>(null);
  const loading = ref(false);
  const started = ref(false);
  /** Whether the connection list has been read from the back end at least once. */
  const listed = ref(false);
  /** How far the demo directory's start has got while it is being opened (null otherwise). */
  const demoStatus = ref<DemoStatus | null>(null);
  /** The last failure of a list, add, remove or key change. */
  const error = ref<BridgeError | null>(null);
  /** The last "test connection" verdict per connection id (or the error that prevented it). */
  /** The failed test of the connection being added (nothing was saved), null otherwise. */
  const addTest = ref<ConnectionTest | null>(null);
  const tests = ref<Record<string, { result?: ConnectionTest; error?: BridgeError; running: boolean }>>({});

  const active = computed(() => connections.value.find((connection) => connection.id === activeId.value) ?? null);

  // The change history shows the active connection's directory, told at once (flush 'sync') as it changes.
  const history = useProfileHistoryStore();
  watch(() => active.value?.directoryOrigin ?? null, (origin) => history.showOrigin(origin), { immediate: true, flush: 'sync' });

  /** Unwraps a bridge result: the value, or null with `error` set. */
  function take<T>(result: BridgeResult<T>): T | null {
    if (result.ok) return result.value;
    error.value = result.error;
    return null;
  }

  /** Reads the connections again and (unless `syncing` is false) hands them to the sync. */
  async function refresh({ syncing = true } = {}): Promise<boolean> {
    const answer = take(await bridge.listConnections({}));
    if (!answer) return false;
    connections.value = answer.connections;
    activeId.value = answer.activeId;
    listed.value = true;
    if (syncing) await syncConnections();
    return true;
  }

  /**
   * Every connection syncs into the one library; the active one's progress is shown. A run that
   * ended for want of a key runs again once the back end says the key is there (a key stored
   * after the run asked for it: the demo's, rebound as the demo came back).
   */
  async function syncConnections(): Promise<void> {
    await sync.setConnections(
      connections.value.map((connection) => ({ id: connection.id, origin: connection.directoryOrigin, contentLocale: connection.contentLocale })),
      activeId.value,
    );
    sync.retryWhereKeyArrived(connections.value.filter((connection) => connection.hasKey).map((connection) => connection.id));
  }

  /** True while the back end asks a keychain that did not answer again. */
  const keychainChecking = ref(false);

  /**
   * Asks the back end to try the keychain again (it may have started or been unlocked since):
   * from its first answer on keys can be stored, without restarting the app. The offices' tokens
   * live there too: the offices are listed again, so an office whose token could not be read syncs
   * its lists once it can (officeLists.readTokensAgain), when the office store is in use (App.vue).
   */
  async function recheckKeychain(): Promise<void> {
    if (keychainChecking.value) return;
    keychainChecking.value = true;
    try {
      const info = take(await bridge.getAppInfo({ recheckKeychain: true }));
      if (info) keychain.value = info.keychain;
      if (info && getActivePinia()?.state.value.officeLists) await useOfficeListsStore().readTokensAgain();
    } finally {
      keychainChecking.value = false;
    }
  }

  /** Loads everything once at start-up; with no connection at all, connects to the demo directory. */
  async function start(): Promise<void> {
    if (started.value) return;
    started.value = true;
    loading.value = true;
    error.value = null;
    try {
      const info = take(await bridge.getAppInfo({}));
      if (info) keychain.value = info.keychain;
      // Listed without syncing yet: the demo directory must be running again before its first run.
      if (!(await refresh({ syncing: false }))) return;
      // Not asked to be active: the back end makes the new demo active as the first connection,
      // and a connection the user adds and picks while the demo starts stays the active one.
      if (connections.value.length === 0) await connectDemoDirectory({ activate: false });
      // The demo directory runs only while the app does: an active demo connection starts it
      // again (the back end joins one running, follows its address and stores its key), and only
      // then does the sync begin, so the first run neither finds the demo away nor its key moving.
      else if (active.value?.isDemo) await reopenDemoDirectory();
      else await syncConnections();
      // A first start cut short (a reload, a crash) after the demo connection was made.
      if (readMarker(demoOpeningMarker)) await keepDemoOffline();
    } finally {
      loading.value = false;
    }
  }

  /** The user's "Open the demo directory": connects it and makes it the active connection. */
  function openDemoDirectory(): Promise<ConnectionView | null> {
    return connectDemoDirectory({ activate: true });
  }

  /**
   * Connects the demo directory. The back end joins an opening already under way (a reload or a
   * second window during the first start gets the same connection); meanwhile its progress is
   * polled into `demoStatus`.
   */
  async function connectDemoDirectory({ activate }: { activate: boolean }): Promise<ConnectionView | null> {
    loading.value = true;
    error.value = null;
    const stopWatching = watchDemoStatus();
    writeMarker(demoOpeningMarker, true);
    try {
      const demo = take(await bridge.openDemoDirectory({ ...firstContentLocale(), activate }));
      if (demo) await refresh();
      await keepDemoOffline();
      return demo;
    } finally {
      stopWatching();
      loading.value = false;
    }
  }

  async function reopenDemoDirectory(): Promise<void> {
    const stopWatching = watchDemoStatus();
    try {
      // A demo that cannot start still leaves the library open (offline, with what it keeps). Not
      // asked to be active: a connection the user picks while the demo starts again stays active.
      if (!take(await bridge.openDemoDirectory({ activate: false })) || !(await refresh())) await syncConnections();
    } finally {
      stopWatching();
    }
  }

  function watchDemoStatus(): () => void {
    let stopped = false;
    const poll = async () => {
      const answer = await bridge.getDemoStatus({});
      if (stopped) return;
      if (answer.ok) demoStatus.value = answer.value;
      timer = setTimeout(() => void poll(), demoStatusPollMs);
    };
    let timer = setTimeout(() => void poll(), 0);
    return () => {
      stopped = true;
      clearTimeout(timer);
      demoStatus.value = null;
    };
  }

  /**
   * The demo directory runs on this computer without a rate limit: its whole roster is kept
   * offline, so every filter and role match works from the first minutes. The opening leaves a
   * marker (it survives reloads) until this is done, so a first start cut short after the demo
   * connection was made still gets it, once, and a user who drops it later is not overruled.
   */
  async function keepDemoOffline(): Promise<void> {
    const demo = active.value;
    if (!demo?.isDemo || sync.connectionId !== demo.id) return;
    await sync.keepOffline({ kind: 'roster' });
    if (sync.keptOffline.some((scope) => scope.kind === 'roster')) writeMarker(demoOpeningMarker, false);
  }

  /**
   * Adds a connection once its address and key passed a test (nothing is saved before). A failed
   * test lands in `addTest`; `untested` saves without it, for the failures mayAddUntested allows.
   */
  async function add(input: NewConnectionInput, options: { untested?: boolean } = {}): Promise<ConnectionView | null> {
    error.value = null;
    addTest.value = null;
    if (!options.untested) {
      const tested = take(await bridge.testNewConnection({ baseUrl: input.baseUrl, key: input.key }));
      if (!tested) return null;
      if (!tested.keyAccepted) {
        addTest.value = tested;
        return null;
      }
    }
    const added = take(await bridge.addConnection(input));
    if (added) await refresh();
    return added;
  }

  async function remove(id: string): Promise<boolean> {
    error.value = null;
    const removed = take(await bridge.removeConnection({ id }));
    if (removed === null) return false;
    delete tests.value[id];
    // Its share goes first, while the library is open: what only it saw leaves, the rest stays.
    await sync.dropLibrary(id);
    await refresh();
    return true;
  }

  async function setActive(id: string): Promise<void> {
    error.value = null;
    if (take(await bridge.setActiveConnection({ id })) !== null) await refresh();
  }

  async function setKey(id: string, key: string): Promise<boolean> {
    error.value = null;
    const updated = take(await bridge.setConnectionKey({ id, key }));
    if (!updated) return false;
    delete tests.value[id];
    await refresh();
    return true;
  }

  async function deleteKey(id: string): Promise<void> {
    error.value = null;
    if (take(await bridge.deleteConnectionKey({ id }))) {
      delete tests.value[id];
      await refresh();
    }
  }

  async function test(id: string): Promise<void> {
    tests.value[id] = { running: true };
    const result = await bridge.testConnection({ id });
    tests.value[id] = result.ok ? { result: result.value, running: false } : { error: result.error, running: false };
  }

  return { connections, activeId, active, keychain, keychainChecking, recheckKeychain, loading, started, listed, demoStatus, error, tests, addTest, start, refresh, openDemoDirectory, add, remove, setActive, setKey, deleteKey, test };
});
