import { createPinia, setActivePinia } from 'pinia';
import { createApp } from 'vue';
import { describe, expect, it } from 'vitest';
import type { ConnectionView } from '../../../contract/bridge.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { useConnectionStore } from '../../../renderer/src/stores/connections.ts';
import { demoView, fakeBridge } from './fakeBridge.ts';

/** A Pinia on an app that provides the bridge double, as createCastdeskApp provides the real one. */
function storesWith(bridge: ReturnType<typeof fakeBridge>['bridge']) {
  const app = createApp({});
  const pinia = createPinia();
  app.use(pinia).provide(castdeskBridgeKey, bridge);
  setActivePinia(pinia);
  return app;
}

const appInfo = { ok: true, value: { version: '1', shell: 'web', keychain: { available: true }, folders: { data: '/tmp/castdesk', logs: '/tmp/castdesk/logs' } } };

describe('connection store', () => {
  it('opens the demo directory on the first start, when there is no connection', async () => {
    let connections: ConnectionView[] = [];
    const { bridge, calls } = fakeBridge({
      getAppInfo: () => appInfo,
      listConnections: () => ({ ok: true, value: { connections, activeId: connections[0]?.id ?? null } }),
      openDemoDirectory: () => {
        connections = [demoView];
        return { ok: true, value: demoView };
      },
    });
    storesWith(bridge).runWithContext(() => useConnectionStore());
    const store = useConnectionStore();
    await store.start();
    // (getDemoStatus is asked meanwhile, for the progress shown during the first start.)
    expect(calls.map((call) => call.channel).filter((channel) => channel !== 'getDemoStatus')).toEqual(['getAppInfo', 'listConnections', 'openDemoDirectory', 'listConnections']);
    expect(store.connections).toEqual([demoView]);
    expect(store.active).toEqual(demoView);
    expect(store.keychain).toEqual({ available: true });
    expect(store.error).toBeNull();
  });

  it('makes the first demo connection read in the UI language (a German desk gets German directory values)', async () => {
    let connections: ConnectionView[] = [];
    const { bridge, calls } = fakeBridge({
      getAppInfo: () => appInfo,
      listConnections: () => ({ ok: true, value: { connections, activeId: connections[0]?.id ?? null } }),
      openDemoDirectory: () => {
        connections = [{ ...demoView, contentLocale: 'de' }];
        return { ok: true, value: connections[0] };
      },
    });
    const app = storesWith(bridge);
    app.use(createCastdeskI18n('de'));
    app.runWithContext(() => useConnectionStore());
    await useConnectionStore().start();
    // Not asked to be active: the back end makes the new demo active as the first connection only.
    expect(calls.find((call) => call.channel === 'openDemoDirectory')?.args).toEqual({ contentLocale: 'de', activate: false });
  });

  it('does not open the demo when a connection exists', async () => {
    const mine = { ...demoView, id: 'mine', name: 'Agency', isDemo: false };
    const { bridge, calls } = fakeBridge({
      getAppInfo: () => ({ ok: true, value: { version: '1', shell: 'web', keychain: { available: false, reason: 'none' }, folders: { data: '/tmp/castdesk', logs: '/tmp/castdesk/logs' } } }),
      listConnections: () => ({ ok: true, value: { connections: [mine], activeId: 'mine' } }),
    });
    storesWith(bridge).runWithContext(() => useConnectionStore());
    const store = useConnectionStore();
    await store.start();
    await store.start();
    expect(calls.map((call) => call.channel)).toEqual(['getAppInfo', 'listConnections']);
    expect(store.keychain?.available).toBe(false);
  });

  it('starts the demo directory again when the demo connection is the active one (it runs only with the app)', async () => {
    // A later start: the demo connection still names the last run's address, and no key is kept for it.
    let demo: ConnectionView = { ...demoView, baseUrl: 'http://127.0.0.1:40000', hasKey: false };
    const { bridge, calls } = fakeBridge({
      getAppInfo: () => appInfo,
      listConnections: () => ({ ok: true, value: { connections: [demo], activeId: demo.id } }),
      openDemoDirectory: () => {
        demo = { ...demoView, baseUrl: 'http://127.0.0.1:40123', hasKey: true };
        return { ok: true, value: demo };
      },
    });
    storesWith(bridge).runWithContext(() => useConnectionStore());
    const store = useConnectionStore();
    await store.start();
    // Reopened and listed again, and nothing more: the roster is not kept offline a second time.
    expect(calls.map((call) => call.channel).filter((channel) => channel !== 'getDemoStatus')).toEqual(['getAppInfo', 'listConnections', 'openDemoDirectory', 'listConnections']);
    // Reopened without taking the active slot: a connection the user picks meanwhile stays active.
    expect(calls.find((call) => call.channel === 'openDemoDirectory')?.args).toEqual({ activate: false });
    expect(store.active).toEqual({ ...demoView, baseUrl: 'http://127.0.0.1:40123', hasKey: true });
    expect(store.error).toBeNull();
  });

  it('asks the back end to make the demo active when the user opens it', async () => {
    const mine = { ...demoView, id: 'mine', name: 'Agency', isDemo: false };
    let activeId = 'mine';
    const { bridge, calls } = fakeBridge({
      listConnections: () => ({ ok: true, value: { connections: [mine, demoView], activeId } }),
      openDemoDirectory: (args) => {
        if ((args as { activate?: boolean }).activate) activeId = demoView.id;
        return { ok: true, value: demoView };
      },
    });
    storesWith(bridge).runWithContext(() => useConnectionStore());
    const store = useConnectionStore();
    expect(await store.openDemoDirectory()).toEqual(demoView);
    expect(calls.find((call) => call.channel === 'openDemoDirectory')?.args).toEqual({ activate: true });
    expect(store.active).toEqual(demoView);
  });

  it('keeps a failure as data and a test verdict per connection', async () => {
    const { bridge } = fakeBridge({
      testNewConnection: () => ({ ok: true, value: { reachable: true, keyAccepted: true } }),
      addConnection: () => ({ ok: false, error: { code: 'invalid_input', message: 'Base URLs must be https.' } }),
      testConnection: () => ({ ok: true, value: { reachable: true, keyAccepted: false, error: { code: 'unauthorized', message: '401' } } }),
    });
    storesWith(bridge).runWithContext(() => useConnectionStore());
    const store = useConnectionStore();
    expect(await store.add({ name: 'x', baseUrl: 'http://example.com', contentLocale: 'en', key: 'k' })).toBeNull();
    expect(store.error).toEqual({ code: 'invalid_input', message: 'Base URLs must be https.' });
    await store.test('c-1');
    expect(store.tests['c-1']).toEqual({ result: { reachable: true, keyAccepted: false, error: { code: 'unauthorized', message: '401' } }, running: false });
  });
});
