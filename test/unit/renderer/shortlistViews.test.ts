import 'fake-indexeddb/auto';
import { flushPromises, mount, type DOMWrapper, type VueWrapper } from '@vue/test-utils';
import axe from 'axe-core';
import { Dexie } from 'dexie';
import { createPinia, type Pinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import type { ActorDetail, CastingCallDetail, CastingCallListItem } from '../../../contract/directory-api.ts';
import App from '../../../renderer/src/App.vue';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import type { CastingCallRow } from '../../../renderer/src/db/libraryDb.ts';
import { castingCallRowsOf, openConnectionLibrary } from './libraryFixture.ts';
import { markProfileRemoved, writeProfileDetail } from '../../../renderer/src/db/libraryWrites.ts';
import { userShortlistDbName } from '../../../renderer/src/db/shortlistDb.ts';
import { de } from '../../../renderer/src/i18n/de.ts';
import { en } from '../../../renderer/src/i18n/en.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { createCastdeskRouter } from '../../../renderer/src/router.ts';
import { parseCompareIds } from '../../../renderer/src/stores/compare.ts';
import { useShortlistsStore } from '../../../renderer/src/stores/shortlists.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { demoView } from './fakeBridge.ts';
import { actorDetail, actorItem, fakeDirectory } from './fakeDirectory.ts';

/** Waits for the library, the index and the views to get there; generous, as test files share two cores. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 20 });
const now = '2026-01-10T10:00:00.000Z';
let connectionCounter = 0;
let wrapper: VueWrapper | undefined;
let pinia: Pinia | undefined;

afterEach(async () => {
  wrapper?.unmount();
  wrapper = undefined;
  if (pinia) await useSyncStore(pinia).activate(null);
  pinia = undefined;
  // Shortlists are the user's, not a connection's: every test starts without any.
  await Dexie.delete(userShortlistDbName);
});

function cachedActor(id: number, name: string, fields: Partial<ActorDetail> = {}): ActorDetail {
  return { ...actorDetail(actorItem(id, name)), ...fields };
}

const actors: ActorDetail[] = [
  cachedActor(1, 'Zoe Zander', {
    height: 172,
    acting_age_from: 25,
    acting_age_to: 35,
    languages: { deu: 'muttersprachlich', eng: 'fliessend' },
    dialects: { bairisch: 'gut' },
    vita: {
      film: [
        { name: 'Northern Lights', year_from: 2023, year_to: 2023, role: 'Mara' },
        { name: 'Old Story', year_from: 2015, year_to: 2015 },
      ],
      theatre: [{ name: 'Hamlet', year_from: 2024, year_to: 2024, role: 'Ophelia' }],
    },
  }),
  cachedActor(2, 'Ada Aalto', { height: 165, acting_age_from: 25, acting_age_to: 35, languages: { deu: 'muttersprachlich', eng: 'fliessend' } }),
  cachedActor(3, 'Björn Berg', { height: 188, acting_age_from: 40, acting_age_to: 50 }),
  cachedActor(4, 'Jonas Weber', { height: 180, acting_age_from: 30, acting_age_to: 40 }),
];

const callDetail: CastingCallDetail = {
  id: 21,
  name: 'Project Sunrise',
  description: 'A drama.',
  deadline: '2030-02-25T12:04:00.000+01:00',
  visibility: 'public',
  deadline_visible: true,
  production_format: 'feature_film',
  casting_type: 'ecasting',
  production_id: 123,
  roles: [
    {
      id: 71,
      name: 'Jordan',
      description: 'A determined young woman.',
      contract_type: null,
      contract_type_info: null,
      deadline: null,
      gender: [],
      acting_age_from: 25,
      acting_age_to: 35,
      languages: {},
      ethnic_background: [],
      ethnic_background_details: [],
    },
  ],
};
const callItem: CastingCallListItem = { id: 21, name: 'Project Sunrise', casting_type: 'ecasting', production_format: 'feature_film', deadline: callDetail.deadline };
const callRow: Omit<CastingCallRow, 'uid' | 'origin' | 'connections'> = { id: 21, item: callItem, detail: callDetail, detailFetchedAt: now, current: true, fetchedAt: now };

/** Writes the library the way the sync engine leaves it, before the app opens it. */
async function seedLibrary(connectionId: string): Promise<void> {
  const library = await openConnectionLibrary(connectionId);
  const { db } = library;
  try {
    for (const detail of actors) await writeProfileDetail(library, 'actor', detail, now);
    await db.castingCalls.bulkPut(castingCallRowsOf(library, [callRow]));
  } finally {
    db.close();
  }
}

/**
 * The whole app at `path` on a seeded library. The directory cannot be reached, so the views show
 * exactly what is saved. The same `connectionId` again is a restart of the app on the same data.
 */
async function mountApp(path: string, options: { connectionId?: string; locale?: 'en' | 'de' } = {}) {
  connectionCounter += 1;
  const connectionId = options.connectionId ?? `sv-${Date.now().toString(36)}-${connectionCounter}`;
  if (!options.connectionId) await seedLibrary(connectionId);
  const directory = fakeDirectory({ failWith: { code: 'network', message: 'ECONNREFUSED' } });
  Object.assign(directory.bridge, {
    getAppInfo: async () => ({ ok: true, value: { version: '1', shell: 'web', keychain: { available: true }, folders: { data: '/tmp/castdesk', logs: '/tmp/castdesk/logs' } } }),
    listConnections: async () => ({ ok: true, value: { connections: [{ ...demoView, id: connectionId, name: 'Agency' }], activeId: connectionId } }),
  });
  const router = createCastdeskRouter();
  await router.push(path);
  await router.isReady();
  pinia = createPinia();
  wrapper = mount(App, {
    global: { plugins: [pinia, createCastdeskI18n(options.locale ?? 'en'), router], provide: { [castdeskBridgeKey as symbol]: directory.bridge as CastdeskBridge } },
    attachTo: document.body,
  });
  await flushPromises();
  const shortlists = useShortlistsStore(pinia);
  await eventually(() => expect(shortlists.ready).toBe(true));
  return { view: wrapper, router, shortlists, sync: useSyncStore(pinia), connectionId };
}

/** A list with these actors, made through the store (the views are what is tested). */
async function listWith(shortlists: ReturnType<typeof useShortlistsStore>, name: string, actorIds: number[]): Promise<number> {
  await eventually(() => expect(shortlists.available(1)).toBe(true));
  const id = (await shortlists.createList(name))!;
  await shortlists.addActors(id, actorIds);
  await eventually(() => expect(shortlists.lists.find((list) => list.id === id)?.count).toBe(actorIds.length));
  return id;
}

async function openList(view: VueWrapper, router: ReturnType<typeof createCastdeskRouter>, id: number, count: number) {
  await router.push({ name: 'shortlist', params: { id } });
  await eventually(() => expect(view.findAll('[data-testid="shortlist-entry"]')).toHaveLength(count));
}

const order = (view: VueWrapper) => view.findAll('[data-testid="shortlist-entry"]').map((entry) => Number(entry.attributes('data-actor-id')));
const entryOf = (view: VueWrapper, actorId: number) => view.get(`[data-testid="shortlist-entry"][data-actor-id="${actorId}"]`);

/**
 * Serious and critical accessibility problems axe finds in the page. Contrast needs a layout
 * engine, which happy-dom has not: the end-to-end tests in Chromium check it.
 */
async function seriousA11yViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } }, resultTypes: ['violations'] });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Opens the "add to shortlist" panel of the button `trigger` (a selector) and picks the list. */
async function chooseList(view: VueWrapper, trigger: string, listId: number): Promise<void> {
  await view.get(trigger).trigger('click');
  const menu = view.get('[data-testid="add-to-shortlist-menu"]');
  await menu.get(`[data-testid="add-to-list"][data-list-id="${listId}"]`).trigger('click');
}

