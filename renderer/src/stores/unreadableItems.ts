/**
 * The "could not read" list of the active connection's share of the library, for Settings: every list item the
 * directory sent that did not match the API, per resource, as the sync recorded it (its id, the
 * JSON path of the bad field, why), until a later sync reads it or the directory drops it.
 */
import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import type { SyncResource } from '../db/libraryDb.ts';
import type { UnreadableItem } from '../db/unreadableItems.ts';
import { openLibrary } from './libraryAccess.ts';
import { watchLive } from './liveLibrary.ts';
import { useSyncStore } from './sync.ts';

export interface UnreadableEntry extends UnreadableItem {
  resource: SyncResource;
}

export const useUnreadableItemsStore = defineStore('unreadableItems', () => {
  const sync = useSyncStore();
  const items = shallowRef<UnreadableEntry[]>([]);

  watchLive(
    () => {
      const db = openLibrary(sync);
      return db && sync.connectionId ? { db, connectionId: sync.connectionId } : null;
    },
    async ({ db, connectionId }) => (await db.syncState.where('connectionId').equals(connectionId).toArray()).flatMap((state) => (state.unreadable ?? []).map((item) => ({ ...item, resource: state.resource }))),
    {
      next: (rows) => {
        items.value = rows;
      },
      // The list is advice; a library that cannot be read says so where it is opened.
      error: () => {
        items.value = [];
      },
    },
  );
  return { items };
});
