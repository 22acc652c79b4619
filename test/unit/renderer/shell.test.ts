/**
 * The app shell: the menu, the skip link, the "/" and Esc search shortcuts, the window title per
 * route and language, and the error message's retry button.
 */
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import App from '../../../renderer/src/App.vue';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import ErrorMessage from '../../../renderer/src/components/ErrorMessage.vue';
import { de } from '../../../renderer/src/i18n/de.ts';
import { en } from '../../../renderer/src/i18n/en.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { createCastdeskRouter } from '../../../renderer/src/router.ts';
import { useWindowTitleStore } from '../../../renderer/src/stores/windowTitle.ts';
import { fakeBridge } from './fakeBridge.ts';

let wrapper: VueWrapper | undefined;
const extraNodes: Element[] = [];

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  for (const node of extraNodes.splice(0)) node.remove();
});

/** The whole app on a bridge without connections (the demo does not start), at `path`. */
async function mountApp(path = '/', locale: 'en' | 'de' = 'en') {
  const router = createCastdeskRouter();
  await router.push(path);
  await router.isReady();
  const pinia: Pinia = createPinia();
  const { bridge } = fakeBridge({
    getAppInfo: () => ({ ok: true, value: { version: '1', shell: 'web', keychain: { available: true }, folders: { data: '/tmp/castdesk', logs: '/tmp/castdesk/logs' } } }),
    listConnections: () => ({ ok: true, value: { connections: [], activeId: null } }),
  });
  wrapper = mount(App, {
    global: { plugins: [pinia, createCastdeskI18n(locale), router], provide: { [castdeskBridgeKey as symbol]: bridge } },
    attachTo: document.body,
  });
  setActivePinia(pinia);
  await flushPromises();
  return { app: wrapper, router, pinia };
}

/** Something on the page marked as its search field, as the list views do. */
function addSearchField(value = ''): HTMLInputElement {
  const field = document.createElement('input');
  field.type = 'search';
  field.setAttribute('data-search-field', '');
  field.value = value;
  document.body.append(field);
  extraNodes.push(field);
  return field;
}

function press(target: EventTarget, key: string, modifiers: KeyboardEventInit = {}): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...modifiers });
  target.dispatchEvent(event);
  return event;
}

describe('menu', () => {
  it('links every section in order, in English and German', async () => {
    const { app } = await mountApp();
    const nav = app.get(`nav[aria-label="${en.nav.label}"]`);
    const links = nav.findAll('a');
    expect(links.map((link) => [link.text(), link.attributes('href')])).toEqual([
      ['Home', '#/'],
      ['Actors', '#/actors'],
      ['Crew', '#/crew'],
      ['Credits', '#/credits'],
      ['Changes', '#/changes'],
      ['Casting calls', '#/casting-calls'],
      ['Shortlists', '#/shortlists'],
      ['Connections', '#/connections'],
      ['Settings', '#/settings'],
    ]);
    await app.get('[data-testid="language-switch"]').setValue('de');
    expect(nav.findAll('a').map((link) => link.text())).toEqual([de.nav.home, de.nav.actors, de.nav.crew, de.credits.nav, de.history.changes.nav, de.nav.castingCalls, de.nav.shortlists, de.nav.connections, de.nav.settings]);
  });

  it('marks the current page, and a list section while one of its detail pages is open', async () => {
    const { app, router } = await mountApp('/settings');
    const settings = app.findAll('nav a').find((link) => link.text() === 'Settings')!;
    expect(settings.attributes('aria-current')).toBe('page');
    expect(settings.classes()).toContain('in-section');
    // The route only: the detail views belong to other files and are not needed here.
    expect(router.resolve({ name: 'castingCall', params: { id: '3' } }).href).toBe('#/casting-calls/3');
  });
});

describe('skip link', () => {
  it('comes first and moves focus to the main content without changing the route', async () => {
    const { app, router } = await mountApp('/settings');
    const links = app.findAll('a');
    expect(links[0]!.text()).toBe(en.app.skipToContent);
    await links[0]!.trigger('click');
    expect(document.activeElement?.id).toBe('main-content');
    expect(document.activeElement?.tagName).toBe('MAIN');
    expect(router.currentRoute.value.name).toBe('settings');
  });
});

