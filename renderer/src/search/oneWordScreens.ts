/**
 * The first screen of a one-word name search without the rest. The list needs at once only how
 * many rows match and the rows it shows, the rest once it scrolls there; a short word matches
 * many or most names, and ordering them all was the slowest keystroke. The order is
 * NameMatcher's: best tier first, name order within a tier.
 */
import { letterBit, lowerBound, type NameDictionary } from './nameDictionary.ts';
import type { RowCounter } from './rowCounter.ts';
import type { WordMatches } from './matchedWords.ts';
import { classCount } from './wordMatches.ts';

/** A screen's rows as a first screen gives them. */
export interface ScreenRows {
  /** How many rows the search lists. */
  count: number;
  /** The first ones (name ranks), in the list's order. */
  rows: Int32Array;
}

export class OneWordScreens {
  /** Per row: the first letters of its words, as letter bits (made on first use). */
  private initials: Uint32Array | null = null;
  /** Per letter a–z: the rows with it in one of their words (made on first use). */
  private letterCounts: Int32Array | null = null;
  /** The merge of a class's postings, reused (made on first use). */
  private postings: Postings | null = null;
  /** The ranks a screen took from better classes, ascending, and the next list of them (scratch). */
  private earlier = new Int32Array(0);
  private merged = new Int32Array(0);

  /**
   * `out`: where the screen's rows are written (as long as the rows; the caller's scratch);
   * `rowCounter`: counts a word's rows where they were not counted in advance.
   */
  constructor(
    private readonly dictionary: NameDictionary,
    private readonly rowCount: number,
    private readonly out: Int32Array,
    private readonly rowCounter: RowCounter,
  ) {}

  /**
   * How many rows a search for the folded word `typed` lists and the first `length` of them, in
   * the list's order (in `out`, until the next call). `matches`: the word's dictionary matches
   * (WordMatcher), asked for any word but a letter a–z.
   */
  first(typed: string, length: number, matches: (typed: string) => WordMatches): ScreenRows {
    return (typed.length === 1 ? this.oneLetter(typed, length) : null) ?? this.oneWord(matches(typed), length);
  }

  /** Makes what a letter's screen reads (each row's initials, each letter's row count), in idle time. */
  prepareLetters(): void {
    this.initialsNow();
    this.letterCountsNow();
  }

  /**
   * Rows with the letter as a whole word, then with a word starting with it, then with it inside
   * a word, found by walks over the rows' letter bits that stop once the screen is full.
   */
  private oneLetter(letter: string, length: number): ScreenRows | null {
    const bit = letterBit(letter);
    if (bit === 0) return null;
    const count = this.letterCountsNow()[31 - Math.clz32(bit)]!;
    const ranks = this.out.subarray(0, Math.min(length, count));
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
    return { count, rows: ranks };
  }

  /**
   * One word: a row's tier is the best class of its words among `matches`. The count is the union
   * of their postings (counted in advance for a prefix). The screen merges each class's postings
   * (ascending runs), best class first. A row met again is left out: under another word of its
   * class it comes next, from a better class it is among the screen's few rows taken before, read
   * in order alongside.
   */
  private oneWord(matches: WordMatches, length: number): ScreenRows {
    const { postings } = this.dictionary;
    const count = matches.rowCount >= 0 ? matches.rowCount : this.rowCounter.rowsCarrying(matches.words);
    const ranks = this.out.subarray(0, Math.min(length, count));
    if (this.earlier.length < ranks.length) {
      this.earlier = new Int32Array(ranks.length);
      this.merged = new Int32Array(ranks.length);
    }
    let earlierCount = 0;
    let filled = 0;
    const lists = (this.postings ??= new Postings(this.dictionary));
    for (let c = 0; c < classCount && filled < ranks.length; c++) {
      const from = matches.classStarts[c]!;
      const to = matches.classStarts[c + 1]!;
      if (from === to) continue;
      const classFirst = filled;
      const earlier = this.earlier;
      let last = -1;
      let e = 0;
      lists.start(matches.words, from, to);
      for (let p = lists.nextPosition(); p >= 0 && filled < ranks.length; p = lists.nextPosition()) {
        const rank = postings[p]!;
        if (rank === last) continue;
        last = rank;
        while (e < earlierCount && earlier[e]! < rank) e += 1;
        if (e < earlierCount && earlier[e] === rank) continue;
        ranks[filled++] = rank;
      }
      if (filled < ranks.length) earlierCount = this.takeEarlier(earlierCount, ranks, classFirst, filled);
    }
    return { count, rows: ranks };
  }

