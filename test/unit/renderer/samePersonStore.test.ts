/**
 * One person across directories in the app (issue 15, item 5): two connections to two directories
 * sync into the one library; the profile of one directory suggests the other's profile with the
 * same name and year of birth, or the same film-database id, never a namesake born another year;
 * linking shows the other profile and its shortlist memory on both; unlinking and rejecting are
 * remembered.
 */
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { createPinia, setActivePinia } from 'pinia';
import { createApp, inject } from 'vue';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import type { ActorListItem } from '../../../contract/directory-api.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { peopleDbName } from '../../../renderer/src/db/peopleDb.ts';
import { openShortlistDb, userShortlistDbName } from '../../../renderer/src/db/shortlistDb.ts';
import { de } from '../../../renderer/src/i18n/de.ts';
import { castdeskComposerKey, createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { useConnectionStore } from '../../../renderer/src/stores/connections.ts';
import { useSamePersonStore } from '../../../renderer/src/stores/samePerson.ts';
import { useShortlistsStore } from '../../../renderer/src/stores/shortlists.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { demoView } from './fakeBridge.ts';
import { actorItem, fakeDirectory } from './fakeDirectory.ts';

const eventually = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 20 });

const north = 'http://127.0.0.1:40000';
const south = 'http://127.0.0.2:40000';

function actor(id: number, name: string, extra: { year_of_birth?: number; filmdb_id?: string }): ActorListItem {
  return { ...actorItem(id, name), ...extra } as ActorListItem;
}

const actors = [
  actor(1, 'Anna Müller', { year_of_birth: 1990 }),
  actor(2, 'Ben Berg', { year_of_birth: 1970, filmdb_id: 'nm0042' }),
  actor(7, 'Anna Müller', { year_of_birth: 1990 }),
  actor(8, 'Benjamin Berg-Stein', { filmdb_id: ' NM0042' }),
  actor(9, 'Anna Müller', { year_of_birth: 1985 }),
];

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
  for (const { name } of await indexedDB.databases()) {
    if (name === peopleDbName || name === userShortlistDbName || name?.startsWith('castdesk-library')) await Dexie.delete(name);
  }
});

/** A started app with two connections to two directories: north lists actors 1 and 2, south 7, 8 and 9. */
async function twoDirectories() {
  const stamp = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const [n, s] = [`north-${stamp}`, `south-${stamp}`];
  const directory = fakeDirectory({ actors, actorIdsByConnection: { [n]: [1, 2], [s]: [7, 8, 9] } });
  const bridge = directory.bridge as CastdeskBridge & Record<string, unknown>;
  const connections = [
    { ...demoView, id: n, name: 'North', baseUrl: north, directoryOrigin: new URL(north).origin, isDemo: false },
    { ...demoView, id: s, name: 'South', baseUrl: south, directoryOrigin: new URL(south).origin, isDemo: false },
  ];
  Object.assign(bridge, {
    getAppInfo: async () => ({ ok: true, value: { version: '1', shell: 'web', keychain: { available: true }, folders: { data: '/tmp/castdesk', logs: '/tmp/castdesk/logs' } } }),
    listConnections: async () => ({ ok: true, value: { connections, activeId: n } }),
  });
  const app = createApp({});
  const pinia = createPinia();
  app.use(pinia).use(createCastdeskI18n('de')).provide(castdeskBridgeKey, bridge);
  setActivePinia(pinia);
  const stores = app.runWithContext(() => ({
    connections: useConnectionStore(),
    sync: useSyncStore(),
    samePerson: useSamePersonStore(),
    shortlists: useShortlistsStore(),
    // The German texts, as a component of this app gets them.
    texts: inject(castdeskComposerKey)!,
  }));
  await stores.connections.start();
  cleanup = () => stores.sync.activate(null);
  await eventually(() => expect(stores.sync.progress.state).toBe('done'));
  // Years of birth and film-database ids come with the details: every profile kept in full.
  await stores.sync.keepOffline({ kind: 'roster' });
  await eventually(() => expect(directory.calls.filter((call) => call.channel === 'getActor')).toHaveLength(5));
  await eventually(() => expect(stores.sync.running).toBe(false));
  return stores;
}

const keysOf = (profiles: readonly { origin: string; id: number }[]) => profiles.map((profile) => `${profile.id}@${profile.origin}`);

