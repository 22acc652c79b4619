/**
 * The in-page half of `npm run bench -- ui`: bundled into one classic script by uiBench.ts and
 * injected into every page of the real, built renderer before its own scripts run (Playwright's
 * init script, which the page's CSP does not apply to). It never touches the app's state: it drives
 * the DOM the way a user does (input events, clicks, scrolling) and times what the page does in
 * answer. The harness reads the figures through `globalThis.castdeskUiBench`.
 *
 * How a step is timed ("until the next frame after Vue has rendered"): the step's DOM event is
 * dispatched at the START of an animation frame (inside a requestAnimationFrame callback). Vue's
 * handler runs synchronously and its render runs in the microtask right after the callback; then
 * the browser computes style and layout and paints that same frame, all in the one main-thread
 * task; a message posted from inside the frame runs as the next task, i.e. once that frame is
 * produced. `total` = dispatch → that moment: the handler, the search, Vue's render and patch, style,
 * layout and paint of the frame that shows the result. It leaves out the wait for the frame's vsync
 * (0–16.7 ms depending on when a key happens to be pressed), which no code can shorten, so `total`
 * ≤ 16 ms means "the result is on screen in the very next frame". `script` is the JS part alone
 * (handler + search + Vue render/patch, up to the microtask after Vue's flush).
 */

/** The little of the DOM the probe uses (the Node tsconfig type-checks this file without lib.dom). */
interface El {
  dataset: Record<string, string | undefined>;
  offsetTop: number;
  offsetHeight: number;
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
  value: string;
  checked: boolean;
  click(): void;
  closest(selector: string): El | null;
  querySelector(selector: string): El | null;
  querySelectorAll(selector: string): Iterable<El> & { length: number };
  dispatchEvent(event: unknown): boolean;
}
interface MutationRecordLike {
  type: string;
  addedNodes: { length: number };
  removedNodes: { length: number };
}
interface PageWindow {
  document: Pick<El, 'querySelector' | 'querySelectorAll'> & {
    createElement(tag: string): El & { id: string; textContent: string; remove(): void };
    head: { append(element: unknown): void };
    getElementById(id: string): (El & { remove(): void }) | null;
  };
  history: { back(): void };
  requestAnimationFrame(callback: (timestamp: number) => void): number;
  MutationObserver: new (callback: (records: MutationRecordLike[]) => void) => {
    observe(target: unknown, options: Record<string, boolean>): void;
    disconnect(): void;
    takeRecords(): MutationRecordLike[];
  };
  MessageChannel: new () => { port1: { onmessage: (() => void) | null; close(): void }; port2: { postMessage(value: unknown): void } };
  PerformanceObserver: new (callback: (list: { getEntries(): LongTask[] }) => void) => { observe(options: { type: string; buffered?: boolean }): void };
  Event: new (type: string, init?: { bubbles?: boolean }) => unknown;
}
const page = globalThis as unknown as PageWindow;
const document = page.document;
const requestAnimationFrame = (callback: (timestamp: number) => void) => page.requestAnimationFrame(callback);

interface StepSample {
  kind: string;
  label: string;
  /** Dispatch → end of the frame with the result. */
  total: number;
  /** Dispatch → Vue's render and patch done (microtask after its flush). */
  script: number;
  /** Result count shown after the step (data-count), -1 when no count is shown. */
  count: number;
  rows: number;
  /** DOM changes the step made in the filter panel and in the results (nodes added or removed, texts and attributes changed). */
  filterChanges: number;
  resultChanges: number;
}

export type TypingStep =
  | { kind: 'char' | 'clear'; type: 'text'; value: string }
  | { kind: 'filter'; type: 'facet'; facet: string; nth: number }
  | { kind: 'filter'; type: 'facetOff'; facet: string }
  | { kind: 'filter'; type: 'range'; testId: string; bound: 'low' | 'high'; value: string }
  | { kind: 'pause'; type: 'pause'; ms: number };

interface LongTask {
  startTime: number;
  duration: number;
}

interface MountMarks {
  /** performance.now() (ms since navigation start) when the search field first appeared. */
  app: number | null;
  skeleton: number | null;
  /** The first list row is in the DOM. */
  rowsDom: number | null;
  /** …and the frame that shows it is produced. */
  rowsFrame: number | null;
}

const marks: MountMarks = { app: null, skeleton: null, rowsDom: null, rowsFrame: null };
const longTasks: LongTask[] = [];

