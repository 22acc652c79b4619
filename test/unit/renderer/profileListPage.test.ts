import 'fake-indexeddb/auto';
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openConnectionLibrary } from './libraryFixture.ts';
import { en } from '../../../renderer/src/i18n/en.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { writeProfileDetail } from '../../../renderer/src/db/libraryWrites.ts';
import { actorDetail } from './fakeDirectory.ts';
import { eventually, fourActors, useActorListApp } from './actorListApp.ts';

const { mountList } = useActorListApp();
const actors = fourActors;

function facetValue(view: VueWrapper, facet: string, value: string) {
  return view.get(`[data-testid="facet-${facet}"] [data-value="${value}"]`);
}

describe('actor list search and filters', { timeout: 15_000 }, () => {
  it('finds partial and fuzzy names, and ranks them by match', async () => {
    const { view, names } = await mountList('/actors');
    await view.get('[data-testid="search-input"]').setValue('jon');
    await eventually(() => expect(names()).toEqual(['Jonas Weber', 'Jonathan Schulz']));
    await view.get('[data-testid="search-input"]').setValue('mueler');
    await eventually(() => expect(names()).toEqual(['Anna Müller']));
    expect((view.get('[data-testid="sort"]').element as HTMLSelectElement).value).toBe('relevance');
  });

  it('shows a count beside each filter value, and the counts follow the other filters', async () => {
    const { view, names, router } = await mountList('/actors');
    const count = (facet: string, value: string) => facetValue(view, facet, value).get('[data-testid="facet-count"]').text();
    expect(count('language', 'deu')).toBe('3');
    expect(count('gender', 'male')).toBe('2');
    await facetValue(view, 'gender', 'female').get('input').setValue(true);
    await eventually(() => expect(names()).toEqual(['Anna Müller', 'Lena Berg']));
    // The list follows at once; the counts once the clicking pauses (busy until then).
    expect(view.get('[data-testid="filters"]').attributes('aria-busy')).toBe('true');
    await eventually(() => expect(view.get('[data-testid="filters"]').attributes('aria-busy')).toBe('false'));
    expect(count('language', 'deu')).toBe('2');
    expect(count('language', 'fra')).toBe('1');
    // The gender facet still counts the men, so the user sees what adding them would give.
    expect(count('gender', 'male')).toBe('2');
    await facetValue(view, 'language', 'deu').get('input').setValue(true);
    await view.get('[data-testid="min-level-deu"]').setValue('muttersprachlich');
    await eventually(() => expect(names()).toEqual(['Anna Müller']));
    await eventually(() => expect(router.currentRoute.value.query).toMatchObject({ gender: ['female'], lang: ['deu:muttersprachlich'] }));
  });

  it('names the language of a minimum level in the UI language, whatever language the content comes in', async () => {
    // A German desk on a connection that reads its content in English (the user chose so).
    const { view } = await mountList('/actors', 'de');
    expect(facetValue(view, 'language', 'deu').text()).toContain('German');
    await facetValue(view, 'language', 'deu').get('input').setValue(true);
    await eventually(() => expect(view.find('[data-testid="min-level-deu"]').exists()).toBe(true));
    const label = view.get('[data-testid="min-level-deu"]').element.closest('label')!;
    expect(label.firstChild?.textContent?.trim()).toBe('Mindestniveau für Deutsch');
  });

  it('reopens a search from its URL, shows a grid, and saves the search by name', async () => {
    const { view, names, router } = await mountList('/actors?lang=eng&view=grid');
    await eventually(() => expect(names()).toEqual(['Jonas Weber', 'Jonathan Schulz']));
    // Opened from a URL, not typed: the counts describe it at once.
    expect(view.get('[data-testid="filters"]').attributes('aria-busy')).toBe('false');
    expect(facetValue(view, 'language', 'deu').get('[data-testid="facet-count"]').text()).toBe('1');
    expect(view.find('[data-testid="profile-row"].tile').exists()).toBe(true);
    await view.get('[data-testid="save-search"]').trigger('click');
    await view.get('[data-testid="save-search-name"]').setValue('English speakers');
    await view.get('form.name-search').trigger('submit');
    await eventually(() => expect(view.findAll('[data-testid="saved-search"]').map((button) => button.text())).toEqual(['English speakers']));
    await view.get('[data-testid="clear-filters"]').trigger('click');
    await eventually(() => expect(names()).toHaveLength(4));
    await view.get('[data-testid="saved-search"]').trigger('click');
    await eventually(() => expect(names()).toEqual(['Jonas Weber', 'Jonathan Schulz']));
    await eventually(() => expect([router.currentRoute.value.query.lang].flat()).toEqual(['eng']));
  });

  it('keeps a search typed just before opening a result, so Back returns to it', async () => {
    const { view, names, router } = await mountList('/actors');
    await view.get('[data-testid="search-input"]').setValue('jon');
    await eventually(() => expect(names()).toEqual(['Jonas Weber', 'Jonathan Schulz']));
    // Within the URL's debounce: the list's history entry has not been written yet.
    expect(router.currentRoute.value.query.q).toBeUndefined();
    await router.push({ name: 'actor', params: { id: 1 } });
    router.back();
    await eventually(() => expect(router.currentRoute.value.name).toBe('actors'));
    expect(router.currentRoute.value.query.q).toBe('jon');
    await eventually(() => expect(names()).toEqual(['Jonas Weber', 'Jonathan Schulz']));
  });

  it('leaves the page it went back or forward to alone, even with a search still waiting for the address', async () => {
    const { view, names, router } = await mountList('/actors');
    await router.push({ name: 'home' });
    router.back();
    await eventually(() => expect(router.currentRoute.value.name).toBe('actors'));
    await eventually(() => expect(names()).toHaveLength(4));
    await view.get('[data-testid="search-input"]').setValue('jon');
    router.forward();
    await eventually(() => expect(router.currentRoute.value.name).toBe('home'));
    // The list's search would have been written at once on leaving, into the entry Forward reached.
    expect(router.currentRoute.value.fullPath).toBe('/');
    expect(window.location.hash).toBe('#/');
  });

  it('moves from the search field into the list with the arrow keys', async () => {
    const { view } = await mountList('/actors');
    await view.get('[data-testid="search-input"]').trigger('keydown', { key: 'ArrowDown' });
    await eventually(() => expect(document.activeElement?.getAttribute('data-id')).toBe('3'));
    await view.get('[data-testid="profile-list"]').trigger('keydown', { key: 'ArrowDown' });
    await eventually(() => expect(document.activeElement?.getAttribute('data-id')).toBe('1'));
    await view.get('[data-testid="profile-list"]').trigger('keydown', { key: 'End' });
    await eventually(() => expect(document.activeElement?.getAttribute('data-id')).toBe('4'));
    expect(en.search.searchLabel).toBeTruthy();
  });
});

