/**
 * The sync box's figures in German and Polish (issue 22, items 15 and 20): every count through the
 * language's number format ("24.980", "12,4"), a request rate with its plural form ("1 Anfrage"),
 * the first figure named for what it counts (profiles read from the lists, not lists), and the
 * reconcile phase in plain words.
 */
import { mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent } from 'vue';
import { useI18n } from 'vue-i18n';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import SyncProgress from '../../../renderer/src/components/SyncProgress.vue';
import { createCastdeskI18n, type SupportedLocale } from '../../../renderer/src/i18n/index.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { initialProgress, type SyncProgress as Progress } from '../../../renderer/src/sync/syncProgress.ts';
import { fakeBridge } from './fakeBridge.ts';

let wrapper: VueWrapper | undefined;

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

function mountProgress(locale: SupportedLocale, progress: Partial<Progress>): VueWrapper {
  const pinia = createPinia();
  setActivePinia(pinia);
  const { bridge } = fakeBridge();
  const provide = { [castdeskBridgeKey as symbol]: bridge };
  wrapper = mount(SyncProgress, { global: { plugins: [pinia, createCastdeskI18n(locale)], provide } });
  const sync = useSyncStore(pinia);
  sync.connectionId = 'demo-1';
  sync.progress = { ...initialProgress(), ...progress };
  return wrapper;
}

const running: Partial<Progress> = {
  state: 'syncing',
  phase: 'reconcile',
  list: { done: 12_135, total: 37_115 },
  details: { done: 24_980, queued: 1_200 },
  keptMedia: { profiles: 900, saved: 12_135, wanted: 37_115, planned: 37_115, waiting: 0, pending: 24_980, overCap: 0, tooLarge: 0, notImage: 0, failed: 0, reason: null, capBytes: 2 * 1024 ** 3 },
  ratePerMinute: 12.4,
};

describe('The sync box in German', () => {
  it('groups every count, writes decimals with a comma and names what the first figure counts', async () => {
    const view = mountProgress('de', running);
    await view.vm.$nextTick();
    const text = view.text();
    expect(view.get('[data-testid="sync-list-count"]').text()).toBe('Profile aus den Listen gelesen: 12.135 von 37.115');
    expect(text).toContain('Profile: 24.980 gespeichert, 1.200 ausstehend');
    expect(text).toContain('Offline behalten: 12.135 von 37.115 Bildern und Showreels gespeichert');
    // From ten a minute on, whole requests; a slow rate keeps its tenth, with a comma.
    expect(text).toContain('12 Anfragen pro Minute');
    expect(text).not.toMatch(/\d{5}|12[.,]4/u);
    expect(view.get('[data-testid="sync-state"]').text()).toContain('Es wird geprüft, welche Profile das Verzeichnis nicht mehr hat');
  });

  it('writes a slow rate with its tenth after a comma', async () => {
    const view = mountProgress('de', { ...running, ratePerMinute: 2.46 });
    await view.vm.$nextTick();
    expect(view.text()).toContain('2,5 Anfragen pro Minute');
  });

  it('gives no time estimate while the lists are still read (the queue still grows), and one after', async () => {
    const reading = mountProgress('de', { ...running, phase: 'lists', etaSeconds: 30 });
    await reading.vm.$nextTick();
    expect(reading.text()).not.toMatch(/Noch /u);
    reading.unmount();
    const fetching = mountProgress('de', { ...running, phase: 'details', etaSeconds: 30 });
    await fetching.vm.$nextTick();
    expect(fetching.text()).toMatch(/Noch /u);
  });

  it('says one request in the singular', async () => {
    const view = mountProgress('de', { ...running, ratePerMinute: 1 });
    await view.vm.$nextTick();
    expect(view.text()).toContain('1 Anfrage pro Minute');
    expect(view.text()).not.toContain('1 Anfragen');
  });
});

describe('The sync box in Polish', () => {
  it('groups with the Polish separator', async () => {
    const view = mountProgress('pl', running);
    await view.vm.$nextTick();
    expect(view.get('[data-testid="sync-list-count"]').text()).toMatch(/^Profile odczytane z list: 12\s135 z 37\s115$/u);
  });
});

describe('A backup conflict in German', () => {
  it('says one changed entry and one director\'s pick in the singular', () => {
    let t: ReturnType<typeof useI18n>['t'] = () => '';
    mount(defineComponent({ setup: () => ((t = useI18n().t), () => null) }), { global: { plugins: [createCastdeskI18n('de')] } }).unmount();
    // A fresh object each call: vue-i18n writes the plural count into the one it is given.
    const named = (changed: string) => ({ name: 'Rolle A', added: '0', removed: '0', changed, reordered: '' });
    expect(t('shortlistExport.conflictDetails', named('1'), 1)).toBe('„Rolle A“: 0 mehr, 0 weniger, 1 geänderter Eintrag');
    expect(t('shortlistExport.conflictDetails', named('2'), 2)).toBe('„Rolle A“: 0 mehr, 0 weniger, 2 geänderte Einträge');
    expect(t('shortlistExport.picksApplied', { count: '1', names: 'Anna' }, 1)).toBe('1 Eintrag als Wahl der Regie markiert: Anna.');
    expect(t('shortlistExport.picksApplied', { count: '2', names: 'Anna, Ben' }, 2)).toBe('2 Einträge als Wahl der Regie markiert: Anna, Ben.');
  });
});
