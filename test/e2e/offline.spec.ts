import { expect, test, type Locator, type Page } from '@playwright/test';
import { startDirectoryProcess, type DirectoryProcess } from './directoryProcess.ts';
import { openShell, useOwnWebShell } from './ownWebShell.ts';

/** This spec's own web shell and user data folder (ownWebShell.ts). */
const webShell = useOwnWebShell();

const connectionName = 'Offline directory';

/** Whether every picture in `pictures` has loaded with real pixels. */
async function allPicturesShown(pictures: Locator): Promise<boolean> {
  const count = await pictures.count();
  if (count === 0) return false;
  for (let index = 0; index < count; index += 1) {
    // The strip's pictures load lazily: each is brought into view, so it is asked for.
    await pictures.nth(index).scrollIntoViewIfNeeded();
    const shown = await pictures.nth(index).evaluate((image) => {
      const picture = image as unknown as { complete: boolean; naturalWidth: number };
      return picture.complete && picture.naturalWidth > 0;
    });
    if (!shown) return false;
  }
  return true;
}

/**
 * Asks the web shell for each picture again outside the browser's cache (the context's request
 * client, with the page's session cookie): the back end's media cache must answer.
 */
async function servedByMediaCache(page: Page, sources: string[]): Promise<number[]> {
  return Promise.all(sources.map(async (source) => (await page.request.get(new URL(source, page.url()).href)).status()));
}

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

let directory: DirectoryProcess | undefined;

test.beforeAll(async () => {
  // A process start on a loaded machine: generous (the 30 s default ran out in a loaded run).
  test.setTimeout(240_000);
  directory = await startDirectoryProcess(['--actors', '80', '--crew', '10', '--casting-calls', '8']);
});

test.afterAll(async () => {
  await directory?.stop();
});

test('a synced directory stays browsable, with pictures, after it goes away', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const running = directory!;

  // Connect to the separately started directory and make it the active connection.
  await openShell(page, webShell);
  const form = page.getByRole('form', { name: 'Add a connection' });
  await form.getByLabel('Name').fill(connectionName);
  await form.getByLabel('Base URL').fill(running.baseUrl);
  await form.getByLabel('API key', { exact: true }).fill(running.key);
  await form.getByRole('button', { name: 'Add connection' }).click();
  await expect(form.getByText(`Connection "${connectionName}" added.`)).toBeVisible();
  const connection = page.getByTestId(`connection-${connectionName}`);
  await connection.getByRole('button', { name: 'Use this connection' }).click();
  await expect(connection.getByText('Active', { exact: true })).toBeVisible();

  // The sync completes; the list reads from the offline library.
  await page.getByRole('link', { name: 'Actors' }).click();
  const progress = page.getByTestId('sync-progress');
  await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 120_000 });
  await expect(progress.getByTestId('sync-state')).toContainText('Sync complete.');
  // One library holds every connection's actors: the connection facet keeps this directory's.
  await page.getByTestId('facet-connection').locator('label', { hasText: connectionName }).locator('input').check();
  await expect(page.getByTestId('result-count')).toHaveText(/^78 (of \d+ )?actors$/);
  // The list is virtualised: the count says 78 (of all the library holds), the page holds the rows in view.
  const actors = page.getByTestId('profile-row');
  await expect(actors.first()).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);

  // Open the first actor (the seeded demo gives it pictures): its detail and pictures are fetched and cached.
  await actors.first().click();
  await expect(page).toHaveURL(/#\/actors\/\d+$/);
  await expect(page.getByTestId('cache-state')).toHaveAttribute('data-state', 'offline', { timeout: 30_000 });
  const name = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  expect(name.length).toBeGreaterThan(0);
  const gallery = page.getByTestId('gallery').getByRole('img');
  await expect.poll(() => allPicturesShown(gallery), { timeout: 30_000 }).toBe(true);
  const pictureSources = await gallery.evaluateAll((images) => images.map((image) => image.getAttribute('src') ?? ''));
  expect(pictureSources.length).toBeGreaterThan(0);
  for (const source of pictureSources) expect(source).toMatch(/^\/m\/[A-Za-z0-9_-]+\/media-cache\?c=/);
  await expect(page.getByTestId('acting-age')).not.toBeEmpty();
  await expect(page.getByTestId('languages')).not.toBeEmpty();
  const detailUrl = page.url();

  // The directory goes away; the page is reloaded.
  await running.stop();
  await page.reload();

  await expect(page.getByTestId('offline-banner')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Offline: the directory cannot be reached.' })).toBeVisible();
  expect(page.url()).toBe(detailUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByTestId('cache-state')).toHaveAttribute('data-state', 'offline', { timeout: 30_000 });
  await expect(page.getByTestId('acting-age')).not.toBeEmpty();
  await expect.poll(() => allPicturesShown(gallery), { timeout: 30_000 }).toBe(true);
  expect(await servedByMediaCache(page, pictureSources)).toEqual(pictureSources.map(() => 200));

  // The list, from the offline library.
  await page.getByRole('link', { name: 'Back to the actors' }).click();
  const thisConnection = page.getByTestId('facet-connection').locator('label', { hasText: connectionName }).locator('input');
  if (!(await thisConnection.isChecked())) await thisConnection.check();
  await expect(page.getByTestId('result-count')).toHaveText(/^78 (of \d+ )?actors$/);
  await expect(actors.first()).toBeVisible();
  await expect(page.getByTestId('sync-progress')).toHaveAttribute('data-state', 'offline');
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  // Thumbnails were cached during the sync: they show without the directory too.
  await expect.poll(() => allPicturesShown(actors.first().locator('img')), { timeout: 30_000 }).toBe(true);

  // Home says so too: the saved library of this connection, not "Connected to" (issue 22, item 12).
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByTestId('home-connection')).toHaveText(`Offline — showing the saved library of ${connectionName}.`);
  await expect(page.getByTestId('offline-banner')).toBeVisible();

  // The connection can be removed again, offline too.
  await page.getByRole('link', { name: 'Connections', exact: true }).click();
  await page.getByTestId(`connection-${connectionName}`).getByRole('button', { name: 'Remove' }).click();
  await page.getByTestId(`connection-${connectionName}`).getByRole('button', { name: 'Remove connection' }).click();
  await expect(page.getByTestId(`connection-${connectionName}`)).toHaveCount(0);
  expect(problems).toEqual([]);
});
