/**
 * The second day (issue 22), in Chromium through the web shell: the shell is stopped and started
 * again on the same address and user data, as a casting director does from one day to the next.
 *
 * - The library is not doubled: one directory (the embedded demo, back on the port it had), one
 *   copy of each profile.
 * - The tab from the first day says plainly that it belongs to an earlier start, even after a
 *   reload, and never shows pages that look empty.
 * - The demo's direct showreels, a video (the WebM the demo serves) and an audio reel (a WAV),
 *   play in the app after the restart: each player reaches `canplay`.
 *   Showreel files are not kept offline here (limit 0), so each plays from the directory itself,
 *   which the page's content security policy must allow at the demo's current address.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { nav } from './demoDirectoryApi.ts';
import { smallDemo, startWebShellProcess, type WebShellProcess } from './webShellProcess.ts';

test.describe.configure({ mode: 'serial' });
test.setTimeout(900_000);

const userData = mkdtempSync(path.join(tmpdir(), 'castdesk-restart-'));
let shell: WebShellProcess | undefined;

test.afterAll(async () => {
  await shell?.stop();
  rmSync(userData, { recursive: true, force: true });
});

/** A loopback port free right now, so the restarted shell serves the same origin (and its IndexedDB). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface LibraryFacts {
  actors: number;
  origins: string[];
  /** An actor whose saved detail has a direct audio showreel. */
  audioActorId: number | null;
  /** An actor whose saved detail has a direct video showreel (the demo's WebM). */
  videoActorId: number | null;
}

/** What the offline library holds, read from IndexedDB in the page. */
function libraryFacts(page: Page): Promise<LibraryFacts> {
  return page.evaluate(
    () =>
      new Promise<LibraryFacts>((resolve, reject) => {
        // Runs in the page (the tests are typed without the DOM library).
        interface Request<T> {
          result: T;
          error: unknown;
          onerror: (() => void) | null;
          onsuccess: (() => void) | null;
        }
        interface Database {
          transaction(stores: string[], mode: 'readonly'): { objectStore(name: string): { getAll(): Request<unknown[]> }; oncomplete: (() => void) | null };
          close(): void;
        }
        const { indexedDB } = globalThis as unknown as { indexedDB: { open(name: string): Request<Database> } };
        const opening = indexedDB.open('castdesk-library');
        opening.onerror = () => reject(new Error(String(opening.error)));
        opening.onsuccess = () => {
          const db = opening.result;
          const read = db.transaction(['actors', 'origins'], 'readonly');
          const actors = read.objectStore('actors').getAll();
          const origins = read.objectStore('origins').getAll();
          read.oncomplete = () => {
            const rows = actors.result as { id: number; removed?: boolean; detail?: { showreels?: { type?: string; url: string }[] } }[];
            const withAudio = rows.find((row) => row.detail?.showreels?.some((reel) => reel.type === 'audio' && reel.url.endsWith('.wav')));
            const withVideo = rows.find((row) => row.detail?.showreels?.some((reel) => reel.type === 'video' && reel.url.endsWith('.webm')));
            db.close();
            resolve({
              actors: rows.filter((row) => !row.removed).length,
              origins: (origins.result as { origin: string }[]).map((row) => row.origin).sort(),
              audioActorId: withAudio?.id ?? null,
              videoActorId: withVideo?.id ?? null,
            });
          };
        };
      }),
  );
}

/** Waits until the demo is the active connection and its sync has read every list (details and pictures may follow). */
async function listsSynced(page: Page): Promise<void> {
  await nav(page, 'Connections').click();
  await expect(page.getByTestId('connection-Demo directory').getByText('Active', { exact: true })).toBeVisible({ timeout: 240_000 });
  await nav(page, 'Settings').click();
  const progress = page.getByTestId('sync-progress').first();
  await expect
    .poll(async () => ((await progress.getAttribute('data-state')) === 'done' ? 'past lists' : ['details', 'media'].includes((await progress.getAttribute('data-phase')) ?? '') ? 'past lists' : 'lists'), { timeout: 300_000 })
    .toBe('past lists');
}

