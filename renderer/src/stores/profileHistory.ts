import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { onDetailWrite } from '../db/detailWriteHook.ts';
import {
  historyTotals,
  markProfileOpened,
  openHistoryDb,
  recentRecords,
  recordsOfProfile,
  setHistoryCap,
  type ChangeRecord,
  type HistoryDb,
  type HistoryTotals,
} from '../db/historyDb.ts';
import type { LibraryDb, ProfileKind } from '../db/libraryDb.ts';
import { recordDetailChange } from '../db/recordDetailChange.ts';
import { toLibraryError, type LibraryError } from './libraryErrors.ts';
import { watchLive } from './liveLibrary.ts';

/**
 * The change history of profiles (db/historyDb.ts): it follows the detail writes of the open
 * library (the sync store hands it each library it opens), gives the open profile's "What changed"
 * timeline with what is new since the user last opened that profile, and the history's size and
 * cap for Settings. Components read it; only this store touches the history database.
 */
export const useProfileHistoryStore = defineStore('profileHistory', () => {
  const db = shallowRef<HistoryDb | null>(null);
  const error = ref<LibraryError | null>(null);
  let opening: Promise<HistoryDb | null> | null = null;

  /** The history database, opened once; null (and `error` set) when the browser refuses it. */
  function database(): Promise<HistoryDb | null> {
    opening ??= openHistoryDb().then(
      (opened) => (db.value = opened),
      (failure: unknown) => {
        error.value = toLibraryError(failure, 'storage_unavailable');
        opening = null;
        return null;
      },
    );
    return opening;
  }

  /**
   * Records what changes when a detail of `library` (the one library: every connection's, each
   * detail with its directory's origin) replaces its cached one. Returns the stop function. Without
   * a history database the library is written all the same.
   */
  function follow(library: LibraryDb): () => void {
    return onDetailWrite(library, async (kind, previous, next, origin) => {
      if (!previous) return;
      const history = await database();
      if (history) await recordDetailChange(history, origin, kind, previous, next, new Date().toISOString());
    });
  }

  /**
   * The active connection's directory, whose profiles' timelines are shown: the connection store
   * hands it over (showOrigin) as the active connection changes; this store imports no other store.
   */
  const activeOrigin = ref<string | null>(null);

  function showOrigin(origin: string | null): void {
    activeOrigin.value = origin;
  }

  // ---- the open profile's timeline ----

  const openRef = ref<{ origin: string; kind: ProfileKind; id: number } | null>(null);
  const timeline = shallowRef<ChangeRecord[]>([]);
  /** When the user opened the profile before this time: undefined until known, null if never. */
  const openedBefore = ref<string | null | undefined>(undefined);
  let openRequest = 0;

  /** The profile page opened: its timeline follows the history; this opening is remembered. */
  async function openProfile(kind: ProfileKind, id: number): Promise<void> {
    const origin = activeOrigin.value;
    const request = ++openRequest;
    timeline.value = [];
    openedBefore.value = undefined;
    openRef.value = origin ? { origin, kind, id } : null;
    if (!origin) return;
    const history = await database();
    if (!history || request !== openRequest) return;
    try {
      const before = await markProfileOpened(history, origin, kind, id, new Date().toISOString());
      if (request === openRequest) openedBefore.value = before;
    } catch (failure) {
      error.value = toLibraryError(failure);
    }
  }

  function closeProfile(): void {
    openRequest += 1;
    openRef.value = null;
    timeline.value = [];
    openedBefore.value = undefined;
  }

  watchLive(
    () => (db.value && openRef.value ? { history: db.value, ...openRef.value } : null),
    ({ history, origin, kind, id }) => recordsOfProfile(history, origin, kind, id),
    {
      next: (records) => {
        timeline.value = records;
      },
      error: (failure) => {
        error.value = toLibraryError(failure);
      },
    },
  );

  /** Whether a record came after the user last opened the profile (all do for a first opening). */
  function isNew(record: ChangeRecord): boolean {
    const before = openedBefore.value;
    if (before === undefined) return false;
    return before === null || record.recordedAt > before;
  }
  const newCount = computed(() => timeline.value.filter(isNew).length);

  // ---- size and cap (Settings) ----

  const totals = shallowRef<HistoryTotals | null>(null);
  watchLive(
    () => (db.value ? { history: db.value } : null),
    ({ history }) => historyTotals(history),
    {
      next: (value) => {
        totals.value = value;
      },
      error: (failure) => {
        error.value = toLibraryError(failure);
      },
    },
  );

  /** Sets the history's cap; past it the oldest records leave at once. */
  async function setCap(capBytes: number): Promise<void> {
    const history = await database();
    if (!history) return;
    error.value = null;
    try {
      await setHistoryCap(history, capBytes);
    } catch (failure) {
      error.value = toLibraryError(failure);
    }
  }

  void database();

  /** Whether the history database is open (it opens at once; a browser may refuse it). */
  const ready = computed(() => db.value !== null);

  /** The newest change records (the Changes page), [] while the history is not open. */
  async function recent(limit: number): Promise<ChangeRecord[]> {
    const history = await database();
    return history ? recentRecords(history, limit) : [];
  }

  /** Closes the history database (a test's end; the app keeps it open). */
  function close(): void {
    db.value?.close();
    db.value = null;
    opening = null;
  }

  return {
    ready,
    recent,
    close,
    error,
    activeOrigin,
    showOrigin,
    follow,
    timeline,
    openedBefore,
    newCount,
    openProfile,
    closeProfile,
    isNew,
    totals,
    setCap,
  };
});
