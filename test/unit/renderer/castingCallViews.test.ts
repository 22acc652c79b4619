import 'fake-indexeddb/auto';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import axe from 'axe-core';
import { createPinia, type Pinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import type { ActorDetail, ActorListItem, CastingCallDetail, CastingCallListItem } from '../../../contract/directory-api.ts';
import App from '../../../renderer/src/App.vue';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import type { CastingCallRow } from '../../../renderer/src/db/libraryDb.ts';
import { castingCallRowsOf, openConnectionLibrary } from './libraryFixture.ts';
import { writeProfileDetail, writeProfilePage } from '../../../renderer/src/db/libraryWrites.ts';
import { de } from '../../../renderer/src/i18n/de.ts';
import { en } from '../../../renderer/src/i18n/en.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { createCastdeskRouter } from '../../../renderer/src/router.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { demoView } from './fakeBridge.ts';
import { actorDetail, actorItem, fakeDirectory, type FakeDirectoryOptions } from './fakeDirectory.ts';

/** Waits for the library, the index and the sync to get there; generous, as test files share two cores. */
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
});

interface Seed {
  /** Actors whose detail is cached. */
  actors?: ActorDetail[];
  /** Actors only listed (no detail: acting age unknown). */
  listed?: ActorListItem[];
  calls?: CallSeed[];
}

/** Writes a library the way the sync engine leaves it, before the app opens it. */
async function seedLibrary(connectionId: string, seed: Seed): Promise<void> {
  const library = await openConnectionLibrary(connectionId);
  const { db } = library;
  try {
    for (const detail of seed.actors ?? []) await writeProfileDetail(library, 'actor', detail, now);
    if (seed.listed?.length) {
      await writeProfilePage(library, 'actor', 'actors', seed.listed, { runId: 'seed', mode: 'incremental', nextPage: 2, perPage: 50, startedAt: now }, now);
    }
    if (seed.calls?.length) await db.castingCalls.bulkPut(castingCallRowsOf(library, seed.calls));
  } finally {
    db.close();
  }
}

/**
 * The whole app at `path` on a fresh library seeded with `seed`. By default the directory cannot
 * be reached, so the views show exactly the cache (and nothing writes to it).
 */
