/**
 * The user data folder every spec starts from (ownWebShell.ts copies it): the one a user has after a
 * first start that finished, made by a real first start, once, in global setup.
 *
 * Why a finished first start and not just the demo's generated data: the app keeps the demo's
 * whole roster offline only on the first start (stores/connections.ts keepDemoOffline), and a kept
 * scope applies to every connection of that browser library. A folder holding only the demo's data
 * has no connection yet, so every spec's page ran the first start again: it kept the roster of every
 * directory the spec added, pictures included, on a cold media cache, and `offline`, `offlineMedia`
 * and `presentationPackage` waited out their timeouts in the sync's "Saving pictures" phase. After
 * a finished first start, a spec's page (a new browser context) meets what a returning user with a
 * new browser profile meets: the demo connection active, its pictures in the back end's media
 * cache, nothing kept offline unless the spec asks for it.
 */
import { expect, chromium, type Locator } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../chromium.ts';
import { startWebShellProcess } from './webShellProcess.ts';

/** How long the first sync may show no change at all before the preparation gives up. */
const stallMs = 180_000;

/** What the sync box shows of its progress: state, phase, bar, counts and kept files. */
function progressShown(progress: Locator): Promise<string> {
  return progress.evaluate((box) => {
    const bar = box.querySelector('[data-testid="sync-bar"]');
    const kept = box.querySelector('[data-testid="sync-kept-media"]');
    const counts = box.querySelector('ul')?.textContent ?? '';
    return [box.getAttribute('data-state'), box.getAttribute('data-phase'), bar?.getAttribute('value'), bar?.getAttribute('max'), counts, kept?.getAttribute('data-saved'), kept?.getAttribute('data-pending')].join('|');
  });
}

/**
 * Waits until the first sync is done, however long the whole takes on a loaded machine (every
 * picture of the kept roster is painted by the demo directory and stored): it fails only when the
 * sync box shows no change at all for `stallMs`.
 */
async function untilDoneWhileMoving(progress: Locator): Promise<void> {
  while ((await progress.getAttribute('data-state')) !== 'done') {
    const seen = await progressShown(progress);
    await expect
      .poll(async () => (await progress.getAttribute('data-state')) === 'done' || (await progressShown(progress)) !== seen, {
        timeout: stallMs,
        message: `The first sync showed no progress for ${stallMs / 1000} s: ${seen}`,
      })
      .toBe(true);
  }
}

/**
 * Runs the web shell's first start in `userDataDir` (empty) with Chromium, waits until the demo
 * connection is active and its first sync is done with the kept roster's pictures stored, and
 * stops the shell gracefully, so what it keeps is written.
 */
export async function prepareFirstStartUserData(userDataDir: string): Promise<void> {
  const shell = await startWebShellProcess(userDataDir);
  const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs, headless: true });
  try {
    const page = await browser.newPage();
    await page.goto(shell.url);
    // Process starts and the demo's first generation and sync, on a loaded machine: generous.
    await page.getByRole('link', { name: 'Connections', exact: true }).click();
    await expect(page.getByTestId('connection-Demo directory').getByText('Active', { exact: true })).toBeVisible({ timeout: 180_000 });
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page.getByTestId('keep-roster')).toBeChecked({ timeout: 60_000 });
    const progress = page.getByTestId('sync-progress').first();
    await untilDoneWhileMoving(progress);
    const kept = progress.getByTestId('sync-kept-media');
    await expect(kept).toHaveAttribute('data-pending', '0');
    await expect(kept).toHaveAttribute('data-waiting', '0');
    await expect(kept).toHaveAttribute('data-saved', /^[1-9]\d*$/);
  } finally {
    await browser.close();
    await shell.stop();
  }
}