describe('Shortlists page', () => {
  it('creates a list (tied to a cached role), renames it and deletes it with undo', { timeout: 20_000 }, async () => {
    const { view, shortlists } = await mountApp('/shortlists');
    await eventually(() => expect(view.find('[data-testid="shortlists-empty"]').exists()).toBe(true));
    expect(view.get('[data-testid="shortlists-page"] h1').text()).toBe(en.shortlists.title);

    // A name is required.
    await view.get('form.create-form').trigger('submit');
    expect(view.text()).toContain(en.shortlists.create.nameRequired);

    await view.get('[data-testid="shortlist-name-input"]').setValue('Pilot – lead');
    await eventually(() => expect(view.findAll('[data-testid="shortlist-call-select"] option')).toHaveLength(2));
    await view.get('[data-testid="shortlist-call-select"]').setValue('21');
    await view.get('[data-testid="shortlist-role-select"]').setValue('71');
    await view.get('[data-testid="create-shortlist"]').trigger('click');
    await eventually(() => expect(view.findAll('[data-testid="shortlist-row"]')).toHaveLength(1));
    const row = view.get('[data-testid="shortlist-row"]');
    expect(row.get('[data-testid="shortlist-link"]').text()).toBe('Pilot – lead');
    expect(row.get('[data-testid="shortlist-count"]').text()).toBe('0 actors');
    expect(row.get('[data-testid="shortlist-tie"]').text()).toBe('For Project Sunrise, role Jordan');
    expect(shortlists.lists[0]).toMatchObject({ castingCallId: 21, roleId: 71, castingCallName: 'Project Sunrise', roleName: 'Jordan' });
    expect(await seriousA11yViolations()).toEqual([]);

    // Rename in place; Escape would cancel.
    await row.get('[data-testid="rename-shortlist"]').trigger('click');
    await view.get('[data-testid="rename-input"]').setValue('Sunrise – Jordan');
    await view.get('form.rename-form').trigger('submit');
    await eventually(() => expect(view.get('[data-testid="shortlist-link"]').text()).toBe('Sunrise – Jordan'));
    // A name being typed is stored as it is typed (a reload keeps it); Escape puts the old one back.
    await row.get('[data-testid="rename-shortlist"]').trigger('click');
    await view.get('[data-testid="rename-input"]').setValue('Sunrise – Jordan (callbacks)');
    await eventually(() => expect(shortlists.lists[0]?.name).toBe('Sunrise – Jordan (callbacks)'));
    await view.get('form.rename-form').trigger('keydown', { key: 'Escape' });
    await eventually(() => expect(view.get('[data-testid="shortlist-link"]').text()).toBe('Sunrise – Jordan'));
    expect(shortlists.lists[0]?.name).toBe('Sunrise – Jordan');

    // Delete, then undo from the toast.
    const id = shortlists.lists[0]!.id;
    await shortlists.addActors(id, [1, 2]);
    await eventually(() => expect(view.get('[data-testid="shortlist-count"]').text()).toBe('2 actors'));
    await view.get('[data-testid="delete-shortlist"]').trigger('click');
    await eventually(() => expect(view.find('[data-testid="shortlist-row"]').exists()).toBe(false));
    expect(view.get('[data-testid="undo-toast"]').text()).toContain('Deleted the shortlist “Sunrise – Jordan”.');
    expect(view.get('[data-testid="undo-toast"]').element.closest('[role="status"]')).not.toBeNull();
    await view.get('[data-testid="undo-button"]').trigger('click');
    await eventually(() => expect(view.findAll('[data-testid="shortlist-row"]')).toHaveLength(1));
    expect(view.get('[data-testid="shortlist-count"]').text()).toBe('2 actors');
    expect(view.find('[data-testid="undo-toast"]').exists()).toBe(false);
  });

  it('is in the menu and speaks German', async () => {
    const { view } = await mountApp('/shortlists', { locale: 'de' });
    const link = view.findAll('nav a').find((item) => item.text() === de.nav.shortlists)!;
    expect(link.attributes('href')).toBe('#/shortlists');
    expect(link.attributes('aria-current')).toBe('page');
    expect(view.get('[data-testid="shortlists-page"] h1').text()).toBe(de.shortlists.title);
    expect(document.title).toBe(`${de.titles.shortlists} – Castdesk`);
  });
});

