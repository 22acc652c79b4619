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
import type { Columns } from './filterColumns.ts';
import { buildColumnOrder, columnSorts, type ColumnOrder, type ColumnSort } from './columnOrders.ts';
import { foldQuery } from './foldName.ts';
import { buildNameDictionary, updateNameDictionary, type NameDictionary } from './nameDictionary.ts';
import { NameMatcher, type NameMatches } from './nameMatcher.ts';
import { andBits, emptyBits, hasBit, orBits, ValueBitsCache } from './slotBits.ts';

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
  'connection',
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
  connection: 'any',
};

/**
 * Rows of a name search the list asks for at once (`firstScreen`): more than the tallest list or
 * grid shows; the rest are ordered when it scrolls past them.
 */
export const firstScreenLength = 200;

/** Language levels, best first (the language_levels catalogue's keys). */
export const languageLevels = ['muttersprachlich', 'fliessend', 'gut', 'grundkenntnisse'] as const;

/** How good a level is: higher is better; unknown keys count as the lowest level. */
export function languageLevelRank(level: string | undefined): number {
  const index = (languageLevels as readonly string[]).indexOf(level ?? '');
  return index < 0 ? 0 : languageLevels.length - index;
}

/** `fit`: acting age nearest the searched range first (a role's search, issue 22 item 13), then by name. */
export type ProfileSort = 'relevance' | 'name' | 'lastName' | 'updated' | 'fit' | ColumnSort;

/**
 * The legacy m/f/i field folded into the gender facet: a profile without the newer genders is
 * found under the word its letter stands for, so one person is counted once, in the user's words.
 * 'i' (diverse) has no single newer gender and stays a value of its own.
 */
export const legacyGenderValues: Readonly<Record<string, string>> = { m: 'male', f: 'female', i: 'i' };

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
  /** The sort's order turned round (a table header clicked twice); relevance is never reversed. */
  reversed: boolean;
}

export function emptyQuery(): ProfileQuery {
  return { text: '', facets: {}, languageMinLevels: {}, actingAgeMin: null, actingAgeMax: null, heightMin: null, heightMax: null, sort: 'name', reversed: false };
}

export interface QueryResult {
  /** Library keys (SearchRow.uid) of the matching profiles, in display order. */
  ids: Float64Array;
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
      const legacy = row.gender ? legacyGenderValues[row.gender.toLowerCase()] : undefined;
      if (values.size === 0 && legacy) values.add(legacy);
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
    case 'connection':
      return row.connections ?? [];
  }
}

const facetCount = facetNames.length;
const languageFacet = facetNames.indexOf('language');
const anyMode = facetNames.map((facet) => facetModes[facet] === 'any');

/**
 * Reorders `slots[0 .. count)` (in name order) by how near each profile's acting age range lies to
 * the searched one: the distance between their middles, profiles without a range last; name
 * order between equals (the sort is stable). Without a searched range the order stays.
 */
function sortByFit(slots: Int32Array, count: number, columns: Pick<Columns, 'ageFrom' | 'ageTo'>, min: number | null, max: number | null): void {
  if (min === null && max === null) return;
  const middle = ((min ?? max!) + (max ?? min!)) / 2;
  const distance = (slot: number): number => {
    const from = columns.ageFrom[slot]!;
    const to = columns.ageTo[slot]!;
    return from < 0 || to < 0 ? Number.POSITIVE_INFINITY : Math.abs((from + to) / 2 - middle);
  };
  const ranked = Array.from(slots.subarray(0, count), (slot) => ({ slot, distance: distance(slot) }));
  ranked.sort((a, b) => a.distance - b.distance || 0);
  ranked.forEach((entry, i) => (slots[i] = entry.slot));
}

/** The orders a list can be sorted in besides relevance. */
export type OrderName = Exclude<ProfileSort, 'relevance' | 'fit' | ColumnSort>;
export const orderNames: readonly OrderName[] = ['name', 'lastName', 'updated'];

/** Every facet value interned as one small integer (all facets share the numbering), counted in typed arrays. */
export class FacetValues {
  /** The facet (index into facetNames) and text of each code. */
  readonly facets: number[] = [];
  readonly texts: string[] = [];
  private readonly codes = facetNames.map(() => new Map<string, number>());

  constructor(facets: ArrayLike<number> = [], texts: readonly string[] = []) {
    for (let code = 0; code < texts.length; code++) this.code(facets[code]!, texts[code]!);
  }

