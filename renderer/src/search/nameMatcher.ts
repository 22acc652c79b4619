/**
 * Name search over the dictionary: every typed word is matched on its own (exact, prefix, typo,
 * infix, similar) and a row must match all of them, in any order. Rows are scored by the sum of
 * their words' classes and come out best tier first, name order within a tier. Per-row state
 * lives in preallocated typed arrays stamped per search, so a keystroke allocates only its result.
 *
 * Scratch memory stays inside: every result is copied out of it and belongs to its caller, who
 * may keep it past the next search.
 */
import { letterBit, lowerBound, type NameDictionary } from './nameDictionary.ts';
import { OneWordScreens, type ScreenRows } from './oneWordScreens.ts';
import { RowCounter } from './rowCounter.ts';
import { RowWords } from './rowWords.ts';
import type { WordMatches } from './matchedWords.ts';
import { classCount, noClass, WordMatcher } from './wordMatches.ts';

/** Typed words beyond this many are ignored (scores stay small integers). */
const maxTypedWords = 8;

/**
 * A row's state in a search is one number, `stamp * stateSpan + value` (value 0: rejected, else
 * its score + 1), so judging a row reads and writes one place: at 500,000 rows each array read
 * at a row's rank is a memory access of its own, most of a search's cost.
 */
const stateSpan = 64;
/** Stamps start again from 1 before `stamp * stateSpan` leaves the Int32 range. */
const lastStamp = Math.floor(2 ** 31 / stateSpan) - 1;

/** A search's matches; its own arrays, never written after they are handed out. */
export interface NameMatches {
  /** Matching rows (name ranks), best tier first and in name order within a tier. */
  byRelevance: Int32Array;
  /** Matching rows in name order. */
  inNameOrder(): Int32Array;
  /** 1 at the rank of every matching row. */
  membership(): Uint8Array;
}

/** Every dictionary word's class for one typed word (`noClass` where it does not match), for checking a row's words. */
function classTable(matches: WordMatches, wordCount: number): Uint8Array {
  const table = new Uint8Array(wordCount).fill(noClass);
  const { words, classStarts } = matches;
  for (let c = 0; c < classCount; c++) for (let i = classStarts[c]!; i < classStarts[c + 1]!; i++) table[words[i]!] = c;
  return table;
}

export class NameMatcher {
  private readonly words: WordMatcher;
  private stamp = 0;
  /** Each row's state in the latest search (`stateSpan`). */
  private readonly state: Int32Array;
  /**
   * The rows of the latest search: completed in `complete`, ordered in `result`, until they are
   * copied out.
   */
  private readonly complete: Int32Array;
  private readonly result: Int32Array;
  /** Made when first needed (a search of several words). */
  private rowWords: RowWords | null = null;
  /** Scratch for `ordered`: each score's first position in the result, and its fill position. */
  private readonly tierStarts = new Int32Array((classCount - 1) * maxTypedWords + 2);
  private readonly tierFill = new Int32Array((classCount - 1) * maxTypedWords + 1);
  /** One typed word's first screens (they write into `result`). */
  private readonly oneWordScreens: OneWordScreens;
  /** The latest `match`, answered again for the same words (a keystroke's list, then its facet counts). */
  private latest: { typed: string; matches: NameMatches } | null = null;

  constructor(
    private readonly dictionary: NameDictionary,
    private readonly rowCount: number,
  ) {
    const rowCounter = new RowCounter(dictionary);
    this.words = new WordMatcher(dictionary, rowCounter);
    this.state = new Int32Array(rowCount);
    this.complete = new Int32Array(rowCount);
    this.result = new Int32Array(rowCount);
    this.oneWordScreens = new OneWordScreens(dictionary, rowCount, this.result, rowCounter);
  }

  /**
   * Classifies typed words in advance while `stillIdle()` says there is time (WordMatcher.prepareWhile),
   * then makes what a letter's screen reads; returns whether all is done.
   */
  prepareWhile(stillIdle: () => boolean): boolean {
    if (!this.words.prepareWhile(stillIdle)) return false;
    this.oneWordScreens.prepareLetters();
    return true;
  }

  /** The rows matching every one of `typedWords` (folded, non-empty); the same words twice are searched once. */
  match(typedWords: readonly string[]): NameMatches {
    const typed = typedWords.slice(0, maxTypedWords);
    const key = typed.join(' ');
    if (this.latest?.typed === key) return this.latest.matches;
    const base = this.nextStateBase();
    const bit = typed.length === 1 ? letterBit(typed[0]!) : 0;
    const matches = this.matchesOf((bit !== 0 ? this.oneLetter(typed[0]!, bit, base) : this.allWords(typed, base)).slice());
    this.latest = { typed: key, matches };
    return matches;
  }

