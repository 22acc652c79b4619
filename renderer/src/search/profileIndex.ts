/**
 * The in-memory index behind instant search: every cached profile of one kind, searchable by name
 * (every typed word, in any order, matches a word of the name exactly, as its start, with a typo,
 * inside it, or trigram-similar as the directory's `q` does: 'jon' finds Jonas, 'mueler' Müller,
 * 'weber jon' Jonas Weber), filtered by facets with a count beside every value, and sorted, within
 * a frame for 50,000 profiles. It holds search rows only, never details; name search is typed
 * arrays over a word dictionary (nameDictionary.ts, nameMatcher.ts).
 *
 * Counts follow the usual faceted-search rule: a value's count is how many profiles the list would
 * show with that value added to the current filters, so counts never promise an empty list.
 */
import type { SearchRow } from '../db/libraryDb.ts';
import { foldQuery } from './foldName.ts';
import { buildNameDictionary } from './nameDictionary.ts';
import { NameMatcher, type NameMatches } from './nameMatcher.ts';

/** Filters that show a count beside each value. */
export const facetNames = [
  'gender',
  'language',
  'dialect',
  'accent',
  'mainProfession',
  'specialization',
  'profession',
  'agency',
  'residence',
  'accommodation',
  'nationality',
  'skill',
  'showreel',
] as const;
export type FacetName = (typeof facetNames)[number];

/**
 * How the selected values of a facet combine: `any` keeps a profile with one of them (genders,
 * agencies, places), `all` one with every one (languages, skills: "sings and plays piano").
 */
export const facetModes: Record<FacetName, 'any' | 'all'> = {
  gender: 'any',
  language: 'all',
  dialect: 'all',
  accent: 'all',
  mainProfession: 'any',
  specialization: 'all',
  profession: 'any',
  agency: 'any',
  residence: 'any',
  accommodation: 'any',
  nationality: 'any',
  skill: 'all',
  showreel: 'any',
};

/** Language levels, best first (the language_levels catalogue's keys). */
export const languageLevels = ['muttersprachlich', 'fliessend', 'gut', 'grundkenntnisse'] as const;

/** How good a level is: higher is better; unknown keys count as the lowest level. */
export function languageLevelRank(level: string | undefined): number {
  const index = (languageLevels as readonly string[]).indexOf(level ?? '');
  return index < 0 ? 0 : languageLevels.length - index;
}

export type ProfileSort = 'relevance' | 'name' | 'lastName' | 'updated';

export interface ProfileQuery {
  /** Name search text, as typed. */
  text: string;
  /** Selected values per facet. */
  facets: Partial<Record<FacetName, string[]>>;
  /** Minimum level per selected language (ISO 639-2 → level key). */
  languageMinLevels: Record<string, string>;
  /** The acting age range a profile's own range must overlap. */
  actingAgeMin: number | null;
  actingAgeMax: number | null;
  heightMin: number | null;
  heightMax: number | null;
  sort: ProfileSort;
}

export function emptyQuery(): ProfileQuery {
  return { text: '', facets: {}, languageMinLevels: {}, actingAgeMin: null, actingAgeMax: null, heightMin: null, heightMax: null, sort: 'name' };
}

export interface QueryResult {
  /** Ids of the matching profiles, in display order. */
  ids: Int32Array;
  /** For each facet: value → count. */
  counts: Record<FacetName, Map<string, number>>;
  /** Matching profiles whose detail is cached (detail-only filters can judge them). */
  withDetail: number;
}

