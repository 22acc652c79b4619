/**
 * Search rows in a snapshot, column by column: every string interned once in a string table and
 * named by its code, numbers as int32 (or float64) columns, and the lists a facet column already
 * holds (languages, skills, agencies …) not stored twice but read back from that column. A restored
 * index turns a row back into an object only when it is asked for (the rows on screen, a changed
 * row), so restoring 50,000 rows costs one text decode, not 50,000 objects.
 *
 * Read back, a row equals the row written except that a missing list is an empty one and a
 * missing number or text null (older rows may lack fields), and extra fields are gone.
 */
import type { ProfileKind, SearchRow } from '../db/libraryDb.ts';
import { originStride } from '../db/libraryKey.ts';
import { facetNames, type FacetName, type ProfileIndexState, type SortKeyField } from './profileIndex.ts';
import { missingInt32, SnapshotFormatError, type SnapshotReader, type SnapshotWriter, type StringTable } from './snapshotBytes.ts';

/** Texts most rows share, interned. */
const textFields = ['kind', 'gender', 'genderNew', 'mainProfession', 'origin'] as const;
/** Texts nearly every row has its own: stored as they are, one list per field (interning them costs more than it saves). */
const ownTextFields = ['name', 'foldedName', 'foldedLastName', 'updatedAt', 'thumbUrl'] as const;
/** Lists no facet column holds as they are; language levels follow them as key and level codes in turn. */
const ownListFields = ['genderSearchability', 'ethnicBackgrounds'] as const;
const listCount = ownListFields.length + 1;
const numberFields = ['age', 'actingAgeFrom', 'actingAgeTo', 'height', 'rev'] as const;
/** Lists that are exactly a facet's values (facetValuesOf in profileIndex.ts returns them as they are). */
const facetLists = {
  languageCodes: 'language',
  dialects: 'dialect',
  accents: 'accent',
  specializations: 'specialization',
  professions: 'profession',
  agencies: 'agency',
  residences: 'residence',
  accommodations: 'accommodation',
  nationalities: 'nationality',
  skills: 'skill',
  connections: 'connection',
} as const satisfies Partial<Record<keyof SearchRow, FacetName>>;

type TextField = (typeof textFields)[number];
type OwnTextField = (typeof ownTextFields)[number];
type NumberField = (typeof numberFields)[number];

/** Writes the rows of a settled index; the facet lists come back from `state.columns`. */
export function writeRows(writer: SnapshotWriter, state: ProfileIndexState): void {
  const count = state.rowCount;
  const codes = new Map<string, number>();
  const texts: string[] = [];
  const code = (text: string): number => {
    let found = codes.get(text);
    if (found === undefined) {
      found = texts.push(text) - 1;
      codes.set(text, found);
    }
    return found;
  };
  const textColumns = textFields.map(() => new Int32Array(count));
  const ownTexts = ownTextFields.map(() => new Array<string>(count));
  /** Per row: bit f set when ownTextFields[f] is not a string (null or missing). */
  const missingTexts = new Uint8Array(count);
  const numberColumns = numberFields.map(() => new Float64Array(count));
  const listStarts = new Int32Array(count * listCount + 1);
  const listCodes: number[] = [];
  const flags = new Uint8Array(count);
  for (let slot = 0; slot < count; slot++) {
    const row = state.rowAt(slot);
    for (let f = 0; f < textFields.length; f++) {
      const value = row[textFields[f]!];
      textColumns[f]![slot] = typeof value === 'string' ? code(value) : -1;
    }
    for (let f = 0; f < ownTextFields.length; f++) {
      const value = row[ownTextFields[f]!];
      ownTexts[f]![slot] = typeof value === 'string' ? value : '';
      if (typeof value !== 'string') missingTexts[slot]! |= 1 << f;
    }
    for (let f = 0; f < numberFields.length; f++) {
      const value = row[numberFields[f]!];
      numberColumns[f]![slot] = typeof value === 'number' ? value : Number.NaN;
    }
    for (let f = 0; f < ownListFields.length; f++) {
      for (const value of row[ownListFields[f]!] ?? []) listCodes.push(code(value));
      listStarts[slot * listCount + f + 1] = listCodes.length;
    }
    for (const [language, level] of Object.entries(row.languageLevels ?? {})) listCodes.push(code(language), code(level));
    listStarts[(slot + 1) * listCount] = listCodes.length;
    flags[slot] = (row.hasShowreel ? 1 : 0) | (row.hasDetail ? 2 : 0) | (row.removed ? 4 : 0);
  }
  writer.strings(texts);
  for (const column of textColumns) writer.int32(column);
  for (const texts of ownTexts) writer.strings(texts);
  writer.uint8(missingTexts);
  for (const column of numberColumns) writer.numbers(column);
  writer.lengths(listStarts);
  writer.int32(Int32Array.from(listCodes));
  writer.uint8(flags);
}

