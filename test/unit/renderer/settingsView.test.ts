/**
 * The Settings view's own parts: both languages (each remembered for the next start), refreshing
 * the list names, the connections embedded one heading level down, and the shortcuts written down.
 */
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, type Pinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { de } from '../../../renderer/src/i18n/de.ts';
import { en } from '../../../renderer/src/i18n/en.ts';
import { contentLocaleName, createCastdeskI18n, localeNames, startLocale, uiLocaleStorageKey } from '../../../renderer/src/i18n/index.ts';
import { useConnectionStore } from '../../../renderer/src/stores/connections.ts';
import { useLabelsStore } from '../../../renderer/src/stores/labels.ts';
import SettingsView from '../../../renderer/src/views/SettingsView.vue';
import { demoView, fakeBridge } from './fakeBridge.ts';

let wrapper: VueWrapper | undefined;
let pinia: Pinia;

beforeEach(() => {
  localStorage.clear();
  document.documentElement.lang = 'en';
});

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

async function mountSettings(locale: 'en' | 'de' = 'en') {
  pinia = createPinia();
  const { bridge, calls } = fakeBridge({ listConnections: () => ({ ok: true, value: { connections: [], activeId: null } }) });
  wrapper = mount(SettingsView, {
    global: { plugins: [pinia, createCastdeskI18n(locale)], provide: { [castdeskBridgeKey as symbol]: bridge } },
    attachTo: document.body,
  });
  await flushPromises();
  return { view: wrapper, calls };
}

describe('Settings: UI language', () => {
  it('switches the UI, remembers the choice, and the next start uses it before the browser language', async () => {
    const { view } = await mountSettings();
    const select = view.get<HTMLSelectElement>('[data-testid="ui-language"]');
    expect(select.element.closest('label')?.textContent).toContain(en.settings.uiLanguage);
    // Every UI language, each under its own name.
    expect(select.findAll('option').map((option) => option.text())).toEqual(Object.values(localeNames));
    expect(select.findAll('option').map((option) => option.text())).toEqual(expect.arrayContaining(['English', 'Deutsch', 'Français', 'Polski']));
    await select.setValue('de');
    expect(view.get('h1').text()).toBe(de.settings.title);
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem(uiLocaleStorageKey)).toBe('de');
    expect(startLocale(['en-US'])).toBe('de');
  });

  it('starts in the browser language while nothing was chosen, and ignores a damaged choice', () => {
    expect(startLocale(['de-AT', 'en'])).toBe('de');
    expect(startLocale(['fr-FR'])).toBe('fr');
    expect(startLocale(['pt-BR'])).toBe('en');
    localStorage.setItem(uiLocaleStorageKey, 'klingon');
    expect(startLocale(['de-DE'])).toBe('de');
    localStorage.setItem(uiLocaleStorageKey, 'en');
    expect(startLocale(['de-DE'])).toBe('en');
  });

  it('falls back to the browser language where storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    };
    expect(startLocale(['de'], blocked)).toBe('de');
  });
});

describe('Settings: content language', () => {
  it('offers the ten content languages under their own names', async () => {
    const { view } = await mountSettings('de');
    const select = view.get<HTMLSelectElement>('[data-testid="content-language"]');
    expect(select.element.closest('label')?.textContent).toContain(de.settings.contentLanguage);
    expect(select.findAll('option').map((option) => option.text())).toEqual([
      'English',
      'Deutsch',
      'Français',
      'Italiano',
      'Español',
      'Polski',
      'Română',
      'Українська',
      'Русский',
      'Türkçe',
    ]);
    expect(contentLocaleName('xx-not-a-language')).toBe('xx-not-a-language');
  });

  it('sets the active connection\'s content language through the back end', async () => {
    let current = { ...demoView };
    pinia = createPinia();
    const { bridge, calls } = fakeBridge({
      listConnections: () => ({ ok: true, value: { connections: [current], activeId: current.id } }),
      getAppInfo: () => ({ ok: true, value: { version: '1', shell: 'web', keychain: { available: true }, folders: { data: '/tmp/castdesk', logs: '/tmp/castdesk/logs' } } }),
      updateConnection: (args: { id: string; contentLocale: 'fr' }) => {
        current = { ...current, contentLocale: args.contentLocale };
        return { ok: true, value: current };
      },
    });
    wrapper = mount(SettingsView, {
      global: { plugins: [pinia, createCastdeskI18n('en')], provide: { [castdeskBridgeKey as symbol]: bridge } },
      attachTo: document.body,
    });
    await useConnectionStore(pinia).start();
    await flushPromises();
    const labels = useLabelsStore(pinia);
    expect(labels.contentLocale).toBe('en');
    await wrapper.get('[data-testid="content-language"]').setValue('fr');
    await vi.waitFor(() => expect(labels.contentLocale).toBe('fr'));
    expect(calls.filter((call) => call.channel === 'updateConnection').map((call) => call.args)).toEqual([{ id: demoView.id, contentLocale: 'fr' }]);
    expect(wrapper.get<HTMLSelectElement>('[data-testid="content-language"]').element.value).toBe('fr');
  });

  it('refreshes the list names on request once there is a connection, and shows a failure with a retry', async () => {
    const { view } = await mountSettings();
    const refresh = view.get<HTMLButtonElement>('[data-testid="refresh-labels"]');
    expect(refresh.text()).toBe(en.settings.refreshLabels);
    expect(refresh.element.disabled).toBe(true);

    const connections = useConnectionStore(pinia);
    connections.connections = [demoView];
    connections.activeId = demoView.id;
    await flushPromises();
    const labels = useLabelsStore(pinia);
    const loads: unknown[][] = [];
    labels.$onAction(({ name, args }) => {
      if (name === 'load') loads.push(args);
    });
    expect(refresh.element.disabled).toBe(false);
    await refresh.trigger('click');
    expect(loads).toEqual([[true]]);

    labels.error = { code: 'network', message: 'ECONNREFUSED' };
    await flushPromises();
    const alert = view.get('[role="alert"]');
    expect(alert.text()).toContain(en.errors.network);
    await alert.get('button').trigger('click');
    expect(loads).toEqual([[true], [true]]);
  });
});

