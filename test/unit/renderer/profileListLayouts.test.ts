/**
 * The actor and crew lists as a casting director reads them: rows with the key facts, namesakes
 * told apart, a table whose columns and order are the user's (sorted over the whole result by the
 * index, remembered), a face grid in three sizes, and one gender facet that counts nobody twice.
 */
import 'fake-indexeddb/auto';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, type Pinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openConnectionLibrary } from './libraryFixture.ts';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import type { ActorDetail, ActorListItem, CrewListItem } from '../../../contract/directory-api.ts';
import App from '../../../renderer/src/App.vue';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { writeProfileDetail } from '../../../renderer/src/db/libraryWrites.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { createCastdeskRouter } from '../../../renderer/src/router.ts';
import { useActorSearchStore } from '../../../renderer/src/stores/actorSearch.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { demoView } from './fakeBridge.ts';
import { actorDetail, actorItem, fakeDirectory } from './fakeDirectory.ts';

const eventually = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 20 });
let counter = 0;
let wrapper: VueWrapper | undefined;
let pinia: Pinia | undefined;

/** Closes the open list and its library (the next mount opens a fresh one). */
async function closeList(): Promise<void> {
  wrapper?.unmount();
  wrapper = undefined;
  if (pinia) await useSyncStore(pinia).activate(null);
  pinia = undefined;
}
afterEach(closeList);

const actors: ActorListItem[] = [
  { ...actorItem(1, 'Anouk Müller'), gender: 'f', gender_new: 'female', age: 34 },
  { ...actorItem(2, 'Anouk Müller'), gender: 'f', gender_new: 'female', age: 51 },
  { ...actorItem(3, 'Jonas Weber'), gender: 'm', gender_new: 'male', age: 28 },
  // Only the old m/f/i field: counted under the word it stands for, once.
  { ...actorItem(4, 'Lena Berg'), gender: 'f', age: 45 },
  { ...actorItem(5, 'Kai Roth'), gender: 'i', age: 22 },
];
const details: Partial<ActorDetail>[] = [
  { height: 171, locations: [{ name: 'Köln', type: 'place' }] },
  { height: 165, locations: [{ name: 'Leipzig', type: 'place' }], talent_agency_connections: [{ talent_agency_id: 8, talent_agency_name: 'Agentur Süd', categories: [], regions: [], connection_type: 'primary_agency' }] },
  { height: 189, acting_age_from: 20, acting_age_to: 30, locations: [{ name: 'Berlin', type: 'place' }] },
  { height: 158 },
  {},
];

/** Opens `path` on a fresh library of `actors` and `crew`; actors get their details (height, places, agencies). */
async function mountList(path: string, crew: CrewListItem[] = [], storageKept = false) {
  if (!storageKept) localStorage.clear();
  counter += 1;
  const id = `layouts-${Date.now().toString(36)}-${counter}`;
  const directory = fakeDirectory({ actors, crew });
  Object.assign(directory.bridge, {
    getAppInfo: async () => ({ ok: true, value: { version: '1', shell: 'web', keychain: { available: true }, folders: { data: '/tmp/castdesk', logs: '/tmp/castdesk/logs' } } }),
    listConnections: async () => ({ ok: true, value: { connections: [{ ...demoView, id, name: 'Agency' }], activeId: id } }),
  });
  const router = createCastdeskRouter();
  await router.push(path);
  await router.isReady();
  pinia = createPinia();
  wrapper = mount(App, {
    global: { plugins: [pinia, createCastdeskI18n('en'), router], provide: { [castdeskBridgeKey as symbol]: directory.bridge as CastdeskBridge } },
    attachTo: document.body,
  });
  await flushPromises();
  const view = wrapper;
  const names = () => view.findAll('[data-testid="profile-name"]').map((name) => name.text());
  if (crew.length === 0) {
    await eventually(() => expect(names()).toHaveLength(actors.length));
    const sync = useSyncStore(pinia);
    const at = new Date().toISOString();
    const library = await openConnectionLibrary(sync.connectionId!);
    for (const [i, item] of actors.entries()) await writeProfileDetail(library, 'actor', { ...actorDetail(item), age: item.age, ...details[i] }, at);
    const search = useActorSearchStore(pinia);
    await eventually(() => expect(actors.map((actor) => search.row(actor.id)?.hasDetail)).toEqual(actors.map(() => 1)));
  }
  return { view, router, names };
}

