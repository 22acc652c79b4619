import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bridgeErrorCodes } from '../../../contract/bridge-errors.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { de } from '../../../renderer/src/i18n/de.ts';
import { en } from '../../../renderer/src/i18n/en.ts';
import { errorMessageKey } from '../../../renderer/src/i18n/errorMessages.ts';
import { createCastdeskI18n, type SupportedLocale } from '../../../renderer/src/i18n/index.ts';
import { useConnectionStore } from '../../../renderer/src/stores/connections.ts';
import ConnectionsView from '../../../renderer/src/views/ConnectionsView.vue';
import { demoView, fakeBridge } from './fakeBridge.ts';

let wrapper: VueWrapper | undefined;
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

async function mountView(bridge: ReturnType<typeof fakeBridge>['bridge'], keychainAvailable = true, locale: SupportedLocale = 'en') {
  const pinia = createPinia();
  wrapper = mount(ConnectionsView, {
    global: { plugins: [pinia, createCastdeskI18n(locale)], provide: { [castdeskBridgeKey as symbol]: bridge } },
    attachTo: document.body,
  });
  const store = useConnectionStore(pinia);
  store.keychain = keychainAvailable ? { available: true } : { available: false, reason: 'no secret service' };
  await store.refresh();
  await flushPromises();
  return wrapper;
}

describe('error texts', () => {
  it('has a text for every bridge error code in English and German', () => {
    for (const code of bridgeErrorCodes) {
      expect(errorMessageKey(code)).toBe(`errors.${code}`);
      expect(en.errors[code], code).toBeTruthy();
      expect(de.errors[code], code).toBeTruthy();
    }
    expect(errorMessageKey('something_new')).toBe('errors.internal');
  });
});

