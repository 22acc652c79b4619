import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { demoCastingProKey } from './demoDirectoryApi.ts';
import { useOwnWebShell } from './ownWebShell.ts';

/** This spec's own web shell and user data folder (ownWebShell.ts). */
const webShell = useOwnWebShell({ userData: 'empty' });

/** Every file below `dir`, however deep. */
function allFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? allFiles(full) : entry.isFile() ? [full] : [];
  });
}

/**
 * The files under `dir` holding `text`, and how many were read. The shell keeps working meanwhile
 * (the first start keeps the demo's pictures: the media cache writes `.part` files and renames
 * them), so a pass in which a file went away between listing and reading is made again: each
 * pass reads every file that was there at its listing.
 */
function filesHolding(dir: string, text: string): { read: number; holding: string[] } {
  for (;;) {
    try {
      const files = allFiles(dir);
      return { read: files.length, holding: files.filter((file) => readFileSync(file).includes(text)) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

test.describe.configure({ mode: 'serial' });

// The first start generates the demo directory's data; that takes seconds, not milliseconds.
test.setTimeout(120_000);

test('the first start connects to the demo directory and shows its actors', async ({ page }) => {
  const problems = collectProblems(page);
  await page.goto(webShell.url);
  // The launch token leaves the address bar at once.
  await expect(page).not.toHaveURL(/token=/);

  await page.getByRole('link', { name: 'Actors' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Actors' })).toBeVisible();
  const actors = page.getByTestId('profile-row');
  await expect(actors.first()).toBeVisible({ timeout: 90_000 });
  expect(await actors.count()).toBeGreaterThan(5);
  await expect(page.getByTestId('result-count')).toHaveText(/^\d+ actors$/);
  // Thumbnails come through the back end's media cache, authorised by the session cookie.
  const firstPicture = actors.first().locator('img');
  await expect(firstPicture).toHaveAttribute('src', /^\/m\/[A-Za-z0-9_-]+\/media-cache\?c=/);
  await expect.poll(() => firstPicture.evaluate((image) => {
    const picture = image as unknown as { complete: boolean; naturalWidth: number };
    return picture.complete && picture.naturalWidth > 0;
  }), { timeout: 15_000 }).toBe(true);

  await page.getByRole('link', { name: 'Connections', exact: true }).click();
  const demo = page.getByTestId('connection-Demo directory');
  await expect(demo).toBeVisible();
  await expect(demo.getByText('Demo', { exact: true })).toBeVisible();
  await expect(demo.getByText('Active', { exact: true })).toBeVisible();
  await expect(demo.getByTestId('connection-key-status')).toHaveText('Key stored');
  await expect(demo.getByTestId('connection-base-url')).toHaveText(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(problems).toEqual([]);
});

test('a new connection is tested before it is saved: a refused key saves nothing; a key refused later shows a clear error', async ({ page }) => {
  const problems = collectProblems(page);
  await page.goto(webShell.url);
  await page.getByRole('link', { name: 'Connections', exact: true }).click();
  const demoBaseUrl = (await page.getByTestId('connection-Demo directory').getByTestId('connection-base-url').textContent())?.trim() ?? '';
  expect(demoBaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

  const form = page.getByRole('form', { name: 'Add a connection' });
  await form.getByLabel('Name').fill('Wrong key');
  await form.getByLabel('Base URL').fill(demoBaseUrl);
  await form.getByLabel('API key', { exact: true }).fill('wrong-key-123');
  await form.getByRole('button', { name: 'Add connection' }).click();
  // Refused by the directory: nothing saved, the reason shown, no "save anyway" (it could never work).
  const failed = form.getByTestId('add-test-failed');
  await expect(failed).toContainText('Not saved: the test of this address and key failed.');
  await expect(failed.getByRole('alert')).toContainText('The directory did not accept the API key');
  await expect(failed.getByRole('alert')).toHaveAttribute('data-error-code', 'unauthorized');
  await expect(failed.getByTestId('add-anyway')).toHaveCount(0);
  await expect(page.getByTestId('connection-Wrong key')).toHaveCount(0);

  // Corrected (a key the directory knows), it is tested again and saved; the key field is emptied.
  await form.getByLabel('API key', { exact: true }).fill(demoCastingProKey(webShell.userDataDir));
  await form.getByRole('button', { name: 'Add connection' }).click();
  await expect(form.getByText('Connection "Wrong key" added.')).toBeVisible();
  await expect(failed).toHaveCount(0);
  await expect(form.getByLabel('API key', { exact: true })).toHaveValue('');

  // The key replaced by one the directory refuses: testing says so.
  const wrong = page.getByTestId('connection-Wrong key');
  await wrong.getByLabel('New API key for Wrong key').fill('wrong-key-123');
  await wrong.getByRole('button', { name: 'Save key' }).click();
  await expect(wrong.getByLabel('New API key for Wrong key')).toHaveValue('');
  await expect(wrong.getByTestId('connection-key-status')).toHaveText('Key stored');
  await wrong.getByRole('button', { name: 'Test connection' }).click();
  const verdict = wrong.getByTestId('connection-test-result');
  await expect(verdict.getByRole('alert')).toContainText('The directory did not accept the API key');
  await expect(verdict.getByRole('alert')).toHaveAttribute('data-error-code', 'unauthorized');

  // The demo connection, tested the same way, is fine: the error is about the key.
  const demo = page.getByTestId('connection-Demo directory');
  await demo.getByRole('button', { name: 'Test connection' }).click();
  await expect(demo.getByTestId('connection-test-result')).toContainText(/Reachable, key accepted: \d+ actors/);
  expect(problems).toEqual([]);
});

test('a key set through the UI is written to no file under the user data folder', async ({ page }) => {
  const canary = `canary-${Date.now().toString(36)}-e2e-KEY-7f3a9c`;
  await page.goto(webShell.url);
  await page.getByRole('link', { name: 'Connections', exact: true }).click();
  const wrong = page.getByTestId('connection-Wrong key');
  await wrong.getByLabel('New API key for Wrong key').fill(canary);
  await wrong.getByRole('button', { name: 'Save key' }).click();
  await expect(wrong.getByLabel('New API key for Wrong key')).toHaveValue('');
  await expect(wrong.getByTestId('connection-key-status')).toHaveText('Key stored');
  // Run the canary through a directory request (401) and the log, then look everywhere.
  await wrong.getByRole('button', { name: 'Test connection' }).click();
  await expect(wrong.getByTestId('connection-test-result').getByRole('alert')).toHaveAttribute('data-error-code', 'unauthorized');
  await page.getByRole('button', { name: 'Use this connection' }).first().click();
  await page.getByRole('link', { name: 'Actors' }).click();
  // The one library shows the demo's actors beside the refused key's error: either says the page is there.
  await expect(page.getByRole('alert').or(page.getByTestId('profile-row')).first()).toBeVisible({ timeout: 30_000 });
  // The page never holds the key after saving it.
  expect(await page.content()).not.toContain(canary);

  const { read, holding } = filesHolding(webShell.userDataDir, canary);
  expect(read).toBeGreaterThan(0);
  expect(holding).toEqual([]);
});