describe('pictures while typing', { timeout: 15_000 }, () => {
  afterEach(() => vi.useRealTimers());

  it('keeps the faces of profiles that stay on screen, and shows new ones once typing pauses', async () => {
    const { view, names } = await mountList('/actors');
    const pictured = () => view.findAll('[data-testid="profile-row"]').filter((row) => row.find('img').exists()).map((row) => row.get('[data-testid="profile-name"]').text());
    await eventually(() => expect(pictured()).toHaveLength(4));
    // From here the pause after typing (150 ms) passes only when the test says so.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await view.get('[data-testid="search-input"]').setValue('jon');
    await flushPromises();
    expect(names()).toEqual(['Jonas Weber', 'Jonathan Schulz']);
    expect(pictured()).toEqual(['Jonas Weber', 'Jonathan Schulz']);
    await view.get('[data-testid="search-input"]').setValue('');
    await flushPromises();
    expect(names()).toHaveLength(4);
    // Anna Müller and Lena Berg were not on screen a keystroke ago: their faces wait for the pause.
    expect(pictured()).toEqual(['Jonas Weber', 'Jonathan Schulz']);
    vi.advanceTimersByTime(200);
    await flushPromises();
    expect(pictured()).toHaveLength(4);
  });
});

describe('the note on filters that read full profiles', { timeout: 15_000 }, () => {
  it('counts the whole library saved in full, not the matches, and goes once every profile is', async () => {
    const { view, pinia } = await mountList('/actors?age=20-40');
    const sync = useSyncStore(pinia);
    const library = await openConnectionLibrary(sync.connectionId!);
    const note = () => view.find('[data-testid="detail-note"]');
    await eventually(() => expect(note().text()).toContain('0 of 4 are saved in full'));
    // Two saved in full within the acting age, one outside it: three of the library's four.
    const at = new Date().toISOString();
    for (const item of actors.slice(0, 2)) await writeProfileDetail(library, 'actor', actorDetail(item), at);
    await writeProfileDetail(library, 'actor', { ...actorDetail(actors[2]!), acting_age_from: 60, acting_age_to: 70 }, at);
    await eventually(() => expect(note().text()).toContain('3 of 4 are saved in full'));
    await writeProfileDetail(library, 'actor', actorDetail(actors[3]!), at);
    await eventually(() => expect(note().exists()).toBe(false));
    expect(view.findAll('[data-testid="profile-name"]').map((name) => name.text()).sort()).toEqual(['Jonas Weber', 'Jonathan Schulz', 'Lena Berg']);
  });
});
