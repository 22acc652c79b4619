import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { eventually, useActorListApp } from './actorListApp.ts';

/**
 * The active filters as chips above the list (issue 22, item 21), in the whole app over a fake
 * directory: each filter of a search opened from its address is a chip, a chip's × removes that
 * filter alone (the list, the filter panel and the address follow), and "clear" removes them all.
 */
const app = useActorListApp();

/** The list, with its chips: their texts and one chip by facet. */
async function mountList(path: string, locale: 'en' | 'de' = 'en') {
  const { view, router, names } = await app.mountList(path, locale);
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
