/**
 * Accessibility of every view (issue 5) in English, German and Polish (issue 14, item 6: Polish has
 * the hardest plurals), in light and dark colour schemes: axe-core finds no serious or critical
 * violation, no raw message key shows, and a full-page screenshot of each view is kept as a test
 * artefact (test-results/e2e/accessibility-…/<view>-<locale>-<scheme>.png) for a human look. The
 * language is switched through the header's language switch, as a user would (the content
 * language follows it); one synced page serves every view, so views open by address, never by
 * menu names, which change with the language.
 */
import { writeFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import type { Result } from 'axe-core';
import { en } from '../../renderer/src/i18n/en.ts';
import { nav } from './demoDirectoryApi.ts';
import { openDemoPage, useOwnWebShell } from './ownWebShell.ts';

/** This spec's own web shell and user data folder (ownWebShell.ts). */
const webShell = useOwnWebShell();

let page: Page;
/** Ids the views open: an actor with pictures, a crew member, a casting call with roles. */
let actorId = 0;
let crewId = 0;
let castingCallId = 0;
/** A word from the actor's vita, which the credit search finds once that actor's detail is saved. */
let creditWord = '';

const at = (hash: string) => new URL(hash, page.url()).href;

/** Whether every image the locator finds has loaded with real pixels. */
async function imagesLoaded(selector: string): Promise<boolean> {
  return page.locator(selector).evaluateAll(
    (images) =>
      images.length > 0 &&
      images.every((image) => {
        const picture = image as unknown as { complete: boolean; naturalWidth: number };
        return picture.complete && picture.naturalWidth > 0;
      }),
  );
}

/** A profile page has its newest version (in the content language that follows the UI's): no fetch is running. */
async function profileSettled(): Promise<void> {
  await expect.poll(async () => (await page.getByTestId('cache-state').count()) === 0 || (await page.getByTestId('cache-state').getAttribute('data-state')) !== 'fetching', { timeout: 30_000 }).toBe(true);
}

interface View {
  name: string;
  /** Opens the view and waits until it shows its content. */
  open(): Promise<void>;
}

/**
 * Every view, in the order the checks open them. A new view joins with one entry here (opened by its
 * address; wait for its content by test id, not by text, since every check runs in three languages).
 */
const views: View[] = [
  {
    name: 'home',
    async open() {
      await page.goto(at('#/'));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    },
  },
  {
    name: 'actors-list',
    async open() {
      await page.goto(at('#/actors?view=list'));
      await expect(page.getByTestId('result-count')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('profile-row').first()).toBeVisible();
    },
  },
  {
    name: 'actors-grid',
    async open() {
      await page.goto(at('#/actors?view=grid'));
      await expect(page.getByTestId('profile-row').first()).toHaveClass(/\btile\b/, { timeout: 30_000 });
    },
  },
  {
    name: 'actor-detail',
    async open() {
      await page.goto(at(`#/actors/${actorId}`));
      await expect(page.getByTestId('gallery')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('vita')).toBeVisible();
      await profileSettled();
      await expect.poll(() => imagesLoaded('[data-testid="gallery"] img'), { timeout: 30_000 }).toBe(true);
    },
  },
  {
    name: 'actor-lightbox',
    async open() {
      await page.goto(at(`#/actors/${actorId}`));
      await expect(page.getByTestId('gallery')).toBeVisible({ timeout: 30_000 });
      await page.getByTestId('gallery-picture').first().getByRole('button').click();
      await expect(page.getByTestId('lightbox')).toBeVisible();
      await expect.poll(() => imagesLoaded('[data-testid="lightbox-image"]'), { timeout: 30_000 }).toBe(true);
    },
  },
  {
    name: 'crew-list',
    async open() {
      await page.goto(at('#/crew'));
      await expect(page.getByTestId('profile-row').first()).toBeVisible({ timeout: 30_000 });
    },
  },
  {
    name: 'crew-detail',
    async open() {
      await page.goto(at(`#/crew/${crewId}`));
      await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
      await expect(page.getByTestId('cache-state')).toBeVisible({ timeout: 30_000 });
      await profileSettled();
    },
  },
  {
    name: 'credits',
    async open() {
      // After actor-detail, which saved the actor whose vita holds the word.
      await page.goto(at(`#/credits?credit=${encodeURIComponent(creditWord)}`));
      await expect(page.getByTestId('credit-person').first()).toBeVisible({ timeout: 30_000 });
    },
  },
  {
    name: 'changes',
    async open() {
      await page.goto(at('#/changes'));
      await expect(page.getByTestId('change-filters')).toBeVisible();
      // A fresh library has no recorded change yet; a synced one may: the page shows either.
      await expect(page.getByTestId('changes-empty').or(page.getByTestId('change-item').first())).toBeVisible({ timeout: 30_000 });
    },
  },
  // Table view of the actor list: add its entry beside actors-list and actors-grid (issue 14, item 2).
  {
    name: 'casting-calls',
    async open() {
      await page.goto(at('#/casting-calls'));
      await expect(page.getByTestId('casting-call').first()).toBeVisible({ timeout: 30_000 });
    },
  },
  {
    name: 'casting-call-detail',
    async open() {
      await page.goto(at(`#/casting-calls/${castingCallId}`));
      await expect(page.getByTestId('role').first()).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('role-matches-summary').first()).toBeVisible({ timeout: 30_000 });
    },
  },
  {
    name: 'shortlists',
    async open() {
      await ensureShortlist();
      await page.goto(at('#/shortlists'));
      await expect(page.getByTestId('shortlist-row')).toHaveCount(1, { timeout: 30_000 });
    },
  },
  {
    name: 'shortlist',
    async open() {
      await ensureShortlist();
      await page.goto(at(`#/shortlists/${shortlist.id}`));
      await expect(page.getByTestId('shortlist-entry')).toHaveCount(shortlist.actorIds.length, { timeout: 30_000 });
      await expect(page.getByTestId('entry-note').first()).toBeVisible();
    },
  },
  {
    name: 'compare',
    async open() {
      await ensureShortlist();
      await page.goto(at(`#/compare?ids=${shortlist.actorIds.join(',')}`));
      await expect(page.getByTestId('compare-actor')).toHaveCount(shortlist.actorIds.length, { timeout: 30_000 });
    },
  },
  {
    name: 'not-found',
    async open() {
      await page.goto(at('#/no-such-page'));
      await expect(page.getByTestId('not-found')).toBeVisible();
    },
  },
  {
    name: 'connections',
    async open() {
      await page.goto(at('#/connections'));
      await expect(page.getByTestId('connection-Demo directory')).toBeVisible();
    },
  },
  {
    name: 'settings',
    async open() {
      await page.goto(at('#/settings'));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('sync-progress')).toBeVisible();
    },
  },
];

