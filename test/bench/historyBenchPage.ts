/**
 * The page side of `npm run bench -- history`, bundled by historyBench.ts: the renderer's real
 * library writes (writeProfileDetail) and change history (detail hook, diff, one put per record)
 * on Chromium's IndexedDB. The same refetched details are written twice, page by page, into a
 * fresh library: once without the history, once with it; the difference is what the history
 * costs. Long tasks are observed during both passes. No Vue and no store.
 */
import type { ActorDetail } from '../../contract/directory-api.ts';
import { onDetailWrite } from '../../renderer/src/db/detailWriteHook.ts';
import { historyTotals, openHistoryDb } from '../../renderer/src/db/historyDb.ts';
import { LibraryDb, type ActorRow } from '../../renderer/src/db/libraryDb.ts';
import { writeProfileDetail } from '../../renderer/src/db/libraryWrites.ts';
import { putSearchRows, searchRowFromProfile } from '../../renderer/src/db/searchRows.ts';
import { recordDetailChange } from '../../renderer/src/db/recordDetailChange.ts';

interface LongTaskEntry {
  duration: number;
}
type LongTaskObserver = new (callback: (list: { getEntries(): LongTaskEntry[] }) => void) => {
  observe(options: { type: string }): void;
  disconnect(): void;
};

/** The sync engine keeps this many detail requests in flight; their writes overlap as many. */
const detailConcurrency = 4;
const origin = 'https://history-bench.invalid';
const historyName = 'castdesk-history-bench';

function observeLongTasks(): { stop(): { count: number; maxMs: number } } {
  const entries: LongTaskEntry[] = [];
  const Observer = (globalThis as unknown as { PerformanceObserver: LongTaskObserver }).PerformanceObserver;
  const observer = new Observer((list) => entries.push(...list.getEntries()));
  observer.observe({ type: 'longtask' });
  return {
    stop() {
      observer.disconnect();
      const over = entries.filter((entry) => entry.duration > 50);
      return { count: over.length, maxMs: Math.max(0, ...over.map((entry) => entry.duration)) };
    },
  };
}

/**
 * What the directory changed since the first sync, deterministically: every profile is updated (a
 * newer updated_at, so the sync refetches it); half change followed fields (height, a new film, a
 * picture gone), a third a language, the rest only in what the history does not follow.
 */
function edited(detail: ActorDetail, index: number): ActorDetail {
  const next = structuredClone(detail);
  next.updated_at = new Date(Date.parse(detail.updated_at) + 86_400_000).toISOString();
  next.weight = (next.weight ?? 70) + 1;
  if (index % 2 === 0) {
    next.height = (next.height ?? 170) + 1;
    next.vita = { ...next.vita, film: [...(next.vita?.film ?? []), { name: `Bench film ${index}`, role: 'Lead', year_from: 2026 }] };
    next.pictures = (next.pictures ?? []).slice(1);
  }
  if (index % 3 === 0) next.languages = { ...next.languages, fra: 'gut' };
  return next;
}

const rows: ActorRow[] = [];

async function seededLibrary(name: string): Promise<LibraryDb> {
  await new LibraryDb(name).delete();
  const db = new LibraryDb(name);
  await db.open();
  for (let start = 0; start < rows.length; start += 500) {
    const chunk = rows.slice(start, start + 500);
    await db.transaction('rw', [db.actors, db.searchRows], async () => {
      await db.actors.bulkPut(chunk);
      await putSearchRows(db.searchRows, chunk.map((row) => searchRowFromProfile('actor', row)), 100);
    });
  }
  return db;
}

/** Writes every refetched detail, `pageSize` at a time; with `history`, the change history follows. */
async function pass(details: ActorDetail[], pageSize: number, history: boolean) {
  const db = await seededLibrary(`history-bench-${history ? 'with' : 'without'}`);
  let historyDb: Awaited<ReturnType<typeof openHistoryDb>> | null = null;
  let listenerMs = 0;
  if (history) {
    await openHistoryDb(undefined, historyName).then((old) => old.delete());
    historyDb = await openHistoryDb(undefined, historyName);
    const opened = historyDb;
    onDetailWrite(db, async (kind, previous, next) => {
      const started = performance.now();
      await recordDetailChange(opened, origin, kind, previous, next, new Date().toISOString());
      listenerMs += performance.now() - started;
    });
  }
  // One connection's share of the library, its directory the first (code 0: uid = id, as seeded).
  const share = { db, connectionId: 'bench', origin, code: 0 };
  const pageMs: number[] = [];
  const historyMs: number[] = [];
  const longTasks = observeLongTasks();
  const nowIso = new Date().toISOString();
  for (let start = 0; start < details.length; start += pageSize) {
    const page = details.slice(start, start + pageSize);
    listenerMs = 0;
    const started = performance.now();
    for (let at = 0; at < page.length; at += detailConcurrency) {
      await Promise.all(page.slice(at, at + detailConcurrency).map((detail) => writeProfileDetail(share, 'actor', detail, nowIso)));
    }
    pageMs.push(performance.now() - started);
    historyMs.push(listenerMs);
  }
  const tasks = longTasks.stop();
  const totals = historyDb ? await historyTotals(historyDb) : null;
  db.close();
  await db.delete();
  if (historyDb) {
    historyDb.close();
    await historyDb.delete();
  }
  return { pageMs, historyMs, longTasks: tasks, totals };
}

const bench = {
  ready: true,

  /** Takes the first sync's rows (list item and detail), a chunk at a time. */
  add(chunk: ActorRow[]) {
    rows.push(...chunk);
    return rows.length;
  },

  async run(pageSize: number) {
    const details = rows.map((row, index) => edited(row.detail!, index));
    const without = await pass(details, pageSize, false);
    const withHistory = await pass(details, pageSize, true);
    return { profiles: details.length, without, withHistory };
  },
};

(globalThis as unknown as { castdeskHistoryBench: typeof bench }).castdeskHistoryBench = bench;
export type HistoryBenchPage = typeof bench;
