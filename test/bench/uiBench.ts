/**
 * `npm run bench -- ui`: the real renderer (Vue, Pinia, the search index) in Chromium through the
 * web shell, over an offline library of 50,000 cached actors.
 *
 * 1. List mount: from navigation to #/actors until the first rows are on screen (the library
 *    opened, every search row read from IndexedDB into the index, first render). Cold: a fresh
 *    page load in a running browser; restart: a new browser process on the same profile first
 *    (reopening the app); warm: returning to the list from a detail (index already in memory).
 * 2. Search and filters per keystroke: realistic name queries typed character by character, cleared,
 *    with facet and acting-age filters toggled; each step timed from its input event until the frame
 *    showing Vue's render is produced (see uiBenchProbe.ts). Target p95 ≤ 16 ms.
 * 3. Scrolling the virtual list top to bottom (list, table and grid): frame intervals, the main-thread
 *    work of each frame, frames over 50 ms (target: none in any of the three), long tasks, frames that
 *    showed no rows at the viewport's top. Plus a slower, wheel-like scroll of 100 px per frame.
 * 4. Opening a cached detail from the list: click → the detail's content on screen. Target ≤ 100 ms.
 * Also the JS heap after the list loaded (CDP, after a forced GC), and a CPU calibration (a fixed
 * sort in the page) to read the figures against when the machine is shared.
 *
 * Seeding: no HTTP sync (50,000 details would take hours through the rate limit). The seed is made
 * in Node by the directory's demo generator, the server's views and the renderer's own
 * searchRowFromProfile (uiBenchSeed.ts, cached under the temp folder) and written by a page on the
 * renderer's origin through the renderer's LibraryDb (uiBenchSeedPage.ts). By default every search
 * row carries its detail's fields (roster kept offline, the demo's default and the heavier case);
 * the actors table holds every list item and the full detail of the 500 actors at the top of the
 * list (those the bench opens; 50,000 details would be ~500 MB). BENCH_UI_SEARCH_ROWS=list builds
 * the search rows from list items only (a fresh list sync).
 *
 * The sync: the connection points at a directory address nobody listens on (a stopped directory),
 * so the renderer's sync engine goes offline at start-up (it retries in the background with its
 * backoff, which costs the page nothing measurable), opening a profile serves the cache without a
 * network round trip, and nothing is written to the library while measuring. Thumbnails therefore
 * do not load by default (the media cache answers 502 and rows show their blank placeholder); every
 * row's <img> still makes its request, which is most of what pictures cost the page (with
 * BENCH_UI_THUMBNAILS=host real pictures load from a picture host and the figures come out the same
 * or slightly worse).
 *
 * Environment: BENCH_UI_ACTORS (50000), BENCH_UI_DETAILS (500), BENCH_UI_SEARCH_ROWS (detail|list),
 * BENCH_UI_MOUNT_RUNS (5), BENCH_UI_RESTART_RUNS (2), BENCH_UI_OPENS (30), BENCH_UI_SCROLL_FRAMES (300),
 * BENCH_UI_THUMBNAILS (none|host), BENCH_UI_PHASES (typing,details,scroll: which to run after the mounts),
 * BENCH_UI_HIDE_VARIANTS (diagnostics, e.g. "none;[data-testid=filters];img": the typing steps once
 * per variant with those elements hidden, to see what rendering each part costs),
 * BENCH_UI_HIDE (diagnostics: selectors hidden during all measurements, e.g. "[data-testid=profile-list] img"),
 * BENCH_UI_PROFILE=1 (an unminified renderer; a CPU profile and a main-thread trace summary of each
 * phase on stderr — diagnostics only, the figures then carry the profilers' overhead).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { build } from 'vite';
import { createBackEnd } from '../../electron/core/backEnd.ts';
import { startWebShell, type RunningWebShell } from '../../electron/web/webShell.ts';
import { isMediaPictureVersion } from '../../server/src/media/pictureGeometry.ts';
import { renderPicturePng } from '../../server/src/media/placeholderPortrait.ts';
import { bench, summarize } from './stats.ts';
import type { TypingStep, UiBenchProbe } from './uiBenchProbe.ts';
import { loadUiSeed, type SearchRowSource, type UiSeed } from './uiBenchSeed.ts';
import { buildRenderer, callBackEnd, closedAddress, launchChromium, prepareContext, seedLibraryThroughPage } from './webShellBench.ts';

const probeEntry = fileURLToPath(new URL('./uiBenchProbe.ts', import.meta.url));
const seedPageEntry = fileURLToPath(new URL('./uiBenchSeedPage.ts', import.meta.url));
/** The launch token's sessionStorage key (renderer/src/bridge/castdeskBridge.ts). */
/** Rows per seeding call. */


