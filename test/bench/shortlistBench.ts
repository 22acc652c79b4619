/**
 * `npm run bench -- shortlists`: the real renderer in Chromium through the web shell, with a
 * shortlist of 500 entries and one of 100.
 *
 * 0. Typing a note into an entry of the 500-entry list (the list open, through the app's store, a
 *    key every 50 ms): per keystroke, until its journal record (db/typedEdits.ts) can be read by
 *    another connection and until the store's write has stored it; then the same with the entries
 *    held by a read-write transaction that does not end (only the journal can commit).
 *
 * 1. Opening the 500-entry shortlist until every entry is on screen (the frame showing them is
 *    produced). In the app: a click on the list in #/shortlists (the app running, the lists page
 *    shown; the usual way a list is opened; garbage collected before each click) — target ≤ 200 ms. Also, for reference, a reload (a
 *    fresh page load of #/shortlists/<id> in a running browser) and cold (a new browser process on
 *    the same profile, i.e. starting the app on that list), both from navigation start, so they
 *    include loading and starting the whole app.
 * 2. The PDF contact sheet of the 100-entry list (A4, every entry with a main picture of 800 px,
 *    served from the back end's media cache): a click on "Contact sheet (PDF)" until the file is
 *    handed over (the export button is enabled again; the download has started) — target ≤ 5 s.
 *    Each PDF is checked: pages, one picture per entry (pdfimages), names in its text (pdftotext).
 * 3. The presentation package of the same 100 (issue 15; notes ticked; every main picture embedded
 *    from the media cache as a data: URI): a click on "Presentation package" until the file is
 *    handed over — target ≤ 5 s — and its size. Each file is opened from disk in a page whose every
 *    other request is aborted: one article per entry with its name, every picture decoded, no
 *    request leaving the page (the load time until every picture is decoded is reported too).
 *
 * Seeding: the library is the ui bench's seed (uiBenchSeed.ts: the directory's demo generator, the
 * server's views and the renderer's search rows; BENCH_SHORTLIST_ACTORS actors, default 500, all
 * on the big list), written by the ui bench's seed page (uiBenchSeedPage.ts) through the renderer's
 * LibraryDb. The shortlists are then made by the running app's own shortlist store (reached through
 * the mounted Vue app's Pinia; nothing else of the app is touched): createList, addActors (which
 * takes each actor's snapshot from the cached search row and detail, as a click on "Add to
 * shortlist" does) and updateEntry for realistic casting work on 60 % of the entries (notes with
 * umlauts, ratings, statuses, colours, tags). The connection points at a small local host that
 * serves the directory's own generated pictures and drops every other request (the sync goes
 * offline and writes nothing while measuring); the pictures are fetched once into the back end's
 * media cache before anything is measured (as the sync keeps shortlisted actors' pictures).
 *
 * Environment: BENCH_SHORTLIST_ACTORS (500), BENCH_SHORTLIST_OPENS (15), BENCH_SHORTLIST_COLD (15),
 * BENCH_SHORTLIST_KEYSTROKES (40), BENCH_SHORTLIST_PDFS (5), BENCH_SHORTLIST_PACKAGES (10), BENCH_SHORTLIST_PROFILE=1 (a CPU
 * profile of one in-app open on stderr; diagnostics only).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from '@playwright/test';
import { build } from 'vite';
import { userShortlistDbName } from '../../renderer/src/db/shortlistDb.ts';
import { shortlistColours, shortlistStatuses } from '../../renderer/src/shortlists/shortlistOptions.ts';
import { createBackEnd } from '../../electron/core/backEnd.ts';
import { startWebShell, type RunningWebShell } from '../../electron/web/webShell.ts';
import { parsePictureFileName } from '../../server/src/media/pictureGeometry.ts';
import { decodeLook } from '../../server/src/media/portraitLook.ts';
import { renderPicturePng } from '../../server/src/media/placeholderPortrait.ts';
import { bench, summarize } from './stats.ts';
import { loadUiSeed, type UiSeed } from './uiBenchSeed.ts';
import { buildRenderer, callBackEnd, launchChromium, prepareContext, seedLibraryThroughPage } from './webShellBench.ts';

const run = promisify(execFile);
const seedPageEntry = fileURLToPath(new URL('./uiBenchSeedPage.ts', import.meta.url));
/** The launch token's sessionStorage key (renderer/src/bridge/castdeskBridge.ts). */
const openTargetMs = 200;
const pdfTargetMs = 5000;
const packageTargetMs = 5000;

function log(line: string): void {
  process.stderr.write(`# shortlists bench: ${line}\n`);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The seed page as one ES module, with the page that loads it, in `outDir`. */
async function buildSeedPage(outDir: string): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, minify: false, lib: { entry: seedPageEntry, formats: ['es'], fileName: () => 'seed.js' } },
  });
  await writeFile(
    path.join(outDir, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><title>shortlists bench seed</title></head><body><script type="module" src="/bench-seed/seed.js"></script></body></html>\n',
  );
}

