/**
 * Settings' change history section over the real store and database (fake-indexeddb): the size and
 * the number of records it holds in the UI language, and a lower cap chosen there trims the oldest
 * records at once.
 */
import 'fake-indexeddb/auto';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { Dexie } from 'dexie';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import HistorySection from '../../../renderer/src/components/settings/HistorySection.vue';
import { historyDbName, openHistoryDb, putChangeRecord, recentRecords, type HistoryDb } from '../../../renderer/src/db/historyDb.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { useProfileHistoryStore } from '../../../renderer/src/stores/profileHistory.ts';

const eventually = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 5000, interval: 20 });
let wrapper: VueWrapper | undefined;
let history: ReturnType<typeof useProfileHistoryStore> | undefined;

afterEach(async () => {
  wrapper?.unmount();
  wrapper = undefined;
  history?.close();
  await Dexie.delete(historyDbName);
});

/** A record of about 100 KB: a profile whose whole vita arrived at once. */
const bigChange = (index: number) => ({
  field: 'credits' as const,
  added: Array.from({ length: 1000 }, (_, entry) => ({ group: 'film', name: `Film ${index}-${entry} ${'x'.repeat(40)}`, role: 'Lead', year: 2000 + (entry % 25) })),
  removed: [],
});


/** The app's history database, opened beside the store's (the store hands out no handle); deleting it after the test closes it. */
function historyDb(): Promise<HistoryDb> {
  return openHistoryDb();
}

describe('the change history in Settings', () => {
  it('shows the size and count, and a lower cap removes the oldest records at once', async () => {
    const pinia = createPinia();
    setActivePinia(pinia);
    history = useProfileHistoryStore();
    await eventually(() => expect(history!.ready).toBe(true));
    for (let index = 1; index <= 20; index += 1) {
      const at = `2026-02-01T10:00:${String(index).padStart(2, '0')}.000Z`;
      await putChangeRecord(await historyDb(), { origin: 'https://d.example', kind: 'actor', profileId: index, name: `Actor ${index}`, updatedAt: at, previousUpdatedAt: null, recordedAt: at, changes: [bigChange(index)] });
    }
    wrapper = mount(HistorySection, { global: { plugins: [pinia, createCastdeskI18n('de')] } });
    await flushPromises();
    await eventually(() => expect(wrapper!.get('[data-testid="history-count"]').text()).toBe('Die Historie enthält 20 Einträge.'));
    const bytes = history.totals!.bytes;
    expect(bytes).toBeGreaterThan(1024 * 1024);
    expect(wrapper.get('[data-testid="history-size"]').text()).toBe(`${new Intl.NumberFormat('de', { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024)} MB`);
    const cap = wrapper.get('[data-testid="history-cap"]');
    expect((cap.element as HTMLSelectElement).value).toBe(String(10 * 1024 * 1024));
    expect(cap.findAll('option').map((option) => option.text())).toEqual(['1 MB', '5 MB', '10 MB', '25 MB', '50 MB', '100 MB']);

    await cap.setValue(String(1024 * 1024));
    await eventually(() => expect(history!.totals!.capBytes).toBe(1024 * 1024));
    expect(history.totals!.bytes).toBeLessThanOrEqual(1024 * 1024);
    const kept = await recentRecords(await historyDb(), 100);
    expect(kept.length).toBe(history.totals!.count);
    expect(kept.length).toBeLessThan(20);
    // The newest stay, the oldest went.
    expect(kept.map((record) => record.profileId)).toEqual(Array.from({ length: kept.length }, (_, index) => 20 - index));
    await eventually(() => expect(wrapper!.get('[data-testid="history-count"]').text()).toBe(`Die Historie enthält ${kept.length} Einträge.`));
  });
});