describe('Adding to a shortlist', () => {
  it('adds several actors from the list selection and one from the detail page', { timeout: 20_000 }, async () => {
    const { view, router, shortlists } = await mountApp('/actors');
    await eventually(() => expect(view.findAll('[data-testid="profile-row"]')).toHaveLength(4));
    const id = await listWith(shortlists, 'Callbacks', []);

    expect(view.find('[data-testid="select-profile"]').exists()).toBe(false);
    await view.get('[data-testid="select-mode"]').trigger('click');
    expect(view.get('[data-testid="select-mode"]').attributes('aria-pressed')).toBe('true');
    const checkbox = (actorId: number) => view.get(`[data-testid="select-profile"][data-id="${actorId}"]`);
    await checkbox(3).setValue(true);
    await checkbox(2).setValue(true);
    expect(checkbox(3).attributes('aria-label')).toBe('Select Björn Berg');
    expect(view.get('[data-testid="add-selected-to-shortlist"]').text()).toBe('Add 2 to shortlist');
    await chooseList(view, '[data-testid="add-selected-to-shortlist"]', id);
    await eventually(() => expect(view.get('[data-testid="add-to-shortlist-result"]').text()).toContain('Added to “Callbacks”: 2 new, 0 already on it.'));
    expect(view.find('[data-testid="add-to-shortlist-menu"]').exists()).toBe(false);

    await router.push('/actors/1');
    await eventually(() => expect(view.get('h1').text()).toBe('Zoe Zander'));
    await chooseList(view, '[data-testid="add-to-shortlist"]', id);
    await eventually(() => expect(view.get('[data-testid="add-to-shortlist-result"]').text()).toContain('1 new'));

    // A new list made from the panel takes the actor too.
    await view.get('[data-testid="add-to-shortlist"]').trigger('click');
    await view.get('[data-testid="add-new-list-name"]').setValue('Feature');
    await view.get('[data-testid="add-to-shortlist-menu"] form').trigger('submit');
    await eventually(() => expect(shortlists.lists.map((list) => [list.name, list.count]).sort()).toEqual([['Callbacks', 3], ['Feature', 1]]));

    await openList(view, router, id, 3);
    expect(order(view)).toEqual([3, 2, 1]);
    expect(entryOf(view, 1).get('[data-testid="entry-name"]').attributes('href')).toBe('#/actors/1');
    expect(entryOf(view, 1).text()).toContain('Acting age 25 to 35');
    expect(entryOf(view, 1).get('[data-testid="entry-agency"]').text()).toBe('Agentur Nord');
  });

  it('adds a role’s selected matches, and makes a new list for the role from its top matches', { timeout: 20_000 }, async () => {
    const { view, router, shortlists } = await mountApp('/casting-calls/21');
    await eventually(() => expect(view.findAll('[data-testid="role-match"]').length).toBeGreaterThan(0));
    const matches = view.findAll('[data-testid="role-match"]').map((match) => Number(match.attributes('data-actor-id')));
    expect(matches.sort()).toEqual([1, 2, 4]);

    await view.get('[data-testid="role-new-shortlist"]').trigger('click');
    await eventually(() => expect(router.currentRoute.value.name).toBe('shortlist'));
    await eventually(() => expect(view.findAll('[data-testid="shortlist-entry"]')).toHaveLength(3));
    expect(view.get('h1').text()).toBe('Project Sunrise – Jordan');
    expect(view.get('[data-testid="shortlist-tie"] a').attributes('href')).toBe('#/casting-calls/21');
    const roleList = shortlists.openList!;
    expect(roleList).toMatchObject({ castingCallId: 21, roleId: 71, roleName: 'Jordan' });

    const other = await listWith(shortlists, 'Other', []);
    await router.push('/casting-calls/21');
    await eventually(() => expect(view.findAll('[data-testid="role-match"]').length).toBe(3));
    await view.get('[data-testid="role-match"][data-actor-id="2"] [data-testid="select-match"]').setValue(true);
    await chooseList(view, '[data-testid="role-add-to-shortlist"]', other);
    await eventually(() => expect(shortlists.lists.find((list) => list.id === other)?.count).toBe(1));
  });
});