async function mountApp(
  path: string,
  seed: Seed = {},
  options: { directory?: FakeDirectoryOptions; locale?: 'en' | 'de'; bridge?: Record<string, (args: never) => unknown> } = {},
) {
  connectionCounter += 1;
  const connectionId = `cc-${Date.now().toString(36)}-${connectionCounter}`;
  const locale = options.locale ?? 'en';
  await seedLibrary(connectionId, seed);
  const directory = fakeDirectory(options.directory ?? { failWith: { code: 'network', message: 'ECONNREFUSED' } });
  Object.assign(directory.bridge, {
    getAppInfo: async () => ({ ok: true, value: { version: '1', shell: 'web', keychain: { available: true }, folders: { data: '/tmp/castdesk', logs: '/tmp/castdesk/logs' } } }),
    listConnections: async () => ({ ok: true, value: { connections: [{ ...demoView, id: connectionId, name: 'Agency' }], activeId: connectionId } }),
    ...options.bridge,
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
  return { view: wrapper, directory, sync: useSyncStore(pinia), router, connectionId };
}

type CallSeed = Omit<CastingCallRow, 'uid' | 'origin' | 'connections'>;

function callRow(item: CastingCallListItem, current: boolean, detail?: CastingCallDetail): CallSeed {
  return { id: item.id, item, current, fetchedAt: now, ...(detail ? { detail, detailFetchedAt: now } : {}) };
}

const soonHidden: CastingCallListItem = {
  id: 11,
  name: 'Hidden Deadline Drama',
  casting_type: 'ecasting',
  production_format: 'feature_film',
  deadline: '2030-01-05T12:00:00.000+01:00',
  deadline_visible: false,
};
const laterVisible: CastingCallListItem = {
  id: 12,
  name: 'Visible Deadline Series',
  casting_type: 'studio_casting',
  production_format: 'tv_series',
  deadline: '2030-03-20T16:00:00.000+01:00',
  deadline_visible: true,
};
const expired: CastingCallListItem = {
  id: 13,
  name: 'Expired Commercial',
  casting_type: 'breakdown',
  production_format: 'commercial',
  deadline: '2020-01-01T10:00:00.000+01:00',
  deadline_visible: true,
};

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

const listText = (view: VueWrapper) => view.findAll('[data-testid="casting-call"]').map((row) => row.text());

describe('Casting calls list', () => {
  it('lists current calls soonest first with type, format and deadline, hides hidden deadlines, and shows all on request', async () => {
    const { view } = await mountApp('/casting-calls', { calls: [callRow(expired, false), callRow(laterVisible, true), callRow(soonHidden, true)] });
    await eventually(() => expect(view.findAll('[data-testid="casting-call"]')).toHaveLength(2));
    expect(view.get('h1').text()).toBe(en.castingCalls.title);
    expect(view.get('[data-testid="beta-label"]').text()).toBe(en.castingCalls.beta);
    expect(view.text()).toContain(en.castingCalls.betaExplanation);

    // A hidden deadline sorts like none (after every shown deadline), so the order does not give it away.
    const [visible, hidden] = view.findAll('[data-testid="casting-call"]');
    expect(hidden!.text()).toContain('Hidden Deadline Drama');
    expect(hidden!.text()).toContain('E-casting (self-tape)');
    expect(hidden!.text()).toContain('Feature film');
    expect(hidden!.get('[data-testid="deadline-hidden"]').text()).toBe(en.castingCalls.deadlineHidden);
    // The hidden deadline shows nowhere, not even as a machine-readable date.
    expect(hidden!.find('time').exists()).toBe(false);
    expect(hidden!.html()).not.toContain('2030-01-05');
    expect(hidden!.text()).not.toMatch(/2030/);
    expect(visible!.text()).toContain('Visible Deadline Series');
    expect(visible!.find('[data-testid="deadline-hidden"]').exists()).toBe(false);
    expect(visible!.get('time').attributes('datetime')).toBe(laterVisible.deadline);
    expect(visible!.get('time').text()).toMatch(/2030/);
    expect(visible!.get('a').attributes('href')).toBe('#/casting-calls/12');

    const toggle = view.get('[data-testid="current-toggle"]');
    expect((toggle.element as HTMLInputElement).checked).toBe(true);
    expect(toggle.element.closest('label')?.textContent).toContain(en.castingCalls.currentOnly);
    await toggle.setValue(false);
    await eventually(() => expect(view.findAll('[data-testid="casting-call"]')).toHaveLength(3));
    // Open calls first: the expired one comes last.
    expect(listText(view)[2]).toContain('Expired Commercial');
    expect(view.get('[data-testid="casting-calls-count"]').text()).toBe('Casting calls: 3');
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('lists open calls first, nearest deadline first, then closed ones, latest first; or by title on request (issue 22, item 11)', async () => {
    const call = (id: number, name: string, deadline: string | null): CastingCallListItem => ({ id, name, casting_type: 'ecasting', production_format: 'feature_film', deadline, deadline_visible: true });
    const calls = [
      callRow(call(31, 'A long-closed call', '2019-03-01T10:00:00.000+01:00'), false),
      callRow(call(32, 'B open in June', '2030-06-01T10:00:00.000+02:00'), true),
      callRow(call(33, 'C open without deadline', null), true),
      callRow(call(34, 'D recently closed call', '2024-11-01T10:00:00.000+01:00'), false),
      callRow(call(35, 'E open in February', '2030-02-01T10:00:00.000+01:00'), true),
    ];
    const { view } = await mountApp('/casting-calls', { calls });
    await eventually(() => expect(view.findAll('[data-testid="casting-call"]')).toHaveLength(3));
    await view.get('[data-testid="current-toggle"]').setValue(false);
    await eventually(() => expect(view.findAll('[data-testid="casting-call"]')).toHaveLength(5));
    const names = () => view.findAll('[data-testid="casting-call"] .call-name').map((name) => name.text().trim());
    expect(names()).toEqual(['E open in February', 'B open in June', 'C open without deadline', 'D recently closed call', 'A long-closed call']);
    const sort = view.get('[data-testid="casting-call-sort"]');
    expect(sort.element.closest('label')?.textContent).toContain(en.castingCalls.sortLabel);
    await sort.setValue('name');
    await eventually(() => expect(names()).toEqual(['A long-closed call', 'B open in June', 'C open without deadline', 'D recently closed call', 'E open in February']));
    expect(view.get('[data-testid="casting-call-list"]').attributes('aria-label')).toBe(en.castingCalls.listLabelByName);
  });

  it('tells near-identical titles apart in the shortlist\'s casting-call choice, open calls first (issue 22, item 11)', async () => {
    const call = (id: number, name: string, format: string, deadline: string): CastingCallListItem => ({ id, name, casting_type: 'ecasting', production_format: format, deadline, deadline_visible: true });
    const calls = [
      callRow(call(41, 'Tatort Kiel', 'tv_series', '2030-04-15T10:00:00.000+02:00'), true),
      callRow(call(42, 'Tatort: Kiel', 'feature_film', '2030-02-10T10:00:00.000+01:00'), true),
      callRow(call(43, 'Sunrise', 'feature_film', '2030-03-01T10:00:00.000+01:00'), true),
    ];
    const { view } = await mountApp('/shortlists', { calls });
    await eventually(() => expect(view.findAll('[data-testid="shortlist-call-select"] option')).toHaveLength(4));
    const options = view.findAll('[data-testid="shortlist-call-select"] option').slice(1).map((option) => ({ id: option.attributes('value'), text: option.text() }));
    expect(options.map((option) => option.id)).toEqual(['42', '43', '41']);
    expect(options[1]!.text).toBe('Sunrise');
    expect(options[0]!.text).toMatch(/^Tatort: Kiel \(Feature film · deadline .*2030\)$/);
    expect(options[2]!.text).toMatch(/^Tatort Kiel \(TV series · deadline .*2030\)$/);
    expect(options[0]!.text).not.toBe(options[2]!.text.replace('Tatort Kiel', 'Tatort: Kiel'));
  });

  it('says how many roles are open and until when: a call past its own deadline with an open role is open', async () => {
    const roles = [
      { id: 1, name: 'Past role', deadline: '2020-06-01T12:00:00.000+02:00' },
      { id: 2, name: 'Open role', deadline: '2031-05-04T12:00:00.000+02:00' },
      { id: 3, name: 'Inheriting role', deadline: null },
    ];
    const detail = { ...expired, description: '', visibility: 'public', roles } as unknown as CastingCallDetail;
    const allPast = { ...laterVisible, id: 14, name: 'All Roles Past' };
    const allPastDetail = { ...allPast, description: '', visibility: 'public', roles: [roles[0]] } as unknown as CastingCallDetail;
    const { view } = await mountApp('/casting-calls', { calls: [callRow(expired, true, detail), callRow(allPast, false, allPastDetail)] });
    await eventually(() => expect(view.findAll('[data-testid="casting-call"]')).toHaveLength(1));
    await view.get('[data-testid="current-toggle"]').setValue(false);
    await eventually(() => expect(view.findAll('[data-testid="casting-call"]')).toHaveLength(2));
    const [open, closed] = ['Expired Commercial', 'All Roles Past'].map((name) => view.findAll('[data-testid="casting-call"]').find((row) => row.text().includes(name))!);
    // The inheriting role takes the call's passed deadline: one of three roles is open, until 4 May 2031.
    expect(open!.get('[data-testid="call-roles-open"]').text()).toBe('1 of 3 roles open');
    expect(open!.get('[data-testid="call-next-deadline"] time').attributes('datetime')).toBe('2031-05-04T12:00:00.000+02:00');
    // A future call deadline does not open a call whose roles have all passed.
    expect(closed!.get('[data-testid="call-roles-open"]').text()).toBe('0 of 1 role open');
    expect(closed!.get('[data-testid="call-closed"]').text()).toBe(en.castingCalls.callClosed);
  });

  it('lists as current exactly the calls it shows open, by one rule (issue 22, walk N3: "current" calls read "closed")', async () => {
    // Listed by current=true past its own deadline, roles not saved yet: an open role keeps it current (rule 4).
    const expiredWithOpenRole = { ...expired, id: 21, name: 'Twelfth Night' };
    // Listed by the last current=true run, but its saved roles have all passed since.
    const rolesPassed = { ...laterVisible, id: 22, name: 'Hafenkante Nord' };
    const rolesPassedDetail = { ...rolesPassed, description: '', visibility: 'public', roles: [{ id: 5, name: 'Kommissarin', deadline: '2020-06-01T12:00:00.000+02:00' }] } as unknown as CastingCallDetail;
    const { view } = await mountApp('/casting-calls', { calls: [callRow(expiredWithOpenRole, true), callRow(rolesPassed, true, rolesPassedDetail), callRow(expired, false)] });
    await eventually(() => expect(view.findAll('[data-testid="casting-call"]')).toHaveLength(1));
    const [current] = view.findAll('[data-testid="casting-call"]');
    expect(current!.text()).toContain('Twelfth Night');
    expect(current!.find('[data-testid="call-closed"]').exists()).toBe(false);
    expect(current!.find('[data-testid="call-next-deadline"]').exists()).toBe(true);
    await view.get('[data-testid="current-toggle"]').setValue(false);
    await eventually(() => expect(view.findAll('[data-testid="casting-call"]')).toHaveLength(3));
    const closed = view.findAll('[data-testid="casting-call"]').filter((row) => row.find('[data-testid="call-closed"]').exists()).map((row) => row.get('.call-name').text().trim());
    expect(closed.sort()).toEqual(['Expired Commercial', 'Hafenkante Nord']);
  });

  it('moves through the list with the arrow keys', async () => {
    const { view } = await mountApp('/casting-calls', { calls: [callRow(laterVisible, true), callRow(soonHidden, true)] });
    await eventually(() => expect(view.findAll('[data-testid="casting-call"]')).toHaveLength(2));
    const links = view.findAll('[data-testid="casting-call"] a');
    (links[0]!.element as HTMLElement).focus();
    await view.get('[data-testid="casting-call-list"]').trigger('keydown', { key: 'ArrowDown' });
    expect(document.activeElement).toBe(links[1]!.element);
    await view.get('[data-testid="casting-call-list"]').trigger('keydown', { key: 'ArrowDown' });
    expect(document.activeElement).toBe(links[1]!.element);
    await view.get('[data-testid="casting-call-list"]').trigger('keydown', { key: 'ArrowUp' });
    expect(document.activeElement).toBe(links[0]!.element);
    await view.get('[data-testid="casting-call-list"]').trigger('keydown', { key: 'End' });
    expect(document.activeElement).toBe(links[1]!.element);
  });

  it('offers all calls when none is current', async () => {
    const { view } = await mountApp('/casting-calls', { calls: [callRow(expired, false)] });
    await eventually(() => expect(view.find('[data-testid="casting-calls-empty"]').exists()).toBe(true));
    const empty = view.get('[data-testid="casting-calls-empty"]');
    expect(empty.attributes('data-reason')).toBe('none-current');
    expect(empty.text()).toContain(en.castingCalls.noneCurrent);
    const showAll = empty.findAll('button').find((button) => button.text() === en.castingCalls.showAll);
    await showAll!.trigger('click');
    await eventually(() => expect(listText(view)).toHaveLength(1));
    expect(listText(view)[0]).toContain('Expired Commercial');
    expect((view.get('[data-testid="current-toggle"]').element as HTMLInputElement).checked).toBe(false);
  });

  it('says what to do when no call is cached yet, in German too', async () => {
    const { view } = await mountApp('/casting-calls', {}, { locale: 'de' });
    // While the first sync runs it says so; once it finds the directory unreachable, what to do.
    await eventually(() => {
      const empty = view.get('[data-testid="casting-calls-empty"]');
      expect(empty.attributes('data-reason')).toBe('none-cached');
      expect(empty.text()).toBe(de.castingCalls.emptyOffline);
    });
    expect(view.get('[data-testid="beta-label"]').text()).toBe(de.castingCalls.beta);
    expect(view.find('[data-testid="casting-call-list"]').exists()).toBe(false);
  });
});

/** An actor with a cached detail. */
function cachedActor(id: number, name: string, fields: Partial<ActorDetail>): ActorDetail {
  return { ...actorDetail(actorItem(id, name)), gender: 'f', gender_new: 'female', gender_searchability: ['female'], ethnic_background: [], ...fields };
}

function listedActor(id: number, name: string, fields: Partial<ActorListItem>): ActorListItem {
  return { ...actorItem(id, name), ...fields };
}

const actors: ActorDetail[] = [
  cachedActor(1, 'Fiona Fit', { acting_age_from: 24, acting_age_to: 30, languages: { deu: 'muttersprachlich', eng: 'fliessend' } }),
  cachedActor(2, 'Greta Great', { acting_age_from: 25, acting_age_to: 35, languages: { eng: 'muttersprachlich' }, ethnic_background: ['6468'] }),
  cachedActor(3, 'Max Male', { gender: 'm', gender_new: 'male', gender_searchability: ['male'], acting_age_from: 25, acting_age_to: 35, languages: { eng: 'muttersprachlich' } }),
  cachedActor(4, 'Olga Older', { acting_age_from: 50, acting_age_to: 60, languages: { eng: 'muttersprachlich' } }),
  cachedActor(5, 'Nora Noenglish', { acting_age_from: 25, acting_age_to: 35, languages: { deu: 'muttersprachlich' } }),
  cachedActor(6, 'Bea Basic', { acting_age_from: 25, acting_age_to: 35, languages: { eng: 'grundkenntnisse' } }),
  cachedActor(7, 'Otto Old', { gender: 'm', gender_new: 'male', gender_searchability: ['male'], acting_age_from: 65, acting_age_to: 75, languages: {} }),
];
const listed: ActorListItem[] = [
  listedActor(8, 'Lena Listed', { gender: 'f', gender_new: 'female', languages: { eng: 'fliessend' } }),
  listedActor(9, 'Paul Listed', { gender: 'm', gender_new: 'male', languages: { deu: 'muttersprachlich' } }),
];

const callDetail: CastingCallDetail = {
  id: 21,
  name: 'Project Sunrise',
  description: 'A coming-of-age drama about resilience and hope.',
  deadline: '2030-02-25T12:04:00.000+01:00',
  visibility: 'public',
  deadline_visible: false,
  production_format: 'feature_film',
  casting_type: 'ecasting',
  production_id: 123,
  working_permits: ['eu'],
  regions: ['dach'],
  casting_director: { id: 5, name: 'Carla Casting' },
  production_locations: [{ name: 'Hamburg', country: 'DE', longitude: 9.99, latitude: 53.55 }],
  service_url: 'https://directory.example/casting_calls/21',
  created_at: '2025-02-18T13:05:24.865+01:00',
  updated_at: '2025-02-18T13:05:24.865+01:00',
  roles: [
    {
      id: 71,
      name: 'Jordan',
      description: 'A determined young woman.',
      contract_type: 1,
      contract_type_info: '<p>Day rate <b>€500</b></p><script>alert(1)</script><img src="x" onerror="alert(2)">',
      deadline: null,
      gender: ['female'],
      acting_age_from: 25,
      acting_age_to: 35,
      languages: { eng: 'gut' },
      ethnic_background: [6468],
      ethnic_background_details: [],
    },
    {
      id: 72,
      name: 'The grandfather',
      description: 'Wise and funny.',
      contract_type: null,
      contract_type_info: null,
      deadline: '2030-02-01T12:00:00.000+01:00',
      gender: ['m'],
      acting_age_from: 60,
      acting_age_to: 80,
      languages: {},
      ethnic_background: [],
      ethnic_background_details: [],
    },
  ],
};
const callItem: CastingCallListItem = {
  id: 21,
  name: 'Project Sunrise',
  casting_type: 'ecasting',
  production_format: 'feature_film',
  deadline: callDetail.deadline,
  deadline_visible: false,
};

const matchIds = (role: { findAll(selector: string): { attributes(name: string): string | undefined }[] }) =>
  role.findAll('[data-testid="role-match"]').map((match) => Number(match.attributes('data-actor-id')));

describe('Casting call detail', () => {
  it('keeps a space between a role\'s inherited deadline and the note that says so (issue 22, item 21)', async () => {
    const visibleCall: CastingCallDetail = { ...callDetail, id: 51, deadline_visible: true, roles: [{ ...callDetail.roles[0]!, deadline: null }] };
    const { view } = await mountApp('/casting-calls/51', { calls: [callRow({ ...callItem, id: 51, deadline_visible: true }, true, visibleCall)] });
    await eventually(() => expect(view.findAll('[data-testid="role-deadline"]')).toHaveLength(1));
    const text = view.get('[data-testid="role-deadline"]').text();
    expect(text).toContain(en.castingCalls.inheritedDeadline);
    expect(text).toMatch(/\S \(/);
    expect(text).not.toMatch(/\S\(/);
  });

  it('opens a role\'s criteria sorted by best fit, and offers the role\'s name when the search is saved (issue 22, item 13)', async () => {
    const { view, router } = await mountApp('/casting-calls/21', { actors, listed, calls: [callRow(callItem, true, callDetail)] });
    await eventually(() => expect(view.findAll('[data-testid="role-search"]').length).toBeGreaterThan(0));
    await view.get('[data-testid="role-search"]').trigger('click');
    await eventually(() => expect(router.currentRoute.value.name).toBe('actors'));
    expect(router.currentRoute.value.query.sort).toBe('fit');
    // Greta's 25–35 is Jordan's own range; Fiona's 24–30 lies further off. By name Fiona would come first.
    await eventually(() => expect(view.findAll('[data-testid="profile-row"]').map((row) => Number(row.attributes('data-id')))).toEqual([2, 1]));
    expect((view.get('[data-testid="sort"]').element as HTMLSelectElement).value).toBe('fit');
    await view.get('[data-testid="save-search"]').trigger('click');
    await eventually(() => expect((view.get('[data-testid="save-search-name"]').element as HTMLInputElement).value).toBe('Jordan'));
  });

  it('shows the call, its roles and the cached actors who fit each role, and none who do not', async () => {
    const { view, connectionId } = await mountApp('/casting-calls/21', { actors, listed, calls: [callRow(callItem, true, callDetail)] });
    await eventually(() => expect(view.findAll('[data-testid="role-match"]').length).toBeGreaterThan(0));
    expect(view.get('h1').text()).toBe('Project Sunrise');
    expect(view.get('[data-testid="beta-label"]').text()).toBe(en.castingCalls.beta);
    expect(view.text()).toContain('A coming-of-age drama about resilience and hope.');
    expect(view.text()).toContain('Carla Casting');
    expect(view.text()).toContain('Hamburg, ');
    expect(view.text()).toContain('E-casting (self-tape)');
    expect(view.text()).toContain('Feature film');
    // The call's deadline is hidden, and so are its roles' (own or inherited).
    expect(view.get('[data-testid="call-deadline"]').text()).toBe(en.castingCalls.deadlineHidden);
    expect(view.findAll('[data-testid="deadline-hidden"]')).toHaveLength(3);
    expect(view.html()).not.toContain('2030-02-25');
    expect(view.html()).not.toContain('2030-02-01');

    const roles = view.findAll('[data-testid="role"]');
    expect(roles.map((role) => role.get('h3').text())).toEqual(['Jordan', 'The grandfather']);
    // Both roles are open (one inherits the call's deadline in 2030); each opens its criteria as an actor search.
    expect(roles.map((role) => role.get('[data-testid="role-state"]').text())).toEqual([en.castingCalls.roleOpen, en.castingCalls.roleOpen]);
    const search = decodeURIComponent(roles[0]!.get('[data-testid="role-search"]').attributes('href') ?? '');
    expect(search).toMatch(/^#\/actors\?/);
    for (const part of ['gender=female', 'age=25-35', 'lang=eng:gut']) expect(search).toContain(part);
    const [jordan, grandfather] = roles;

    // Jordan: female, 25–35, good English. Greta fits best, Fiona next; Lena's acting age is unknown.
    await eventually(() => expect(matchIds(jordan!)).toEqual([2, 1, 8]));
    const matchLinks = jordan!.findAll('[data-testid="role-match"] a');
    expect(matchLinks.map((link) => link.attributes('href'))).toEqual(['#/actors/2', '#/actors/1', '#/actors/8']);
    expect(jordan!.get('[data-testid="role-match"]').text()).toContain('Greta Great');
    expect(jordan!.get('[data-testid="role-match"]').text()).toContain('Acting age 25 to 35');
    expect(jordan!.get('[data-testid="role-match"] img').attributes('src')).toMatch(new RegExp(`^/media-cache\\?c=${connectionId}&u=`));
    const lena = jordan!.findAll('[data-testid="role-match"]')[2]!;
    expect(lena.get('[data-testid="acting-age-unknown"]').text()).toBe(en.castingCalls.actingAgeUnknown);
    expect(jordan!.get('[data-testid="role-matches-summary"]').text()).toBe('Saved actors checked: 9. Fitting this role: 3.');
    expect(jordan!.get('[data-testid="role-matches-without-detail"]').text()).toContain('2 have no saved full profile yet');
    // Contract details are plain text: no markup of the directory's reaches the page.
    expect(jordan!.get('[data-testid="contract-type-info"]').text()).toBe('Day rate €500');
    expect(jordan!.find('[data-testid="contract-type-info"] b').exists()).toBe(false);
    expect(view.find('script').exists()).toBe(false);
    expect(jordan!.find('img[src="x"]').exists()).toBe(false);

    // The grandfather: legacy "m", 60–80. Otto fits; Paul is male with an unknown acting age.
    expect(matchIds(grandfather!)).toEqual([7, 9]);
    for (const excluded of [3, 4, 5, 6]) {
      expect(matchIds(jordan!)).not.toContain(excluded);
      expect(matchIds(grandfather!)).not.toContain(excluded);
    }
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('keeps the matching actors offline on request and shows that they are kept', async () => {
    const { view, sync } = await mountApp('/casting-calls/21', { actors, calls: [callRow(callItem, true, callDetail)] });
    await eventually(() => expect(view.find('[data-testid="keep-matches-offline"]').exists()).toBe(true));
    const keep = view.get('[data-testid="keep-matches-offline"]');
    expect(keep.text()).toBe(en.castingCalls.keepOffline);
    expect(keep.attributes('aria-pressed')).toBe('false');
    await keep.trigger('click');
    await eventually(() => expect(view.find('[data-testid="kept-offline"]').exists()).toBe(true));
    expect(view.get('[data-testid="keep-matches-offline"]').attributes('aria-pressed')).toBe('true');
    expect(sync.keptOffline).toContainEqual({ kind: 'castingCall', castingCallId: 21 });
  });

  it('opens the call on the directory website through the external link opener', async () => {
    const { view, directory } = await mountApp('/casting-calls/21', { calls: [callRow(callItem, true, callDetail)] });
    const opened: string[] = [];
    Object.assign(directory.bridge, {
      openExternal: async (args: { url: string }) => {
        opened.push(args.url);
        return { ok: true, value: { opened: true } };
      },
    });
    await eventually(() => expect(view.find('[data-testid="service-link"]').exists()).toBe(true));
    const link = view.get('[data-testid="service-link"]');
    expect(link.element.tagName).toBe('BUTTON');
    await link.trigger('click');
    await flushPromises();
    expect(opened).toEqual(['https://directory.example/casting_calls/21']);
  });

  it('shows a website address it would not open as plain text', async () => {
    const unsafe = { ...callDetail, service_url: 'javascript:alert(1)' };
    const { view } = await mountApp('/casting-calls/21', { calls: [callRow(callItem, true, unsafe)] });
    await eventually(() => expect(view.find('[data-testid="service-url-text"]').exists()).toBe(true));
    expect(view.get('[data-testid="service-url-text"]').text()).toBe('javascript:alert(1)');
    expect(view.find('[data-testid="service-link"]').exists()).toBe(false);
    expect(view.find('a[href^="javascript"]').exists()).toBe(false);
  });

  it('fetches a call whose detail is not cached when the directory can be reached', async () => {
    const visibleDetail = { ...callDetail, deadline_visible: true };
    const asked: { id: number; priority: string }[] = [];
    const getCastingCall = async (args: { id: number; priority: string }) => {
      asked.push({ id: args.id, priority: args.priority });
      return args.id === 21 ? { ok: true, value: visibleDetail } : { ok: false, error: { code: 'not_found', message: 'HTTP 404' } };
    };
    const { view } = await mountApp('/casting-calls/21', {}, { directory: { castingCalls: [{ ...callItem, deadline_visible: true }] }, bridge: { getCastingCall } });
    await eventually(() => expect(view.findAll('[data-testid="role"]')).toHaveLength(2));
    expect(asked).toContainEqual({ id: 21, priority: 'interactive' });
    expect(view.get('h1').text()).toBe('Project Sunrise');
    expect(view.find('[data-testid="call-deadline"] time').exists()).toBe(true);
  });

  it('says so when a call is neither cached nor reachable', async () => {
    const { view } = await mountApp('/casting-calls/99');
    await eventually(() => expect(view.text()).toContain(en.castingCalls.notCached));
  });
});
