/**
 * The persisted search index: a ProfileIndex as one binary snapshot (an ArrayBuffer, stored in
 * IndexedDB as one value and read back in one get), so the list is searchable at start without
 * reading and indexing every search row. The snapshot holds the rows (as columns, turned back into
 * objects only when asked for), the filter columns, the facet values, the three sort orders and the
 * name dictionary with its trigrams: a restored index answers every query and facet count exactly
 * as the index it was taken from, at once.
 *
 * A snapshot is a picture of the library up to its `readThroughRev`; rows written after it are
 * caught up by reading the search rows above that rev and upserting them (a few changed rows are
 * merged into the restored structures, not rebuilt). A snapshot of another format, of another
 * folding, torn or damaged is answered with null: the caller rebuilds from the rows.
 */
import { foldForSearch, letterSpellings } from '../../../contract/name-folding.ts';
import type { NameDictionary } from './nameDictionary.ts';
import type { Columns } from './filterColumns.ts';
import { facetNames, orderNames, ProfileIndex, type ProfileIndexState } from './profileIndex.ts';
import { SnapshotFormatError, SnapshotReader, SnapshotWriter } from './snapshotBytes.ts';
import { StoredRows, writeRows } from './storedRows.ts';

/**
 * Bump when anything the snapshot holds is laid out or derived differently: its sections, how a
 * name becomes dictionary words (nameDictionary.ts) or a row facet values (facetValuesOf). The
 * folding, the facets and the orders are checked on their own (structureFingerprint).
 */
export const indexSnapshotFormat = 2;

/** 32-bit FNV-1a of a text. */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/**
 * What the stored structures depend on besides the format: the folding (a changed folding table
 * means other dictionary words), the facets and the orders. A snapshot taken under other ones is
 * not read.
 */
const structureFingerprint = hashText(
  [foldForSearch(`ÄÖÜäöü Ŀŉ ${Object.keys(letterSpellings).join('')} Çéñ`), facetNames.join(','), orderNames.join(',')].join('|'),
);

/** The snapshot of `index` (every structure built first, if it was not yet). */
export function snapshotOfIndex(index: ProfileIndex): ArrayBuffer {
  const state = index.settledState();
  const { rowCount, columns, facetValues, orders, nameDictionary: dictionary } = state;
  const writer = new SnapshotWriter(indexSnapshotFormat);
  writer.float64(Float64Array.of(rowCount, state.readThroughRev, structureFingerprint));

  writer.float64(columns.ids);
  writer.uint8(columns.removed);
  writer.uint8(columns.hasDetail);
  writer.int16(columns.ageFrom);
  writer.int16(columns.ageTo);
  writer.int16(columns.height);
  writer.int16(columns.age);
  writer.lengths(columns.valueStarts);
  writer.codes(columns.valueCodes);
  writer.uint8(languageLevelRanks(columns, rowCount));
  writer.uint8(Uint8Array.from(facetValues.facets));
  writer.strings(facetValues.texts);
  writeRows(writer, state);

  for (const name of orderNames) writer.int32(orders[name]);

  const trigramTexts = new Array<string>(dictionary.trigramCodes.size);
  for (const [text, code] of dictionary.trigramCodes) trigramTexts[code] = text;
  writer.strings(dictionary.words);
  writer.int32(dictionary.postingStarts);
  writer.int32(dictionary.postings);
  writer.strings(trigramTexts);
  writer.int32(dictionary.wordTrigramStarts);
  writer.int32(dictionary.wordTrigrams);
  writer.int32(dictionary.trigramWordStarts);
  writer.int32(dictionary.trigramWords);
  writer.uint32(dictionary.rowLetters);
  return writer.finish();
}

/**
 * The index a snapshot holds, or null when `snapshot` is not a whole, undamaged snapshot of this
 * format and folding (anything at all may be passed: whatever IndexedDB returned). Never throws.
 * The index views the snapshot's bytes in place: the buffer must not be transferred or written to.
 */
