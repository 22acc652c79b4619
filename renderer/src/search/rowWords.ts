/**
 * Each row's dictionary words (rank → words), for checking a row against a typed word's classes.
 * A search with several typed words checks thousands of rows, each at its own place in memory: a
 * row's words sit in one run of `stride` places (most names have few), read in one access, and
 * only a row with more has its words elsewhere.
 */
import type { NameDictionary } from './nameDictionary.ts';
import { noClass } from './wordMatches.ts';

/** Places per row; a row with more words has `overflowMark` in its last place. */
const stride = 4;
const overflowMark = -2;

export class RowWords {
  /** Row r's words at inPlace[r * stride ..], -1 after its last. */
  private readonly inPlace: Int32Array;
  /** The words of rows with more than `stride`, by rank. */
  private readonly overflow = new Map<number, Int32Array>();

  constructor(dictionary: NameDictionary, rowCount: number) {
    const { postingStarts, postings, words } = dictionary;
    const counts = new Int32Array(rowCount);
    for (let p = 0; p < postings.length; p++) counts[postings[p]!]! += 1;
    this.inPlace = new Int32Array(rowCount * stride).fill(-1);
    const filled = new Int32Array(rowCount);
    for (let w = 0; w < words.length; w++) {
      for (let p = postingStarts[w]!, end = postingStarts[w + 1]!; p < end; p++) {
        const rank = postings[p]!;
        if (counts[rank]! <= stride) {
          this.inPlace[rank * stride + filled[rank]!++] = w;
          continue;
        }
        this.inPlace[rank * stride + stride - 1] = overflowMark;
        const spilled = this.overflow.get(rank) ?? this.overflow.set(rank, new Int32Array(counts[rank]!)).get(rank)!;
        spilled[filled[rank]!++] = w;
      }
    }
  }

  /** The best of `classOf` (a class per dictionary word) over the words of row `rank`; noClass if none matches. */
  bestClass(rank: number, classOf: Uint8Array): number {
    const { inPlace } = this;
    const at = rank * stride;
    let best = noClass;
    if (inPlace[at + stride - 1] === overflowMark) {
      for (const word of this.overflow.get(rank)!) if (classOf[word]! < best) best = classOf[word]!;
      return best;
    }
    for (let r = at; r < at + stride; r++) {
      const word = inPlace[r]!;
      if (word < 0) break;
      if (classOf[word]! < best) best = classOf[word]!;
    }
    return best;
  }
}