/** Opens actor `id` and loads its first showreel player of `kind`: 'canplay', or the error the element reports. */
async function playsTo(page: Page, id: number, kind: 'video' | 'audio'): Promise<string> {
  await page.evaluate((actorId) => {
    (globalThis as unknown as { location: { hash: string } }).location.hash = `#/actors/${actorId}`;
  }, id);
  const player = page.locator(`[data-testid="showreel-player"][data-kind="${kind}"]`).first();
  await expect(player).toBeVisible({ timeout: 60_000 });
  return player.evaluate(
    (element) =>
      new Promise<string>((resolve) => {
        const media = element as unknown as {
          readyState: number;
          preload: string;
          error: { code: number } | null;
          load(): void;
          addEventListener(type: string, listener: () => void, options: { once: boolean }): void;
        };
        // HAVE_FUTURE_DATA: enough to start playing, as `canplay` says.
        if (media.readyState >= 3) return resolve('canplay');
        media.addEventListener('canplay', () => resolve('canplay'), { once: true });
        media.addEventListener('error', () => resolve(`error ${media.error?.code ?? ''}`), { once: true });
        media.preload = 'auto';
        media.load();
      }),
  );
}

test('a restart of the web shell keeps one library, tells the old tab where it stands and plays showreels from the demo', async ({ browser }) => {
  const port = await freePort();
  shell = await startWebShellProcess(userData, { port });
  const context = await browser.newContext();
  // Showreel files are never kept: every showreel plays from its directory.
  await context.addInitScript(() => localStorage.setItem('castdesk.media.showreelMaxBytes', '0'));
  const blocked: string[] = [];
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });

  // Day one: the first start connects the demo directory and keeps its roster offline.
  const firstDay = await context.newPage();
  await firstDay.goto(shell.url);
  await listsSynced(firstDay);
  await expect.poll(async () => (await libraryFacts(firstDay)).audioActorId, { timeout: 300_000 }).not.toBeNull();
  await expect.poll(async () => (await libraryFacts(firstDay)).videoActorId, { timeout: 300_000 }).not.toBeNull();
  const before = await libraryFacts(firstDay);
  // Every actor the demo serves (a few of its generated ones it does not show).
  expect(before.actors).toBeGreaterThan(smallDemo.actors / 2);
  expect(before.actors).toBeLessThanOrEqual(smallDemo.actors);
  expect(before.origins).toHaveLength(1);
  const demoPort = readFileSync(path.join(userData, 'demo-directory', 'port'), 'utf8').trim();

  // Day two: the shell is stopped and started again.
  await shell.stop();
  shell = await startWebShellProcess(userData, { port });

  // The old tab, reloaded: it says it belongs to an earlier start, where the new one is, and that nothing is lost.
  await firstDay.reload();
  const notice = firstDay.getByTestId('earlier-start');
  await expect(notice).toBeVisible({ timeout: 60_000 });
  await expect(notice).toContainText('This tab belongs to an earlier start of Castdesk');
  await expect(notice).toContainText('Nothing is lost');
  // The address as the terminal prints it (`Open: …/#token=…`).
  await expect(firstDay.getByTestId('earlier-start-address')).toHaveText(`http://127.0.0.1:${port}/#token=…`);
  // Never an empty page: not the shortlists' "no connection", not "page not found".
  await nav(firstDay, 'Shortlists').click();
  await expect(notice).toBeVisible();
  await expect(firstDay.getByRole('main')).not.toContainText(/no active connection|not found/i);
  // The printed address pasted into the old tab (only its fragment changes): the tab takes it and works again.
  await firstDay.goto(shell.url);
  await expect(notice).toHaveCount(0, { timeout: 60_000 });
  await expect(firstDay).not.toHaveURL(/token=/);
  await nav(firstDay, 'Shortlists').click();
  await expect(firstDay.getByRole('main')).not.toContainText(/no active connection|not found/i);

  // The address the shell printed, in a new tab: the same library, not a second copy of it.
  const secondDay = await context.newPage();
  await secondDay.goto(shell.url);
  await listsSynced(secondDay);
  const after = await libraryFacts(secondDay);
  expect(after.actors).toBe(before.actors);
  expect(after.origins).toEqual(before.origins);
  // The demo directory came back on the port it had.
  expect(readFileSync(path.join(userData, 'demo-directory', 'port'), 'utf8').trim()).toBe(demoPort);

  // A direct video and a direct audio showreel play from the demo directory.
  expect(await playsTo(secondDay, after.videoActorId!, 'video')).toBe('canplay');
  expect(await playsTo(secondDay, after.audioActorId!, 'audio')).toBe('canplay');
  expect(blocked.filter((text) => /media-src/.test(text))).toEqual([]);
  await context.close();
});
