/**
 * The credit search of the active library: an in-memory CreditIndex over every cached actor and
 * crew detail's vita and about-me text, built once the store is first used (the Credits page) and
 * kept in step as the sync writes, profile by profile, without a rebuild. It reads the library in
 * one place (readChangedProfiles) and combines with the list filters through the search index
 * store, so the move to one library touches this file at one function.
 */
import type { Subscription } from 'dexie';
import { defineStore } from 'pinia';
import { onScopeDispose, ref, watch } from 'vue';
import type { LibraryDb, ProfileKind, SearchRow } from '../db/libraryDb.ts';
import { CreditIndex, type CreditSearchResult } from '../search/creditIndex.ts';
import { creditTextsOf, type CreditSource, type CreditText } from '../search/creditTexts.ts';
import { emptyQuery, type ProfileQuery } from '../search/profileIndex.ts';
import { CatchUpByRevision, followNewRevs } from './catchUpByRevision.ts';
import type { LibraryError } from './libraryErrors.ts';
import { useSearchIndexStore } from './searchIndex.ts';
import { openLibrary } from './libraryAccess.ts';
import { useSyncStore } from './sync.ts';

/** Profiles read per IndexedDB call: details are large; a chunk is indexed well within a frame budget of 50 ms. */
const profilesPerRead = 250;

interface ProfileTexts {
  kind: ProfileKind;
  id: number;
  /** null: the profile left the library. */
  texts: CreditText[] | null;
  version: string;
}

/**
 * What a profile's texts were read at: a list sync rewrites every search row, but a profile whose
 * detail state and updated_at did not change has the same texts, and its detail is not read again.
 */
const versionOf = (row: SearchRow): string => `${row.hasDetail}:${row.updatedAt}`;

/**
 * The profiles written after `afterRev` (the search rows' write order), at most `limit`, with the
 * credit texts of their cached details (a crew list item's about-me until its detail arrives);
 * profiles whose version `indexed` already holds are left out.
 */
async function readChangedProfiles(db: LibraryDb, afterRev: number, limit: number, indexed: ReadonlyMap<string, string>): Promise<{ lastRev: number; read: number; profiles: ProfileTexts[] }> {
  const all = await db.searchRows.where('rev').above(afterRev).limit(limit).toArray();
  if (all.length === 0) return { lastRev: afterRev, read: 0, profiles: [] };
  // Profiles are keyed by their library key (uid): two directories' id 7 are two people.
  const rows = all.filter((row) => row.removed || indexed.get(`${row.kind}:${row.uid}`) !== versionOf(row));
  const live = rows.filter((row) => !row.removed);
  const [actors, crew] = await Promise.all([
    db.actors.bulkGet(live.filter((row) => row.kind === 'actor').map((row) => row.uid)),
    db.crew.bulkGet(live.filter((row) => row.kind === 'crew').map((row) => row.uid)),
  ]);
  const details = new Map<string, CreditSource | undefined>();
  for (const row of actors) if (row && !row.removed) details.set(`actor:${row.uid}`, row.detail);
  for (const row of crew) if (row && !row.removed) details.set(`crew:${row.uid}`, row.detail ?? { about_me: row.item.about_me });
  const profiles = rows.map((row): ProfileTexts => {
    const key = `${row.kind}:${row.uid}`;
    const version = versionOf(row);
    if (row.removed || !details.has(key)) return { kind: row.kind, id: row.uid, texts: null, version };
    const detail = details.get(key);
    return { kind: row.kind, id: row.uid, texts: detail ? creditTextsOf(detail) : [], version };
  });
  return { lastRev: all[all.length - 1]!.rev, read: all.length, profiles };
}

/** Whether a list query filters anything (a search text or a facet or a range). */
export function filtersAnything(query: ProfileQuery): boolean {
  const empty = emptyQuery();
  return (
    query.text.trim() !== '' ||
    Object.values(query.facets).some((values) => values.length > 0) ||
    query.actingAgeMin !== empty.actingAgeMin ||
    query.actingAgeMax !== empty.actingAgeMax ||
    query.heightMin !== empty.heightMin ||
    query.heightMax !== empty.heightMax
  );
}

export type CreditKindFilter = 'all' | ProfileKind;

export const useCreditSearchStore = defineStore('creditSearch', () => {
  const sync = useSyncStore();
  const searchIndex = useSearchIndexStore();

  let index = new CreditIndex();
  /** The version of each profile's texts in the index. */
  let indexedVersions = new Map<string, string>();
  /** Changes whenever the index changes: searches depend on it. */
  const revision = ref(0);
  /** True once the first full read of the library is done. */
  const loaded = ref(false);
  /** Profiles with credit texts indexed so far. */
  const indexedProfiles = ref(0);
  const error = ref<LibraryError | null>(null);

  let lastRev = 0;
  let generation = 0;
  const catchUps = new CatchUpByRevision();
  let subscription: Subscription | null = null;

  function catchUp(db: LibraryDb, current: number): Promise<void> {
    return catchUps.run({
      isCurrent: () => current === generation,
      read: async () => {
        const { lastRev: readThrough, read, profiles } = await readChangedProfiles(db, lastRev, profilesPerRead, indexedVersions);
        return { read, take: () => takeProfiles(profiles, readThrough) };
      },
      rowsPerRead: profilesPerRead,
      loaded,
      revision,
      error,
    });
  }

  /** Puts the profiles read into the index (or takes them out) and moves the last rev on. */
  function takeProfiles(profiles: ProfileTexts[], readThrough: number): void {
    for (const profile of profiles) {
      const key = `${profile.kind}:${profile.id}`;
      if (profile.texts) {
        index.put(profile.kind, profile.id, profile.texts);
        indexedVersions.set(key, profile.version);
      } else {
        index.remove(profile.kind, profile.id);
        indexedVersions.delete(key);
      }
    }
    lastRev = readThrough;
    indexedProfiles.value = index.size;
    if (loaded.value && profiles.length > 0) revision.value += 1;
  }

  function reset(): void {
    subscription?.unsubscribe();
    subscription = null;
    generation += 1;
    index = new CreditIndex();
    indexedVersions = new Map();
    lastRev = 0;
    catchUps.reset();
    loaded.value = false;
    indexedProfiles.value = 0;
    error.value = null;
    revision.value += 1;
  }

  watch(
    () => openLibrary(sync),
    (db) => {
      reset();
      if (!db) return;
      const current = generation;
      void catchUp(db, current);
      subscription = followNewRevs(db, () => lastRev, () => void catchUp(db, current), error);
    },
    { immediate: true },
  );
  onScopeDispose(() => subscription?.unsubscribe());

  /**
   * People whose credits hold every word of `text`, of one kind or both; with a list query that
   * filters anything, only the actors that list shows (its facets are the actor list's).
   */
  function search(text: string, options: { kind?: CreditKindFilter; listQuery?: ProfileQuery | null; limit?: number } = {}): CreditSearchResult {
    const kind = options.kind ?? 'all';
    const listQuery = options.listQuery && filtersAnything(options.listQuery) ? options.listQuery : null;
    const listed = listQuery ? new Set(searchIndex.search('actor', listQuery, { counts: false }).ids) : null;
    return index.search(text, {
      limit: options.limit,
      accept: (profileKind, id) => (kind === 'all' || kind === profileKind) && (!listed || (profileKind === 'actor' && listed.has(id))),
    });
  }

  return { revision, loaded, indexedProfiles, error, search };
});
