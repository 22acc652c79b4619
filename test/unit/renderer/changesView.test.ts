/**
 * The Changes page over the real stores (fake directory, fake-indexeddb): recent changes newest
 * first, and each filter on its own and combined: a connection, shortlisted actors, profiles kept
 * offline (a kept search, evaluated on the local index), a saved search; with a filter of the
 * active library, another directory's changes leave the list.
 */
import 'fake-indexeddb/auto';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { Dexie } from 'dexie';
import { createPinia, setActivePinia } from 'pinia';
import { createApp } from 'vue';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openLibraryDb } from '../../../renderer/src/db/libraryDb.ts';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { directoryOriginOf } from '../../../renderer/src/db/directoryOrigin.ts';
import { historyDbName, openHistoryDb, putChangeRecord, type HistoryDb } from '../../../renderer/src/db/historyDb.ts';
import { userShortlistDbName } from '../../../renderer/src/db/shortlistDb.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { createCastdeskRouter } from '../../../renderer/src/router.ts';
import { useConnectionStore } from '../../../renderer/src/stores/connections.ts';
import { useLibraryChangesStore } from '../../../renderer/src/stores/libraryChanges.ts';
import { useProfileHistoryStore } from '../../../renderer/src/stores/profileHistory.ts';
import { useSearchIndexStore } from '../../../renderer/src/stores/searchIndex.ts';
import { useShortlistsStore } from '../../../renderer/src/stores/shortlists.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import ChangesView from '../../../renderer/src/views/ChangesView.vue';
import { demoView } from './fakeBridge.ts';
import { actorItem, fakeDirectory } from './fakeDirectory.ts';

const eventually = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 5000, interval: 20 });
let cleanup: (() => Promise<void>) | undefined;
let wrapper: VueWrapper | undefined;

afterEach(async () => {
  wrapper?.unmount();
  wrapper = undefined;
  await cleanup?.();
  cleanup = undefined;
  await Dexie.delete(historyDbName);
  await Dexie.delete(userShortlistDbName);
});

const actors = [actorItem(1, 'Zoe Zander'), actorItem(2, 'Ada Aalto'), actorItem(3, 'Björn Berg'), actorItem(4, 'Jonas Weber')];
const other = { ...demoView, id: 'other-1', name: 'Agentur Süd', baseUrl: 'https://other.example/api', directoryOrigin: 'https://other.example', isDemo: false };

