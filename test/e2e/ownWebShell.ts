/**
 * Each e2e spec file gets a web shell of its own, with a user data folder of its own, so no spec
 * reads another's leftovers (connections, keys, shortlists, settings, media cache) and any spec
 * runs alone or in any order. Call `useOwnWebShell()` at the top of a spec file, before its own
 * hooks: it starts the shell in a `beforeAll` and stops it (and removes the folder) in an `afterAll`.
 *
 * Each spec's folder starts as a copy of the folder a finished first start leaves
 * (preparedUserData.ts, made once in globalSetup.ts, read-only): the demo connection active, its
 * data generated, its pictures in the media cache. A spec's page is a new browser context, so it
 * meets a user's second start with a new browser profile, as it did when one shell served every
 * spec, but without another spec's connections, keys, lists or settings. The copy leaves out the
 * remembered page port, so each shell takes a free port of its own. The spec that tests the
 * first start asks for an empty folder instead.
 *
 * The copies share the demo connection's id, but not a keychain: each shell has its own
 * (webShellProcess.ts), and the demo's key is stored again on every start.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { demoCastingProKey, nav, type Directory } from './demoDirectoryApi.ts';
import { startWebShellProcess, type WebShellOptions, type WebShellProcess } from './webShellProcess.ts';

/** The environment variable globalSetup.ts sets to the prepared user data folder. */
export const preparedUserDataVariable = 'CASTDESK_E2E_PREPARED_USER_DATA';

/** What the copy leaves out: the page port the template's shell remembered (web/libraryPort.ts). */
const rememberedPortFile = 'web-library-port';

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
  /** Start from the folder a finished first start left (default), or from an empty one to test the first start. */
  userData?: 'afterFirstStart' | 'empty';
}

/** Registers the hooks that give this spec file its own web shell; read the handle inside tests and hooks only. */
export function useOwnWebShell(options: OwnWebShellOptions = {}): OwnWebShell {
  const { userData = 'afterFirstStart', ...shellOptions } = options;
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
    if (userData === 'afterFirstStart') cpSync(preparedUserData(), userDataDir, { recursive: true, filter: (source) => path.basename(source) !== rememberedPortFile });
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

function preparedUserData(): string {
  const folder = process.env[preparedUserDataVariable];
  if (!folder) throw new Error(`${preparedUserDataVariable} is not set: the Playwright global setup did not run`);
  return folder;
}

/**
 * Opens the shell in `page` (the launch token leaves the address) on the Connections page, and waits
 * until the app's start is over: at start the app reopens the active demo directory (its process
 * starts again), and the first sync begins only after that.
 */
export async function openShell(page: Page, shell: OwnWebShell): Promise<void> {
  await page.goto(shell.url);
  await expect(page).not.toHaveURL(/token=/);
  await nav(page, 'Connections').click();
  await expect(page.getByRole('form', { name: 'Add a connection' })).toBeVisible();
  // "Connecting …" shows from the start until it is over; the demo directory's process starts
  // again meanwhile: seconds on a loaded machine.
  await expect(page.getByRole('status').filter({ hasText: /^\s*Connecting …\s*$/ })).toHaveCount(0, { timeout: 120_000 });
}

/**
 * The start most specs share: a page in a new context of its own, the shell opened and started,
 * the demo directory connected and active, and the directory's address and casting professional
 * key, so the spec can read what the app should show.
 */
export async function openDemoPage(browser: Browser, shell: OwnWebShell, contextOptions: BrowserContextOptions = {}): Promise<{ page: Page; directory: Directory }> {
  const page = await (await browser.newContext(contextOptions)).newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await openShell(page, shell);
  const demo = page.getByTestId('connection-Demo directory');
  await expect(demo.getByText('Active', { exact: true })).toBeVisible();
  const baseUrl = (await demo.getByTestId('connection-base-url').textContent())?.trim() ?? '';
  return { page, directory: { baseUrl, key: demoCastingProKey(shell.userDataDir) } };
}
