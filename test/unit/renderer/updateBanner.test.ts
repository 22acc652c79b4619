/**
 * The update banner and its store: nothing shows (and nothing is asked again) where updates are
 * unavailable; a ready update asks "install on quit / later", sends the answer, and says what will
 * happen; a refused answer shows its error in the user's language.
 */
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CastdeskBridge, UpdateStatus } from '../../../contract/bridge.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import UpdateBanner from '../../../renderer/src/components/UpdateBanner.vue';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { updatePollMs } from '../../../renderer/src/stores/updates.ts';
import { fakeBridge } from './fakeBridge.ts';

let wrapper: VueWrapper | undefined;

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  vi.useRealTimers();
});

function mountBanner(initial: UpdateStatus, onConsent?: (consent: string) => unknown, locale: 'en' | 'de' = 'en') {
  let status = initial;
  const fake = fakeBridge({
    getUpdateStatus: () => ({ ok: true, value: status }),
    setUpdateConsent: ((args: { consent: 'install_on_quit' | 'later' }) => {
      const refused = onConsent?.(args.consent);
      if (refused) return refused;
      status = { ...status, consent: args.consent };
      return { ok: true, value: status };
    }) as never,
  });
  wrapper = mount(UpdateBanner, { global: { plugins: [createPinia(), createCastdeskI18n(locale)], provide: { [castdeskBridgeKey as symbol]: fake.bridge as CastdeskBridge } } });
  return fake;
}

const count = (fake: ReturnType<typeof fakeBridge>, channel: string) => fake.calls.filter((call) => call.channel === channel).length;

describe('the update banner', () => {
  it('shows nothing and stops asking where updates are unavailable', async () => {
    vi.useFakeTimers();
    const fake = mountBanner({ phase: 'unavailable', consent: 'undecided' });
    await flushPromises();
    expect(wrapper!.find('[data-testid="update-banner"]').exists()).toBe(false);
    await vi.advanceTimersByTimeAsync(updatePollMs * 3);
    expect(count(fake, 'getUpdateStatus')).toBe(1);
  });

  it('asks again while an update may still come, and shows it once it is ready', async () => {
    vi.useFakeTimers();
    let status: UpdateStatus = { phase: 'downloading', version: '0.2.0', consent: 'undecided' };
    const fake = fakeBridge({ getUpdateStatus: () => ({ ok: true, value: status }) });
    wrapper = mount(UpdateBanner, { global: { plugins: [createPinia(), createCastdeskI18n('en')], provide: { [castdeskBridgeKey as symbol]: fake.bridge as CastdeskBridge } } });
    await flushPromises();
    expect(wrapper.find('[data-testid="update-banner"]').exists()).toBe(false);
    status = { phase: 'ready', version: '0.2.0', consent: 'undecided' };
    await vi.advanceTimersByTimeAsync(updatePollMs);
    expect(wrapper.get('[data-testid="update-banner"]').text()).toContain('Castdesk 0.2.0 is downloaded and verified. Install it when you quit Castdesk?');
  });

  it('sends "install on quit", says so, and can take it back', async () => {
    const fake = mountBanner({ phase: 'ready', version: '0.2.0', consent: 'undecided' });
    await flushPromises();
    await wrapper!.get('[data-testid="update-install-on-quit"]').trigger('click');
    await flushPromises();
    expect(fake.calls.filter((call) => call.channel === 'setUpdateConsent').map((call) => call.args)).toEqual([{ consent: 'install_on_quit' }]);
    expect(wrapper!.get('[data-testid="update-banner"]').text()).toContain('Castdesk 0.2.0 will be installed when you quit.');
    await wrapper!.get('[data-testid="update-undo"]').trigger('click');
    await flushPromises();
    expect(fake.calls.filter((call) => call.channel === 'setUpdateConsent').map((call) => call.args)).toEqual([{ consent: 'install_on_quit' }, { consent: 'later' }]);
    expect(wrapper!.find('[data-testid="update-banner"]').exists()).toBe(false);
  });

  it('speaks the user’s language', async () => {
    mountBanner({ phase: 'ready', version: '0.2.0', consent: 'undecided' }, undefined, 'de');
    await flushPromises();
    expect(wrapper!.get('[data-testid="update-install-on-quit"]').text()).toBe('Beim Beenden installieren');
  });

  it('shows a refused answer as an error', async () => {
    mountBanner({ phase: 'ready', version: '0.2.0', consent: 'undecided' }, () => ({ ok: false, error: { code: 'update_not_ready', message: 'No downloaded and verified update is waiting.' } }));
    await flushPromises();
    await wrapper!.get('[data-testid="update-install-on-quit"]').trigger('click');
    await flushPromises();
    expect(wrapper!.get('[role="alert"]').attributes('data-error-code')).toBe('update_not_ready');
    expect(wrapper!.get('[role="alert"]').text()).toContain('No downloaded and verified update is waiting.');
  });
});
