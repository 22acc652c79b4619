/**
 * Prefixes of dictionary words with their matches classified in advance, filled in idle time:
 * what a user types is nearly always the start of a name, and classifying a word never typed
 * before (typos, infixes, similar words over the whole dictionary) was most of a keystroke. A word
 * typed wrong, or a prefix not classified yet, is classified when typed.
 *
 * No map of prefix texts: the prefixes a word owns are those no word before it in sorted order
 * starts with (longer than what it shares with the previous word), so a typed text's entry is
 * found by the binary search that finds its first word. The matches are packed in typed arrays.
 *
 * The prefixes leading to the most rows come first, and filling stops at a budget: a directory
 * with a hundred thousand distinct name words has hundreds of thousands of prefixes, whose
 * classification would take minutes of idle time and tens of MB.
 */
import { GrowableInts } from './growableInts.ts';
import { lowerBound } from './nameDictionary.ts';
import type { WordMatches } from './matchedWords.ts';

/** How many prefixes are classified at most, and how many matched words they may hold together. */
export interface PrefixBudget {
  prefixes: number;
  matchedWords: number;
}

/** About 8 MB at most; the demo directory's 9,213 prefixes hold 61,000 matched words. */
const defaultBudget: PrefixBudget = { prefixes: 30_000, matchedWords: 2_000_000 };

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
  /** 1 where an entry is classified. */
  private readonly classified: Uint8Array;
  /** Each entry's matches as `find` gave them, kept: a word is asked again at every keystroke after it. */
  private readonly found: (WordMatches | undefined)[];
  /** Entries in the order they are classified (most rows first); the first `filled` are. */
  private order: Int32Array | null = null;
  private filled = 0;

  /**
   * `classCount`: how many classes a word's matches are grouped in (passed in: wordMatches.ts
   * makes this table, and a module importing it back would read the count before it is set).
   * `postingStarts`: the dictionary's, to weigh each prefix by the rows its words carry.
   */
  constructor(
    private readonly words: readonly string[],
    private readonly classCount: number,
    private readonly postingStarts: Int32Array,
    private readonly budget: PrefixBudget = defaultBudget,
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
    this.classified = new Uint8Array(entries);
    this.found = new Array<WordMatches | undefined>(entries);
  }

  /** Whether filling is over: every prefix classified, or the budget spent. */
  get complete(): boolean {
    const total = this.entryBase[this.words.length]!;
    return this.filled >= Math.min(total, this.budget.prefixes) || this.matchedWords.length >= this.budget.matchedWords;
  }

  /** The matches of `typed` if it is the start of a dictionary word and already classified, else null. */
  find(typed: string): WordMatches | null {
    if (typed.length === 0) return null;
    const w = lowerBound(this.words, typed);
    if (w >= this.words.length || !this.words[w]!.startsWith(typed)) return null;
    // The first word starting with `typed` owns it (the word before shares fewer letters).
    const entry = this.entryBase[w]! + typed.length - this.shared[w]! - 1;
    if (this.classified[entry] !== 1) return null;
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
   * after each); returns whether filling is over (`complete`).
   */
  fill(classify: (typed: string) => WordMatches, stillIdle: () => boolean): boolean {
    const order = (this.order ??= this.byRows());
    while (!this.complete) {
      const entry = order[this.filled]!;
      const matches = classify(this.prefixOf(entry));
      const at = entry * this.stride;
      const first = this.matchedWords.length;
      for (let c = 0; c < this.stride; c++) this.classStarts[at + c] = first + matches.classStarts[c]!;
      for (let i = 0; i < matches.words.length; i++) this.matchedWords.push(matches.words[i]!);
      this.postingCounts[entry] = matches.postingCount;
      this.rowCounts[entry] = matches.rowCount;
      this.classified[entry] = 1;
      this.filled += 1;
      if (!stillIdle()) break;
    }
    return this.complete;
  }

  /** The text of `entry`: a prefix of the word owning it. */
  private prefixOf(entry: number): string {
    // The owning word: the last whose first entry is not after `entry`.
    let low = 0;
    let high = this.words.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (this.entryBase[middle]! <= entry) low = middle;
      else high = middle - 1;
    }
    return this.words[low]!.slice(0, entry - this.entryBase[low]! + this.shared[low]! + 1);
  }

  /**
   * Every entry, the prefixes leading to the most rows first. A prefix's words are a run of the
   * sorted words, from its owner to the first word sharing fewer of its letters with the word
   * before: one pass with a stack of the prefixes still open finds every run's end.
   */
  private byRows(): Int32Array {
    const { words, shared, entryBase, postingStarts } = this;
    const entries = entryBase[words.length]!;
    const weight = new Float64Array(entries);
    /** Open prefixes: entry, owner and length, longest on top. */
    const openEntry: number[] = [];
    const openOwner: number[] = [];
    const openLength: number[] = [];
    const closeLongerThan = (length: number, end: number): void => {
      while (openLength.length > 0 && openLength[openLength.length - 1]! > length) {
        weight[openEntry.pop()!] = postingStarts[end]! - postingStarts[openOwner.pop()!]!;
        openLength.pop();
      }
    };
    for (let w = 0; w < words.length; w++) {
      closeLongerThan(shared[w]!, w);
      for (let entry = entryBase[w]!; entry < entryBase[w + 1]!; entry++) {
        openEntry.push(entry);
        openOwner.push(w);
        openLength.push(entry - entryBase[w]! + shared[w]! + 1);
      }
    }
    closeLongerThan(0, words.length);
    return Int32Array.from({ length: entries }, (_, entry) => entry).sort((a, b) => weight[b]! - weight[a]! || a - b);
  }
}
