/**
 * What the watch shows (the whole app, happy-dom, fake-indexeddb): the count beside Casting calls
 * in the menu, the marks on calls and roles, a saved search's count and its "new for this search"
 * list, and marking as seen. The library and the watch database are written as a sync and an
 * earlier watch run leave them; the directory cannot be reached, so nothing else changes them.
 */
import 'fake-indexeddb/auto';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, type Pinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { castingCallRowsOf, openConnectionLibrary } from './libraryFixture.ts';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import type { CastingCallDetail, CastingCallListItem } from '../../../contract/directory-api.ts';
import App from '../../../renderer/src/App.vue';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { directoryOriginOf } from '../../../renderer/src/db/directoryOrigin.ts';
import type { CastingCallRow } from '../../../renderer/src/db/libraryDb.ts';
import { writeProfilePage } from '../../../renderer/src/db/libraryWrites.ts';
import { watchDb, type CallWatchRow, type SearchWatchRow } from '../../../renderer/src/db/watchDb.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { createCastdeskRouter } from '../../../renderer/src/router.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { demoView } from './fakeBridge.ts';
import { actorItem, fakeDirectory } from './fakeDirectory.ts';

const eventually = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 20 });
const now = '2026-01-10T10:00:00.000Z';
const origin = directoryOriginOf(demoView.baseUrl);
let connectionCounter = 0;
let wrapper: VueWrapper | undefined;
let pinia: Pinia | undefined;

beforeEach(async () => {
  await Promise.all(watchDb().tables.map((table) => table.clear()));
});
afterEach(async () => {
  wrapper?.unmount();
  wrapper = undefined;
  if (pinia) await useSyncStore(pinia).activate(null);
  pinia = undefined;
});

function call(id: number, name: string, roles: { id: number; name: string }[]): Omit<CastingCallRow, 'uid' | 'origin' | 'connections'> {
  const item: CastingCallListItem = { id, name, casting_type: 'breakdown', production_format: 'feature_film', deadline: '2030-01-05T12:00:00.000+01:00', deadline_visible: true };
  const detail = { ...item, roles: roles.map((role) => ({ ...role, deadline: null })) } as unknown as CastingCallDetail;
  return { id, item, detail, detailFetchedAt: now, current: true, fetchedAt: now };
}

const calls = [call(1, 'Old Call', [{ id: 101, name: 'Lead' }]), call(2, 'Fresh Call', [{ id: 201, name: 'Twin' }]), call(3, 'Grown Call', [{ id: 301, name: 'Mother' }, { id: 302, name: 'Daughter' }])];
const callWatches: CallWatchRow[] = [
  { origin, callId: 1, wasCurrent: true, roleIds: [101], news: null, freshRoleIds: [] },
  { origin, callId: 2, wasCurrent: true, roleIds: [201], news: 'new', freshRoleIds: [] },
  { origin, callId: 3, wasCurrent: true, roleIds: [301, 302], news: null, freshRoleIds: [302] },
];
const jonas: SearchWatchRow = { kind: 'actor', query: 'q=jonas', origin, baselineAt: now, knownIds: [1, 2, 3], freshIds: [2, 3] };

/** The whole app at `path` on a library and watch memory as a sync and a watch run left them. */
async function mountApp(path: string) {
  connectionCounter += 1;
  const connectionId = `watch-${Date.now().toString(36)}-${connectionCounter}`;
  const library = await openConnectionLibrary(connectionId);
  const { db } = library;
  const actors = [actorItem(1, 'Jonas Becker'), actorItem(2, 'Jonas Neumann'), actorItem(3, 'Jonas Weber'), actorItem(4, 'Anna Müller')];
  await writeProfilePage(library, 'actor', 'actors', actors, { runId: 'seed', mode: 'incremental', nextPage: 2, perPage: 50, startedAt: now }, now);
  await db.castingCalls.bulkPut(castingCallRowsOf(library, calls));
  await db.savedSearches.add({ kind: 'actor', name: 'Jonas', query: 'q=jonas', createdAt: now });
  db.close();
  await watchDb().callWatches.bulkPut(callWatches);
  await watchDb().searchWatches.put(jonas);

  const directory = fakeDirectory({ failWith: { code: 'network', message: 'ECONNREFUSED' } });
  Object.assign(directory.bridge, {
    getAppInfo: async () => ({ ok: true, value: { version: '1', shell: 'web', keychain: { available: true }, folders: { data: '/tmp/castdesk', logs: '/tmp/castdesk/logs' } } }),
    listConnections: async () => ({ ok: true, value: { connections: [{ ...demoView, id: connectionId }], activeId: connectionId } }),
  });
  const router = createCastdeskRouter();
  await router.push(path);
  await router.isReady();
  pinia = createPinia();
  wrapper = mount(App, {
    global: { plugins: [pinia, createCastdeskI18n('en'), router], provide: { [castdeskBridgeKey as symbol]: directory.bridge as CastdeskBridge } },
    attachTo: document.body,
  });
  await flushPromises();
  return { view: wrapper, router };
}

