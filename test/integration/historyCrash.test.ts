/**
 * "Kill during the write: no half record" in a real browser: Chromium (Debian's, through
 * Playwright) writes change history records into its IndexedDB one after another, and its browser
 * process is killed (SIGKILL) in the middle. Started again on the same profile, the database holds
 * every record whose write had completed, each one whole, and the running size matches the
 * records exactly: a record and its size are one transaction.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumExecutable } from '../chromium.ts';
import type { HistoryCrashPage } from './historyCrashPage.ts';

const pageEntry = fileURLToPath(new URL('./historyCrashPage.ts', import.meta.url));

let work: string;
let server: Server;
let url: string;
const browsers: Browser[] = [];
/** Process groups of the browsers started, killed at the end if still there. */
const groups = new Set<number>();

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'castdesk-history-crash-'));
  const pageDir = path.join(work, 'page');
  await build({ configFile: false, logLevel: 'warn', build: { outDir: pageDir, emptyOutDir: true, minify: false, lib: { entry: pageEntry, formats: ['es'], fileName: () => 'page.js' } } });
  await writeFile(path.join(pageDir, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"></head><body><script type="module" src="/page.js"></script></body></html>\n');
  server = createServer((request, response) => {
    const file = request.url === '/page.js' ? 'page.js' : 'index.html';
    void readFile(path.join(pageDir, file)).then((body) => {
      response.writeHead(200, { 'Content-Type': file.endsWith('.js') ? 'text/javascript' : 'text/html' });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
}, 120_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close().catch(() => undefined);
  for (const group of [...groups]) killGroup(group);
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  if (work) await rm(work, { recursive: true, force: true });
});

/**
 * Chromium on `profileDir`, started by the test in a process group of its own (Debian's
 * /usr/bin/chromium is a script that runs the browser as its child), and driven over CDP: the test
 * knows the group to kill, instead of searching the process table for the browser.
 */
async function open(profileDir: string): Promise<{ browser: Browser; page: Page; group: number }> {
  const child = spawn(chromiumExecutable, [...chromiumArgs, '--headless', `--user-data-dir=${profileDir}`, '--remote-debugging-port=0', 'about:blank'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  groups.add(child.pid!);
  const endpoint = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(output);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}) before it listened:\n${output}`)));
  });
  const browser = await chromium.connectOverCDP(endpoint);
  browsers.push(browser);
  const context = browser.contexts()[0]!;
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(url);
  await page.waitForFunction(() => (globalThis as unknown as { historyCrash?: { ready?: boolean } }).historyCrash?.ready === true);
  return { browser, page, group: child.pid! };
}

/** SIGKILL to every process of the group: the browser dies at once, as in a crash. */
function killGroup(group: number): void {
  try {
    process.kill(-group, 'SIGKILL');
  } catch {
    // Already gone.
  }
  groups.delete(group);
}

const inPage = <T>(page: Page, run: (crash: HistoryCrashPage) => T | Promise<T>): Promise<T> =>
  page.evaluate(`(${run.toString()})(globalThis.historyCrash)`) as Promise<T>;

describe('the change history when the browser is killed mid-write', () => {
  it('keeps every completed record whole and its size exact, and no part of the one cut off', async () => {
    const profileDir = path.join(work, 'profile');
    const first = await open(profileDir);
    await inPage(first.page, (crash) => crash.startWriting());
    await expect.poll(() => inPage(first.page, (crash) => crash.state.committed), { timeout: 60_000 }).toBeGreaterThanOrEqual(40);

    // The browser dies at once, in the middle of the next writes.
    const committedBefore = await inPage(first.page, (crash) => crash.state.committed);
    const closed = new Promise<void>((resolve) => first.browser.once('disconnected', () => resolve()));
    killGroup(first.group);
    await closed;

    const second = await open(profileDir);
    const found = await inPage(second.page, (crash) => crash.check());
    // Every write that had completed is there; perhaps a few more that completed as it died.
    expect(found.count).toBeGreaterThanOrEqual(committedBefore);
    expect(found.ids).toEqual(Array.from({ length: found.count }, (_, index) => index + 1));
    expect(found.seqs).toEqual(found.ids);
    // Each whole; the running size is exactly theirs.
    expect(found.whole).toBe(found.count);
    expect(found.totals).toMatchObject({ count: found.count, bytes: found.bytes });
  }, 180_000);
});
