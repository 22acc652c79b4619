/**
 * castdesk:// links in the renderer: the route main hands over opens (at start, and when main says
 * one is waiting), a route off the contract does not; "Copy link" copies through the back end, or
 * in the page where the back end has no clipboard (web shell); every search parameter the app
 * writes is one a link may carry; the native menu follows the app's language from the start.
 */
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp, defineComponent, h } from 'vue';
import { createMemoryHistory, createRouter } from 'vue-router';
import { appLinkSearchParams, linkableRoute } from '../../../contract/app-links.ts';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import App from '../../../renderer/src/App.vue';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import CopyLinkButton from '../../../renderer/src/components/links/CopyLinkButton.vue';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { createCastdeskRouter } from '../../../renderer/src/router.ts';
import { routeFromQuery } from '../../../renderer/src/search/profileQueryUrl.ts';
import { emptyQuery, facetNames } from '../../../renderer/src/search/profileIndex.ts';
import { useAppLinksStore } from '../../../renderer/src/stores/appLinks.ts';
import { fakeBridge } from './fakeBridge.ts';

let wrapper: VueWrapper | undefined;

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  delete window.castdeskLinks;
  vi.restoreAllMocks();
});

const Page = defineComponent({ render: () => h('div') });

function storeWith(bridge: CastdeskBridge) {
  const app = createApp(Page);
  app.provide(castdeskBridgeKey, bridge);
  const pinia = createPinia();
  app.use(pinia);
  setActivePinia(pinia);
  return app.runWithContext(() => useAppLinksStore());
}

function smallRouter() {
  return createRouter({
    history: createMemoryHistory(),
    routes: ['/', '/actors', '/actors/:id', '/crew/:id', '/shortlists/:id', '/settings'].map((path) => ({ path, component: Page })),
  });
}

describe('opening a link main received', () => {
  it('opens the start link, then each link main says is waiting; a route off the contract is reported, not opened', async () => {
    const waiting: (() => void)[] = [];
    window.castdeskLinks = { onLinkWaiting: (listener) => void waiting.push(listener) };
    const answers: unknown[] = [{ route: '/crew/9' }, { route: '/actors/5' }, { route: '/settings' }, { route: null }];
    const { bridge, calls } = fakeBridge({
      takeAppLink: () => ({ ok: true, value: answers.shift() }),
      logRendererError: () => ({ ok: true, value: {} }),
    });
    const router = smallRouter();
    await router.push('/');
    const store = storeWith(bridge);
    store.listen(router);
    await vi.waitFor(() => expect(router.currentRoute.value.fullPath).toBe('/crew/9'));
    // Listening twice (a remount) must not double the listener.
    store.listen(router);
    expect(waiting).toHaveLength(1);

    waiting[0]!();
    await vi.waitFor(() => expect(router.currentRoute.value.fullPath).toBe('/actors/5'));
    waiting[0]!();
    await vi.waitFor(() => expect(calls.filter((call) => call.channel === 'logRendererError')).toHaveLength(1));
    expect(router.currentRoute.value.fullPath).toBe('/actors/5');
    waiting[0]!();
    await flushPromises();
    expect(router.currentRoute.value.fullPath).toBe('/actors/5');
  });

  it('asks once at start where the shell has no link events (the web shell)', async () => {
    const { bridge, calls } = fakeBridge({ takeAppLink: () => ({ ok: true, value: { route: null } }) });
    const router = smallRouter();
    await router.push('/');
    storeWith(bridge).listen(router);
    await flushPromises();
    expect(calls.map((call) => call.channel)).toEqual(['takeAppLink']);
    expect(router.currentRoute.value.fullPath).toBe('/');
  });
});

