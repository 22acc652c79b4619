/**
 * Every prefix of every dictionary word with its matches classified in advance, filled in idle
 * time: what a user types is nearly always the start of a name, and classifying a word never
 * typed before (typos, infixes, similar words over the whole dictionary) was most of a keystroke.
 * A word typed wrong is still classified when typed.
 *
 * No map of prefix texts: the prefixes a word owns are those no word before it in sorted order
 * starts with (longer than what it shares with the previous word), so a typed text's entry is
 * found by the binary search that finds its first word. The matches are packed in typed arrays.
 */
import { GrowableInts } from './growableInts.ts';
import { lowerBound } from './nameDictionary.ts';
import type { WordMatches } from './wordMatches.ts';

export class PrefixTable {
  /** Per word: how many letters it shares with the word before it; it owns its longer prefixes. */
  private readonly shared: Int32Array;
  /** Word w's prefixes are entries entryBase[w] .. entryBase[w + 1), shortest first. */
  private readonly entryBase: Int32Array;
  /** Class starts kept per entry: one per class and the end. */
  private readonly stride: number;
  /** Entry e's matched words are matchedWords[classStarts[e * stride] .. classStarts[e * stride + stride - 1]), by class. */
  private readonly classStarts: Int32Array;
  private readonly postingCounts: Int32Array;
  private readonly rowCounts: Int32Array;
  private readonly matchedWords = new GrowableInts(1024);
  /** Each entry's matches as `find` gave them, kept: a word is asked again at every keystroke after it. */
  private readonly found: (WordMatches | undefined)[];
  /** Entries classified so far (in entry order). */
  private filled = 0;
  /** The word whose prefixes are being classified, and its next prefix length. */
  private nextWord = 0;
  private nextLength = 0;

  /**
   * `classCount`: how many classes a word's matches are grouped in (passed in: wordMatches.ts
   * makes this table, and a module importing it back would read the count before it is set).
   */
  constructor(
    private readonly words: readonly string[],
    private readonly classCount: number,
  ) {
    this.stride = classCount + 1;
    this.shared = new Int32Array(words.length);
    this.entryBase = new Int32Array(words.length + 1);
    for (let w = 0; w < words.length; w++) {
      const word = words[w]!;
      const previous = w > 0 ? words[w - 1]! : '';
      let shared = 0;
      while (shared < word.length && shared < previous.length && word[shared] === previous[shared]) shared += 1;
      this.shared[w] = shared;
      this.entryBase[w + 1] = this.entryBase[w]! + word.length - shared;
    }
    const entries = this.entryBase[words.length]!;
    this.classStarts = new Int32Array(entries * this.stride);
    this.postingCounts = new Int32Array(entries);
    this.rowCounts = new Int32Array(entries);
    this.found = new Array<WordMatches | undefined>(entries);
    this.nextLength = words.length > 0 ? this.shared[0]! + 1 : 0;
    this.skipClassified();
  }

  /** Whether every prefix is classified. */
  get complete(): boolean {
    return this.nextWord >= this.words.length;
  }

  /** The matches of `typed` if it is the start of a dictionary word and already classified, else null. */
  find(typed: string): WordMatches | null {
    if (typed.length === 0) return null;
    const w = lowerBound(this.words, typed);
    if (w >= this.words.length || !this.words[w]!.startsWith(typed)) return null;
    // The first word starting with `typed` owns it (the word before shares fewer letters).
    const entry = this.entryBase[w]! + typed.length - this.shared[w]! - 1;
    if (entry >= this.filled) return null;
    const known = this.found[entry];
    if (known) return known;
    const at = entry * this.stride;
    const first = this.classStarts[at]!;
    const classStarts = new Array<number>(this.stride);
    for (let c = 0; c < this.stride; c++) classStarts[c] = this.classStarts[at + c]! - first;
    const count = classStarts[this.classCount]!;
    const words = new Array<number>(count);
    const packed = this.matchedWords.values;
    for (let i = 0; i < count; i++) words[i] = packed[first + i]!;
    const matches = { words, classStarts, postingCount: this.postingCounts[entry]!, rowCount: this.rowCounts[entry]! };
    this.found[entry] = matches;
    return matches;
  }

  /**
   * Classifies the next prefixes with `classify` while `stillIdle()` says there is time (asked
   * after each); returns whether every prefix is classified.
   */
  fill(classify: (typed: string) => WordMatches, stillIdle: () => boolean): boolean {
    while (!this.complete) {
      const word = this.words[this.nextWord]!;
      const matches = classify(word.slice(0, this.nextLength));
      const at = this.filled * this.stride;
      const first = this.matchedWords.length;
      for (let c = 0; c < this.stride; c++) this.classStarts[at + c] = first + matches.classStarts[c]!;
      for (let i = 0; i < matches.words.length; i++) this.matchedWords.push(matches.words[i]!);
      this.postingCounts[this.filled] = matches.postingCount;
      this.rowCounts[this.filled] = matches.rowCount;
      this.filled += 1;
      this.nextLength += 1;
      this.skipClassified();
      if (!stillIdle()) break;
    }
    return this.complete;
  }

  /** Moves on to the next word with a prefix left to classify, if the current one has none. */
  private skipClassified(): void {
    while (this.nextWord < this.words.length && this.nextLength > this.words[this.nextWord]!.length) {
      this.nextWord += 1;
      if (this.nextWord < this.words.length) this.nextLength = this.shared[this.nextWord]! + 1;
    }
  }
}
