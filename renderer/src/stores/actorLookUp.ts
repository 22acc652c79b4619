/**
 * "Look it up" on an actor the member's own library lacks (a colleague's entry in a shared list,
 * marked `notInLibrary`, and the same actor in the comparison; OFFICE.md): the member's own
 * connection to the actor's directory fetches the actor now, as opening the profile does (the sync
 * store's `view`: priority interactive, through the bridge, kept in the library), and every entry
 * of the actor still marked `notInLibrary` takes its snapshot afresh from the library. Only a
 * connection whose directory origin is the actor's origin is ever asked (the sync store picks
 * among those alone); with none, nothing is asked and the look-up says so (`no_directory_connection`).
 */
import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import { currentLibrary } from '../db/sharedLibrary.ts';
import { openShortlistDb } from '../db/shortlistDb.ts';
import { librarySnapshots, type ActorRef } from '../sync/librarySnapshot.ts';
import { toLibraryError, type LibraryError } from './libraryErrors.ts';
import { useSyncStore } from './sync.ts';

const keyOf = (origin: string, id: number) => `${origin} ${id}`;

export const useActorLookUpStore = defineStore('actorLookUp', () => {
  const sync = useSyncStore();
  /** Actors being looked up, by `<origin> <id>`. */
  const busy = shallowRef<ReadonlySet<string>>(new Set());
  /** Why the last look-up of an actor failed, by `<origin> <id>`. */
  const failures = shallowRef<ReadonlyMap<string, LibraryError>>(new Map());

  function setBusy(key: string, on: boolean): void {
    const next = new Set(busy.value);
    if (on) next.add(key);
    else next.delete(key);
    busy.value = next;
  }

  function setFailure(key: string, failure: LibraryError | null): void {
    const next = new Map(failures.value);
    if (failure) next.set(key, failure);
    else next.delete(key);
    failures.value = next;
  }

  function isBusy(origin: string, id: number): boolean {
    return busy.value.has(keyOf(origin, id));
  }

  function failureOf(origin: string, id: number): LibraryError | null {
    return failures.value.get(keyOf(origin, id)) ?? null;
  }

  /** Whether a connection of this member's reaches the directory at `origin`: only then can its actors be looked up. */
  function reaches(origin: string): boolean {
    return sync.syncedIds.some((id) => sync.originOf(id) === origin);
  }

  /** Fetches the actor through the member's own connection to its directory and refreshes their entries; false with `failureOf` set when it could not. */
  async function lookUp(actor: ActorRef): Promise<boolean> {
    const key = keyOf(actor.origin, actor.id);
    if (busy.value.has(key)) return false;
    setBusy(key, true);
    setFailure(key, null);
    try {
      const viewed = await sync.view('actor', actor.id, actor.origin);
      if (viewed === null) {
        setFailure(key, { code: 'no_directory_connection', message: `No connection of yours reaches ${actor.origin}.` });
        return false;
      }
      if (!viewed.detail) {
        setFailure(key, { code: 'not_found', message: `${actor.origin} has no actor ${actor.id}.` });
        return false;
      }
      const snapshot = (await librarySnapshots(currentLibrary(), [actor], () => key)).get(key);
      if (!snapshot) {
        setFailure(key, { code: 'storage_unavailable', message: 'The library did not keep the actor.' });
        return false;
      }
      const shortlistDb = await openShortlistDb();
      try {
        await shortlistDb.entries
          .where('[directoryOrigin+actorId]')
          .equals([actor.origin, actor.id])
          .filter((row) => row.snapshot.notInLibrary === true)
          .modify({ snapshot });
      } finally {
        shortlistDb.close();
      }
      return true;
    } catch (failure) {
      setFailure(key, toLibraryError(failure));
      return false;
    } finally {
      setBusy(key, false);
    }
  }

  return { busy, failures, isBusy, failureOf, reaches, lookUp };
});
