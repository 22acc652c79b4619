import 'fake-indexeddb/auto';
import { createPinia, setActivePinia } from 'pinia';
import { createApp } from 'vue';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CastdeskBridge, ConnectionView } from '../../../contract/bridge.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { useConnectionStore } from '../../../renderer/src/stores/connections.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { demoView } from './fakeBridge.ts';
import { actorItem, fakeDirectory } from './fakeDirectory.ts';

const eventually = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 5000, interval: 20 });
let counter = 0;
let cleanup: (() => Promise<void>) | undefined;

afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** A started app on a fake directory whose bridge answers `extra` too. */
function app(extra: Record<string, unknown>) {
  const directory = fakeDirectory({ actors: [actorItem(1, 'Zoe Zander')] });
  Object.assign(directory.bridge, { getAppInfo: async () => ({ ok: true, value: { version: '1', shell: 'web', keychain: { available: true }, folders: { data: '/tmp/castdesk', logs: '/tmp/castdesk/logs' } } }), ...extra });
  const vueApp = createApp({});
  const pinia = createPinia();
  vueApp.use(pinia).provide(castdeskBridgeKey, directory.bridge as CastdeskBridge);
  setActivePinia(pinia);
  const stores = vueApp.runWithContext(() => ({ connections: useConnectionStore(), sync: useSyncStore() }));
  cleanup = () => stores.sync.activate(null);
  return stores;
}

describe('the first start', () => {
  it('keeps the demo roster offline even when the first start was cut short, and only once', async () => {
    const demo: ConnectionView = { ...demoView, id: `demo-${Date.now().toString(36)}-${(counter += 1)}` };
    const state = { connections: [] as ConnectionView[] };
    const list = async () => ({ ok: true, value: { connections: state.connections, activeId: state.connections[0]?.id ?? null } });
    // The first start: the back end makes the demo connection, but the window goes away before
    // the answer arrives (the opening never settles here).
    const first = app({
      listConnections: list,
      openDemoDirectory: () => {
        state.connections = [demo];
        return new Promise<never>(() => {});
      },
    });
    void first.connections.start();
    await eventually(() => expect(state.connections).toEqual([demo]));

    // The reload finds the connection, and finishes what the first start began.
    const second = app({ listConnections: list });
    await second.connections.start();
    await eventually(() => expect(second.sync.keptOffline).toEqual([{ kind: 'roster' }]));

    // The user drops it; the next start does not overrule them.
    await second.sync.dropKeepOffline({ kind: 'roster' });
    expect(second.sync.keptOffline).toEqual([]);
    await second.sync.activate(null);
    const third = app({ listConnections: list });
    await third.connections.start();
    await eventually(() => expect(third.sync.libraryOpen).toBe(true));
    await third.sync.refreshKeptOffline();
    expect(third.sync.keptOffline).toEqual([]);
  });

  it('shows how far the demo directory has got while it starts', async () => {
    const demo: ConnectionView = { ...demoView, id: `demo-${Date.now().toString(36)}-${(counter += 1)}` };
    let connections: ConnectionView[] = [];
    let release: () => void = () => undefined;
    let status = { phase: 'starting' };
    const started = app({
      listConnections: async () => ({ ok: true, value: { connections, activeId: connections[0]?.id ?? null } }),
      getDemoStatus: async () => ({ ok: true, value: status }),
      openDemoDirectory: async () => {
        await new Promise<void>((resolve) => (release = resolve));
        connections = [demo];
        return { ok: true, value: demo };
      },
    });
    const starting = started.connections.start();
    await eventually(() => expect(started.connections.demoStatus).toEqual({ phase: 'starting' }));
    status = { phase: 'generating', actors: 1942, crew: 300, castingCalls: 60 } as typeof status;
    await eventually(() => expect(started.connections.demoStatus).toEqual({ phase: 'generating', actors: 1942, crew: 300, castingCalls: 60 }));
    release();
    await starting;
    expect(started.connections.demoStatus).toBeNull();
    expect(started.connections.active?.id).toBe(demo.id);
    await eventually(() => expect(started.sync.keptOffline).toEqual([{ kind: 'roster' }]));
  });
});
