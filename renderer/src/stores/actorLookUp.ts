/**
 * "Look it up" on a shortlist entry whose actor the member's own library lacks (a colleague's
 * entry in a shared list, marked `notInLibrary`; OFFICE.md): the member's own connection to that
 * entry's directory fetches the actor now, as opening the profile does (the sync store's `view`:
 * priority interactive, through the bridge, stored in the library), and the entry's snapshot is
 * taken afresh from the library. Only a connection whose directory origin is the entry's origin is
 * ever asked (the sync store picks among those alone); with none, the entry says so
 * (`no_directory_connection`) and nothing is asked.
 */
import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import { currentLibrary } from '../db/sharedLibrary.ts';
import { openShortlistDb, type ShortlistEntryRow } from '../db/shortlistDb.ts';
import { librarySnapshots } from '../sync/librarySnapshot.ts';
import { toLibraryError, type LibraryError } from './libraryErrors.ts';
import { useSyncStore } from './sync.ts';

export const useActorLookUpStore = defineStore('actorLookUp', () => {
  const sync = useSyncStore();
  /** Entries being looked up, by entry id. */
  const busy = shallowRef<ReadonlySet<number>>(new Set());
  /** Why the last look-up of an entry failed, by entry id. */
  const failures = shallowRef<ReadonlyMap<number, LibraryError>>(new Map());

  function setBusy(entryId: number, on: boolean): void {
    const next = new Set(busy.value);
    if (on) next.add(entryId);
    else next.delete(entryId);
    busy.value = next;
  }

  function setFailure(entryId: number, failure: LibraryError | null): void {
    const next = new Map(failures.value);
    if (failure) next.set(entryId, failure);
    else next.delete(entryId);
    failures.value = next;
  }

  /** Fetches the entry's actor through the member's own connection to its directory and refreshes the entry; false with `failures` set when it could not. */
  async function lookUp(entry: ShortlistEntryRow & { id: number }): Promise<boolean> {
    if (busy.value.has(entry.id)) return false;
    setBusy(entry.id, true);
    setFailure(entry.id, null);
    try {
      const viewed = await sync.view('actor', entry.actorId, entry.directoryOrigin);
      if (viewed === null) {
        setFailure(entry.id, { code: 'no_directory_connection', message: `No connection of yours reaches ${entry.directoryOrigin}.` });
        return false;
      }
      if (!viewed.detail) {
        setFailure(entry.id, { code: 'not_found', message: `${entry.directoryOrigin} has no actor ${entry.actorId}.` });
        return false;
      }
      const actor = { origin: entry.directoryOrigin, id: entry.actorId, name: entry.snapshot.name };
      const snapshot = (await librarySnapshots(currentLibrary(), [actor], () => 'found')).get('found');
      if (!snapshot) {
        setFailure(entry.id, { code: 'storage_unavailable', message: 'The library did not keep the actor.' });
        return false;
      }
      const shortlistDb = await openShortlistDb();
      try {
        await shortlistDb.entries.update(entry.id, { snapshot });
      } finally {
        shortlistDb.close();
      }
      return true;
    } catch (failure) {
      setFailure(entry.id, toLibraryError(failure));
      return false;
    } finally {
      setBusy(entry.id, false);
    }
  }

  return { busy, failures, lookUp };
});