/** The values a row shows under each facet (keys as the directory sends them). */
function facetValuesOf(row: SearchRow, facet: FacetName): readonly string[] {
  switch (facet) {
    case 'gender': {
      const values = new Set(row.genderSearchability);
      if (row.genderNew) values.add(row.genderNew);
      if (row.gender) values.add(row.gender);
      return [...values];
    }
    case 'language':
      return row.languageCodes;
    case 'dialect':
      return row.dialects ?? [];
    case 'accent':
      return row.accents ?? [];
    case 'mainProfession':
      return row.mainProfession ? [row.mainProfession] : [];
    case 'specialization':
      return row.specializations ?? [];
    case 'profession':
      return row.professions;
    case 'agency':
      return row.agencies ?? [];
    case 'residence':
      return row.residences ?? [];
    case 'accommodation':
      return row.accommodations ?? [];
    case 'nationality':
      return row.nationalities ?? [];
    case 'skill':
      return row.skills ?? [];
    case 'showreel':
      return row.hasShowreel ? ['yes'] : [];
  }
}

interface Columns {
  /** The profile id of each slot. */
  ids: Int32Array;
  removed: Uint8Array;
  hasDetail: Uint8Array;
  /** -1 where unknown. */
  ageFrom: Int16Array;
  ageTo: Int16Array;
  height: Int16Array;
  /** Per facet: the value codes of slot s are codes[offsets[s] .. offsets[s + 1]). */
  offsets: Int32Array[];
  codes: Int32Array[];
  /** Every facet's values of slot s in one run, as global codes (facet base + code): one tight loop counts them all. */
  flatOffsets: Int32Array;
  flatCodes: Int32Array;
  /** Where each facet's codes start in the global numbering. */
  bases: Int32Array;
  totalValues: number;
}

/** One facet's interned values: strings become small integers, counted in typed arrays. */
class Dictionary {
  private readonly codes = new Map<string, number>();
  readonly values: string[] = [];
  code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.codes.set(value, code);
      this.values.push(value);
    }
    return code;
  }
  find(value: string): number | undefined {
    return this.codes.get(value);
  }
}

/** Name search over the current rows: rebuilt after names change, shared by every search until then. */
interface NameSearch {
  matcher: NameMatcher;
  /** Rank in name order → slot, and slot → rank. */
  slotAt: Int32Array;
  rankOf: Int32Array;
  /** The last search's matches, reused by the next search with the same text (its facet counts). */
  lastText: string;
  lastMatches: NameMatches | null;
}

/** A search index over the rows of one profile kind. Not reactive: stores wrap it. */
export class ProfileIndex {
  private readonly slotOf = new Map<number, number>();
  private rows: SearchRow[] = [];
  /** Columns the filter loop reads (typed arrays, one value list per facet); rebuilt after changes. */
  private columns: Columns | null = null;
  private readonly dictionaries = facetNames.map(() => new Dictionary());
  private nameSearch: NameSearch | null = null;
  private orders: Partial<Record<Exclude<ProfileSort, 'relevance'>, Int32Array>> = {};
  private live = 0;
  /** Scratch for the slots of a result, reused by every search. */
  private out = new Int32Array(0);

  /** Profiles in the index that are not removed. */
  get size(): number {
    return this.live;
  }