export function restoreIndex(snapshot: unknown): ProfileIndex | null {
  try {
    const reader = SnapshotReader.open(snapshot, indexSnapshotFormat);
    if (!reader) return null;
    const meta = reader.float64(3);
    const rowCount = meta[0]!;
    const readThroughRev = meta[1]!;
    const fingerprint = meta[2]!;
    if (fingerprint !== structureFingerprint || !Number.isInteger(rowCount) || rowCount < 0 || !Number.isFinite(readThroughRev)) return null;
    const ids = reader.float64(rowCount);
    const removed = reader.uint8(rowCount);
    const hasDetail = reader.uint8(rowCount);
    const ageFrom = reader.int16(rowCount);
    const ageTo = reader.int16(rowCount);
    const height = reader.int16(rowCount);
    const age = reader.int16(rowCount);
    const valueStarts = reader.starts(rowCount * facetNames.length);
    const valueCodes = reader.codes(valueStarts[valueStarts.length - 1]);
    const languageRanks = reader.uint8();
    const valueFacets = reader.uint8();
    const valueTexts = reader.strings(valueFacets.length);
    checkBelow(valueCodes, valueTexts.length);
    checkBelow(valueFacets, facetNames.length);
    const levelRanks = spreadLanguageLevelRanks(languageRanks, valueStarts, rowCount);
    const columns: Columns = { ids, removed, hasDetail, ageFrom, ageTo, height, age, valueStarts, valueCodes, levelRanks };
    const facetTexts = (slot: number, facet: number): string[] => {
      const texts: string[] = [];
      for (let c = valueStarts[slot * facetCount + facet]!, end = valueStarts[slot * facetCount + facet + 1]!; c < end; c++) texts.push(valueTexts[valueCodes[c]!]!);
      return texts;
    };
    const rows = StoredRows.read(reader, rowCount, ids, facetTexts);

    const [name, lastName, updated] = orderNames.map(() => checkPermutation(reader.int32(rowCount)));
    const orders = { name: name!, lastName: lastName!, updated: updated! };

    const words = reader.strings();
    const postingStarts = checkStarts(reader.int32(words.length + 1));
    const postings = checkBelow(reader.int32(postingStarts[words.length]), rowCount);
    const trigramTexts = reader.strings();
    const wordTrigramStarts = checkStarts(reader.int32(words.length + 1));
    const wordTrigrams = checkBelow(reader.int32(wordTrigramStarts[words.length]), trigramTexts.length);
    const trigramWordStarts = checkStarts(reader.int32(trigramTexts.length + 1));
    const trigramWords = checkBelow(reader.int32(trigramWordStarts[trigramTexts.length]), words.length);
    const rowLetters = reader.uint32(rowCount);
    reader.finish();
    const trigramCodes = new Map<string, number>();
    trigramTexts.forEach((text, code) => trigramCodes.set(text, code));
    const nameDictionary: NameDictionary = { words, postingStarts, postings, trigramCodes, wordTrigramStarts, wordTrigrams, trigramWordStarts, trigramWords, rowLetters };

    const state: ProfileIndexState = {
      rowCount,
      rowAt: (slot) => rows.row(slot),
      sortKeyAt: (slot, field) => rows.sortKey(slot, field),
      columns,
      facetValues: { facets: valueFacets, texts: valueTexts },
      orders,
      nameDictionary,
      readThroughRev,
    };
    return ProfileIndex.fromState(state);
  } catch {
    // A snapshot the checks above let through but that still does not fit: rebuild all the same.
    return null;
  }
}

const facetCount = facetNames.length;
const languageFacet = facetNames.indexOf('language');

/** The level ranks beside language codes only, slot by slot (the other values have none). */
function languageLevelRanks(columns: Columns, rowCount: number): Uint8Array {
  const ranks: number[] = [];
  for (let slot = 0; slot < rowCount; slot++) {
    for (let c = columns.valueStarts[slot * facetCount + languageFacet]!, end = columns.valueStarts[slot * facetCount + languageFacet + 1]!; c < end; c++) ranks.push(columns.levelRanks[c]!);
  }
  return Uint8Array.from(ranks);
}

/** The level ranks of `languageLevelRanks` put back beside their language codes. */
function spreadLanguageLevelRanks(languageRanks: Uint8Array, valueStarts: Int32Array, rowCount: number): Uint8Array {
  const levelRanks = new Uint8Array(valueStarts[valueStarts.length - 1]!);
  let at = 0;
  for (let slot = 0; slot < rowCount; slot++) {
    for (let c = valueStarts[slot * facetCount + languageFacet]!, end = valueStarts[slot * facetCount + languageFacet + 1]!; c < end; c++) {
      if (at >= languageRanks.length) throw new SnapshotFormatError('fewer language levels than languages');
      levelRanks[c] = languageRanks[at++]!;
    }
  }
  if (at !== languageRanks.length) throw new SnapshotFormatError('more language levels than languages');
  return levelRanks;
}

/** `array`, after checking that every entry is in [0, limit). */
function checkBelow<T extends Int32Array | Uint8Array>(array: T, limit: number): T {
  for (let i = 0; i < array.length; i++) if (array[i]! < 0 || array[i]! >= limit) throw new SnapshotFormatError(`an entry ${array[i]} is not below ${limit}`);
  return array;
}

/** `starts`, after checking that it begins at 0 and never goes back. */
function checkStarts(starts: Int32Array): Int32Array {
  if (starts[0] !== 0) throw new SnapshotFormatError('starts do not begin at 0');
  for (let i = 1; i < starts.length; i++) if (starts[i]! < starts[i - 1]!) throw new SnapshotFormatError('starts go back');
  return starts;
}

/** `order`, after checking that it holds every slot once. */
function checkPermutation(order: Int32Array): Int32Array {
  const seen = new Uint8Array(order.length);
  for (let i = 0; i < order.length; i++) {
    const slot = order[i]!;
    if (slot < 0 || slot >= order.length || seen[slot] === 1) throw new SnapshotFormatError('an order misses a slot');
    seen[slot] = 1;
  }
  return order;
}
