/**
 * What the connection store hands the sync and change-history stores, now that neither reads the
 * connection store back (issue 24: the stores connections → sync → profileHistory formed a circle
 * hidden behind getActivePinia()). With the real stores, the real library (IndexedDB in the test's
 * browser) and a bridge double: a profile is asked in its connection's content language as it
 * stands after a change, and the change history shows the active connection's directory.
 */
import { createPinia, setActivePinia } from 'pinia';
import { createApp } from 'vue';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CastdeskBridge, ConnectionView } from '../../../contract/bridge.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { useConnectionStore } from '../../../renderer/src/stores/connections.ts';
import { useProfileHistoryStore } from '../../../renderer/src/stores/profileHistory.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { demoView } from './fakeBridge.ts';
import { actorItem, fakeDirectory } from './fakeDirectory.ts';

/** Generous: the library and the sync run in the test's IndexedDB on a loaded machine. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 30_000, interval: 20 });
const appInfo = { ok: true, value: { version: '1', shell: 'web', keychain: { available: true }, folders: { data: '/tmp/castdesk', logs: '/tmp/castdesk/logs' } } };
let counter = 0;
const freshId = () => `handed-${Date.now().toString(36)}-${++counter}`;

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
  const stores = app.runWithContext(() => ({ connections: useConnectionStore(), sync: useSyncStore(), history: useProfileHistoryStore() }));
  cleanup = () => stores.sync.activate(null);
  return stores;
}

describe('values the connection store hands other stores', () => {
  it('asks a profile in the content language its connection has now', async () => {
    const directory = fakeDirectory({ actors: [actorItem(1, 'Gustav Schmidt')] });
    const bridge = directory.bridge as CastdeskBridge & Record<string, unknown>;
    const id = freshId();
    let connection: ConnectionView = { ...demoView, id, name: 'Agentur', isDemo: false, contentLocale: 'en' };
    Object.assign(bridge, {
      getAppInfo: async () => appInfo,
      listConnections: async () => ({ ok: true, value: { connections: [connection], activeId: id } }),
    });
    const stores = storesOn(bridge);
    await stores.connections.start();
    await eventually(() => expect(stores.sync.progress.state).toBe('done'));

    // The user chose German for this connection (Settings saves it, then the list is read again).
    connection = { ...connection, contentLocale: 'de' };
    await stores.connections.refresh();
    const viewed = await stores.sync.view('actor', 1);

    expect(viewed?.fromCache).toBe(false);
    const asked = directory.calls.filter((call) => call.channel === 'getActor').at(-1)?.args;
    expect(asked).toMatchObject({ connectionId: id, id: 1, priority: 'interactive', locale: 'de' });
  });

  it("shows the active connection's directory in the change history, and none without a connection", async () => {
    const directory = fakeDirectory({ actors: [] });
    const bridge = directory.bridge as CastdeskBridge & Record<string, unknown>;
    const first: ConnectionView = { ...demoView, id: freshId(), name: 'Erste', isDemo: false, baseUrl: 'http://127.0.0.1:41001', directoryOrigin: 'http://127.0.0.1:41001' };
    const second: ConnectionView = { ...demoView, id: freshId(), name: 'Zweite', isDemo: false, baseUrl: 'http://127.0.0.1:41002', directoryOrigin: 'http://127.0.0.1:41002' };
    let listed: { connections: ConnectionView[]; activeId: string | null } = { connections: [first, second], activeId: first.id };
    Object.assign(bridge, {
      getAppInfo: async () => appInfo,
      listConnections: async () => ({ ok: true, value: listed }),
      setActiveConnection: async (args: { id: string }) => {
        listed = { ...listed, activeId: args.id };
        return { ok: true, value: {} };
      },
    });
    const stores = storesOn(bridge);
    expect(stores.history.activeOrigin).toBeNull();
    await stores.connections.start();
    expect(stores.history.activeOrigin).toBe('http://127.0.0.1:41001');

    await stores.connections.setActive(second.id);
    expect(stores.history.activeOrigin).toBe('http://127.0.0.1:41002');

    listed = { connections: [], activeId: null };
    await stores.connections.refresh();
    expect(stores.history.activeOrigin).toBeNull();
  });
});