  /** The row of `id`, removed or not. */
  get(id: number): SearchRow | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : this.rows[slot];
  }

  /** Every live (not removed) row, in no particular order. */
  liveRows(): SearchRow[] {
    return this.rows.filter((row) => row.removed === 0);
  }

  /** Adds or replaces rows (by id). */
  upsert(rows: readonly SearchRow[]): void {
    for (const row of rows) {
      let slot = this.slotOf.get(row.id);
      const before = slot === undefined ? undefined : this.rows[slot];
      if (slot === undefined) {
        slot = this.rows.length;
        this.slotOf.set(row.id, slot);
        this.rows.push(row);
      } else {
        this.rows[slot] = row;
      }
      if (!before || before.removed !== 0) this.live += row.removed === 0 ? 1 : 0;
      if (before && before.removed === 0 && row.removed !== 0) this.live -= 1;
      this.columns = null;
      if (!before || before.name !== row.name || before.removed !== row.removed || before.foldedName !== row.foldedName) this.nameSearch = null;
      if (!before || before.foldedName !== row.foldedName || before.foldedLastName !== row.foldedLastName || before.updatedAt !== row.updatedAt) this.orders = {};
    }
  }

  /** The filter columns of every slot: a few typed arrays instead of 50,000 objects per facet. */
  private columnsNow(): Columns {
    if (this.columns) return this.columns;
    const count = this.rows.length;
    const ids = new Int32Array(count);
    const removed = new Uint8Array(count);
    const hasDetail = new Uint8Array(count);
    const ageFrom = new Int16Array(count).fill(-1);
    const ageTo = new Int16Array(count).fill(-1);
    const height = new Int16Array(count).fill(-1);
    const offsets: Int32Array[] = [];
    const codes: Int32Array[] = [];
    for (let f = 0; f < facetNames.length; f++) {
      const facet = facetNames[f]!;
      const dictionary = this.dictionaries[f]!;
      const starts = new Int32Array(count + 1);
      const list: number[] = [];
      for (let slot = 0; slot < count; slot++) {
        starts[slot] = list.length;
        for (const value of facetValuesOf(this.rows[slot]!, facet)) list.push(dictionary.code(value));
      }
      starts[count] = list.length;
      offsets.push(starts);
      codes.push(Int32Array.from(list));
    }
    for (let slot = 0; slot < count; slot++) {
      const row = this.rows[slot]!;
      ids[slot] = row.id;
      removed[slot] = row.removed === 0 ? 0 : 1;
      hasDetail[slot] = row.hasDetail ? 1 : 0;
      if (row.actingAgeFrom !== null && row.actingAgeTo !== null) {
        ageFrom[slot] = row.actingAgeFrom;
        ageTo[slot] = row.actingAgeTo;
      }
      if (typeof row.height === 'number') height[slot] = row.height;
    }
    const bases = new Int32Array(facetNames.length);
    let totalValues = 0;
    for (let f = 0; f < facetNames.length; f++) {
      bases[f] = totalValues;
      totalValues += this.dictionaries[f]!.values.length;
    }
    const flatOffsets = new Int32Array(count + 1);
    const flatCodes = new Int32Array(codes.reduce((sum, list) => sum + list.length, 0));
    let at = 0;
    for (let slot = 0; slot < count; slot++) {
      flatOffsets[slot] = at;
      for (let f = 0; f < facetNames.length; f++) {
        const list = codes[f]!;
        const base = bases[f]!;
        for (let c = offsets[f]![slot]!, end = offsets[f]![slot + 1]!; c < end; c++) flatCodes[at++] = base + list[c]!;
      }
    }
    flatOffsets[count] = at;
    this.columns = { ids, removed, hasDetail, ageFrom, ageTo, height, offsets, codes, flatOffsets, flatCodes, bases, totalValues };
    return this.columns;
  }

  private order(sort: Exclude<ProfileSort, 'relevance'>): Int32Array {
    const cached = this.orders[sort];
    if (cached) return cached;
    const slots = Array.from({ length: this.rows.length }, (_, slot) => slot);
    const rows = this.rows;
    const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    if (sort === 'name') slots.sort((a, b) => compareText(rows[a]!.foldedName, rows[b]!.foldedName) || rows[a]!.id - rows[b]!.id);
    else if (sort === 'lastName') slots.sort((a, b) => compareText(rows[a]!.foldedLastName ?? '', rows[b]!.foldedLastName ?? '') || rows[a]!.id - rows[b]!.id);
    else slots.sort((a, b) => compareText(rows[b]!.updatedAt, rows[a]!.updatedAt) || rows[a]!.id - rows[b]!.id);
    const order = Int32Array.from(slots);
    this.orders[sort] = order;
    return order;
  }

  /** The name search over the current rows: the word dictionary of every live name, by name rank. */
  private nameSearchNow(): NameSearch {
    if (this.nameSearch) return this.nameSearch;
    const slotAt = this.order('name');
    const rankOf = new Int32Array(slotAt.length);
    const names: (string | null)[] = new Array<string | null>(slotAt.length);
    for (let rank = 0; rank < slotAt.length; rank++) {
      const row = this.rows[slotAt[rank]!]!;
      rankOf[slotAt[rank]!] = rank;
      names[rank] = row.removed === 0 ? row.name : null;
    }
    const matcher = new NameMatcher(buildNameDictionary(names), slotAt.length);
    this.nameSearch = { matcher, slotAt, rankOf, lastText: '', lastMatches: null };
    return this.nameSearch;
  }

  /**
   * The rows whose name matches `text` (every typed word matches a word of the name), or null when
   * there is no text (every row is a candidate). The same text twice is searched once.
   */
  private nameMatches(text: string): { matches: NameMatches; search: NameSearch } | null {
    const folded = foldQuery(text);
    if (!folded) return null;
    const search = this.nameSearchNow();
    if (search.lastText !== folded || !search.lastMatches) {
      search.lastMatches = search.matcher.match(folded.split(' '));
      search.lastText = folded;
    }
    return { matches: search.lastMatches, search };
  }

  /**
   * The profiles matching `query`, in its order, with the count of every facet value. Without
   * `counts` the counts stay empty: counting every value over 50,000 rows is most of a query's
   * cost, and a keystroke needs the list at once but the counts only once typing pauses.
   */
  query(query: ProfileQuery, { counts: counting = true }: { counts?: boolean } = {}): QueryResult {
    const rows = this.rows;
    // Columns first: building them interns every value, so the selected values below find their codes.
    const columns = this.columnsNow();
    const named = this.nameMatches(query.text);
    // Selected facet values as codes; a value no profile has makes the facet match nothing.
    const active: { f: number; mode: 'any' | 'all'; codes: number[] }[] = [];
    for (let f = 0; f < facetNames.length; f++) {
      const selected = query.facets[facetNames[f]!] ?? [];
      if (selected.length === 0) continue;
      const dictionary = this.dictionaries[f]!;
      active.push({ f, mode: facetModes[facetNames[f]!], codes: selected.map((value) => dictionary.find(value) ?? -1) });
    }
    const levelChecks = Object.entries(query.languageMinLevels)
      .filter(([code]) => (query.facets.language ?? []).includes(code))
      .map(([code, level]) => ({ code, rank: languageLevelRank(level) }));
    const counter = new Int32Array(counting ? columns.totalValues : 0);
    const { actingAgeMin, actingAgeMax, heightMin, heightMax } = query;
    const ageLow = actingAgeMin ?? -1;
    const ageHigh = actingAgeMax ?? 10_000;
    const heightLow = heightMin ?? -1;
    const heightHigh = heightMax ?? 10_000;
    const ageFilter = actingAgeMin !== null || actingAgeMax !== null;
    const heightFilter = heightMin !== null || heightMax !== null;
    const { ids: idOf, removed, hasDetail, ageFrom, ageTo, height, offsets, codes, flatOffsets, flatCodes, bases } = columns;
    const anyMode = facetNames.map((facet) => facetModes[facet] === 'any');
    const languageFacet = facetNames.indexOf('language');

    if (this.out.length < rows.length) this.out = new Int32Array(rows.length);
    const out = this.out;
    let found = 0;
    let withDetail = 0;
    const has = (f: number, slot: number, code: number): boolean => {
      const list = codes[f]!;
      for (let c = offsets[f]![slot]!, end = offsets[f]![slot + 1]!; c < end; c++) if (list[c] === code) return true;
      return false;
    };
    const count = (f: number, slot: number): void => {
      const list = codes[f]!;
      const base = bases[f]!;
      for (let c = offsets[f]![slot]!, end = offsets[f]![slot + 1]!; c < end; c++) counter[base + list[c]!]! += 1;
    };
    const visit = (slot: number): void => {
      if (removed[slot] === 1) return;
      if (ageFilter && (ageFrom[slot]! < 0 || ageTo[slot]! < ageLow || ageFrom[slot]! > ageHigh)) return;
      if (heightFilter && (height[slot]! < 0 || height[slot]! < heightLow || height[slot]! > heightHigh)) return;
      let failures = 0;
      let failed = -1;
      for (let a = 0; a < active.length && failures < (counting ? 2 : 1); a++) {
        const facet = active[a]!;
        let ok: boolean;
        if (facet.mode === 'any') {
          ok = false;
          for (const code of facet.codes) if (has(facet.f, slot, code)) ok = true;
        } else {
          ok = true;
          for (const code of facet.codes) if (!has(facet.f, slot, code)) ok = false;
          if (ok && facet.f === languageFacet && levelChecks.length > 0) {
            const levels = rows[slot]!.languageLevels;
            for (const check of levelChecks) if (languageLevelRank(levels?.[check.code]) < check.rank) ok = false;
          }
        }
        if (!ok) {
          failures += 1;
          failed = facet.f;
        }
      }
      if (failures === 0) {
        out[found++] = slot;
        withDetail += hasDetail[slot]!;
        if (counting) for (let c = flatOffsets[slot]!, end = flatOffsets[slot + 1]!; c < end; c++) counter[flatCodes[c]!]! += 1;
      } else if (counting && failures === 1 && anyMode[failed]) {
        count(failed, slot);
      }
    };

    // While typing, nothing but the name filters: rows go straight from the matches to the list.
    const unfiltered = !counting && active.length === 0 && !ageFilter && !heightFilter;
    if (named && query.sort !== 'lastName' && query.sort !== 'updated') {
      // Relevance and name order come straight from the name search, already in order.
      const ranks = query.sort === 'relevance' ? named.matches.byRelevance : named.matches.inNameOrder();
      const slotAt = named.search.slotAt;
      if (unfiltered) {
        for (let i = 0; i < ranks.length; i++) {
          const slot = slotAt[ranks[i]!]!;
          out[found++] = slot;
          withDetail += hasDetail[slot]!;
        }
      } else {
        for (let i = 0; i < ranks.length; i++) visit(slotAt[ranks[i]!]!);
      }
    } else if (!named && unfiltered) {
      const order = this.order(query.sort === 'relevance' ? 'name' : query.sort);
      for (let i = 0; i < order.length; i++) {
        const slot = order[i]!;
        if (removed[slot] === 1) continue;
        out[found++] = slot;
        withDetail += hasDetail[slot]!;
      }
    } else {
      const order = this.order(query.sort === 'relevance' ? 'name' : query.sort);
      if (named) {
        const members = named.matches.membership();
        const rankOf = named.search.rankOf;
        for (let i = 0; i < order.length; i++) if (members[rankOf[order[i]!]!] === 1) visit(order[i]!);
      } else {
        for (let i = 0; i < order.length; i++) visit(order[i]!);
      }
    }

    const ids = new Int32Array(found);
    for (let i = 0; i < found; i++) ids[i] = idOf[out[i]!]!;
    const counts = {} as Record<FacetName, Map<string, number>>;
    for (let f = 0; f < facetNames.length; f++) {
      if (!counting) {
        counts[facetNames[f]!] = new Map();
        continue;
      }
      const map = new Map<string, number>();
      const values = this.dictionaries[f]!.values;
      const base = bases[f]!;
      for (let code = 0; code < values.length; code++) if (counter[base + code]! > 0) map.set(values[code]!, counter[base + code]!);
      // A selected value stays listed (with 0) so it can be unselected.
      for (const value of query.facets[facetNames[f]!] ?? []) if (!map.has(value)) map.set(value, 0);
      counts[facetNames[f]!] = map;
    }
    return { ids, counts, withDetail };
  }
}