  get size(): number {
    return this.texts.length;
  }
  code(facet: number, text: string): number {
    const codes = this.codes[facet]!;
    let code = codes.get(text);
    if (code === undefined) {
      code = this.texts.push(text) - 1;
      this.facets.push(facet);
      codes.set(text, code);
    }
    return code;
  }
  find(facet: number, text: string): number | undefined {
    return this.codes[facet]!.get(text);
  }
}

/** Name search over the current rows: rebuilt or updated after names change, shared by every search until then. */
interface NameSearch {
  dictionary: NameDictionary;
  matcher: NameMatcher;
  /** Rank in name order → slot, and slot → rank. */
  slotAt: Int32Array;
  rankOf: Int32Array;
}

/**
 * Everything an index answers queries from, built and settled: what a snapshot stores and a
 * restored index starts from (indexSnapshot.ts).
 */
export interface ProfileIndexState {
  rowCount: number;
  /** The row in a slot (a restored index reads it from the snapshot when first asked). */
  rowAt(slot: number): SearchRow;
  /** A sort key of the row in a slot, without making the row (orders compare thousands of them). */
  sortKeyAt(slot: number, field: SortKeyField): string;
  columns: Columns;
  facetValues: { facets: ArrayLike<number>; texts: readonly string[] };
  orders: Record<OrderName, Int32Array>;
  nameDictionary: NameDictionary;
  readThroughRev: number;
}

/** The row fields the orders sort by. */
export type SortKeyField = 'foldedName' | 'foldedLastName' | 'updatedAt';

/** Beyond this share of changed rows, rebuilding an order or the name dictionary beats updating it. */
const updateShare = 1 / 8;

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A search index over the rows of one profile kind. Not reactive: stores wrap it. */
export class ProfileIndex {
  private readonly slotOf = new Map<number, number>();
  /** Row objects by slot; a restored index makes them from the snapshot when first asked (`storedRow`). */
  private rows: (SearchRow | undefined)[] = [];
  private storedRow: ((slot: number) => SearchRow) | null = null;
  private storedSortKey: ((slot: number, field: SortKeyField) => string) | null = null;
  /** Library keys of the slots a restored index started with. */
  private storedIds: Float64Array | null = null;
  private values = new FacetValues();
  /**
   * Columns, orders and the name search are kept between changes; each remembers the slots
   * upserted since it was last settled and catches up with only those on its next use.
   */
  private columns: Columns | null = null;
  private readonly columnsChanged = new Set<number>();
  private orders: Partial<Record<OrderName, Int32Array>> = {};
  private readonly ordersChanged: Record<OrderName, Set<number>> = { name: new Set(), lastName: new Set(), updated: new Set() };
  private nameSearch: NameSearch | null = null;
  /** The table's column orders, built when first sorted by and dropped on any change (they rebuild in milliseconds). */
  private columnOrders: Partial<Record<ColumnSort, ColumnOrder>> = {};
  /** Slot → rank in `nameRanks.order` (the name order it was taken from). */
  private nameRanks: { order: Int32Array; rankOf: Int32Array } | null = null;
  private readonly namesChanged = new Set<number>();
  private live = 0;
  private readRev = 0;
  /** Scratch for the slots of a result, reused by every search. */
  private out = new Int32Array(0);
  /** The slots of each facet value filtered by, for the current columns. */
  private readonly valueBits = new ValueBitsCache(facetCount);
  /**
   * Every live profile in one order (an empty search: the cleared field), kept while the rows and
   * that order stay the same, so clearing the field costs nothing.
   */
  private everyRow: { columns: Columns; slots: Int32Array; reversed: boolean; ids: Float64Array; withDetail: number } | null = null;
  /** The last counted searches by what they ask (toggling a filter back and forth counts once). */
  private counted: { columns: Columns; results: Map<string, QueryResult> } | null = null;

  /** Profiles in the index that are not removed. */
  get size(): number {
    return this.live;
  }

  /**
   * The highest library `rev` this index has taken in (from its snapshot, its upserts, or as
   * marked read): the store catches up by reading only the search rows above it.
   */
  get readThroughRev(): number {
    return this.readRev;
  }

  /**
   * Records that the store has read every library row up to `rev`, including rows of the other
   * kind this index never sees, so a snapshot written now catches up from there.
   */
  markReadThrough(rev: number): void {
    if (rev > this.readRev) this.readRev = rev;
  }

  /** The row of library key `uid`, removed or not. */
  get(uid: number): SearchRow | undefined {
    const slot = this.slotOf.get(uid);
    return slot === undefined ? undefined : this.rowAt(slot);
  }

