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
import { expect, chromium } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../chromium.ts';
import { startWebShellProcess } from './webShellProcess.ts';

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
    await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 300_000 });
    const kept = progress.getByTestId('sync-kept-media');
    await expect(kept).toHaveAttribute('data-pending', '0');
    await expect(kept).toHaveAttribute('data-waiting', '0');
    await expect(kept).toHaveAttribute('data-saved', /^[1-9]\d*$/);
  } finally {
    await browser.close();
    await shell.stop();
  }
}
