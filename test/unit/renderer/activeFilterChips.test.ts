import 'fake-indexeddb/auto';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, type Pinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import type { ActorListItem } from '../../../contract/directory-api.ts';
import App from '../../../renderer/src/App.vue';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { createCastdeskRouter } from '../../../renderer/src/router.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { demoView } from './fakeBridge.ts';
import { actorItem, fakeDirectory } from './fakeDirectory.ts';

/**
 * The active filters as chips above the list (issue 22, item 21), in the whole app over a fake
 * directory: each filter of a search opened from its address is a chip, a chip's × removes that
 * filter alone (the list, the filter panel and the address follow), and "clear" removes them all.
 */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 20 });
let counter = 0;
let wrapper: VueWrapper | undefined;
let pinia: Pinia | undefined;

afterEach(async () => {
  localStorage.clear();
  wrapper?.unmount();
  wrapper = undefined;
  if (pinia) await useSyncStore(pinia).activate(null);
  pinia = undefined;
});

const actors: ActorListItem[] = [
  { ...actorItem(1, 'Jonas Weber'), gender: 'm', gender_new: 'male', languages: { deu: 'muttersprachlich', eng: 'fliessend' } },
  { ...actorItem(2, 'Jonathan Schulz'), gender: 'm', gender_new: 'male', languages: { eng: 'gut' } },
  { ...actorItem(3, 'Anna Müller'), gender: 'f', gender_new: 'female', languages: { deu: 'muttersprachlich', fra: 'gut' } },
  { ...actorItem(4, 'Lena Berg'), gender: 'f', gender_new: 'female', languages: { deu: 'fliessend' } },
];

async function mountList(path: string, locale: 'en' | 'de' = 'en') {
  counter += 1;
  const id = `chips-${Date.now().toString(36)}-${counter}`;
  const directory = fakeDirectory({ actors });
  Object.assign(directory.bridge, {
    getAppInfo: async () => ({ ok: true, value: { version: '1', shell: 'web', keychain: { available: true }, folders: { data: '/tmp/castdesk', logs: '/tmp/castdesk/logs' } } }),
    listConnections: async () => ({ ok: true, value: { connections: [{ ...demoView, id, name: 'Agency' }], activeId: id } }),
  });
  const router = createCastdeskRouter();
  await router.push(path);
  await router.isReady();
  pinia = createPinia();
  wrapper = mount(App, {
    global: { plugins: [pinia, createCastdeskI18n(locale), router], provide: { [castdeskBridgeKey as symbol]: directory.bridge as CastdeskBridge } },
    attachTo: document.body,
  });
  await flushPromises();
  const view = wrapper;
  const names = () => view.findAll('[data-testid="profile-name"]').map((name) => name.text());
  const chips = () => view.findAll('[data-testid="filter-chip"]').map((chip) => chip.get('.chip-text').text());
  const chip = (facet: string) => view.get(`[data-testid="filter-chip"][data-facet="${facet}"]`);
  return { view, router, names, chips, chip };
}

describe('active filter chips', { timeout: 15_000 }, () => {
  it('shows no chips while nothing filters the list', async () => {
    const { view, names } = await mountList('/actors');
    await eventually(() => expect(names()).toHaveLength(4));
    expect(view.find('[data-testid="active-filters"]').exists()).toBe(false);
  });

  it('shows each filter as a chip, and a chip’s × removes that filter alone', async () => {
    const { view, router, names, chips, chip } = await mountList('/actors?q=jon&gender=male&lang=deu:muttersprachlich&age=20-&height=-190');
    await eventually(() => expect(chips()).toEqual(['Name: jon', 'Acting age: from 20', 'Height (cm): up to 190', 'Gender: Male', 'Languages: German, at least Native']));
    expect(chip('gender').get('button').attributes('aria-label')).toBe('Remove the filter Gender: Male');

    // A range goes, both its ends, and the filter panel's fields empty; the other filters stay.
    // (Acting age and height read saved details, which these list entries have not: nobody matches until both go.)
    await chip('height').get('button').trigger('click');
    await eventually(() => expect(chips()).toEqual(['Name: jon', 'Acting age: from 20', 'Gender: Male', 'Languages: German, at least Native']));
    expect((view.get('[data-testid="filter-height"] [data-bound="high"]').element as HTMLInputElement).value).toBe('');
    expect((view.get('[data-testid="filter-acting-age"] [data-bound="low"]').element as HTMLInputElement).value).toBe('20');
    await chip('actingAge').get('button').trigger('click');
    await eventually(() => expect(names()).toEqual(['Jonas Weber']));

    // The language goes, with its level: Jonathan (English only) comes back.
    await chip('language').get('button').trigger('click');
    await eventually(() => expect(names()).toEqual(['Jonas Weber', 'Jonathan Schulz']));
    expect(chips()).toEqual(['Name: jon', 'Gender: Male']);
    await eventually(() => expect(router.currentRoute.value.query.lang).toBeUndefined());

    // The name goes: the search field empties.
    await chip('text').get('button').trigger('click');
    expect(chips()).toEqual(['Gender: Male']);
    expect((view.get('[data-testid="search-input"]').element as HTMLInputElement).value).toBe('');

    // The gender goes: its box in the panel is unticked, and every actor is back.
    await chip('gender').get('button').trigger('click');
    await eventually(() => expect(names()).toHaveLength(4));
    expect((view.get('[data-testid="facet-gender"] [data-value="male"] input').element as HTMLInputElement).checked).toBe(false);
    expect(view.find('[data-testid="active-filters"]').exists()).toBe(false);
    await eventually(() => expect(router.currentRoute.value.query).toEqual({}));
  });

  it('follows the filter panel, and "clear" removes every filter at once', async () => {
    const { view, names, chips } = await mountList('/actors');
    await eventually(() => expect(names()).toHaveLength(4));
    await view.get('[data-testid="facet-gender"] [data-value="female"] input').setValue(true);
    await view.get('[data-testid="filter-acting-age"] [data-bound="low"]').setValue('30');
    await view.get('[data-testid="filter-acting-age"] [data-bound="high"]').setValue('40');
    await eventually(() => expect(chips()).toEqual(['Acting age: 30–40', 'Gender: Female']));
    expect(names()).toEqual([]);
    await view.get('[data-testid="active-filters"] [data-testid="clear-filters"]').trigger('click');
    await eventually(() => expect(names()).toHaveLength(4));
    expect(view.find('[data-testid="active-filters"]').exists()).toBe(false);
  });

  it('reads in the interface language, its values in the connection’s content language', async () => {
    const { chips } = await mountList('/actors?gender=female&age=-35', 'de');
    await eventually(() => expect(chips()).toEqual(['Spielalter: bis 35', 'Geschlecht: Female']));
  });
});