  /** Every live (not removed) row, in no particular order. */
  liveRows(): SearchRow[] {
    const live: SearchRow[] = [];
    for (let slot = 0; slot < this.rows.length; slot++) {
      const row = this.rowAt(slot);
      if (row.removed === 0) live.push(row);
    }
    return live;
  }

  private rowAt(slot: number): SearchRow {
    let row = this.rows[slot];
    if (!row) {
      row = this.storedRow!(slot);
      this.rows[slot] = row;
    }
    return row;
  }

  /** Adds or replaces rows (by library key). */
  upsert(rows: readonly SearchRow[]): void {
    if (rows.length > 0) this.columnOrders = {};
    for (const row of rows) {
      let slot = this.slotOf.get(row.uid);
      const before = slot === undefined ? undefined : this.rowAt(slot);
      if (slot === undefined) {
        slot = this.rows.length;
        this.slotOf.set(row.uid, slot);
        this.rows.push(row);
      } else {
        this.rows[slot] = row;
      }
      if (!before || before.removed !== 0) this.live += row.removed === 0 ? 1 : 0;
      if (before && before.removed === 0 && row.removed !== 0) this.live -= 1;
      if (row.rev > this.readRev) this.readRev = row.rev;
      // A structure not built yet is built over every row when first used: nothing to remember.
      if (this.columns) this.columnsChanged.add(slot);
      if (this.nameSearch && (!before || before.name !== row.name || before.removed !== row.removed || before.foldedName !== row.foldedName)) this.namesChanged.add(slot);
      if (this.orders.name && (!before || before.foldedName !== row.foldedName)) this.ordersChanged.name.add(slot);
      if (this.orders.lastName && (!before || before.foldedLastName !== row.foldedLastName)) this.ordersChanged.lastName.add(slot);
      if (this.orders.updated && (!before || before.updatedAt !== row.updatedAt)) this.ordersChanged.updated.add(slot);
    }
  }

  /**
   * The filter columns, caught up with the rows upserted since they were built: unchanged slots
   * are copied over in runs, changed and new ones read from their rows.
   */
  private columnsNow(): Columns {
    const old = this.columns;
    if (old && this.columnsChanged.size === 0) return old;
    const count = this.rows.length;
    const kept = old ? old.ids.length : 0;
    const fresh: number[] = [];
    if (old) for (const slot of this.columnsChanged) if (slot < kept) fresh.push(slot);
    fresh.sort((a, b) => a - b);
    for (let slot = kept; slot < count; slot++) fresh.push(slot);
    this.columnsChanged.clear();

    const ids = new Float64Array(count);
    const removed = new Uint8Array(count);
    const hasDetail = new Uint8Array(count);
    const ageFrom = new Int16Array(count).fill(-1);
    const ageTo = new Int16Array(count).fill(-1);
    const height = new Int16Array(count).fill(-1);
    const age = new Int16Array(count).fill(-1);
    if (old) {
      ids.set(old.ids);
      removed.set(old.removed);
      hasDetail.set(old.hasDetail);
      ageFrom.set(old.ageFrom);
      ageTo.set(old.ageTo);
      height.set(old.height);
      age.set(old.age);
    }
    // The values of the fresh slots, facet by facet, and how many each slot has under each facet.
    const freshCodes: number[] = [];
    const freshRanks: number[] = [];
    const freshLengths = new Int32Array(fresh.length * facetCount);
    fresh.forEach((slot, i) => {
      const row = this.rowAt(slot);
      ids[slot] = row.uid;
      removed[slot] = row.removed === 0 ? 0 : 1;
      hasDetail[slot] = row.hasDetail ? 1 : 0;
      ageFrom[slot] = ageTo[slot] = height[slot] = age[slot] = -1;
      if (typeof row.actingAgeFrom === 'number' && typeof row.actingAgeTo === 'number') {
        ageFrom[slot] = row.actingAgeFrom;
        ageTo[slot] = row.actingAgeTo;
      }
      if (typeof row.height === 'number') height[slot] = row.height;
      if (typeof row.age === 'number' && row.age >= 0) age[slot] = Math.min(row.age, 32_767);
      for (let f = 0; f < facetCount; f++) {
        const values = facetValuesOf(row, facetNames[f]!);
        freshLengths[i * facetCount + f] = values.length;
        for (const value of values) {
          freshCodes.push(this.values.code(f, value));
          freshRanks.push(f === languageFacet ? languageLevelRank(row.languageLevels?.[value]) : 0);
        }
      }
    });
    const freshTotal = freshCodes.length;
    let keptTotal = 0;
    if (old) {
      keptTotal = old.valueStarts[kept * facetCount]!;
      for (const slot of fresh) if (slot < kept) keptTotal -= old.valueStarts[(slot + 1) * facetCount]! - old.valueStarts[slot * facetCount]!;
    }
    const valueStarts = new Int32Array(count * facetCount + 1);
    const valueCodes = new Int32Array(keptTotal + freshTotal);
    const levelRanks = new Uint8Array(valueCodes.length);
    // Unchanged slots between two fresh ones keep their runs, shifted: one copy per stretch.
    let at = 0;
    const copy = (from: number, to: number) => {
      if (!old || from >= to) return;
      const start = old.valueStarts[from * facetCount]!;
      const end = old.valueStarts[to * facetCount]!;
      const shift = at - start;
      for (let i = from * facetCount; i < to * facetCount; i++) valueStarts[i] = old.valueStarts[i]! + shift;
      valueCodes.set(old.valueCodes.subarray(start, end), at);
      levelRanks.set(old.levelRanks.subarray(start, end), at);
      at += end - start;
    };
    let next = 0;
    let freshAt = 0;
    fresh.forEach((slot, i) => {
      copy(next, Math.min(slot, kept));
      for (let f = 0; f < facetCount; f++) {
        valueStarts[slot * facetCount + f] = at;
        for (let end = at + freshLengths[i * facetCount + f]!; at < end; at++) {
          valueCodes[at] = freshCodes[freshAt]!;
          levelRanks[at] = freshRanks[freshAt++]!;
        }
      }
      next = slot + 1;
    });
    copy(next, kept);
    valueStarts[count * facetCount] = at;
    this.columns = { ids, removed, hasDetail, ageFrom, ageTo, height, age, valueStarts, valueCodes, levelRanks };
    return this.columns;
  }

