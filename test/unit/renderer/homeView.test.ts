/** The first start on the Home page: what the demo directory is doing, how far its data is, then the sync. */
import { mount, type VueWrapper } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { afterEach, describe, expect, it } from 'vitest';
import { nextTick } from 'vue';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { useConnectionStore } from '../../../renderer/src/stores/connections.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { initialProgress } from '../../../renderer/src/sync/syncProgress.ts';
import HomeView from '../../../renderer/src/views/HomeView.vue';
import { demoView, fakeBridge } from './fakeBridge.ts';

let wrapper: VueWrapper | undefined;
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

function mountHome(locale: 'en' | 'de' = 'en') {
  const pinia = createPinia();
  wrapper = mount(HomeView, { global: { plugins: [pinia, createCastdeskI18n(locale)], provide: { [castdeskBridgeKey as symbol]: fakeBridge().bridge as CastdeskBridge } } });
  return { connections: useConnectionStore(pinia), sync: useSyncStore(pinia) };
}

describe('the first start on Home', () => {
  it('says how many demo actors are written, of how many, in the language’s number format', async () => {
    const { connections } = mountHome('de');
    connections.loading = true;
    connections.demoStatus = { phase: 'generating', actors: 50000, crew: 300, castingCalls: 60, actorsWritten: 12000 };
    await nextTick();
    expect(wrapper!.get('[data-testid="demo-status"]').text()).toContain('50.000 Schauspielprofile');
    expect(wrapper!.get('[data-testid="demo-written"]').text()).toBe('Geschriebene Schauspielprofile: 12.000 von 50.000');
    const bar = wrapper!.get('progress');
    expect([bar.attributes('value'), bar.attributes('max')]).toEqual(['12000', '50000']);
  });

  it('shows the sync once connected, while it runs', async () => {
    const { connections, sync } = mountHome();
    connections.connections = [demoView];
    connections.activeId = demoView.id;
    await nextTick();
    expect(wrapper!.find('[data-testid="sync-progress"]').exists()).toBe(false);
    // The sync store's library is the active connection's (as activate sets it).
    sync.connectionId = demoView.id;
    sync.progress = { ...initialProgress(), state: 'syncing', phase: 'lists', list: { done: 2, total: 10 } };
    await nextTick();
    expect(wrapper!.get('[data-testid="sync-progress"]').attributes('data-state')).toBe('syncing');
  });
});
