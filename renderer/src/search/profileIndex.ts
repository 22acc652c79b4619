/**
 * The in-memory index behind instant search: every cached profile of one kind, searchable by name
 * the way the directory's `q` works (contains the text, or is trigram word-similar to it: 'jon'
 * finds Jonas, 'mueler' finds Müller), filtered by facets with a count beside every value, and
 * sorted, all within one frame for 50,000 profiles. It holds search rows only, never details.
 *
 * Counts follow the usual faceted-search rule: a value's count is how many profiles the list would
 * show with that value added to the current filters, so counts never promise an empty list.
 */
import type { SearchRow } from '../db/libraryDb.ts';
import { foldQuery } from './foldName.ts';

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

/** The word-similarity a trigram match needs (the directory's `<%` threshold). */
const similarityThreshold = 0.6;

/** pg_trgm's trigrams of a folded text: each word padded with two spaces before and one after. */
export function trigramsOf(folded: string): Set<string> {
  const trigrams = new Set<string>();
  for (const word of folded.split(' ')) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) trigrams.add(padded.slice(i, i + 3));
  }
  return trigrams;
}

/**
 * pg_trgm's word_similarity: the best Jaccard similarity between the query's trigrams and those of
 * any continuous extent of the name's trigram sequence, so 'muller' scores 0.5 against
 * "mueller" (below the threshold, as in the directory) while 'jon' scores 0.75 against "jonas".
 */