  /** The sort key of a slot: from its row object, or for a restored row not made yet from the snapshot. */
  private sortKey(slot: number, field: SortKeyField): string {
    const row = this.rows[slot];
    return row ? (row[field] ?? '') : this.storedSortKey!(slot, field);
  }

  private idAt(slot: number): number {
    return this.rows[slot]?.uid ?? this.storedIds![slot]!;
  }

  private comparator(sort: OrderName): (a: number, b: number) => number {
    if (!this.storedRow) {
      // Every row is an object (not restored): read the keys straight, the full sort of 500,000 rows compares millions of times.
      const rows = this.rows as SearchRow[];
      if (sort === 'name') return (a, b) => compareText(rows[a]!.foldedName, rows[b]!.foldedName) || rows[a]!.uid - rows[b]!.uid;
      if (sort === 'lastName') return (a, b) => compareText(rows[a]!.foldedLastName ?? '', rows[b]!.foldedLastName ?? '') || rows[a]!.uid - rows[b]!.uid;
      return (a, b) => compareText(rows[b]!.updatedAt, rows[a]!.updatedAt) || rows[a]!.uid - rows[b]!.uid;
    }
    if (sort === 'updated') return (a, b) => compareText(this.sortKey(b, 'updatedAt'), this.sortKey(a, 'updatedAt')) || this.idAt(a) - this.idAt(b);
    const field = sort === 'name' ? 'foldedName' : 'foldedLastName';
    return (a, b) => compareText(this.sortKey(a, field), this.sortKey(b, field)) || this.idAt(a) - this.idAt(b);
  }

  /**
   * The slots in `sort` order. After a few changes the changed slots are taken out and put back
   * where they belong (a binary search each); the comparator is total (ties by id), so the
   * result equals a full sort.
   */
  private order(sort: OrderName): Int32Array {
    const cached = this.orders[sort];
    const changed = this.ordersChanged[sort];
    if (cached && changed.size === 0) return cached;
    const count = this.rows.length;
    const compare = this.comparator(sort);
    let order: Int32Array;
    if (!cached || changed.size > count * updateShare) {
      const slots = Array.from({ length: count }, (_, slot) => slot);
      slots.sort(compare);
      order = Int32Array.from(slots);
    } else {
      const moved = [...changed].sort(compare);
      const isMoved = new Uint8Array(count);
      for (const slot of moved) isMoved[slot] = 1;
      const kept = new Int32Array(count - moved.length);
      let k = 0;
      for (let i = 0; i < cached.length; i++) if (isMoved[cached[i]!] === 0) kept[k++] = cached[i]!;
      order = new Int32Array(count);
      let from = 0;
      let at = 0;
      for (const slot of moved) {
        let low = from;
        let high = kept.length;
        while (low < high) {
          const middle = (low + high) >>> 1;
          if (compare(kept[middle]!, slot) < 0) low = middle + 1;
          else high = middle;
        }
        order.set(kept.subarray(from, low), at);
        at += low - from;
        from = low;
        order[at++] = slot;
      }
      order.set(kept.subarray(from), at);
    }
    changed.clear();
    this.orders[sort] = order;
    return order;
  }