function log(line: string): void {
  process.stderr.write(`# ui bench: ${line}\n`);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function buildLibrary(entry: string, outDir: string, fileName: string, format: 'es' | 'iife'): Promise<string> {
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      lib: { entry, formats: [format], name: 'castdeskUiBenchBundle', fileName: () => fileName },
    },
  });
  return path.join(outDir, fileName);
}

/**
 * BENCH_UI_THUMBNAILS=host: a picture host for the seed's picture URLs (the directory's own
 * placeholder pictures, from a pool of 64 so that serving them costs this process next to
 * nothing), while the API stays stopped. The back end's media cache fetches each thumbnail once and
 * serves it from disk after that, as for a library whose pictures are reachable.
 */
async function startPictureHost(): Promise<{ url: string; server: Server }> {
  const server = createHttpServer((request, response) => {
    const match = /^\/media\/pictures\/(\d+)\/([a-z_]+)\.png$/.exec(request.url ?? '');
    if (!match || !isMediaPictureVersion(match[2]!)) {
      response.writeHead(404).end();
      return;
    }
    const png = renderPicturePng(100_001 + (Number(match[1]) % 64), match[2]);
    response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': String(png.length), 'Cache-Control': 'public, max-age=31536000, immutable' });
    response.end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
}

async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => log(`page error: ${error.message}`));
  return page;
}

function probeOf(page: Page) {
  return {
    typing: (steps: TypingStep[], gapMs: number) =>
      page.evaluate(({ steps, gapMs }) => (globalThis as unknown as { castdeskUiBench: UiBenchProbe }).castdeskUiBench.typing(steps, gapMs), { steps, gapMs }),
    offline: (timeoutMs: number) => page.evaluate((timeoutMs) => (globalThis as unknown as { castdeskUiBench: UiBenchProbe }).castdeskUiBench.offline(timeoutMs), timeoutMs),
    openDetail: (id: number, position: number) =>
      page.evaluate(({ id, position }) => (globalThis as unknown as { castdeskUiBench: UiBenchProbe }).castdeskUiBench.openDetail(id, position), { id, position }),
    scroll: (frames: number, step: number) =>
      page.evaluate(({ frames, step }) => (globalThis as unknown as { castdeskUiBench: UiBenchProbe }).castdeskUiBench.scroll(frames, step), { frames, step }),
    layout: (which: 'list' | 'table' | 'grid') => page.evaluate((which) => (globalThis as unknown as { castdeskUiBench: UiBenchProbe }).castdeskUiBench.layout(which), which),
    marks: () => page.evaluate(() => ({ ...(globalThis as unknown as { castdeskUiBench: UiBenchProbe }).castdeskUiBench.marks })),
    calibrate: () => page.evaluate(() => (globalThis as unknown as { castdeskUiBench: UiBenchProbe }).castdeskUiBench.calibrate()),
    hide: (selectors: string[]) => page.evaluate((selectors) => (globalThis as unknown as { castdeskUiBench: UiBenchProbe }).castdeskUiBench.hide(selectors), selectors),
  };
}

/** Writes the seed into the connection's library through the seed page on the renderer's origin. */
async function seedLibrary(context: BrowserContext, origin: string, connection: { id: string; baseUrl: string }, seed: UiSeed, mediaBase: string): Promise<void> {
  const started = performance.now();
  const page = await newPage(context);
  const finished = await seedLibraryThroughPage(page, origin, connection, seed, mediaBase);
  await page.close();
  log(`library seeded in ${seconds(performance.now() - started)}: ${JSON.stringify(finished)}`);
  bench('ui.seed_write_time', (performance.now() - started) / 1000, 's');
  if (finished.searchRows !== seed.rows.length) throw new Error(`Seeded ${finished.searchRows} search rows, expected ${seed.rows.length}`);
}

interface Mount {
  app: number;
  rows: number;
}

