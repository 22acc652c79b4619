/**
 * `npm run bench -- sync`: the renderer's sync engine in Chromium (through the web shell, the real
 * back end and the directory service with 50,000 demo actors).
 *
 * 1. Rate limit off: a full list sync of a fresh one library by two connections at once (the casting
 *    professional's key and an agency's, whose actors both see: each is one record) — time,
 *    profiles per second, the share of that time a read-write IndexedDB transaction was open,
 *    renderer long tasks over 50 ms.
 * 2. The browser closed and started again on the same profile: time from navigation until the first
 *    name search answers from 50,000 cached profiles, and the JS heap with every search row held.
 * 3. The directory restarted on the same data with the default limit (300 per 5 minutes), every
 *    actor's detail kept offline: over ~2 minutes of backlog, the share of each rate window's budget
 *    the back end drew, and the 429s it received.
 *
 * The 50,000-actor directory is generated once into `<tmp>/castdesk-bench-directory-<n>` (about a
 * minute) and reused by later runs. Environment: BENCH_SYNC_ACTORS (default 50000),
 * BENCH_BUDGET_SECONDS (default 120).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { build } from 'vite';
import type { ChannelResult } from '../../contract/bridge.ts';
import { createBackEnd, type BackEnd } from '../../electron/core/backEnd.ts';
import { startWebShell, type RunningWebShell } from '../../electron/web/webShell.ts';
import { startDirectory, type RunningDirectory } from '../../server/src/startDirectory.ts';
import type { SyncBenchPage } from './syncBenchPage.ts';
import { bench } from './stats.ts';
import { chromiumArgs, chromiumExecutable } from '../chromium.ts';

const pageEntry = fileURLToPath(new URL('./syncBenchPage.ts', import.meta.url));
const searchQuery = 'anna';

function log(line: string): void {
  process.stderr.write(`# sync bench: ${line}\n`);
}

/** Bundles the bench page (the real engine and database, no Vue) into a folder the web shell serves. */
async function buildPage(outDir: string): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      lib: { entry: pageEntry, formats: ['es'], fileName: () => 'bench.js' },
    },
  });
  // The web shell sends the renderer's CSP: one same-origin module script, nothing inline.
  await writeFile(
    path.join(outDir, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><title>sync bench</title></head><body><script type="module" src="/bench.js"></script></body></html>\n',
  );
}