/**
 * The directory's picture host alone: GET /media/pictures/<id>/<id>-<look>-<version>.png, the
 * demo's generated pictures. It stands at the connection's directory address (the media proxy
 * fetches from no other loopback address) and drops the connection of any other request, so the
 * sync finds the directory unreachable and goes offline as it would for an address nobody listens on.
 */
async function startPictureHost(): Promise<{ origin: string; server: Server; served: () => number }> {
  let served = 0;
  const server = createHttpServer((request, response) => {
    const match = /^\/media\/pictures\/([1-9]\d{0,14})\/([^/]+)$/.exec(request.url ?? '');
    const named = match ? parsePictureFileName(match[2]!) : undefined;
    const look = named ? decodeLook(named.look) : undefined;
    if (!named || !look || named.pictureId !== Number(match![1])) {
      request.socket.destroy();
      return;
    }
    const png = renderPicturePng(named.pictureId, named.version, undefined, look);
    served++;
    response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': png.length, 'Cache-Control': 'public, max-age=31536000, immutable' }).end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { origin: `http://127.0.0.1:${port}`, server, served: () => served };
}

interface ProbeState {
  /** performance.now() when the first / the expected number of entries were in the DOM, and when that frame was produced. */
  first: number | null;
  all: number | null;
  frame: number | null;
}

/**
 * Installed in every page before the app's scripts: marks when `expected` shortlist entries are in
 * the DOM and the frame showing them has been produced (rAF, then a message: the next task after
 * that frame's rendering), in `castdeskShortlistProbe.state` (performance.now() values). Plain
 * script text: a function would reach the page as tsx compiled it, with helpers the page lacks.
 */
function openProbe(expected: number): string {
  return `(() => {
  const expected = ${JSON.stringify(expected)};
  const state = { first: null, all: null, frame: null };
  globalThis.castdeskShortlistProbe = {
    state,
    reset() { state.first = null; state.all = null; state.frame = null; },
  };
  new MutationObserver(() => {
    if (state.all !== null) return;
    const count = document.querySelectorAll('[data-testid="shortlist-entry"]').length;
    if (count === 0) return;
    const now = performance.now();
    if (state.first === null) state.first = now;
    if (count < expected) return;
    state.all = now;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { channel.port1.close(); state.frame = performance.now(); };
      channel.port2.postMessage(null);
    });
  }).observe(document, { childList: true, subtree: true });
})();`;
}

async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => log(`page error: ${error.message}`));
  return page;
}

/** The library, written by the ui bench's seed page on the renderer's origin. */
async function seedLibrary(context: BrowserContext, origin: string, connection: { id: string; baseUrl: string }, uiSeed: UiSeed, mediaBase: string): Promise<void> {
  const started = performance.now();
  const page = await newPage(context);
  const library = await seedLibraryThroughPage(page, origin, connection, uiSeed, mediaBase);
  await page.close();
  log(`library seeded in ${seconds(performance.now() - started)}: ${JSON.stringify(library)}`);
}

interface EntryWork {
  note?: string;
  rating?: number | null;
  status?: (typeof shortlistStatuses)[number];
  colours?: (typeof shortlistColours)[number][];
  tags?: string[];
}

interface SeedList {
  name: string;
  castingCallName: string;
  roleName: string;
  actorIds: number[];
  /** Per position: the work done on the entry, or null. */
  work: (EntryWork | null)[];
}

interface SeededList {
  id: number;
  entries: number;
  /** Every picture the entries show or print (thumbnails and main pictures), directory URLs. */
  pictureUrls: string[];
  /** Entries whose snapshot has a picture. */
  withPicture: number;
  names: string[];
}

/** A small deterministic PRNG (mulberry32), so every run seeds the same work. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const notes = [
  'Starke Präsenz im Callback, Timing sehr gut. Dialekt prüfen.',
  'Hat in „Der Überfall“ überzeugt; Verfügbarkeit im Mai klären.',
  'Ruhig, genau, gute Chemie mit der Hauptrolle. Agentur fragt nach Gage.',
  'E-Casting angefordert. Größe passt, Stimme etwas hell für die Rolle.',
  'Zweitbesetzung – falls Termin kollidiert. Fährt selbst, Führerschein B.',
];
const tagPool = ['Callback', 'E-Casting', 'Favorit', 'Dialekt', 'Stunt', 'Gesang', 'Zweitbesetzung', 'Größe'];

/** What a casting director has done to a list over a while: 60 % of the entries worked on. */
function castingWork(count: number, seed: number): (EntryWork | null)[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  return Array.from({ length: count }, () => {
    if (next() >= 0.6) return null;
    const work: EntryWork = { status: pick(shortlistStatuses) };
    if (next() < 0.5) work.note = pick(notes);
    if (next() < 0.8) work.rating = 1 + Math.floor(next() * 5);
    if (next() < 0.3) work.colours = [pick(shortlistColours)];
    if (next() < 0.4) work.tags = [...new Set([pick(tagPool), pick(tagPool)])];
    return work;
  });
}

/**
 * Makes `list` with the running app's own shortlist store (from the mounted Vue app's Pinia), in
 * `page` showing the app with its search index loaded: the snapshots are the app's own.
 */
