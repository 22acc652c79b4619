/**
 * The sync box while pictures are kept offline (issue 22, item 5): the bar counts done of planned
 * and is never full while work remains (a finished list read once showed 100 % with 45 % of the
 * pictures still to come); when the media cache's cap stops keeping, the box says so with what to
 * do; each refusal has its own line; files not tried yet are never called unreachable.
 */
import { mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, describe, expect, it } from 'vitest';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import SyncProgress from '../../../renderer/src/components/SyncProgress.vue';
import { createCastdeskI18n, type SupportedLocale } from '../../../renderer/src/i18n/index.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import type { KeptMediaCounts } from '../../../renderer/src/sync/types.ts';
import { initialProgress, type SyncProgress as Progress } from '../../../renderer/src/sync/syncProgress.ts';
import { fakeBridge } from './fakeBridge.ts';

let wrapper: VueWrapper | undefined;

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

async function mountProgress(locale: SupportedLocale, progress: Partial<Progress>): Promise<VueWrapper> {
  const pinia = createPinia();
  setActivePinia(pinia);
  const { bridge } = fakeBridge();
  wrapper = mount(SyncProgress, { global: { plugins: [pinia, createCastdeskI18n(locale)], provide: { [castdeskBridgeKey as symbol]: bridge } } });
  const sync = useSyncStore(pinia);
  sync.connectionId = 'demo-1';
  sync.progress = { ...initialProgress(), ...progress };
  await wrapper.vm.$nextTick();
  return wrapper;
}

function bar(view: VueWrapper): { value: number; max: number } {
  const element = view.get('[data-testid="sync-bar"]').element as HTMLProgressElement;
  return { value: Number(element.getAttribute('value')), max: Number(element.getAttribute('max')) };
}

const gigabytes2 = 2 * 1024 ** 3;
const counts = (change: Partial<KeptMediaCounts>): KeptMediaCounts => ({
  profiles: 2234,
  wanted: 37_115,
  planned: 25_000,
  saved: 0,
  waiting: 0,
  pending: 0,
  overCap: 12_115,
  tooLarge: 0,
  notImage: 0,
  failed: 0,
  reason: null,
  capBytes: gigabytes2,
  ...change,
});
const listsRead = { list: { done: 2234, total: 2234 }, details: { done: 2234, queued: 0 } };

describe('The sync box bar', () => {
  it('counts kept files done of planned while pictures are kept, not the finished list read', async () => {
    const view = await mountProgress('de', { ...listsRead, state: 'syncing', phase: 'media', keptMedia: counts({ saved: 13_750, pending: 11_250 }) });
    expect(bar(view)).toEqual({ value: 13_750, max: 25_000 });
  });

  it('is not full when the run ended with files waiting or not tried yet', async () => {
    for (const state of ['done', 'incomplete'] as const) {
      const view = await mountProgress('de', { ...listsRead, state, phase: 'idle', keptMedia: counts({ saved: 24_999, waiting: 1, reason: 'unreachable' }) });
      const shown = bar(view);
      expect(shown.value).toBeLessThan(shown.max);
      view.unmount();
    }
  });

  it('is full once every planned file is settled, the ones left out for the cap included', async () => {
    const view = await mountProgress('de', { ...listsRead, state: 'done', phase: 'idle', keptMedia: counts({ saved: 24_990, tooLarge: 4, notImage: 3, failed: 3 }) });
    const shown = bar(view);
    expect(shown.value).toBe(shown.max);
  });

  it('is never full while lists are still read', async () => {
    const view = await mountProgress('de', { state: 'syncing', phase: 'lists', list: { done: 0, total: 0 } });
    expect(bar(view).value).toBeLessThan(bar(view).max);
  });
});

describe('The cap and each refusal, in words', () => {
  it('says in German that the cap stops keeping and what to do', async () => {
    const view = await mountProgress('de', { ...listsRead, state: 'done', phase: 'idle', keptMedia: counts({ saved: 25_000 }) });
    const line = view.get('[data-testid="sync-kept-over-cap"]').text();
    expect(line).toContain('12.115 Dateien werden nicht offline behalten');
    expect(line).toMatch(/von 2\s*GB ist voll/u);
    expect(line).toContain('Erhöhen Sie das Limit in den Einstellungen oder behalten Sie weniger Profile offline');
    expect(view.text()).toContain('Offline behalten: 25.000 von 25.000 Bildern und Showreels gespeichert');
  });

  it('names each refusal on its own line and calls files not tried yet pending, not unreachable', async () => {
    const view = await mountProgress('en', {
      ...listsRead,
      state: 'syncing',
      phase: 'media',
      keptMedia: counts({ saved: 20_000, pending: 4_990, tooLarge: 1, notImage: 2, failed: 7 }),
    });
    expect(view.get('[data-testid="sync-kept-too-large"]').text()).toBe('1 file refused: too large');
    expect(view.get('[data-testid="sync-kept-not-image"]').text()).toBe('2 files refused: not pictures or showreels');
    expect(view.get('[data-testid="sync-kept-failed"]').text()).toBe('7 files could not be downloaded (gone from the picture host)');
    expect(view.get('[data-testid="sync-kept-pending"]').text()).toBe('4,990 files not tried yet; they follow automatically');
    expect(view.find('[data-testid="sync-kept-waiting"]').exists()).toBe(false);
    expect(view.text()).not.toContain('cannot be reached');
  });
});