  /**
   * The name search over the current rows: the word dictionary of every live name, by name rank.
   * After a few changes the dictionary is updated (only changed names are folded), else rebuilt.
   */
  private nameSearchNow(): NameSearch {
    const current = this.nameSearch;
    if (current && this.namesChanged.size === 0) return current;
    const slotAt = this.order('name');
    const count = slotAt.length;
    const rankOf = new Int32Array(count);
    for (let rank = 0; rank < count; rank++) rankOf[slotAt[rank]!] = rank;
    const nameAt = (slot: number): string | null => {
      const row = this.rowAt(slot);
      return row.removed === 0 ? row.name : null;
    };
    let dictionary: NameDictionary;
    if (current && this.namesChanged.size <= count * updateShare) {
      const changed = new Uint8Array(count);
      const names = new Map<number, string | null>();
      for (const slot of this.namesChanged) {
        changed[slot] = 1;
        names.set(rankOf[slot]!, nameAt(slot));
      }
      const rankAfter = new Int32Array(current.slotAt.length);
      for (let rank = 0; rank < rankAfter.length; rank++) {
        const slot = current.slotAt[rank]!;
        rankAfter[rank] = changed[slot] === 1 ? -1 : rankOf[slot]!;
      }
      dictionary = updateNameDictionary(current.dictionary, rankAfter, names, count);
    } else {
      const names: (string | null)[] = new Array<string | null>(count);
      for (let rank = 0; rank < count; rank++) names[rank] = nameAt(slotAt[rank]!);
      dictionary = buildNameDictionary(names);
    }
    this.namesChanged.clear();
    this.nameSearch = { dictionary, matcher: new NameMatcher(dictionary, count), slotAt, rankOf };
    return this.nameSearch;
  }

  /** Builds and settles everything queries read, for a snapshot (indexSnapshot.ts). */
  settledState(): ProfileIndexState {
    const columns = this.columnsNow();
    const nameDictionary = this.nameSearchNow().dictionary;
    const orders = { name: this.order('name'), lastName: this.order('lastName'), updated: this.order('updated') };
    return {
      rowCount: this.rows.length,
      rowAt: (slot) => this.rowAt(slot),
      sortKeyAt: (slot, field) => this.sortKey(slot, field),
      columns,
      facetValues: { facets: this.values.facets, texts: this.values.texts },
      orders,
      nameDictionary,
      readThroughRev: this.readRev,
    };
  }

  /** An index answering exactly as the one `state` was taken from; rows are made from `state.rowAt` when asked for. */
  static fromState(state: ProfileIndexState): ProfileIndex {
    const index = new ProfileIndex();
    const { rowCount, columns, orders, nameDictionary } = state;
    index.rows = new Array<SearchRow | undefined>(rowCount);
    index.storedRow = state.rowAt;
    index.storedSortKey = state.sortKeyAt;
    index.storedIds = columns.ids;
    index.values = new FacetValues(state.facetValues.facets, state.facetValues.texts);
    index.columns = columns;
    for (let slot = 0; slot < rowCount; slot++) {
      index.slotOf.set(columns.ids[slot]!, slot);
      if (columns.removed[slot] === 0) index.live += 1;
    }
    if (index.slotOf.size !== rowCount) throw new RangeError('the state holds a profile twice');
    index.orders = { ...orders };
    const rankOf = new Int32Array(rowCount);
    for (let rank = 0; rank < rowCount; rank++) rankOf[orders.name[rank]!] = rank;
    index.nameSearch = { dictionary: nameDictionary, matcher: new NameMatcher(nameDictionary, rowCount), slotAt: orders.name, rankOf };
    index.readRev = state.readThroughRev;
    return index;
  }

