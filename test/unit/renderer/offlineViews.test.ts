import 'fake-indexeddb/auto';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, type Pinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import App from '../../../renderer/src/App.vue';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { de } from '../../../renderer/src/i18n/de.ts';
import { en } from '../../../renderer/src/i18n/en.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { createCastdeskRouter } from '../../../renderer/src/router.ts';
import { reachabilityTimingKey, type ReachabilityTiming } from '../../../renderer/src/stores/reachability.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { initialProgress } from '../../../renderer/src/sync/syncProgress.ts';
import { demoView } from './fakeBridge.ts';
import { actorItem, fakeDirectory, type FakeDirectoryOptions } from './fakeDirectory.ts';


/** Waits for the library and the sync to get there; generous, as two test files share two cores. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 20 });
let connectionCounter = 0;
let wrapper: VueWrapper | undefined;
let pinia: Pinia | undefined;

afterEach(async () => {
  wrapper?.unmount();
  wrapper = undefined;
  if (pinia) await useSyncStore(pinia).activate(null);
  pinia = undefined;
});

/** The whole app at `path`, on a fake directory, with a fresh library; the sync starts by itself. */
async function mountApp(path: string, options: FakeDirectoryOptions, locale: 'en' | 'de' = 'en', connectionId?: string, timing?: ReachabilityTiming) {
  connectionCounter += 1;
  const id = connectionId ?? `v-${Date.now().toString(36)}-${connectionCounter}`;
  const directory = fakeDirectory(options);
  Object.assign(directory.bridge, {
    getAppInfo: async () => ({ ok: true, value: { version: '1', shell: 'web', keychain: { available: true }, folders: { data: '/tmp/castdesk', logs: '/tmp/castdesk/logs' } } }),
    listConnections: async () => ({ ok: true, value: { connections: [{ ...demoView, id, name: 'Agency' }], activeId: id } }),
  });
  const router = createCastdeskRouter();
  await router.push(path);
  await router.isReady();
  pinia = createPinia();
  wrapper = mount(App, {
    global: { plugins: [pinia, createCastdeskI18n(locale), router], provide: { [castdeskBridgeKey as symbol]: directory.bridge as CastdeskBridge, ...(timing ? { [reachabilityTimingKey as symbol]: timing } : {}) } },
    attachTo: document.body,
  });
  await flushPromises();
  return { view: wrapper, directory, sync: useSyncStore(pinia), router, connectionId: id };
}

const actors = [actorItem(1, 'Zoe Zander'), actorItem(2, 'Ada Aalto'), actorItem(3, 'Björn Berg')];