async function seedList(page: Page, list: SeedList): Promise<SeededList> {
  return page.evaluate(async (list) => {
    interface Entry {
      id: number;
      position: number;
      snapshot: { name: string; thumbUrl: string | null; pictureUrl: string | null };
    }
    interface Store {
      ready: boolean;
      createList(name: string, tie: unknown): Promise<number | null>;
      addActors(listId: number, actorIds: number[]): Promise<{ added: number } | null>;
      updateEntry(entryId: number, patch: unknown): Promise<boolean>;
    }
    interface Request<T> {
      result: T;
      error: unknown;
      onsuccess: (() => void) | null;
      onerror: (() => void) | null;
    }
    interface Database {
      transaction(stores: string[], mode: 'readonly'): { objectStore(name: string): { getAll(): Request<unknown[]> } };
      close(): void;
    }
    const win = globalThis as unknown as {
      document: { querySelector(selector: string): { __vue_app__?: { config: { globalProperties: { $pinia?: { _s: Map<string, unknown> } } } } } | null };
      indexedDB: { open(name: string): Request<Database> };
    };
    const store = win.document.querySelector('#app')?.__vue_app__?.config.globalProperties.$pinia?._s.get('shortlists') as Store | undefined;
    if (!store?.ready) throw new Error('The app has no shortlist store ready');
    const id = await store.createList(list.name, { castingCallId: 9001, castingCallName: list.castingCallName, roleId: 9101, roleName: list.roleName });
    if (id === null) throw new Error(`createList(${list.name}) failed`);
    const added = await store.addActors(id, list.actorIds);
    if (added?.added !== list.actorIds.length) throw new Error(`addActors added ${JSON.stringify(added)}`);
    // The list's entries as stored (read only, straight from IndexedDB: the store keeps its database
    // to itself). No named inner functions: tsx would wrap them in a helper the page does not have.
    const opened = win.indexedDB.open(list.databaseName);
    const db = await new Promise<Database>((resolve, reject) => {
      opened.onsuccess = () => resolve(opened.result);
      opened.onerror = () => reject(opened.error);
    });
    const read = db.transaction(['entries'], 'readonly').objectStore('entries').getAll();
    const stored = await new Promise<unknown[]>((resolve, reject) => {
      read.onsuccess = () => resolve(read.result);
      read.onerror = () => reject(read.error);
    }).finally(() => db.close());
    const entries = (stored as (Entry & { shortlistId: number })[]).filter((entry) => entry.shortlistId === id).sort((a, b) => a.position - b.position);
    for (const [index, work] of list.work.entries()) {
      if (work && !(await store.updateEntry(entries[index]!.id, work))) throw new Error(`updateEntry of entry ${index} failed`);
    }
    const pictureUrls = new Set<string>();
    for (const entry of entries) {
      if (entry.snapshot.thumbUrl) pictureUrls.add(entry.snapshot.thumbUrl);
      if (entry.snapshot.pictureUrl) pictureUrls.add(entry.snapshot.pictureUrl);
    }
    return {
      id,
      entries: entries.length,
      pictureUrls: [...pictureUrls],
      withPicture: entries.filter((entry) => entry.snapshot.pictureUrl ?? entry.snapshot.thumbUrl).length,
      names: entries.map((entry) => entry.snapshot.name),
    };
  }, { ...list, databaseName: userShortlistDbName });
}

/**
 * Types `keystrokes` characters into the note of the first entry of list `listId` through the
 * app's own store (the list open, as the list view types), one every 50 ms, and measures per
 * keystroke from the call until (a) its journal record (db/typedEdits.ts) is seen by a read of
 * another connection and (b) the store's write has stored it. With `entriesHeld`, a read-write
 * transaction of another connection holds the entries meanwhile (a write that does not end, as on
 * a machine too busy): only (a) can happen; the hold ends after the last keystroke and the writes
 * are awaited. A keystroke whose record was already forgotten (stored first) counts in `missed`.
 */
