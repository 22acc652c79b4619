/**
 * Nothing typed is lost (issue 11, item 4; issue 23, item 4), in Chromium through the web shell: a
 * note typed into a shortlist entry is still there after a reload 200 ms after the last keystroke
 * (also with both cores kept busy by other processes), and after the shell and the browser are
 * killed outright (SIGKILL, no pagehide, no unload) 200 ms after it and started again on the same
 * user data and origin (also in a library of 100,000 entries, and while every write of the entries
 * waits behind one that never ends: the keystrokes' journal, db/typedEdits.ts, keeps it).
 *
 * The 200 ms pauses are the scenario (a user who reloads or crashes that soon after typing), not a
 * wait for the app: everything the tests check is polled.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { letTimePass } from '../support/letTimePass.ts';
import { nav } from './demoDirectoryApi.ts';
import { holdEntriesTable } from './heldEntries.ts';
import { crash, firstPage, freePort, startChromium, type RunningChromium } from './killableChromium.ts';
import { useOwnWebShell } from './ownWebShell.ts';
import { startWebShellProcess, type WebShellProcess } from './webShellProcess.ts';

/** This spec's own web shell and user data folder (ownWebShell.ts). */
const webShell = useOwnWebShell();

/** How soon after the last keystroke the page goes away. */
const afterKeystrokeMs = 200;

/** Makes a shortlist named `name` holding the first actor of the list, opens it and returns the entry's note field. */
async function listWithOneActor(page: Page, name: string) {
  // The first start generates the demo directory and connects to it: seconds on a loaded machine.
  await nav(page, 'Connections').click();
  const demo = page.getByTestId('connection-Demo directory');
  await expect(demo.getByText('Active', { exact: true })).toBeVisible({ timeout: 180_000 });
  await nav(page, 'Actors').click();
  const firstRow = page.getByTestId('profile-row').first();
  await expect(firstRow).toBeVisible({ timeout: 180_000 });
  await firstRow.click();
  await expect(page).toHaveURL(/#\/actors\/\d+$/);
  const actorId = Number(/#\/actors\/(\d+)$/.exec(page.url())![1]);
  await page.getByTestId('add-to-shortlist').click();
  await page.getByTestId('add-new-list-name').fill(name);
  await page.getByTestId('add-to-new-list').click();
  // Seconds in a library of 100,000 entries on a loaded machine.
  await expect(page.getByTestId('add-to-shortlist-result')).toBeVisible({ timeout: 60_000 });
  await nav(page, 'Shortlists').click();
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/#\/shortlists\/\d+$/);
  const note = page.locator(`[data-testid="shortlist-entry"][data-actor-id="${actorId}"]`).getByTestId('entry-note');
  await expect(note).toBeVisible({ timeout: 30_000 });
  return { note, listUrl: page.url() };
}

/** Two busy processes, one a core: the machine is anything but idle while the user types and reloads. */
function startCpuHogs(): ChildProcess[] {
  return Array.from({ length: 2 }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}

/**
 * Fills the user's shortlist database with 1,000 lists of 100 entries (100,000), as importing a
 * large backup leaves it, straight through IndexedDB in the page (the app has made the database);
 * the page must load again for the app to see them.
 */
async function seedLargeLibrary(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // The page's IndexedDB, typed as far as this needs (the test compiles without the DOM library).
    type Request<T> = { result: T; error: unknown; onsuccess: (() => void) | null; onerror: (() => void) | null };
    type Transaction = { objectStore(name: string): { add(value: unknown): Request<number> }; oncomplete: (() => void) | null; onerror: (() => void) | null; error: unknown };
    type Database = { transaction(stores: string[], mode: 'readwrite'): Transaction; close(): void };
    const browser = globalThis as unknown as { indexedDB: { open(name: string): Request<Database> } };
    const request = browser.indexedDB.open('castdesk-shortlists');
    const db = await new Promise<Database>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(new Error(String(request.error)));
    });
    const at = '2026-01-01T00:00:00.000Z';
    const snapshot = { name: 'Seeded actor', actingAgeFrom: null, actingAgeTo: null, age: null, height: null, gender: null, agencies: [], languages: {}, thumbUrl: null, pictureUrl: null, updatedAt: null };
    for (let first = 0; first < 1000; first += 50) {
      await new Promise<void>((resolve, reject) => {
        const transaction = db.transaction(['shortlists', 'entries'], 'readwrite');
        for (let n = first; n < first + 50; n += 1) {
          const list = transaction.objectStore('shortlists').add({ name: `Seeded ${n}`, castingCallId: null, roleId: null, castingCallName: null, roleName: null, createdAt: at, updatedAt: at });
          list.onsuccess = () => {
            for (let e = 0; e < 100; e += 1) {
              transaction.objectStore('entries').add({ shortlistId: list.result, directoryOrigin: 'https://seeded.example', actorId: 100_000 + e, position: e, note: '', rating: null, colours: [], tags: [], status: 'considering', addedAt: at, updatedAt: at, snapshot });
            }
          };
        }
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(new Error(`seeding failed: ${String(transaction.error)}`));
      });
    }
    db.close();
  });
}