/** A shortlist of three actors from the list's selection (made once, by the first view that needs it). */
const shortlist = { id: 0, actorIds: [] as number[] };
async function ensureShortlist(): Promise<void> {
  if (shortlist.id > 0) return;
  await page.goto(at('#/actors'));
  await expect(page.getByTestId('profile-row').first()).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('select-mode').click();
  const boxes = page.getByTestId('select-profile');
  const ids = (await boxes.evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-id'))))).slice(0, 3);
  expect(ids).toHaveLength(3);
  for (const id of ids) await page.locator(`[data-testid="select-profile"][data-id="${id}"]`).check();
  await page.getByTestId('add-selected-to-shortlist').click();
  const menu = page.getByTestId('add-to-shortlist-menu');
  await menu.getByTestId('add-new-list-name').fill('Axe check');
  await menu.getByTestId('add-to-new-list').click();
  await expect(page.getByTestId('add-to-shortlist-result')).toContainText('3');
  await page.goto(at('#/shortlists'));
  const href = (await page.getByTestId('shortlist-link').first().getAttribute('href')) ?? '';
  shortlist.id = Number(/shortlists\/(\d+)/.exec(href)?.[1]);
  expect(shortlist.id).toBeGreaterThan(0);
  shortlist.actorIds = ids;
}

/** One violation per paragraph: rule, impact, what it means, and every element with the reason. */
function describe(violations: Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => `    ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`).join('\n');
      return `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}`;
    })
    .join('\n\n');
}

/** The languages every view is checked in: the reference, German, and Polish (one | few | many). */
const locales = ['en', 'de', 'pl'] as const;
type Locale = (typeof locales)[number];