  /** Every slot in `sort`'s order: `slots[0 .. known)` have a value to sort by, the rest none. */
  private sortedSlots(sort: OrderName | ColumnSort): ColumnOrder {
    if (!(columnSorts as readonly string[]).includes(sort)) {
      const slots = this.order(sort as OrderName);
      return { slots, known: slots.length };
    }
    const column = sort as ColumnSort;
    let built = this.columnOrders[column];
    if (!built) {
      const columns = this.columnsNow();
      const { valueStarts, valueCodes } = columns;
      const facetOf = { agency: facetNames.indexOf('agency'), residence: facetNames.indexOf('residence') };
      built = buildColumnOrder(column, {
        nameOrder: this.order('name'),
        ageFrom: columns.ageFrom,
        ageTo: columns.ageTo,
        age: columns.age,
        height: columns.height,
        firstValue: (slot, facet) => {
          const at = valueStarts[slot * facetCount + facetOf[facet]]!;
          return at < valueStarts[slot * facetCount + facetOf[facet] + 1]! ? valueCodes[at]! : -1;
        },
        valueText: (code) => this.values.texts[code]!,
      });
      this.columnOrders[column] = built;
    }
    return built;
  }

  /**
   * The other live profiles whose name folds to the same as `id`'s (namesakes the list must tell
   * apart): neighbours in the name order, so a lookup reads a few slots, not the library.
   */
  namesakes(id: number): number[] {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return [];
    const order = this.order('name');
    if (this.nameRanks?.order !== order) {
      const rankOf = new Int32Array(order.length);
      for (let rank = 0; rank < order.length; rank++) rankOf[order[rank]!] = rank;
      this.nameRanks = { order, rankOf };
    }
    const name = this.sortKey(slot, 'foldedName');
    if (!name) return [];
    const rank = this.nameRanks.rankOf[slot]!;
    const found: number[] = [];
    const removed = this.columnsNow().removed;
    for (const step of [-1, 1]) {
      for (let at = rank + step; at >= 0 && at < order.length; at += step) {
        const other = order[at]!;
        if (this.sortKey(other, 'foldedName') !== name) break;
        if (removed[other] === 0) found.push(this.idAt(other));
      }
    }
    return found;
  }

  /**
   * The rows whose name matches `text` (every typed word matches a word of the name), or null when
   * there is no text (every row is a candidate). The same text twice is searched once (NameMatcher).
   */
  private nameMatches(text: string): { matches: NameMatches; search: NameSearch } | null {
    const folded = foldQuery(text);
    if (!folded) return null;
    const search = this.nameSearchNow();
    return { matches: search.matcher.match(folded.split(' ')), search };
  }

  /**
   * Work a keystroke would otherwise do, done in idle time while `stillIdle()` says there is time:
   * name words' prefixes classified (NameMatcher.prepareWhile). Returns whether all is done.
   * Nothing is done before a first name search, nor after rows changed: catching up with them is
   * one long task, which the next search does (and then asks for this again).
   */
  prepareTyping(stillIdle: () => boolean): boolean {
    const search = this.nameSearch;
    if (!search || !this.columns || this.namesChanged.size > 0 || this.columnsChanged.size > 0) return true;
    return search.matcher.prepareWhile(stillIdle);
  }

  /**
   * What the list shows at once for a name alone (no filter, in relevance order): how many
   * profiles match and the first `length` of them, without ordering the rest. Null for any other
   * search, which `query` answers whole at once.
   */
  firstScreen(query: ProfileQuery, length: number): { count: number; ids: Float64Array } | null {
    if (query.sort !== 'relevance' || filtersIn(query)) return null;
    const typed = foldQuery(query.text);
    if (!typed) return null;
    const columns = this.columnsNow();
    const search = this.nameSearchNow();
    const first = search.matcher.firstScreen(typed.split(' '), Math.max(0, length));
    const ids = new Float64Array(first.rows.length);
    for (let i = 0; i < ids.length; i++) ids[i] = columns.ids[search.slotAt[first.rows[i]!]!]!;
    return { count: first.count, ids };
  }

