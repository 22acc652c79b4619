/**
 * The whole app mounted on the actor list over a fake directory of four actors, for tests of the
 * list page (search, filters, chips, layouts): one connection active, the route opened first, the
 * mount attached to the document. `useActorListApp()` registers the clean-up each test needs (the
 * list remembers layout and order in localStorage; the sync store is stopped).
 */
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, type Pinia } from 'pinia';
import { afterEach, expect, vi } from 'vitest';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import type { ActorListItem } from '../../../contract/directory-api.ts';
import App from '../../../renderer/src/App.vue';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { createCastdeskRouter } from '../../../renderer/src/router.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { demoView } from './fakeBridge.ts';
import { actorItem, fakeDirectory } from './fakeDirectory.ts';

/** Polls a check until it holds (the app renders asynchronously). */
export const eventually = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 20 });

/** Two men and two women, with languages at different levels: every filter narrows them differently. */
export const fourActors: ActorListItem[] = [
  { ...actorItem(1, 'Jonas Weber'), gender: 'm', gender_new: 'male', languages: { deu: 'muttersprachlich', eng: 'fliessend' } },
  { ...actorItem(2, 'Jonathan Schulz'), gender: 'm', gender_new: 'male', languages: { eng: 'gut' } },
  { ...actorItem(3, 'Anna Müller'), gender: 'f', gender_new: 'female', languages: { deu: 'muttersprachlich', fra: 'gut' } },
  { ...actorItem(4, 'Lena Berg'), gender: 'f', gender_new: 'female', languages: { deu: 'fliessend' } },
];

export interface MountedActorList {
  view: VueWrapper;
  router: ReturnType<typeof createCastdeskRouter>;
  pinia: Pinia;
  /** The names the list shows, top to bottom. */
  names(): string[];
}

/** Registers the clean-up after each test and returns `mountList(path, locale)`. */
export function useActorListApp(): { mountList(path: string, locale?: 'en' | 'de'): Promise<MountedActorList> } {
  let counter = 0;
  let wrapper: VueWrapper | undefined;
  let pinia: Pinia | undefined;

  afterEach(async () => {
    // The list remembers its layout, columns and order on this computer: each test starts afresh.
    localStorage.clear();
    wrapper?.unmount();
    wrapper = undefined;
    if (pinia) await useSyncStore(pinia).activate(null);
    pinia = undefined;
  });

  return {
    async mountList(path, locale = 'en') {
      counter += 1;
      // A connection of its own per test: its library starts empty.
      const id = `list-${Date.now().toString(36)}-${counter}`;
      const directory = fakeDirectory({ actors: fourActors });
      Object.assign(directory.bridge, {
        getAppInfo: async () => ({ ok: true, value: { version: '1', shell: 'web', keychain: { available: true }, folders: { data: '/tmp/castdesk', logs: '/tmp/castdesk/logs' } } }),
        listConnections: async () => ({ ok: true, value: { connections: [{ ...demoView, id, name: 'Agency' }], activeId: id } }),
      });
      const router = createCastdeskRouter();
      await router.push(path);
      await router.isReady();
      pinia = createPinia();
      wrapper = mount(App, {
        global: { plugins: [pinia, createCastdeskI18n(locale), router], provide: { [castdeskBridgeKey as symbol]: directory.bridge as CastdeskBridge } },
        attachTo: document.body,
      });
      await flushPromises();
      const view = wrapper;
      const names = () => view.findAll('[data-testid="profile-name"]').map((name) => name.text());
      // Unfiltered, all four show once the library is in.
      if (!path.includes('?')) await eventually(() => expect(names()).toHaveLength(4));
      return { view, router, pinia, names };
    },
  };
}
