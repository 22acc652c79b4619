/**
 * How many rows carry one of some dictionary words, a row with several of them once: the count a
 * one-word search lists. Rows are marked in one array kept for every count.
 */
import type { NameDictionary } from './nameDictionary.ts';

export class RowCounter {
  /** Per row: the count that last met it (made on first use). */
  private stampOf: Int32Array | null = null;
  private stamp = 0;

  constructor(private readonly dictionary: NameDictionary) {}

  rowsCarrying(words: readonly number[]): number {
    const { postingStarts, postings, rowLetters } = this.dictionary;
    const stampOf = (this.stampOf ??= new Int32Array(rowLetters.length));
    const stamp = ++this.stamp;
    let count = 0;
    for (const word of words) {
      for (let p = postingStarts[word]!, end = postingStarts[word + 1]!; p < end; p++) {
        if (stampOf[postings[p]!] === stamp) continue;
        stampOf[postings[p]!] = stamp;
        count += 1;
      }
    }
    return count;
  }
}
