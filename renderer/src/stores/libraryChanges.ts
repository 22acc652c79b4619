import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { Role } from '../../../contract/directory-api.ts';
import type { ChangeRecord } from '../db/historyDb.ts';
import type { KeepOfflineScope, ProfileKind, SavedSearchRow } from '../db/libraryDb.ts';
import { emptyQuery, type ProfileQuery } from '../search/profileIndex.ts';
import { queryFromRoute, routeQueryFromText } from '../search/profileQueryUrl.ts';
import { matchRole } from '../search/roleMatching.ts';
import { useActorSearchStore } from './actorSearch.ts';
import { useConnectionStore } from './connections.ts';
import { useCrewSearchStore } from './crewSearch.ts';
import { toLibraryError, type LibraryError } from './libraryErrors.ts';
import { openLibrary } from './libraryAccess.ts';
import { watchLive } from './liveLibrary.ts';
import { useProfileHistoryStore } from './profileHistory.ts';
import { useSearchIndexStore } from './searchIndex.ts';
import { useShortlistsStore } from './shortlists.ts';
import { useSyncStore } from './sync.ts';

/** How many of the newest records the Changes page reads. */
export const recentChangesLimit = 1000;

export interface ChangeFilters {
  /** Only changes of this connection's directory; null: every directory. */
  connectionId: string | null;
  /** Only actors on one of the user's shortlists. */
  shortlisted: boolean;
  /** Only profiles a keep-offline scope of the active library covers. */
  keptOffline: boolean;
  /** Only profiles the saved search of this id finds now. */
  savedSearchId: number | null;
}

/** Profile ids per kind; 'all' when a whole kind is covered (a kept roster). */
type IdsByKind = Record<ProfileKind, Set<number> | 'all'>;

/** The part of a keep-offline search the local index answers the same way the directory would. */
function queryOfScope(scope: Extract<KeepOfflineScope, { kind: 'search' }>): ProfileQuery {
  const query = emptyQuery();
  const params = scope.params as { q?: string; gender?: string; actingAgeMin?: number; actingAgeMax?: number; languages?: string[]; professions?: string[] };
  query.text = params.q ?? '';
  if (params.gender) query.facets.gender = [params.gender];
  if (params.languages?.length) query.facets.language = [...params.languages];
  if (params.professions?.length) query.facets.profession = [...params.professions];
  query.actingAgeMin = params.actingAgeMin ?? null;
  query.actingAgeMax = params.actingAgeMax ?? null;
  return query;
}

/**
 * The Changes page: the newest records of the change history across the library, filtered by
 * connection, shortlists, what is kept offline and a saved search. Shortlists, kept scopes and
 * saved searches are the active connection's: with one of them chosen, only its directory's
 * changes remain.
 */