/** Resolves with performance.now() once the next frame has been produced (rAF, then the next task). */
function frameDone(): Promise<number> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => afterThisFrame(resolve));
  });
}

/** Call inside a rAF callback (or its microtasks): resolves once this frame's rendering is done. */
function afterThisFrame(resolve: (now: number) => void): void {
  const channel = new page.MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    resolve(performance.now());
  };
  channel.port2.postMessage(null);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves once `test()` holds (checked after every DOM mutation batch), with performance.now() then. */
function waitFor<T>(test: () => T | null | undefined | false, timeoutMs: number, what: string): Promise<{ value: T; at: number }> {
  const first = test();
  if (first) return Promise.resolve({ value: first, at: performance.now() });
  return new Promise((resolve, reject) => {
    const observer = new page.MutationObserver(() => {
      const value = test();
      if (!value) return;
      const at = performance.now();
      observer.disconnect();
      clearTimeout(timer);
      resolve({ value, at });
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`));
    }, timeoutMs);
    observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  });
}

function installMountMarks(): void {
  const observer = new page.MutationObserver(() => {
    const now = performance.now();
    if (marks.app === null && document.querySelector('[data-testid=search-input]')) marks.app = now;
    if (marks.skeleton === null && document.querySelector('[data-testid=list-loading]')) marks.skeleton = now;
    if (marks.rowsDom === null && document.querySelector('[data-testid=profile-row]')) {
      marks.rowsDom = now;
      observer.disconnect();
      requestAnimationFrame(() =>
        afterThisFrame((at) => {
          marks.rowsFrame = at;
        }),
      );
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

function installLongTasks(): void {
  try {
    new page.PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push({ startTime: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No long-task timing in this browser: the figures stay empty.
  }
}

function longTasksBetween(start: number, end: number): { count: number; maxMs: number; totalMs: number } {
  const inside = longTasks.filter((task) => task.startTime >= start && task.startTime <= end);
  return { count: inside.length, maxMs: Math.max(0, ...inside.map((task) => task.duration)), totalMs: inside.reduce((sum, task) => sum + task.duration, 0) };
}

function shownCount(): number {
  const element = document.querySelector('[data-testid=result-count]');
  return element ? Number(element.dataset.count ?? -1) : -1;
}

function required(selector: string): El {
  const element = document.querySelector(selector);
  if (!element) throw new Error(`No element ${selector} in the page`);
  return element;
}

/** The virtual list's row height: every item has it (VirtualList's rowHeight prop). */
function rowHeightOf(scroller: El): number {
  const item = scroller.querySelector('li[data-index]');
  if (!item || item.offsetHeight === 0) throw new Error('The virtual list shows no items');
  return item.offsetHeight;
}

function setValue(input: El, value: string): void {
  input.value = value;
  input.dispatchEvent(new page.Event('input', { bubbles: true }));
}

/** Finds the element a step acts on (before timing starts) and returns the action itself. */
function prepare(step: Exclude<TypingStep, { type: 'pause' }>): { label: string; act: () => void } {
  switch (step.type) {
    case 'text': {
      const input = required('[data-testid=search-input]');
      return { label: JSON.stringify(step.value), act: () => setValue(input, step.value) };
    }
    case 'facet': {
      const boxes = [...document.querySelectorAll(`[data-testid=facet-${step.facet}] .facet-value input[type=checkbox]`)];
      const box = boxes.filter((candidate) => !candidate.checked)[step.nth];
      if (!box) throw new Error(`facet-${step.facet} has no unchecked value number ${step.nth} (${boxes.length} values)`);
      const value = box.closest('.facet-value')?.dataset.value ?? '?';
      return { label: `${step.facet}+${value}`, act: () => box.click() };
    }
    case 'facetOff': {
      const box = document.querySelector(`[data-testid=facet-${step.facet}] .facet-value input[type=checkbox]:checked`);
      if (!box) throw new Error(`facet-${step.facet} has no checked value to clear`);
      const value = box.closest('.facet-value')?.dataset.value ?? '?';
      return { label: `${step.facet}-${value}`, act: () => box.click() };
    }
    case 'range': {
      const input = required(`[data-testid=${step.testId}] input[data-bound=${step.bound}]`);
      return { label: `${step.testId}.${step.bound}=${step.value}`, act: () => setValue(input, step.value) };
    }
  }
}

/** Runs one step at the start of a frame and times it (see the module doc). */
function timedStep(step: Exclude<TypingStep, { type: 'pause' }>): Promise<StepSample> {
  return new Promise((resolve, reject) => {
    requestAnimationFrame(() => {
      let prepared: { label: string; act: () => void };
      try {
        prepared = prepare(step);
      } catch (error) {
        reject(error);
        return;
      }
      const changes = (selector: string) => {
        let count = 0;
        const add = (records: MutationRecordLike[]) => {
          for (const record of records) count += record.type === 'childList' ? record.addedNodes.length + record.removedNodes.length : 1;
        };
        const observer = new page.MutationObserver(add);
        const target = document.querySelector(selector);
        if (target) observer.observe(target, { childList: true, subtree: true, characterData: true, attributes: true });
        return () => {
          add(observer.takeRecords());
          observer.disconnect();
          return count;
        };
      };
      const filterChanges = changes('[data-testid=filters]');
      const resultChanges = changes('.results');
      // User-timing marks: a trace (BENCH_UI_PROFILE) finds each step's window by them.
      performance.mark('uib-keystroke-start');
      const started = performance.now();
      prepared.act();
      // Queued after Vue's flush (which the handler queued): runs once Vue has rendered and patched.
      void Promise.resolve().then(() => {
        const script = performance.now() - started;
        afterThisFrame((done) => {
          performance.mark('uib-keystroke-end');
          resolve({
            kind: step.kind,
            label: prepared.label,
            total: done - started,
            script,
            count: shownCount(),
            rows: document.querySelectorAll('[data-testid=profile-row]').length,
            filterChanges: filterChanges(),
            resultChanges: resultChanges(),
          });
        });
      });
    });
  });
}

const probe = {
  marks,

  /** Typing and filter steps; `gapMs` between steps (a typing rhythm), pauses where asked. */
  async typing(steps: TypingStep[], gapMs: number): Promise<{ samples: StepSample[]; longTasks: ReturnType<typeof longTasksBetween>; ms: number }> {
    const started = performance.now();
    const samples: StepSample[] = [];
    for (const step of steps) {
      if (step.type === 'pause') {
        await sleep(step.ms);
        continue;
      }
      samples.push(await timedStep(step));
      await sleep(gapMs);
    }
    const ended = performance.now();
    return { samples, longTasks: longTasksBetween(started, ended), ms: ended - started };
  },

  /** Waits until the list shows rows (after a navigation). */
  async listReady(timeoutMs: number): Promise<void> {
    await waitFor(() => document.querySelector('[data-testid=profile-row]'), timeoutMs, 'the first profile row');
  },

  /** Waits for the offline banner: the sync engine found the directory out of reach. */
  async offline(timeoutMs: number): Promise<number> {
    return (await waitFor(() => document.querySelector('[data-testid=offline-banner]'), timeoutMs, 'the offline banner')).at;
  },

  /**
   * From the list: scrolls row `position` into view, clicks it and times until the detail's content
   * shows (the profile title of the reworked view, else the gallery, which needs the detail). Then
   * goes back and times the list's return (a warm mount: the index is already in memory).
   */
  async openDetail(id: number, position: number): Promise<{ title: number; dom: number; visible: number; back: number }> {
    const scroller = required('[data-testid=profile-list]');
    const rowHeight = rowHeightOf(scroller);
    scroller.scrollTop = Math.max(0, position * rowHeight - rowHeight * 2);
    const { value: link } = await waitFor(() => document.querySelector(`[data-testid=profile-row][data-id="${id}"]`), 5000, `row ${id}`).catch((error: Error) => {
      const first = scroller.querySelector('li[data-index]');
      const shown = `first item ${first?.dataset.index} (id ${first?.querySelector('[data-testid=profile-row]')?.dataset.id}), scrollTop ${scroller.scrollTop}, rows of ${rowHeight} px, ${shownCount()} results, ${(globalThis as unknown as { location: { hash: string } }).location.hash}`;
      throw new Error(`${error.message} at position ${position}: ${shown}`);
    });
    await frameDone();
    await frameDone();
    performance.mark('uib-detail open-start');
    const started = performance.now();
    link.click();
    // The title shows as soon as the saved row is read (a skeleton stands in until then); the
    // gallery needs the detail itself (every actor the bench opens has pictures).
    const titled = waitFor(() => document.querySelector('h1#profile-title') && !document.querySelector('[data-testid=profile-skeleton]'), 10_000, 'the profile title');
    const { at } = await waitFor(() => document.querySelector('[data-testid=gallery]'), 10_000, 'the actor detail gallery ([data-testid=gallery])');
    const visible = await frameDone();
    performance.mark('uib-detail open-end');
    const title = (await titled.catch(() => ({ at: Number.NaN }))).at;
    await sleep(150);
    const back = performance.now();
    page.history.back();
    await waitFor(() => document.querySelector('[data-testid=profile-row]'), 10_000, 'the list after going back');
    const listed = await frameDone();
    return { title: title - started, dom: at - started, visible: visible - started, back: listed - back };
  },

  /**
   * Scrolls the virtual list by `step` px per animation frame for `frames` frames (`step` 0: from
   * top to bottom in `frames` steps). Per frame: the interval since the previous frame (rAF
   * timestamps), the main-thread work of the frame (from its rAF callback until it is produced) and
   * whether the rows at the top of the viewport were rendered in that frame (a blank flash).
   */
  async scroll(frames: number, step: number): Promise<{
    intervals: number[];
    work: number[];
    blank: number;
    longTasks: ReturnType<typeof longTasksBetween>;
    distance: number;
    endScrollTop: number;
    maxScrollTop: number;
    columns: number;
    rowHeight: number;
  }> {
    const scroller = required('[data-testid=profile-list]');
    scroller.scrollTop = 0;
    await frameDone();
    await frameDone();
    const rowHeight = rowHeightOf(scroller);
    const max = scroller.scrollHeight - scroller.clientHeight;
    const perFrame = step > 0 ? step : max / frames;
    const items = () => [...scroller.querySelectorAll('li[data-index]')];
    const columns = Math.max(1, items().filter((item) => item.offsetTop === items()[0]?.offsetTop).length);
    const intervals: number[] = [];
    const work: number[] = [];
    let blank = 0;
    const started = performance.now();
    await new Promise<void>((resolve) => {
      let previous: number | null = null;
      let frame = 0;
      const tick = (timestamp: number) => {
        const began = performance.now();
        if (previous !== null) intervals.push(timestamp - previous);
        previous = timestamp;
        if (frame >= frames) {
          resolve();
          return;
        }
        frame += 1;
        scroller.scrollTop = Math.min(max, Math.round(frame * perFrame));
        afterThisFrame((done) => {
          work.push(done - began);
          // Rows the viewport's top needs vs rows in the page (the virtual list follows one frame late).
          const firstNeeded = Math.floor(scroller.scrollTop / rowHeight) * columns;
          const shown = items().map((item) => Number(item.dataset.index));
          if (shown.length === 0 || Math.min(...shown) > firstNeeded || Math.max(...shown) < firstNeeded) blank += 1;
        });
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await frameDone();
    const ended = performance.now();
    return { intervals, work, blank, longTasks: longTasksBetween(started, ended), distance: Math.min(max, frames * perFrame), endScrollTop: scroller.scrollTop, maxScrollTop: max, columns, rowHeight };
  },

  /** Switches to the list, the table or the grid through the layout radio and waits for its rows. */
  async layout(which: 'list' | 'table' | 'grid'): Promise<void> {
    required(`[data-testid=layout-${which}]`).click();
    const shown = () => (document.querySelector('[data-testid=profile-list].grid') ? 'grid' : document.querySelector('[data-testid=table-row]') ? 'table' : 'list');
    await waitFor(() => shown() === which && document.querySelector('[data-testid=profile-row]'), 10_000, `the ${which} layout`);
    await frameDone();
  },

  /**
   * A fixed CPU-bound workload (sorting 200,000 numbers; median of 5): how fast this machine's
   * page runs right now, to read the other figures against on a shared, loaded machine.
   */
  calibrate(): number {
    let state = 12345;
    const data = new Float64Array(200_000).map(() => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
    const times: number[] = [];
    for (let run = 0; run < 5; run++) {
      const copy = data.slice();
      const started = performance.now();
      copy.sort();
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b)[2]!;
  },

  /** Diagnostics: hides what `selectors` match (display: none), to see what their rendering costs. */
  hide(selectors: string[]): void {
    document.getElementById('castdesk-ui-bench-hide')?.remove();
    if (selectors.length === 0) return;
    const style = document.createElement('style');
    style.id = 'castdesk-ui-bench-hide';
    style.textContent = `${selectors.join(', ')} { display: none !important; }`;
    document.head.append(style);
  },

  /** Wall time now, for the harness's marks. */
  now: () => performance.now(),
};

installMountMarks();
installLongTasks();
(globalThis as unknown as { castdeskUiBench: typeof probe }).castdeskUiBench = probe;
export type UiBenchProbe = typeof probe;