describe('A shortlist', () => {
  it('reorders by Alt+Arrow keys, by the move buttons and by dragging', { timeout: 20_000 }, async () => {
    const { view, router, shortlists } = await mountApp('/');
    const id = await listWith(shortlists, 'Order', [1, 2, 3, 4]);
    await openList(view, router, id, 4);
    expect(order(view)).toEqual([1, 2, 3, 4]);
    expect(await seriousA11yViolations()).toEqual([]);

    const first = entryOf(view, 1);
    (first.element as HTMLElement).focus();
    await first.trigger('keydown', { key: 'ArrowDown', altKey: true });
    await eventually(() => expect(order(view)).toEqual([2, 1, 3, 4]));
    await eventually(() => expect(document.activeElement).toBe(entryOf(view, 1).element));
    expect(view.get('[data-testid="shortlist-announcement"]').text()).toBe('Zoe Zander moved to position 2 of 4.');
    // Without Alt the arrows do nothing; in a text field Alt+Arrow stays the field's.
    await entryOf(view, 1).trigger('keydown', { key: 'ArrowDown' });
    await entryOf(view, 1).get('[data-testid="entry-note"]').trigger('keydown', { key: 'ArrowDown', altKey: true });
    await flushPromises();
    expect(order(view)).toEqual([2, 1, 3, 4]);

    await entryOf(view, 4).get('[data-testid="move-up"]').trigger('click');
    await eventually(() => expect(order(view)).toEqual([2, 1, 4, 3]));
    await entryOf(view, 2).get('[data-testid="move-down"]').trigger('click');
    await eventually(() => expect(order(view)).toEqual([1, 2, 4, 3]));
    // The first cannot move up.
    expect(entryOf(view, 1).get('[data-testid="move-up"]').attributes('aria-disabled')).toBe('true');
    await entryOf(view, 1).get('[data-testid="move-up"]').trigger('click');
    await flushPromises();
    expect(order(view)).toEqual([1, 2, 4, 3]);

    // Drag the last onto the first.
    await entryOf(view, 3).get('[data-testid="drag-handle"]').trigger('mousedown');
    expect(entryOf(view, 3).attributes('draggable')).toBe('true');
    await entryOf(view, 3).trigger('dragstart');
    await entryOf(view, 1).trigger('dragover');
    await entryOf(view, 1).trigger('drop');
    await eventually(() => expect(order(view)).toEqual([3, 1, 2, 4]));

    // The order is the store's, so it stays.
    expect(shortlists.entries.map((entry) => entry.actorId)).toEqual([3, 1, 2, 4]);
  });

  it('saves note, rating, status, colours and tags, and keeps them after a restart', { timeout: 20_000 }, async () => {
    const first = await mountApp('/');
    const id = await listWith(first.shortlists, 'Notes', [1, 2]);
    await openList(first.view, first.router, id, 2);
    const ada = () => entryOf(wrapper!, 2);

    const note = ada().get('[data-testid="entry-note"]');
    expect(note.attributes('aria-label')).toBe('Note on Ada Aalto');
    await note.setValue('Great self tape, speaks Finnish');
    await note.trigger('blur');
    await ada().get('[data-testid="entry-rating"] input[value="4"]').setValue(true);
    await ada().get('[data-testid="entry-status"]').setValue('callback');
    await ada().get('[data-testid="entry-colour-green"]').trigger('click');
    await ada().get('[data-testid="entry-colour-red"]').trigger('click');
    await ada().get('[data-testid="entry-tag-input"]').setValue('lead');
    await ada().get('[data-testid="entry-tags"] form').trigger('submit');
    await ada().get('[data-testid="entry-tag-input"]').setValue('dialect');
    await ada().get('[data-testid="entry-tags"] form').trigger('submit');
    await eventually(() =>
      expect(first.shortlists.entries.find((entry) => entry.actorId === 2)).toMatchObject({
        note: 'Great self tape, speaks Finnish',
        rating: 4,
        status: 'callback',
        colours: ['red', 'green'],
        tags: ['lead', 'dialect'],
      }),
    );
    await eventually(() => expect(ada().get('[data-testid="entry-colour-green"]').attributes('aria-pressed')).toBe('true'));
    // A colour says its name in text, not by colour alone.
    expect(ada().get('[data-testid="entry-colour-green"]').text()).toBe('Green');

    // Remove one tag again.
    const dialect = ada().findAll('[data-testid="entry-tag"]').find((tag) => tag.text().startsWith('dialect'))!;
    await dialect.get('button').trigger('click');
    await eventually(() => expect(ada().findAll('[data-testid="entry-tag"]').map((tag) => tag.text().replace('✕', '').trim())).toEqual(['lead']));

    // A rating can be cleared, and set again.
    await ada().get('[data-testid="entry-rating-none"]').setValue(true);
    await eventually(() => expect(first.shortlists.entries.find((entry) => entry.actorId === 2)?.rating).toBeNull());
    await ada().get('[data-testid="entry-rating"] input[value="4"]').setValue(true);
    await eventually(() => expect(first.shortlists.entries.find((entry) => entry.actorId === 2)?.rating).toBe(4));

    // Restart: a new app on the same connection.
    wrapper!.unmount();
    wrapper = undefined;
    await first.sync.activate(null);
    const again = await mountApp(`/shortlists/${id}`, { connectionId: first.connectionId });
    await eventually(() => expect(again.view.findAll('[data-testid="shortlist-entry"]')).toHaveLength(2));
    const restored = entryOf(again.view, 2);
    expect((restored.get('[data-testid="entry-note"]').element as HTMLTextAreaElement).value).toBe('Great self tape, speaks Finnish');
    expect((restored.get('[data-testid="entry-rating"] input[value="4"]').element as HTMLInputElement).checked).toBe(true);
    expect((restored.get('[data-testid="entry-status"]').element as HTMLSelectElement).value).toBe('callback');
    expect(restored.get('[data-testid="entry-colour-green"]').attributes('aria-pressed')).toBe('true');
    expect(restored.get('[data-testid="entry-colour-red"]').attributes('aria-pressed')).toBe('true');
    expect(restored.get('[data-testid="entry-colour-blue"]').attributes('aria-pressed')).toBe('false');
    expect(restored.findAll('[data-testid="entry-tag"]').map((tag) => tag.text().replace('✕', '').trim())).toEqual(['lead']);
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('lists every entry of a long list, drawing the editors of the first ones and of any that takes focus', { timeout: 20_000 }, async () => {
    const { view, router, shortlists } = await mountApp('/shortlists');
    const actorIds = [1, 2, 3, 4, ...Array.from({ length: 16 }, (_, i) => 100 + i)];
    const id = await listWith(shortlists, 'Long list', actorIds);
    await openList(view, router, id, 20);
    expect(view.findAll('[data-testid="entry-note"]')).toHaveLength(15);
    const drawn = () => view.findAll('[data-testid="shortlist-entry"]').map((entry) => entry.attributes('data-drawn'));
    expect(drawn().slice(0, 15)).toEqual(Array.from({ length: 15 }, () => 'true'));
    // Beyond them an entry shows its position and name until it comes near the viewport (happy-dom
    // lays nothing out, so never here) or takes focus.
    const last = entryOf(view, 115);
    expect(last.attributes('data-drawn')).toBe('false');
    expect(last.text()).toContain('#115');
    expect(last.find('[data-testid="entry-note"]').exists()).toBe(false);
    await last.trigger('focusin');
    await eventually(() => expect(entryOf(view, 115).find('[data-testid="entry-note"]').exists()).toBe(true));
    expect(order(view)).toEqual(actorIds);
  });

  it('says so when the address names no list, and when it is no address of the app at all', async () => {
    const { view, router } = await mountApp('/shortlists');
    await router.push('/shortlists/9999');
    await eventually(() => expect(view.find('[data-testid="shortlist-not-found"]').exists()).toBe(true));
    expect(view.find('[data-testid="shortlist-entry"]').exists()).toBe(false);
    await router.push('/shortlists/abc');
    await eventually(() => expect(view.find('[data-testid="not-found"]').exists()).toBe(true));
    expect(view.get('[data-testid="not-found"] h1').text()).toBe(en.notFound.title);
    expect(document.title).toBe(`${en.titles.notFound} – Castdesk`);
    expect(view.get('[data-testid="not-found"] a').attributes('href')).toBe('#/');
  });

  it('saves a note as it is typed, without waiting for a pause, and before another page opens', async () => {
    const { view, router, shortlists } = await mountApp('/');
    const id = await listWith(shortlists, 'Typing', [3]);
    await openList(view, router, id, 1);
    const note = entryOf(view, 3).get('[data-testid="entry-note"]');
    await note.trigger('focus');
    await note.setValue('Strong');
    // On its way at once: nothing is held back for a pause that a reload would cut short.
    await shortlists.flushPendingWrites();
    expect((await shortlists.allListsAndEntries()).entries.map((entry) => entry.note)).toEqual(['Strong']);
    await eventually(() => expect(shortlists.entries[0]?.note).toBe('Strong'));
    // The field still holds what was typed.
    expect((note.element as HTMLTextAreaElement).value).toBe('Strong');

    await note.setValue('Strong, dialect');
    await router.push('/shortlists');
    expect((await shortlists.allListsAndEntries()).entries.map((entry) => entry.note)).toEqual(['Strong, dialect']);
  });

  it('removes selected entries and puts them back in their places with undo', { timeout: 20_000 }, async () => {
    const { view, router, shortlists } = await mountApp('/');
    const id = await listWith(shortlists, 'Undo', [1, 2, 3, 4]);
    await openList(view, router, id, 4);
    await entryOf(view, 2).get('[data-testid="select-entry"]').setValue(true);
    await entryOf(view, 3).get('[data-testid="select-entry"]').setValue(true);
    expect(view.get('[data-testid="selected-count"]').text()).toBe('2 selected');
    await view.get('[data-testid="remove-selected"]').trigger('click');
    await eventually(() => expect(order(view)).toEqual([1, 4]));
    const toast = view.get('[data-testid="undo-toast"]');
    expect(toast.text()).toContain('Removed 2 actors from the shortlist.');
    expect(await seriousA11yViolations()).toEqual([]);
    await view.get('[data-testid="undo-button"]').trigger('click');
    await eventually(() => expect(order(view)).toEqual([1, 2, 3, 4]));
    expect(view.find('[data-testid="undo-toast"]').exists()).toBe(false);

    // Ctrl+Z undoes too, outside text fields.
    await entryOf(view, 4).get('[data-testid="select-entry"]').setValue(true);
    await view.get('[data-testid="remove-selected"]').trigger('click');
    await eventually(() => expect(order(view)).toEqual([1, 2, 3]));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true }));
    await eventually(() => expect(order(view)).toEqual([1, 2, 3, 4]));
  });

  it('marks an actor the directory removed as no longer available, keeping what was saved', async () => {
    const { view, router, shortlists, connectionId } = await mountApp('/');
    const id = await listWith(shortlists, 'Pilot', [4, 1]);
    await openList(view, router, id, 2);
    expect(view.find('[data-testid="unavailable-marker"]').exists()).toBe(false);

    // The sync engine finds the profile gone.
    const library = await openConnectionLibrary(connectionId);
    await markProfileRemoved(library, 'actor', 4, { reason: 'deleted', at: now });
    library.db.close();
    await eventually(() => expect(entryOf(view, 4).find('[data-testid="unavailable-marker"]').exists()).toBe(true));
    expect(entryOf(view, 4).get('[data-testid="unavailable-marker"]').text()).toBe(en.shortlists.unavailable);
    expect(entryOf(view, 4).text()).toContain('Jonas Weber');
    expect(entryOf(view, 1).find('[data-testid="unavailable-marker"]').exists()).toBe(false);
  });
});

