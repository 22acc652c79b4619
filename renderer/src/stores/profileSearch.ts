/**
 * One list's search (actors or crew): the query the URL describes, its result from the in-memory
 * index, the layout, and the searches the user saved by name. Call inside a store's setup.
 */
import { computed, onScopeDispose, ref, shallowRef, watch } from 'vue';
import { mediaUrl } from '../bridge/castdeskBridge.ts';
import type { LibraryDb, ProfileKind, SavedActorSearch, SavedSearchRow, SearchRow } from '../db/libraryDb.ts';
import { writeLibrary } from '../db/libraryDb.ts';
import { emptyCounts, emptyQuery, firstScreenLength, type ProfileQuery, type ProfileSort, type QueryResult } from '../search/profileIndex.ts';
import { layoutFromRoute, queryFromRoute, routeFromQuery, routeQueryFromText, routeQueryText, type ListLayout, type RouteQuery } from '../search/profileQueryUrl.ts';
import { afterPaint } from './afterPaint.ts';
import { toLibraryError, type LibraryError } from './libraryErrors.ts';
import { openLibrary } from './libraryAccess.ts';
import { createListPreferences } from './listPreferences.ts';
import { watchLive } from './liveLibrary.ts';
import { useSearchIndexStore } from './searchIndex.ts';
import { useSyncStore } from './sync.ts';

/** One profile as the list shows it: its search row (components read it here, never from db/). */
export type ListedProfile = Readonly<SearchRow>;

/** What the list shows: how many profiles match, and the library key at a position. */
export interface ListedIds {
  count: number;
  idAt(position: number): number | undefined;
}

/** Facet counts follow a changed search once typing pauses this long. */
const countsDelayMs = 150;

const genderFilters = ['male', 'female', 'transgender_female', 'transgender_male', 'non_binary', 'custom'] as const;

/** The part of a search the directory itself can answer (for "keep this search offline"). */
export function directorySearchOf(query: ProfileQuery): SavedActorSearch {
  const search: SavedActorSearch = {};
  const text = query.text.trim();
  if (text) search.q = text.slice(0, 200);
  const gender = (query.facets.gender ?? []).find((value): value is SavedActorSearch['gender'] & string => (genderFilters as readonly string[]).includes(value));
  if (gender && (query.facets.gender ?? []).length === 1) search.gender = gender;
  if (query.actingAgeMin !== null) search.actingAgeMin = query.actingAgeMin;
  if (query.actingAgeMax !== null) search.actingAgeMax = query.actingAgeMax;
  const languages = (query.facets.language ?? []).filter((code) => /^[a-z]{3}$/.test(code));
  if (languages.length > 0) search.languages = languages.slice(0, 20);
  return search;
}