/** Loads #/actors in `page` and returns the probe's marks (ms since navigation start). */
async function loadList(page: Page, origin: string): Promise<Mount> {
  await page.goto(`${origin}/#/actors`);
  await page.waitForFunction(() => (globalThis as unknown as { castdeskUiBench: UiBenchProbe }).castdeskUiBench.marks.rowsFrame !== null, undefined, { timeout: 120_000 });
  const marks = await probeOf(page).marks();
  return { app: marks.app ?? Number.NaN, rows: marks.rowsFrame! };
}

function reportLatency(name: string, samples: number[], unit = 'ms'): void {
  const s = summarize(samples);
  bench(`${name}_p50`, s.p50, unit);
  bench(`${name}_p95`, s.p95, unit);
  bench(`${name}_iqr`, s.p75 - s.p25, unit);
  bench(`${name}_max`, s.max, unit);
  bench(`${name}_n`, s.n, 'samples');
}

/** Realistic typing: each query character by character, a pause, cleared; three filter states. */
function typingSteps(queries: string[]): TypingStep[] {
  const steps: TypingStep[] = [];
  const typeAll = () => {
    for (const query of queries) {
      for (let end = 1; end <= query.length; end++) steps.push({ kind: 'char', type: 'text', value: query.slice(0, end) });
      // The URL follows the search 250 ms after the last change: let it, outside the samples.
      steps.push({ kind: 'pause', type: 'pause', ms: 300 });
      steps.push({ kind: 'clear', type: 'text', value: '' });
      steps.push({ kind: 'pause', type: 'pause', ms: 300 });
    }
  };
  const facet = (name: string, nth: number): TypingStep => ({ kind: 'filter', type: 'facet', facet: name, nth });
  const range = (bound: 'low' | 'high', value: string): TypingStep => ({ kind: 'filter', type: 'range', testId: 'filter-acting-age', bound, value });
  typeAll();
  // Round 2: a language and a gender.
  steps.push(facet('language', 0), facet('gender', 0), { kind: 'pause', type: 'pause', ms: 300 });
  typeAll();
  // Round 3: acting age 25–45 typed digit by digit, a second language.
  steps.push(range('low', '2'), range('low', '25'), range('high', '4'), range('high', '45'), facet('language', 0), { kind: 'pause', type: 'pause', ms: 300 });
  typeAll();
  // Everything off again, one change at a time.
  steps.push(range('low', ''), range('high', ''));
  steps.push({ kind: 'filter', type: 'facetOff', facet: 'language' }, { kind: 'filter', type: 'facetOff', facet: 'gender' }, { kind: 'filter', type: 'facetOff', facet: 'language' });
  // Let the URL catch up: a profile opened within its 250 ms delay would come back to the old search.
  steps.push({ kind: 'pause', type: 'pause', ms: 500 });
  return steps;
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Self time by function (name, file:line) from a CDP CPU profile: the top entries. */
function summariseProfile(profile: CpuProfile): string[] {
  const self = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) self.set(samples[i]!, (self.get(samples[i]!) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = self.get(node.id) ?? 0;
    if (ms === 0) continue;
    const frame = node.callFrame;
    const where = frame.url ? `${path.basename(frame.url)}:${frame.lineNumber + 1}` : '';
    const key = `${frame.functionName || '(anonymous)'} ${where}`.trim();
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
  }
  const total = [...byFunction.values()].reduce((sum, ms) => sum + ms, 0);
  return [...byFunction.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 40)
    .map(([key, ms]) => `${ms.toFixed(0).padStart(7)} ms ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${key}`);
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; beginData?: { dirtyObjects?: number; totalObjects?: number }; elementCount?: number };
}

/** What a main-thread trace event is spent on, for the summary. */
function kindOf(name: string): string {
  if (/GC|garbage/i.test(name)) return 'GC';
  if (/UpdateLayoutTree|updateStyle|recalcStyle|rebuildLayoutTree|StyleRecalc|ParseAuthorStyleSheet/i.test(name)) return 'style';
  if (/Layout|ShapeText/i.test(name)) return 'layout';
  if (/Paint|Composit|Commit|Layerize|UpdateLayer|Raster/i.test(name)) return 'paint/composite';
  if (/Resource|Response|Image|Decode|Loader|ParseHTML/i.test(name)) return 'loading (thumbnails …)';
  if (/FunctionCall|Microtask|EvaluateScript|evaluateModule|v8\.|V8\.|TimerFire|EventDispatch|FireAnimationFrame|AsyncTask|Compile/i.test(name)) return 'script';
  return 'other';
}

