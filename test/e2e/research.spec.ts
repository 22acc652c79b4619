/**
 * The research UI (issue 5) in Chromium through the web shell, against the demo directory the
 * spec's own web shell started: instant name search (partial, fuzzy, umlauts), filters and their counts,
 * the search in the URL, grid and keyboard, actor and crew details, role matching.
 *
 * Expectations are computed from the directory API itself (the demo's base URL from the
 * Connections page, the casting professional's key derived from the demo's seed), never copied
 * from the app. All tests share one page: its offline library (IndexedDB) is synced once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { ActorDetail, CastingCallDetail, Role } from '../../contract/directory-api.ts';
import { mapProviderPayload } from '../../electron/core/directory/payloadMapping.ts';
import { apiGet, atLeast, fitsRole, nav, type Directory } from './demoDirectoryApi.ts';
import { openDemoPage, useOwnWebShell } from './ownWebShell.ts';

/** This spec's own web shell and user data folder (ownWebShell.ts). */
const webShell = useOwnWebShell();

interface DemoData {
  actors: ActorDetail[];
  crew: { id: number; name: string }[];
  castingCalls: CastingCallDetail[];
}

async function readDemo(directory: Directory): Promise<DemoData> {
  const list = await apiGet<{ id: number }[]>(directory, 'api/v1/actor_profiles', { per_page: '250' });
  // as the app reads them: profile languages keyed by ISO codes, as the filters and facets show them
  const actors = await Promise.all(list.map(async (item) => mapProviderPayload(await apiGet<ActorDetail>(directory, `api/v1/actor_profiles/${item.id}`)) as ActorDetail));
  const crew = await apiGet<{ id: number; name: string }[]>(directory, 'api/v1/crew_profiles', { per_page: '250', fields: 'name' });
  const calls = await apiGet<{ id: number }[]>(directory, 'api/v1/casting_calls', { per_page: '250' });
  const castingCalls = await Promise.all(calls.map((call) => apiGet<CastingCallDetail>(directory, `api/v1/casting_calls/${call.id}`)));
  return { actors, crew, castingCalls };
}

/** Ids the directory's own name search (`q`) finds. */
async function directorySearch(directory: Directory, text: string): Promise<number[]> {
  const found = await apiGet<{ id: number }[]>(directory, 'api/v1/actor_profiles', { q: text, per_page: '250' });
  return found.map((item) => item.id).sort((a, b) => a - b);
}

/** Whether `actor` clearly misses `role`: a gender the role does not take and an acting age outside its range. */
function clearlyMisses(role: Role, actor: ActorDetail): boolean {
  const accepted = new Set(role.gender ?? []);
  const own = [actor.gender_new, ...(actor.gender_searchability ?? [])].filter((gender): gender is string => !!gender);
  const genderOut = accepted.size > 0 && own.length > 0 && !own.some((gender) => accepted.has(gender));
  const ageOut =
    actor.acting_age_from != null &&
    actor.acting_age_to != null &&
    ((role.acting_age_from != null && actor.acting_age_to < role.acting_age_from - 5) || (role.acting_age_to != null && actor.acting_age_from > role.acting_age_to + 5));
  return genderOut && ageOut;
}

/** Every id the (virtual) list holds: scrolls it from top to bottom, collecting the rendered rows. */
async function shownIds(page: Page): Promise<number[]> {
  const list = page.getByTestId('profile-list');
  if ((await list.count()) === 0) return [];
  const ids = await list.evaluate(async (scroller) => {
    const seen = new Set<number>();
    const { requestAnimationFrame } = globalThis as unknown as { requestAnimationFrame(callback: () => void): number };
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    scroller.scrollTop = 0;
    await frame();
    for (;;) {
      for (const row of scroller.querySelectorAll('[data-testid="profile-row"]')) seen.add(Number(row.getAttribute('data-id')));
      if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) break;
      scroller.scrollTop += Math.max(1, scroller.clientHeight - 64);
      await frame();
    }
    scroller.scrollTop = 0;
    await frame();
    return [...seen];
  });
  return ids.sort((a, b) => a - b);
}

/** Whether an <img> has loaded with real pixels (run in the page). */
function loadedImage(element: unknown): boolean {
  const image = element as { complete: boolean; naturalWidth: number };
  return image.complete && image.naturalWidth > 0;
}