describe('Connections view', () => {
  it('never shows a stored key: a password field and "Key stored"', async () => {
    const { bridge } = fakeBridge({ listConnections: () => ({ ok: true, value: { connections: [demoView], activeId: demoView.id } }) });
    const view = await mountView(bridge);
    expect(view.text()).toContain('Key stored');
    for (const input of view.findAll('input')) {
      if (/key/i.test(input.attributes('name') ?? '') || input.attributes('type') === 'password') {
        expect(input.attributes('type')).toBe('password');
        expect((input.element as HTMLInputElement).value).toBe('');
      }
    }
    // Every input and select has a label around it.
    for (const field of view.findAll('input, select')) expect(field.element.closest('label'), field.html()).not.toBeNull();
  });

  it('adds a connection with its key, then empties the key field', async () => {
    const { bridge, calls } = fakeBridge({
      listConnections: () => ({ ok: true, value: { connections: [], activeId: null } }),
      testNewConnection: () => ({ ok: true, value: { reachable: true, keyAccepted: true, counts: { actors: 1, crew: 1, castingCalls: 1 } } }),
      addConnection: () => ({ ok: true, value: { ...demoView, id: 'c-2', name: 'Agency', isDemo: false } }),
    });
    const view = await mountView(bridge);
    await view.get('input[name="name"]').setValue('Agency');
    await view.get('input[name="baseUrl"]').setValue('https://directory.example');
    await view.get('select[name="contentLocale"]').setValue('de');
    await view.get('input[name="key"]').setValue('secret-key-1');
    await view.get('form.add-form').trigger('submit');
    await flushPromises();
    // Tested first, then saved.
    expect(calls.map((call) => call.channel).filter((channel) => channel === 'testNewConnection' || channel === 'addConnection')).toEqual(['testNewConnection', 'addConnection']);
    expect(calls.find((call) => call.channel === 'testNewConnection')?.args).toEqual({ baseUrl: 'https://directory.example', key: 'secret-key-1' });
    expect(calls.find((call) => call.channel === 'addConnection')?.args).toEqual({ name: 'Agency', baseUrl: 'https://directory.example', contentLocale: 'de', key: 'secret-key-1' });
    expect((view.get('input[name="key"]').element as HTMLInputElement).value).toBe('');
    expect(view.text()).toContain('Connection "Agency" added.');
  });

  it('shows a refused connection through its i18n error text', async () => {
    const { bridge } = fakeBridge({
      listConnections: () => ({ ok: true, value: { connections: [], activeId: null } }),
      testNewConnection: () => ({ ok: true, value: { reachable: true, keyAccepted: true } }),
      addConnection: () => ({ ok: false, error: { code: 'invalid_input', message: 'Base URLs must use https.' } }),
    });
    const view = await mountView(bridge);
    await view.get('form.add-form').trigger('submit');
    await flushPromises();
    const alert = view.get('[role="alert"]');
    expect(alert.text()).toContain(en.errors.invalid_input);
    expect(alert.text()).toContain('Base URLs must use https.');
  });

  it('saves nothing when the test on save finds the key refused, says why, and offers no "save anyway"', async () => {
    const { bridge, calls } = fakeBridge({
      listConnections: () => ({ ok: true, value: { connections: [], activeId: null } }),
      testNewConnection: () => ({ ok: true, value: { reachable: true, keyAccepted: false, error: { code: 'unauthorized', message: 'HTTP 401' } } }),
    });
    const view = await fillAddForm(await mountView(bridge));
    await view.get('form.add-form').trigger('submit');
    await flushPromises();
    expect(calls.some((call) => call.channel === 'addConnection')).toBe(false);
    const failed = view.get('[data-testid="add-test-failed"]');
    expect(failed.text()).toContain(en.connections.addTestFailed);
    expect(failed.text()).toContain(en.errors.unauthorized);
    expect(view.find('[data-testid="add-anyway"]').exists()).toBe(false);
    // The key stays for the correction; nothing says it was added.
    expect((view.get('input[name="key"]').element as HTMLInputElement).value).toBe('secret-key-1');
    expect(view.text()).not.toContain('added.');
  });

  it('offers "save anyway" when the directory could not be asked, and saves only when chosen', async () => {
    const { bridge, calls } = fakeBridge({
      listConnections: () => ({ ok: true, value: { connections: [], activeId: null } }),
      testNewConnection: () => ({ ok: true, value: { reachable: false, keyAccepted: false, error: { code: 'network', message: 'Nothing answers at directory.example' } } }),
      addConnection: () => ({ ok: true, value: { ...demoView, id: 'c-2', name: 'Agency', isDemo: false } }),
    });
    const view = await fillAddForm(await mountView(bridge));
    await view.get('form.add-form').trigger('submit');
    await flushPromises();
    expect(calls.some((call) => call.channel === 'addConnection')).toBe(false);
    expect(view.get('[data-testid="add-test-failed"]').text()).toContain(en.errors.network);
    await view.get('[data-testid="add-anyway"]').trigger('click');
    await flushPromises();
    expect(calls.filter((call) => call.channel === 'testNewConnection')).toHaveLength(1);
    expect(calls.find((call) => call.channel === 'addConnection')?.args).toEqual({ name: 'Agency', baseUrl: 'https://directory.example', contentLocale: 'en', key: 'secret-key-1' });
    expect(view.text()).toContain('Connection "Agency" added.');
    expect(view.find('[data-testid="add-test-failed"]').exists()).toBe(false);
    expect((view.get('input[name="key"]').element as HTMLInputElement).value).toBe('');
  });

  it('shows the test verdict, good or bad', async () => {
    const { bridge } = fakeBridge({
      listConnections: () => ({ ok: true, value: { connections: [demoView], activeId: demoView.id } }),
      testConnection: () => ({ ok: true, value: { reachable: true, keyAccepted: false, error: { code: 'unauthorized', message: 'HTTP 401' } } }),
    });
    const view = await mountView(bridge);
    const testButton = view.findAll('button').find((button) => button.text() === 'Test connection');
    await testButton!.trigger('click');
    await flushPromises();
    expect(view.get('[data-testid="connection-test-result"]').text()).toContain(en.errors.unauthorized);
  });

  it('offers a failed list again with "Try again", and the error goes once the list is back', async () => {
    let failing = true;
    const { bridge, calls } = fakeBridge({
      listConnections: () =>
        failing ? { ok: false, error: { code: 'network', message: 'ECONNREFUSED' } } : { ok: true, value: { connections: [demoView], activeId: demoView.id } },
    });
    const view = await mountView(bridge);
    const alert = view.get('[role="alert"]');
    expect(alert.text()).toContain(en.errors.network);
    failing = false;
    await alert.get('button').trigger('click');
    await flushPromises();
    expect(calls.filter((call) => call.channel === 'listConnections')).toHaveLength(2);
    expect(view.find('[role="alert"]').exists()).toBe(false);
    expect(view.get(`[data-testid="connection-${demoView.name}"]`).text()).toContain(demoView.name);
  });

  it('names each content language in its own language', async () => {
    const { bridge } = fakeBridge({ listConnections: () => ({ ok: true, value: { connections: [], activeId: null } }) });
    const view = await mountView(bridge);
    const options = view.get('select[name="contentLocale"]').findAll('option');
    expect(options.map((option) => [option.attributes('value'), option.text()])).toContainEqual(['de', 'Deutsch']);
    expect(options.map((option) => option.text())).toContain('Українська');
    expect(options).toHaveLength(10);
  });

  it('offers the UI language as a new connection’s content language', async () => {
    const { bridge } = fakeBridge({ listConnections: () => ({ ok: true, value: { connections: [], activeId: null } }) });
    const view = await mountView(bridge, true, 'pl');
    expect(view.get<HTMLSelectElement>('select[name="contentLocale"]').element.value).toBe('pl');
  });

  it('says plainly when there is no keychain', async () => {
    const { bridge } = fakeBridge({ listConnections: () => ({ ok: true, value: { connections: [], activeId: null } }) });
    const view = await mountView(bridge, false);
    expect(view.get('[data-testid="keychain-unavailable"] p').text()).toBe(en.connections.keychainUnavailable);
    // The form does not claim the key would be stored in the keychain, and cannot be sent.
    expect(view.get('[data-testid="key-hint"]').text()).toBe(en.connections.keyHintNoKeychain);
    expect(view.get('form.add-form button[type="submit"]').attributes('disabled')).toBeDefined();
  });
});