describe('Comparing actors', () => {
  it('shows 2 to 4 selected actors side by side with their differences marked', { timeout: 20_000 }, async () => {
    const { view, router, shortlists, connectionId } = await mountApp('/');
    const id = await listWith(shortlists, 'Compare', [1, 2, 3]);
    await openList(view, router, id, 3);

    // One selected is not enough.
    await entryOf(view, 1).get('[data-testid="select-entry"]').setValue(true);
    expect(view.get('[data-testid="compare-selected"]').attributes('aria-disabled')).toBe('true');
    await view.get('[data-testid="compare-selected"]').trigger('click');
    await flushPromises();
    expect(router.currentRoute.value.name).toBe('shortlist');

    await entryOf(view, 2).get('[data-testid="select-entry"]').setValue(true);
    await view.get('[data-testid="compare-selected"]').trigger('click');
    await eventually(() => expect(router.currentRoute.value.fullPath).toBe('/compare?ids=1,2'));
    await eventually(() => expect(view.find('[data-testid="compare-table"]').exists()).toBe(true));
    const table = view.get('[data-testid="compare-table"]');
    expect(table.findAll('[data-testid="compare-actor"]').map((actor) => actor.get('a').text())).toEqual(['Zoe Zander', 'Ada Aalto']);
    expect(table.get('[data-testid="compare-actor"] img').attributes('src')).toBe(
      `/media-cache?c=${connectionId}&u=${encodeURIComponent('http://127.0.0.1:40000/media/1/1/large.png')}`,
    );
    const row = (key: string) => table.get(`tr[data-row="${key}"]`);
    // Same acting age, languages and agency; different height, dialects and credits.
    expect(row('actingAge').attributes('data-testid')).toBe('compare-row');
    expect(row('actingAge').text()).toContain('25 to 35');
    expect(row('languages').attributes('data-testid')).toBe('compare-row');
    expect(row('agencies').attributes('data-testid')).toBe('compare-row');
    expect(row('height').attributes('data-testid')).toBe('compare-diff');
    expect(row('height').text()).toContain('172 cm');
    expect(row('height').text()).toContain('165 cm');
    expect(row('height').get('th').text()).toContain(en.compare.differs);
    expect(row('dialects').attributes('data-testid')).toBe('compare-diff');
    expect(row('credits').attributes('data-testid')).toBe('compare-diff');
    expect(row('credits').findAll('td')[0]!.findAll('li').map((item) => item.text())).toEqual([
      '2024 · Theatre: Hamlet (as Ophelia)',
      '2023 · Film: Northern Lights (as Mara)',
      '2015 · Film: Old Story',
    ]);
    expect(view.findAll('[data-testid="compare-diff"]').map((item) => item.attributes('data-row'))).toEqual(['height', 'dialects', 'credits']);
    expect(await seriousA11yViolations()).toEqual([]);

    // A third actor makes the acting age differ too; removing one goes back.
    await router.push('/compare?ids=1,2,3');
    await eventually(() => expect(view.findAll('[data-testid="compare-actor"]')).toHaveLength(3));
    await eventually(() => expect(view.get('tr[data-row="actingAge"]').attributes('data-testid')).toBe('compare-diff'));
    await view.findAll('[data-testid="compare-remove"]')[2]!.trigger('click');
    await eventually(() => expect(view.findAll('[data-testid="compare-actor"]')).toHaveLength(2));
    expect(router.currentRoute.value.query.ids).toBe('1,2');
  });

  it('asks for 2 to 4 actors', async () => {
    const { view } = await mountApp('/compare?ids=1');
    await eventually(() => expect(view.find('[data-testid="compare-too-few"]').exists()).toBe(true));
    expect(view.find('[data-testid="compare-table"]').exists()).toBe(false);
  });

  it('reads only positive whole ids from a hand-written address, each once, at most four', async () => {
    expect(parseCompareIds('2,x,-1,2,1.5,,3,4,5,6')).toEqual([2, 3, 4, 5]);
    expect(parseCompareIds(['1', '2'])).toEqual([1, 2]);
    expect(parseCompareIds(undefined)).toEqual([]);
    const { view } = await mountApp('/compare?ids=abc,0,1');
    await eventually(() => expect(view.find('[data-testid="compare-too-few"]').exists()).toBe(true));
  });
});

