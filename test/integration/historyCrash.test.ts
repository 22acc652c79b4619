/**
 * "Kill during the write: no half record" in a real browser: Chromium (Debian's, through
 * Playwright) writes change history records into its IndexedDB one after another, and its browser
 * process is killed (SIGKILL) in the middle. Started again on the same profile, the database holds
 * every record whose write had completed, each one whole, and the running size matches the
 * records exactly: a record and its size are one transaction.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumExecutable } from '../chromium.ts';
import type { HistoryCrashPage } from './historyCrashPage.ts';

const pageEntry = fileURLToPath(new URL('./historyCrashPage.ts', import.meta.url));

let work: string;
let server: Server;
let url: string;
const contexts: BrowserContext[] = [];

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
  for (const context of contexts) await context.close().catch(() => undefined);
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  if (work) await rm(work, { recursive: true, force: true });
});

async function open(profileDir: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(profileDir, { executablePath: chromiumExecutable, args: chromiumArgs, headless: true });
  contexts.push(context);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(url);
  await page.waitForFunction(() => (globalThis as unknown as { historyCrash?: { ready?: boolean } }).historyCrash?.ready === true);
  return { context, page };
}

/**
 * The browser process of the profile (Linux): the Chromium without --type= whose user data folder
 * it is, or else the parent of that profile's zygote (the browser process may rewrite its own
 * command line, so the children, which keep theirs, are the surer sign).
 */
async function browserProcessOf(profileDir: string): Promise<number> {
  const zygoteParents = new Set<number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const args = (await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')).split('\0');
    if (!args.includes(`--user-data-dir=${profileDir}`)) continue;
    if (!args.some((arg) => arg.startsWith('--type='))) return Number(entry);
    if (args.includes('--type=zygote')) {
      // /proc/<pid>/stat: "pid (name) state ppid …"; the name may hold spaces, so read after its ')'.
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (Number.isInteger(parent) && parent > 1) zygoteParents.add(parent);
    }
  }
  if (zygoteParents.size === 1) return [...zygoteParents][0]!;
  throw new Error(`No browser process for ${profileDir}`);
}

const inPage = <T>(page: Page, run: (crash: HistoryCrashPage) => T | Promise<T>): Promise<T> =>
  page.evaluate(`(${run.toString()})(globalThis.historyCrash)`) as Promise<T>;

describe('the change history when the browser is killed mid-write', () => {
  it('keeps every completed record whole and its size exact, and no part of the one cut off', async () => {
    const profileDir = path.join(work, 'profile');
    const first = await open(profileDir);
    await inPage(first.page, (crash) => crash.startWriting());
    await expect.poll(() => inPage(first.page, (crash) => crash.state.committed), { timeout: 60_000 }).toBeGreaterThanOrEqual(40);

    // The browser process dies at once, in the middle of the next writes.
    const browserPid = await browserProcessOf(profileDir);
    const committedBefore = await inPage(first.page, (crash) => crash.state.committed);
    const closed = new Promise<void>((resolve) => first.context.once('close', () => resolve()));
    process.kill(browserPid, 'SIGKILL');
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
