/**
 * Two to four actors side by side, from the offline library: what a casting director weighs when
 * choosing between them (main picture, acting age, height, languages and dialects with levels,
 * skills, agencies, recent credits). An actor whose detail is not saved yet is asked for once when
 * the directory can be reached; until then the list entry (or the search row) fills in what it can.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { ActorDetail, CreditEntry } from '../../../contract/directory-api.ts';
import { mediaUrl } from '../bridge/castdeskBridge.ts';
import { headshotSource, mainHeadshot } from '../media/galleryOrder.ts';
import type { ActorRow } from '../db/libraryDb.ts';
import { agencyNamesOf } from '../db/searchRows.ts';
import type { ActorSnapshot } from '../db/shortlistDb.ts';
import { toLibraryError, type LibraryError } from './libraryErrors.ts';
import { openLibrary, profilesOf } from './libraryAccess.ts';
import { watchLive } from './liveLibrary.ts';
import { useSearchIndexStore } from './searchIndex.ts';
import { useShortlistsStore, type ActorMemory } from './shortlists.ts';
import { useSyncStore } from './sync.ts';

/** How many actors a comparison holds at least and at most. */
export const compareMin = 2;
export const compareMax = 4;
/** Credits shown per actor, newest first. */
const recentCreditCount = 5;

export const compareCreditGroups = ['film', 'television', 'theatre'] as const;
export type CompareCreditGroup = (typeof compareCreditGroups)[number];

export interface CompareCredit {
  group: CompareCreditGroup;
  name: string;
  role: string | null;
  year: number | null;
  inDevelopment: boolean;
}

/** Skills with a level, keyed like their catalogues. */
export const compareLevelSkills = ['instruments', 'dances', 'singing'] as const;
/** Skills without a level, keyed like their catalogues. */
export const compareListSkills = ['sports', 'licenses', 'drivers_licenses'] as const;

/** One actor's column: closed-list keys (the view labels them), numbers and names. */
export interface CompareActor {
  id: number;
  name: string;
  /** Whether the detail is saved (without it only the list's fields are known). */
  hasDetail: boolean;
  /** Whether the library knows the actor at all. */
  known: boolean;
  /**
   * Set when the actor is known by name only, from a shared list's entry the member's own library
   * lacks: the directory to look them up in ("Look it up", stores/actorLookUp.ts).
   */
  notInLibraryOf?: string;
  removed: boolean;
  pictureUrl: string | null;
  /** The picture's width and height when the saved detail gives them (a list tile's are not known). */
  pictureDimensions: [number, number] | null;
  actingAgeFrom: number | null;
  actingAgeTo: number | null;
  height: number | null;
  /** ISO 639-2 → level key. */
  languages: Record<string, string>;
  /** Dialect key → level key ('' without a level); native dialects carry `native`. */
  dialects: Record<string, string>;
  nativeDialects: string[];
  levelSkills: Record<(typeof compareLevelSkills)[number], Record<string, string>>;
  listSkills: Record<(typeof compareListSkills)[number], string[]>;
  /** Primary agency first. */
  agencies: string[];
  credits: CompareCredit[];
}

/** The ids of a `?ids=1,2,3` query: positive integers, each once, in order, at most four. */
export function parseCompareIds(value: unknown): number[] {
  const text = Array.isArray(value) ? value.join(',') : typeof value === 'string' ? value : '';
  const ids = text
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)].slice(0, compareMax);
}

function creditYear(entry: CreditEntry): number | null {
  const year = entry.year_to ?? entry.year_from;
  return typeof year === 'number' && Number.isFinite(year) ? year : null;
}

/** The newest film, television and theatre credits: in development first, then by year, newest first. */
export function recentCredits(detail: ActorDetail | undefined, count = recentCreditCount): CompareCredit[] {
  const all = compareCreditGroups.flatMap((group) =>
    (detail?.vita?.[group] ?? []).map((entry, index) => ({ entry, group, index })),
  );
  return all
    .sort((a, b) => {
      const byState = Number(b.entry.in_development === true) - Number(a.entry.in_development === true);
      if (byState) return byState;
      const [yearA, yearB] = [creditYear(a.entry), creditYear(b.entry)];
      if (yearA !== yearB) return (yearB ?? -Infinity) - (yearA ?? -Infinity);
      return compareCreditGroups.indexOf(a.group) - compareCreditGroups.indexOf(b.group) || a.index - b.index;
    })
    .slice(0, count)
    .map(({ entry, group }) => ({
      group,
      name: entry.name,
      role: entry.role?.trim() || null,
      year: creditYear(entry),
      inDevelopment: entry.in_development === true,
    }));
}