describe('An actor’s shortlist memory', () => {
  it('lists every shortlist the actor is on with status, rating and notes, each linking to its list', { timeout: 20_000 }, async () => {
    const { view, router, shortlists } = await mountApp('/');
    const pilot = await listWith(shortlists, 'Pilot', [3]);
    const feature = await listWith(shortlists, 'Feature', [3, 4]);
    shortlists.open(feature);
    await eventually(() => expect(shortlists.entries).toHaveLength(2));
    await shortlists.updateEntry(shortlists.entries[0]!.id, { note: 'Speaks Bavarian', status: 'invited', rating: 5 });
    shortlists.open(null);

    await router.push('/actors/3');
    await eventually(() => expect(view.findAll('[data-testid="actor-memory-item"]')).toHaveLength(2));
    const memory = view.get('[data-testid="actor-memory"]');
    expect(memory.get('h2').text()).toBe(en.shortlists.memory.title);
    const items = memory.findAll('[data-testid="actor-memory-item"]');
    expect(items.map((item) => item.get('a').text())).toEqual(['Feature', 'Pilot']);
    expect(items[0]!.get('a').attributes('href')).toBe(`#/shortlists/${feature}`);
    expect(items[1]!.get('a').attributes('href')).toBe(`#/shortlists/${pilot}`);
    expect(items[0]!.text()).toContain('Invited, 5 of 5');
    expect(items[0]!.get('[data-testid="actor-memory-note"]').text()).toBe('Speaks Bavarian');
    expect(items[1]!.text()).toContain('Considering, not rated');
    expect(items[1]!.find('[data-testid="actor-memory-note"]').exists()).toBe(false);
    expect(await seriousA11yViolations()).toEqual([]);

    // An actor on no list says so.
    await router.push('/actors/1');
    await eventually(() => expect(view.get('h1').text()).toBe('Zoe Zander'));
    await eventually(() => expect(view.get('[data-testid="actor-memory"]').text()).toContain(en.shortlists.memory.none));
  });
});

const entryWithId = (view: VueWrapper, actorId: number) => view.get(`[data-testid="shortlist-entry"][data-actor-id="${actorId}"]`);
const cardOf = (view: VueWrapper, actorId: number) => view.get(`[data-testid="grid-entry"][data-actor-id="${actorId}"]`);
const storedEntry = (shortlists: ReturnType<typeof useShortlistsStore>, actorId: number) => shortlists.entries.find((entry) => entry.actorId === actorId);
const starsOf = (rating: Pick<DOMWrapper<Element>, 'findAll'>) => rating.findAll('label.star:not(.none) [aria-hidden="true"]').map((star) => star.text()).join('');