test.describe.configure({ mode: 'serial' });

test('a note typed 200 ms before a reload is there after it', async ({ page }) => {
  // The first spec may meet the first start (demo data generated, then synced): minutes when loaded.
  test.setTimeout(300_000);
  await page.goto(webShell.url);
  await expect(page).not.toHaveURL(/token=/);
  const name = `Reload ${Date.now().toString(36)}`;
  const { note } = await listWithOneActor(page, name);
  const text = 'Callback Tuesday, bring the monologue';
  await note.click();
  await note.pressSequentially(text);
  await letTimePass(afterKeystrokeMs, 'the user reloads 200 ms after the last keystroke');
  await page.reload();
  await expect(note).toHaveValue(text, { timeout: 30_000 });
});

test('a note typed 200 ms before a reload is there after it, with both cores busy', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto(webShell.url);
  const name = `Busy ${Date.now().toString(36)}`;
  const { note } = await listWithOneActor(page, name);
  const text = 'Second callback, busy machine';
  const hogs = startCpuHogs();
  try {
    await note.click();
    await note.pressSequentially(text);
    await letTimePass(afterKeystrokeMs, 'the user reloads 200 ms after the last keystroke');
    await page.reload();
    await expect(note).toHaveValue(text, { timeout: 60_000 });
  } finally {
    for (const hog of hogs) hog.kill('SIGKILL');
  }
});

test.describe('killed outright', () => {
  let workDir = '';
  let shell: WebShellProcess | undefined;
  let browser: RunningChromium | undefined;

  test.afterEach(async () => {
    await browser?.browser.close().catch(() => undefined);
    if (browser) await crash(browser);
    await shell?.stop();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  /**
   * Types a note, kills shell and browser 200 ms later, starts both again and finds the note;
   * `large` seeds 100,000 entries first; `entriesHeld` keeps the entries' table in a read-write
   * transaction that never ends while the note is typed, so none of the app's writes of it can commit.
   */
  async function typeThenKill({ large = false, entriesHeld = false }: { large?: boolean; entriesHeld?: boolean }): Promise<void> {
    workDir = mkdtempSync(path.join(tmpdir(), 'castdesk-e2e-kill-'));
    const userData = path.join(workDir, 'user-data');
    const profile = path.join(workDir, 'chromium');
    const port = await freePort();

    shell = await startWebShellProcess(userData, { port });
    browser = await startChromium(profile);
    let page = await firstPage(browser);
    await page.goto(shell.url);
    await expect(page).not.toHaveURL(/token=/);
    if (large) {
      // The app makes the shortlist database once the connections are known.
      const hasShortlistDb = () =>
        page.evaluate(async () => {
          const browser = globalThis as unknown as { indexedDB: { databases(): Promise<{ name?: string }[]> } };
          return (await browser.indexedDB.databases()).some((info) => info.name === 'castdesk-shortlists');
        });
      await expect.poll(hasShortlistDb, { timeout: 180_000 }).toBe(true);
      await seedLargeLibrary(page);
      await page.reload();
    }
    const { note, listUrl } = await listWithOneActor(page, 'Crash test');
    const text = 'Strong presence; ask about the accent';
    await note.click();
    if (entriesHeld) await holdEntriesTable(page);
    await note.pressSequentially(text);
    await letTimePass(afterKeystrokeMs, 'shell and browser die 200 ms after the last keystroke');

    // Both at once: SIGKILL leaves no pagehide, no unload, no graceful stop.
    shell.child.kill('SIGKILL');
    await crash(browser);
    await shell.stop();

    shell = await startWebShellProcess(userData, { port });
    browser = await startChromium(profile);
    page = await firstPage(browser);
    await page.goto(shell.url);
    await expect(page).not.toHaveURL(/token=/);
    await page.goto(listUrl);
    await expect(page.getByTestId('shortlist-entry').getByTestId('entry-note')).toHaveValue(text, { timeout: 60_000 });
  }

  test('a note typed 200 ms before the shell and the browser are killed is there after a restart', async () => {
    test.setTimeout(300_000);
    await typeThenKill({});
  });

  test('the same in a library of 100,000 entries', async () => {
    test.setTimeout(600_000);
    await typeThenKill({ large: true });
  });

  test('the same while the entries are held by a write that never ends (a machine too busy for any write to finish)', async () => {
    test.setTimeout(300_000);
    await typeThenKill({ entriesHeld: true });
  });
});
