/**
 * Each e2e spec file gets a web shell of its own, with a user data folder of its own, so no spec
 * reads another's leftovers (connections, keys, shortlists, settings, media cache) and any spec
 * runs alone or in any order. Call `useOwnWebShell()` at the top of a spec file, before its own
 * hooks: it starts the shell in a `beforeAll` and stops it (and removes the folder) in an `afterAll`.
 *
 * Generating the small demo directory's data costs ~20 s on a loaded machine, the same for every
 * spec; globalSetup.ts generates it once, read-only, and each spec's folder starts with a copy
 * (~0.2 s), as a user's second start reopens it. The spec that tests the first start asks for an
 * empty folder instead.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { demoCastingProKey, nav, type Directory } from './demoDirectoryApi.ts';
import { startWebShellProcess, type WebShellOptions, type WebShellProcess } from './webShellProcess.ts';

/** The environment variable globalSetup.ts sets to the prepared demo directory's data folder. */
export const preparedDemoVariable = 'CASTDESK_E2E_PREPARED_DEMO';

export interface OwnWebShell {
  /** The address with the launch token in its fragment, as the shell printed it. */
  readonly url: string;
  /** The shell's origin (the address without the token). */
  readonly origin: string;
  /** The launch token. */
  readonly token: string;
  /** The shell's user data folder, for checks on what it wrote. */
  readonly userDataDir: string;
}

export interface OwnWebShellOptions extends WebShellOptions {
  /** Start from the prepared demo data (default) or from an empty folder, as a real first start does. */
  demoData?: 'prepared' | 'none';
}

/** Registers the hooks that give this spec file its own web shell; read the handle inside tests and hooks only. */
export function useOwnWebShell(options: OwnWebShellOptions = {}): OwnWebShell {
  const { demoData = 'prepared', ...shellOptions } = options;
  let workDir = '';
  let userDataDir = '';
  let shell: WebShellProcess | undefined;
  const running = (): WebShellProcess => {
    if (!shell) throw new Error('The spec\'s web shell is not running: read it inside a test or a hook, after useOwnWebShell() at the top of the file');
    return shell;
  };

  test.beforeAll(async () => {
    // A process start (and the demo reopening later): generous on a loaded 2-core machine.
    test.setTimeout(180_000);
    workDir = mkdtempSync(path.join(tmpdir(), 'castdesk-e2e-'));
    userDataDir = path.join(workDir, 'user-data');
    if (demoData === 'prepared') cpSync(preparedDemo(), path.join(userDataDir, 'demo-directory'), { recursive: true });
    shell = await startWebShellProcess(userDataDir, shellOptions);
  });

  test.afterAll(async () => {
    await shell?.stop();
    shell = undefined;
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  return {
    get url() {
      return running().url;
    },
    get origin() {
      return running().url.split('/#token=')[0]!;
    },
    get token() {
      return running().url.split('/#token=')[1]!;
    },
    get userDataDir() {
      running();
      return userDataDir;
    },
  };
}

function preparedDemo(): string {
  const folder = process.env[preparedDemoVariable];
  if (!folder) throw new Error(`${preparedDemoVariable} is not set: the Playwright global setup did not run`);
  return folder;
}

/**
 * The start most specs share: a page in a new context of its own, the shell opened (the launch
 * token leaves the address), the demo directory connected and active, and the directory's address
 * and casting professional key, so the spec can read what the app should show.
 */
export async function openDemoPage(browser: Browser, shell: OwnWebShell, contextOptions: BrowserContextOptions = {}): Promise<{ page: Page; directory: Directory }> {
  const page = await (await browser.newContext(contextOptions)).newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await page.goto(shell.url);
  await expect(page).not.toHaveURL(/token=/);
  await nav(page, 'Connections').click();
  const demo = page.getByTestId('connection-Demo directory');
  // The first start reopens the demo directory and connects to it: seconds on a loaded machine.
  await expect(demo.getByText('Active', { exact: true })).toBeVisible({ timeout: 120_000 });
  const baseUrl = (await demo.getByTestId('connection-base-url').textContent())?.trim() ?? '';
  return { page, directory: { baseUrl, key: demoCastingProKey(shell.userDataDir) } };
}