describe('search shortcuts', () => {
  it('"/" focuses the page\'s search field', async () => {
    await mountApp();
    const field = addSearchField();
    const event = press(document.body, '/');
    expect(document.activeElement).toBe(field);
    expect(event.defaultPrevented).toBe(true);
  });

  it('focuses the field inside a marked container, and skips hidden ones', async () => {
    await mountApp();
    const hidden = document.createElement('div');
    hidden.hidden = true;
    hidden.innerHTML = '<input data-search-field>';
    const container = document.createElement('div');
    container.setAttribute('data-search-field', '');
    container.innerHTML = '<label>Search <input name="q"></label>';
    document.body.append(hidden, container);
    extraNodes.push(hidden, container);
    press(document.body, '/');
    expect(document.activeElement).toBe(container.querySelector('input'));
  });

  it('leaves "/" alone while typing in a field, with Ctrl, Alt or Meta, or without a search field', async () => {
    const { app } = await mountApp('/connections');
    const other = app.get<HTMLInputElement>('input[name="name"]').element;
    other.focus();
    expect(press(other, '/').defaultPrevented).toBe(false);
    expect(press(document.body, '/').defaultPrevented).toBe(false);

    const field = addSearchField();
    other.blur();
    for (const modifier of [{ ctrlKey: true }, { altKey: true }, { metaKey: true }]) {
      expect(press(document.body, '/', modifier).defaultPrevented).toBe(false);
      expect(document.activeElement).not.toBe(field);
    }
    other.focus();
    press(other, '/');
    expect(document.activeElement).toBe(other);
  });

  it('Esc in the search field clears it first, then leaves it', async () => {
    await mountApp();
    const field = addSearchField('zoe');
    const typed: string[] = [];
    field.addEventListener('input', () => typed.push(field.value));
    field.focus();
    expect(press(field, 'Escape').defaultPrevented).toBe(true);
    expect(field.value).toBe('');
    expect(typed).toEqual(['']);
    expect(document.activeElement).toBe(field);
    press(field, 'Escape');
    expect(document.activeElement).not.toBe(field);
  });

  it('leaves Esc alone outside a search field', async () => {
    const { app } = await mountApp('/connections');
    const other = app.get<HTMLInputElement>('input[name="name"]').element;
    other.value = 'Agency';
    other.focus();
    expect(press(other, 'Escape').defaultPrevented).toBe(false);
    expect(other.value).toBe('Agency');
  });
});

describe('window title', () => {
  it('names the page of each route, and follows the UI language', async () => {
    const { app, router } = await mountApp('/');
    expect(document.title).toBe('Home – Castdesk');
    await router.push('/settings');
    await flushPromises();
    expect(document.title).toBe('Settings – Castdesk');
    await router.push('/connections');
    await flushPromises();
    expect(document.title).toBe('Connections – Castdesk');
    await app.get('[data-testid="language-switch"]').setValue('de');
    expect(document.title).toBe('Verbindungen – Castdesk');
    await app.get('[data-testid="language-switch"]').setValue('en');
    expect(document.title).toBe('Connections – Castdesk');
  });

  it('has a page name for every route', async () => {
    const { router } = await mountApp('/');
    const title = useWindowTitleStore();
    const expected: Record<string, string> = {
      home: 'Home',
      actors: 'Actors',
      actor: 'Actor',
      crew: 'Crew',
      crewMember: 'Crew member',
      credits: 'Search the credits',
      changes: 'Changes',
      castingCalls: 'Casting calls',
      castingCall: 'Casting call',
      shortlists: 'Shortlists',
      shortlist: 'Shortlist',
      compare: 'Compare actors',
      connections: 'Connections',
      settings: 'Settings',
      notFound: 'Page not found',
    };
    expect(router.getRoutes().map((route) => String(route.name)).sort()).toEqual(Object.keys(expected).sort());
    for (const [name, page] of Object.entries(expected)) {
      title.showRoute(name);
      await flushPromises();
      expect(document.title, name).toBe(`${page} – Castdesk`);
    }
  });

  it('shows the name a detail view gives, until the route changes', async () => {
    const { app, router } = await mountApp('/settings');
    const title = useWindowTitleStore();
    title.setPageTitle('  Ada Aalto ');
    await flushPromises();
    expect(document.title).toBe('Ada Aalto – Castdesk');
    await app.get('[data-testid="language-switch"]').setValue('de');
    expect(document.title).toBe('Ada Aalto – Castdesk');
    title.setPageTitle(null);
    await flushPromises();
    expect(document.title).toBe('Einstellungen – Castdesk');
    title.setPageTitle('Ada Aalto');
    // A query (a search, a picture) is the same page: the name stays.
    await router.push('/settings?tab=2');
    await flushPromises();
    expect(document.title).toBe('Ada Aalto – Castdesk');
    await router.push('/');
    await flushPromises();
    expect(document.title).toBe('Start – Castdesk');
  });
});

describe('error message', () => {
  const i18n = () => createCastdeskI18n('en');

  it('offers "Try again" only when asked to, and emits retry', async () => {
    const plain = mount(ErrorMessage, { props: { error: { code: 'network', message: 'ECONNREFUSED' } }, global: { plugins: [i18n()] } });
    expect(plain.find('button').exists()).toBe(false);
    expect(plain.text()).toContain(en.errors.network);
    plain.unmount();

    const retrying = mount(ErrorMessage, { props: { error: { code: 'network', message: '' }, retryable: true }, global: { plugins: [i18n()] } });
    const button = retrying.get('button');
    expect(button.text()).toBe(en.errors.retry);
    await button.trigger('click');
    expect(retrying.emitted('retry')).toHaveLength(1);
    retrying.unmount();
  });

  it('names links the external-links store refused or nobody took', async () => {
    for (const code of ['unsafe_link', 'link_not_opened'] as const) {
      const shown = mount(ErrorMessage, { props: { error: { code, message: '' } }, global: { plugins: [i18n()] } });
      expect(shown.text()).toBe(en.errors[code]);
      shown.unmount();
    }
  });
});
