/**
 * One person across directories (issue 15, item 5) for the profile on screen: the profiles of other
 * directories that may be the same person (search/samePerson.ts: same film-database id, or same
 * name and year of birth), those the user linked to it, and the user's decisions, kept in their own
 * database (db/peopleDb.ts). Candidates come from the one library's search rows through two
 * indexes (folded name, film-database id), so looking costs two index reads, not a scan.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { LibraryDb, SearchRow } from '../db/libraryDb.ts';
import { libraryUid } from '../db/libraryKey.ts';
import { openPeopleDb, writePeople, type PairDecision, type PeopleDb, type PersonPairRow } from '../db/peopleDb.ts';
import {
  directoryName,
  linkedProfiles,
  pairKey,
  profileKey,
  suggestionsFor,
  type PersonFacts,
  type PersonKind,
  type ProfileRef,
} from '../search/samePerson.ts';
import { shownConnectionName, type Translate } from '../i18n/connectionName.ts';
import { useConnectionStore } from './connections.ts';
import { openLibrary } from './libraryAccess.ts';
import { toLibraryError, type LibraryError } from './libraryErrors.ts';
import { watchLive } from './liveLibrary.ts';
import { useSyncStore } from './sync.ts';

function factsOf(row: SearchRow): PersonFacts {
  return { origin: row.origin, kind: row.kind, id: row.id, name: row.name, yearOfBirth: row.yearOfBirth ?? null, filmdbId: row.filmdbId ?? null };
}

async function searchRowOf(db: LibraryDb, ref: ProfileRef): Promise<SearchRow | undefined> {
  const origin = await db.origins.get(ref.origin);
  return origin ? db.searchRows.get([ref.kind, libraryUid(origin.code, ref.id)]) : undefined;
}

/** Profiles of other directories that share the name or the film-database id of `row`. */
async function candidatesOf(db: LibraryDb, row: SearchRow): Promise<PersonFacts[]> {
  const [byName, byFilmdb] = await Promise.all([
    db.searchRows.where('foldedName').equals(row.foldedName).toArray(),
    row.filmdbId ? db.searchRows.where('filmdbId').equals(row.filmdbId).toArray() : Promise.resolve([]),
  ]);
  return [...byFilmdb, ...byName].filter((other) => other.kind === row.kind && other.origin !== row.origin && other.removed === 0).map(factsOf);
}

