import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { createPinia, setActivePinia } from 'pinia';
import { createApp } from 'vue';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CastdeskBridge, ConnectionView } from '../../../contract/bridge.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { legacyShortlistDbName, legacyShortlistSchemaVersions, userShortlistDbName } from '../../../renderer/src/db/shortlistDb.ts';
import { useConnectionStore } from '../../../renderer/src/stores/connections.ts';
import { useSearchIndexStore } from '../../../renderer/src/stores/searchIndex.ts';
import { useShortlistsStore } from '../../../renderer/src/stores/shortlists.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { actorItem, fakeDirectory } from './fakeDirectory.ts';

const eventually = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 5000, interval: 20 });
let counter = 0;
const fresh = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`;
let cleanup: (() => Promise<void>) | undefined;

afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
  // The user's database and every per-connection one: each test starts from an empty browser.
  for (const { name } of await indexedDB.databases()) if (name?.startsWith(userShortlistDbName)) await Dexie.delete(name);
});

const actors = [actorItem(1, 'Zoe Zander'), actorItem(2, 'Ada Aalto')];

/** The stores of a started app with two connections to two directories; the bridge keeps the list. */
async function startedWithTwoConnections() {
  const a: ConnectionView = { id: fresh('a'), name: 'Demo directory', baseUrl: 'http://127.0.0.1:40000', contentLocale: 'en', isDemo: true, directoryOrigin: 'http://127.0.0.1:40000', hasKey: true };
  const b: ConnectionView = { id: fresh('b'), name: 'Agentur Nord', baseUrl: 'https://directory.example.com/api', contentLocale: 'de', isDemo: false, directoryOrigin: 'https://directory.example.com', hasKey: true };
  const state = { connections: [a, b], activeId: a.id as string | null };
  const directory = fakeDirectory({ actors });
  Object.assign(directory.bridge, {
    getAppInfo: async () => ({ ok: true, value: { version: '1', shell: 'web', keychain: { available: true }, folders: { data: '/tmp/castdesk', logs: '/tmp/castdesk/logs' } } }),
    listConnections: async () => ({ ok: true, value: { connections: [...state.connections], activeId: state.activeId } }),
    setActiveConnection: async ({ id }: { id: string }) => {
      state.activeId = id;
      return { ok: true, value: {} };
    },
    removeConnection: async ({ id }: { id: string }) => {
      state.connections = state.connections.filter((connection) => connection.id !== id);
      if (state.activeId === id) state.activeId = state.connections[0]?.id ?? null;
      return { ok: true, value: {} };
    },
  });
  const app = createApp({});
  const pinia = createPinia();
  app.use(pinia).provide(castdeskBridgeKey, directory.bridge as CastdeskBridge);
  setActivePinia(pinia);
  const stores = app.runWithContext(() => ({ connections: useConnectionStore(), sync: useSyncStore(), index: useSearchIndexStore(), shortlists: useShortlistsStore() }));
  return { ...stores, a, b, start: stores.connections.start, stop: () => stores.sync.activate(null) };
}

async function writeLegacy(connectionId: string, name: string, actorId: number, note: string): Promise<void> {
  const legacy = new Dexie(legacyShortlistDbName(connectionId));
  legacy.version(1).stores(legacyShortlistSchemaVersions[1]);
  const at = '2026-01-02T10:00:00.000Z';
  const id = (await legacy.table('shortlists').add({ name, castingCallId: null, roleId: null, castingCallName: null, roleName: null, createdAt: at, updatedAt: at })) as number;
  await legacy.table('entries').add({
    shortlistId: id,
    actorId,
    position: 1,
    note,
    rating: 3,
    colours: ['red'],
    tags: ['x'],
    status: 'invited',
    addedAt: at,
    updatedAt: at,
    snapshot: { name: `Actor ${actorId}`, actingAgeFrom: null, actingAgeTo: null, age: null, height: null, gender: null, agencies: [], languages: {}, thumbUrl: null, pictureUrl: null, updatedAt: null },
  });
  legacy.close();
}

describe('shortlists belong to the user', () => {
  it('shows the lists of every connection after the upgrade, and keeps them through switching and removing connections', async () => {
    const app = await startedWithTwoConnections();
    cleanup = app.stop;
    await writeLegacy(app.a.id, 'From the demo', 1, 'demo note');
    await writeLegacy(app.b.id, 'From the agency', 1, 'agency note');
    await app.start();
    const { shortlists, connections, index } = app;
    await eventually(() => expect(shortlists.lists.map((list) => list.name).sort()).toEqual(['From the agency', 'From the demo']));
    const agencyList = shortlists.lists.find((list) => list.name === 'From the agency')!;
    shortlists.open(agencyList.id);
    await eventually(() => expect(shortlists.entries.map((entry) => [entry.directoryOrigin, entry.actorId, entry.note])).toEqual([['https://directory.example.com', 1, 'agency note']]));

    // Both directories sync into the one library: two actors each, apart although their ids meet.
    await eventually(() => expect(index.size('actor')).toBe(4));
    // Actor 1 of the demo joins the agency's list: same id, another directory, so a second entry.
    expect(index.rowOf('actor', 'https://directory.example.com', 1)?.origin).toBe('https://directory.example.com');
    expect(await shortlists.addActors(agencyList.id, [1])).toEqual({ added: 1, already: 0 });
    await eventually(() => expect(shortlists.entries.map((entry) => entry.directoryOrigin)).toEqual(['https://directory.example.com', 'http://127.0.0.1:40000']));
    // An actor of the other directory, named by its directory (as its profile page does), while the demo is active.
    expect(await shortlists.addActors(agencyList.id, [2], 'https://directory.example.com')).toEqual({ added: 1, already: 0 });
    await eventually(() => expect(shortlists.entries.map((entry) => [entry.directoryOrigin, entry.actorId, entry.snapshot.name])).toContainEqual(['https://directory.example.com', 2, 'Ada Aalto']));
    expect(await shortlists.removeEntries(shortlists.entries.filter((entry) => entry.actorId === 2).map((entry) => entry.id!))).toBeTruthy();

    // Switching the active connection keeps every list and entry.
    await connections.setActive(app.b.id);
    await eventually(() => expect(app.sync.connectionId).toBe(app.b.id));
    await eventually(() => expect(shortlists.lists.map((list) => [list.name, list.count]).sort()).toEqual([['From the agency', 2], ['From the demo', 1]]));
    expect(await shortlists.addActors(agencyList.id, [1])).toEqual({ added: 0, already: 1 });

    // Removing a connection keeps the lists; its entries read from their snapshots.
    expect(await connections.remove(app.b.id)).toBe(true);
    await eventually(() => expect(connections.connections.map((connection) => connection.id)).toEqual([app.a.id]));
    await eventually(() => expect(shortlists.lists.map((list) => [list.name, list.count]).sort()).toEqual([['From the agency', 2], ['From the demo', 1]]));
    expect(shortlists.entries[0]).toMatchObject({ note: 'agency note', rating: 3, colours: ['red'], tags: ['x'], status: 'invited' });
    expect(shortlists.available(1, 'https://directory.example.com')).toBe(true);
    expect(shortlists.pictureUrl('https://media.example.com/1.jpg', 'https://directory.example.com')).toBeUndefined();
  });

  it('opens the lists already there when an old list cannot be read, and says so', async () => {
    const app = await startedWithTwoConnections();
    cleanup = app.stop;
    await writeLegacy(app.a.id, 'Readable', 1, 'fine');
    // A per-connection database with a damaged row (a list whose name is no text): its copy fails.
    const damaged = new Dexie(legacyShortlistDbName(app.b.id));
    damaged.version(1).stores(legacyShortlistSchemaVersions[1]);
    await damaged.table('shortlists').add({ name: 42 });
    damaged.close();
    await app.start();
    await eventually(() => expect(app.shortlists.ready).toBe(true));
    await eventually(() => expect(app.shortlists.lists.map((list) => list.name)).toEqual(['Readable']));
    expect(app.shortlists.error?.code).toBe('storage_unavailable');
  });
});