/** A facet's counts once they describe the current search (the panel is busy until typing pauses). */
async function facetCounts(facet: Locator): Promise<Record<string, number>> {
  await expect(facet.page().getByTestId('filters')).toHaveAttribute('aria-busy', 'false');
  return facet.locator('.facet-value').evaluateAll((labels) =>
    Object.fromEntries(labels.map((label) => [label.getAttribute('data-value') ?? '', Number(label.querySelector('[data-testid="facet-count"]')?.textContent?.trim())])),
  );
}

let page: Page;
let directory: Directory;
let demo: DemoData;
const activeActors = () => demo.actors;

// One worker runs these in order; after a failure a fresh worker syncs a fresh page (beforeAll) and goes on.
test.setTimeout(60_000);

test.beforeAll(async ({ browser }) => {
  // Keeping the roster offline fetches every picture version the demo renders (about 1,200 files):
  // about a minute on a quiet machine, several on a loaded one.
  test.setTimeout(600_000);
  ({ page, directory } = await openDemoPage(browser, webShell, { viewport: { width: 1280, height: 900 } }));
  expect(directory.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  demo = await readDemo(directory);

  // This page's library keeps every profile in full (a new browser context starts empty).
  await nav(page, 'Settings').click();
  const keepRoster = page.getByTestId('keep-roster');
  await expect(keepRoster).toBeVisible({ timeout: 30_000 });
  if (!(await keepRoster.isChecked())) await keepRoster.check();
  await expect(keepRoster).toBeChecked();

  // The details have arrived when a detail-only facet (showreels) counts every actor who has one.
  await nav(page, 'Actors').click();
  const withShowreel = activeActors().filter((actor) => (actor.showreels?.length ?? 0) + (actor.external_showreels?.length ?? 0) > 0).length;
  await expect(page.getByTestId('facet-showreel').locator('[data-value="yes"] [data-testid="facet-count"]')).toHaveText(String(withShowreel), { timeout: 180_000 });
  await expect(page.getByTestId('sync-progress')).toHaveAttribute('data-state', 'done', { timeout: 480_000 });
});

test.afterAll(async () => {
  await page?.context().close();
});

test('the name search finds partial and fuzzy names and folds umlauts, as the directory does', async () => {
  await page.goto(new URL('#/actors', page.url()).href);
  const count = page.getByTestId('result-count');
  await expect(count).toHaveAttribute('data-count', String(activeActors().length));
  const search = page.getByTestId('search-input');

  const names = (ids: number[]) => ids.map((id) => demo.actors.find((actor) => actor.id === id)?.name);
  // `same`: the list shows exactly what the directory's q finds; otherwise at least that.
  const examples: { text: string; mustFind: string[]; same: boolean }[] = [
    // Partial: the start of a first name.
    { text: 'jon', mustFind: ['Jonas Müller', 'Jonathan Müller', 'Jonas Mueller'], same: true },
    // Fuzzy: a misspelt surname with an umlaut finds both spellings.
    { text: 'mueler', mustFind: ['Jonas Müller', 'Anouk Müller', 'Jonas Mueller', 'Jörg Müller'], same: true },
    // Umlaut folding: ü is ue …
    { text: 'MÜLLER', mustFind: ['Jonas Müller', 'Jonas Mueller'], same: true },
    // … and u. (The local trigram score is more lenient than pg_trgm here and adds "Mueller".)
    { text: 'muller', mustFind: ['Jonas Müller', 'Jörg Müller'], same: false },
  ];
  for (const { text, mustFind, same } of examples) {
    const expected = await directorySearch(directory, text);
    expect(names(expected), `the directory's q=${text}`).toEqual(expect.arrayContaining(mustFind));
    await search.fill(text);
    if (same) {
      await expect(count, `results for "${text}"`).toHaveAttribute('data-count', String(expected.length));
      await expect.poll(() => shownIds(page), { message: `rows for "${text}"` }).toEqual(expected);
    } else {
      await expect.poll(() => shownIds(page), { message: `rows for "${text}"` }).toEqual(expect.arrayContaining(expected));
    }
    for (const name of mustFind) await expect(page.getByTestId('profile-name').filter({ hasText: name }).first()).toBeVisible();
  }
  // A name that is not there shows nothing, and says so.
  await search.fill('xqzv');
  await expect(page.getByTestId('list-empty')).toBeVisible();
  await expect(page.getByTestId('profile-row')).toHaveCount(0);
  await search.fill('');
  await expect(count).toHaveAttribute('data-count', String(activeActors().length));
});

test('filters narrow the list to their counts, stay in the URL across a reload, and clear', async () => {
  await page.goto(new URL('#/actors', page.url()).href);
  const count = page.getByTestId('result-count');
  const total = activeActors().length;
  await expect(count).toHaveAttribute('data-count', String(total));

  const language = page.getByTestId('facet-language');
  const gender = page.getByTestId('facet-gender');
  const german = activeActors().filter((actor) => actor.languages?.deu !== undefined);
  expect(german.length).toBeGreaterThan(5);
  expect(german.length).toBeLessThan(total);
  const deu = language.locator('.facet-value[data-value="deu"]');
  await expect(deu.getByTestId('facet-count')).toHaveText(String(german.length));
  const gendersBefore = await facetCounts(gender);
  const isFemale = (actor: ActorDetail) => actor.gender_new === 'female' || (actor.gender_searchability ?? []).includes('female');
  expect(gendersBefore.female).toBe(activeActors().filter(isFemale).length);

  // A language: the list shows exactly its count, the other facets count within it.
  await deu.getByRole('checkbox').check();
  await expect(count).toHaveAttribute('data-count', String(german.length));
  await expect.poll(async () => (await facetCounts(gender)).female).toBe(german.filter(isFemale).length);
  expect((await facetCounts(gender)).female).toBeLessThan(gendersBefore.female!);

  // A minimum level narrows further.
  const fluent = german.filter((actor) => atLeast(actor.languages?.deu, 'fliessend'));
  expect(fluent.length).toBeLessThan(german.length);
  await page.getByTestId('min-level-deu').selectOption('fliessend');
  await expect(count).toHaveAttribute('data-count', String(fluent.length));

  // An acting age range keeps those whose own range overlaps it.
  const ageRange = page.getByTestId('filter-acting-age');
  const inRange = fluent.filter((actor) => actor.acting_age_to! >= 20 && actor.acting_age_from! <= 35);
  expect(inRange.length).toBeGreaterThan(0);
  expect(inRange.length).toBeLessThan(fluent.length);
  await ageRange.locator('[data-bound="low"]').fill('20');
  await ageRange.locator('[data-bound="high"]').fill('35');
  await expect(count).toHaveAttribute('data-count', String(inRange.length));
  await expect.poll(() => shownIds(page)).toEqual(inRange.map((actor) => actor.id).sort((a, b) => a - b));

  // The search is the URL: a reload reopens exactly this list.
  // The address follows the filters after a short debounce: wait until it holds both.
  await expect.poll(() => decodeURIComponent(new URL(page.url()).hash)).toMatch(/lang=deu:fliessend.*age=20-35|age=20-35.*lang=deu:fliessend/);
  await page.reload();
  await expect(count).toHaveAttribute('data-count', String(inRange.length), { timeout: 30_000 });
  await expect(deu.getByRole('checkbox')).toBeChecked();
  await expect(page.getByTestId('min-level-deu')).toHaveValue('fliessend');
  await expect(ageRange.locator('[data-bound="low"]')).toHaveValue('20');
  await expect(ageRange.locator('[data-bound="high"]')).toHaveValue('35');

  // Clear restores the whole list and its counts.
  await page.getByTestId('clear-filters').click();
  await expect(count).toHaveAttribute('data-count', String(total));
  await expect(deu.getByRole('checkbox')).not.toBeChecked();
  await expect(ageRange.locator('[data-bound="low"]')).toHaveValue('');
  expect((await facetCounts(gender)).female).toBe(gendersBefore.female);
  await expect.poll(() => new URL(page.url()).hash).toBe('#/actors');
});

test('a hand-written search URL opens its list, and a search can be saved and reopened', async () => {
  await page.goto(new URL('#/actors?q=jon&lang=deu:muttersprachlich&age=10-30', page.url()).href);
  const expected = (await directorySearch(directory, 'jon')).filter((id) => {
    const actor = demo.actors.find((candidate) => candidate.id === id)!;
    return actor.languages?.deu === 'muttersprachlich' && actor.acting_age_to! >= 10 && actor.acting_age_from! <= 30;
  });
  expect(expected.length).toBeGreaterThan(0);
  await expect(page.getByTestId('result-count')).toHaveAttribute('data-count', String(expected.length));
  await expect(page.getByTestId('search-input')).toHaveValue('jon');
  await expect.poll(() => shownIds(page)).toEqual(expected);

  await page.getByTestId('save-search').click();
  await page.getByTestId('save-search-name').fill('Young Jons');
  await page.getByTestId('save-search-name').press('Enter');
  await page.getByTestId('clear-filters').click();
  await expect(page.getByTestId('result-count')).toHaveAttribute('data-count', String(activeActors().length));
  await page.getByTestId('saved-searches').locator('summary').click();
  await page.getByTestId('saved-search').filter({ hasText: 'Young Jons' }).click();
  await expect(page.getByTestId('result-count')).toHaveAttribute('data-count', String(expected.length));
  await expect(page.getByTestId('search-input')).toHaveValue('jon');
  await page.getByTestId('clear-filters').click();
});

test('the grid layout shows tiles and survives a reload', async () => {
  await page.goto(new URL('#/actors', page.url()).href);
  await expect(page.getByTestId('result-count')).toHaveAttribute('data-count', String(activeActors().length));
  await page.getByTestId('layout-grid').check();
  await expect(page.getByTestId('profile-row').first()).toHaveClass(/\btile\b/);
  // Several tiles side by side.
  const tops = await page.getByTestId('profile-row').evaluateAll((rows) => rows.slice(0, 3).map((row) => Math.round(row.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  await expect.poll(() => new URL(page.url()).hash).toMatch(/view=grid/);
  await page.reload();
  await expect(page.getByTestId('layout-grid')).toBeChecked({ timeout: 30_000 });
  await expect(page.getByTestId('profile-row').first()).toHaveClass(/\btile\b/);
  await page.getByTestId('layout-list').check();
  await expect(page.getByTestId('profile-row').first()).not.toHaveClass(/\btile\b/);
});

test('keyboard: "/" jumps to the search, arrows walk the results, Enter opens one', async () => {
  await page.goto(new URL('#/actors', page.url()).href);
  await expect(page.getByTestId('result-count')).toHaveAttribute('data-count', String(activeActors().length));
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('/');
  await expect(page.getByTestId('search-input')).toBeFocused();
  await page.keyboard.type('jon');
  const expected = await directorySearch(directory, 'jon');
  await expect(page.getByTestId('result-count')).toHaveAttribute('data-count', String(expected.length));
  await page.keyboard.press('ArrowDown');
  const rows = page.getByTestId('profile-row');
  await expect(rows.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toBeFocused();
  const id = await rows.nth(1).getAttribute('data-id');
  const name = (await rows.nth(1).getByTestId('profile-name').textContent())?.trim();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/actors/${id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name!);
  expect(demo.actors.find((actor) => actor.id === Number(id))?.name).toBe(name);
});

test('an actor detail shows the gallery with a lightbox, the vita in order and the showreels', async () => {
  // An actor with several pictures (one with a copyright), a vita and the demo's WAV showreels.
  const actor = activeActors().find(
    (candidate) =>
      (candidate.pictures?.length ?? 0) >= 3 &&
      (candidate.showreels ?? []).some((showreel) => showreel.url.endsWith('.wav')) &&
      // The demo's own WebM videos play too (restart.spec.ts): here the audio players and the pages.
      !(candidate.showreels ?? []).some((showreel) => showreel.url.endsWith('.webm')) &&
      Object.values(candidate.vita ?? {}).filter((entries) => Array.isArray(entries) && entries.length > 0).length >= 3,
  )!;
  expect(actor).toBeDefined();
  await page.goto(new URL(`#/actors/${actor.id}`, page.url()).href);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(actor.name!);
  await expect(page.getByTestId('cache-state')).toHaveAttribute('data-state', 'offline', { timeout: 30_000 });

  await expect(page.getByTestId('acting-age')).toContainText(new RegExp(`${actor.acting_age_from}\\D+${actor.acting_age_to}`));

  // Gallery: the desktop order, the portrait order on request, and the lightbox.
  const pictures = page.getByTestId('gallery').getByTestId('gallery-picture');
  await expect(pictures).toHaveCount(actor.pictures!.length);
  const order = (key: 'landscape_position' | 'portrait_position') =>
    [...actor.pictures!].sort((a, b) => (a[key] ?? 0) - (b[key] ?? 0)).map((picture) => String(picture.id));
  const shownOrder = () => pictures.evaluateAll((items) => items.map((item) => item.getAttribute('data-picture-id')));
  expect(await shownOrder()).toEqual(order('landscape_position'));
  if (order('portrait_position').join() !== order('landscape_position').join()) {
    await page.getByTestId('portrait-toggle').click();
    await expect(page.getByTestId('gallery')).toHaveAttribute('data-order', 'portrait');
    expect(await shownOrder()).toEqual(order('portrait_position'));
    await page.getByTestId('portrait-toggle').click();
    await expect(page.getByTestId('gallery')).toHaveAttribute('data-order', 'landscape');
  }
  await expect.poll(() => pictures.first().locator('img').evaluate(loadedImage)).toBe(true);
  await pictures.first().getByRole('button').click();
  const lightbox = page.getByTestId('lightbox');
  await expect(lightbox).toBeVisible();
  const image = lightbox.getByTestId('lightbox-image');
  await expect.poll(() => image.evaluate(loadedImage)).toBe(true);
  const firstSource = await image.getAttribute('src');
  await expect(lightbox.getByTestId('lightbox-copyright')).toBeVisible();
  const copyrights = actor.pictures!.map((picture) => picture.copyright).filter((copyright): copyright is string => !!copyright);
  await expect(lightbox.getByTestId('lightbox-copyright')).toContainText(new RegExp(copyrights.map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')));
  await page.keyboard.press('ArrowRight');
  await expect(image).not.toHaveAttribute('src', firstSource!);
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();

  // Vita: the groups the actor has, in the spec's order, with their entries.
  const groups = ['primary_education', 'education', 'award', 'film', 'television', 'theatre', 'audio', 'other', 'internet', 'commercial'] as const;
  const expectedGroups = groups.filter((group) => (actor.vita?.[group]?.length ?? 0) > 0);
  const vita = page.getByTestId('vita');
  const shownGroups = await vita.locator('[data-testid^="vita-group-"]').evaluateAll((elements) => elements.map((element) => element.getAttribute('data-testid')!.replace('vita-group-', '')));
  expect(shownGroups).toEqual(expectedGroups);
  for (const group of expectedGroups) {
    // A long group shows its newest entries until it is unfolded.
    const shownGroup = vita.getByTestId(`vita-group-${group}`);
    const unfold = shownGroup.getByTestId(`vita-toggle-${group}`);
    if ((await unfold.count()) > 0) await unfold.click();
    await expect(shownGroup.getByTestId('vita-entry')).toHaveCount(actor.vita![group]!.length);
  }

  // Showreels: the WAV files play in an audio player, pages (YouTube, Vimeo) open outside.
  const wavs = actor.showreels!.filter((showreel) => showreel.url.endsWith('.wav'));
  const players = page.getByTestId('showreel-player');
  await expect(players).toHaveCount(wavs.length);
  for (let index = 0; index < wavs.length; index++) {
    const player = players.nth(index);
    const tag = await player.evaluate((element) => (element.matches('audio, video') ? element : element.querySelector('audio, video'))?.localName ?? null);
    expect(tag).toBe('audio');
    const media = player.locator('audio').or(player.and(page.locator('audio')));
    await expect.poll(() => media.first().evaluate((element) => (element as unknown as { readyState: number }).readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    const duration = await media.first().evaluate((element) => (element as unknown as { duration: number }).duration);
    expect(duration).toBeGreaterThan(0);
  }
  const pages = [...actor.showreels!.filter((showreel) => !showreel.url.endsWith('.wav')).map((showreel) => showreel.url), ...(actor.external_showreels ?? [])];
  await expect(page.getByTestId('showreel-external')).toHaveCount(new Set(pages).size);
});

test('attributes the actor keeps private are marked as such, public ones are not', async () => {
  const marked = ['acting_age', 'age', 'gender'] as const;
  const testIds = { acting_age: 'acting-age', age: 'age', gender: 'gender' } as const;
  const privateOne = activeActors().find((actor) => marked.some((key) => actor.attribute_visibility?.[key] === 'private'));
  const publicOne = activeActors().find((actor) => marked.every((key) => actor.attribute_visibility?.[key] === 'public'));
  expect(privateOne && publicOne).toBeTruthy();
  await page.goto(new URL(`#/actors/${privateOne!.id}`, page.url()).href);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(privateOne!.name!);
  for (const key of marked) {
    const fact = page.getByTestId(testIds[key]);
    if (privateOne!.attribute_visibility?.[key] === 'private') await expect(fact.getByTestId('private-marker')).toBeVisible();
    else if ((await fact.count()) > 0) await expect(fact.getByTestId('private-marker')).toHaveCount(0);
  }
  await page.goto(new URL(`#/actors/${publicOne!.id}`, page.url()).href);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(publicOne!.name!);
  await expect(page.getByTestId('facts')).toBeVisible();
  await expect(page.getByTestId('facts').getByTestId('private-marker')).toHaveCount(0);
});

test('the crew list shows every crew member and opens a detail', async () => {
  await nav(page, 'Crew').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Crew' })).toBeVisible();
  await expect(page.getByTestId('result-count')).toHaveAttribute('data-count', String(demo.crew.length));
  await expect.poll(() => shownIds(page)).toEqual(demo.crew.map((member) => member.id).sort((a, b) => a - b));
  const professions = await facetCounts(page.getByTestId('facet-profession'));
  expect(Object.keys(professions).length).toBeGreaterThan(1);
  const row = page.getByTestId('profile-row').nth(2);
  const id = Number(await row.getAttribute('data-id'));
  await row.click();
  await expect(page).toHaveURL(new RegExp(`#/crew/${id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(demo.crew.find((member) => member.id === id)!.name);
});

test('role matching lists exactly the actors that fit each role of a casting call', async () => {
  // A casting call whose roles ask for genders, acting ages and languages.
  const call = demo.castingCalls.find((candidate) => candidate.roles.length >= 3 && candidate.roles.some((role) => Object.keys(role.languages ?? {}).length > 0))!;
  expect(call).toBeDefined();
  await nav(page, 'Casting calls').click();
  const list = page.getByTestId('casting-call-list');
  await expect(list).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('beta-label').first()).toBeVisible();
  // Current calls only: those whose saved roles (else the directory's flag) still take applications,
  // which by the spec's rules are exactly those current=true lists now; the toggle shows all.
  const current = await apiGet<{ id: number }[]>(directory, 'api/v1/casting_calls', { current: 'true', per_page: '250' });
  const toggle = page.getByTestId('current-toggle');
  if (!(await toggle.isChecked())) await toggle.check();
  await expect(page.getByTestId('casting-call')).toHaveCount(current.length);
  await toggle.uncheck();
  await expect(page.getByTestId('casting-call')).toHaveCount(demo.castingCalls.length);
  await list.locator(`a[href$="#/casting-calls/${call.id}"]`).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(call.name);

  const roles = page.getByTestId('role');
  await expect(roles).toHaveCount(call.roles.length, { timeout: 30_000 });
  let checkedMisses = 0;
  for (const role of call.roles) {
    const shown = page.locator(`[data-testid="role"][data-role-id="${role.id}"]`);
    const matches = shown.getByTestId('role-matches');
    await expect(matches.getByTestId('role-matches-summary')).toBeVisible({ timeout: 30_000 });
    while (await matches.getByTestId('show-more-matches').isVisible()) await matches.getByTestId('show-more-matches').click();
    const listed = (await matches.getByTestId('role-match').evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-actor-id'))))).sort((a, b) => a - b);
    const fitting = activeActors().filter((actor) => fitsRole(role, actor)).map((actor) => actor.id).sort((a, b) => a - b);
    // Every listed actor fits the role, and every actor who fits is listed.
    for (const id of listed) {
      const actor = demo.actors.find((candidate) => candidate.id === id)!;
      expect(fitsRole(role, actor), `${actor.name} (${id}) listed for role ${role.name}: ${actor.gender_new}, ${actor.acting_age_from}–${actor.acting_age_to}, ${JSON.stringify(actor.languages)}`).toBe(true);
    }
    expect(listed, `matches of role ${role.name}`).toEqual(fitting);
    // Actors who clearly do not fit (wrong gender, acting age far outside) are not listed.
    const misses = activeActors().filter((actor) => clearlyMisses(role, actor));
    for (const actor of misses) expect(listed).not.toContain(actor.id);
    checkedMisses += misses.length;
  }
  expect(checkedMisses).toBeGreaterThan(0);

  // A match opens the actor it names.
  const firstMatch = page.getByTestId('role-match').first();
  const matchId = await firstMatch.getAttribute('data-actor-id');
  await firstMatch.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`#/actors/${matchId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(demo.actors.find((actor) => actor.id === Number(matchId))!.name!);
});

/**
 * Every closed-list key a catalogue knows, as it would read if the app showed it raw or only
 * humanised ('pkw-klasse-b-be', 'Pkw klasse b be', '101'), except forms that are some catalogue's
 * real label, or a part of one, in `locale` ('Braun' is German for brown as well as a humanised key;
 * 'BE' is a nationality key and the start of the licence label 'BE (car with trailer)').
 */
function rawForms(locale: 'en' | 'de'): Set<string> {
  const folder = fileURLToPath(new URL('../../contract/catalogues/', import.meta.url));
  const labels = new Set<string>();
  const raw = new Set<string>();
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
    // Languages and countries are named by the browser (Intl.DisplayNames) from ISO codes.
    if (file === 'languages.json' || file === 'countries.json') continue;
    const catalogue = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as { labels: Record<string, Record<string, string>> };
    for (const [key, byLocale] of Object.entries(catalogue.labels)) {
      // A label reads as parts the way shownValues splits it ('BE (car with trailer)' → 'BE').
      for (const part of (byLocale[locale] ?? '').split(/[,\n()]/)) labels.add(part.trim());
      raw.add(key);
      const words = key.replace(/[_-]+/g, ' ').trim();
      raw.add(words.charAt(0).toUpperCase() + words.slice(1));
    }
  }
  for (const label of labels) raw.delete(label);
  return raw;
}

/** The single values shown in a profile's facts and skills: list items and comma-separated parts, levels split off. */
async function shownValues(page: Page): Promise<string[]> {
  const texts = await page.locator('[data-testid="key-facts"] dd, [data-testid="facts"] dd, [data-testid="skills"] dd, [data-testid="skills"] li').allInnerTexts();
  return texts.flatMap((text) => text.split(/[,\n()]/)).map((part) => part.trim()).filter((part) => part.length > 0);
}

test('every closed-list value of a profile reads as a word, in English and in German', async () => {
  // The actors with the most closed-list values show the most labels.
  const richest = [...activeActors()]
    .sort((a, b) => JSON.stringify(b).length - JSON.stringify(a).length)
    .slice(0, 6);
  for (const locale of ['en', 'de'] as const) {
    // The UI language, and the content language set to it in Settings (it follows the UI language
    // only where it was the UI language, so it is set explicitly).
    await page.getByTestId('language-switch').selectOption(locale);
    await page.goto(new URL('#/settings', page.url()).href);
    await page.getByTestId('content-language').selectOption(locale);
    await expect(page.getByTestId('content-language')).toHaveValue(locale);
    const raw = rawForms(locale);
    let checked = 0;
    for (const actor of richest) {
      await page.goto(new URL(`#/actors/${actor.id}`, page.url()).href);
      await expect(page.getByTestId('facts')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('skills')).toBeVisible();
      // Labels of the content language have arrived when a language reads in it.
      await expect(page.getByTestId('key-facts')).toContainText(locale === 'de' ? /Deutsch|Englisch/ : /German|English/, { timeout: 30_000 });
      const values = await shownValues(page);
      expect(values.filter((value) => raw.has(value)), `raw keys on ${actor.name} (${locale})`).toEqual([]);
      expect(values.filter((value) => /^\d{2,}$/.test(value)), `bare ids on ${actor.name} (${locale})`).toEqual([]);
      checked += values.length;
    }
    expect(checked).toBeGreaterThan(50);
  }
  await page.getByTestId('language-switch').selectOption('en');
});
