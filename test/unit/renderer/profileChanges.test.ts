/**
 * A profile's "What changed" through the real stores and sync engine on a fake directory: the first
 * detail records nothing; a sync that brings a changed detail shows its lines, marked New on the
 * first opening; opened again, nothing is new; a change arriving while the page is open is New
 * and counted; the history's size is there for Settings; a page open before the active directory
 * is known shows its timeline once it is.
 */
import 'fake-indexeddb/auto';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { Dexie } from 'dexie';
import { createPinia, setActivePinia } from 'pinia';
import { createApp } from 'vue';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import type { ActorDetail, ActorListItem } from '../../../contract/directory-api.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import ProfileChanges from '../../../renderer/src/components/profile/ProfileChanges.vue';
import { directoryOriginOf } from '../../../renderer/src/db/directoryOrigin.ts';
import { historyDbName, openHistoryDb, putChangeRecord, type HistoryDb } from '../../../renderer/src/db/historyDb.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { useConnectionStore } from '../../../renderer/src/stores/connections.ts';
import { useProfileHistoryStore } from '../../../renderer/src/stores/profileHistory.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { demoView } from './fakeBridge.ts';
import { actorDetail, actorItem, fakeDirectory } from './fakeDirectory.ts';

const eventually = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 5000, interval: 20 });
let counter = 0;
let cleanup: (() => Promise<void>) | undefined;
let wrapper: VueWrapper | undefined;

afterEach(async () => {
  wrapper?.unmount();
  wrapper = undefined;
  await cleanup?.();
  cleanup = undefined;
  await Dexie.delete(historyDbName);
});

/** The app's stores on `bridge`, the way the app creates them. */
function storesOn(bridge: unknown) {
  const app = createApp({});
  const pinia = createPinia();
  const i18n = createCastdeskI18n('en');
  app.use(pinia).use(i18n).provide(castdeskBridgeKey, bridge as CastdeskBridge);
  setActivePinia(pinia);
  const stores = app.runWithContext(() => ({ connections: useConnectionStore(), sync: useSyncStore(), history: useProfileHistoryStore() }));
  cleanup = async () => {
    await stores.sync.activate(null);
    stores.history.close();
  };
  return { pinia, i18n, stores };
}

/** The stores of a started app on a fake directory whose actor details the test edits. */
async function started() {
  const actors: ActorListItem[] = [actorItem(1, 'Lena Brandt'), actorItem(2, 'Jonas Weber')];
  const details = new Map<number, ActorDetail>(actors.map((item) => [item.id, actorDetail(item)]));
  const directory = fakeDirectory({ actors });
  const connectionId = `h-${Date.now().toString(36)}-${(counter += 1)}`;
  Object.assign(directory.bridge, {
    getAppInfo: async () => ({ ok: true, value: { version: '1', shell: 'web', keychain: { available: true }, folders: { data: '/tmp/castdesk', logs: '/tmp/castdesk/logs' } } }),
    listConnections: async () => ({ ok: true, value: { connections: [{ ...demoView, id: connectionId }], activeId: connectionId } }),
    getActor: async (args: { id: number }) => ({ ok: true, value: structuredClone(details.get(args.id)) }),
  });
  const { pinia, i18n, stores } = storesOn(directory.bridge);
  await stores.connections.start();
  await eventually(() => expect(stores.sync.progress.state).toBe('done'));

  /** The directory edits actor `id`: a newer updated_at on the list and the detail. */
  const edit = (id: number, at: string, change: (detail: ActorDetail) => void) => {
    const item = actors.find((actor) => actor.id === id)!;
    item.updated_at = at;
    const detail = structuredClone(details.get(id)!);
    change(detail);
    detail.updated_at = at;
    details.set(id, detail);
  };
  const syncAgain = async () => {
    await stores.sync.start();
    await eventually(() => expect(stores.sync.progress.state).toBe('done'));
  };
  const mountChanges = async () => {
    wrapper?.unmount();
    wrapper = mount(ProfileChanges, {
      props: { kind: 'actor', profileId: 1 },
      global: { plugins: [pinia, i18n], provide: { [castdeskBridgeKey as symbol]: directory.bridge } },
    });
    await flushPromises();
    return wrapper;
  };
  return { ...stores, edit, syncAgain, mountChanges };
}

const lines = (view: VueWrapper) => view.findAll('[data-testid="profile-change"]').map((item) => ({ new: item.attributes('data-new'), lines: item.findAll('li').map((line) => line.text()) }));


/** The app's history database, opened beside the store's (the store hands out no handle); deleting it after the test closes it. */
function historyDb(): Promise<HistoryDb> {
  return openHistoryDb();
}

