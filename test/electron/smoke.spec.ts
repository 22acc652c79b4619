/**
 * The first-start smoke in the real Electron app: a fresh user data folder, no connection, so the
 * app starts the embedded demo directory and its window lists actors from it. Only bridge calls
 * over IPC from the sandboxed renderer on app://castdesk/ make that possible.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
let app: ElectronApplication | undefined;
let userDataDir: string;

test.beforeAll(async () => {
  const executablePath = process.env.CASTDESK_ELECTRON_BINARY;
  if (!executablePath) throw new Error('CASTDESK_ELECTRON_BINARY is not set: run `npm run test:electron`');
  userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-electron-'));
  const asRoot = process.getuid?.() === 0;
  app = await electron.launch({
    executablePath,
    args: [repoRoot, ...(asRoot ? ['--no-sandbox'] : []), '--user-data-dir', userDataDir],
    cwd: repoRoot,
    env: { ...process.env, CASTDESK_DEMO_ARGS: '--actors 60 --crew 10 --casting-calls 8' },
  });
});

test.afterAll(async () => {
  await app?.close();
  await rm(userDataDir, { recursive: true, force: true });
});

test('the first start shows actors from the demo directory', async () => {
  const page = await app!.firstWindow();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await expect(page).toHaveURL(/^app:\/\/castdesk\//);
  await page.getByRole('link', { name: 'Actors' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Actors' })).toBeVisible();
  const actors = page.getByTestId('actor-list').getByRole('listitem');
  await expect(actors.first()).toBeVisible({ timeout: 120_000 });
  expect(await actors.count()).toBeGreaterThan(5);
  // The preload exposes the bridge and nothing of Node.
  expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
  expect(await page.evaluate(() => Object.keys((globalThis as unknown as { castdesk: object }).castdesk).length)).toBeGreaterThan(10);
  expect(problems).toEqual([]);
});