async function measureTyping(page: Page, listId: number, keystrokes: number, entriesHeld: boolean): Promise<{ journaled: number[]; stored: number[]; missed: number }> {
  return page.evaluate(
    async ({ listId, keystrokes, entriesHeld, databaseName }) => {
      interface Store {
        entries: { id: number }[];
        open(id: number | null): void;
        updateEntry(entryId: number, patch: unknown): Promise<boolean>;
      }
      interface Request<T> {
        result: T;
        onsuccess: (() => void) | null;
        onerror: (() => void) | null;
      }
      interface Database {
        transaction(stores: string[], mode: 'readonly' | 'readwrite'): { objectStore(name: string): { getAll(): Request<unknown[]>; count(): Request<number> } };
        close(): void;
      }
      const win = globalThis as unknown as {
        document: { querySelector(selector: string): { __vue_app__?: { config: { globalProperties: { $pinia?: { _s: Map<string, unknown> } } } } } | null };
        indexedDB: { open(name: string): Request<Database> };
        setTimeout(callback: () => void, ms: number): void;
      };
      const store = win.document.querySelector('#app')?.__vue_app__?.config.globalProperties.$pinia?._s.get('shortlists') as Store;
      store.open(listId);
      while (store.entries.length === 0) await new Promise<void>((resolve) => win.setTimeout(resolve, 20));
      const entryId = store.entries[0]!.id;
      const opened = win.indexedDB.open(databaseName);
      const db = await new Promise<Database>((resolve, reject) => {
        opened.onsuccess = () => resolve(opened.result);
        opened.onerror = () => reject(new Error('open failed'));
      });
      let held = entriesHeld;
      if (entriesHeld) {
        const holding = db.transaction(['entries'], 'readwrite').objectStore('entries');
        // In an array, not a named constant: tsx would name it with a helper the page does not have.
        const loop: (() => void)[] = [];
        await new Promise<void>((resolve) => {
          loop[0] = () => {
            if (held) holding.count().onsuccess = loop[0]!;
            resolve();
          };
          holding.count().onsuccess = loop[0];
        });
      }
      const text = 'Starke Präsenz; nach dem Akzent fragen, Rückruf Dienstag, Monolog mitbringen.';
      const journaled: number[] = [];
      const stored: number[] = [];
      const writes: Promise<boolean>[] = [];
      let missed = 0;
      for (let i = 0; i < keystrokes; i++) {
        const note = `${entriesHeld ? 'held ' : ''}${text.repeat(4).slice(0, i + 1)}`;
        const began = performance.now();
        let storedAt: number | null = null;
        const write = store.updateEntry(entryId, { note }).then((ok) => {
          storedAt = performance.now() - began;
          return ok;
        });
        writes.push(write);
        let seenAt: number | null = null;
        while (seenAt === null && storedAt === null) {
          const read = db.transaction(['typedEdits'], 'readonly').objectStore('typedEdits').getAll();
          const records = await new Promise<unknown[]>((resolve) => {
            read.onsuccess = () => resolve(read.result);
          });
          if ((records as { entryId: number; fields: { note?: string } }[]).some((record) => record.entryId === entryId && record.fields.note === note)) seenAt = performance.now() - began;
        }
        if (seenAt === null) missed += 1;
        else journaled.push(seenAt);
        if (!entriesHeld) {
          await write;
          stored.push(storedAt!);
        }
        // A fast typist: a key every 50 ms.
        await new Promise<void>((resolve) => win.setTimeout(resolve, 50));
      }
      held = false;
      const results = await Promise.all(writes);
      db.close();
      store.open(null);
      if (results.some((ok) => !ok)) throw new Error('A keystroke was not stored');
      return { journaled, stored, missed };
    },
    { listId, keystrokes, entriesHeld, databaseName: userShortlistDbName },
  );
}

/** Loads every picture of the lists once through the back end's media cache (in an app page, with its media cookie). */
async function warmMediaCache(page: Page, connectionId: string, urls: string[]): Promise<void> {
  const started = performance.now();
  const statuses = await page.evaluate(
    async ({ connectionId, urls }) => {
      const counts: Record<string, number> = {};
      let next = 0;
      // The session's picture path (renderer/src/bridge/castdeskBridge.ts prepareMedia wrote it).
      const mediaPath = (globalThis as unknown as { sessionStorage: { getItem(name: string): string | null } }).sessionStorage.getItem('castdesk.mediaPath') ?? '/';
      // (No named inner functions: tsx would wrap them in a helper the page does not have.)
      await Promise.all(
        Array.from({ length: 6 }, async () => {
          while (next < urls.length) {
            const url = urls[next++]!;
            const response = await fetch(`${mediaPath}media-cache?c=${encodeURIComponent(connectionId)}&u=${encodeURIComponent(url)}`);
            await response.arrayBuffer();
            counts[response.status] = (counts[response.status] ?? 0) + 1;
          }
        }),
      );
      return counts;
    },
    { connectionId, urls },
  );
  log(`media cache warmed with ${urls.length} pictures in ${seconds(performance.now() - started)}: HTTP ${JSON.stringify(statuses)}`);
  if (statuses['200'] !== urls.length) throw new Error(`Not every picture reached the media cache: ${JSON.stringify(statuses)}`);
}

const probeState = (page: Page) => page.evaluate(() => ({ ...(globalThis as unknown as { castdeskShortlistProbe: { state: ProbeState } }).castdeskShortlistProbe.state }));

async function waitForEntries(page: Page): Promise<ProbeState> {
  await page.waitForFunction(() => (globalThis as unknown as { castdeskShortlistProbe: { state: ProbeState } }).castdeskShortlistProbe.state.frame !== null, undefined, {
    timeout: 120_000,
  });
  return probeState(page);
}