describe('What changed on a profile', () => {
  it('records a synced change, marks it New on the first opening, not on the next; a change while open is New', async () => {
    const app = await started();
    // The user opens the profile: its first detail is saved, nothing is recorded.
    await app.sync.view('actor', 1);
    expect(app.history.totals).toMatchObject({ count: 0 });

    app.edit(1, '2026-02-01T10:00:00.000Z', (detail) => {
      detail.height = 180;
      detail.pictures = [...detail.pictures!, { ...detail.pictures![0]!, id: 19 }];
    });
    await app.syncAgain();
    await eventually(() => expect(app.history.totals).toMatchObject({ count: 1 }));
    expect(app.history.totals!.bytes).toBeGreaterThan(0);

    const first = await app.mountChanges();
    await eventually(() => expect(lines(first)).toEqual([{ new: 'true', lines: ['1 new picture', 'Height: unknown → 180 cm'] }]));
    expect(first.text()).toContain('What changed');
    expect(first.text()).toContain('for the first time');
    expect(first.text()).toContain('Changed on Feb 1, 2026');

    // Opened again: nothing new since.
    const again = await app.mountChanges();
    await eventually(() => expect(lines(again)).toEqual([{ new: 'false', lines: ['1 new picture', 'Height: unknown → 180 cm'] }]));
    expect(again.find('[data-testid="profile-changes-new-count"]').exists()).toBe(false);

    // A change arrives while the page is open: it is new, and counted.
    app.edit(1, '2026-03-01T10:00:00.000Z', (detail) => {
      detail.acting_age_to = 40;
      detail.languages = { ...detail.languages, fra: 'basic' };
    });
    await app.syncAgain();
    await eventually(() =>
      expect(lines(again)).toEqual([
        { new: 'true', lines: ['Acting age: 25–35 → 25–40', 'New languages or dialects: French (Basic)'] },
        { new: 'false', lines: ['1 new picture', 'Height: unknown → 180 cm'] },
      ]),
    );
    expect(again.find('[data-testid="profile-changes-new-count"]').text()).toBe('1 change is new since you last opened this profile');
    // Another profile shows nothing: it has no recorded change.
    await again.setProps({ profileId: 2 });
    await flushPromises();
    expect(again.find('[data-testid="profile-changes"]').exists()).toBe(false);
  });

  it('keeps the history across a restart of the app', async () => {
    const app = await started();
    await app.sync.view('actor', 1);
    app.edit(1, '2026-02-01T10:00:00.000Z', (detail) => {
      detail.talent_agency_connections = [];
    });
    await app.syncAgain();
    await eventually(() => expect(app.history.totals).toMatchObject({ count: 1 }));
    await cleanup?.();

    const restarted = await started();
    await eventually(() => expect(restarted.history.totals).toMatchObject({ count: 1 }));
    const view = await restarted.mountChanges();
    await eventually(() => expect(lines(view)).toEqual([{ new: 'true', lines: ['No longer with: Agentur Nord'] }]));
  });

  it('shows the timeline of a profile opened before the active directory is known, once it is', async () => {
    const actors: ActorListItem[] = [actorItem(1, 'Lena Brandt')];
    const directory = fakeDirectory({ actors });
    const connectionId = `h-${Date.now().toString(36)}-${(counter += 1)}`;
    Object.assign(directory.bridge, {
      getAppInfo: async () => ({ ok: true, value: { version: '1', shell: 'web', keychain: { available: true }, folders: { data: '/tmp/castdesk', logs: '/tmp/castdesk/logs' } } }),
      listConnections: async () => ({ ok: true, value: { connections: [{ ...demoView, id: connectionId }], activeId: connectionId } }),
    });
    const { pinia, i18n, stores } = storesOn(directory.bridge);
    await eventually(() => expect(stores.history.ready).toBe(true));
    const at = '2026-02-01T10:00:00.000Z';
    await putChangeRecord(await historyDb(), { origin: directoryOriginOf(demoView.baseUrl), kind: 'actor', profileId: 1, name: 'Lena Brandt', updatedAt: at, previousUpdatedAt: null, recordedAt: at, changes: [{ field: 'mainPicture', from: 11, to: 12 }] });

    // The page is open while the connections are still being read: nothing to show yet.
    wrapper = mount(ProfileChanges, { props: { kind: 'actor', profileId: 1 }, global: { plugins: [pinia, i18n], provide: { [castdeskBridgeKey as symbol]: directory.bridge } } });
    await flushPromises();
    expect(wrapper.find('[data-testid="profile-changes"]').exists()).toBe(false);

    await stores.connections.start();
    await eventually(() => expect(lines(wrapper!)).toEqual([{ new: 'true', lines: ['New main picture'] }]));
    expect(stores.history.openedBefore).toBeNull();
    expect(await (await historyDb()).opened.count()).toBe(1);
  });
});
