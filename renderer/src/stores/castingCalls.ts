import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { CastingCallRow, LibraryDb } from '../db/libraryDb.ts';
import { toLibraryError, type LibraryError } from './libraryErrors.ts';
import { watchLive } from './liveLibrary.ts';
import { useSyncStore } from './sync.ts';

/** Soonest deadline first; calls without a deadline after them, by name. */
function byDeadline(a: CastingCallRow, b: CastingCallRow): number {
  const deadlineA = a.item.deadline ? Date.parse(a.item.deadline) : Number.POSITIVE_INFINITY;
  const deadlineB = b.item.deadline ? Date.parse(b.item.deadline) : Number.POSITIVE_INFINITY;
  if (deadlineA !== deadlineB) return deadlineA < deadlineB ? -1 : 1;
  return (a.item.name ?? '').localeCompare(b.item.name ?? '');
}

async function listCastingCalls(db: LibraryDb, currentOnly: boolean): Promise<CastingCallRow[]> {
  const rows = await db.castingCalls.filter((row) => !row.removed && (!currentOnly || row.current)).toArray();
  return rows.sort(byDeadline);
}

/**
 * Casting calls from the active connection's offline library (there are few: all of them are
 * read), current ones or all, and one call with its roles as cached by the sync engine.
 */
export const useCastingCallsStore = defineStore('castingCalls', () => {
  const sync = useSyncStore();

  const currentOnly = ref(true);
  const items = shallowRef<CastingCallRow[]>([]);
  const loaded = ref(false);
  const error = ref<LibraryError | null>(null);
  const openId = ref<number | null>(null);
  const openRow = shallowRef<CastingCallRow | null>(null);

  const onError = (failure: unknown) => {
    error.value = toLibraryError(failure);
    loaded.value = true;
  };

  watchLive(
    () => (sync.db ? { db: sync.db, currentOnly: currentOnly.value } : null),
    ({ db, currentOnly: current }) => listCastingCalls(db, current),
    {
      next: (rows) => {
        items.value = rows;
        loaded.value = true;
        error.value = null;
      },
      error: onError,
    },
  );

  watchLive(
    () => (sync.db && openId.value !== null ? { db: sync.db, id: openId.value } : null),
    async ({ db, id }) => (await db.castingCalls.get(id)) ?? null,
    {
      next: (row) => {
        openRow.value = row;
      },
      error: onError,
    },
  );

  function open(id: number): void {
    if (openId.value !== id) openRow.value = null;
    openId.value = id;
  }

  function close(): void {
    openId.value = null;
    openRow.value = null;
  }

  return { currentOnly, items, loaded, error, openId, openRow, open, close };
});