/**
 * The page's main thread (CrRendererMain with the most events): self time per event name and per
 * kind (script, style, layout, paint …), and how much of its busy wall time it actually had a CPU
 * (thread time / wall time of top-level tasks: below 100 % means other processes took the core).
 */
function summariseTrace(events: TraceEvent[]): string[] {
  const mainThreads = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    if (event.ph !== 'X' || !mainThreads.has(key)) continue;
    let list = byThread.get(key);
    if (!list) byThread.set(key, (list = []));
    list.push(event);
  }
  const main = [...byThread.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  main.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  /** Self time of each event of `main` (same order). */
  const selfOf = new Float64Array(main.length);
  let wall = 0;
  let cpu = 0;
  const topLevel: TraceEvent[] = [];
  const stack: { end: number; index: number; children: number; dur: number }[] = [];
  const close = (until: number) => {
    while (stack.length > 0 && stack[stack.length - 1]!.end <= until) {
      const done = stack.pop()!;
      selfOf[done.index] = done.dur - done.children;
      const name = main[done.index]!.name;
      self.set(name, (self.get(name) ?? 0) + done.dur - done.children);
    }
  };
  main.forEach((event, index) => {
    const dur = event.dur ?? 0;
    close(event.ts);
    if (stack.length > 0) stack[stack.length - 1]!.children += dur;
    else topLevel.push(event);
    if (stack.length === 0 && event.tdur !== undefined) {
      wall += dur;
      cpu += event.tdur;
    }
    total.set(event.name, (total.get(event.name) ?? 0) + dur);
    stack.push({ end: event.ts + dur, index, children: 0, dur });
  });
  close(Number.POSITIVE_INFINITY);

  // Windows between the probe's user-timing marks (uib-<what>-start … uib-<what>-end: a typing
  // step, a detail open): main-thread CPU time per window, which unlike wall time does not grow
  // when other processes take the CPU, and what the window's main-thread time went to.
  const marks = events.filter((e) => /^uib-.+-(start|end)$/.test(e.name)).sort((a, b) => a.ts - b.ts);
  const windows: { what: string; from: number; to: number }[] = [];
  for (let i = 0; i + 1 < marks.length; i++) {
    const what = /^uib-(.+)-start$/.exec(marks[i]!.name)?.[1];
    if (what && marks[i + 1]!.name === `uib-${what}-end`) windows.push({ what, from: marks[i]!.ts, to: marks[i + 1]!.ts });
  }
  const windowLines: string[] = [];
  for (const what of [...new Set(windows.map((w) => w.what))]) {
    const of = windows.filter((w) => w.what === what);
    const cpuMs: number[] = [];
    const kindsMs = new Map<string, number>();
    for (const window of of) {
      let cpuUs = 0;
      for (const event of topLevel) {
        const end = event.ts + (event.dur ?? 0);
        if (end <= window.from || event.ts >= window.to || !event.dur) continue;
        cpuUs += ((Math.min(end, window.to) - Math.max(event.ts, window.from)) / event.dur) * (event.tdur ?? event.dur);
      }
      cpuMs.push(cpuUs / 1000);
    }
    main.forEach((event, index) => {
      if (of.some((w) => event.ts >= w.from && event.ts < w.to)) kindsMs.set(kindOf(event.name), (kindsMs.get(kindOf(event.name)) ?? 0) + selfOf[index]! / 1000);
    });
    const cpuSummary = summarize(cpuMs);
    windowLines.push(
      `${of.length} × ${what}: main-thread CPU p50 ${cpuSummary.p50.toFixed(1)} p95 ${cpuSummary.p95.toFixed(1)} ms; per ${what} on average ` +
        [...kindsMs.entries()].sort((a, b) => b[1] - a[1]).map(([kind, ms]) => `${kind} ${(ms / of.length).toFixed(1)}`).join(', ') +
        ' ms (wall, self time)',
    );
  }
  const layouts = main.filter((e) => e.name === 'Layout' && e.args?.beginData);
  const styles = main.filter((e) => e.name === 'UpdateLayoutTree' && e.args?.elementCount !== undefined);
  const average = (values: number[]) => (values.length > 0 ? values.reduce((sum, value) => sum + value, 0) / values.length : Number.NaN);
  const kinds = new Map<string, number>();
  for (const [name, us] of self) kinds.set(kindOf(name), (kinds.get(kindOf(name)) ?? 0) + us);
  const ms = (us: number) => (us / 1000).toFixed(0).padStart(7);
  return [
    `main thread busy ${ms(wall).trim()} ms wall, ${ms(cpu).trim()} ms on a CPU (${wall > 0 ? ((100 * cpu) / wall).toFixed(0) : '?'} %)`,
    ...windowLines,
    `${layouts.length} layouts, ${average(layouts.map((e) => e.args!.beginData!.dirtyObjects ?? 0)).toFixed(0)} dirty of ${average(layouts.map((e) => e.args!.beginData!.totalObjects ?? 0)).toFixed(0)} objects on average; ` +
      `${styles.length} style recalcs of ${average(styles.map((e) => e.args!.elementCount!)).toFixed(0)} elements on average`,
    ...[...kinds.entries()].sort((a, b) => b[1] - a[1]).map(([kind, us]) => `${ms(us)} ms  ${kind}`),
    '  by event (self, total):',
    ...[...self.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 20)
      .map(([name, us]) => `${ms(us)} ms self ${ms(total.get(name) ?? 0)} ms total  ${name}`),
  ];
}

