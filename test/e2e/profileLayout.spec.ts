/**
 * The profile, face first (issue 14, item 1), in Chromium through the web shell against the demo
 * directory: at 1440×900 an actor's headshot is in the window without scrolling, beside the name
 * and the acting age; the section index stays in view while the page scrolls; a long vita group
 * unfolds; a narrow window stacks the sections. Screenshots of the actor and crew pages in light
 * and dark (and the actor page narrow) stay in the test's output folder; axe finds nothing serious.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { ActorDetail } from '../../contract/directory-api.ts';
import { apiGet, nav } from './demoDirectoryApi.ts';
import { openDemoPage, useOwnWebShell } from './ownWebShell.ts';

/** This spec's own web shell and user data folder (ownWebShell.ts). */
const webShell = useOwnWebShell();

let page: Page;
let actor: ActorDetail;
let crewId: number;

// Generous: the library syncs beside these tests on a shared two-core machine.
test.setTimeout(180_000);

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  const demo = await openDemoPage(browser, webShell, { viewport: { width: 1440, height: 900 } });
  page = demo.page;
  const { directory } = demo;
  // The library need not be synced in full: opening a profile fetches and saves its detail.
  await nav(page, 'Actors').click();
  await expect(page.getByTestId('sync-progress')).toBeVisible({ timeout: 60_000 });

  // A demo actor with pictures, an acting age and the longest vita group: the page a casting director reads.
  const list = await apiGet<{ id: number }[]>(directory, 'api/v1/actor_profiles', { per_page: '250' });
  let longest = -1;
  for (const { id } of list.slice(0, 60)) {
    const detail = await apiGet<ActorDetail>(directory, `api/v1/actor_profiles/${id}`);
    const group = Math.max(0, ...Object.values(detail.vita ?? {}).map((entries) => (Array.isArray(entries) ? entries.length : 0)));
    if ((detail.pictures?.length ?? 0) >= 2 && detail.acting_age_from != null && detail.acting_age_to != null && group > longest) {
      actor = detail;
      longest = group;
    }
  }
  expect(actor).toBeDefined();
  crewId = (await apiGet<{ id: number }[]>(directory, 'api/v1/crew_profiles', { per_page: '250' }))[0]!.id;
});

test.afterAll(async () => {
  await page?.context().close();
});

/** Whether an <img> has loaded with real pixels (run in the page). */
function loadedImage(element: unknown): boolean {
  const image = element as { complete: boolean; naturalWidth: number };
  return image.complete && image.naturalWidth > 0;
}

/** The actor's page as it first opens: at the top, every vita group folded. */
async function openActor(): Promise<void> {
  await page.goto(new URL('#/', page.url()).href);
  await page.goto(new URL(`#/actors/${actor.id}`, page.url()).href);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(actor.name!);
  await expect(page.getByTestId('cache-state')).toHaveAttribute('data-state', 'offline', { timeout: 120_000 });
  await expect.poll(() => page.getByTestId('headshot-image').evaluate(loadedImage), { timeout: 60_000 }).toBe(true);
}

test('at 1440×900 the headshot, the name and the acting age are in the window without scrolling', async () => {
  await openActor();
  expect(await page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY)).toBe(0);
  const headshot = await page.getByTestId('headshot').boundingBox();
  expect(headshot).not.toBeNull();
  expect(headshot!.y).toBeGreaterThanOrEqual(0);
  expect(headshot!.y + headshot!.height).toBeLessThanOrEqual(900);
  // Portrait and large.
  expect(headshot!.height).toBeGreaterThan(headshot!.width);
  expect(headshot!.height).toBeGreaterThanOrEqual(280);
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  const actingAge = page.getByTestId('acting-age');
  await expect(actingAge).toContainText(new RegExp(`${actor.acting_age_from}\\D+${actor.acting_age_to}`));
  await expect(actingAge).toBeInViewport();
  await expect(page.getByTestId('profile-actions').getByTestId('compare-link')).toHaveAttribute('href', `#/compare?ids=${actor.id}`);
  await expect(page.getByTestId('profile-actions').getByTestId('add-to-shortlist')).toBeVisible();
  // The pictures follow as a strip under the header, still in the first screen.
  await expect(page.getByTestId('gallery-picture').first()).toBeInViewport();
});

test('the section index stays in view and moves to a section; a long vita group unfolds', async () => {
  await openActor();
  const index = page.getByTestId('section-index');
  await index.getByRole('link', { name: 'Vita' }).click();
  await expect(page.locator('#vita-title')).toBeFocused();
  await expect(page.locator('#vita-title')).toBeInViewport();
  expect(await page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY)).toBeGreaterThan(0);
  const bar = await index.boundingBox();
  expect(bar!.y).toBe(0);

  const groups = Object.entries(actor.vita ?? {}).filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]) && entry[1].length > 8);
  for (const [group, entries] of groups) {
    const shown = page.getByTestId(`vita-group-${group}`);
    await expect(shown.getByTestId('vita-entry')).toHaveCount(8);
    await shown.getByTestId(`vita-toggle-${group}`).click();
    await expect(shown.getByTestId('vita-entry')).toHaveCount(entries.length);
    await expect(shown.getByTestId(`vita-toggle-${group}`)).toHaveAttribute('aria-expanded', 'true');
  }
});

test('on a narrow window the sections stack in one column, the headshot above the facts', async () => {
  await page.setViewportSize({ width: 600, height: 900 });
  try {
    await openActor();
    const [facts, vita, more] = await Promise.all(['#facts-title', '#vita-title', '#showreels-title'].map((selector) => page.locator(selector).boundingBox()));
    expect(vita!.x).toBe(facts!.x);
    expect(more!.x).toBe(facts!.x);
    expect(vita!.y).toBeGreaterThan(facts!.y);
    const headshot = await page.getByTestId('headshot').boundingBox();
    const name = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(name!.y).toBeGreaterThanOrEqual(headshot!.y + headshot!.height);
    // Nothing wider than the window: no sideways scrolling of the page.
    expect(await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement.scrollWidth <= 600)).toBe(true);
    await page.screenshot({ path: test.info().outputPath('actor-narrow.png'), fullPage: true });
  } finally {
    await page.setViewportSize({ width: 1440, height: 900 });
  }
});

/** axe's serious and critical findings on the page as it is, each with the elements it names. */
async function blockingViolations(): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  return blocking.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the actor and crew pages in ${colorScheme}: screenshots, and no serious or critical axe violation`, async () => {
    const testInfo = test.info();
    await page.emulateMedia({ colorScheme });
    await openActor();
    await expect.poll(() => page.locator('[data-testid="gallery"] img').first().evaluate(loadedImage), { timeout: 60_000 }).toBe(true);
    await page.screenshot({ path: testInfo.outputPath(`actor-${colorScheme}.png`) });
    await page.screenshot({ path: testInfo.outputPath(`actor-${colorScheme}-full.png`), fullPage: true });
    expect(await blockingViolations()).toEqual([]);

    // The crew page is laid out the same way.
    await page.goto(new URL(`#/crew/${crewId}`, page.url()).href);
    await expect(page.getByTestId('cache-state')).toHaveAttribute('data-state', 'offline', { timeout: 120_000 });
    await expect(page.getByTestId('headshot')).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath(`crew-${colorScheme}.png`) });
    expect(await blockingViolations()).toEqual([]);
  });
}
