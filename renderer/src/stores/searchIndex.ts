/**
 * The in-memory search indexes of the one library (actors and crew of every connection, keyed by
 * their library key, SearchRow.uid), kept in step
 * with IndexedDB. At start they come from their persisted snapshots (one read, searchable at once;
 * db/searchSnapshotDb.ts) when those fit the library, else from every search row read in chunks
 * (the page stays responsive); afterwards only rows written since (by their `rev`) are read again
 * whenever the sync engine writes, and the snapshots are written again once the writes pause.
 * Views and other stores search through it; `revision` tells them when to search again.
 */
import type { Subscription } from 'dexie';
import { defineStore } from 'pinia';
import { onScopeDispose, ref, watch } from 'vue';
import type { LibraryDb, ProfileKind, SearchRow } from '../db/libraryDb.ts';
import { libraryUid, originStride } from '../db/libraryKey.ts';
import { deleteSearchSnapshots, readSearchSnapshots, writeSearchSnapshots } from '../db/searchSnapshotDb.ts';
import { restoreIndex, snapshotOfIndex } from '../search/indexSnapshot.ts';
import { ProfileIndex, type ProfileQuery, type QueryResult } from '../search/profileIndex.ts';
import { afterPaint } from './afterPaint.ts';
import { CatchUpByRevision, followNewRevs } from './catchUpByRevision.ts';
import { inIdleSlices } from './idleSlices.ts';
import type { LibraryError } from './libraryErrors.ts';
import { openLibrary } from './libraryAccess.ts';
import { useSyncStore } from './sync.ts';

/** Rows read per IndexedDB call: large enough to load 50,000 quickly, small enough to stay off long tasks. */
const rowsPerRead = 2000;

/**
 * Snapshots are written this long after the index last took in rows: sync batches come in
 * bursts, and writing one costs a fraction of a second at 50,000 rows. Tests shorten it.
 */
export const searchSnapshotTiming = { delayMs: 10_000 };

/** Typing is prepared this long after the last search or change (prepareTypingSoon). */
const typingPreparation = { delayMs: 300 };

/** Where the library of the last start is remembered (see `early` below). */
const lastLibraryKey = 'castdesk.searchIndex.lastLibrary';

function rememberedLibrary(): string | null {
  try {
    return globalThis.localStorage?.getItem(lastLibraryKey) ?? null;
  } catch {
    return null;
  }
}

function rememberLibrary(name: string): void {
  try {
    globalThis.localStorage?.setItem(lastLibraryKey, name);
  } catch {
    // No storage: the next start reads its snapshots once its library is open.
  }
}