function wordSimilarity(query: Set<number>, querySize: number, sequence: readonly number[]): number {
  let best = 0;
  for (let start = 0; start < sequence.length; start++) {
    if (!query.has(sequence[start]!)) continue;
    const seen = new Set<number>();
    let common = 0;
    for (let end = start; end < sequence.length; end++) {
      const trigram = sequence[end]!;
      if (seen.has(trigram)) continue;
      seen.add(trigram);
      if (query.has(trigram)) {
        common += 1;
        const similarity = common / (querySize + seen.size - common);
        if (similarity > best) best = similarity;
      }
    }
  }
  return best;
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

/** A search index over the rows of one profile kind. Not reactive: stores wrap it. */
export class ProfileIndex {
  private readonly slotOf = new Map<number, number>();
  private rows: SearchRow[] = [];
  private foldedNames: string[] = [];
  private trigramCodes: number[][] = [];
  /** Columns the filter loop reads (typed arrays, one value list per facet); rebuilt after changes. */
  private columns: Columns | null = null;
  private readonly dictionaries = facetNames.map(() => new Dictionary());
  private readonly trigramIds = new Map<string, number>();
  private postings: number[][] = [];
  /** Slots whose name changed since the postings were built: their old trigrams may still be listed. */
  private postingsStale = false;
  private orders: Partial<Record<Exclude<ProfileSort, 'relevance'>, Int32Array>> = {};
  private live = 0;
  private trigramCounter = new Uint16Array(0);
  private candidateMark = new Uint8Array(0);
  /** Scratch for relevance sorting: the score of each matching slot. */
  private scoreBySlot = new Float64Array(0);

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
        this.foldedNames.push(row.foldedName);
        this.trigramCodes.push(this.addTrigrams(slot, row.foldedName));
      } else {
        this.rows[slot] = row;
        if (this.foldedNames[slot] !== row.foldedName) {
          this.foldedNames[slot] = row.foldedName;
          this.trigramCodes[slot] = this.addTrigrams(slot, row.foldedName);
          this.postingsStale = true;
        }
      }
      if (!before || before.removed !== 0) this.live += row.removed === 0 ? 1 : 0;
      if (before && before.removed === 0 && row.removed !== 0) this.live -= 1;
      this.columns = null;
      if (!before || before.foldedName !== row.foldedName || before.foldedLastName !== row.foldedLastName || before.updatedAt !== row.updatedAt) this.orders = {};
    }
  }

  /** The filter columns of every slot: a few typed arrays instead of 50,000 objects per facet. */
  private columnsNow(): Columns {
    if (this.columns) return this.columns;
    const count = this.rows.length;
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
    this.columns = { removed, hasDetail, ageFrom, ageTo, height, offsets, codes, flatOffsets, flatCodes, bases, totalValues };
    return this.columns;
  }

  private addTrigrams(slot: number, folded: string): number[] {
    const codes: number[] = [];
    for (const trigram of trigramsOf(folded)) {
      let id = this.trigramIds.get(trigram);
      if (id === undefined) {
        id = this.postings.length;
        this.trigramIds.set(trigram, id);
        this.postings.push([]);
      }
      codes.push(id);
      this.postings[id]!.push(slot);
    }
    return codes;
  }

  /** Drops stale postings (after renames): rebuilt from the current trigrams of every slot. */
  private rebuildPostings(): void {
    this.postings = this.postings.map(() => []);
    for (let slot = 0; slot < this.trigramCodes.length; slot++) for (const id of this.trigramCodes[slot]!) this.postings[id]!.push(slot);
    this.postingsStale = false;
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

  /**
   * Name matches as slot → score: 3 for a word starting with the text, 2 for containing it, the
   * trigram word-similarity (0.6–1) otherwise. Null when there is no text (every row is a candidate).
   */
  private nameMatches(text: string): Map<number, number> | null {
    const folded = foldQuery(text);
    if (!folded) return null;
    const scores = new Map<number, number>();
    const names = this.foldedNames;
    const wordStart = ` ${folded}`;
    for (let slot = 0; slot < names.length; slot++) {
      const name = names[slot]!;
      const at = name.indexOf(folded);
      if (at < 0) continue;
      scores.set(slot, at === 0 || name.includes(wordStart) ? 3 : 2);
    }
    const queryTrigrams = [...trigramsOf(folded)].map((trigram) => this.trigramIds.get(trigram));
    const needed = Math.ceil(similarityThreshold * queryTrigrams.length - 1e-9);
    const known = queryTrigrams.filter((id): id is number => id !== undefined);
    if (known.length < needed || needed === 0) return scores;
    if (this.postingsStale) this.rebuildPostings();
    if (this.trigramCounter.length < this.rows.length) this.trigramCounter = new Uint16Array(this.rows.length * 2);
    const counter = this.trigramCounter;
    const touched: number[] = [];
    for (const id of known) {
      for (const slot of this.postings[id]!) {
        if (counter[slot] === 0) touched.push(slot);
        counter[slot]! += 1;
      }
    }
    const querySet = new Set(known);
    for (const slot of touched) {
      const hits = counter[slot]!;
      counter[slot] = 0;
      // Shared trigrams over the query's bound the similarity from above: only those that pass it are scored.
      if (hits < needed || scores.has(slot)) continue;
      const similarity = wordSimilarity(querySet, queryTrigrams.length, this.trigramCodes[slot]!);
      if (similarity >= similarityThreshold) scores.set(slot, similarity);
    }
    return scores;
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
    const matches = this.nameMatches(query.text);
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
    const { removed, hasDetail, ageFrom, ageTo, height, offsets, codes, flatOffsets, flatCodes, bases } = columns;
    const anyMode = facetNames.map((facet) => facetModes[facet] === 'any');
    const languageFacet = facetNames.indexOf('language');

    const out: number[] = [];
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
        out.push(slot);
        withDetail += hasDetail[slot]!;
        if (counting) for (let c = flatOffsets[slot]!, end = flatOffsets[slot + 1]!; c < end; c++) counter[flatCodes[c]!]! += 1;
      } else if (counting && failures === 1 && anyMode[failed]) {
        count(failed, slot);
      }
    };

    if (matches && query.sort === 'relevance') {
      // Best score first, by name within a score: one walk in name order puts each match in its
      // score's bucket (a keystroke's few distinct scores), instead of sorting up to 50,000 matches.
      const order = this.order('name');
      if (this.scoreBySlot.length < rows.length) this.scoreBySlot = new Float64Array(rows.length * 2);
      if (this.candidateMark.length < rows.length) this.candidateMark = new Uint8Array(rows.length * 2);
      const score = this.scoreBySlot;
      const mark = this.candidateMark;
      for (const [slot, value] of matches) {
        score[slot] = value;
        mark[slot] = 1;
      }
      const buckets = new Map<number, number[]>();
      for (let i = 0; i < order.length; i++) {
        const slot = order[i]!;
        if (mark[slot] !== 1) continue;
        mark[slot] = 0;
        const bucket = buckets.get(score[slot]!);
        if (bucket) bucket.push(slot);
        else buckets.set(score[slot]!, [slot]);
      }
      for (const value of [...buckets.keys()].sort((a, b) => b - a)) for (const slot of buckets.get(value)!) visit(slot);
    } else {
      const order = this.order(query.sort === 'relevance' ? 'name' : query.sort);
      if (matches) {
        if (this.candidateMark.length < rows.length) this.candidateMark = new Uint8Array(rows.length * 2);
        const mark = this.candidateMark;
        for (const slot of matches.keys()) mark[slot] = 1;
        for (let i = 0; i < order.length; i++) {
          const slot = order[i]!;
          if (mark[slot] === 1) {
            mark[slot] = 0;
            visit(slot);
          }
        }
      } else {
        for (let i = 0; i < order.length; i++) visit(order[i]!);
      }
    }

    const ids = new Int32Array(out.length);
    for (let i = 0; i < out.length; i++) ids[i] = rows[out[i]!]!.id;
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