/** The rows of a snapshot, each rebuilt as an object on demand. */
export class StoredRows {
  private constructor(
    private readonly texts: StringTable,
    private readonly textColumns: Int32Array[],
    private readonly ownTexts: StringTable[],
    private readonly missingTexts: Uint8Array,
    private readonly numberColumns: (Float64Array | Int32Array)[],
    /** Row s's list f is listCodes[listStarts[s * listCount + f] .. listStarts[s * listCount + f + 1]). */
    private readonly listStarts: Int32Array,
    private readonly listCodes: Int32Array,
    private readonly flags: Uint8Array,
    private readonly ids: Float64Array,
    private readonly facetTexts: (slot: number, facet: number) => string[],
  ) {}

  /**
   * Reads the row columns of `count` rows, checking every code against the string table; ids and
   * facet lists come from the index columns (`ids`, `facetTexts`).
   */
  static read(reader: SnapshotReader, count: number, ids: Float64Array, facetTexts: (slot: number, facet: number) => string[]): StoredRows {
    const texts = reader.stringTable();
    const textColumns = textFields.map(() => reader.int32(count));
    const ownTexts = ownTextFields.map(() => reader.stringTable(count));
    const missingTexts = reader.uint8(count);
    const numberColumns = numberFields.map(() => reader.numbers(count));
    const listStarts = reader.starts(count * listCount);
    const listCodes = reader.int32(listStarts[count * listCount]);
    const flags = reader.uint8(count);
    for (const column of textColumns) for (let i = 0; i < count; i++) if (column[i]! >= texts.size || column[i]! < -1) throw new SnapshotFormatError('a row names a missing string');
    for (let i = 0; i < listCodes.length; i++) if (listCodes[i]! < 0 || listCodes[i]! >= texts.size) throw new SnapshotFormatError('a row list names a missing string');
    return new StoredRows(texts, textColumns, ownTexts, missingTexts, numberColumns, listStarts, listCodes, flags, ids, facetTexts);
  }

  /** A text the orders sort by, read without making the row. */
  sortKey(slot: number, field: SortKeyField): string {
    const f = ownTextFields.indexOf(field);
    return (this.missingTexts[slot]! & (1 << f)) !== 0 ? '' : this.ownTexts[f]!.at(slot);
  }

  /** The row in `slot`. */
  row(slot: number): SearchRow {
    const text = (field: TextField): string | null => {
      const code = this.textColumns[textFields.indexOf(field)]![slot]!;
      return code < 0 ? null : this.texts.at(code);
    };
    const ownText = (field: OwnTextField): string | null => {
      const f = ownTextFields.indexOf(field);
      return (this.missingTexts[slot]! & (1 << f)) !== 0 ? null : this.ownTexts[f]!.at(slot);
    };
    const number = (field: NumberField): number | null => {
      const value = this.numberColumns[numberFields.indexOf(field)]![slot]!;
      return Number.isNaN(value) || value === missingInt32 ? null : value;
    };
    const list = (f: number): string[] => {
      const values: string[] = [];
      for (let at = this.listStarts[slot * listCount + f]!, end = this.listStarts[slot * listCount + f + 1]!; at < end; at++) values.push(this.texts.at(this.listCodes[at]!));
      return values;
    };
    const languageLevels: Record<string, string> = {};
    for (let at = this.listStarts[slot * listCount + ownListFields.length]!, end = this.listStarts[(slot + 1) * listCount]!; at < end; at += 2) {
      languageLevels[this.texts.at(this.listCodes[at]!)] = this.texts.at(this.listCodes[at + 1]!);
    }
    const fromFacets = {} as Record<keyof typeof facetLists, string[]>;
    for (const [field, facet] of Object.entries(facetLists)) fromFacets[field as keyof typeof facetLists] = this.facetTexts(slot, facetNames.indexOf(facet));
    const flags = this.flags[slot]!;
    return {
      kind: text('kind') as ProfileKind,
      uid: this.ids[slot]!,
      // The directory's id is the low part of the library key (libraryUid).
      id: this.ids[slot]! % originStride,
      origin: text('origin') ?? '',
      name: ownText('name') ?? '',
      foldedName: ownText('foldedName') ?? '',
      foldedLastName: ownText('foldedLastName') ?? '',
      gender: text('gender'),
      genderNew: text('genderNew'),
      genderSearchability: list(0),
      age: number('age'),
      actingAgeFrom: number('actingAgeFrom'),
      actingAgeTo: number('actingAgeTo'),
      languageLevels,
      mainProfession: text('mainProfession'),
      height: number('height'),
      ethnicBackgrounds: list(1),
      hasShowreel: (flags & 1) !== 0,
      hasDetail: (flags & 2) !== 0 ? 1 : 0,
      updatedAt: ownText('updatedAt') ?? '',
      thumbUrl: ownText('thumbUrl'),
      removed: (flags & 4) !== 0 ? 1 : 0,
      rev: number('rev') ?? 0,
      ...fromFacets,
    };
  }
}
