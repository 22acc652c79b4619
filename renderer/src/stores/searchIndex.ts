/**
 * The in-memory search indexes of the active connection's library (actors and crew), kept in step
 * with IndexedDB: the first read loads every search row in chunks (the page stays responsive), and
 * afterwards only rows written since (by their `rev`) are read again whenever the sync engine
 * writes. Views and other stores search through it; `revision` tells them when to search again.
 */
import { liveQuery, type Subscription } from 'dexie';
import { defineStore } from 'pinia';
import { onScopeDispose, ref, watch } from 'vue';
import type { LibraryDb, ProfileKind, SearchRow } from '../db/libraryDb.ts';
import { ProfileIndex, type ProfileQuery, type QueryResult } from '../search/profileIndex.ts';
import { toLibraryError, type LibraryError } from './libraryErrors.ts';
import { useSyncStore } from './sync.ts';

/** Rows read per IndexedDB call: large enough to load 50,000 quickly, small enough to stay off long tasks. */
const rowsPerRead = 2000;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

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

  let lastRev = 0;
  let generation = 0;
  let reading = false;
  let readAgain = false;
  let subscription: Subscription | null = null;

  /** Reads every row written since the last read, chunk by chunk, into the indexes. */
  async function catchUp(db: LibraryDb, current: number): Promise<void> {
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    try {
      do {
        readAgain = false;
        for (;;) {
          const chunk: SearchRow[] = await db.searchRows.where('rev').above(lastRev).limit(rowsPerRead).toArray();
          if (current !== generation) return;
          if (chunk.length === 0) break;
          indexes.actor.upsert(chunk.filter((row) => row.kind === 'actor'));
          indexes.crew.upsert(chunk.filter((row) => row.kind === 'crew'));
          lastRev = chunk[chunk.length - 1]!.rev;
          // The first read announces the indexes once, at its end: searching after every chunk
          // would redo the facet counts 25 times for 50,000 rows.
          if (loaded.value) revision.value += 1;
          else loadedRows.value += chunk.length;
          if (chunk.length < rowsPerRead) break;
          await nextTask();
        }
      } while (readAgain && current === generation);
      if (current === generation && !loaded.value) {
        loaded.value = true;
        revision.value += 1;
      }
    } catch (failure) {
      if (current === generation) {
        error.value = toLibraryError(failure);
        loaded.value = true;
        revision.value += 1;
      }
    } finally {
      reading = false;
    }
  }

  function reset(): void {
    subscription?.unsubscribe();
    subscription = null;
    generation += 1;
    indexes = { actor: new ProfileIndex(), crew: new ProfileIndex() };
    lastRev = 0;
    reading = false;
    readAgain = false;
    loaded.value = false;
    loadedRows.value = 0;
    error.value = null;
    revision.value += 1;
  }

  watch(
    () => sync.db,
    (db) => {
      reset();
      if (!db) return;
      const current = generation;
      void catchUp(db, current);
      // The newest rev changes with every search-row write: read what is new.
      subscription = liveQuery(() => db.searchRows.orderBy('rev').last()).subscribe({
        next: (newest) => {
          if (newest && newest.rev > lastRev) void catchUp(db, current);
        },
        error: (failure: unknown) => {
          error.value = toLibraryError(failure);
        },
      });
    },
    { immediate: true },
  );
  onScopeDispose(() => subscription?.unsubscribe());

  /** Searches one kind's index (read `revision` in a computed to search again on changes). */
  function search(kind: ProfileKind, query: ProfileQuery, options?: { counts?: boolean }): QueryResult {
    return indexes[kind].query(query, options);
  }

  /** The search row of a profile, for list rows and role matching. */
  function row(kind: ProfileKind, id: number): SearchRow | undefined {
    return indexes[kind].get(id);
  }

  /** Every live actor row (role matching ranks them). */
  function actorRows(): SearchRow[] {
    return indexes.actor.liveRows();
  }

  function size(kind: ProfileKind): number {
    return indexes[kind].size;
  }

  return { revision, loaded, loadedRows, error, search, row, actorRows, size };
});
