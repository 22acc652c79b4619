import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { createPinia, setActivePinia } from 'pinia';
import { createApp } from 'vue';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { currentLibrary } from '../../../renderer/src/db/sharedLibrary.ts';
import { useActorSearchStore } from '../../../renderer/src/stores/actorSearch.ts';
import { useCrewSearchStore } from '../../../renderer/src/stores/crewSearch.ts';
import { useActorsStore } from '../../../renderer/src/stores/actors.ts';
import { useCastingCallsStore } from '../../../renderer/src/stores/castingCalls.ts';
import { useConnectionStore } from '../../../renderer/src/stores/connections.ts';
import { useCrewStore } from '../../../renderer/src/stores/crew.ts';
import { useSearchIndexStore } from '../../../renderer/src/stores/searchIndex.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { realisticNames } from '../../support/searchCorpus.ts';
import { actorItem, fakeDirectory, type FakeDirectoryOptions } from './fakeDirectory.ts';
import { demoView } from './fakeBridge.ts';


/** Waits for the library and the sync to get there; generous, as two test files share two cores. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 30_000, interval: 20 });
let connectionCounter = 0;
/** A fresh connection id per test: each gets a library database of its own. */
function freshConnectionId(): string {
  connectionCounter += 1;
  return `c-${Date.now().toString(36)}-${connectionCounter}`;
}

const appInfo = { ok: true, value: { version: '1', shell: 'web', keychain: { available: true }, folders: { data: '/tmp/castdesk', logs: '/tmp/castdesk/logs' } } };