describe('one person across directories', { timeout: 60_000 }, () => {
  it('suggests the same name and year of birth, and the same film-database id, from the other directory only', async () => {
    const { samePerson } = await twoDirectories();
    samePerson.show('actor', 1, north);
    await eventually(() => expect(samePerson.suggestions.map((s) => [s.profile.id, s.profile.origin, s.reason])).toEqual([[7, south, 'nameAndBirthYear']]));
    samePerson.show('actor', 2, north);
    await eventually(() => expect(samePerson.suggestions.map((s) => [s.profile.id, s.profile.name, s.reason])).toEqual([[8, 'Benjamin Berg-Stein', 'filmdb']]));
    // The namesake born in 1985 suggests nobody: the other two were born in 1990.
    samePerson.show('actor', 9, south);
    await eventually(() => expect(samePerson.linked).toEqual([]));
    expect(samePerson.suggestions).toEqual([]);
  });

  it("names another directory by its connection, also after the connection's address moved", async () => {
    const { samePerson, connections, texts } = await twoDirectories();
    const { t } = texts;
    samePerson.show('actor', 1, north);
    await eventually(() => expect(samePerson.suggestions).toHaveLength(1));
    expect(samePerson.directoryOf(samePerson.suggestions[0]!.profile.origin, t)).toBe('South');
    // The south directory came back on another port: the same directory, the same name.
    connections.connections = connections.connections.map((connection) => (connection.name === 'South' ? { ...connection, baseUrl: 'http://127.0.0.2:41234' } : connection));
    expect(samePerson.directoryOf(south, t)).toBe('South');
    // A directory no connection names any more shows its host.
    expect(samePerson.directoryOf('http://127.0.0.9:33819', t)).toBe('127.0.0.9:33819');
    // The embedded demo is named as the Connections page names it: in the UI language (issue 22, items 16 and 18).
    connections.connections = connections.connections.map((connection) => (connection.name === 'South' ? { ...connection, name: 'Demo directory', isDemo: true } : connection));
    expect(samePerson.directoryOf(south, t)).toBe(de.connections.demoName);
  });

  it('a link shows each profile on the other, with its shortlist memory; unlinking and rejecting are remembered', async () => {
    const { samePerson, shortlists } = await twoDirectories();
    samePerson.show('actor', 1, north);
    await eventually(() => expect(samePerson.suggestions).toHaveLength(1));
    expect(await samePerson.link(samePerson.suggestions[0]!.profile)).toBe(true);
    await eventually(() => expect(keysOf(samePerson.linked)).toEqual([`7@${south}`]));
    expect(samePerson.suggestions).toEqual([]);
    // Its name follows once the library has been read for the new link.
    await eventually(() => expect((samePerson.linked[0] as { name?: string }).name).toBe('Anna Müller'));

    // From the other side, the same person.
    samePerson.show('actor', 7, south);
    await eventually(() => expect(keysOf(samePerson.linked)).toEqual([`1@${north}`]));
    expect(keysOf(samePerson.personOf({ kind: 'actor', id: 7, origin: south })).sort()).toEqual([`1@${north}`, `7@${south}`].sort());

    // What a list says of the south profile shows on the north one.
    const userLists = await openShortlistDb();
    const listId = await userLists.shortlists.add({ name: 'Tatort', castingCallId: null, roleId: null, castingCallName: null, roleName: null, createdAt: '2026-11-26T09:00:00Z', updatedAt: '2026-11-26T09:00:00Z' });
    await userLists.entries.add({
      shortlistId: listId, directoryOrigin: south, actorId: 7, position: 1, note: 'Strong callback', rating: 4, colours: [], tags: [], status: 'callback',
      addedAt: '2026-11-26T09:00:00Z', updatedAt: '2026-11-26T09:00:00Z',
      snapshot: { name: 'Anna Müller', actingAgeFrom: null, actingAgeTo: null, age: null, height: null, gender: null, agencies: [], languages: {}, thumbUrl: null, pictureUrl: null, updatedAt: null },
    });
    userLists.close();
    shortlists.showMemoryOf(1, north, samePerson.personOf({ kind: 'actor', id: 1, origin: north }).filter((ref) => ref.origin !== north));
    await eventually(() => expect(shortlists.memory.map((item) => item.entry.note)).toEqual(['Strong callback']));
    shortlists.showMemoryOf(1, north, []);
    await eventually(() => expect(shortlists.memory).toEqual([]));

    // Unlinked: apart again, and not suggested any more.
    samePerson.show('actor', 1, north);
    await eventually(() => expect(samePerson.linked).toHaveLength(1));
    expect(await samePerson.unlink(samePerson.linked[0]!)).toBe(true);
    await eventually(() => expect(samePerson.linked).toEqual([]));
    expect(samePerson.suggestions).toEqual([]);

    // Rejected: the film-database match is not suggested again.
    samePerson.show('actor', 2, north);
    await eventually(() => expect(samePerson.suggestions).toHaveLength(1));
    expect(await samePerson.dismiss(samePerson.suggestions[0]!.profile)).toBe(true);
    await eventually(() => expect(samePerson.suggestions).toEqual([]));
  });

  it('unlinking a profile linked through another takes it out of the person', async () => {
    const { samePerson } = await twoDirectories();
    // 1 (north) = 7 (south) and 7 = 9 (south, born 1985, linked by hand).
    samePerson.show('actor', 1, north);
    await eventually(() => expect(samePerson.suggestions).toHaveLength(1));
    await samePerson.link({ kind: 'actor', id: 7, origin: south });
    samePerson.show('actor', 7, south);
    await samePerson.link({ kind: 'actor', id: 9, origin: south });
    samePerson.show('actor', 1, north);
    await eventually(() => expect(keysOf(samePerson.linked).sort()).toEqual([`7@${south}`, `9@${south}`].sort()));
    await samePerson.unlink({ kind: 'actor', id: 9, origin: south });
    await eventually(() => expect(keysOf(samePerson.linked)).toEqual([`7@${south}`]));
    expect(keysOf(samePerson.personOf({ kind: 'actor', id: 9, origin: south }))).toEqual([`9@${south}`]);
  });
});