async function call<C extends 'addConnection' | 'updateConnection' | 'getRateBudget'>(backEnd: BackEnd, channel: C, args: unknown): Promise<ChannelResult<C>> {
  const result = await backEnd.call(channel, args);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`);
  return result.value as ChannelResult<C>;
}

async function openBench(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => log(`page error: ${error.message}`));
  await page.goto(url);
  await page.waitForFunction(() => (globalThis as { castdeskBench?: { ready?: boolean } }).castdeskBench?.ready === true);
  return page;
}

function launch(profileDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, { executablePath: chromiumExecutable, args: chromiumArgs, headless: true });
}

async function startBenchDirectory(dataDir: string, actors: number, rateLimit: false | undefined, port = 0): Promise<RunningDirectory> {
  const started = performance.now();
  const directory = await startDirectory({ port, dataDir, demo: { actors }, ...(rateLimit === false ? { rateLimit } : {}), log });
  log(`directory up in ${((performance.now() - started) / 1000).toFixed(1)} s at ${directory.baseUrl} (rate limit ${rateLimit === false ? 'off' : 'default'})`);
  return directory;
}

/** Phase 3: how much of each rate window the back end draws while a detail backlog waits. */
async function measureBudget(backEnd: BackEnd, page: Page, connectionId: string, origin: string, seconds: number): Promise<void> {
  const started = await page.evaluate(
    ({ id, origin: directory }) => (globalThis as unknown as { castdeskBench: SyncBenchPage }).castdeskBench.startDetailBacklog(id, directory),
    { id: connectionId, origin },
  );
  log(`detail backlog started: ${JSON.stringify(started.details)}`);
  const windows = new Map<number, { limit: number; used: number }>();
  let last: ChannelResult<'getRateBudget'> | null = null;
  let backlogSeconds = 0;
  const begin = performance.now();
  while (performance.now() - begin < seconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const budget = await call(backEnd, 'getRateBudget', { connectionId });
    const progress = await page.evaluate(() => (globalThis as unknown as { castdeskBench: SyncBenchPage }).castdeskBench.progress());
    last = budget;
    if (budget.headersSeen && budget.resetAt !== null) {
      const window = windows.get(budget.resetAt) ?? { limit: budget.limit, used: 0 };
      window.used = Math.max(window.used, budget.used);
      windows.set(budget.resetAt, window);
    }
    if (progress && progress.details.queued > 0) backlogSeconds += 1;
  }
  const finalProgress = await page.evaluate(() => (globalThis as unknown as { castdeskBench: SyncBenchPage }).castdeskBench.progress());
  await page.evaluate(() => (globalThis as unknown as { castdeskBench: SyncBenchPage }).castdeskBench.stop());
  const used = [...windows.values()].reduce((sum, window) => sum + window.used, 0);
  const allowed = [...windows.values()].reduce((sum, window) => sum + window.limit, 0);
  log(`windows seen: ${JSON.stringify([...windows.entries()].map(([resetAt, window]) => ({ resetAt: new Date(resetAt).toISOString(), ...window })))}`);
  log(`detail progress at the end: ${JSON.stringify(finalProgress?.details)}, rate ${finalProgress?.ratePerMinute}/min`);
  bench('sync.budget_measured', (performance.now() - begin) / 1000, 's');
  bench('sync.budget_backlog_time', backlogSeconds, 's');
  bench('sync.budget_requests', used, 'requests');
  bench('sync.budget_windows', windows.size, 'windows');
  bench('sync.budget_share_used', allowed > 0 ? (100 * used) / allowed : 0, '%');
  bench('sync.details_fetched', finalProgress?.details.done ?? 0, 'details');
  bench('sync.rate_limited_answers', last?.rateLimitedAnswers ?? -1, 'answers');
}

export async function runSyncBench(): Promise<void> {
  const actors = Number(process.env.BENCH_SYNC_ACTORS ?? 50_000);
  const budgetSeconds = Number(process.env.BENCH_BUDGET_SECONDS ?? 120);
  const dataDir = path.join(tmpdir(), `castdesk-bench-directory-${actors}`);
  const work = await mkdtemp(path.join(tmpdir(), 'castdesk-sync-bench-'));
  const userDataDir = path.join(work, 'user-data');
  const rendererDir = path.join(work, 'page');
  const profileDir = path.join(work, 'chromium');
  let directory: RunningDirectory | null = null;
  let shell: RunningWebShell | null = null;
  let context: BrowserContext | null = null;
  try {
    await buildPage(rendererDir);
    directory = await startBenchDirectory(dataDir, actors, false);
    const backEnd = await createBackEnd({ userDataDir, shell: 'web', version: 'bench' });
    shell = await startWebShell({ userDataDir, rendererDir, port: 0, backEnd });
    // Two connections to the directory, as a casting director holds them: the casting
    // professional's key (every actor) and one agency's key (its actors, seen through both).
    const key = directory.keys.find((candidate) => candidate.key.includes('casting-pro'))?.key ?? directory.keys.at(-1)!.key;
    const agencyKey = directory.keys.find((candidate) => candidate.key.startsWith('demo-agency-'))?.key ?? key;
    const connection = await call(backEnd, 'addConnection', { name: 'Bench', baseUrl: directory.baseUrl, contentLocale: 'en', key });
    const agency = await call(backEnd, 'addConnection', { name: 'Bench agency', baseUrl: directory.baseUrl, contentLocale: 'en', key: agencyKey });
    const origin = new URL(directory.baseUrl).origin;

    // 1. The list sync of both connections into the one library.
    context = await launch(profileDir);
    let page = await openBench(context, shell.url);
    const sync = await page.evaluate(
      ({ ids, origin: directoryOrigin }) => (globalThis as unknown as { castdeskBench: SyncBenchPage }).castdeskBench.syncLists(ids, directoryOrigin),
      { ids: [connection.id, agency.id], origin },
    );
    log(`list sync: ${JSON.stringify(sync)}`);
    if (sync.outcome !== 'done') throw new Error(`The list sync ended ${sync.outcome}: ${JSON.stringify(sync.lastError)}`);
    const profiles = sync.actors + sync.crew;
    bench('sync.connections', 2, 'connections');
    bench('sync.list_profiles_seen_by_agency', sync.actorsPerConnection[1] ?? 0, 'profiles');
    bench('sync.list_time', sync.ms / 1000, 's');
    bench('sync.list_profiles', profiles, 'profiles');
    bench('sync.list_profiles_per_s', profiles / (sync.ms / 1000), 'profiles/s');
    bench('sync.idb_write_share', (100 * sync.writeMs) / sync.ms, '%');
    bench('sync.long_tasks_over_50ms', sync.longTasks.count, 'tasks');
    bench('sync.long_task_max', sync.longTasks.maxMs, 'ms');
    bench('sync.long_task_total', sync.longTasks.totalMs, 'ms');

    // 2. Reopen: a new browser on the same profile, until the first search answers.
    await context.close();
    context = await launch(profileDir);
    page = await openBench(context, shell.url);
    const reopened = await page.evaluate(
      ({ query }) => (globalThis as unknown as { castdeskBench: SyncBenchPage }).castdeskBench.reopenAndSearch(query),
      { query: searchQuery },
    );
    log(`reopen: ${JSON.stringify(reopened)}`);
    bench('sync.reopen_first_search', reopened.firstAnswerSinceNavigationMs, 'ms');
    bench('sync.reopen_db_open', reopened.openMs, 'ms');
    bench('sync.reopen_load_all_search_rows', reopened.loadAllMs, 'ms');
    bench('sync.search_scan_all_rows', reopened.scanMs, 'ms');
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
    bench('sync.js_heap_with_cache', heap.usedSize / 1024 ** 2, 'MB');
    bench('sync.cached_search_rows_held', reopened.rows, 'rows');

    // 3. The rate budget with the default limit, on the same data.
    // On the same port: a stored key belongs to its origin, so a new address would drop the keys.
    const port = Number(new URL(directory.baseUrl).port);
    await directory.close();
    directory = await startBenchDirectory(dataDir, actors, undefined, port);
    await measureBudget(backEnd, page, connection.id, origin, budgetSeconds);
  } finally {
    await context?.close().catch(() => undefined);
    await shell?.close().catch(() => undefined);
    await directory?.close().catch(() => undefined);
    await rm(work, { recursive: true, force: true });
  }
}