describe('casting calls with news', () => {
  it('counts them in the menu, marks them in the list and marks all as seen', async () => {
    const { view } = await mountApp('/casting-calls');
    await eventually(() => expect(view.find('[data-testid="nav-casting-call-news"]').text()).toBe('2'));
    expect(view.find('.app-nav').text()).toContain('2 with news');
    await eventually(() => expect(view.findAll('[data-testid="casting-call"]')).toHaveLength(3));
    const marks = Object.fromEntries(view.findAll('[data-testid="casting-call"]').map((row) => [row.find('.call-name').text().replace(/\s+/g, ' '), row.find('[data-testid="call-news"]').exists() ? row.find('[data-testid="call-news"]').text() : null]));
    expect(marks).toEqual({ 'Fresh Call New': 'New', 'Grown Call 1 new role': '1 new role', 'Old Call': null });
    expect(view.get('[data-testid="casting-calls-news"]').text()).toContain('2 casting calls are new, newly current or have new roles.');

    await view.get('[data-testid="casting-calls-mark-all-seen"]').trigger('click');
    await eventually(() => expect(view.find('[data-testid="nav-casting-call-news"]').exists()).toBe(false));
    expect(view.find('[data-testid="call-news"]').exists()).toBe(false);
    expect(view.find('[data-testid="casting-calls-news"]').exists()).toBe(false);
    expect((await watchDb().callWatches.toArray()).map((row) => [row.news, row.freshRoleIds])).toEqual([
      [null, []],
      [null, []],
      [null, []],
    ]);
  });

  it('marks a new role on the call page; seeing it leaves the other calls flagged', async () => {
    const { view } = await mountApp('/casting-calls/3');
    await eventually(() => expect(view.findAll('[data-testid="role-news"]')).toHaveLength(1));
    expect(view.get('[data-testid="call-news"]').text()).toBe('1 new role');
    const role = view.get('[data-testid="role-mark-seen"]');
    expect(role.attributes('aria-label')).toBe('Mark Daughter as seen');
    await role.trigger('click');
    await eventually(() => expect(view.find('[data-testid="role-news"]').exists()).toBe(false));
    expect(view.find('[data-testid="call-news"]').exists()).toBe(false);
    expect(view.get('[data-testid="nav-casting-call-news"]').text()).toBe('1');
  });

  it('marks a new call as seen on its page', async () => {
    const { view } = await mountApp('/casting-calls/2');
    await eventually(() => expect(view.get('[data-testid="call-news"]').text()).toBe('New'));
    await view.get('[data-testid="call-mark-seen"]').trigger('click');
    await eventually(() => expect(view.find('[data-testid="call-news"]').exists()).toBe(false));
    expect(view.get('[data-testid="nav-casting-call-news"]').text()).toBe('1');
  });
});

describe('a saved search with new matches', () => {
  it('shows the count, lists the new profiles and marks one, then all, as seen', async () => {
    const { view, router } = await mountApp('/actors');
    await eventually(() => expect(view.find('[data-testid="saved-searches-new-total"]').exists()).toBe(true));
    expect(view.get('[data-testid="saved-searches-new-total"]').text()).toBe('2 new');
    const count = view.get('[data-testid="saved-search-new-count"]');
    expect(count.text()).toBe('2 new');
    expect(count.attributes('aria-label')).toBe('Show the 2 new matches of “Jonas”');
    expect(count.attributes('aria-expanded')).toBe('false');

    await count.trigger('click');
    const names = () => view.findAll('[data-testid="saved-search-new-profile"]').map((row) => row.get('a').text());
    expect(names()).toEqual(['Jonas Neumann', 'Jonas Weber']);
    expect(view.get('[data-testid="saved-search-new-profile"] a').attributes('href')).toBe(router.resolve({ name: 'actor', params: { id: 2 } }).href);

    await view.get('[data-testid="saved-search-mark-seen"]').trigger('click');
    await eventually(() => expect(names()).toEqual(['Jonas Weber']));
    expect(view.get('[data-testid="saved-search-new-count"]').text()).toBe('1 new');
    expect(view.get('[data-testid="saved-searches-new-total"]').text()).toBe('1 new');

    await view.get('[data-testid="saved-search-mark-all-seen"]').trigger('click');
    await eventually(() => expect(view.find('[data-testid="saved-search-new-count"]').exists()).toBe(false));
    expect(view.find('[data-testid="saved-searches-new-total"]').exists()).toBe(false);
    expect((await watchDb().searchWatches.toArray())[0]).toMatchObject({ knownIds: [1, 2, 3], freshIds: [] });
  });
});