/**
 * BENCH_UI_PROFILE=1: runs `work` under the V8 CPU profiler and a Chrome trace of the page's main
 * thread, and prints where the time went (JS functions by self time; main-thread work by kind:
 * style, layout, paint, script, GC …). The figures measured meanwhile carry the tools' overhead.
 */
async function profiled<T>(cdp: CDPSession, label: string, work: () => Promise<T>): Promise<T> {
  if (process.env.BENCH_UI_PROFILE !== '1') return work();
  const events: TraceEvent[] = [];
  const collect = (data: { value: object[] }) => {
    events.push(...(data.value as TraceEvent[]));
  };
  cdp.on('Tracing.dataCollected', collect);
  const traced = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink,loading,blink.user_timing', transferMode: 'ReportEvents' });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Profiler.start');
  const result = await work();
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  await cdp.send('Tracing.end');
  await traced;
  cdp.off('Tracing.dataCollected', collect);
  log(`${label}: JS self time by function (CPU profile):\n${summariseProfile(profile).join('\n')}`);
  log(`${label}: main-thread work by trace event (self time):\n${summariseTrace(events).join('\n')}`);
  return result;
}

async function measureTyping(page: Page, seed: UiSeed, cdp: CDPSession, hidden: string[]): Promise<void> {
  const steps = typingSteps(seed.queries);
  // Diagnostics: BENCH_UI_HIDE_VARIANTS="none;[data-testid=filters];img" types everything once per
  // variant, with what it names hidden, to see what each part of the page costs per step.
  const variants = process.env.BENCH_UI_HIDE_VARIANTS?.split(';').map((variant) => (variant.trim() === 'none' ? [] : variant.split(',').map((part) => part.trim())));
  for (const hidden of variants ?? []) {
    await probeOf(page).hide(hidden);
    const run = await probeOf(page).typing(steps, 60);
    const total = summarize(run.samples.map((sample) => sample.total));
    const script = summarize(run.samples.map((sample) => sample.script));
    log(`typing with ${hidden.length > 0 ? `${hidden.join(', ')} hidden` : 'nothing hidden'}: step p50 ${total.p50.toFixed(1)} p95 ${total.p95.toFixed(1)} ms, script p50 ${script.p50.toFixed(1)} p95 ${script.p95.toFixed(1)} ms`);
  }
  await probeOf(page).hide(hidden);
  const typed = await profiled(cdp, 'typing', () => probeOf(page).typing(steps, 60));
  const all = typed.samples;
  log(`typing phase: ${all.length} steps in ${seconds(typed.ms)}; long tasks ${JSON.stringify(typed.longTasks)}`);
  const slowest = all.slice().sort((a, b) => b.total - a.total).slice(0, 8);
  log(`slowest steps: ${slowest.map((s) => `${s.kind} ${s.label} ${s.total.toFixed(1)} ms (script ${s.script.toFixed(1)}, ${s.count} results)`).join('; ')}`);
  const changes = (pick: (s: (typeof all)[number]) => number) => `p50 ${summarize(all.map(pick)).p50} p95 ${summarize(all.map(pick)).p95}`;
  log(`DOM changes per step: filter panel ${changes((s) => s.filterChanges)}, results ${changes((s) => s.resultChanges)}`);
  reportLatency('ui.search_step', all.map((s) => s.total));
  bench('ui.search_step_script_p50', summarize(all.map((s) => s.script)).p50, 'ms');
  bench('ui.search_step_script_p95', summarize(all.map((s) => s.script)).p95, 'ms');
  bench('ui.search_steps_over_16ms', all.filter((s) => s.total > 16).length, 'steps');
  for (const kind of ['char', 'clear', 'filter'] as const) {
    const of = all.filter((s) => s.kind === kind).map((s) => s.total);
    const summary = summarize(of);
    bench(`ui.search_${kind}_p50`, summary.p50, 'ms');
    bench(`ui.search_${kind}_p95`, summary.p95, 'ms');
    bench(`ui.search_${kind}_n`, summary.n, 'samples');
  }
  bench('ui.search_long_tasks_over_50ms', typed.longTasks.count, 'tasks');
  bench('ui.search_long_task_max', typed.longTasks.maxMs, 'ms');
}

