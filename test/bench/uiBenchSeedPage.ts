/**
 * The page that writes the seed of `npm run bench -- ui` into the offline library: bundled by
 * uiBench.ts into `bench-seed/` beside the built renderer, so it runs on the renderer's origin and
 * fills the very IndexedDB database (the one library, `castdesk-library`) the app then opens, through
 * the renderer's own LibraryDb class (its schema and version), as the connection's share of it (its
 * directory the library's first origin, code 0, so a row's uid is its id). It imports nothing else
 * of the app.
 */
import { LibraryDb, type ActorRow, type LabelRow, type SearchRow, type SyncState } from '../../renderer/src/db/libraryDb.ts';

interface PageGlobals {
  castdeskUiSeed?: unknown;
}

let db: LibraryDb | null = null;
let writeMs = 0;
let pending: Promise<void> = Promise.resolve();
/** The connection whose share the seed is: its rows name it and its directory. */
let share = { connectionId: '', origin: '' };

function open(): LibraryDb {
  if (!db) throw new Error('open() the library first');
  return db;
}

const seedPage = {
  ready: true,

  /** Creates the library afresh (empty), its first directory the connection's. */
  async open(connectionId: string, directoryOrigin: string): Promise<void> {
    await new LibraryDb().delete();
    db = new LibraryDb();
    await db.open();
    await db.origins.put({ origin: directoryOrigin, code: 0 });
    share = { connectionId, origin: directoryOrigin };
    writeMs = 0;
    pending = Promise.resolve();
  },

  /**
   * One chunk (JSON text, to keep Playwright's argument serialisation cheap): actor rows and their
   * search rows, in one transaction. Resolves once the PREVIOUS chunk is written, so the next
   * chunk crosses over while this one is written.
   */
  async write(json: string): Promise<void> {
    const library = open();
    const previous = pending;
    pending = previous.then(async () => {
      const { rows, searchRows } = JSON.parse(json) as { rows: ActorRow[]; searchRows: SearchRow[] };
      const owned = { origin: share.origin, connections: [share.connectionId] };
      const started = performance.now();
      await library.transaction('rw', library.actors, library.searchRows, async () => {
        await library.actors.bulkPut(rows.map((row) => ({ ...row, ...owned, uid: row.id })));
        await library.searchRows.bulkPut(searchRows.map((row) => ({ ...row, ...owned, uid: row.id })));
      });
      writeMs += performance.now() - started;
    });
    await previous;
  },

  /** Sync state and cached labels; closes the library so the app can open it. */
  async finish(json: string): Promise<{ actors: number; searchRows: number; withDetail: number; writeMs: number }> {
    const library = open();
    await pending;
    const { syncState, labels } = JSON.parse(json) as { syncState: SyncState[]; labels: LabelRow[] };
    await library.transaction('rw', library.syncState, library.labels, async () => {
      await library.syncState.bulkPut(syncState);
      await library.labels.bulkPut(labels);
    });
    const result = {
      actors: await library.actors.count(),
      searchRows: await library.searchRows.count(),
      withDetail: await library.actors.filter((row) => row.detail !== undefined).count(),
      writeMs,
    };
    library.close();
    db = null;
    return result;
  },
};

(globalThis as unknown as PageGlobals).castdeskUiSeed = seedPage;
export type UiSeedPage = typeof seedPage;