const factsOf = (view: VueWrapper, id: number) => view.get(`[data-testid="profile-row"][data-id="${id}"]`).get('[data-testid="profile-facts"]').text();

describe('list rows', { timeout: 20_000 }, () => {
  it('show acting age, height, residence, agency and languages; crew rows their professions', async () => {
    const { view } = await mountList('/actors');
    expect(factsOf(view, 3)).toBe('Acting age 20–30 · 189 cm · Berlin · Agentur Nord · German, English');
    expect(factsOf(view, 4)).toBe('Acting age 25–35 · 158 cm · Agentur Nord · German, English');
    await closeList();
    const crew: CrewListItem[] = [{ id: 9, name: 'Mia Kamera', first_name: 'Mia', last_name: 'Kamera', updated_at: '2026-01-01T00:00:00+00:00', professions: ['kamera', 'regie'], languages: { deu: 'native' } }];
    const { view: crewView } = await mountList('/crew', crew);
    await eventually(() => expect(crewView.findAll('[data-testid="profile-name"]').map((name) => name.text())).toEqual(['Mia Kamera']));
    expect(factsOf(crewView, 9)).toBe('Cinematographer, Director · German');
  });

  it('tell namesakes apart by agency, place and year of birth, only while both are listed', async () => {
    const { view, names } = await mountList('/actors');
    const note = (id: number) => view.get(`[data-testid="profile-row"][data-id="${id}"]`).find('[data-testid="namesake"]');
    const year = new Date().getFullYear();
    expect(note(1).text()).toContain(`Agentur Nord · Köln · born ${year - 35} or ${year - 34}`);
    expect(note(2).text()).toContain(`Agentur Süd · Leipzig · born ${year - 52} or ${year - 51}`);
    expect(note(2).get('[data-testid="namesake-born"]').attributes('title')).toContain('from the age 51');
    expect(note(3).exists()).toBe(false);
    // The note holds agency and place, so the facts do not repeat them.
    expect(factsOf(view, 1)).toBe('Acting age 25–35 · 171 cm · German, English');
    // With one of them filtered out, the other has no namesake in the list.
    await view.get('[data-testid="filter-height"] [data-bound="low"]').setValue('170');
    await eventually(() => expect(names()).not.toContain('Lena Berg'));
    await eventually(() => expect(names().filter((name) => name === 'Anouk Müller')).toHaveLength(1));
    expect(note(1).exists()).toBe(false);
  });
});