/** From a click on the list in #/shortlists until its entries are on screen (ms). */
async function openInApp(page: Page, listId: number, origin: string): Promise<{ all: number; frame: number; first: number }> {
  if (!page.url().endsWith('#/shortlists')) await page.goto(`${origin}/#/shortlists`);
  await page.locator(`[data-testid="shortlist-row"][data-list-id="${listId}"] [data-testid="shortlist-link"]`).waitFor();
  // Let the lists page settle (its live queries, pictures) before the click, and collect the
  // garbage of the previous open: without it, 15 opens of ~38,000 elements in a minute pile up
  // DOM garbage that Blink's GC then clears inside later opens (they grow from ~2 s to ~9 s), which
  // is the bench's pace, not a user's.
  await page.waitForTimeout(300);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.detach();
  const clickedAt = await page.evaluate((id) => {
    const win = globalThis as unknown as {
      castdeskShortlistProbe: { reset(): void };
      document: { querySelector(selector: string): { click(): void } | null };
    };
    win.castdeskShortlistProbe.reset();
    const link = win.document.querySelector(`[data-testid="shortlist-row"][data-list-id="${id}"] [data-testid="shortlist-link"]`);
    if (!link) throw new Error(`No link to list ${id}`);
    const at = performance.now();
    link.click();
    return at;
  }, listId);
  const state = await waitForEntries(page);
  // Back to the lists page for the next open.
  await page.getByRole('link', { name: 'All shortlists' }).click();
  await page.getByTestId('shortlists-page').waitFor();
  return { first: state.first! - clickedAt, all: state.all! - clickedAt, frame: state.frame! - clickedAt };
}

/**
 * Clicks the export button `testId` ("Contact sheet (PDF)", "Presentation package") and times it in
 * the page until the button is enabled again (the file handed over); the file is saved as `file`.
 */
async function exportFile(page: Page, testId: string, file: string): Promise<{ ms: number; toDownload: number }> {
  const started = performance.now();
  const downloaded = page.waitForEvent('download', { timeout: 120_000 });
  const inPage = page.evaluate((testId) => {
    interface Button {
      disabled: boolean;
      click(): void;
    }
    const win = globalThis as unknown as {
      document: { querySelector(selector: string): Button | null };
      MutationObserver: new (callback: () => void) => { observe(target: unknown, options: Record<string, boolean>): void; disconnect(): void };
    };
    const button = win.document.querySelector(`[data-testid="${testId}"]`);
    if (!button || button.disabled) throw new Error(`The export button ${testId} is missing or disabled`);
    return new Promise<number>((resolve, reject) => {
      let busy = false;
      const at = performance.now();
      const observer = new win.MutationObserver(() => {
        if (button.disabled) busy = true;
        else if (busy) {
          observer.disconnect();
          clearTimeout(timer);
          resolve(performance.now() - at);
        }
      });
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error(`The export ${testId} did not finish within 120 s`));
      }, 120_000);
      observer.observe(button, { attributes: true });
      button.click();
    });
  }, testId);
  const [ms, download] = await Promise.all([inPage, downloaded]);
  const toDownload = performance.now() - started;
  await download.saveAs(file);
  return { ms, toDownload };
}

