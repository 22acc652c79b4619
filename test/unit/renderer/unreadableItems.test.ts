/**
 * Settings' "could not read" list: each item the directory sent that did not match the API, with
 * what it belongs to, the JSON path of the bad field and why; a plain sentence when there is none.
 */
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { afterEach, describe, expect, it } from 'vitest';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import UnreadableItemsList from '../../../renderer/src/components/UnreadableItemsList.vue';
import { de } from '../../../renderer/src/i18n/de.ts';
import { en } from '../../../renderer/src/i18n/en.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { mergeUnreadable, type UnreadableItem } from '../../../renderer/src/db/unreadableItems.ts';
import { useUnreadableItemsStore } from '../../../renderer/src/stores/unreadableItems.ts';
import { fakeBridge } from './fakeBridge.ts';

let wrapper: VueWrapper | undefined;
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

async function mountList(locale: 'en' | 'de') {
  const pinia = createPinia();
  const { bridge } = fakeBridge({ listConnections: () => ({ ok: true, value: { connections: [], activeId: null } }) });
  wrapper = mount(UnreadableItemsList, { global: { plugins: [pinia, createCastdeskI18n(locale)], provide: { [castdeskBridgeKey as symbol]: bridge } } });
  await flushPromises();
  return { view: wrapper, store: useUnreadableItemsStore(pinia) };
}

const seenAt = '2026-11-20T10:00:00.000Z';

describe('the "could not read" list', () => {
  it('names each item, where it is wrong and why; says so when every item was read', async () => {
    const { view, store } = await mountList('en');
    expect(view.text()).toContain(en.library.unreadableNone);
    store.items = [
      { resource: 'actors', id: 2, page: 1, path: '$[1].languages', reason: '$.languages: expected record, received string', seenAt },
      { resource: 'castingCalls', id: null, page: 3, path: '$[7].id', reason: '$.id: expected number, received string', seenAt },
    ];
    await flushPromises();
    const items = view.findAll('[data-testid="unreadable-item"]');
    expect(items.map((item) => item.get('strong').text())).toEqual(['Actor 2', 'Casting call without a readable id (page 3)']);
    expect(items[0]!.get('[data-testid="unreadable-path"]').text()).toBe('$[1].languages');
    expect(items[0]!.get('[data-testid="unreadable-reason"]').text()).toBe('$.languages: expected record, received string');
    expect(view.text()).toContain('Items the directory sent that do not match its API: 2.');
  });

  it('speaks German', async () => {
    const { view, store } = await mountList('de');
    expect(view.get('h2').text()).toBe(de.library.unreadableTitle);
    store.items = [{ resource: 'crew', id: 9, page: 1, path: '$[0].gender', reason: 'x', seenAt }];
    await flushPromises();
    expect(view.get('[data-testid="unreadable-item"] strong').text()).toBe('Crew-Mitglied 9');
  });
});

describe('merging the list after a page', () => {
  const item = (id: number | null, path: string, at = seenAt): UnreadableItem => ({ id, page: 1, path, reason: 'bad', seenAt: at });
  it('drops items read now, replaces items seen again, keeps the rest', () => {
    const before = [item(1, '$[0].a'), item(2, '$[1].a'), item(null, '$[2].id')];
    const after = mergeUnreadable(before, [1], [item(2, '$[1].b', 'later'), item(5, '$[4].a')]);
    expect(after.map((entry) => [entry.id, entry.path])).toEqual([[null, '$[2].id'], [2, '$[1].b'], [5, '$[4].a']]);
  });
});