describe('the table', { timeout: 20_000 }, () => {
  const heads = (view: VueWrapper) => view.findAll('[role="columnheader"]').map((head) => head.text().replace(/[▲▼]/g, '').trim());

  it('shows the chosen columns, sorts the whole result by a header either way (aria-sort), and remembers both', async () => {
    const { view, names, router } = await mountList('/actors');
    await view.get('[data-testid="layout-table"]').setValue(true);
    await eventually(() => expect(heads(view)).toEqual(['Name', 'Acting age', 'Height', 'Place of residence', 'Agency']));
    await view.get('[data-testid="table-columns"] [data-testid="column-age"]').setValue(true);
    await view.get('[data-testid="table-columns"] [data-testid="column-agency"]').setValue(false);
    expect((view.get('[data-testid="column-name"]').element as HTMLInputElement).disabled).toBe(true);
    await eventually(() => expect(heads(view)).toEqual(['Name', 'Acting age', 'Age', 'Height', 'Place of residence']));
    const cells = (column: string) => view.findAll(`[data-testid="table-row"] [data-column="${column}"]`).map((cell) => cell.text());
    // In name order first: the Anouks, Jonas, Kai (no height saved), Lena.
    expect(cells('height')).toEqual(['171 cm', '165 cm', '189 cm', '', '158 cm']);

    await view.get('[data-testid="sort-by-height"]').trigger('click');
    await eventually(() => expect(cells('height')).toEqual(['158 cm', '165 cm', '171 cm', '189 cm', '']));
    expect(view.get('[data-testid="column-head-height"]').attributes('aria-sort')).toBe('ascending');
    expect(view.get('[data-testid="column-head-name"]').attributes('aria-sort')).toBe('none');
    await view.get('[data-testid="sort-by-height"]').trigger('click');
    // The other way round; a profile without a height stays last.
    await eventually(() => expect(cells('height')).toEqual(['189 cm', '171 cm', '165 cm', '158 cm', '']));
    expect(view.get('[data-testid="column-head-height"]').attributes('aria-sort')).toBe('descending');
    await eventually(() => expect(router.currentRoute.value.query).toMatchObject({ view: 'table', sort: 'height', desc: '1' }));
    expect(names()).toEqual(['Jonas Weber', 'Anouk Müller', 'Anouk Müller', 'Lena Berg', 'Kai Roth']);

    // Opened again on this computer without a search in the address: table, columns and order as left.
    await closeList();
    const { view: again } = await mountList('/actors', [], true);
    await eventually(() => expect(heads(again)).toEqual(['Name', 'Acting age', 'Age', 'Height', 'Place of residence']));
    expect(again.get('[data-testid="column-head-height"]').attributes('aria-sort')).toBe('descending');
    expect(again.findAll('[data-testid="table-row"] [data-column="height"]').map((cell) => cell.text())[0]).toBe('189 cm');
  });
});

describe('the face grid', { timeout: 20_000 }, () => {
  it('comes in three sizes, remembered, and shows whole names', async () => {
    const { view } = await mountList('/actors?view=grid');
    const picture = () => view.get('[data-testid="profile-row"] .no-picture, [data-testid="profile-row"] img').attributes('style');
    expect(picture()).toContain('width: 152px');
    await view.get('[data-testid="grid-size"]').setValue('large');
    await eventually(() => expect(picture()).toContain('width: 216px'));
    await view.get('[data-testid="grid-size"]').setValue('small');
    await eventually(() => expect(picture()).toContain('width: 112px'));
    // The name is never cut by the app: the text is whole (CSS wraps it onto two lines).
    expect(view.findAll('[data-testid="profile-name"]').map((name) => name.text())).toContain('Anouk Müller');
    await closeList();
    const { view: again } = await mountList('/actors?view=grid', [], true);
    await eventually(() => expect(again.get('[data-testid="grid-size"]').element).toHaveProperty('value', 'small'));
  });
});

describe('the gender facet', { timeout: 20_000 }, () => {
  it('offers each gender once in words, the m/f/i field folded in and explained, nobody counted twice', async () => {
    const { view } = await mountList('/actors');
    const facet = view.get('[data-testid="facet-gender"]');
    const counts: Record<string, string> = Object.fromEntries(facet.findAll('[data-value]').map((value) => [value.attributes('data-value'), value.get('[data-testid="facet-count"]').text()]));
    expect(counts).toEqual({ female: '3', i: '1', male: '1' });
    const labels = facet.findAll('[data-value] span:not([data-testid])').map((label) => label.text());
    expect(labels).toEqual(['Female', 'Diverse', 'Male']);
    expect(facet.get('[data-testid="gender-hint"]').attributes('title')).toContain('m/f/i');
    const total = Object.values(counts).reduce((sum, count) => sum + Number(count), 0);
    expect(total).toBe(actors.length);
  });
});
