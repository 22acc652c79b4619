/**
 * What a file made of a list (the presentation package, the PDF contact sheet) shows by name only:
 * the list's actors this computer's library lacks. A colleague's entry in a shared list brings only
 * the actor's name (profiles and pictures never travel through the office), so a package made from
 * it would go out thin without the casting director knowing. The file is made all the same (one
 * missing profile never blocks the rest); the notice says how many and, when few, who, counted from
 * the entries as the export read them from the library on disk, and offers to look them up through
 * the member's own connections to their directories (stores/actorLookUp.ts). After the look-ups
 * the library is read again, so what it says it holds now is what the next file will show.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { officeEntryKey } from '../db/listDocShape.ts';
import type { ShortlistEntryRow } from '../db/shortlistDb.ts';
import { librarySnapshots, type ActorRef } from '../sync/librarySnapshot.ts';
import { useActorLookUpStore } from './actorLookUp.ts';
import { openLibrary } from './libraryAccess.ts';
import { toLibraryError, type LibraryError } from './libraryErrors.ts';
import { useSyncStore } from './sync.ts';

export interface NameOnlyNotice {
  listId: number;
  /** The file made, by the name it was saved under. */
  file: string;
  /** The actors it shows by name only, in the list's order. */
  actors: readonly ActorRef[];
}

export interface NameOnlyLookUps {
  /** The notice's actors the library holds after the look-ups: the file shows them when made again. */
  found: readonly ActorRef[];
  /** Actors looked up in vain, with why (the directory has no such actor, it could not be reached). */
  failed: readonly { actor: ActorRef; error: LibraryError }[];
}

const keyOf = (actor: ActorRef) => officeEntryKey(actor.origin, actor.id);

export const useNameOnlyExportStore = defineStore('nameOnlyExport', () => {
  const sync = useSyncStore();
  const lookUps = useActorLookUpStore();
  /** The last file's name-only actors; null when it had none (or no file was made yet). */
  const notice = shallowRef<NameOnlyNotice | null>(null);
  const lookingUp = ref(false);
  const lookedUp = shallowRef<NameOnlyLookUps | null>(null);
  /** Why the library could not be read for the look-ups. */
  const error = ref<LibraryError | null>(null);

  const stillMissing = computed(() => {
    const found = new Set((lookedUp.value?.found ?? []).map(keyOf));
    return (notice.value?.actors ?? []).filter((actor) => !found.has(keyOf(actor)));
  });
  /** The notice's actors still missing whose directory a connection of this member reaches: those a look-up can bring. */
  const lookable = computed(() => stillMissing.value.filter((actor) => lookUps.reaches(actor.origin)));
  /** Those no connection of this member reaches: only a connection to their directory brings them. */
  const unreachable = computed(() => stillMissing.value.filter((actor) => !lookUps.reaches(actor.origin)));

  /** A new file is being made: what was said of the last one no longer holds. */
  function clear(): void {
    notice.value = null;
    lookedUp.value = null;
    error.value = null;
  }

  /**
   * The file `file` of list `listId` was made from `entries` as the export read them
   * (shortlists' `withCurrentProfiles`): those still marked "not in your library" show by name only.
   */
  function note(listId: number, file: string, entries: readonly ShortlistEntryRow[]): void {
    clear();
    const actors = entries.filter((entry) => entry.snapshot.notInLibrary).map((entry) => ({ origin: entry.directoryOrigin, id: entry.actorId, name: entry.snapshot.name }));
    if (actors.length > 0) notice.value = { listId, file, actors };
  }

  /** The notice's actors the library on disk holds now, by key. */
  async function held(actors: readonly ActorRef[]): Promise<Set<string>> {
    return new Set((await librarySnapshots(openLibrary(sync), actors, keyOf)).keys());
  }

  /**
   * Looks up every name-only actor of the last file that a connection reaches and the library still
   * lacks, one at a time, each on its own (one the directory lacks does not stop the rest), then
   * reads the library again for what it holds now.
   */
  async function lookUpAll(): Promise<void> {
    const shown = notice.value;
    if (!shown || lookingUp.value) return;
    lookingUp.value = true;
    error.value = null;
    try {
      const before = await held(shown.actors);
      const failed: { actor: ActorRef; error: LibraryError }[] = [];
      for (const actor of shown.actors) {
        if (before.has(keyOf(actor)) || !lookUps.reaches(actor.origin)) continue;
        if (await lookUps.lookUp(actor)) continue;
        // No failure: the entry's own "Look it up" was asking for the actor at the same moment.
        const failure = lookUps.failureOf(actor.origin, actor.id);
        if (failure) failed.push({ actor, error: failure });
      }
      const now = await held(shown.actors);
      if (notice.value === shown) lookedUp.value = { found: shown.actors.filter((actor) => now.has(keyOf(actor))), failed };
    } catch (failure) {
      if (notice.value === shown) error.value = toLibraryError(failure);
    } finally {
      lookingUp.value = false;
    }
  }

  return { notice, lookingUp, lookedUp, error, lookable, unreachable, clear, note, lookUpAll };
});