/** Switches the UI language through the header's switch, unless it is already on. */
async function useLocale(locale: Locale): Promise<void> {
  if ((await page.locator('html').getAttribute('lang')) === locale) return;
  await page.getByTestId('language-switch').selectOption(locale);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

/**
 * Text on the page that looks like a message key ('actorDetail.vita.role'): the first part one of
 * the message tree's namespaces, then at least one more dotted part.
 */
async function rawKeysShown(): Promise<string[]> {
  const text = await page.locator('body').innerText();
  const pattern = new RegExp(`\\b(?:${Object.keys(en).join('|')})(?:\\.[A-Za-z_]\\w*)+\\b`, 'g');
  return [...new Set(text.match(pattern) ?? [])];
}

async function keepScreenshot(testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test.setTimeout(60_000);

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  const demo = await openDemoPage(browser, webShell, { viewport: { width: 1280, height: 900 } });
  page = demo.page;
  const { baseUrl, key } = demo.directory;
  // The demo directory's lists synced into this page's library.
  await nav(page, 'Actors').click();
  // The library is complete once lists and details are in; keeping pictures offline may go on.
  const progress = page.getByTestId('sync-progress');
  await expect
    .poll(async () => (await progress.getAttribute('data-state')) === 'done' || (await progress.getAttribute('data-phase')) === 'media', { timeout: 180_000 })
    .toBe(true);

  // What the views open, read from the directory with the demo's casting professional key.
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(new URL(path, `${baseUrl}/`), { headers: { Authorization: `Token token=${key}` } });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  const actors = await get<{ id: number }[]>('api/v1/actor_profiles?per_page=250');
  for (const { id } of actors) {
    const detail = await get<{ pictures?: unknown[]; showreels?: unknown[]; vita?: Record<string, { name?: unknown }[]> }>(`api/v1/actor_profiles/${id}`);
    const word = Object.values(detail.vita ?? {})
      .flat()
      .map((entry) => (typeof entry.name === 'string' ? (/\p{L}{4,}/u.exec(entry.name)?.[0] ?? '') : ''))
      .find((found) => found !== '');
    if ((detail.pictures?.length ?? 0) >= 2 && (detail.showreels?.length ?? 0) > 0 && word) {
      actorId = id;
      creditWord = word;
      break;
    }
  }
  crewId = (await get<{ id: number }[]>('api/v1/crew_profiles?per_page=250'))[0]!.id;
  for (const { id } of await get<{ id: number }[]>('api/v1/casting_calls?per_page=250')) {
    if ((await get<{ roles: unknown[] }>(`api/v1/casting_calls/${id}`)).roles.length > 0) {
      castingCallId = id;
      break;
    }
  }
  expect(actorId * crewId * castingCallId).toBeGreaterThan(0);
});

test.afterAll(async () => {
  await page?.context().close();
});

test('the check itself sees violations: an unlabelled field and an image without text are reported', async () => {
  await page.emulateMedia({ colorScheme: 'light' });
  await views[0]!.open();
  await page.locator('main').evaluate((main) => {
    main.insertAdjacentHTML('beforeend', '<div id="axe-probe"><input type="text"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></div>');
  });
  try {
    const results = await new AxeBuilder({ page }).include('#axe-probe').analyze();
    const found = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id);
    expect(found).toEqual(expect.arrayContaining(['label', 'image-alt']));
  } finally {
    await page.locator('#axe-probe').evaluate((probe) => probe.remove());
  }
});

for (const locale of locales) {
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const view of views) {
      const name = `${view.name}-${locale}-${colorScheme}`;
      test(`${view.name} (${locale}, ${colorScheme}): no serious or critical axe violation, no raw key`, async () => {
        const testInfo = test.info();
        await useLocale(locale);
        await page.emulateMedia({ colorScheme });
        await view.open();
        const prefersDark = () => (globalThis as unknown as { matchMedia(query: string): { matches: boolean } }).matchMedia('(prefers-color-scheme: dark)').matches;
        expect(await page.evaluate(prefersDark)).toBe(colorScheme === 'dark');
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await keepScreenshot(testInfo, name);
        expect(await rawKeysShown(), `message keys shown instead of texts in ${name}`).toEqual([]);

        const results = await new AxeBuilder({ page }).analyze();
        // Every finding, whatever its impact, stays beside the screenshot.
        const report = testInfo.outputPath(`axe-${name}.json`);
        await writeFile(report, JSON.stringify(results.violations, null, 2));
        await testInfo.attach(`axe-${name}.json`, { path: report, contentType: 'application/json' });
        const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
        // On failure the received text lists each violation with its elements.
        expect(describe(blocking), `serious or critical axe violations in ${name}`).toBe('');
      });
    }
  }
}
