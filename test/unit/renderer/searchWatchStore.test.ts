/**
 * The searchWatch store on the app's stores (happy-dom, fake-indexeddb; the sync engine runs for
 * real against a directory double): a saved search starts its memory when saved, runs again after
 * every completed sync once the search index has read the sync's writes, and flags what is new;
 * the casting calls start from the first completed sync.
 */
import 'fake-indexeddb/auto';
import { createPinia, setActivePinia } from 'pinia';
import { createApp } from 'vue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import type { ActorListItem, CastingCallListItem } from '../../../contract/directory-api.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { watchDb } from '../../../renderer/src/db/watchDb.ts';
import { useActorSearchStore } from '../../../renderer/src/stores/actorSearch.ts';
import { useConnectionStore } from '../../../renderer/src/stores/connections.ts';
import { useSearchWatchStore } from '../../../renderer/src/stores/searchWatch.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { demoView } from './fakeBridge.ts';
import { actorItem, fakeDirectory } from './fakeDirectory.ts';

const eventually = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 5000, interval: 20 });
const jonas = { kind: 'actor' as const, query: 'q=jonas' };
let stop: (() => Promise<void>) | undefined;

beforeEach(async () => {
  await Promise.all(watchDb().tables.map((table) => table.clear()));
});
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

function call(id: number, name: string): CastingCallListItem {
  return { id, name, casting_type: 'breakdown', production_format: 'feature_film', deadline: '2030-01-05T12:00:00.000+01:00', deadline_visible: true };
}

/** The app's stores on a directory double serving `actors` and `calls` (arrays it keeps reading). */
async function start(actors: ActorListItem[], calls: CastingCallListItem[]) {
  const connectionId = `watch-store-${Date.now().toString(36)}`;
  const directory = fakeDirectory({ actors, castingCalls: calls });
  Object.assign(directory.bridge, {
    getAppInfo: async () => ({ ok: true, value: { version: '1', shell: 'web', keychain: { available: true }, folders: { data: '/tmp/castdesk', logs: '/tmp/castdesk/logs' } } }),
    listConnections: async () => ({ ok: true, value: { connections: [{ ...demoView, id: connectionId }], activeId: connectionId } }),
    getCastingCall: async (args: { id: number }) => ({ ok: true, value: { ...calls.find((item) => item.id === args.id)!, roles: [] } }),
  });
  const app = createApp({});
  const pinia = createPinia();
  app.use(pinia).provide(castdeskBridgeKey, directory.bridge as CastdeskBridge);
  setActivePinia(pinia);
  const stores = app.runWithContext(() => ({
    connections: useConnectionStore(),
    sync: useSyncStore(),
    actorSearch: useActorSearchStore(),
    watch: useSearchWatchStore(),
  }));
  stop = () => stores.sync.activate(null);
  await stores.connections.start();
  await eventually(() => expect(stores.sync.progress.state).toBe('done'));
  return stores;
}

describe('the searchWatch store', () => {
  it('starts a saved search from its matches and flags a matching actor after the next sync, once', async () => {
    const actors = [actorItem(1, 'Jonas Becker'), actorItem(4, 'Anna Müller')];
    const stores = await start(actors, []);
    stores.actorSearch.applyRoute({ q: 'jonas' });
    await stores.actorSearch.saveSearch('Jonas');
    await eventually(async () => expect((await watchDb().searchWatches.toArray()).map((row) => [row.query, row.knownIds, row.freshIds])).toEqual([['q=jonas', [1], []]]));
    expect(stores.watch.newCount(jonas)).toBe(0);

    actors.push(actorItem(2, 'Jonas Neumann'), actorItem(5, 'Kim Weber'));
    await stores.sync.start();
    await eventually(() => expect(stores.watch.newProfiles(jonas).map((row) => row.name)).toEqual(['Jonas Neumann']));
    expect(stores.watch.newCount(jonas)).toBe(1);

    await stores.sync.start();
    await stores.watch.run(false);
    expect(stores.watch.newCount(jonas)).toBe(1);
    expect((await watchDb().searchWatches.toArray())[0]!.freshIds).toEqual([2]);

    await stores.watch.markSeen(jonas, null);
    await eventually(() => expect(stores.watch.newCount(jonas)).toBe(0));
  });

  it('records the calls of the first sync and flags a call added since', async () => {
    const calls = [call(1, 'First Call')];
    const stores = await start([], calls);
    await eventually(async () => expect(await watchDb().callBaselines.count()).toBe(1));
    expect(stores.watch.newCallCount).toBe(0);
    expect(stores.watch.callNews(1)).toBeNull();

    calls.push(call(2, 'Second Call'));
    await stores.sync.start();
    await eventually(() => expect(stores.watch.callNews(2)).toMatchObject({ news: 'new' }));
    expect(stores.watch.newCallCount).toBe(1);
    await stores.watch.markCallsSeen(2);
    await eventually(() => expect(stores.watch.newCallCount).toBe(0));
  });
});