describe('Actors view on the offline library', () => {
  it('lists the cached actors by name, with links, thumbnails through the media cache and a count', async () => {
    const { view, sync, connectionId, router } = await mountApp('/actors', { actors });
    const rows = () => view.findAll('[data-testid="profile-row"]');
    await eventually(() => expect(rows()).toHaveLength(3));
    expect(rows().map((item) => item.get('[data-testid="profile-name"]').text())).toEqual(['Ada Aalto', 'Björn Berg', 'Zoe Zander']);
    expect(view.get('[data-testid="result-count"]').text()).toBe('3 actors');
    expect(rows()[0]!.attributes('href')).toBe('#/actors/2');
    // Pictures follow once the results stop changing.
    await eventually(() => expect(view.get('[data-testid="profile-list"] img').attributes('src')).toMatch(new RegExp(`^/media-cache\\?c=${connectionId}&u=`)));
    await eventually(() => expect(sync.progress.state).toBe('done'));
    expect(view.get('[data-testid="sync-progress"]').attributes('data-state')).toBe('done');
    expect(view.get('[data-testid="sync-state"]').text()).toContain(en.sync.done);
    // The search is a labelled field; it filters at once and lands in the URL.
    const search = view.get('[data-testid="search-input"]');
    expect(search.attributes('aria-label')).toBe(en.search.searchLabel);
    await search.setValue('zoe');
    await eventually(() => expect(rows().map((item) => item.get('[data-testid="profile-name"]').text())).toEqual(['Zoe Zander']));
    expect(view.get('[data-testid="result-count"]').text()).toBe('1 of 3 actors');
    await eventually(() => expect(router.currentRoute.value.query.q).toBe('zoe'));
    expect(view.find('[data-testid="offline-banner"]').exists()).toBe(false);
  });

  it('reopens a search from the URL and says plainly when nothing matches', async () => {
    const { view } = await mountApp('/actors?q=bjorn', { actors });
    const rows = () => view.findAll('[data-testid="profile-row"]');
    await eventually(() => expect(rows().map((item) => item.get('[data-testid="profile-name"]').text())).toEqual(['Björn Berg']));
    expect((view.get('[data-testid="search-input"]').element as HTMLInputElement).value).toBe('bjorn');
    await view.get('[data-testid="search-input"]').setValue('nobody-here');
    await eventually(() => expect(view.get('[data-testid="list-empty"]').text()).toBe(en.actors.noMatch));
    await view.get('[data-testid="clear-filters"]').trigger('click');
    await eventually(() => expect(rows()).toHaveLength(3));
  });

  it('says the first sync is still running while the cache is empty, with pause and cancel', async () => {
    const { view, sync } = await mountApp('/actors', { actors, hang: true });
    await eventually(() => expect(view.get('[data-testid="list-empty"]').text()).toBe(en.actors.emptySyncing));
    expect(view.get('[data-testid="sync-progress"]').attributes('data-state')).toBe('syncing');
    const pause = view.findAll('button').find((button) => button.text() === en.sync.pause);
    await pause!.trigger('click');
    expect(sync.progress.state).toBe('paused');
    const resume = view.findAll('button').find((button) => button.text() === en.sync.resume);
    await resume!.trigger('click');
    expect(sync.progress.state).toBe('syncing');
    expect(view.findAll('button').some((button) => button.text() === en.sync.cancel)).toBe(true);
  });

  it('shows the offline banner when the directory cannot be reached', async () => {
    const { view } = await mountApp('/actors', { actors, failWith: { code: 'network', message: 'ECONNREFUSED' } });
    await eventually(() => expect(view.find('[data-testid="offline-banner"]').exists()).toBe(true));
    const banner = view.get('[data-testid="offline-banner"]');
    expect(banner.element.closest('[role="status"]')).not.toBeNull();
    expect(banner.text()).toBe(en.offline.banner);
    // The banner may come first (the reachability check's answer), the sync's own state follows.
    await eventually(() => expect(view.get('[data-testid="sync-progress"]').attributes('data-state')).toBe('offline'));
  });

  it('says on Start and in the shell, at once, when a synced directory goes away, and again when it is back (no profile opened)', async () => {
    const { view, sync, directory } = await mountApp('/', { actors }, 'de', undefined, { quietCheckMs: 50, backoff: { baseMs: 20, capMs: 100 } });
    const home = () => view.get('[data-testid="home-connection"]');
    await eventually(() => expect(sync.progress.state).toBe('done'));
    expect(home().text()).toBe(de.home.connectedTo.replace('{name}', 'Agency'));
    expect(view.find('[data-testid="offline-banner"]').exists()).toBe(false);
    // The directory goes away while nothing is being asked: the quiet check finds out.
    directory.state.failWith = { code: 'network', message: 'ECONNREFUSED' };
    await eventually(() => expect(home().attributes('data-state')).toBe('offline'));
    expect(home().text()).toBe(de.home.offlineLibrary.replace('{name}', 'Agency'));
    expect(view.get('[data-testid="offline-banner"]').text()).toBe(de.offline.banner);
    expect(directory.calls.some((call) => call.channel === 'getActor')).toBe(false);
    directory.state.failWith = undefined;
    await eventually(() => expect(home().attributes('data-state')).toBe('online'));
    expect(view.find('[data-testid="offline-banner"]').exists()).toBe(false);
  });

  it('shows a sync error through its i18n text, in German too', async () => {
    const { view } = await mountApp('/actors', { actors, failWith: { code: 'unauthorized', message: 'HTTP 401' } }, 'de');
    await eventually(() => expect(view.find('[role="alert"]').exists()).toBe(true));
    expect(view.get('[role="alert"]').text()).toContain(de.errors.unauthorized);
    expect(view.get('[data-testid="sync-state"]').text()).toContain(de.sync.error);
    expect(view.get('[data-testid="list-empty"]').text()).toBe(de.actors.empty);
  });

  it('names a full disk plainly', async () => {
    const { view, sync } = await mountApp('/actors', { actors, hang: true });
    sync.progress = { ...initialProgress(), state: 'error', lastError: { code: 'storage_full', message: 'QuotaExceededError' } };
    await flushPromises();
    expect(view.get('[role="alert"]').text()).toContain(en.errors.storage_full);
  });
});

