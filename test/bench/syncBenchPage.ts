/**
 * The page side of `npm run bench -- sync`, bundled by syncBench.ts and served by the web shell: the
 * renderer's real sync engine and library database in Chromium, over the web shell's HTTP bridge.
 * It measures what only the page can see (IndexedDB write time, long tasks, the first search
 * answer after a reopen) and hands the figures to the harness through `globalThis.castdeskBench`.
 * It imports no Vue and no store: the benchmark is about the engine and the database.
 */
import { channelNames } from '../../contract/bridge-channels.ts';
import type { BridgeResult } from '../../contract/bridge-errors.ts';
import { LibraryDb } from '../../renderer/src/db/libraryDb.ts';
import { foldQuery } from '../../renderer/src/search/foldName.ts';
import { createSyncEngine, type SyncBridge, type SyncEngine, type SyncProgress } from '../../renderer/src/sync/syncEngine.ts';

interface PageGlobals {
  location: { hash: string };
  castdeskBench?: unknown;
}
interface LongTaskEntry {
  duration: number;
  startTime: number;
}
type LongTaskObserver = new (callback: (list: { getEntries(): LongTaskEntry[] }) => void) => {
  observe(options: { type: string; buffered?: boolean }): void;
  disconnect(): void;
};

const page = globalThis as unknown as PageGlobals;
const token = /^#token=([A-Za-z0-9_-]+)$/.exec(page.location.hash)?.[1] ?? '';

/** The web shell's bridge: POST /bridge/<channel> with the launch token. */
function httpBridge(): SyncBridge {
  const bridge: Record<string, (args: unknown) => Promise<BridgeResult<unknown>>> = {};
  for (const name of channelNames) {
    bridge[name] = async (args) => {
      const response = await fetch(`/bridge/${name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Castdesk-Token': token },
        body: JSON.stringify(args ?? {}),
      });
      return (await response.json()) as BridgeResult<unknown>;
    };
  }
  return bridge as unknown as SyncBridge;
}

/** Sums the wall time during which at least one read-write transaction of `db` was open. */
function instrumentWrites(db: LibraryDb): { busyMs(): number; transactions(): number } {
  let open = 0;
  let since = 0;
  let busy = 0;
  let count = 0;
  const original = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  (db as unknown as { transaction: (...args: unknown[]) => Promise<unknown> }).transaction = (...args: unknown[]) => {
    if (args[0] !== 'rw' && args[0] !== 'readwrite') return original(...args);
    count += 1;
    if (open === 0) since = performance.now();
    open += 1;
    const close = () => {
      open -= 1;
      if (open === 0) busy += performance.now() - since;
    };
    const running = original(...args);
    running.then(close, close);
    return running;
  };
  return { busyMs: () => busy + (open > 0 ? performance.now() - since : 0), transactions: () => count };
}

function observeLongTasks(): { stop(): { count: number; totalMs: number; maxMs: number } } {
  const entries: LongTaskEntry[] = [];
  const Observer = (globalThis as unknown as { PerformanceObserver: LongTaskObserver }).PerformanceObserver;
  const observer = new Observer((list) => entries.push(...list.getEntries()));
  observer.observe({ type: 'longtask' });
  return {
    stop() {
      observer.disconnect();
      const over = entries.filter((entry) => entry.duration > 50);
      return { count: over.length, totalMs: over.reduce((sum, entry) => sum + entry.duration, 0), maxMs: Math.max(0, ...over.map((entry) => entry.duration)) };
    },
  };
}

let engine: SyncEngine | null = null;
/** Kept referenced so the heap measurement sees the search rows a search view would hold. */
let heldRows: unknown[] = [];

const bench = {
  ready: true,

  /**
   * A full list sync of a fresh one library by every connection at once, as the sync store runs
   * them (no details, no pictures): time, write share, long tasks. `origin` is their directory.
   */
  async syncLists(connectionIds: string[], origin: string) {
    await new LibraryDb().delete();
    const db = new LibraryDb();
    await db.open();
    const writes = instrumentWrites(db);
    const longTasks = observeLongTasks();
    const engines = connectionIds.map((connectionId) => createSyncEngine({ db, bridge: httpBridge(), connectionId, origin, details: false, media: false }));
    const started = performance.now();
    const outcomes = await Promise.all(engines.map((each) => each.run({ full: true })));
    const ms = performance.now() - started;
    const failed = engines.map((each) => each.progress()).find((progress: SyncProgress) => progress.lastError);
    for (const each of engines) each.dispose();
    const result = {
      outcome: outcomes.every((outcome) => outcome === 'done') ? 'done' : outcomes.find((outcome) => outcome !== 'done'),
      ms,
      /** Actors each connection sees, and the library's (each actor once, however many connections see it). */
      actorsPerConnection: await Promise.all(connectionIds.map((id) => db.actors.where('connections').equals(id).count())),
      actors: await db.actors.count(),
      crew: await db.crew.count(),
      castingCalls: await db.castingCalls.count(),
      searchRows: await db.searchRows.count(),
      writeMs: writes.busyMs(),
      writeTransactions: writes.transactions(),
      longTasks: longTasks.stop(),
      lastError: failed?.lastError ?? null,
    };
    db.close();
    return result;
  },

  /**
   * Right after a (re)load: opens the library and answers a name search from the search rows'
   * index; then loads every live search row, as an instant search over all of them would hold.
   */
  async reopenAndSearch(query: string) {
    const opened = performance.now();
    const db = new LibraryDb();
    await db.open();
    const openMs = performance.now() - opened;
    const hits = await db.searchRows.where('foldedName').startsWith(foldQuery(query)).limit(50).toArray();
    const firstAnswerSinceNavigationMs = performance.now();
    const loadStarted = performance.now();
    heldRows = await db.searchRows.where('removed').equals(0).toArray();
    const loadAllMs = performance.now() - loadStarted;
    const needle = foldQuery(query);
    const scanStarted = performance.now();
    const scanned = (heldRows as { foldedName: string }[]).filter((row) => row.foldedName.includes(needle)).length;
    return { openMs, hits: hits.length, firstAnswerSinceNavigationMs, loadAllMs, rows: heldRows.length, scanMs: performance.now() - scanStarted, scanned };
  },

  /** Keeps every actor's detail offline: a backlog the engine draws within the rate budget. */
  async startDetailBacklog(connectionId: string, origin: string) {
    const db = new LibraryDb();
    await db.open();
    engine = createSyncEngine({ db, bridge: httpBridge(), connectionId, origin, media: false });
    await engine.keepOffline({ kind: 'roster', resources: ['actors'] });
    return engine.progress();
  },

  progress: () => engine?.progress() ?? null,

  stop() {
    engine?.dispose();
    engine = null;
  },
};

page.castdeskBench = bench;
export type SyncBenchPage = typeof bench;
