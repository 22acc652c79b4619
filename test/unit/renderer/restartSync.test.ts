/**
 * The first sync after a restart, with the stores on the real library (IndexedDB in the test's
 * browser environment) and a bridge double for the back end: it waits for the demo directory to be
 * back before it runs, keys the library by the connection's directory (not its moving address),
 * and a run that ended for want of a key runs again once the back end says the key is there.
 */
import { createPinia, setActivePinia } from 'pinia';
import { createApp } from 'vue';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CastdeskBridge, ConnectionView } from '../../../contract/bridge.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { useConnectionStore } from '../../../renderer/src/stores/connections.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { demoView } from './fakeBridge.ts';
import { actorItem, fakeDirectory } from './fakeDirectory.ts';

/** Generous: the library and the sync run in the test's IndexedDB on a loaded machine. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 30_000, interval: 20 });
const appInfo = { ok: true, value: { version: '1', shell: 'web', keychain: { available: true }, folders: { data: '/tmp/castdesk', logs: '/tmp/castdesk/logs' } } };
let counter = 0;
const freshId = () => `restart-${Date.now().toString(36)}-${++counter}`;

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

function storesOn(bridge: CastdeskBridge) {
  const app = createApp({});
  const pinia = createPinia();
  app.use(pinia).provide(castdeskBridgeKey, bridge);
  setActivePinia(pinia);
  const stores = app.runWithContext(() => ({ connections: useConnectionStore(), sync: useSyncStore() }));
  cleanup = () => stores.sync.activate(null);
  return stores;
}

describe('the first sync after a restart', () => {
  it('waits for the demo directory to be back, then syncs into the directory it always was', async () => {
    const directory = fakeDirectory({ actors: [actorItem(1, 'Gustav Schmidt'), actorItem(2, 'Lena Brandt')] });
    const bridge = directory.bridge as CastdeskBridge & Record<string, unknown>;
    const id = freshId();
    // Last run's address; the demo comes back on another port, the same directory.
    let demo: ConnectionView = { ...demoView, id, baseUrl: 'http://127.0.0.1:33819', directoryOrigin: 'http://127.0.0.1:33819' };
    let syncingWhenDemoOpened: string[] | null = null;
    const stores = storesOn(bridge);
    Object.assign(bridge, {
      getAppInfo: async () => appInfo,
      getDemoStatus: async () => ({ ok: true, value: { phase: 'ready' } }),
      listConnections: async () => ({ ok: true, value: { connections: [demo], activeId: id } }),
      openDemoDirectory: async () => {
        syncingWhenDemoOpened = [...stores.sync.syncedIds];
        demo = { ...demo, baseUrl: 'http://127.0.0.1:34155' };
        return { ok: true, value: demo };
      },
    });
    await stores.connections.start();
    // No run began against the address the demo no longer has.
    expect(syncingWhenDemoOpened).toEqual([]);
    await eventually(() => expect(stores.sync.progress.state).toBe('done'));
    expect(stores.sync.activeOrigin).toBe('http://127.0.0.1:33819');
    expect(stores.sync.originOf(id)).toBe('http://127.0.0.1:33819');
  });

  it('runs a sync that ended with "no API key stored" again once the key is there', async () => {
    const directory = fakeDirectory({ actors: [actorItem(1, 'Gustav Schmidt')] });
    const bridge = directory.bridge as CastdeskBridge & Record<string, unknown>;
    const id = freshId();
    let connection: ConnectionView = { ...demoView, id, name: 'Agentur', isDemo: false, hasKey: false };
    Object.assign(bridge, {
      getAppInfo: async () => appInfo,
      listConnections: async () => ({ ok: true, value: { connections: [connection], activeId: id } }),
    });
    // The keychain had not given the key yet when the first run asked for it.
    directory.state.failWith = { code: 'key_missing', message: 'The connection "Agentur" has no API key stored.' };
    const stores = storesOn(bridge);
    await stores.connections.start();
    await eventually(() => expect(stores.sync.progress).toMatchObject({ state: 'error', lastError: { code: 'key_missing' } }));

    // The back end has the key now: the next listing says so, and the run starts again by itself.
    directory.state.failWith = undefined;
    connection = { ...connection, hasKey: true };
    await stores.connections.refresh();
    await eventually(() => expect(stores.sync.progress.state).toBe('done'));
    expect(stores.sync.progress.lastError).toBeNull();
  });
});