async function measureDetails(page: Page, seed: UiSeed): Promise<void> {
  const opens = Number(process.env.BENCH_UI_OPENS ?? 30);
  const probe = probeOf(page);
  const visible: number[] = [];
  const dom: number[] = [];
  const title: number[] = [];
  const back: number[] = [];
  const stride = Math.max(1, Math.floor(seed.detailIds.length / opens));
  for (let i = 0; i < opens && i * stride < seed.detailIds.length; i++) {
    const opened = await probe.openDetail(seed.detailIds[i * stride]!, seed.detailPositions[i * stride]!);
    visible.push(opened.visible);
    dom.push(opened.dom);
    title.push(opened.title);
    back.push(opened.back);
  }
  log(`detail opens, click → gallery on screen: ${visible.map((ms) => ms.toFixed(0)).join(' ')} ms`);
  reportLatency('ui.detail_open', visible);
  bench('ui.detail_open_in_dom_p50', summarize(dom).p50, 'ms');
  bench('ui.detail_open_title_in_dom_p50', summarize(title.filter(Number.isFinite)).p50, 'ms');
  reportLatency('ui.list_mount_warm', back);
}

async function measureScroll(page: Page, layout: 'list' | 'table' | 'grid'): Promise<void> {
  const frames = Number(process.env.BENCH_UI_SCROLL_FRAMES ?? 300);
  const probe = probeOf(page);
  await probe.layout(layout);
  for (const [mode, step, count] of [
    ['drag', 0, frames],
    ['wheel', 100, Math.round(frames * 0.6)],
  ] as const) {
    const result = await probe.scroll(count, step);
    const intervals = summarize(result.intervals);
    const work = summarize(result.work);
    const name = `ui.scroll_${layout}_${mode}`;
    log(
      `${name}: ${result.intervals.length} frames over ${(result.distance / 1000).toFixed(0)}k px of ${(result.maxScrollTop / 1000).toFixed(0)}k (${result.columns} columns, rows ${result.rowHeight} px), ` +
        `interval p50 ${intervals.p50.toFixed(1)} p95 ${intervals.p95.toFixed(1)} max ${intervals.max.toFixed(1)} ms, work p50 ${work.p50.toFixed(1)} p95 ${work.p95.toFixed(1)} max ${work.max.toFixed(1)} ms, ` +
        `blank ${result.blank}, long tasks ${JSON.stringify(result.longTasks)}`,
    );
    bench(`${name}_frame_max`, intervals.max, 'ms');
    bench(`${name}_frame_p95`, intervals.p95, 'ms');
    bench(`${name}_frames_over_50ms`, result.intervals.filter((ms) => ms > 50).length, 'frames');
    bench(`${name}_work_p95`, work.p95, 'ms');
    bench(`${name}_work_max`, work.max, 'ms');
    bench(`${name}_long_tasks`, result.longTasks.count, 'tasks');
    bench(`${name}_blank_frames`, result.blank, 'frames');
  }
}