describe('Settings: the rest', () => {
  it('embeds the connections one heading level down, with no stored key shown', async () => {
    const { view } = await mountSettings();
    const connections = useConnectionStore(pinia);
    connections.connections = [demoView];
    connections.activeId = demoView.id;
    await flushPromises();
    expect(view.findAll('h1').map((heading) => heading.text())).toEqual([en.settings.title]);
    expect(view.findAll('h2').map((heading) => heading.text())).toContain(en.connections.title);
    expect(view.findAll('h3').map((heading) => heading.text())).toEqual(expect.arrayContaining([expect.stringContaining(demoView.name), en.connections.addTitle]));
    expect(view.text()).toContain(en.connections.keyStored);
    for (const input of view.findAll('input[type="password"]')) expect((input.element as HTMLInputElement).value).toBe('');
    for (const field of view.findAll('input, select')) expect(field.element.closest('label'), field.html()).not.toBeNull();
  });

  it('writes down the keyboard shortcuts', async () => {
    const { view } = await mountSettings();
    const shortcuts = view.get('[data-testid="shortcuts"]');
    expect(shortcuts.findAll('kbd').map((key) => key.text())).toEqual(['/', 'Esc', 'Tab']);
    expect(shortcuts.text()).toContain(en.settings.shortcutSearch);
    expect(shortcuts.text()).toContain(en.settings.shortcutEscape);
  });
});

describe('Settings: media policy', () => {
  it('shows what keeping takes (estimate before, kept bytes after), sets the cache cap in the back end and remembers the showreel limit', async () => {
    pinia = createPinia();
    let capBytes = 2 * 1024 ** 3;
    const { bridge, calls } = fakeBridge({
      listConnections: () => ({ ok: true, value: { connections: [demoView], activeId: demoView.id } }),
      getAppInfo: () => ({ ok: true, value: { version: '1', shell: 'web', keychain: { available: true }, folders: { data: '/tmp/castdesk', logs: '/tmp/castdesk/logs' } } }),
      getMediaCacheStats: () => ({ ok: true, value: { count: 40, files: 40, bytes: 4 * 1024 ** 2, capBytes, keptFiles: 30, keptBytes: 3 * 1024 ** 2 } }),
      setMediaCacheCap: (args: { capBytes: number }) => {
        capBytes = args.capBytes;
        return { ok: true, value: {} };
      },
    });
    wrapper = mount(SettingsView, {
      global: { plugins: [pinia, createCastdeskI18n('en')], provide: { [castdeskBridgeKey as symbol]: bridge } },
      attachTo: document.body,
    });
    await useConnectionStore(pinia).start();
    await flushPromises();
    const policy = wrapper.get('[data-testid="media-policy"]');
    await vi.waitFor(() => expect(policy.get('[data-testid="media-kept"]').text()).toBe('Kept now: 30 files, 3 MB on disk.'));
    expect(policy.get('[data-testid="media-cache-size"]').text()).toBe('Media cache: 40 files, 4 MB of 2 GB.');
    expect(policy.get('[data-testid="media-estimate"]').text()).toMatch(/^Keeping every profile of this library offline takes about .+ \(estimate\)\.$/);

    await policy.get('[data-testid="media-cap"]').setValue(String(5 * 1024 ** 3));
    await vi.waitFor(() => expect(policy.get('[data-testid="media-cache-size"]').text()).toBe('Media cache: 40 files, 4 MB of 5 GB.'));
    expect(calls.filter((call) => call.channel === 'setMediaCacheCap').map((call) => call.args)).toEqual([{ capBytes: 5 * 1024 ** 3 }]);

    await policy.get('[data-testid="media-showreel-limit"]').setValue(String(25 * 1024 ** 2));
    expect(localStorage.getItem('castdesk.media.showreelMaxBytes')).toBe(String(25 * 1024 ** 2));
  });
});
