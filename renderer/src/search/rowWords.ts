/**
 * Each row's dictionary words (rank → words), for checking a row against a typed word's classes:
 * a search with several typed words checks each candidate row through its own few words.
 */
import type { NameDictionary } from './nameDictionary.ts';
import { noClass } from './wordMatches.ts';

export class RowWords {
  /** Row r's words are words[starts[r] .. starts[r + 1]). */
  private readonly starts: Int32Array;
  private readonly words: Int32Array;

  constructor(dictionary: NameDictionary, rowCount: number) {
    const { postingStarts, postings } = dictionary;
    this.starts = new Int32Array(rowCount + 1);
    for (let p = 0; p < postings.length; p++) this.starts[postings[p]! + 1]! += 1;
    for (let r = 0; r < rowCount; r++) this.starts[r + 1]! += this.starts[r]!;
    this.words = new Int32Array(postings.length);
    const fill = this.starts.slice(0, rowCount);
    for (let w = 0; w + 1 < postingStarts.length; w++) {
      for (let p = postingStarts[w]!, end = postingStarts[w + 1]!; p < end; p++) this.words[fill[postings[p]!]!++] = w;
    }
  }

  /** The best of `classOf` (a class per dictionary word) over the words of row `rank`; noClass if none matches. */
  bestClass(rank: number, classOf: Uint8Array): number {
    let best = noClass;
    for (let i = this.starts[rank]!, end = this.starts[rank + 1]!; i < end; i++) {
      const matchClass = classOf[this.words[i]!]!;
      if (matchClass < best) best = matchClass;
    }
    return best;
  }
}