  /** The state base of a new search: states below it are earlier searches'. */
  private nextStateBase(): number {
    if (this.stamp === lastStamp) {
      this.state.fill(0);
      this.stamp = 0;
    }
    this.stamp += 1;
    return this.stamp * stateSpan;
  }

  /**
   * How many rows match every one of `typedWords` (folded, non-empty) and the first `length` of
   * them in `match`'s order, without ordering the rest: the list shows the count and a screenful
   * at once, and asks for the rest (`match`) only when it scrolls there.
   */
  firstScreen(typedWords: readonly string[], length: number): ScreenRows {
    const typed = typedWords.slice(0, maxTypedWords);
    const screen = typed.length === 1 ? this.oneWordScreens.first(typed[0]!, length, (word) => this.words.match(word)) : this.severalWordsScreen(typed, length);
    return { ...screen, rows: screen.rows.slice() };
  }

  private severalWordsScreen(typed: readonly string[], length: number): ScreenRows {
    const base = this.nextStateBase();
    const completed = this.completeRows(typed, base);
    return { count: completed, rows: this.firstOrdered(completed, typed.length, base, Math.min(length, completed)) };
  }

  private matchesOf(byRelevance: Int32Array): NameMatches {
    let nameOrder: Int32Array | null = null;
    let members: Uint8Array | null = null;
    const rowCount = this.rowCount;
    return {
      byRelevance,
      inNameOrder: () => (nameOrder ??= byRelevance.slice().sort()),
      membership: () => {
        if (!members) {
          members = new Uint8Array(rowCount);
          for (let i = 0; i < byRelevance.length; i++) members[byRelevance[i]!] = 1;
        }
        return members;
      },
    };
  }

  /**
   * One typed letter, the slowest keystroke (it matches nearly every name): the rows with a word
   * equal to it or starting with it come from the few postings of those words, every other row
   * with the letter anywhere (an infix) from its letter bits, in one walk in name order.
   */
  private oneLetter(letter: string, bit: number, base: number): Int32Array {
    const { words, postingStarts, postings, rowLetters } = this.dictionary;
    const state = this.state;
    // Tiers: the whole word, word starts, letters inside a word.
    let wholeWords = 0;
    let wordStarts = 0;
    for (let w = lowerBound(words, letter); w < words.length && words[w]!.startsWith(letter); w++) {
      const matchClass = words[w]!.length === 1 ? 0 : 1;
      for (let p = postingStarts[w]!, end = postingStarts[w + 1]!; p < end; p++) {
        const rank = postings[p]!;
        if (state[rank]! >= base) continue;
        state[rank] = base + 1 + matchClass;
        if (matchClass === 0) wholeWords += 1;
        else wordStarts += 1;
      }
    }
    const out = this.result;
    let whole = 0;
    let start = wholeWords;
    let inside = wholeWords + wordStarts;
    for (let rank = 0, rowCount = this.rowCount; rank < rowCount; rank++) {
      if (state[rank]! >= base) {
        if (state[rank] === base + 1) out[whole++] = rank;
        else out[start++] = rank;
      } else if ((rowLetters[rank]! & bit) !== 0) {
        out[inside++] = rank;
      }
    }
    return out.subarray(0, inside);
  }

  /** Every typed word matched through the dictionary, intersected, scored by the sum of classes, in order. */
  private allWords(typed: readonly string[], base: number): Int32Array {
    return this.ordered(this.completeRows(typed, base), typed.length, base);
  }

