/**
 * The first screen of a one-letter name search without the rest. A letter matches most names,
 * and listing them all in order is the slowest keystroke (a walk over every row, then every id);
 * the list needs at once only how many match and the rows it shows, the rest once it scrolls.
 * The order is NameMatcher's for one letter: rows with the letter as a whole word, then rows with
 * a word starting with it, then rows with it inside a word; name order within each.
 */
import { letterBit, lowerBound, type NameDictionary } from './nameDictionary.ts';

export class LetterScreens {
  /** Per row: the first letters of its words, as letter bits (made on first use). */
  private initials: Uint32Array | null = null;
  /** Per letter a–z: the rows with it in one of their words (made on first use). */
  private counts: Int32Array | null = null;

  constructor(
    private readonly dictionary: NameDictionary,
    private readonly rowCount: number,
  ) {}

  /**
   * How many rows a search for `letter` lists and the first `length` of them (name ranks, in the
   * list's order); null for a character other than a–z (searched as a word).
   */
  first(letter: string, length: number): { count: number; ranks: Int32Array } | null {
    const bit = letterBit(letter);
    if (bit === 0) return null;
    const count = this.countsNow()[31 - Math.clz32(bit)]!;
    const ranks = new Int32Array(Math.min(length, count));
    const { words, postingStarts, postings, rowLetters } = this.dictionary;
    const at = lowerBound(words, letter);
    const whole = words[at] === letter ? postings.subarray(postingStarts[at]!, postingStarts[at + 1]!) : postings.subarray(0, 0);
    let taken = 0;
    for (let i = 0; i < whole.length && taken < ranks.length; i++) ranks[taken++] = whole[i]!;
    const initials = this.initialsNow();
    // A word starting with the letter, the whole-word rows passed over (both walks ascend).
    let wholeAt = 0;
    for (let rank = 0; rank < this.rowCount && taken < ranks.length; rank++) {
      if ((initials[rank]! & bit) === 0) continue;
      while (wholeAt < whole.length && whole[wholeAt]! < rank) wholeAt += 1;
      if (whole[wholeAt] !== rank) ranks[taken++] = rank;
    }
    for (let rank = 0; rank < this.rowCount && taken < ranks.length; rank++) {
      if ((rowLetters[rank]! & bit) !== 0 && (initials[rank]! & bit) === 0) ranks[taken++] = rank;
    }
    return { count, ranks };
  }

  private initialsNow(): Uint32Array {
    if (this.initials) return this.initials;
    const { words, postingStarts, postings } = this.dictionary;
    const initials = new Uint32Array(this.rowCount);
    for (let w = 0; w < words.length; w++) {
      const bit = letterBit(words[w]![0]!);
      for (let p = postingStarts[w]!, end = postingStarts[w + 1]!; p < end; p++) initials[postings[p]!]! |= bit;
    }
    this.initials = initials;
    return initials;
  }

  private countsNow(): Int32Array {
    if (this.counts) return this.counts;
    const counts = new Int32Array(26);
    const { rowLetters } = this.dictionary;
    for (let rank = 0; rank < this.rowCount; rank++) {
      for (let bits = rowLetters[rank]!; bits !== 0; bits &= bits - 1) counts[31 - Math.clz32(bits & -bits)]! += 1;
    }
    this.counts = counts;
    return counts;
  }
}