export const useLibraryChangesStore = defineStore('libraryChanges', () => {
  const history = useProfileHistoryStore();
  const sync = useSyncStore();
  const connections = useConnectionStore();
  const shortlists = useShortlistsStore();
  const index = useSearchIndexStore();
  const actorSearch = useActorSearchStore();
  const crewSearch = useCrewSearchStore();

  const filters = ref<ChangeFilters>({ connectionId: null, shortlisted: false, keptOffline: false, savedSearchId: null });
  const showing = ref(false);
  const recent = shallowRef<ChangeRecord[]>([]);
  const loaded = ref(false);
  const error = ref<LibraryError | null>(null);

  watchLive(
    () => (history.ready && showing.value ? { limit: recentChangesLimit } : null),
    ({ limit }) => history.recent(limit),
    {
      next: (records) => {
        recent.value = records;
        loaded.value = true;
      },
      error: (failure) => {
        error.value = toLibraryError(failure);
        loaded.value = true;
      },
    },
  );

  /** The page opens: the list follows the history, the kept scopes are read. */
  function show(): void {
    showing.value = true;
    void sync.refreshKeptOffline();
  }
  function hide(): void {
    showing.value = false;
  }

  const activeOrigin = computed(() => history.activeOrigin);
  const savedSearches = computed<SavedSearchRow[]>(() => [...actorSearch.savedSearches, ...crewSearch.savedSearches]);

  // Shortlisted actors among the recent records (the shortlists store answers for the active directory).
  const shortlistedIds = shallowRef<Set<number>>(new Set());
  watch(
    () => [recent.value, shortlists.lists, activeOrigin.value, filters.value.shortlisted] as const,
    async ([records, , origin, wanted]) => {
      if (!wanted || !origin) return;
      const ids = [...new Set(records.filter((record) => record.kind === 'actor' && record.origin === origin).map((record) => record.profileId))];
      const memories = await shortlists.memoriesOf(ids);
      shortlistedIds.value = new Set([...memories].filter(([, places]) => places.length > 0).map(([id]) => id));
    },
    { immediate: true },
  );

  // The roles of casting calls kept offline, read from the library when the scopes change.
  const keptRoles = shallowRef<Role[]>([]);
  watch(
    () => [sync.keptOffline, sync.libraryOpen, filters.value.keptOffline] as const,
    async ([scopes, open, wanted]) => {
      const library = openLibrary(sync);
      if (!wanted || !open || !library) return;
      const callIds = scopes.flatMap((scope) => (scope.kind === 'castingCall' ? [scope.castingCallId] : []));
      const calls = await library.castingCalls.where('id').anyOf(callIds).toArray();
      keptRoles.value = calls.flatMap((call) => call?.detail?.roles ?? []);
    },
    { immediate: true },
  );

  /** What the active library keeps offline now, evaluated on the local index. */
  const keptOfflineIds = computed<IdsByKind>(() => {
    void index.revision;
    const ids: IdsByKind = { actor: new Set(), crew: new Set() };
    const add = (kind: ProfileKind, found: Iterable<number>) => {
      const set = ids[kind];
      if (set !== 'all') for (const id of found) set.add(id);
    };
    for (const scope of sync.keptOffline) {
      if (scope.kind === 'roster') {
        const resources = scope.resources ?? ['actors', 'crew'];
        if (resources.includes('actors')) ids.actor = 'all';
        if (resources.includes('crew')) ids.crew = 'all';
      } else if (scope.kind === 'search') {
        const kind: ProfileKind = scope.resource === 'actors' ? 'actor' : 'crew';
        add(kind, index.idsIn(kind, index.search(kind, queryOfScope(scope), { counts: false }).ids, activeOrigin.value));
      }
    }
    if (keptRoles.value.length > 0) {
      const rows = index.actorRows();
      for (const role of keptRoles.value) add('actor', matchRole(role, rows).matches.flatMap((match) => (match.row.origin === activeOrigin.value ? [match.row.id] : [])));
    }
    return ids;
  });

  /** The profiles the chosen saved search finds now. */
  const savedSearchIds = computed<{ kind: ProfileKind; ids: Set<number> } | null>(() => {
    void index.revision;
    const saved = savedSearches.value.find((row) => row.id === filters.value.savedSearchId);
    if (!saved) return null;
    return { kind: saved.kind, ids: new Set(index.idsIn(saved.kind, index.search(saved.kind, queryFromRoute(routeQueryFromText(saved.query)), { counts: false }).ids, activeOrigin.value)) };
  });

  const connectionOrigin = computed(() => {
    const chosen = connections.connections.find((connection) => connection.id === filters.value.connectionId);
    return chosen ? chosen.directoryOrigin : null;
  });
  /** Whether a filter of the active library is chosen (its changes only, then). */
  const activeOnly = computed(() => filters.value.shortlisted || filters.value.keptOffline || filters.value.savedSearchId !== null);

  const filtered = computed<ChangeRecord[]>(() => {
    const { shortlisted, keptOffline, savedSearchId } = filters.value;
    const origin = connectionOrigin.value;
    // Evaluated only while their filter is on: the index changes on every page a sync writes.
    const kept = keptOffline ? keptOfflineIds.value : null;
    const found = savedSearchId !== null ? savedSearchIds.value : null;
    return recent.value.filter((record) => {
      if (filters.value.connectionId !== null && record.origin !== origin) return false;
      if (activeOnly.value && record.origin !== activeOrigin.value) return false;
      if (shortlisted && !(record.kind === 'actor' && shortlistedIds.value.has(record.profileId))) return false;
      if (kept) {
        const ids = kept[record.kind];
        if (ids !== 'all' && !ids.has(record.profileId)) return false;
      }
      if (savedSearchId !== null && !(found && found.kind === record.kind && found.ids.has(record.profileId))) return false;
      return true;
    });
  });

  /** The name of the connection a record's directory is reached through, when it is not the active one. */
  function originLabel(origin: string): string | null {
    if (origin === activeOrigin.value) return null;
    return connections.connections.find((connection) => connection.directoryOrigin === origin)?.name ?? origin;
  }

  return {
    filters,
    recent,
    loaded,
    error,
    filtered,
    activeOnly,
    activeOrigin,
    savedSearches,
    connections: computed(() => connections.connections),
    show,
    hide,
    originLabel,
  };
});