export const useSearchIndexStore = defineStore('searchIndex', () => {
  const sync = useSyncStore();

  let indexes: Record<ProfileKind, ProfileIndex> = { actor: new ProfileIndex(), crew: new ProfileIndex() };
  /** Changes whenever the indexes change: searches depend on it. */
  const revision = ref(0);
  /** True once the first full read of the library is done. */
  const loaded = ref(false);
  /** Rows read so far in the first read (for a progress line). */
  const loadedRows = ref(0);
  const error = ref<LibraryError | null>(null);
  /** The newest library rev the indexes have read (watchers wait until a sync's writes are in). */
  const readThroughRev = ref(0);

  /** Each directory origin's code (the high part of its rows' uids), learned from the rows read. */
  const originCodes = new Map<string, number>();
  let lastRev = 0;
  let generation = 0;
  const catchUps = new CatchUpByRevision();
  let subscription: Subscription | null = null;
  /** The rev the stored snapshots hold; a later read makes them worth writing again. */
  let snapshotRev = 0;
  let snapshotTimer: ReturnType<typeof setTimeout> | null = null;
  /** A restored index not yet checked against the library's row count is never stored again. */
  let unchecked = false;
  /**
   * The library of the last start is most likely this start's: its snapshots are read at once,
   * while the app still asks the back end for its connection and opens the library.
   */
  const remembered = rememberedLibrary();
  let early: { library: string; snapshots: ReturnType<typeof readSearchSnapshots> } | null = remembered ? { library: remembered, snapshots: readSearchSnapshots(remembered) } : null;

  /**
   * Takes the indexes from their snapshots when both fit the library: taken of no more than it
   * holds now (a library cleared and synced again since is read anew). Returns whether it did.
   * Only the newest rev is asked before: counting 50,000 rows takes longer than reading the
   * snapshot, so the row count is checked once the list is on screen (checkRowCount).
   */
  /** The snapshots of `library`: those read early if they are its, else read now. */
  function snapshotsOf(library: string): ReturnType<typeof readSearchSnapshots> {
    const read = early?.library === library ? early.snapshots : readSearchSnapshots(library);
    early = null;
    rememberLibrary(library);
    return read;
  }

  async function restore(db: LibraryDb, current: number): Promise<boolean> {
    const [snapshots, newest, origins] = await Promise.all([snapshotsOf(db.name), db.searchRows.orderBy('rev').lastKey(), db.origins.toArray()]);
    if (current !== generation) return false;
    for (const { origin, code } of origins) originCodes.set(origin, code);
    const newestRev = typeof newest === 'number' ? newest : 0;
    if (newestRev === 0) {
      // An empty (new or cleared) library: whatever was stored for it is of no use.
      if (snapshots.actor || snapshots.crew) await deleteSearchSnapshots(db.name);
      return false;
    }
    const fits = (snapshot: (typeof snapshots)['actor']) => !!snapshot && snapshot.readThroughRev <= newestRev;
    if (!fits(snapshots.actor) || !fits(snapshots.crew)) return false;
    const actor = restoreIndex(snapshots.actor!.buffer);
    const crew = restoreIndex(snapshots.crew!.buffer);
    if (!actor || !crew || current !== generation) return false;
    indexes = { actor, crew };
    lastRev = Math.min(actor.readThroughRev, crew.readThroughRev);
    readThroughRev.value = lastRev;
    snapshotRev = lastRev;
    loaded.value = true;
    revision.value += 1;
    unchecked = true;
    void checkRowCount(db, current, Math.max(snapshots.actor!.libraryRows, snapshots.crew!.libraryRows));
    return true;
  }

  /**
   * After the first paint: a library holding fewer rows than the restored snapshots were taken of
   * was cleared and synced again since; its snapshots go and its rows are read instead.
   */
  async function checkRowCount(db: LibraryDb, current: number, snapshotRows: number): Promise<void> {
    await afterPaint();
    const rowCount = await db.searchRows.count().catch(() => null);
    if (current !== generation || rowCount === null) return;
    if (rowCount >= snapshotRows) {
      unchecked = false;
      if (lastRev > snapshotRev) scheduleSnapshot(db, current);
      return;
    }
    await deleteSearchSnapshots(db.name);
    if (current === generation) openIndexes(db);
  }

  /** Writes both snapshots once the index has been still for a while. */
  function scheduleSnapshot(db: LibraryDb, current: number): void {
    if (snapshotTimer) clearTimeout(snapshotTimer);
    snapshotTimer = setTimeout(() => {
      snapshotTimer = null;
      void writeSnapshots(db, current);
    }, searchSnapshotTiming.delayMs);
  }

  async function writeSnapshots(db: LibraryDb, current: number): Promise<void> {
    if (current !== generation || catchUps.reading || unchecked || lastRev <= snapshotRev) return;
    const rev = lastRev;
    const libraryRows = await db.searchRows.count().catch(() => null);
    if (libraryRows === null || current !== generation) return;
    const writtenAt = new Date().toISOString();
    const rows = (['actor', 'crew'] as const).map((kind) => ({ library: db.name, kind, buffer: snapshotOfIndex(indexes[kind]), readThroughRev: rev, libraryRows, writtenAt }));
    if (await writeSearchSnapshots(rows)) snapshotRev = rev;
  }

  /** Reads every row written since the last read, chunk by chunk, into the indexes. */
  function catchUp(db: LibraryDb, current: number): Promise<void> {
    return catchUps.run({
      isCurrent: () => current === generation,
      read: async () => {
        const chunk: SearchRow[] = await db.searchRows.where('rev').above(lastRev).limit(rowsPerRead).toArray();
        return { read: chunk.length, take: () => takeRows(chunk) };
      },
      rowsPerRead,
      loaded,
      revision,
      error,
      afterRun: () => {
        if (lastRev > snapshotRev) scheduleSnapshot(db, current);
      },
    });
  }

  /** Puts a chunk of search rows into the indexes and moves the last rev on. */
  function takeRows(chunk: SearchRow[]): void {
    for (const row of chunk) if (row.origin) originCodes.set(row.origin, Math.floor(row.uid / originStride));
    indexes.actor.upsert(chunk.filter((row) => row.kind === 'actor'));
    indexes.crew.upsert(chunk.filter((row) => row.kind === 'crew'));
    lastRev = chunk[chunk.length - 1]!.rev;
    // Both indexes have read the library this far, also a kind with no row in the chunk.
    indexes.actor.markReadThrough(lastRev);
    indexes.crew.markReadThrough(lastRev);
    readThroughRev.value = lastRev;
    // The first read announces the indexes once, at its end: searching after every chunk
    // would redo the facet counts 25 times for 50,000 rows.
    if (loaded.value) revision.value += 1;
    else loadedRows.value += chunk.length;
  }

  function reset(): void {
    subscription?.unsubscribe();
    subscription = null;
    if (snapshotTimer) clearTimeout(snapshotTimer);
    snapshotTimer = null;
    snapshotRev = 0;
    unchecked = false;
    generation += 1;
    indexes = { actor: new ProfileIndex(), crew: new ProfileIndex() };
    lastRev = 0;
    originCodes.clear();
    readThroughRev.value = 0;
    catchUps.reset();
    loaded.value = false;
    loadedRows.value = 0;
    error.value = null;
    revision.value += 1;
  }

  /** Starts the indexes of `db`: from the snapshots (searchable at once), then whatever the library holds beyond them. */
  function openIndexes(db: LibraryDb): void {
    reset();
    const current = generation;
    catchUps.reading = true;
    void restore(db, current)
      .catch(() => false)
      .finally(() => {
        if (current !== generation) return;
        catchUps.reading = false;
        void catchUp(db, current);
      });
    subscription = followNewRevs(db, () => lastRev, () => void catchUp(db, current), error);
  }

  watch(
    () => openLibrary(sync),
    (db) => {
      if (db) openIndexes(db);
      else reset();
    },
    { immediate: true },
  );
  onScopeDispose(() => {
    subscription?.unsubscribe();
    if (snapshotTimer) clearTimeout(snapshotTimer);
  });

  let preparingTyping = false;
  let disposed = false;
  let prepareTimer: ReturnType<typeof setTimeout> | null = null;
  /**
   * Uses idle time to do what the next keystrokes would otherwise do (ProfileIndex.prepareTyping),
   * once searches and changes have paused for a moment: a sync changes the names batch after
   * batch, and each change makes the work new. Started by a name search (its name search exists
   * from then on) and by every change of the indexes; a run already going covers both.
   */
  function prepareTypingSoon(): void {
    if (prepareTimer) clearTimeout(prepareTimer);
    prepareTimer = setTimeout(() => {
      prepareTimer = null;
      if (preparingTyping) return;
      preparingTyping = true;
      const current = generation;
      // Another library (or none, the store gone) ends the run: its indexes are not this one's.
      void inIdleSlices((stillIdle) => disposed || current !== generation || (indexes.actor.prepareTyping(stillIdle) && indexes.crew.prepareTyping(stillIdle)))
        // A failure here is the search's own: the next keystroke meets it and shows it.
        .catch(() => undefined)
        .finally(() => (preparingTyping = false));
    }, typingPreparation.delayMs);
  }
  watch(revision, prepareTypingSoon);
  onScopeDispose(() => {
    disposed = true;
    if (prepareTimer) clearTimeout(prepareTimer);
  });

  /** Searches one kind's index (read `revision` in a computed to search again on changes). */
  function search(kind: ProfileKind, query: ProfileQuery, options?: { counts?: boolean }): QueryResult {
    if (query.text) prepareTypingSoon();
    return indexes[kind].query(query, options);
  }

  /** A name search's count and first `length` ids, or null for a search answered whole (ProfileIndex.firstScreen). */
  function firstScreen(kind: ProfileKind, query: ProfileQuery, length: number): { count: number; ids: Float64Array } | null {
    if (query.text) prepareTypingSoon();
    return indexes[kind].firstScreen(query, length);
  }

  /** The search row of a profile by its library key (a search result's ids), for list rows and role matching. */
  function row(kind: ProfileKind, uid: number): SearchRow | undefined {
    return indexes[kind].get(uid);
  }

  /** The search row of profile `id` of the directory at `origin` (shortlist entries name profiles so). */
  function rowOf(kind: ProfileKind, origin: string | null | undefined, id: number): SearchRow | undefined {
    const code = origin ? originCodes.get(origin) : undefined;
    return code === undefined ? undefined : indexes[kind].get(libraryUid(code, id));
  }

  /** The directory ids, of the directory at `origin`, among the library keys `uids` (a search's ids). */
  function idsIn(kind: ProfileKind, uids: ArrayLike<number>, origin: string | null | undefined): number[] {
    const ids: number[] = [];
    for (let i = 0; i < uids.length; i++) {
      const found = indexes[kind].get(uids[i]!);
      if (found && found.origin === origin) ids.push(found.id);
    }
    return ids;
  }

  /** Other live profiles of `kind` whose name is `id`'s (read `revision` to follow changes). */
  function namesakes(kind: ProfileKind, uid: number): number[] {
    return indexes[kind].namesakes(uid);
  }

  /** Every live actor row (role matching ranks them). */
  function actorRows(): SearchRow[] {
    return indexes.actor.liveRows();
  }

  function size(kind: ProfileKind): number {
    return indexes[kind].size;
  }

  return { revision, loaded, loadedRows, readThroughRev, error, search, firstScreen, row, rowOf, idsIn, namesakes, actorRows, size };
});
