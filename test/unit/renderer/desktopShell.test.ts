/**
 * The desktop around the app: About facts and folders, taskbar progress while syncing, a
 * notification when a sync that ran over a minute ends (and none for a short one), renderer
 * failures sent to the log.
 */
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, type Pinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, nextTick } from 'vue';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import AboutSection from '../../../renderer/src/components/settings/AboutSection.vue';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { notifyAfterMs, syncFraction, useDesktopShellStore } from '../../../renderer/src/stores/desktopShell.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { initialProgress, type SyncProgress } from '../../../renderer/src/sync/syncProgress.ts';
import { fakeBridge } from './fakeBridge.ts';

const Host = defineComponent({ render: () => h('div') });
let wrapper: VueWrapper | undefined;

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  vi.useRealTimers();
});

function appInfo(shell: 'electron' | 'web') {
  return { ok: true, value: { version: '0.1.0', shell, keychain: { available: true }, folders: { data: '/home/ida/.config/Castdesk', logs: '/home/ida/.config/Castdesk/logs' } } };
}

function mountWith(component: ReturnType<typeof defineComponent>, shell: 'electron' | 'web', opened = true) {
  const fake = fakeBridge({
    getAppInfo: () => appInfo(shell),
    openFolder: () => ({ ok: true, value: { opened } }),
    setTaskbarProgress: () => ({ ok: true, value: {} }),
    showNotification: () => ({ ok: true, value: { shown: true } }),
    logRendererError: () => ({ ok: true, value: {} }),
  });
  const pinia: Pinia = createPinia();
  wrapper = mount(component, { global: { plugins: [pinia, createCastdeskI18n('en')], provide: { [castdeskBridgeKey as symbol]: fake.bridge as CastdeskBridge } } });
  return { fake, pinia };
}

const progress = (changes: Partial<SyncProgress>): SyncProgress => ({ ...initialProgress(), ...changes });

describe('the About section', () => {
  it('shows version, shell and both folders, with open buttons in the desktop app', async () => {
    const { fake } = mountWith(AboutSection, 'electron', false);
    await flushPromises();
    expect(wrapper!.get('[data-testid="about-version"]').text()).toBe('Version 0.1.0 · Desktop app');
    expect(wrapper!.get('[data-testid="folder-logs"]').text()).toBe('/home/ida/.config/Castdesk/logs');
    await wrapper!.get('[data-testid="open-folder-logs"]').trigger('click');
    await flushPromises();
    expect(fake.calls.filter((call) => call.channel === 'openFolder').map((call) => call.args)).toEqual([{ folder: 'logs' }]);
    // The file manager could not open it: the page says so beside the path.
    expect(wrapper!.text()).toContain('The file manager could not open it');
  });

  it('shows the paths without buttons in the web shell', async () => {
    mountWith(AboutSection, 'web');
    await flushPromises();
    expect(wrapper!.get('[data-testid="about-version"]').text()).toContain('Web shell in your browser');
    expect(wrapper!.get('[data-testid="folder-data"]').text()).toBe('/home/ida/.config/Castdesk');
    expect(wrapper!.findAll('button')).toHaveLength(0);
  });
});

describe('the sync on the desktop', () => {
  it('reads the fraction from the phase in progress, none when no sync runs', () => {
    expect(syncFraction(progress({ state: 'syncing', phase: 'lists', list: { done: 5, total: 20 } }))).toBe(0.25);
    expect(syncFraction(progress({ state: 'paused', phase: 'details', details: { done: 30, queued: 10 } }))).toBe(0.75);
    expect(syncFraction(progress({ state: 'done', phase: 'idle' }))).toBeNull();
  });

  it('puts the progress on the taskbar, and notifies when a sync that ran over a minute ends', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T10:00:00Z'));
    const { fake, pinia } = mountWith(Host, 'electron');
    useDesktopShellStore(pinia);
    const sync = useSyncStore(pinia);
    const sent = (channel: string) => fake.calls.filter((call) => call.channel === channel).map((call) => call.args);

    sync.progress = progress({ state: 'syncing', phase: 'lists', list: { done: 1, total: 4 } });
    await nextTick();
    sync.progress = progress({ state: 'syncing', phase: 'lists', list: { done: 2, total: 4 } });
    await nextTick();
    vi.setSystemTime(new Date('2026-11-25T10:00:30Z'));
    sync.progress = progress({ state: 'done' });
    await nextTick();
    expect(sent('setTaskbarProgress')).toEqual([{ fraction: 0.25 }, { fraction: 0.5 }, { fraction: null }]);
    // Thirty seconds: no notification.
    expect(sent('showNotification')).toEqual([]);

    sync.progress = progress({ state: 'syncing', phase: 'details', details: { done: 0, queued: 10 } });
    await nextTick();
    vi.setSystemTime(new Date(Date.parse('2026-11-25T10:00:30Z') + notifyAfterMs + 1000));
    sync.progress = progress({ state: 'incomplete' });
    await nextTick();
    expect(sent('showNotification')).toEqual([{ title: 'Castdesk: sync finished', body: 'Synced; some kept pictures still wait and are retried automatically.' }]);
  });

  it('sends renderer failures to the log, stack included', async () => {
    const { fake, pinia } = mountWith(Host, 'web');
    const failure = new TypeError('row is undefined');
    useDesktopShellStore(pinia).report(failure, 'render function');
    await flushPromises();
    const [logged] = fake.calls.filter((call) => call.channel === 'logRendererError').map((call) => call.args as { message: string; detail: string });
    expect(logged!.message).toBe('TypeError: row is undefined');
    expect(logged!.detail).toContain('render function');
    expect(logged!.detail).toContain('desktopShell.test.ts');
  });
});
