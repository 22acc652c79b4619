/**
 * The filter columns of a ProfileIndex, in their own module: the index builds them and the slot
 * bitsets (slotBits.ts) read them, and neither imports the other for it.
 */

/** The filter columns of every slot: a few typed arrays instead of 50,000 objects per facet. */
export interface Columns {
  /** The library key (SearchRow.uid) of each slot: two directories' id 7 are two keys. */
  ids: Float64Array;
  removed: Uint8Array;
  hasDetail: Uint8Array;
  /** -1 where unknown. */
  ageFrom: Int16Array;
  ageTo: Int16Array;
  height: Int16Array;
  /** The age (not the acting age), -1 where unknown. */
  age: Int16Array;
  /**
   * The value codes of slot s under facet f are valueCodes[valueStarts[s * facetCount + f] ..
   * valueStarts[s * facetCount + f + 1]): a slot's values of every facet form one run, so one
   * tight loop counts them all.
   */
  valueStarts: Int32Array;
  valueCodes: Int32Array;
  /** Beside a language's code: how good the row's level in it is (languageLevelRank), 0 elsewhere. */
  levelRanks: Uint8Array;
}