describe('A shortlist entry', () => {
  it('shows the rating as stars set by a click, and keeps the focus in the tags as one is removed', { timeout: 20_000 }, async () => {
    const { view, router, shortlists } = await mountApp('/');
    const id = await listWith(shortlists, 'Stars', [1, 2]);
    await openList(view, router, id, 2);
    const rating = () => entryWithId(view, 2).get('[data-testid="entry-rating"]');
    expect(starsOf(rating())).toBe('☆☆☆☆☆');
    // Each star is a radio named "n of 5"; "None" clears.
    expect(rating().findAll('input[type="radio"]').map((radio) => radio.element.closest('label')!.textContent!.replace(/\s+/g, '').trim())).toEqual([
      '☆1of5',
      '☆2of5',
      '☆3of5',
      '☆4of5',
      '☆5of5',
      'None',
    ]);
    await rating().get('input[value="3"]').setValue(true);
    await eventually(() => expect(rating().attributes('data-rating')).toBe('3'));
    expect(starsOf(rating())).toBe('★★★☆☆');
    expect(storedEntry(shortlists, 2)?.rating).toBe(3);

    // Tags: removing one puts the focus on the next one's remove button, the last one's on the field.
    const tags = () => entryWithId(view, 2).get('[data-testid="entry-tags"]');
    for (const tag of ['lead', 'dialect', 'stunts']) {
      await tags().get('[data-testid="entry-tag-input"]').setValue(tag);
      await tags().get('form').trigger('submit');
    }
    await eventually(() => expect(storedEntry(shortlists, 2)?.tags).toEqual(['lead', 'dialect', 'stunts']));
    await tags().findAll('[data-testid="entry-tag"] button')[0]!.trigger('click');
    await eventually(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Remove tag dialect'));
    await tags().findAll('[data-testid="entry-tag"] button')[1]!.trigger('click');
    await eventually(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Remove tag dialect'));
    await tags().findAll('[data-testid="entry-tag"] button')[0]!.trigger('click');
    await eventually(() => expect(document.activeElement).toBe(tags().get('[data-testid="entry-tag-input"]').element));
    await eventually(() => expect(storedEntry(shortlists, 2)?.tags).toEqual([]));
  });

  it('is triaged from the keyboard: arrows go from entry to entry, numbers rate, S sets the status, X selects', { timeout: 20_000 }, async () => {
    const { view, router, shortlists } = await mountApp('/');
    const id = await listWith(shortlists, 'Triage', [1, 2, 3]);
    await openList(view, router, id, 3);
    const key = async (actorId: number, init: KeyboardEventInit) => entryWithId(view, actorId).trigger('keydown', init);
    const announced = () => view.get('[data-testid="shortlist-announcement"]').text();

    (entryWithId(view, 1).element as HTMLElement).focus();
    await key(1, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(entryWithId(view, 2).element);
    await key(2, { key: 'End' });
    expect(document.activeElement).toBe(entryWithId(view, 3).element);
    await key(3, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(entryWithId(view, 3).element);
    await key(3, { key: 'Home' });
    expect(document.activeElement).toBe(entryWithId(view, 1).element);
    // Moving the focus leaves the order alone.
    expect(order(view)).toEqual([1, 2, 3]);

    await key(1, { key: '4', code: 'Digit4' });
    await eventually(() => expect(storedEntry(shortlists, 1)?.rating).toBe(4));
    expect(announced()).toBe('Zoe Zander: 4 of 5.');
    await eventually(() => expect(entryWithId(view, 1).get('[data-testid="entry-rating"]').attributes('data-rating')).toBe('4'));
    await key(1, { key: '0', code: 'Digit0' });
    await eventually(() => expect(storedEntry(shortlists, 1)?.rating).toBeNull());
    expect(announced()).toBe('Zoe Zander: not rated.');

    // S by its place on the keyboard (a Cyrillic layout types "ы" there).
    await key(1, { key: 'ы', code: 'KeyS' });
    await eventually(() => expect(storedEntry(shortlists, 1)?.status).toBe('invited'));
    expect(announced()).toBe('Zoe Zander: Invited.');
    await eventually(() => expect((entryWithId(view, 1).get('[data-testid="entry-status"]').element as HTMLSelectElement).value).toBe('invited'));
    await key(1, { key: 'S', code: 'KeyS', shiftKey: true });
    await key(1, { key: 'S', code: 'KeyS', shiftKey: true });
    await eventually(() => expect(storedEntry(shortlists, 1)?.status).toBe('released'));

    await key(1, { key: 'x', code: 'KeyX' });
    expect(view.get('[data-testid="selected-count"]').text()).toBe('1 selected');
    expect((entryWithId(view, 1).get('[data-testid="select-entry"]').element as HTMLInputElement).checked).toBe(true);

    // Typed into a field, the keys are the field's.
    await entryWithId(view, 2).get('[data-testid="entry-note"]').trigger('keydown', { key: '5', code: 'Digit5' });
    await entryWithId(view, 2).get('[data-testid="entry-note"]').trigger('keydown', { key: 's', code: 'KeyS' });
    await shortlists.flushPendingWrites();
    expect(storedEntry(shortlists, 2)).toMatchObject({ rating: null, status: 'considering' });
    // The keys are written on the page.
    expect(view.get('[data-testid="shortlist-keys"]').text()).toContain('Rate the actor; 0 clears the rating.');
  });
});

describe('The contact grid', () => {
  it('shows faces with name, status, stars and colour labels, is remembered, and is triaged from the keyboard', { timeout: 20_000 }, async () => {
    globalThis.localStorage.removeItem('castdesk.shortlistLayout');
    const first = await mountApp('/');
    const id = await listWith(first.shortlists, 'Grid', [1, 2, 3, 4, 100, 101]);
    first.shortlists.open(id);
    await eventually(() => expect(first.shortlists.entries).toHaveLength(6));
    await first.shortlists.updateEntry(storedEntry(first.shortlists, 2)!.id, { rating: 2, colours: ['green', 'blue'], status: 'callback' });
    await openList(first.view, first.router, id, 6);
    expect(first.view.get('[data-testid="layout-list"]').attributes('aria-pressed')).toBe('true');
    await first.view.get('[data-testid="layout-grid"]').trigger('click');
    await eventually(() => expect(first.view.findAll('[data-testid="grid-entry"]')).toHaveLength(6));
    expect(first.view.find('[data-testid="shortlist-entry"]').exists()).toBe(false);
    expect(first.view.get('[data-testid="layout-grid"]').attributes('aria-pressed')).toBe('true');
    expect(await seriousA11yViolations()).toEqual([]);

    // Remembered: the app started again opens the list as a grid.
    wrapper!.unmount();
    wrapper = undefined;
    await first.sync.activate(null);
    const { view, shortlists } = await mountApp(`/shortlists/${id}`, { connectionId: first.connectionId });
    await eventually(() => expect(view.findAll('[data-testid="grid-entry"]')).toHaveLength(6));
    const grid = view.get('[data-testid="shortlist-grid"]');
    expect(grid.attributes('aria-label')).toBe('Actors on Grid, as a contact grid');
    // Four to six a row (happy-dom lays nothing out: the fewest).
    expect(Number(grid.attributes('data-columns'))).toBe(4);
    expect(view.findAll('[data-testid="grid-entry"]').map((card) => Number(card.attributes('data-actor-id')))).toEqual([1, 2, 3, 4, 100, 101]);

    const ada = () => cardOf(view, 2);
    expect(ada().get('[data-testid="entry-name"]').text()).toBe('Ada Aalto');
    expect((ada().get('[data-testid="entry-status"]').element as HTMLSelectElement).value).toBe('callback');
    expect(starsOf(ada().get('[data-testid="entry-rating"]'))).toBe('★★☆☆☆');
    expect(ada().findAll('[data-testid="grid-colours"] li').map((colour) => colour.text())).toEqual(['Green', 'Blue']);
    expect(cardOf(view, 1).find('[data-testid="grid-colours"]').exists()).toBe(false);

    // A click on a star rates.
    await ada().get('[data-testid="entry-rating"] input[value="5"]').setValue(true);
    await eventually(() => expect(storedEntry(shortlists, 2)?.rating).toBe(5));
    await eventually(() => expect(starsOf(ada().get('[data-testid="entry-rating"]'))).toBe('★★★★★'));

    // Arrows: Right and Left one card, Down and Up a row of four.
    const key = async (actorId: number, init: KeyboardEventInit) => cardOf(view, actorId).trigger('keydown', init);
    (cardOf(view, 1).element as HTMLElement).focus();
    await key(1, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(cardOf(view, 2).element);
    await key(2, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(cardOf(view, 101).element);
    await key(101, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(cardOf(view, 2).element);
    await key(2, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(cardOf(view, 1).element);

    await key(1, { key: '3', code: 'Numpad3' });
    await eventually(() => expect(storedEntry(shortlists, 1)?.rating).toBe(3));
    await eventually(() => expect(starsOf(cardOf(view, 1).get('[data-testid="entry-rating"]'))).toBe('★★★☆☆'));
    await key(1, { key: 'S', code: 'KeyS', shiftKey: true });
    await eventually(() => expect(storedEntry(shortlists, 1)?.status).toBe('released'));
    await eventually(() => expect(cardOf(view, 1).attributes('data-status')).toBe('released'));
    await key(1, { key: 'x', code: 'KeyX' });
    await key(2, { key: 'x', code: 'KeyX' });
    expect(view.get('[data-testid="selected-count"]').text()).toBe('2 selected');
    expect(view.get('[data-testid="compare-selected"]').attributes('aria-disabled')).toBe('false');

    // Back to the list: the selection stays.
    await view.get('[data-testid="layout-list"]').trigger('click');
    await eventually(() => expect(view.findAll('[data-testid="shortlist-entry"]')).toHaveLength(6));
    expect((entryWithId(view, 2).get('[data-testid="select-entry"]').element as HTMLInputElement).checked).toBe(true);
    globalThis.localStorage.removeItem('castdesk.shortlistLayout');
  });
});

describe('Comparing actors on shortlists', () => {
  it('shows each actor’s status, rating, colours and note per list, marking only real differences', { timeout: 20_000 }, async () => {
    const { view, router, shortlists } = await mountApp('/');
    const pilot = await listWith(shortlists, 'Pilot', [1, 2]);
    const feature = await listWith(shortlists, 'Feature', [1]);
    shortlists.open(pilot);
    await eventually(() => expect(shortlists.entries).toHaveLength(2));
    await shortlists.updateEntry(storedEntry(shortlists, 1)!.id, { rating: 4, status: 'callback', colours: ['red', 'green'], note: 'Strong\nspeaks Bavarian' });
    await shortlists.updateEntry(storedEntry(shortlists, 2)!.id, { rating: 4, status: 'invited', colours: ['green', 'red'] });
    shortlists.open(feature);
    await eventually(() => expect(shortlists.entries).toHaveLength(1));
    await shortlists.updateEntry(shortlists.entries[0]!.id, { status: 'booked' });
    shortlists.open(null);

    await router.push('/compare?ids=1,2');
    await eventually(() => expect(view.findAll('[data-testid="compare-shortlist"]')).toHaveLength(2));
    const table = view.get('[data-testid="compare-table"]');
    const row = (key: string) => table.get(`tr[data-row="${key}"]`);
    const cells = (key: string) => row(key).findAll('td').map((cell) => cell.text());
    // The list changed last first, each with its name linking to it.
    expect(table.findAll('[data-testid="compare-shortlist"]').map((group) => Number(group.attributes('data-list-id')))).toEqual([feature, pilot]);
    expect(table.get(`[data-testid="compare-shortlist"][data-list-id="${pilot}"] a`).text()).toBe('On “Pilot”');

    // Pilot: the same rating and the same colours in another order do not differ; the status does.
    expect(cells(`list-${pilot}-rating`)).toEqual(['★★★★☆ (4 of 5)', '★★★★☆ (4 of 5)']);
    expect(row(`list-${pilot}-rating`).attributes('data-testid')).toBe('compare-row');
    expect(row(`list-${pilot}-colours`).attributes('data-testid')).toBe('compare-row');
    expect(row(`list-${pilot}-colours`).findAll('td').map((cell) => cell.findAll('li').map((item) => item.text()))).toEqual([
      ['Red', 'Green'],
      ['Red', 'Green'],
    ]);
    expect(cells(`list-${pilot}-status`)).toEqual(['Callback', 'Invited']);
    expect(row(`list-${pilot}-status`).attributes('data-testid')).toBe('compare-diff');
    expect(row(`list-${pilot}-status`).get('th').text()).toContain(en.compare.differs);
    // A note is shown whole, never marked.
    expect(cells(`list-${pilot}-note`)).toEqual(['Strong\nspeaks Bavarian', 'No note']);
    expect(row(`list-${pilot}-note`).attributes('data-testid')).toBe('compare-row');

    // Feature holds only the first: nothing to compare with.
    expect(cells(`list-${feature}-status`)).toEqual(['Booked', 'Not on this list']);
    expect(row(`list-${feature}-status`).attributes('data-testid')).toBe('compare-row');
    expect(cells(`list-${feature}-rating`)).toEqual(['Not rated', 'Not on this list']);

    // The profile rows as before: only height, dialects and credits differ.
    expect(view.findAll('[data-testid="compare-diff"]').map((item) => item.attributes('data-row'))).toEqual(['height', 'dialects', 'credits', `list-${pilot}-status`]);
    expect(await seriousA11yViolations()).toEqual([]);

    // A change on a list shows in the comparison.
    shortlists.open(pilot);
    await eventually(() => expect(shortlists.entries).toHaveLength(2));
    await shortlists.updateEntry(storedEntry(shortlists, 2)!.id, { status: 'callback' });
    shortlists.open(null);
    await eventually(() => expect(row(`list-${pilot}-status`).attributes('data-testid')).toBe('compare-row'));
  });
});
