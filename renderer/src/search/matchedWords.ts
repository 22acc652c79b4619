/**
 * What one typed word matches in the name dictionary, grouped by class: the word matcher
 * (wordMatches.ts) produces it and the prefix table (prefixTable.ts) keeps it, so neither imports
 * the other for it.
 */

export interface WordMatches {
  /** Matched dictionary words, grouped by class (best first). */
  words: readonly number[];
  /** Class c's words are words[classStarts[c] .. classStarts[c + 1]). */
  classStarts: readonly number[];
  /** Rows the matched words carry, counting each word's postings (an upper bound of the rows). */
  postingCount: number;
  /**
   * How many rows carry one of the matched words, or -1 where not counted: counted in advance
   * for prefixes (`prepareWhile`), as a word alone lists that many.
   */
  rowCount: number;
}