  /**
   * The rows matching every typed word, in the search of state `base`, into `complete` with their
   * scores in `state`; returns how many.
   * The rows of the word with the fewest postings are the candidates; each is checked against the
   * other words through its own few name words, so a short second word ("jonas r"), which matches
   * thousands of rows, costs no walk over them.
   */
  private completeRows(typed: readonly string[], base: number): number {
    const perWord = typed.map((word) => this.words.match(word));
    let driver = 0;
    for (let k = 1; k < perWord.length; k++) if (perWord[k]!.postingCount < perWord[driver]!.postingCount) driver = k;
    const others = perWord.filter((_, k) => k !== driver).map((matches) => classTable(matches, this.dictionary.words.length));
    const rowWords = (this.rowWords ??= new RowWords(this.dictionary, this.rowCount));
    const { postingStarts, postings } = this.dictionary;
    const { state, complete } = this;
    const { words, classStarts } = perWord[driver]!;
    let completed = 0;
    for (let matchClass = 0; matchClass < classCount; matchClass++) {
      for (let i = classStarts[matchClass]!; i < classStarts[matchClass + 1]!; i++) {
        const word = words[i]!;
        for (let p = postingStarts[word]!, end = postingStarts[word + 1]!; p < end; p++) {
          const rank = postings[p]!;
          // A row is judged once, with the driver's best class for it (classes come best first).
          if (state[rank]! >= base) continue;
          let total = matchClass;
          for (let k = 0; k < others.length && total >= 0; k++) {
            const best = rowWords.bestClass(rank, others[k]!);
            total = best === noClass ? -1 : total + best;
          }
          // Rejected rows are marked too: `ordered` may walk every row of this search.
          state[rank] = total < 0 ? base : base + 1 + total;
          if (total >= 0) complete[completed++] = rank;
        }
      }
    }
    return completed;
  }

  /**
   * The completed rows best score first, name order within a score: by a walk over all ranks
   * when they are many (already in order), else by sorting each score's few rows.
   */
  private ordered(completed: number, typedCount: number, base: number): Int32Array {
    const { state, complete } = this;
    const tiers = (classCount - 1) * typedCount + 1;
    const tierStarts = this.tierStarts.fill(0, 0, tiers + 1);
    // A completed row's state is base + 1 + its score: the count goes to tierStarts[score + 1].
    for (let i = 0; i < completed; i++) tierStarts[state[complete[i]!]! - base]! += 1;
    for (let t = 0; t < tiers; t++) tierStarts[t + 1]! += tierStarts[t]!;
    const fill = this.tierFill;
    fill.set(tierStarts.subarray(0, tiers));
    const out = this.result.subarray(0, completed);
    if (completed * 8 > this.rowCount) {
      for (let rank = 0; rank < this.rowCount; rank++) {
        const value = state[rank]! - base;
        if (value > 0) out[fill[value - 1]!++] = rank;
      }
      return out;
    }
    for (let i = 0; i < completed; i++) out[fill[state[complete[i]!]! - base - 1]!++] = complete[i]!;
    for (let t = 0; t < tiers; t++) out.subarray(tierStarts[t]!, tierStarts[t + 1]!).sort();
    return out;
  }

  /**
   * The first `wanted` of the completed rows in `ordered`'s order, ordering only the tiers they
   * come from: those best tiers' rows are placed and sorted, or (many rows) picked by a walk over
   * the ranks that stops once they are all found.
   */
  private firstOrdered(completed: number, typedCount: number, base: number, wanted: number): Int32Array {
    const { state, complete } = this;
    const out = this.result;
    if (wanted === 0) return out.subarray(0, 0);
    const tiers = (classCount - 1) * typedCount + 1;
    const tierStarts = this.tierStarts.fill(0, 0, tiers + 1);
    for (let i = 0; i < completed; i++) tierStarts[state[complete[i]!]! - base]! += 1;
    for (let t = 0; t < tiers; t++) tierStarts[t + 1]! += tierStarts[t]!;
    // The last tier the screen reaches into: every row of a better one is on it.
    let last = 0;
    while (tierStarts[last + 1]! < wanted) last += 1;
    const fill = this.tierFill;
    fill.set(tierStarts.subarray(0, last + 1));
    if (completed * 8 > this.rowCount) {
      // Ranks come in name order: each tier's first rows are its first ones met.
      tierStarts[last + 1] = wanted;
      let placed = 0;
      for (let rank = 0; rank < this.rowCount && placed < wanted; rank++) {
        const value = state[rank]! - base;
        if (value <= 0) continue;
        const tier = value - 1;
        if (tier > last || fill[tier] === tierStarts[tier + 1]) continue;
        out[fill[tier]!++] = rank;
        placed += 1;
      }
      return out.subarray(0, wanted);
    }
    for (let i = 0; i < completed; i++) {
      const rank = complete[i]!;
      const tier = state[rank]! - base - 1;
      if (tier <= last) out[fill[tier]!++] = rank;
    }
    for (let t = 0; t <= last; t++) out.subarray(tierStarts[t]!, tierStarts[t + 1]!).sort();
    return out.subarray(0, wanted);
  }
}