export const useCompareStore = defineStore('compare', () => {
  const sync = useSyncStore();
  const index = useSearchIndexStore();
  const shortlists = useShortlistsStore();

  const ids = ref<number[]>([]);
  const rows = shallowRef<Map<number, ActorRow>>(new Map());
  const loaded = ref(false);
  const error = ref<LibraryError | null>(null);
  /** Shortlist snapshots of the compared actors: read only for one the library does not know. */
  const snapshots = shallowRef<Map<number, ActorSnapshot>>(new Map());
  watch(
    () => [[...ids.value], shortlists.ready] as const,
    async ([wanted]) => {
      // Without them the column says what the library knows; a failure here is no reason to say more.
      const found = await shortlists.latestSnapshots([...wanted]).catch(() => new Map<number, ActorSnapshot>());
      if (JSON.stringify(wanted) === JSON.stringify(ids.value)) snapshots.value = found;
    },
    { immediate: true },
  );

  /**
   * Where each compared actor is shortlisted (status, rating, colours, note per list), read again
   * whenever a list changes (the lists' counts follow every entry).
   */
  const memories = shallowRef<Map<number, ActorMemory[]>>(new Map());
  watch(
    () => [[...ids.value], shortlists.ready, shortlists.lists] as const,
    async ([wanted]) => {
      const found = await shortlists.memoriesOf([...wanted]).catch(() => new Map<number, ActorMemory[]>());
      if (JSON.stringify(wanted) === JSON.stringify(ids.value)) memories.value = found;
    },
    { immediate: true },
  );

  watchLive(
    () => {
      const db = openLibrary(sync);
      return db && ids.value.length > 0 ? { db, ids: [...ids.value], origin: sync.activeOrigin } : null;
    },
    async ({ db, ids: wanted, origin }) => {
      const found = await profilesOf<ActorRow>(db, 'actor', origin, wanted);
      return new Map(found.filter((row): row is ActorRow => row !== undefined).map((row) => [row.id, row]));
    },
    {
      next: (found) => {
        rows.value = found;
        loaded.value = true;
      },
      error: (failure) => {
        error.value = toLibraryError(failure);
        loaded.value = true;
      },
    },
  );

  // An actor without a saved detail is asked for once per comparison while the directory can be reached.
  const asked = new Set<string>();
  watch(
    () => [rows.value, loaded.value, sync.offline, openLibrary(sync)] as const,
    ([found, answered, offline, db]) => {
      if (!answered || offline || !db) return;
      for (const id of ids.value) {
        const key = `${sync.connectionId}:${id}`;
        if (found.get(id)?.detail || asked.has(key)) continue;
        asked.add(key);
        sync.view('actor', id).catch((failure: unknown) => {
          if (failure && typeof failure === 'object' && 'code' in failure && failure.code === 'not_found') return;
          error.value = toLibraryError(failure);
        });
      }
    },
  );

  /**
   * The picture a column shows: the profile header's (the portrait main picture, large), else the
   * list's tile; with its size when known, so the column can frame it as the header does.
   */
  function pictureOf(row: ActorRow | undefined, searchThumb: string | null): { url: string | null; dimensions: [number, number] | null } {
    const main = mainHeadshot(row?.detail?.pictures ?? [], 'portrait');
    const url = (main ? headshotSource(main) : null) || row?.item.main_picture_url_tile || searchThumb;
    return { url: url && sync.connectionId ? mediaUrl(sync.connectionId, url) : null, dimensions: main?.dimensions ?? null };
  }

  const actors = computed<CompareActor[]>(() => {
    void index.revision;
    return ids.value.map((id) => {
      const row = rows.value.get(id);
      const search = index.rowOf('actor', sync.activeOrigin, id);
      // The library's current profile first; a shortlist's snapshot only when the library has none.
      const snapshot = row === undefined && search === undefined ? snapshots.value.get(id) : undefined;
      const detail = row?.detail;
      const item = row?.item;
      const nativeDialects = detail?.native_dialects?.length ? detail.native_dialects : detail?.native_dialect ? [detail.native_dialect] : [];
      const name =
        (detail ? (detail.name ?? `${detail.first_name} ${detail.last_name}`).trim() : '') ||
        item?.name?.trim() ||
        `${item?.first_name ?? ''} ${item?.last_name ?? ''}`.trim() ||
        search?.name ||
        snapshot?.name ||
        '';
      const picture = pictureOf(row, search?.thumbUrl ?? snapshot?.pictureUrl ?? snapshot?.thumbUrl ?? null);
      return {
        id,
        name,
        hasDetail: detail !== undefined,
        known: row !== undefined || search !== undefined || snapshot !== undefined,
        ...(snapshot?.notInLibrary && sync.activeOrigin ? { notInLibraryOf: sync.activeOrigin } : {}),
        removed: row?.removed !== undefined || search?.removed === 1,
        pictureUrl: picture.url,
        pictureDimensions: picture.dimensions,
        actingAgeFrom: detail?.acting_age_from ?? search?.actingAgeFrom ?? snapshot?.actingAgeFrom ?? null,
        actingAgeTo: detail?.acting_age_to ?? search?.actingAgeTo ?? snapshot?.actingAgeTo ?? null,
        height: detail?.height ?? search?.height ?? snapshot?.height ?? null,
        languages: { ...(detail?.languages ?? item?.languages ?? search?.languageLevels ?? snapshot?.languages ?? {}) },
        dialects: { ...(detail?.dialects ?? {}) },
        nativeDialects,
        levelSkills: {
          instruments: { ...(detail?.instruments ?? {}) },
          dances: { ...(detail?.dances ?? {}) },
          singing: { ...(detail?.singing ?? {}) },
        },
        listSkills: {
          sports: [...(detail?.sports ?? [])],
          licenses: [...(detail?.licenses ?? [])],
          drivers_licenses: [...(detail?.drivers_licenses ?? [])],
        },
        agencies: detail ? agencyNamesOf(detail) : [...(search?.agencies ?? snapshot?.agencies ?? [])],
        credits: recentCredits(detail),
      };
    });
  });

  /** Compares these actors (ids as parsed from the route). */
  function open(next: number[]): void {
    const clean = parseCompareIds(next.join(','));
    if (JSON.stringify(clean) === JSON.stringify(ids.value)) return;
    if (clean.length === 0) {
      rows.value = new Map();
      loaded.value = false;
    }
    ids.value = clean;
  }

  function close(): void {
    ids.value = [];
    rows.value = new Map();
    loaded.value = false;
    asked.clear();
  }

  return { ids, actors, memories, loaded, error, open, close };
});
