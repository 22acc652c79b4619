/**
 * The catch-up loop the in-memory indexes of the library share (searchIndex.ts, creditSearch.ts):
 * every search-row write gets a new `rev`, and an index reads what was written after the last rev
 * it took in, chunk by chunk (a task apart, so the page stays responsive), until a chunk comes back
 * short. One run at a time: a write that arrives during a run asks it to read once more instead of
 * starting a second run that would take the same rows twice.
 */
import { liveQuery, type Subscription } from 'dexie';
import type { Ref } from 'vue';
import type { LibraryDb } from '../db/libraryDb.ts';
import { toLibraryError, type LibraryError } from './libraryErrors.ts';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** One chunk read after the index's last rev. */
export interface RevisionChunk {
  /** Library rows the chunk read (0: nothing newer is written). */
  read: number;
  /** Takes the chunk into the index and moves its last rev on. */
  take(): void;
}

export interface CatchUpSteps {
  /** Whether the run still serves the open library: a reset (another library) ends it untouched. */
  isCurrent(): boolean;
  /** Reads at most `rowsPerRead` rows after the index's last rev. */
  read(): Promise<RevisionChunk>;
  rowsPerRead: number;
  /** What the store announces: `loaded` and a new `revision` at the end of the first read, `error` when a read fails. */
  loaded: Ref<boolean>;
  revision: Ref<number>;
  error: Ref<LibraryError | null>;
  /** Runs after a run that read everything (searchIndex.ts schedules its snapshots). */
  afterRun?(): void;
}

/** The run state of one store's index; `reading` is also set by hand while a store restores a snapshot. */
export class CatchUpByRevision {
  /** A run (or a restore) is going: a new call only asks it to read again. */
  reading = false;
  private readAgain = false;

  /** Forgets the run of the library before (its generation ended, so it changes nothing more). */
  reset(): void {
    this.reading = false;
    this.readAgain = false;
  }

  /** Reads every row written since the last read, chunk by chunk, into the index. */
  async run(steps: CatchUpSteps): Promise<void> {
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = true;
    try {
      do {
        this.readAgain = false;
        for (;;) {
          const chunk = await steps.read();
          if (!steps.isCurrent()) return;
          if (chunk.read === 0) break;
          chunk.take();
          if (chunk.read < steps.rowsPerRead) break;
          await nextTask();
        }
      } while (this.readAgain && steps.isCurrent());
      if (steps.isCurrent() && !steps.loaded.value) {
        steps.loaded.value = true;
        steps.revision.value += 1;
      }
      if (steps.isCurrent()) steps.afterRun?.();
    } catch (failure) {
      if (steps.isCurrent()) {
        steps.error.value = toLibraryError(failure);
        steps.loaded.value = true;
        steps.revision.value += 1;
      }
    } finally {
      // A run of the library before leaves alone the flag the next library's run may hold.
      if (steps.isCurrent()) this.reading = false;
    }
  }
}

/**
 * Calls `catchUp` whenever a search row is written past `lastRev()`: every profile write puts its
 * search row with a new rev, so the newest rev tells the index there is something new to read.
 * A failing watch is announced as `error`.
 */
export function followNewRevs(db: LibraryDb, lastRev: () => number, catchUp: () => void, error: Ref<LibraryError | null>): Subscription {
  return liveQuery(() => db.searchRows.orderBy('rev').last()).subscribe({
    next: (newest) => {
      if (newest && newest.rev > lastRev()) catchUp();
    },
    error: (failure: unknown) => {
      error.value = toLibraryError(failure);
    },
  });
}