describe('Copy link', () => {
  function mountButton(bridge: CastdeskBridge, route: string, name?: string) {
    wrapper = mount(CopyLinkButton, {
      props: { route, name },
      global: { plugins: [createPinia(), createCastdeskI18n('de')], provide: { [castdeskBridgeKey as symbol]: bridge } },
    });
    return wrapper;
  }

  it('copies through the back end, with the route as the link rule writes it, and says so', async () => {
    const { bridge, calls } = fakeBridge({ copyAppLink: (args: { route: string }) => ({ ok: true, value: { link: `castdesk:/${args.route}`, copied: true } }) });
    const button = mountButton(bridge, '/crew?q=Anna%20Maria&prof=camera', 'Kamera Berlin');
    expect(button.get('button').attributes('aria-label')).toBe('Link zu „Kamera Berlin“ kopieren');
    await button.get('button').trigger('click');
    await flushPromises();
    expect(calls).toEqual([{ channel: 'copyAppLink', args: { route: '/crew?q=Anna+Maria&prof=camera' } }]);
    expect(button.get('[data-testid="copy-link-status"]').text()).toBe('Link kopiert');
  });

  it('copies in the page where the back end has no clipboard (the web shell)', async () => {
    const written: string[] = [];
    vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(async (text: string) => void written.push(text));
    const { bridge } = fakeBridge({ copyAppLink: () => ({ ok: true, value: { link: 'castdesk://actors/12', copied: false } }) });
    const button = mountButton(bridge, '/actors/12');
    await button.get('button').trigger('click');
    await flushPromises();
    expect(written).toEqual(['castdesk://actors/12']);
    expect(button.get('[data-testid="copy-link-status"]').text()).toBe('Link kopiert');
  });

  it('says when the link could not be copied, and never asks for a page no link opens', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    const { bridge, calls } = fakeBridge({ copyAppLink: () => ({ ok: true, value: { link: 'castdesk://actors/12', copied: false } }) });
    const button = mountButton(bridge, '/actors/12');
    await button.get('button').trigger('click');
    await flushPromises();
    expect(button.get('[data-testid="copy-link-status"]').text()).toBe('Der Link konnte nicht kopiert werden.');
    wrapper!.unmount();
    const settings = mountButton(bridge, '/settings');
    await settings.get('button').trigger('click');
    await flushPromises();
    expect(calls.filter((call) => (call.args as { route: string }).route === '/settings')).toEqual([]);
    expect(settings.get('[data-testid="copy-link-status"]').text()).toBe('Der Link konnte nicht kopiert werden.');
  });

  it('has a link for every search the app can save: each parameter it writes is one a link carries', () => {
    const query = emptyQuery();
    query.text = 'Anna Maria';
    query.sort = 'height';
    query.reversed = true;
    for (const facet of facetNames) query.facets[facet] = facet === 'showreel' ? ['yes'] : ['x y', 'zäh'];
    query.facets.language = ['deu'];
    query.languageMinLevels = { deu: 'fliessend' };
    [query.actingAgeMin, query.actingAgeMax, query.heightMin, query.heightMax] = [20, 35, 150, 190];
    const route = routeFromQuery(query, 'grid');
    expect(Object.keys(route).filter((name) => !(appLinkSearchParams as readonly string[]).includes(name))).toEqual([]);
    const router = createCastdeskRouter();
    for (const name of ['actors', 'crew']) expect(linkableRoute(router.resolve({ name, query: route }).fullPath), name).not.toBeNull();
  });
});

describe('the native menu language', () => {
  it('is the app language from the start, and follows it', async () => {
    const { bridge, calls } = fakeBridge({ setMenuLanguage: () => ({ ok: true, value: {} }), takeAppLink: () => ({ ok: true, value: { route: null } }) });
    const router = createCastdeskRouter();
    await router.push('/');
    await router.isReady();
    wrapper = mount(App, { global: { plugins: [createPinia(), createCastdeskI18n('uk'), router], provide: { [castdeskBridgeKey as symbol]: bridge } }, attachTo: document.body });
    await flushPromises();
    await wrapper.get<HTMLSelectElement>('[data-testid="language-switch"]').setValue('pl');
    await flushPromises();
    expect(calls.filter((call) => call.channel === 'setMenuLanguage').map((call) => call.args)).toEqual([{ locale: 'uk' }, { locale: 'pl' }]);
  });
});