  /**
   * The profiles matching `query`, in its order, with the count of every facet value. Without
   * `counts` the counts stay empty: counting every value over 50,000 rows is most of a query's
   * cost, and a keystroke needs the list at once but the counts only once typing pauses.
   */
  query(query: ProfileQuery, { counts: counting = true }: { counts?: boolean } = {}): QueryResult {
    // Columns first: building them interns every value, so the selected values below find their codes.
    const columns = this.columnsNow();
    // A counted search asked again (the same text and filters, the rows unchanged) is answered
    // from memory: the counts of the cleared field come back at once.
    let countedKey: string | null = null;
    if (counting) {
      if (this.counted?.columns !== columns) this.counted = { columns, results: new Map() };
      countedKey = JSON.stringify([foldQuery(query.text), query.facets, query.languageMinLevels, query.actingAgeMin, query.actingAgeMax, query.heightMin, query.heightMax, query.sort, query.reversed]);
      const known = this.counted.results.get(countedKey);
      if (known) {
        rememberCounted(this.counted.results, countedKey, known);
        return known;
      }
    }
    const named = this.nameMatches(query.text);
    if (named && !counting && (query.sort === 'relevance' || query.sort === 'name') && !filtersIn(query)) {
      // Every keystroke while typing: the matches straight to the list, in their own order.
      return this.listed(columns, query.sort === 'relevance' ? named.matches.byRelevance : named.matches.inNameOrder(), named.search.slotAt, query.reversed && query.sort === 'name');
    }
    const rowCount = this.rows.length;
    const values = this.values;
    // Selected facet values as codes; a value no profile has makes the facet match nothing.
    const active: { f: number; mode: 'any' | 'all'; codes: number[] }[] = [];
    for (let f = 0; f < facetCount; f++) {
      const selected = query.facets[facetNames[f]!] ?? [];
      if (selected.length === 0) continue;
      active.push({ f, mode: facetModes[facetNames[f]!], codes: selected.map((value) => values.find(f, value) ?? -1) });
    }
    const levelChecks = Object.entries(query.languageMinLevels)
      .filter(([code]) => (query.facets.language ?? []).includes(code))
      .map(([code, level]) => ({ code: values.find(languageFacet, code) ?? -1, rank: languageLevelRank(level) }));
    const counter = counting ? new Int32Array(values.size) : noCounter;
    const { actingAgeMin, actingAgeMax, heightMin, heightMax } = query;
    const ageLow = actingAgeMin ?? -1;
    const ageHigh = actingAgeMax ?? 10_000;
    const heightLow = heightMin ?? -1;
    const heightHigh = heightMax ?? 10_000;
    const ageFilter = actingAgeMin !== null || actingAgeMax !== null;
    const heightFilter = heightMin !== null || heightMax !== null;
    const { ids: idOf, removed, hasDetail, ageFrom, ageTo, height, valueStarts, valueCodes } = columns;

    if (this.out.length < rowCount) this.out = new Int32Array(rowCount);
    const out = this.out;
    let found = 0;
    let withDetail = 0;
    // Each selected facet as one bitset of the slots it keeps (its values' bitsets, cached per
    // value): a profile is judged by a bit per facet, not by searching its values.
    const facetBits = active.map(({ f, mode, codes }) => {
      const bits = emptyBits(rowCount);
      if (mode === 'any') {
        for (const code of codes) orBits(bits, this.valueBits.of(columns, f, code));
        return bits;
      }
      bits.fill(~0);
      for (const code of codes) andBits(bits, this.valueBits.of(columns, f, code));
      if (f === languageFacet) for (const check of levelChecks) andBits(bits, this.valueBits.of(columns, f, check.code, check.rank));
      return bits;
    });
    // Without counts only the profiles passing every facet matter: one bit says so.
    let passBits: Uint32Array | null = null;
    if (!counting && facetBits.length > 0) {
      passBits = facetBits[0]!.slice();
      for (let a = 1; a < facetBits.length; a++) andBits(passBits, facetBits[a]!);
    }
    const visit = (slot: number): void => {
      if (removed[slot] === 1) return;
      if (ageFilter && (ageFrom[slot]! < 0 || ageTo[slot]! < ageLow || ageFrom[slot]! > ageHigh)) return;
      if (heightFilter && (height[slot]! < 0 || height[slot]! < heightLow || height[slot]! > heightHigh)) return;
      if (passBits) {
        if (hasBit(passBits, slot)) {
          out[found++] = slot;
          withDetail += hasDetail[slot]!;
        }
        return;
      }
      let failures = 0;
      let failed = -1;
      for (let a = 0; a < active.length && failures < (counting ? 2 : 1); a++) {
        if (!hasBit(facetBits[a]!, slot)) {
          failures += 1;
          failed = active[a]!.f;
        }
      }
      if (failures === 0) {
        out[found++] = slot;
        withDetail += hasDetail[slot]!;
        if (counting) for (let c = valueStarts[slot * facetCount]!, end = valueStarts[(slot + 1) * facetCount]!; c < end; c++) counter[valueCodes[c]!]! += 1;
      } else if (counting && failures === 1 && anyMode[failed]) {
        for (let c = valueStarts[slot * facetCount + failed]!, end = valueStarts[slot * facetCount + failed + 1]!; c < end; c++) counter[valueCodes[c]!]! += 1;
      }
    };

    // While typing, nothing but the name filters: rows go straight from the matches to the list.
    const unfiltered = !counting && active.length === 0 && !ageFilter && !heightFilter;
    const take = (slot: number): void => {
      if (!unfiltered) visit(slot);
      else if (removed[slot] === 0) {
        out[found++] = slot;
        withDetail += hasDetail[slot]!;
      }
    };
    const reversed = query.reversed && query.sort !== 'relevance';
    let everyRowOf: { slots: Int32Array; reversed: boolean } | null = null;
    if (named && (query.sort === 'relevance' || query.sort === 'name')) {
      // Relevance and name order come straight from the name search, already in order.
      const ranks = query.sort === 'relevance' ? named.matches.byRelevance : named.matches.inNameOrder();
      const slotAt = named.search.slotAt;
      const last = ranks.length - 1;
      for (let i = 0; i <= last; i++) take(slotAt[ranks[reversed ? last - i : i]!]!);
    } else {
      // Reversed, the profiles with a value run backwards and those without one stay last.
      const { slots: order, known } = this.sortedSlots(query.sort === 'relevance' || query.sort === 'fit' ? 'name' : query.sort);
      if (!named && unfiltered) {
        const every = this.everyRow;
        if (every && every.columns === columns && every.slots === order && every.reversed === reversed) return { ids: every.ids, counts: uncounted, withDetail: every.withDetail };
        everyRowOf = { slots: order, reversed };
      }
      const members = named ? named.matches.membership() : null;
      const rankOf = named ? named.search.rankOf : null;
      for (let i = 0; i < order.length; i++) {
        const slot = order[reversed && i < known ? known - 1 - i : i]!;
        if (members === null || members[rankOf![slot]!] === 1) take(slot);
      }
    }

    if (query.sort === 'fit') sortByFit(out, found, columns, query.actingAgeMin, query.actingAgeMax);
    const ids = new Float64Array(found);
    for (let i = 0; i < found; i++) ids[i] = idOf[out[i]!]!;
    const counts = counting ? emptyCounts() : uncounted;
    if (counting) {
      for (let code = 0; code < counter.length; code++) if (counter[code]! > 0) counts[facetNames[values.facets[code]!]!].set(values.texts[code]!, counter[code]!);
      // A selected value stays listed (with 0) so it can be unselected.
      for (const facet of facetNames) for (const value of query.facets[facet] ?? []) if (!counts[facet].has(value)) counts[facet].set(value, 0);
    }
    if (everyRowOf) this.everyRow = { columns, ...everyRowOf, ids, withDetail };
    const result = { ids, counts, withDetail };
    if (countedKey !== null) rememberCounted(this.counted!.results, countedKey, result);
    return result;
  }