export async function runUiBench(): Promise<void> {
  const began = performance.now();
  const actors = Number(process.env.BENCH_UI_ACTORS ?? 50_000);
  const details = Number(process.env.BENCH_UI_DETAILS ?? 500);
  const source = (process.env.BENCH_UI_SEARCH_ROWS ?? 'detail') as SearchRowSource;
  if (source !== 'detail' && source !== 'list') throw new Error(`BENCH_UI_SEARCH_ROWS must be detail or list, not ${source}`);
  const mountRuns = Math.max(1, Number(process.env.BENCH_UI_MOUNT_RUNS ?? 5));
  const restartRuns = Number(process.env.BENCH_UI_RESTART_RUNS ?? 2);
  const phases = new Set((process.env.BENCH_UI_PHASES ?? 'typing,details,scroll').split(','));
  const work = await mkdtemp(path.join(tmpdir(), 'castdesk-ui-bench-'));
  const userDataDir = path.join(work, 'user-data');
  const rendererDir = path.join(work, 'renderer');
  const profileDir = path.join(work, 'chromium');
  let shell: RunningWebShell | null = null;
  let context: BrowserContext | null = null;
  let pictureHost: Server | null = null;
  // The machine may be shared: say how busy it was, the figures read differently on a loaded one.
  const load = () => `load average ${loadavg().map((value) => value.toFixed(1)).join(' ')} on ${cpus().length} CPUs`;
  log(load());
  try {
    let mark = performance.now();
    const { seed, file, cached } = await loadUiSeed(actors, details, source, log);
    log(`seed ${cached ? 'read from' : 'generated into'} ${file} in ${seconds(performance.now() - mark)}`);
    bench('ui.seed_prepare_time', (performance.now() - mark) / 1000, 's');

    mark = performance.now();
    await buildRenderer(rendererDir, process.env.BENCH_UI_PROFILE !== '1');
    await buildLibrary(seedPageEntry, path.join(rendererDir, 'bench-seed'), 'seed.js', 'es');
    await writeFile(
      path.join(rendererDir, 'bench-seed', 'index.html'),
      '<!doctype html><html><head><meta charset="utf-8"><title>ui bench seed</title></head><body><script type="module" src="/bench-seed/seed.js"></script></body></html>\n',
    );
    const probe = await readFile(await buildLibrary(probeEntry, path.join(work, 'probe'), 'probe.js', 'iife'), 'utf8');
    log(`renderer, seed page and probe built in ${seconds(performance.now() - mark)}`);

    const directoryUrl = await closedAddress();
    const thumbnails = process.env.BENCH_UI_THUMBNAILS ?? 'none';
    let mediaBase = directoryUrl;
    if (thumbnails === 'host') {
      const host = await startPictureHost();
      pictureHost = host.server;
      mediaBase = host.url;
      log(`pictures served by ${host.url}, the directory API stopped at ${directoryUrl}`);
    } else if (thumbnails !== 'none') throw new Error(`BENCH_UI_THUMBNAILS must be none or host, not ${thumbnails}`);
    const backEnd = await createBackEnd({ userDataDir, shell: 'web', version: 'bench' });
    shell = await startWebShell({ userDataDir, rendererDir, port: 0, backEnd });
    const origin = new URL(shell.url).origin;
    const connection = await callBackEnd(backEnd, 'addConnection', { name: 'Bench', baseUrl: directoryUrl, contentLocale: 'en', key: seed.key });
    await callBackEnd(backEnd, 'setActiveConnection', { id: connection.id });

    context = await launchChromium(profileDir);
    await prepareContext(context, shell.token, probe);
    await seedLibrary(context, origin, connection, seed, mediaBase);

    // 0. The first start on the seeded library reads every search row (no index snapshot yet), and
    // writes the snapshots once the index is still: every later start reads those instead.
    const firstPage = await newPage(context);
    const first = await loadList(firstPage, origin);
    bench('ui.list_mount_without_snapshot', first.rows, 'ms');
    // Both kinds' snapshots are stored (written once the index has been still for a while). The
    // check is polled from here: waitForFunction would take the check's promise itself as truthy.
    // (Page text: the bench is typed for Node.)
    const snapshotsStored = `new Promise((resolve) => {
      const request = indexedDB.open('castdesk-search-snapshots');
      request.onerror = () => resolve(false);
      request.onsuccess = () => {
        const db = request.result;
        const done = (stored) => {
          db.close();
          resolve(stored);
        };
        if (!db.objectStoreNames.contains('snapshots')) return done(false);
        const count = db.transaction('snapshots', 'readonly').objectStore('snapshots').count();
        count.onsuccess = () => done(count.result >= 2);
        count.onerror = () => done(false);
      };
    })`;
    const waitUntil = performance.now() + 120_000;
    while (!(await firstPage.evaluate(snapshotsStored))) {
      if (performance.now() > waitUntil) throw new Error('The search index snapshots were not written within 120 s');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await firstPage.close();

    // 1. List mount. Cold: a fresh page load in the running browser (a reload). Restart: a new
    // browser process on the same profile first (reopening the app).
    const restart: Mount[] = [];
    for (let run = 0; run < restartRuns; run++) {
      await context.close();
      context = await launchChromium(profileDir);
      await prepareContext(context, shell.token, probe);
      restart.push(await loadList(await newPage(context), origin));
    }
    const cold: Mount[] = [];
    let page: Page | null = null;
    let cdp: CDPSession | null = null;
    for (let run = 0; run < mountRuns; run++) {
      await page?.close();
      const fresh = await newPage(context);
      page = fresh;
      cdp = await context.newCDPSession(fresh);
      cold.push(run === mountRuns - 1 ? await profiled(cdp, 'list mount', () => loadList(fresh, origin)) : await loadList(fresh, origin));
    }
    const describe = (mounts: Mount[]) => mounts.map((m) => `${m.app.toFixed(0)}→${m.rows.toFixed(0)}`).join(', ');
    log(`cold mounts (ms since navigation: library open → first rows on screen): ${describe(cold)}`);
    log(`mounts after a browser restart: ${describe(restart)}`);
    reportLatency('ui.list_mount_cold', cold.map((m) => m.rows));
    bench('ui.list_mount_cold_library_open_p50', summarize(cold.map((m) => m.app)).p50, 'ms');
    if (restart.length > 0) {
      bench('ui.list_mount_restart_p50', summarize(restart.map((m) => m.rows)).p50, 'ms');
      bench('ui.list_mount_restart_max', summarize(restart.map((m) => m.rows)).max, 'ms');
    }
    if (!page || !cdp) throw new Error('No page');

    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
    bench('ui.js_heap_after_load', heap.usedSize / 1024 ** 2, 'MB');

    // The sync engine must have given up on the (stopped) directory before anything is measured.
    await probeOf(page).offline(60_000);
    const calibration = [await probeOf(page).calibrate()];
    // Diagnostics: BENCH_UI_HIDE="[data-testid=profile-list] img" measures everything with that hidden.
    const hidden = (process.env.BENCH_UI_HIDE ?? '').split(',').map((part) => part.trim()).filter((part) => part !== '');
    if (hidden.length > 0) log(`hidden while measuring (diagnostics): ${hidden.join(', ')}`);

    // 2. Typing and filters.
    await probeOf(page).hide(hidden);
    if (phases.has('typing')) await measureTyping(page, seed, cdp, hidden);
    // 4. Opening cached details (and the list's warm return).
    if (phases.has('details')) await profiled(cdp, 'detail opens', () => measureDetails(page, seed));
    // 3. Scrolling: list, table, grid.
    if (phases.has('scroll')) {
      await profiled(cdp, 'list scrolling', () => measureScroll(page, 'list'));
      await profiled(cdp, 'table scrolling', () => measureScroll(page, 'table'));
      await profiled(cdp, 'grid scrolling', () => measureScroll(page, 'grid'));
      await probeOf(page).layout('list');
    }
    calibration.push(await probeOf(page).calibrate());
    log(`${load()}; CPU calibration (sorting 200,000 numbers in the page) ${calibration.map((ms) => ms.toFixed(1)).join(' → ')} ms`);
    bench('ui.cpu_calibration', summarize(calibration).p50, 'ms');
    bench('ui.bench_time', (performance.now() - began) / 1000, 's');
  } finally {
    await context?.close().catch(() => undefined);
    await shell?.close().catch(() => undefined);
    await new Promise((resolve) => (pictureHost ? pictureHost.close(resolve) : resolve(undefined)));
    await rm(work, { recursive: true, force: true });
  }
}
