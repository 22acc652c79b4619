/**
 * Bitsets over the slots of a ProfileIndex (one bit per slot, 32 slots a word), so a filter click
 * tests one bit per profile instead of searching each profile's values: which slots have a facet
 * value is read from the filter columns once per value and kept until the columns change.
 */
import type { Columns } from './filterColumns.ts';

/** A bitset over `count` slots, all clear. */
export function emptyBits(count: number): Uint32Array {
  return new Uint32Array((count + 31) >>> 5);
}

/** Whether `slot` is set. */
export function hasBit(bits: Uint32Array, slot: number): boolean {
  return ((bits[slot >>> 5]! >>> (slot & 31)) & 1) === 1;
}

/** `into` becomes `into AND other`. */
export function andBits(into: Uint32Array, other: Uint32Array): void {
  for (let w = 0; w < into.length; w++) into[w]! &= other[w]!;
}

/** `into` becomes `into OR other`. */
export function orBits(into: Uint32Array, other: Uint32Array): void {
  for (let w = 0; w < into.length; w++) into[w]! |= other[w]!;
}

/**
 * The slots with facet value `code` under facet `facet`, and, with `minRank` above 0, whose level
 * beside the value's first occurrence (a language's) is at least `minRank`: what the value and
 * level checks of a query ask of each profile.
 */
function valueBits(columns: Columns, facetCount: number, facet: number, code: number, minRank: number): Uint32Array {
  const { valueStarts, valueCodes, levelRanks } = columns;
  const count = columns.ids.length;
  const bits = emptyBits(count);
  for (let slot = 0; slot < count; slot++) {
    for (let c = valueStarts[slot * facetCount + facet]!, end = valueStarts[slot * facetCount + facet + 1]!; c < end; c++) {
      if (valueCodes[c] !== code) continue;
      if (levelRanks[c]! >= minRank) bits[slot >>> 5]! |= 1 << (slot & 31);
      break;
    }
  }
  return bits;
}

/** Value bitsets kept at most (at 500,000 profiles each is 61 KB); beyond, the cache starts afresh. */
const valueBitsKept = 64;

/**
 * The bitsets of the values filtered by so far, for one state of the filter columns: a new
 * columns object (rows changed) starts afresh. Values no profile has (code -1) have no slot.
 */
export class ValueBitsCache {
  private columns: Columns | null = null;
  private readonly bits = new Map<string, Uint32Array>();

  constructor(private readonly facetCount: number) {}

  /** Slots with `code` under `facet` (and at least `minRank` beside it); do not change the result. */
  of(columns: Columns, facet: number, code: number, minRank = 0): Uint32Array {
    if (columns !== this.columns) {
      this.columns = columns;
      this.bits.clear();
    }
    const key = `${facet}:${code}:${minRank}`;
    let bits = this.bits.get(key);
    if (!bits) {
      if (this.bits.size >= valueBitsKept) this.bits.clear();
      bits = code < 0 ? emptyBits(columns.ids.length) : valueBits(columns, this.facetCount, facet, code, minRank);
      this.bits.set(key, bits);
    }
    return bits;
  }
}
