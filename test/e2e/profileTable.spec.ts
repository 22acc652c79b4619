/**
 * The actor list as a table (issue 14, item 2) in Chromium through the web shell against the
 * small demo directory: six actors of different heights opened (so their details are saved, as
 * are any the sync saved) and the table sorted by height by its header, both ways round, over
 * the whole library: each height the directory's, in order, those without one last. Kept cheap:
 * the lists sync (60 actors) and six profiles are opened; no roster is kept offline. A screenshot of
 * the table and of the large face grid stays in the test's output folder; axe finds nothing serious
 * in the list, the table or the grid.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { ActorDetail } from '../../contract/directory-api.ts';
import { apiGet, nav } from './demoDirectoryApi.ts';
import { openDemoPage, useOwnWebShell } from './ownWebShell.ts';

/** This spec's own web shell and user data folder (ownWebShell.ts). */
const webShell = useOwnWebShell();

let page: Page;
/** Every demo actor's height in the directory (null: none). */
const heightOf = new Map<number, number | null>();
/** Six actors of different heights, opened in the app so their details are saved. */
const opened: ActorDetail[] = [];

// Generous: the lists sync beside these tests on a shared two-core machine.
test.setTimeout(120_000);

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  const demo = await openDemoPage(browser, webShell, { viewport: { width: 1280, height: 900 } });
  page = demo.page;
  const { directory } = demo;

  const list = await apiGet<{ id: number }[]>(directory, 'api/v1/actor_profiles', { per_page: '250' });
  for (const { id } of list) {
    const detail = await apiGet<ActorDetail>(directory, `api/v1/actor_profiles/${id}`);
    heightOf.set(id, typeof detail.height === 'number' ? detail.height : null);
    if (typeof detail.height === 'number' && opened.length < 6 && !opened.some((actor) => actor.height === detail.height)) opened.push(detail);
  }
  expect(opened).toHaveLength(6);

  // The lists synced, then each of the six opened once: its detail, height included, is saved.
  await nav(page, 'Actors').click();
  await expect(page.getByTestId('result-count')).toHaveAttribute('data-count', String(list.length), { timeout: 180_000 });
  for (const actor of opened) {
    await page.goto(new URL(`#/actors/${actor.id}`, page.url()).href);
    await expect(page.getByTestId('cache-state')).toHaveAttribute('data-state', 'offline', { timeout: 60_000 });
  }
});

test.afterAll(async () => {
  await page?.context().close();
});

/** Every row of the table, top to bottom (scrolled through, since only the rows in view are drawn): id and height cell. */
async function tableRows(): Promise<{ id: number; height: string }[]> {
  return page.getByTestId('profile-list').evaluate(async (scroller) => {
    const seen = new Map<number, string>();
    const { requestAnimationFrame } = globalThis as unknown as { requestAnimationFrame(callback: () => void): number };
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    scroller.scrollTop = 0;
    await frame();
    const order: number[] = [];
    for (;;) {
      for (const row of scroller.querySelectorAll('[data-testid="table-row"]')) {
        const id = Number(row.getAttribute('data-id'));
        if (!seen.has(id)) order.push(id);
        seen.set(id, row.querySelector('[data-column="height"]')?.textContent?.trim() ?? '');
      }
      if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) break;
      scroller.scrollTop += Math.max(1, scroller.clientHeight - 44);
      await frame();
    }
    return order.map((id) => ({ id, height: seen.get(id)! }));
  });
}

/** Whether `rows` run by height in `direction`, each the directory's height, those without one last. */
function checkOrder(rows: { id: number; height: string }[], direction: 1 | -1): void {
  const shown = rows.map((row) => (row.height === '' ? null : Number(row.height.replace(/\D/g, ''))));
  const firstEmpty = shown.indexOf(null);
  const sized = firstEmpty === -1 ? shown : shown.slice(0, firstEmpty);
  expect(shown.slice(sized.length).every((height) => height === null), 'no height after the last empty one').toBe(true);
  for (let i = 1; i < sized.length; i++) expect(direction * (sized[i]! - sized[i - 1]!), `row ${i}`).toBeGreaterThanOrEqual(0);
  sized.forEach((height, i) => expect(height).toBe(heightOf.get(rows[i]!.id)));
  for (const actor of opened) expect(sized).toContain(actor.height);
}

test('the table sorts the whole list by height from its header, both ways, those without a height last', async () => {
  await page.goto(new URL('#/actors', page.url()).href);
  await page.getByTestId('layout-table').check();
  const head = page.getByTestId('column-head-height');
  await expect(head).toHaveAttribute('aria-sort', 'none');

  await page.getByTestId('sort-by-height').click();
  await expect(head).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=height/);
  await expect.poll(async () => (await tableRows()).length).toBe(heightOf.size);
  checkOrder(await tableRows(), 1);
  await page.getByTestId('profile-list').evaluate((scroller) => (scroller.scrollTop = 0));
  await page.screenshot({ path: test.info().outputPath('actor-table-by-height.png') });

  await page.getByTestId('sort-by-height').click();
  await expect(head).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/desc=1/);
  checkOrder(await tableRows(), -1);

  // A reload keeps the table and its order (the address holds them).
  await page.reload();
  await expect(page.getByTestId('column-head-height')).toHaveAttribute('aria-sort', 'descending', { timeout: 60_000 });
  await expect.poll(async () => (await tableRows()).length).toBe(heightOf.size);
  checkOrder(await tableRows(), -1);
});

test('the face grid shows whole names in three sizes', async () => {
  await page.goto(new URL('#/actors?view=grid', page.url()).href);
  await page.getByTestId('grid-size').selectOption('large');
  const tile = page.getByTestId('profile-row').first();
  await expect(tile.locator('img, .no-picture').first()).toHaveCSS('width', '216px');
  // No name is cut with an ellipsis: each fits its two lines.
  const cut = await page.getByTestId('profile-name').evaluateAll((names) => names.filter((name) => name.scrollHeight > name.clientHeight + 1).map((name) => name.textContent));
  expect(cut).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('actor-grid-large.png') });
});

test('axe finds no serious or critical violation in the list, the table or the grid', async () => {
  for (const layout of ['list', 'table', 'grid'] as const) {
    await page.goto(new URL(`#/actors?view=${layout}`, page.url()).href);
    await expect(page.getByTestId('profile-row').first()).toBeVisible({ timeout: 60_000 });
    await page.screenshot({ path: test.info().outputPath(`actor-${layout}.png`) });
    const results = await new AxeBuilder({ page }).analyze();
    const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(blocking.map((violation) => `${layout} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  }
});