describe('Actor detail view', () => {
  it('shows acting age, languages, agencies, the gallery through the media cache and the cache state', async () => {
    const { view, directory, connectionId } = await mountApp('/actors/1', { actors });
    await eventually(() => expect(view.get('[data-testid="cache-state"]').attributes('data-state')).toBe('offline'));
    expect(view.get('h1').text()).toBe('Zoe Zander');
    expect(view.get('[data-testid="acting-age"]').text()).toBe('25 to 35');
    expect(view.get('[data-testid="languages"]').text()).toContain('English (Fluent)');
    expect(view.text()).toContain('Agentur Nord');
    const pictures = view.findAll('[data-testid="gallery"] img');
    expect(pictures).toHaveLength(2);
    // The thumbnail, with the picture's other versions as stand-ins when it is not cached.
    expect(pictures[0]!.attributes('src')).toContain(`/media-cache?c=${connectionId}&u=${encodeURIComponent('http://127.0.0.1:40000/media/1/1/thumb_large.png')}&f=`);
    expect(pictures[0]!.attributes('alt')).toBe('Picture 1 of Zoe Zander');
    expect(view.get('[data-testid="cache-state"]').text()).toContain(en.actorDetail.cacheOffline);
    expect(directory.calls.some((call) => call.channel === 'getActor')).toBe(true);
  });

  it('says so when a profile is neither cached nor reachable', async () => {
    const { view } = await mountApp('/actors/42', { actors, failWith: { code: 'network', message: 'ECONNREFUSED' } });
    await eventually(() => expect(view.text()).toContain(en.actorDetail.notCached));
    expect(view.get('[data-testid="offline-banner"]').text()).toBe(en.offline.banner);
  });
});

describe('Settings view', () => {
  it('shows the cache size and sync controls, and clears the offline library', async () => {
    const { view, sync, directory } = await mountApp('/settings', { actors });
    await eventually(() => expect(sync.progress.state).toBe('done'));
    await sync.refreshCacheStats();
    await flushPromises();
    const stats = view.get('[data-testid="cache-stats"]');
    expect(stats.text()).toContain('Saved on this computer: 3 actors, 0 crew profiles and 0 casting calls.');
    expect(stats.text()).toContain('Picture cache: 3 pictures, 3 MB');
    expect(view.findAll('button').some((button) => button.text() === en.sync.start)).toBe(true);

    const clear = view.findAll('button').find((button) => button.text() === 'Clear the offline library of Agency');
    await clear!.trigger('click');
    await eventually(() => expect(view.get('[data-testid="cache-cleared"]').text()).toBe('The offline library of Agency was cleared.'));
    expect(stats.text()).toContain('0 actors, 0 crew profiles and 0 casting calls');
    expect(directory.calls.some((call) => call.channel === 'setSyncMemory')).toBe(true);
    // Every control is a labelled button.
    for (const button of view.findAll('button')) expect(button.text().trim()).not.toBe('');
  });
});