/** The PDF is what it should be: at least the pages for `entries`, one picture per entry with one, the names. */
async function checkPdf(file: string, list: SeededList): Promise<string> {
  const info = (await run('pdfinfo', [file])).stdout;
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  const images = (await run('pdfimages', ['-list', file])).stdout
    .trim()
    .split('\n')
    .slice(2)
    .filter((line) => line.trim().split(/\s+/)[2] === 'image').length;
  // Compared without white space (pdftotext breaks lines as it likes); a name too long for its cell
  // is cut with an ellipsis ("Bianca-Tamara Unterb…"), so at least 8 of its characters before one count.
  const text = (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout.replace(/\s+/g, '');
  const shown = (name: string) => {
    const bare = name.replace(/\s+/g, '');
    if (text.includes(bare)) return true;
    for (let length = bare.length - 1; length >= 8; length--) if (text.includes(`${bare.slice(0, length)}…`)) return true;
    return false;
  };
  const missing = list.names.filter((name) => !shown(name));
  const size = (await readFile(file)).length;
  const summary = `${pages} pages, ${images} pictures, ${(size / 1024 ** 2).toFixed(1)} MB, ${list.names.length - missing.length}/${list.names.length} names in the text`;
  // 16 entries a page, then the notes in full on pages of their own.
  if (pages < Math.ceil(list.entries / 16) || images !== list.withPicture || missing.length > 0) {
    throw new Error(`The contact sheet is not right: ${summary}${missing.length > 0 ? `; missing ${missing.slice(0, 5).join(', ')}` : ''}`);
  }
  return summary;
}

/**
 * The package opens: loaded from disk in a page whose every other request is aborted (and counted),
 * it shows one article per entry with the entry's name, and every entry with a picture shows it
 * decoded from the file itself. Returns what it found and how long the load took (ms, until every
 * picture was decoded).
 */
async function checkPackage(context: BrowserContext, file: string, list: SeededList): Promise<{ summary: string; openMs: number }> {
  const size = (await stat(file)).size;
  const fileUrl = pathToFileURL(file).href;
  const viewer = await newPage(context);
  const leftThePage: string[] = [];
  try {
    await viewer.route('**', (route) => {
      if (route.request().url() === fileUrl) return route.continue();
      leftThePage.push(route.request().url());
      return route.abort();
    });
    const started = performance.now();
    await viewer.goto(fileUrl);
    const shown = await viewer.evaluate(async () => {
      interface Picture {
        src: string;
        decode(): Promise<void>;
        naturalWidth: number;
      }
      const win = globalThis as unknown as {
        document: { querySelectorAll(selector: string): ArrayLike<{ getAttribute(name: string): string | null }> };
        Image: new () => Picture;
      };
      const doc = win.document;
      // An upright picture is an <img>; a cropped one an <svg> whose <image> holds it (decoded here through an Image of its data: URI).
      const cropped = Array.from(doc.querySelectorAll('article svg image')).map((image) => {
        const picture = new win.Image();
        picture.src = image.getAttribute('href') ?? '';
        return picture;
      });
      const images = [...(Array.from(doc.querySelectorAll('article img')) as unknown as Picture[]), ...cropped];
      const decoded = await Promise.all(images.map((image) => image.decode().then(() => image.naturalWidth > 0, () => false)));
      return { names: Array.from(doc.querySelectorAll('article')).map((article) => article.getAttribute('data-name') ?? ''), pictures: images.length, decoded: decoded.filter(Boolean).length };
    });
    const openMs = performance.now() - started;
    const expected = list.names.map((name) => name.replace(/\s+/g, ' ').trim());
    const missing = expected.filter((name, i) => shown.names[i] !== name);
    const summary = `${(size / 1024 ** 2).toFixed(1)} MB, ${shown.names.length} actors, ${shown.decoded}/${shown.pictures} pictures decoded, ${leftThePage.length} requests left the page`;
    if (shown.names.length !== list.entries || missing.length > 0 || shown.pictures !== list.withPicture || shown.decoded !== list.withPicture || leftThePage.length > 0) {
      throw new Error(`The presentation package is not right: ${summary}${missing.length > 0 ? `; names out of place ${missing.slice(0, 5).join(', ')}` : ''}`);
    }
    return { summary, openMs };
  } finally {
    await viewer.close();
  }
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** BENCH_SHORTLIST_PROFILE=1: runs `work` under the V8 CPU profiler and logs the top functions by self time. */
async function profiled<T>(page: Page, label: string, work: () => Promise<T>): Promise<T> {
  if (process.env.BENCH_SHORTLIST_PROFILE !== '1') return work();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Profiler.start');
  const result = await work();
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  await cdp.detach();
  const self = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) self.set(samples[i]!, (self.get(samples[i]!) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = self.get(node.id) ?? 0;
    const frame = node.callFrame;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url ? `${path.basename(frame.url)}:${frame.lineNumber + 1}` : ''}`.trim();
    if (ms > 0) byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
  }
  const top = [...byFunction.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25);
  log(`${label}: JS self time by function:\n${top.map(([key, ms]) => `${ms.toFixed(0).padStart(7)} ms  ${key}`).join('\n')}`);
  return result;
}

function reportLatency(name: string, samples: number[], target?: number): void {
  const s = summarize(samples);
  bench(`${name}_p50`, s.p50, 'ms');
  bench(`${name}_p95`, s.p95, 'ms');
  bench(`${name}_iqr`, s.p75 - s.p25, 'ms');
  bench(`${name}_max`, s.max, 'ms');
  bench(`${name}_n`, s.n, 'samples');
  if (target !== undefined) bench(`${name}_within_target`, s.p50 <= target ? 1 : 0, `(1 = median ≤ ${target} ms)`);
}

export async function runShortlistBench(): Promise<void> {
  const began = performance.now();
  const actors = Number(process.env.BENCH_SHORTLIST_ACTORS ?? 500);
  const opens = Number(process.env.BENCH_SHORTLIST_OPENS ?? 15);
  const coldRuns = Number(process.env.BENCH_SHORTLIST_COLD ?? 15);
  const pdfRuns = Number(process.env.BENCH_SHORTLIST_PDFS ?? 5);
  const packageRuns = Number(process.env.BENCH_SHORTLIST_PACKAGES ?? 10);
  const keystrokes = Number(process.env.BENCH_SHORTLIST_KEYSTROKES ?? 40);
  const bigSize = 500;
  const sheetSize = 100;
  const work = await mkdtemp(path.join(tmpdir(), 'castdesk-shortlist-bench-'));
  const userDataDir = path.join(work, 'user-data');
  const rendererDir = path.join(work, 'renderer');
  const profileDir = path.join(work, 'chromium');
  const downloadsDir = path.join(work, 'downloads');
  let shell: RunningWebShell | null = null;
  let context: BrowserContext | null = null;
  let pictures: Server | null = null;
  const load = () => `load average ${loadavg().map((value) => value.toFixed(1)).join(' ')} on ${cpus().length} CPUs`;
  log(load());
  try {
    let mark = performance.now();
    const { seed: uiSeed, file, cached } = await loadUiSeed(Math.max(actors, bigSize), bigSize, 'detail', log);
    log(`library seed ${cached ? 'read from' : 'generated into'} ${file} in ${seconds(performance.now() - mark)}`);
    // The big list: the actors whose detail is stored (they have pictures), then others; the sheet: the first 100 of them.
    const withDetail = new Set(uiSeed.detailIds);
    const bigIds = [...uiSeed.detailIds, ...uiSeed.rows.map((row) => row.id).filter((id) => !withDetail.has(id))].slice(0, bigSize);
    const sheetIds = uiSeed.detailIds.slice(0, sheetSize);
    if (bigIds.length < bigSize || sheetIds.length < sheetSize) throw new Error(`The seed has too few actors: ${bigIds.length} / ${sheetIds.length} with pictures`);

    mark = performance.now();
    // Unminified when profiling, so the profile names the app's functions.
    await buildRenderer(rendererDir, process.env.BENCH_SHORTLIST_PROFILE !== '1');
    await buildSeedPage(path.join(rendererDir, 'bench-seed'));
    log(`renderer and seed page built in ${seconds(performance.now() - mark)}`);

    const picturesHost = await startPictureHost();
    pictures = picturesHost.server;
    // The directory: only its pictures answer (see startPictureHost).
    const directoryUrl = picturesHost.origin;
    const backEnd = await createBackEnd({ userDataDir, shell: 'web', version: 'bench' });
    shell = await startWebShell({ userDataDir, rendererDir, port: 0, backEnd });
    const origin = new URL(shell.url).origin;
    const connection = await callBackEnd(backEnd, 'addConnection', { name: 'Bench', baseUrl: directoryUrl, contentLocale: 'en', key: uiSeed.key });
    await callBackEnd(backEnd, 'setActiveConnection', { id: connection.id });

    context = await launchChromium(profileDir, { acceptDownloads: true });
    await prepareContext(context, shell.token, openProbe(bigSize));
    await seedLibrary(context, origin, connection, uiSeed, picturesHost.origin);

    // The lists, made by the app's own store once its search index holds the library.
    mark = performance.now();
    let page = await newPage(context);
    await page.goto(`${origin}/#/actors`);
    await page.locator(`[data-testid="result-count"][data-count="${uiSeed.rows.length}"]`).waitFor({ timeout: 120_000 });
    // In the app (no reload, the index stays loaded): the lists page starts the shortlist store.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shortlists', exact: true }).click();
    await page.waitForFunction(() => {
      const win = globalThis as unknown as { document: { querySelector(selector: string): { __vue_app__?: { config: { globalProperties: { $pinia?: { _s: Map<string, { ready?: boolean }> } } } } } | null } };
      return win.document.querySelector('#app')?.__vue_app__?.config.globalProperties.$pinia?._s.get('shortlists')?.ready === true;
    });
    const castingCall = 'Nachtschicht, Staffel 2';
    const big = await seedList(page, { name: 'Nachtschicht – Ensemble (500)', castingCallName: castingCall, roleName: 'Ensemble', actorIds: bigIds, work: castingWork(bigIds.length, 6) });
    const sheet = await seedList(page, { name: 'Kontaktbogen – Hauptrollen (100)', castingCallName: castingCall, roleName: 'Hauptrollen', actorIds: sheetIds, work: castingWork(sheetIds.length, 7) });
    log(`lists made by the app in ${seconds(performance.now() - mark)}: ${big.entries} entries (${big.withPicture} with a picture), ${sheet.entries} (${sheet.withPicture})`);
    if (big.entries !== bigSize || sheet.entries !== sheetSize) throw new Error('The shortlists were not made as asked');

    // 0. Typing a note: the keystroke's journal record against the store's write, then with the entries held.
    const typing = await measureTyping(page, big.id, keystrokes, false);
    const typingHeld = await measureTyping(page, big.id, keystrokes, true);
    log(`typing: journaled ${typing.journaled.length}, stored first ${typing.missed}; entries held: journaled ${typingHeld.journaled.length}, missed ${typingHeld.missed}`);
    reportLatency('shortlists.keystroke_journaled', typing.journaled);
    reportLatency('shortlists.keystroke_stored', typing.stored);
    bench('shortlists.keystroke_stored_before_journaled', typing.missed, 'keystrokes');
    reportLatency('shortlists.keystroke_journaled_entries_held', typingHeld.journaled);
    bench('shortlists.keystroke_lost_entries_held', typingHeld.missed, 'keystrokes');

    // Every picture the lists show or print, into the media cache.
    await page.goto(`${origin}/#/shortlists`);
    await page.getByTestId('shortlist-row').first().waitFor({ timeout: 60_000 });
    await warmMediaCache(page, connection.id, [...new Set([...big.pictureUrls, ...sheet.pictureUrls])]);
    log(`the picture host served ${picturesHost.served()} pictures`);

    // 1a. In the app: click → 500 entries on screen.
    await openInApp(page, big.id, origin); // one unmeasured: the view's code and styles once
    const inApp: { first: number; all: number; frame: number }[] = [];
    for (let i = 0; i < opens; i++) {
      const open = page;
      inApp.push(i === Math.min(opens - 1, 9) ? await profiled(open, 'in-app open', () => openInApp(open, big.id, origin)) : await openInApp(open, big.id, origin));
    }
    log(`in-app opens (click → all ${bigSize} in the DOM → frame), ms: ${inApp.map((o) => `${o.all.toFixed(0)}→${o.frame.toFixed(0)}`).join(', ')}`);

    // 1b. Reload: a fresh page load in the running browser.
    const reload: ProbeState[] = [];
    for (let i = 0; i < opens; i++) {
      await page.close();
      page = await newPage(context);
      await page.goto(`${origin}/#/shortlists/${big.id}`);
      reload.push(await waitForEntries(page));
    }
    const elements = await page.evaluate(() => (globalThis as unknown as { document: { getElementsByTagName(name: string): { length: number } } }).document.getElementsByTagName('*').length);
    log(`reload opens (navigation → all in the DOM → frame), ms: ${reload.map((o) => `${o.all!.toFixed(0)}→${o.frame!.toFixed(0)}`).join(', ')}`);

    // 2. The contact sheet of 100 (A4), in the app.
    await page.goto(`${origin}/#/shortlists/${sheet.id}`);
    await page.locator('[data-testid="shortlist-entry"]').nth(sheetSize - 1).waitFor({ timeout: 60_000 });
    await page.getByTestId('export-paper').selectOption('a4');
    const pdfs: { ms: number; toDownload: number }[] = [];
    let first: { ms: number; toDownload: number } | null = null;
    let summary = '';
    for (let i = 0; i <= pdfRuns; i++) {
      const file = path.join(downloadsDir, `contact-sheet-${i}.pdf`);
      const made = await exportFile(page, 'export-pdf', file);
      summary = await checkPdf(file, sheet);
      await rm(file, { force: true });
      if (i === 0) first = made;
      else pdfs.push(made);
    }
    log(`contact sheet: ${summary}; first ${first!.ms.toFixed(0)} ms, then ${pdfs.map((p) => `${p.ms.toFixed(0)} (download event after ${p.toDownload.toFixed(0)})`).join(', ')} ms`);

    // 3. The presentation package of the same 100 (issue 15: notes ticked, as the bigger file), in the app.
    await page.getByTestId('package-include-notes').check();
    const packages: { ms: number; toDownload: number; bytes: number; openMs: number }[] = [];
    let firstPackage: { ms: number } | null = null;
    let packageSummary = '';
    for (let i = 0; i <= packageRuns; i++) {
      const file = path.join(downloadsDir, `package-${i}.html`);
      const made = await exportFile(page, 'export-package', file);
      const bytes = (await stat(file)).size;
      const opened = await checkPackage(context, file, sheet);
      packageSummary = opened.summary;
      await rm(file, { force: true });
      if (i === 0) firstPackage = made;
      else packages.push({ ...made, bytes, openMs: opened.openMs });
    }
    log(`presentation package: ${packageSummary}; first ${firstPackage!.ms.toFixed(0)} ms, then ${packages.map((p) => `${p.ms.toFixed(0)} (download event after ${p.toDownload.toFixed(0)})`).join(', ')} ms`);

    // 1c. Cold: a new browser process on the same profile, straight onto the list.
    const cold: ProbeState[] = [];
    await page.close();
    for (let i = 0; i < coldRuns; i++) {
      await context.close();
      context = await launchChromium(profileDir, { acceptDownloads: true });
      await prepareContext(context, shell.token, openProbe(bigSize));
      const coldPage = await newPage(context);
      await coldPage.goto(`${origin}/#/shortlists/${big.id}`);
      cold.push(await waitForEntries(coldPage));
    }
    log(`cold opens (navigation → all in the DOM → frame), ms: ${cold.map((o) => `${o.all!.toFixed(0)}→${o.frame!.toFixed(0)}`).join(', ')}`);

    reportLatency('shortlists.open_500_in_app', inApp.map((o) => o.frame), openTargetMs);
    bench('shortlists.open_500_in_app_in_dom_p50', summarize(inApp.map((o) => o.all)).p50, 'ms');
    bench('shortlists.open_500_in_app_first_entry_p50', summarize(inApp.map((o) => o.first)).p50, 'ms');
    bench('shortlists.open_500_dom_elements', elements, 'elements');
    reportLatency('shortlists.open_500_reload', reload.map((o) => o.frame!));
    reportLatency('shortlists.open_500_cold', cold.map((o) => o.frame!));
    reportLatency('shortlists.pdf_100', pdfs.map((p) => p.ms), pdfTargetMs);
    bench('shortlists.pdf_100_first', first!.ms, 'ms');
    bench('shortlists.pdf_100_to_download_event_p50', summarize(pdfs.map((p) => p.toDownload)).p50, 'ms');
    reportLatency('shortlists.package_time', packages.map((p) => p.ms), packageTargetMs);
    bench('shortlists.package_time_first', firstPackage!.ms, 'ms');
    bench('shortlists.package_to_download_event_p50', summarize(packages.map((p) => p.toDownload)).p50, 'ms');
    bench('shortlists.package_bytes', packages[packages.length - 1]!.bytes / 1024 ** 2, 'MB');
    bench('shortlists.package_open_from_disk_p50', summarize(packages.map((p) => p.openMs)).p50, 'ms');
    log(load());
    bench('shortlists.bench_time', (performance.now() - began) / 1000, 's');
  } finally {
    await context?.close().catch(() => undefined);
    await shell?.close().catch(() => undefined);
    const host = pictures;
    if (host) await new Promise<void>((resolve) => host.close(() => resolve()));
    await rm(work, { recursive: true, force: true });
  }
}