/** The stores on an app that provides `bridge`, with the given connection active. */
async function activeLibrary(options: FakeDirectoryOptions, connectionId = freshConnectionId()) {
  const directory = fakeDirectory(options);
  const bridge = directory.bridge as CastdeskBridge & Record<string, unknown>;
  const connection = { ...demoView, id: connectionId };
  Object.assign(bridge, {
    getAppInfo: async () => appInfo,
    listConnections: async () => ({ ok: true, value: { connections: [connection], activeId: connectionId } }),
  });
  const app = createApp({});
  const pinia = createPinia();
  app.use(pinia).provide(castdeskBridgeKey, bridge);
  setActivePinia(pinia);
  const stores = app.runWithContext(() => ({
    connections: useConnectionStore(),
    sync: useSyncStore(),
    actors: useActorsStore(),
    actorSearch: useActorSearchStore(),
    crewSearch: useCrewSearchStore(),
    crew: useCrewStore(),
    castingCalls: useCastingCallsStore(),
  }));
  await stores.connections.start();
  return { ...stores, directory, connectionId };
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function synced(options: FakeDirectoryOptions, connectionId?: string) {
  const library = await activeLibrary(options, connectionId);
  cleanup = () => library.sync.activate(null);
  await eventually(() => expect(library.sync.progress.state).toBe('done'));
  return library;
}

const threeActors = [actorItem(1, 'Zoe Zander'), actorItem(2, 'Ada Aalto', false), actorItem(3, 'Björn Berg')];

describe('the sync store and the cache-reading stores', () => {
  it('opens the library of the active connection, syncs it, and lists actors from the cache by name', async () => {
    const { sync, actorSearch, connectionId } = await synced({ actors: threeActors });
    expect(sync.connectionId).toBe(connectionId);
    expect(sync.libraryOpen).toBe(true);
    const names = () => [...actorSearch.result.ids].map((id) => actorSearch.row(id)?.name);
    await eventually(() => expect(names()).toEqual(['Ada Aalto', 'Björn Berg', 'Zoe Zander']));
    expect(actorSearch.total).toBe(3);
    expect(actorSearch.loaded).toBe(true);
    // Pictures only through the media cache.
    expect(actorSearch.pictureUrl(actorSearch.row(1)!.thumbUrl)).toBe(`/media-cache?c=${connectionId}&u=${encodeURIComponent('http://127.0.0.1:40000/media/1/tile.png')}`);
    expect(actorSearch.pictureUrl(actorSearch.row(2)!.thumbUrl)).toBeUndefined();

    actorSearch.setText('bjoern');
    await eventually(() => expect(names()).toEqual(['Björn Berg']));
    actorSearch.setText('nobody');
    await eventually(() => expect(actorSearch.result.ids).toHaveLength(0));
    expect(actorSearch.total).toBe(3);
  });

  it('fetches an opened actor interactively, caches it, and reads it back offline', async () => {
    const connectionId = freshConnectionId();
    const first = await synced({ actors: threeActors }, connectionId);
    first.actors.open(1);
    await eventually(() => expect(first.actors.cacheState).toBe('offline'));
    expect(first.actors.openRow?.detail?.acting_age_from).toBe(25);
    expect(first.directory.calls.find((call) => call.channel === 'getActor')?.args).toMatchObject({ id: 1, priority: 'interactive' });
    await first.sync.activate(null);

    // A new start with the directory gone: the list and the detail come from the cache.
    const again = await activeLibrary({ actors: threeActors, failWith: { code: 'network', message: 'ECONNREFUSED' } }, connectionId);
    cleanup = () => again.sync.activate(null);
    await eventually(() => expect(again.sync.offline).toBe(true));
    // The reachability check may say so before the sync's first list does.
    await eventually(() => expect(again.sync.progress.state).toBe('offline'));
    await eventually(() => expect(again.actorSearch.total).toBe(3));
    again.actors.open(1);
    await eventually(() => expect(again.actors.openRow?.detail?.languages).toEqual({ deu: 'native', eng: 'fluent' }));
    expect(again.actors.cacheState).toBe('offline');
    // Not cached and not reachable: said as such, not thrown.
    again.actors.open(2);
    await eventually(() => expect(again.actors.openLoaded).toBe(true));
    expect(again.actors.cacheState).toBe('listOnly');
  });

  it('keeps a refused key as the sync error, in data', async () => {
    const { sync, actorSearch } = await activeLibrary({ actors: threeActors, failWith: { code: 'unauthorized', message: 'HTTP 401' } });
    cleanup = () => sync.activate(null);
    await eventually(() => expect(sync.progress.state).toBe('error'));
    expect(sync.shownError).toEqual({ code: 'unauthorized', message: 'HTTP 401' });
    expect(sync.offline).toBe(false);
    await eventually(() => expect(actorSearch.loaded).toBe(true));
    expect(actorSearch.total).toBe(0);
  });

  it('reports syncing while the first list is read, and an empty directory as empty', async () => {
    const hanging = await activeLibrary({ actors: threeActors, hang: true });
    await eventually(() => expect(hanging.sync.progress.state).toBe('syncing'));
    expect(hanging.sync.running).toBe(true);
    expect(hanging.sync.progress.phase).toBe('lists');
    hanging.sync.pause();
    expect(hanging.sync.progress.state).toBe('paused');
    hanging.sync.resume();
    expect(hanging.sync.progress.state).toBe('syncing');
    await hanging.sync.activate(null);

    const empty = await synced({});
    await eventually(() => expect(empty.actorSearch.loaded).toBe(true));
    expect(empty.actorSearch.total).toBe(0);
    expect(empty.sync.shownError).toBeNull();
  });

  it('clears the cache of the active connection back to empty and forgets the completed sync', async () => {
    const { sync, actorSearch, directory, connectionId } = await synced({ actors: threeActors });
    await eventually(() => expect(actorSearch.total).toBe(3));
    await sync.refreshCacheStats();
    expect(sync.cacheStats).toMatchObject({ actors: 3, crew: 0, castingCalls: 0, media: { count: 3, bytes: 3 * 1024 * 1024 } });

    expect(await sync.clearCache(connectionId)).toBe(true);
    expect(directory.calls.filter((call) => call.channel === 'setSyncMemory').at(-1)?.args).toEqual({ connectionId, completedFullSyncAt: null });
    expect(sync.libraryOpen).toBe(true);
    expect(sync.progress.state).toBe('idle');
    await eventually(() => expect(actorSearch.total).toBe(0));
    expect(sync.cacheStats).toMatchObject({ actors: 0, crew: 0, castingCalls: 0 });
    // Nothing syncs again until asked.
    expect(sync.running).toBe(false);
  });

  it('switches the active connection within the one library', async () => {
    const { connections, sync, actorSearch, directory, connectionId } = await synced({ actors: threeActors });
    await eventually(() => expect(actorSearch.total).toBe(3));
    const other = freshConnectionId();
    Object.assign(directory.bridge, {
      listConnections: async () => ({ ok: true, value: { connections: [{ ...demoView, id: connectionId }, { ...demoView, id: other }], activeId: other } }),
      setActiveConnection: async () => ({ ok: true, value: {} }),
    });
    await connections.setActive(other);
    expect(sync.connectionId).toBe(other);
    expect([...sync.syncedIds].sort()).toEqual([connectionId, other].sort());
    await eventually(() => expect(sync.progress.state).toBe('done'));
    // The same three actors, seen through both keys: still three.
    expect(actorSearch.total).toBe(3);
    expect(await Dexie.exists('castdesk-library')).toBe(true);
  });

  it('takes out the share of a removed connection when it was the last', async () => {
    const { connections, sync, actorSearch, directory, connectionId } = await synced({ actors: threeActors });
    await eventually(() => expect(actorSearch.total).toBe(3));
    Object.assign(directory.bridge, {
      removeConnection: async () => ({ ok: true, value: {} }),
      listConnections: async () => ({ ok: true, value: { connections: [], activeId: null } }),
    });
    expect(await connections.remove(connectionId)).toBe(true);
    expect(sync.connectionId).toBeNull();
    expect(sync.libraryOpen).toBe(false);
  });

  it('lists crew and casting calls from the cache too', async () => {
    const { crewSearch, castingCalls } = await synced({
      crew: [{ id: 5, name: 'Kim Kamera', updated_at: '2026-01-10T10:00:00.000Z', professions: ['kamera'] }],
      castingCalls: [
        { id: 8, name: 'Later call', deadline: '2026-05-01T00:00:00.000Z' },
        { id: 9, name: 'Sooner call', deadline: '2026-03-01T00:00:00.000Z' },
      ],
    });
    await eventually(() => expect([...crewSearch.result.ids].map((id) => crewSearch.row(id)?.name)).toEqual(['Kim Kamera']));
    castingCalls.currentOnly = false;
    await eventually(() => expect(castingCalls.items.map((row) => row.item.name)).toEqual(['Sooner call', 'Later call']));
    castingCalls.open(8);
    await eventually(() => expect(castingCalls.openRow?.item.name).toBe('Later call'));
  });

  it('keeps the roster and a search offline: their details are fetched with keep_offline priority, and the choice can be taken back', async () => {
    const { sync, directory } = await synced({ actors: threeActors });
    await sync.keepOffline({ kind: 'search', resource: 'actors', params: { q: 'berg' } });
    await sync.keepOffline({ kind: 'roster' });
    expect(sync.keptOffline.map((scope) => scope.kind).sort()).toEqual(['roster', 'search']);
    await eventually(() => {
      const kept = directory.calls.filter((call) => call.channel === 'getActor' && (call.args as { priority?: string }).priority === 'keep_offline');
      expect(new Set(kept.map((call) => (call.args as { id: number }).id))).toEqual(new Set([1, 2, 3]));
    });
    await sync.dropKeepOffline({ kind: 'roster' });
    expect(sync.keptOffline).toEqual([{ kind: 'search', resource: 'actors', params: { q: 'berg' } }]);
  });

  it('reads what is kept offline while the library closes under it: the failure is shown, nothing thrown', async () => {
    const { sync } = await synced({ actors: threeActors });
    await sync.keepOffline({ kind: 'roster' });
    // A library change or a casting call starts the read without waiting for it.
    currentLibrary()!.close();
    await expect(sync.refreshKeptOffline()).resolves.toBeUndefined();
    expect(sync.error).not.toBeNull();
    expect(sync.keptOffline).toEqual([{ kind: 'roster' }]);
  });

  it('lists a name as its count and first screen, and orders the rest only when the list reaches it', async () => {
    // Realistic names and a few with the letters as a whole word, more than one screen of them.
    const names = [...realisticNames(1_500, 5).map((person) => `${person.first} ${person.last}`), 'A Berg', 'Anna A', 'An Li'];
    const { actorSearch } = await synced({ actors: names.map((name, i) => actorItem(i + 1, name)) });
    await eventually(() => expect(actorSearch.total).toBe(names.length));
    const searches = vi.spyOn(useSearchIndexStore(), 'search');
    for (const [text, firstName] of [['A', 'A Berg'], ['An', 'An Li'], ['an a', 'An Li'], ['e', undefined]] as const) {
      actorSearch.setText(text);
      const searchesBefore = searches.mock.calls.length;
      const listed = actorSearch.listed;
      const firstScreen = Array.from({ length: 150 }, (_, i) => listed.idAt(i));
      expect(searches.mock.calls.length).toBe(searchesBefore);
      // The whole search, asked now, agrees with the count and the first screen, and the list reads on.
      const whole = [...actorSearch.result.ids];
      expect(listed.count).toBe(whole.length);
      expect(whole.length).toBeGreaterThan(200);
      expect(firstScreen).toEqual(whole.slice(0, 150));
      expect(Array.from({ length: whole.length }, (_, i) => listed.idAt(i))).toEqual(whole);
      if (firstName) expect(actorSearch.row(whole[0]!)?.name).toBe(firstName);
    }
  }, 180_000); // A 1,500-actor sync and every search in full: a safety net for a loaded machine, not a budget.
});

describe('one library for every connection', () => {
  /** Two keys of the demo directory: `a` sees actors 1 and 2, `b` sees 2 and 3; both are listed. */
  async function twoConnections() {
    const a = freshConnectionId();
    const b = freshConnectionId();
    const actorIdsByConnection: Record<string, number[]> = { [a]: [1, 2], [b]: [2, 3] };
    const library = await activeLibrary({ actors: threeActors, actorIdsByConnection }, a);
    cleanup = () => library.sync.activate(null);
    const both = { ok: true, value: { connections: [{ ...demoView, id: a, name: 'Agency A' }, { ...demoView, id: b, name: 'Agency B' }], activeId: a } };
    let listed: unknown = both;
    Object.assign(library.directory.bridge, {
      listConnections: async () => listed,
      removeConnection: async () => {
        listed = { ok: true, value: { connections: [{ ...demoView, id: a, name: 'Agency A' }], activeId: a } };
        return { ok: true, value: {} };
      },
    });
    await library.connections.refresh();
    return { ...library, a, b, actorIdsByConnection, relist: () => (listed = both) };
  }

  const connectionsOf = (search: ReturnType<typeof useActorSearchStore>, id: number) =>
    [...search.result.ids].map((uid) => search.row(uid)!).find((row) => row.id === id)?.connections.slice().sort();

  it('syncs every connection into one search; the shared actor is one row knowing both connections', async () => {
    const { sync, actorSearch, a, b } = await twoConnections();
    expect([...sync.syncedIds].sort()).toEqual([a, b].sort());
    await eventually(() => expect(connectionsOf(actorSearch, 2)).toEqual([a, b].sort()));
    expect(actorSearch.total).toBe(3);
    expect(connectionsOf(actorSearch, 1)).toEqual([a]);
    expect(connectionsOf(actorSearch, 3)).toEqual([b]);
    // The connection facet counts what each key sees, and filters by it.
    await eventually(() => expect([...actorSearch.counts.connection].sort()).toEqual([[a, 2], [b, 2]].sort()));
    actorSearch.toggleFacetValue('connection', b);
    await eventually(() => expect([...actorSearch.result.ids].map((uid) => actorSearch.row(uid)!.id).sort()).toEqual([2, 3]));
  });

  it('a full run of one connection takes away only what it no longer lists; a profile leaves when no connection sees it', async () => {
    const { sync, actorSearch, a, b, actorIdsByConnection } = await twoConnections();
    await eventually(() => expect(connectionsOf(actorSearch, 2)).toEqual([a, b].sort()));
    await eventually(() => expect(sync.running).toBe(false));
    // Key a no longer sees actor 2 (b still does) nor actor 1 (nobody else does).
    actorIdsByConnection[a] = [];
    await sync.start(true);
    await eventually(() => expect(actorSearch.total).toBe(2));
    expect(connectionsOf(actorSearch, 2)).toEqual([b]);
    expect(connectionsOf(actorSearch, 1)).toBeUndefined();
  });

  it('removing a connection asks what goes, keeps what another sees, and re-adding it restores its profiles', async () => {
    const { connections, sync, actorSearch, a, b, relist } = await twoConnections();
    await eventually(() => expect(actorSearch.total).toBe(3));
    await eventually(() => expect(connectionsOf(actorSearch, 2)).toEqual([a, b].sort()));
    // What the question before removing names: actor 3 goes, actor 2 stays.
    expect(await sync.shareOf(b)).toEqual({ actors: 1, crew: 0, castingCalls: 0, shared: 1 });
    expect(await connections.remove(b)).toBe(true);
    expect(sync.syncedIds).toEqual([a]);
    await eventually(() => expect(actorSearch.total).toBe(2));
    expect(connectionsOf(actorSearch, 2)).toEqual([a]);
    expect(connectionsOf(actorSearch, 3)).toBeUndefined();
    // Added again, its sync brings its profiles back.
    relist();
    await connections.refresh();
    await eventually(() => expect(actorSearch.total).toBe(3));
    await eventually(() => expect(connectionsOf(actorSearch, 2)).toEqual([a, b].sort()));
  });
});
