/**
 * "Look it up" on a "Not in your library" entry: the member's own connection to the entry's
 * directory fetches the actor (interactive priority, through the bridge), the library keeps it and
 * the entry's snapshot shows it; an entry of a directory no connection of the member reaches says
 * so (`no_directory_connection`) and no connection is asked for it. The sync engine runs for real
 * against the directory bridge double, on real Dexie (fake-indexeddb).
 */
import 'fake-indexeddb/auto';
import { flushPromises, mount } from '@vue/test-utils';
import { Dexie } from 'dexie';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, expect, it, vi } from 'vitest';
import { createApp } from 'vue';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import LookUpActor from '../../../renderer/src/components/shortlists/LookUpActor.vue';
import { ShortlistDb, userShortlistDbName } from '../../../renderer/src/db/shortlistDb.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { useActorLookUpStore } from '../../../renderer/src/stores/actorLookUp.ts';
import { useCompareStore } from '../../../renderer/src/stores/compare.ts';
import { useConnectionStore } from '../../../renderer/src/stores/connections.ts';
import { useShortlistsStore } from '../../../renderer/src/stores/shortlists.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { notInLibrarySnapshot } from '../../../renderer/src/sync/officeListDoc.ts';
import { demoView } from './fakeBridge.ts';
import { actorItem, fakeDirectory } from './fakeDirectory.ts';

const eventually = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 20 });
let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
  await Dexie.delete(userShortlistDbName);
});

it('looks an actor up through the member\'s own connection to that directory only, and says when none reaches it', async () => {
  const connectionId = `lookup-${Date.now().toString(36)}`;
  const actors = [actorItem(1, 'Zoe Zander')];
  const directory = fakeDirectory({ actors });
  Object.assign(directory.bridge, {
    getAppInfo: async () => ({ ok: true, value: { version: '1', shell: 'web', keychain: { available: true }, folders: { data: '/tmp/castdesk', logs: '/tmp/castdesk/logs' } } }),
    listConnections: async () => ({ ok: true, value: { connections: [{ ...demoView, id: connectionId }], activeId: connectionId } }),
  });
  const app = createApp({});
  const pinia = createPinia();
  const i18n = createCastdeskI18n('en');
  app.use(pinia).use(i18n).provide(castdeskBridgeKey, directory.bridge as CastdeskBridge);
  setActivePinia(pinia);
  const stores = app.runWithContext(() => ({ connections: useConnectionStore(), sync: useSyncStore(), shortlists: useShortlistsStore(), lookUps: useActorLookUpStore(), compare: useCompareStore() }));
  await stores.connections.start();
  cleanup = async () => stores.sync.activate(null);
  await eventually(() => expect(stores.sync.progress.state).toBe('done'));
  await eventually(() => expect(stores.shortlists.ready).toBe(true));

  // A colleague's list brought two actors this member's library lacks: Lena of the member's own
  // directory (which lists her only since the library's sync), and Ivo of a directory no connection of theirs reaches.
  actors.push(actorItem(5, 'Lena Brandt'));
  const db = new ShortlistDb();
  const at = '2026-11-01T09:00:00.000Z';
  const listId = await db.shortlists.add({ name: 'Callbacks', castingCallId: null, roleId: null, castingCallName: null, roleName: null, createdAt: at, updatedAt: at });
  const entry = (actorId: number, origin: string, name: string) => ({ shortlistId: listId, directoryOrigin: origin, actorId, position: actorId, note: '', rating: null, colours: [], tags: [], status: 'considering' as const, addedAt: at, updatedAt: at, snapshot: notInLibrarySnapshot(name) });
  const lenaId = await db.entries.add(entry(5, demoView.directoryOrigin, 'Lena Brandt'));
  const ivoId = await db.entries.add(entry(6, 'https://other-directory.example', 'Ivo Ilić'));
  // Compared while the directory could not be reached: Lena by name only, offered "Look it up".
  directory.state.failWith = { code: 'network', message: 'offline' };
  stores.compare.open([5]);
  await eventually(() => expect(stores.compare.actors[0]).toMatchObject({ name: 'Lena Brandt', hasDetail: false, notInLibraryOf: demoView.directoryOrigin }));
  // The comparison's own attempt to fetch her has been answered "offline".
  await eventually(() => expect(directory.calls.some((call) => call.channel === 'getActor' && (call.args as { id: number }).id === 5)).toBe(true));
  await eventually(() => expect(stores.compare.error?.code).toBe('network'));
  directory.state.failWith = undefined;
  directory.calls.splice(0);

  expect(await stores.lookUps.lookUp({ origin: demoView.directoryOrigin, id: 5, name: 'Lena Brandt' })).toBe(true);
  const asked = directory.calls.filter((call) => call.channel === 'getActor');
  expect(asked.map((call) => call.args)).toEqual([expect.objectContaining({ connectionId, id: 5, priority: 'interactive' })]);
  const found = (await db.entries.get(lenaId))!.snapshot;
  expect(found.notInLibrary).toBeUndefined();
  expect(found).toMatchObject({ name: 'Lena Brandt', actingAgeFrom: 25, actingAgeTo: 35, agencies: ['Agentur Nord'] });
  expect(found.thumbUrl).toMatch(/^http:\/\/127\.0\.0\.1:40000\/media\/5\//);
  // The comparison shows her from the library now.
  await eventually(() => expect(stores.compare.actors[0]).toMatchObject({ hasDetail: true, actingAgeFrom: 25 }));
  expect(stores.compare.actors[0].notInLibraryOf).toBeUndefined();

  // Ivo: no connection of that directory; nothing is asked, the entry says why.
  const wrapper = mount(LookUpActor, { props: { origin: 'https://other-directory.example', actorId: 6, name: 'Ivo Ilić' }, global: { plugins: [pinia, i18n], provide: { [castdeskBridgeKey as symbol]: directory.bridge } } });
  await wrapper.get('[data-testid="look-up-actor"]').trigger('click');
  await eventually(() => expect(wrapper.find('[data-error-code]').exists()).toBe(true));
  await flushPromises();
  expect(wrapper.get('[data-error-code]').attributes('data-error-code')).toBe('no_directory_connection');
  expect(wrapper.get('[data-error-code]').text()).toContain("None of your connections reaches this actor's directory");
  expect(directory.calls.filter((call) => call.channel === 'getActor')).toHaveLength(1);
  expect((await db.entries.get(ivoId))!.snapshot).toEqual(notInLibrarySnapshot('Ivo Ilić'));
  wrapper.unmount();
  db.close();
});