async function started() {
  const connectionId = `c-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const directory = fakeDirectory({ actors });
  Object.assign(directory.bridge, {
    getAppInfo: async () => ({ ok: true, value: { version: '1', shell: 'web', keychain: { available: true }, folders: { data: '/tmp/castdesk', logs: '/tmp/castdesk/logs' } } }),
    listConnections: async () => ({ ok: true, value: { connections: [{ ...demoView, id: connectionId }, other], activeId: connectionId } }),
  });
  const app = createApp({});
  const pinia = createPinia();
  const i18n = createCastdeskI18n('en');
  app.use(pinia).use(i18n).provide(castdeskBridgeKey, directory.bridge as CastdeskBridge);
  setActivePinia(pinia);
  const stores = app.runWithContext(() => ({
    connections: useConnectionStore(),
    sync: useSyncStore(),
    history: useProfileHistoryStore(),
    shortlists: useShortlistsStore(),
    index: useSearchIndexStore(),
    changes: useLibraryChangesStore(),
  }));
  await stores.connections.start();
  cleanup = async () => {
    await stores.sync.activate(null);
    stores.history.close();
  };
  await eventually(() => expect(stores.sync.progress.state).toBe('done'));
  // Both connections sync into the one library (the fake answers both the same): each actor twice, once per directory.
  await eventually(() => expect(stores.shortlists.ready && stores.index.size('actor') === actors.length * 2 && stores.history.ready).toBe(true));

  // One recorded change per actor of the active directory (oldest first), one of another directory last.
  const origin = directoryOriginOf(demoView.baseUrl);
  for (const [index, actor] of actors.entries()) {
    const at = `2026-02-0${index + 1}T10:00:00.000Z`;
    await putChangeRecord(await historyDb(), { origin, kind: 'actor', profileId: actor.id, name: actor.name!, updatedAt: at, previousUpdatedAt: null, recordedAt: at, changes: [{ field: 'height', from: 170, to: 171 + index }] });
  }
  await putChangeRecord(await historyDb(), {
    origin: directoryOriginOf(other.baseUrl),
    kind: 'actor',
    profileId: 1,
    name: 'Mira Süd',
    updatedAt: '2026-02-09T10:00:00.000Z',
    previousUpdatedAt: null,
    recordedAt: '2026-02-09T10:00:00.000Z',
    changes: [{ field: 'aboutMe' }],
  });

  const router = createCastdeskRouter();
  await router.push('/changes');
  await router.isReady();
  wrapper = mount(ChangesView, { global: { plugins: [pinia, i18n, router], provide: { [castdeskBridgeKey as symbol]: directory.bridge } }, attachTo: document.body });
  await flushPromises();
  return { ...stores, connectionId, view: wrapper, db: () => openLibraryDb() };
}

const names = (view: VueWrapper) => view.findAll('[data-testid="change-item"] .head > :first-child').map((node) => node.text());


/** The app's history database, opened beside the store's (the store hands out no handle); deleting it after the test closes it. */
function historyDb(): Promise<HistoryDb> {
  return openHistoryDb();
}

describe('the Changes page', () => {
  it('lists recent changes newest first, links the active directory’s profiles, and names the other directory', async () => {
    const app = await started();
    await eventually(() => expect(names(app.view)).toEqual(['Mira Süd', 'Jonas Weber', 'Björn Berg', 'Ada Aalto', 'Zoe Zander']));
    const items = app.view.findAll('[data-testid="change-item"]');
    expect(items[0]!.find('a').exists()).toBe(false);
    expect(items[0]!.text()).toContain('from Agentur Süd');
    expect(items[0]!.text()).toContain('About me rewritten');
    expect(items[1]!.find('a').attributes('href')).toBe('#/actors/4');
    expect(items[1]!.text()).toContain('Height: 170 cm → 174 cm');
    expect(items[1]!.text()).toContain('Changed on Feb 4, 2026');
    expect(app.view.find('[data-testid="changes-count"]').text()).toBe('5 of 5 changes');
  });

  it('filters by connection, shortlists, kept offline and saved search, alone and combined', async () => {
    const app = await started();
    await eventually(() => expect(names(app.view)).toHaveLength(5));

    // Connection: only the other directory's change, then only the active one's.
    await app.view.find('[data-testid="filter-connection"]').setValue('other-1');
    await eventually(() => expect(names(app.view)).toEqual(['Mira Süd']));
    await app.view.find('[data-testid="filter-connection"]').setValue(app.connectionId);
    await eventually(() => expect(names(app.view)).toEqual(['Jonas Weber', 'Björn Berg', 'Ada Aalto', 'Zoe Zander']));
    await app.view.find('[data-testid="filter-connection"]').setValue('');

    // Shortlisted: Ada is on a list (and Mira's id 1 of the other directory is not Zoe's).
    const listId = (await app.shortlists.createList('Pilot'))!;
    await app.shortlists.addActors(listId, [2]);
    await app.view.find('[data-testid="filter-shortlisted"]').setValue(true);
    await eventually(() => expect(names(app.view)).toEqual(['Ada Aalto']));
    expect(app.view.text()).toContain('only its changes are shown');
    await app.shortlists.addActors(listId, [1]);
    await eventually(() => expect(names(app.view)).toEqual(['Ada Aalto', 'Zoe Zander']));
    await app.view.find('[data-testid="filter-shortlisted"]').setValue(false);

    // Kept offline: a kept search for Jonas.
    await app.sync.keepOffline({ kind: 'search', resource: 'actors', params: { q: 'Jonas' } });
    await app.view.find('[data-testid="filter-kept-offline"]').setValue(true);
    await eventually(() => expect(names(app.view)).toEqual(['Jonas Weber']));

    // A saved search for Björn, with kept offline still on: nothing; alone: Björn.
    await (await app.db()).savedSearches.add({ kind: 'actor', name: 'Björn', query: 'q=bj%C3%B6rn', createdAt: '2026-02-10T10:00:00.000Z' });
    await eventually(() => expect(app.view.findAll('[data-testid="filter-saved-search"] option').map((option) => option.text())).toEqual(['Any profile', 'Björn']));
    const savedId = app.changes.savedSearches[0]!.id!;
    await app.view.find('[data-testid="filter-saved-search"]').setValue(String(savedId));
    await eventually(() => expect(app.view.find('[data-testid="changes-no-match"]').exists()).toBe(true));
    await app.view.find('[data-testid="filter-kept-offline"]').setValue(false);
    await eventually(() => expect(names(app.view)).toEqual(['Björn Berg']));
    expect(app.view.find('[data-testid="changes-count"]').text()).toBe('1 of 5 change');

    // The whole roster kept offline covers every actor of the active directory.
    await app.view.find('[data-testid="filter-saved-search"]').setValue('');
    await app.sync.keepOffline({ kind: 'roster' });
    await app.view.find('[data-testid="filter-kept-offline"]').setValue(true);
    await eventually(() => expect(names(app.view)).toEqual(['Jonas Weber', 'Björn Berg', 'Ada Aalto', 'Zoe Zander']));
  });
});