  /**
   * The rows of name ranks `ranks` (`slotAt`: rank → slot) as a result, in that order or
   * (`reversed`) backwards, removed ones left out.
   */
  private listed(columns: Columns, ranks: Int32Array, slotAt: Int32Array, reversed: boolean): QueryResult {
    const { ids: idOf, removed, hasDetail } = columns;
    const ids = new Float64Array(ranks.length);
    let found = 0;
    let withDetail = 0;
    const last = ranks.length - 1;
    for (let i = 0; i <= last; i++) {
      const slot = slotAt[ranks[reversed ? last - i : i]!]!;
      if (removed[slot] === 1) continue;
      ids[found++] = idOf[slot]!;
      withDetail += hasDetail[slot]!;
    }
    return { ids: found === ids.length ? ids : ids.subarray(0, found), counts: uncounted, withDetail };
  }
}

/** Whether `query` selects a facet value or a range (anything but the name and the order). */
function filtersIn(query: ProfileQuery): boolean {
  if (query.actingAgeMin !== null || query.actingAgeMax !== null || query.heightMin !== null || query.heightMax !== null) return true;
  for (const facet in query.facets) if ((query.facets[facet as FacetName]?.length ?? 0) > 0) return true;
  return false;
}

/** A result's counts with no value counted. */
export function emptyCounts(): Record<FacetName, Map<string, number>> {
  const counts = {} as Record<FacetName, Map<string, number>>;
  for (const facet of facetNames) counts[facet] = new Map();
  return counts;
}

/** The value counter of every search asked without counts (never written). */
const noCounter = new Int32Array(0);

/** The counts of every search asked without them (shared: a result's counts are only read). */
const uncounted = emptyCounts();

/** Counted searches kept per index state: the last few a user goes back and forth between. */
const countedKept = 8;

function rememberCounted(results: Map<string, QueryResult>, key: string, result: QueryResult): void {
  results.delete(key);
  results.set(key, result);
  if (results.size > countedKept) results.delete(results.keys().next().value!);
}