  /**
   * Merges ranks[from .. to) (one class's, ascending) into the `earlier` ranks (`earlierCount`,
   * ascending); returns how many there are now.
   */
  private takeEarlier(earlierCount: number, ranks: Int32Array, from: number, to: number): number {
    const { earlier, merged } = this;
    let e = 0;
    let i = from;
    let out = 0;
    while (e < earlierCount || i < to) {
      if (i === to || (e < earlierCount && earlier[e]! < ranks[i]!)) merged[out++] = earlier[e++]!;
      else merged[out++] = ranks[i++]!;
    }
    this.earlier = merged;
    this.merged = earlier;
    return out;
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

  private letterCountsNow(): Int32Array {
    if (this.letterCounts) return this.letterCounts;
    const counts = new Int32Array(26);
    const { rowLetters } = this.dictionary;
    for (let rank = 0; rank < this.rowCount; rank++) {
      for (let bits = rowLetters[rank]!; bits !== 0; bits &= bits - 1) counts[31 - Math.clz32(bits & -bits)]! += 1;
    }
    this.letterCounts = counts;
    return counts;
  }
}

/**
 * Several words' postings (each ascending) read as one ascending sequence, through a heap of their
 * next rows. Its arrays hold every dictionary word and are reused by every merge: one allocated
 * per keystroke would cost a buffer of its own.
 */
class Postings {
  /** Per list: its next position in `postings` and its end. */
  private readonly at: Int32Array;
  private readonly end: Int32Array;
  /** List numbers, ordered as a binary heap by their next row. */
  private readonly heap: Int32Array;
  private size = 0;

  constructor(private readonly dictionary: NameDictionary) {
    const wordCount = dictionary.words.length;
    this.at = new Int32Array(wordCount);
    this.end = new Int32Array(wordCount);
    this.heap = new Int32Array(wordCount);
  }

  /** Starts a merge of the postings of words[from .. to). */
  start(words: ArrayLike<number>, from: number, to: number): void {
    this.size = 0;
    const { postingStarts } = this.dictionary;
    for (let list = 0; list < to - from; list++) {
      const word = words[from + list]!;
      this.at[list] = postingStarts[word]!;
      this.end[list] = postingStarts[word + 1]!;
      if (this.at[list]! < this.end[list]!) this.push(list);
    }
  }

  /**
   * The position in the postings of the next row in ascending order (a row carried by several
   * words comes once per word), or -1.
   */
  nextPosition(): number {
    if (this.size === 0) return -1;
    const list = this.heap[0]!;
    const position = this.at[list]!;
    this.at[list]! += 1;
    if (this.at[list]! < this.end[list]!) this.siftDown(0);
    else {
      this.size -= 1;
      this.heap[0] = this.heap[this.size]!;
      this.siftDown(0);
    }
    return position;
  }

  private rowOf(list: number): number {
    return this.dictionary.postings[this.at[list]!]!;
  }

  private push(list: number): void {
    let child = this.size++;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (this.rowOf(this.heap[parent]!) <= this.rowOf(list)) break;
      this.heap[child] = this.heap[parent]!;
      child = parent;
    }
    this.heap[child] = list;
  }

  private siftDown(from: number): void {
    if (this.size === 0) return;
    const list = this.heap[from]!;
    const row = this.rowOf(list);
    let parent = from;
    for (;;) {
      let child = 2 * parent + 1;
      if (child >= this.size) break;
      if (child + 1 < this.size && this.rowOf(this.heap[child + 1]!) < this.rowOf(this.heap[child]!)) child += 1;
      if (this.rowOf(this.heap[child]!) >= row) break;
      this.heap[parent] = this.heap[child]!;
      parent = child;
    }
    this.heap[parent] = list;
  }
}
