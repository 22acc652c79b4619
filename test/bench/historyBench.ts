/**
 * `npm run bench -- history`: what the change history adds to a sync, in Chromium's IndexedDB.
 *
 * A library holds BENCH_HISTORY_PROFILES actors (default 5,000) with their details, made by the
 * directory's own demo generator and views (the ui bench's seed, uiBenchSeed.ts). The directory
 * then updates every one of them (half in fields the history follows), and the sync writes the
 * refetched details, four at a time as the engine's detail requests overlap, in pages of
 * BENCH_HISTORY_PAGE details (default 100). The same pages are written once without the history
 * and once with it (historyBenchPage.ts):
 *
 * - history.page_ms_without_p50 / history.page_ms_with_p50: the wall time of a page;
 * - history.write_cost_per_page_p50: their difference, the history's cost per page;
 * - history.listener_ms_per_page_p50/p95: the time the history step itself took per page (the sum
 *   over the page's details of reading the cached detail, the diff and the put);
 * - history.long_tasks_over_50ms (with the history; the target is none) and its max, beside the
 *   same count without it;
 * - history.records and history.bytes_per_record: what the history kept.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from '@playwright/test';
import { build } from 'vite';
import type { HistoryBenchPage } from './historyBenchPage.ts';
import { bench, summarize } from './stats.ts';
import { loadUiSeed } from './uiBenchSeed.ts';
import { launchChromium } from './webShellBench.ts';

const pageEntry = fileURLToPath(new URL('./historyBenchPage.ts', import.meta.url));
/** Rows per page.evaluate while handing the library to the page. */
const handChunk = 500;

function log(line: string): void {
  process.stderr.write(`# history bench: ${line}\n`);
}

async function buildPage(outDir: string): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, minify: false, lib: { entry: pageEntry, formats: ['es'], fileName: () => 'bench.js' } },
  });
  await writeFile(path.join(outDir, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"><title>history bench</title></head><body><script type="module" src="/bench.js"></script></body></html>\n');
}

/** Serves the built page on 127.0.0.1 (IndexedDB needs a real origin). */
async function servePage(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const name = request.url === '/bench.js' ? 'bench.js' : 'index.html';
    readFile(path.join(dir, name)).then(
      (body) => {
        response.writeHead(200, { 'Content-Type': name.endsWith('.js') ? 'text/javascript' : 'text/html' });
        response.end(body);
      },
      () => {
        response.writeHead(404);
        response.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/` };
}

export async function runHistoryBench(): Promise<void> {
  const profiles = Number(process.env.BENCH_HISTORY_PROFILES ?? 5000);
  const pageSize = Number(process.env.BENCH_HISTORY_PAGE ?? 100);
  const work = await mkdtemp(path.join(tmpdir(), 'castdesk-history-bench-'));
  let served: { server: Server; url: string } | null = null;
  let context: BrowserContext | null = null;
  try {
    const { seed } = await loadUiSeed(profiles, profiles, 'detail', log);
    const rows = seed.rows.filter((row) => row.detail);
    log(`${rows.length} actors with details`);
    await buildPage(path.join(work, 'page'));
    served = await servePage(path.join(work, 'page'));
    context = await launchChromium(path.join(work, 'chromium'));
    const page = await context.newPage();
    page.on('pageerror', (error) => log(`page error: ${error.message}`));
    await page.goto(served.url);
    await page.waitForFunction(() => (globalThis as unknown as { castdeskHistoryBench?: { ready?: boolean } }).castdeskHistoryBench?.ready === true);
    for (let start = 0; start < rows.length; start += handChunk) {
      await page.evaluate((chunk) => (globalThis as unknown as { castdeskHistoryBench: HistoryBenchPage }).castdeskHistoryBench.add(chunk), rows.slice(start, start + handChunk));
    }
    const result = await page.evaluate((size) => (globalThis as unknown as { castdeskHistoryBench: HistoryBenchPage }).castdeskHistoryBench.run(size), pageSize);
    const without = summarize(result.without.pageMs);
    const withHistory = summarize(result.withHistory.pageMs);
    const listener = summarize(result.withHistory.historyMs);
    log(`pages without ${JSON.stringify(without)}, with ${JSON.stringify(withHistory)}, history step ${JSON.stringify(listener)}`);
    bench('history.profiles', result.profiles, 'profiles');
    bench('history.page_size', pageSize, 'details');
    bench('history.page_ms_without_p50', without.p50, 'ms');
    bench('history.page_ms_with_p50', withHistory.p50, 'ms');
    bench('history.write_cost_per_page_p50', withHistory.p50 - without.p50, 'ms');
    bench('history.listener_ms_per_page_p50', listener.p50, 'ms');
    bench('history.listener_ms_per_page_p95', listener.p95, 'ms');
    bench('history.long_tasks_over_50ms', result.withHistory.longTasks.count, 'tasks');
    bench('history.long_task_max', result.withHistory.longTasks.maxMs, 'ms');
    bench('history.long_tasks_over_50ms_without', result.without.longTasks.count, 'tasks');
    bench('history.records', result.withHistory.totals?.count ?? 0, 'records');
    bench('history.bytes_per_record', result.withHistory.totals && result.withHistory.totals.count > 0 ? result.withHistory.totals.bytes / result.withHistory.totals.count : 0, 'bytes');
  } finally {
    await context?.close().catch(() => undefined);
    await new Promise<void>((resolve) => (served ? served.server.close(() => resolve()) : resolve()));
    await rm(work, { recursive: true, force: true });
  }
}