export function createProfileSearch(kind: ProfileKind) {
  const sync = useSyncStore();
  const index = useSearchIndexStore();

  const preferences = createListPreferences(kind);
  const query = ref<ProfileQuery>({ ...emptyQuery(), sort: preferences.sort.value.sort, reversed: preferences.sort.value.reversed });
  const layout = preferences.layout;
  // The last order chosen (not relevance, which only a typed name has) is the next list's.
  watch(
    () => [query.value.sort, query.value.reversed] as const,
    ([sort, reversed]) => {
      if (sort !== 'relevance') preferences.sort.value = { sort, reversed };
    },
  );
  const savedSearches = shallowRef<SavedSearchRow[]>([]);
  const error = ref<LibraryError | null>(null);

  /** The matching profiles at once, on every keystroke; their facet counts are in `counts`. */
  const result = computed<QueryResult>(() => {
    void index.revision;
    return index.search(kind, query.value, { counts: false });
  });
  /**
   * What the list shows. A name alone (no filter, relevance order) comes as its count and first
   * screen, and the whole result (`result`, computed only when read) is ordered once the list asks
   * beyond that: a short name matches many or most names, and ordering them all at every keystroke
   * was the slowest part of one.
   */
  const listed = computed<ListedIds & { firstScreenOnly: boolean }>(() => {
    void index.revision;
    const first = index.firstScreen(kind, query.value, firstScreenLength);
    if (!first) {
      const ids = result.value.ids;
      return { count: ids.length, idAt: (position) => ids[position], firstScreenOnly: false };
    }
    return { count: first.count, idAt: (position) => (position < first.ids.length ? first.ids[position] : result.value.ids[position]), firstScreenOnly: true };
  });
  /** Every live profile of this kind in the library. */
  const total = computed(() => {
    void index.revision;
    return index.size(kind);
  });
  /**
   * Live profiles of this kind saved in full (with their detail), across the whole library: filters
   * on detail fields (acting age, height) see only these, whatever the current query matches.
   */
  const savedInFull = computed(() => {
    void index.revision;
    return index.search(kind, emptyQuery(), { counts: false }).withDetail;
  });
  const routeQuery = computed(() => routeFromQuery(query.value, layout.value));

  // The search the facet counts describe: it follows the query once typing or clicking pauses, and
  // a library change at once. Counting is then done only when a view reads `counts`.
  const queryKey = computed(() => JSON.stringify(routeFromQuery(query.value, 'list')));
  const counted = shallowRef({ key: queryKey.value, query: JSON.parse(JSON.stringify(query.value)) as ProfileQuery });
  let countsTimer: ReturnType<typeof setTimeout> | null = null;
  function settleCounts(): void {
    if (countsTimer) clearTimeout(countsTimer);
    countsTimer = null;
    if (counted.value.key !== queryKey.value) counted.value = { key: queryKey.value, query: JSON.parse(JSON.stringify(query.value)) as ProfileQuery };
  }
  watch(queryKey, () => {
    if (countsTimer) clearTimeout(countsTimer);
    countsTimer = setTimeout(settleCounts, countsDelayMs);
  });
  onScopeDispose(() => {
    if (countsTimer) clearTimeout(countsTimer);
  });
  // At start the list comes first: the counts of an index just loaded follow once its rows are painted.
  const countsReady = ref(index.loaded);
  watch(
    () => index.loaded,
    (loaded) => {
      if (!loaded) countsReady.value = false;
      else void afterPaint().then(() => (countsReady.value = index.loaded));
    },
  );
  /** Every facet value's count for the search as it was when typing last paused. */
  const counts = computed<QueryResult['counts']>(() => {
    void index.revision;
    return countsReady.value ? index.search(kind, counted.value.query).counts : emptyCounts();
  });
  /**
   * How many connections the library's profiles of this kind come from, whatever the search: the
   * connection filter shows when more than one, and stays while a search matches only one's.
   */
  const libraryConnections = computed(() => {
    void index.revision;
    return countsReady.value ? index.search(kind, emptyQuery()).counts.connection.size : 0;
  });
  /** True while the counts still describe an earlier search (or none yet). */
  const countsStale = computed(() => !countsReady.value || counted.value.key !== queryKey.value);
  const filtered = computed(() => {
    const current = query.value;
    return (
      current.text.trim() !== '' ||
      Object.values(current.facets).some((values) => values.length > 0) ||
      [current.actingAgeMin, current.actingAgeMax, current.heightMin, current.heightMax].some((bound) => bound !== null)
    );
  });

  /** Takes the search from the route (on open, back, reload); the same search is left alone. */
  function applyRoute(route: RouteQuery): void {
    const next = queryFromRoute(route);
    const nextLayout: ListLayout = layoutFromRoute(route) ?? layout.value;
    // A route that names no order and no name opens in the order last chosen.
    if (route.sort === undefined && route.desc === undefined && !next.text) {
      next.sort = preferences.sort.value.sort;
      next.reversed = preferences.sort.value.reversed;
    }
    if (JSON.stringify(routeFromQuery(next, nextLayout)) === JSON.stringify(routeQuery.value)) return;
    query.value = next;
    layout.value = nextLayout;
    // A search opened from a URL or a saved search is not being typed: its counts come at once.
    settleCounts();
  }

  function setText(text: string): void {
    const hadText = query.value.text.trim() !== '';
    query.value.text = text;
    const hasText = text.trim() !== '';
    // Relevance is the natural order while searching by name, the name order otherwise.
    if (hasText && !hadText && query.value.sort === 'name') query.value.sort = 'relevance';
    if (!hasText && query.value.sort === 'relevance') query.value = { ...query.value, ...preferences.sort.value };
  }

  /** A table header clicked: sort by its column, or the other way round when it already is. */
  function sortBy(sort: ProfileSort): void {
    if (query.value.sort === sort) query.value.reversed = !query.value.reversed;
    else query.value = { ...query.value, sort, reversed: false };
  }

  /**
   * The namesakes of `id` in the current result (other profiles listed under the same name), which
   * the list tells apart by agency, place and year of birth. Cheap per row: a few neighbours in
   * the name order, each looked up in the result's typed array.
   */
  function namesakesShown(id: number): number[] {
    void index.revision;
    const others = index.namesakes(kind, id);
    // A name alone lists a profile's namesakes with it (they have its name): no need to order the rest.
    if (others.length === 0 || listed.value.firstScreenOnly) return others;
    const ids = result.value.ids;
    return others.filter((other) => ids.includes(other));
  }

  function toggleFacetValue(facet: keyof ProfileQuery['facets'], value: string): void {
    const values = query.value.facets[facet] ?? [];
    const next = values.includes(value) ? values.filter((item) => item !== value) : [...values, value];
    if (next.length > 0) query.value.facets[facet] = next;
    else delete query.value.facets[facet];
    if (facet === 'language' && !next.includes(value)) delete query.value.languageMinLevels[value];
  }

  function setLanguageLevel(code: string, level: string | null): void {
    if (level) query.value.languageMinLevels[code] = level;
    else delete query.value.languageMinLevels[code];
  }

  function clearFilters(): void {
    const sort = query.value.sort === 'relevance' ? preferences.sort.value : { sort: query.value.sort, reversed: query.value.reversed };
    query.value = { ...emptyQuery(), ...sort };
  }

  /** The row of a result id (a library key). */
  function row(uid: number): SearchRow | undefined {
    return index.row(kind, uid);
  }

  /**
   * A picture through the back end's media cache (the only way pictures reach the page), asked
   * through a connection to the profile's directory (`origin`; default the active one's).
   */
  function pictureUrl(url: string | null | undefined, origin?: string): string | undefined {
    const through = sync.mediaConnection(origin);
    return url && through ? mediaUrl(through, url) : undefined;
  }

  watchLive(
    () => {
      const db = openLibrary(sync);
      return db ? { db } : null;
    },
    ({ db }: { db: LibraryDb }) => db.savedSearches.where('kind').equals(kind).sortBy('name'),
    {
      next: (rows) => {
        savedSearches.value = rows;
      },
      error: (failure) => {
        error.value = toLibraryError(failure);
      },
    },
  );

  /** Saves the current search under `name` (a search of the same name is replaced). */
  async function saveSearch(name: string): Promise<void> {
    const db = openLibrary(sync);
    const trimmed = name.trim().slice(0, 100);
    if (!db || !trimmed) return;
    const text = routeQueryText(routeQuery.value);
    try {
      await writeLibrary(db, [db.savedSearches], async () => {
        const same = await db.savedSearches.where('kind').equals(kind).filter((row) => row.name === trimmed).primaryKeys();
        await db.savedSearches.bulkDelete(same);
        await db.savedSearches.add({ kind, name: trimmed, query: text, createdAt: new Date().toISOString() });
      });
    } catch (failure) {
      error.value = toLibraryError(failure);
    }
  }

  async function deleteSearch(id: number): Promise<void> {
    const db = openLibrary(sync);
    if (!db) return;
    try {
      await writeLibrary(db, [db.savedSearches], () => db.savedSearches.delete(id));
    } catch (failure) {
      error.value = toLibraryError(failure);
    }
  }

  /**
   * The name "save search" offers when nothing is typed: the role a search was opened from
   * ("search all actors for this role"), until another role's search is opened.
   */
  const nameSuggestion = ref('');
  function suggestName(name: string): void {
    nameSuggestion.value = name.trim();
  }

  /** The route query of a saved search (the view navigates to it). */
  function savedSearchRoute(saved: SavedSearchRow): RouteQuery {
    return routeQueryFromText(saved.query);
  }

  return {
    query,
    layout,
    gridSize: preferences.gridSize,
    tableColumns: preferences.columns,
    toggleTableColumn: preferences.toggleColumn,
    sortBy,
    namesakesShown,
    result,
    listed,
    counts,
    countsStale,
    libraryConnections,
    total,
    savedInFull,
    filtered,
    routeQuery,
    loaded: computed(() => index.loaded),
    indexError: computed(() => index.error),
    savedSearches,
    error,
    applyRoute,
    setText,
    toggleFacetValue,
    setLanguageLevel,
    clearFilters,
    row,
    pictureUrl,
    saveSearch,
    deleteSearch,
    savedSearchRoute,
    nameSuggestion,
    suggestName,
  };
}