export const useSamePersonStore = defineStore('samePerson', () => {
  const sync = useSyncStore();
  const db = shallowRef<PeopleDb | null>(null);
  const pairs = shallowRef<PersonPairRow[]>([]);
  const shown = shallowRef<ProfileRef | null>(null);
  const shownFacts = shallowRef<PersonFacts | null>(null);
  const candidates = shallowRef<PersonFacts[]>([]);
  /** Facts of every profile in the library that is linked to another: names and directories to show. */
  const linkedFacts = shallowRef<Map<string, PersonFacts>>(new Map());
  const error = ref<LibraryError | null>(null);

  let opening: Promise<PeopleDb | null> | null = null;
  function ensureOpen(): Promise<PeopleDb | null> {
    opening ??= openPeopleDb().then(
      (opened) => (db.value = opened),
      (failure) => {
        error.value = toLibraryError(failure, 'storage_unavailable');
        opening = null;
        return null;
      },
    );
    return opening;
  }

  watchLive(
    () => (db.value ? { people: db.value } : null),
    ({ people }) => people.pairs.toArray(),
    {
      next: (rows) => (pairs.value = rows),
      error: (failure) => (error.value = toLibraryError(failure)),
    },
  );

  const decisions = computed(() => new Map<string, PairDecision>(pairs.value.map((row) => [row.pair, row.decision])));
  const sameLinks = computed(() => pairs.value.filter((row) => row.decision === 'same').map((row) => [row.a, row.b] as const));

  /** `ref` and every profile linked to it, directly or through others. */
  function personOf(ref: ProfileRef): ProfileRef[] {
    return linkedProfiles(ref, sameLinks.value);
  }

  // The shown profile's own row and candidates, and the facts of the profiles linked to it, follow
  // the library (a sync bringing a namesake, a detail bringing a year of birth).
  watchLive(
    () => {
      const library = openLibrary(sync);
      const ref = shown.value;
      return library && ref ? { library, ref, linked: personOf(ref).map(profileKey) } : null;
    },
    async ({ library, ref, linked }) => {
      const row = await searchRowOf(library, ref);
      const others = linked.filter((key) => key !== profileKey(ref));
      const linkedRows = await Promise.all(personOf(ref).filter((other) => others.includes(profileKey(other))).map((other) => searchRowOf(library, other)));
      return { facts: row ? factsOf(row) : null, candidates: row ? await candidatesOf(library, row) : [], linked: linkedRows.filter((other): other is SearchRow => other !== undefined).map(factsOf) };
    },
    {
      next: (result) => {
        shownFacts.value = result.facts;
        candidates.value = result.candidates;
        linkedFacts.value = new Map(result.linked.map((facts) => [profileKey(facts), facts]));
      },
      error: (failure) => (error.value = toLibraryError(failure)),
    },
  );

  /** Profiles of other directories that may be this person, on which the user has not decided. */
  const suggestions = computed(() => (shownFacts.value ? suggestionsFor(shownFacts.value, candidates.value, decisions.value) : []));

  /** The other profiles linked to the shown one: those in the library with their facts, the rest by reference. */
  const linked = computed<(PersonFacts | ProfileRef)[]>(() => {
    const ref = shown.value;
    if (!ref) return [];
    return personOf(ref)
      .filter((other) => profileKey(other) !== profileKey(ref))
      .map((other) => linkedFacts.value.get(profileKey(other)) ?? other);
  });

  /** Shows the person of `ref` (null: none). */
  function show(kind: PersonKind, id: number | null, origin: string | null): void {
    const next = id === null || origin === null ? null : { kind, id, origin };
    if (shown.value && next && profileKey(shown.value) === profileKey(next)) return;
    // Nothing of the profile shown before stays while the next one is read.
    shown.value = next;
    shownFacts.value = null;
    candidates.value = [];
    linkedFacts.value = new Map();
    if (next) void ensureOpen();
  }

  async function decide(other: ProfileRef, decision: PairDecision, detach: ProfileRef[] = []): Promise<boolean> {
    const ref = shown.value;
    const people = await ensureOpen();
    if (!ref || !people) return false;
    const [a, b] = [profileKey(ref), profileKey(other)].sort() as [string, string];
    error.value = null;
    try {
      await writePeople(people, async () => {
        // Taking a profile out of a person takes out every link that holds it there.
        const holding = detach.map((member) => pairKey(member, other));
        if (holding.length > 0) await people.pairs.bulkDelete(holding);
        await people.pairs.put({ pair: pairKey(ref, other), a, b, decision, decidedAt: new Date().toISOString() });
      });
      return true;
    } catch (failure) {
      error.value = toLibraryError(failure);
      return false;
    }
  }

  /** The shown profile and `other` are one person. */
  function link(other: ProfileRef): Promise<boolean> {
    return decide(other, 'same');
  }

  /** `other` is not the shown profile's person: it leaves the person (whoever linked it) and is not suggested again. */
  function unlink(other: ProfileRef): Promise<boolean> {
    return decide(other, 'different', shown.value ? personOf(shown.value) : []);
  }

  /** A suggestion the user rejects: different people, not suggested again. */
  function dismiss(other: ProfileRef): Promise<boolean> {
    return decide(other, 'different');
  }

  const connections = useConnectionStore();
  /**
   * How a profile's directory is named: by the connection to it (its identity, `directoryOrigin`,
   * stays when its address changes, as the demo's port does) as the Connections page shows it (the
   * demo's in the UI language), else by the host it was saved from.
   */
  function directoryOf(origin: string, t: Translate): string {
    const connection = connections.connections.find((candidate) => candidate.directoryOrigin === origin);
    return connection ? shownConnectionName(connection, t) : directoryName(origin);
  }

  return { suggestions, linked, error, show, personOf, link, unlink, dismiss, directoryOf };
});