describe('A keychain that did not answer at start', () => {
  const appInfo = (available: boolean) => ({
    ok: true,
    value: { version: '1', shell: 'web', keychain: available ? { available } : { available, reason: 'it did not answer within 5000 ms' }, folders: { data: '/d', logs: '/l' } },
  });

  it('is asked again with Check again; once it answers, the form can add a connection', async () => {
    let answering = false;
    const { bridge, calls } = fakeBridge({
      listConnections: () => ({ ok: true, value: { connections: [], activeId: null } }),
      getAppInfo: () => appInfo(answering),
    });
    const view = await mountView(bridge, false);
    const submit = () => view.get('form.add-form button[type="submit"]');
    expect(submit().attributes('disabled')).toBeDefined();

    await view.get('[data-testid="keychain-check-again"]').trigger('click');
    await flushPromises();
    expect(calls.filter((call) => call.channel === 'getAppInfo').map((call) => call.args)).toEqual([{ recheckKeychain: true }]);
    expect(view.find('[data-testid="keychain-unavailable"]').exists()).toBe(true);

    answering = true;
    await view.get('[data-testid="keychain-check-again"]').trigger('click');
    await flushPromises();
    expect(view.find('[data-testid="keychain-unavailable"]').exists()).toBe(false);
    expect(view.get('[data-testid="key-hint"]').text()).toBe(en.connections.keyHint);
    expect(submit().attributes('disabled')).toBeUndefined();
  });

  it('is asked again by itself when the Connections page opens', async () => {
    const { bridge, calls } = fakeBridge({ listConnections: () => ({ ok: true, value: { connections: [], activeId: null } }), getAppInfo: () => appInfo(true) });
    const pinia = createPinia();
    const mountPage = () => mount(ConnectionsView, { global: { plugins: [pinia, createCastdeskI18n('en')], provide: { [castdeskBridgeKey as symbol]: bridge } }, attachTo: document.body });
    wrapper = mountPage();
    // What the app found at start; the page is left and opened again.
    useConnectionStore(pinia).keychain = { available: false, reason: 'it did not answer within 5000 ms' };
    await flushPromises();
    wrapper.unmount();
    expect(calls.filter((call) => call.channel === 'getAppInfo')).toEqual([]);
    wrapper = mountPage();
    await flushPromises();
    expect(calls.filter((call) => call.channel === 'getAppInfo').map((call) => call.args)).toEqual([{ recheckKeychain: true }]);
    expect(wrapper.find('[data-testid="keychain-unavailable"]').exists()).toBe(false);
  });
});

/** Fills the add form as a user would: name, address and key (content language as offered). */
async function fillAddForm(view: Awaited<ReturnType<typeof mountView>>) {
  await view.get('input[name="name"]').setValue('Agency');
  await view.get('input[name="baseUrl"]').setValue('https://directory.example');
  await view.get('input[name="key"]').setValue('secret-key-1');
  return view;
}

describe('Removing a connection', () => {
  it('asks first, says the shortlists stay, and removes only on yes', async () => {
    const other = { ...demoView, id: 'agency-1', name: 'Agentur Nord', isDemo: false };
    let connections = [demoView, other];
    const { bridge, calls } = fakeBridge({
      listConnections: () => ({ ok: true, value: { connections, activeId: demoView.id } }),
      removeConnection: (args: { id: string }) => {
        connections = connections.filter((connection) => connection.id !== args.id);
        return { ok: true, value: {} };
      },
    });
    const view = await mountView(bridge);
    const card = () => view.find('[data-testid="connection-Agentur Nord"]');
    const button = (text: string) => card().findAll('button').find((candidate) => candidate.text() === text)!;
    await button('Remove').trigger('click');
    expect(card().find('[data-testid="confirm-removal"]').text()).toContain('Remove the connection "Agentur Nord"?');
    expect(card().find('[data-testid="confirm-removal"]').text()).toContain('Your shortlists stay');
    await button('Keep it').trigger('click');
    expect(card().find('[data-testid="confirm-removal"]').exists()).toBe(false);
    expect(calls.some((call) => call.channel === 'removeConnection')).toBe(false);

    await button('Remove').trigger('click');
    await button('Remove connection').trigger('click');
    // Its share of the library goes first (IndexedDB), then the list is read again.
    await vi.waitFor(() => expect(view.find('[data-testid="connection-Agentur Nord"]').exists()).toBe(false), { timeout: 5000 });
    expect(calls.filter((call) => call.channel === 'removeConnection').map((call) => call.args)).toEqual([{ id: 'agency-1' }]);
  });
});
