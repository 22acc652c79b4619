/**
 * Name search over the dictionary: every typed word is matched on its own (exact, prefix, typo,
 * infix, similar) and a row must match all of them, in any order. Rows are scored by the sum of
 * their words' classes and come out best tier first, name order within a tier. Per-row state
 * lives in preallocated typed arrays stamped per search, so a keystroke allocates only its result.
 */
import { letterBit, lowerBound, type NameDictionary } from './nameDictionary.ts';
import { ClassTables } from './classTables.ts';
import { OneWordScreens } from './oneWordScreens.ts';
import { sortRange } from './sortRows.ts';
import { classCount, noClass, WordMatcher, type WordMatches } from './wordMatches.ts';

/** Typed words beyond this many are ignored (scores stay small integers). */
const maxTypedWords = 8;

export interface NameMatches {
  /** Matching rows (name ranks), best tier first and in name order within a tier. */
  byRelevance: Int32Array;
  /** Matching rows in name order. */
  inNameOrder(): Int32Array;
  /** 1 at the rank of every matching row. */
  membership(): Uint8Array;
}

export class NameMatcher {
  private readonly words: WordMatcher;
  private stamp = 0;
  private readonly stampOf: Int32Array;
  /** 1 where a stamped row matched every typed word (valid where `stampOf[rank] === stamp`). */
  private readonly isComplete: Uint8Array;
  private readonly score: Uint16Array;
  /**
   * The rows of the latest search, in `complete` for one typed word and in `result` for several
   * (each is the other's sorting scratch): a match's arrays stay valid until the next search.
   */
  private readonly complete: Int32Array;
  private readonly result: Int32Array;
  private rowWordIndex: { rowWordStarts: Int32Array; rowWords: Int32Array } | null = null;
  private readonly classTables: ClassTables;
  /** Scratch for `allWords`: where each class's rows start among the completed ones. */
  private readonly classFirst = new Int32Array(classCount + 1);
  /** Scratch for `ordered`: each score's first position in the result, and its fill position. */
  private readonly tierStarts = new Int32Array((classCount - 1) * maxTypedWords + 2);
  private readonly tierFill = new Int32Array((classCount - 1) * maxTypedWords + 1);
  /** One typed word's first screens (they write into `result`). */
  private readonly oneWordScreens: OneWordScreens;

  constructor(
    private readonly dictionary: NameDictionary,
    private readonly rowCount: number,
  ) {
    this.words = new WordMatcher(dictionary);
    this.classTables = new ClassTables(dictionary.words.length, maxTypedWords);
    this.stampOf = new Int32Array(rowCount);
    this.isComplete = new Uint8Array(rowCount);
    this.score = new Uint16Array(rowCount);
    this.complete = new Int32Array(rowCount);
    this.result = new Int32Array(rowCount);
    this.oneWordScreens = new OneWordScreens(dictionary, rowCount, this.result);
  }

  /** One folded typed word's dictionary matches, by class (remembered, as `match` remembers them). */
  wordMatches(typed: string): WordMatches {
    return this.words.match(typed);
  }

  /** Classifies typed words in advance while `stillIdle()` (WordMatcher.prepareWhile); returns whether done. */
  prepareWhile(stillIdle: () => boolean): boolean {
    return this.words.prepareWhile(stillIdle);
  }

  /** The rows matching every one of `typedWords` (folded, non-empty); valid until the next call. */
  match(typedWords: readonly string[]): NameMatches {
    const typed = typedWords.slice(0, maxTypedWords);
    this.stamp += 1;
    const stamp = this.stamp;
    const bit = typed.length === 1 ? letterBit(typed[0]!) : 0;
    return this.matchesOf(bit !== 0 ? this.oneLetter(typed[0]!, bit, stamp) : this.allWords(typed, stamp));
  }

  /**
   * How many rows match every one of `typedWords` (folded, non-empty) and the first `length` of
   * them in `match`'s order (valid until the next call), without ordering the rest: the list shows
   * the count and a screenful at once, and asks for the rest (`match`) only when it scrolls there.
   */
  firstScreen(typedWords: readonly string[], length: number): { count: number; ranks: Int32Array } {
    const typed = typedWords.slice(0, maxTypedWords);
    if (typed.length === 1) return this.oneWordScreens.first(typed[0]!, length, () => this.words.match(typed[0]!));
    this.stamp += 1;
    const completed = this.completeRows(typed, this.stamp);
    return { count: completed, ranks: this.firstOrdered(completed, typed.length, this.stamp, Math.min(length, completed)) };
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
  private oneLetter(letter: string, bit: number, stamp: number): Int32Array {
    const { words, postingStarts, postings, rowLetters } = this.dictionary;
    const { stampOf, score } = this;
    // Tiers: the whole word, word starts, letters inside a word.
    let wholeWords = 0;
    let wordStarts = 0;
    for (let w = lowerBound(words, letter); w < words.length && words[w]!.startsWith(letter); w++) {
      const matchClass = words[w]!.length === 1 ? 0 : 1;
      for (let p = postingStarts[w]!, end = postingStarts[w + 1]!; p < end; p++) {
        const rank = postings[p]!;
        if (stampOf[rank] === stamp) continue;
        stampOf[rank] = stamp;
        score[rank] = matchClass;
        if (matchClass === 0) wholeWords += 1;
        else wordStarts += 1;
      }
    }
    const out = this.result;
    let whole = 0;
    let start = wholeWords;
    let inside = wholeWords + wordStarts;
    for (let rank = 0, rowCount = this.rowCount; rank < rowCount; rank++) {
      if (stampOf[rank] === stamp) {
        if (score[rank] === 0) out[whole++] = rank;
        else out[start++] = rank;
      } else if ((rowLetters[rank]! & bit) !== 0) {
        out[inside++] = rank;
      }
    }
    return out.subarray(0, inside);
  }

  /** Every typed word matched through the dictionary, intersected, scored by the sum of classes, in order. */
  private allWords(typed: readonly string[], stamp: number): Int32Array {
    const completed = this.completeRows(typed, stamp);
    const { complete, classFirst } = this;
    if (typed.length === 1 && completed * 8 <= this.rowCount) {
      // One typed word: the rows came grouped by class, best first; each class's runs are merged.
      for (let c = 0; c < classCount; c++) sortRange(complete, classFirst[c]!, classFirst[c + 1]!, this.result);
      return complete.subarray(0, completed);
    }
    return this.ordered(completed, typed.length, stamp);
  }

  /**
   * The rows matching every typed word, stamped with `stamp`, into `complete` (grouped by the
   * driver's class, `classFirst`) with their scores; returns how many.
   * The rows of the word with the fewest postings are the candidates; each is checked against the
   * other words through its own few name words, so a short second word ("jonas r"), which matches
   * thousands of rows, costs no walk over them.
   */
  private completeRows(typed: readonly string[], stamp: number): number {
    const perWord = typed.map((word) => this.words.match(word));
    let driver = 0;
    for (let k = 1; k < perWord.length; k++) if (perWord[k]!.postingCount < perWord[driver]!.postingCount) driver = k;
    const others = perWord.filter((_, k) => k !== driver).map((matches) => this.classTables.of(matches, perWord));
    const { rowWordStarts, rowWords } = this.rowWordsNow();
    const { postingStarts, postings } = this.dictionary;
    const { stampOf, isComplete, score, complete } = this;
    const { words, classStarts } = perWord[driver]!;
    let completed = 0;
    const classFirst = this.classFirst;
    for (let matchClass = 0; matchClass < classCount; matchClass++) {
      classFirst[matchClass] = completed;
      for (let i = classStarts[matchClass]!; i < classStarts[matchClass + 1]!; i++) {
        const word = words[i]!;
        for (let p = postingStarts[word]!, end = postingStarts[word + 1]!; p < end; p++) {
          const rank = postings[p]!;
          // A row is judged once, with the driver's best class for it (classes come best first).
          if (stampOf[rank] === stamp) continue;
          stampOf[rank] = stamp;
          let total = matchClass;
          for (let k = 0; k < others.length && total >= 0; k++) {
            const classOf = others[k]!;
            let best = noClass;
            for (let r = rowWordStarts[rank]!, rowEnd = rowWordStarts[rank + 1]!; r < rowEnd; r++) {
              const found = classOf[rowWords[r]!]!;
              if (found < best) best = found;
            }
            total = best === noClass ? -1 : total + best;
          }
          // `ordered` may walk every stamped row: a rejected one must not look complete.
          isComplete[rank] = total < 0 ? 0 : 1;
          if (total < 0) continue;
          score[rank] = total;
          complete[completed++] = rank;
        }
      }
    }
    classFirst[classCount] = completed;
    return completed;
  }

  /** Each row's dictionary words (rank → words), made from the postings when first needed. */
  private rowWordsNow(): { rowWordStarts: Int32Array; rowWords: Int32Array } {
    if (this.rowWordIndex) return this.rowWordIndex;
    const { postingStarts, postings, words } = this.dictionary;
    const rowWordStarts = new Int32Array(this.rowCount + 1);
    for (let p = 0; p < postings.length; p++) rowWordStarts[postings[p]! + 1]! += 1;
    for (let rank = 0; rank < this.rowCount; rank++) rowWordStarts[rank + 1]! += rowWordStarts[rank]!;
    const fill = rowWordStarts.slice(0, this.rowCount);
    const rowWords = new Int32Array(postings.length);
    for (let w = 0; w < words.length; w++) {
      for (let p = postingStarts[w]!, end = postingStarts[w + 1]!; p < end; p++) rowWords[fill[postings[p]!]!++] = w;
    }
    this.rowWordIndex = { rowWordStarts, rowWords };
    return this.rowWordIndex;
  }

  /**
   * The completed rows best score first, name order within a score: by a walk over all ranks
   * when they are many (already in order), else by sorting each score's few rows.
   */
  private ordered(completed: number, typedCount: number, stamp: number): Int32Array {
    const { stampOf, isComplete, score, complete } = this;
    const tiers = (classCount - 1) * typedCount + 1;
    const tierStarts = this.tierStarts.fill(0, 0, tiers + 1);
    for (let i = 0; i < completed; i++) tierStarts[score[complete[i]!]! + 1]! += 1;
    for (let t = 0; t < tiers; t++) tierStarts[t + 1]! += tierStarts[t]!;
    const fill = this.tierFill;
    fill.set(tierStarts.subarray(0, tiers));
    const out = this.result.subarray(0, completed);
    if (completed * 8 > this.rowCount) {
      for (let rank = 0; rank < this.rowCount; rank++) {
        if (stampOf[rank] === stamp && isComplete[rank] === 1) out[fill[score[rank]!]!++] = rank;
      }
      return out;
    }
    for (let i = 0; i < completed; i++) out[fill[score[complete[i]!]!]!++] = complete[i]!;
    // `complete` is free once the rows are in place: it is the merge's scratch.
    for (let t = 0; t < tiers; t++) sortRange(out, tierStarts[t]!, tierStarts[t + 1]!, complete);
    return out;
  }

  /**
   * The first `wanted` of the completed rows in `ordered`'s order, ordering only the tiers they
   * come from: those best tiers' rows are placed and sorted, or (many rows) picked by a walk over
   * the ranks that stops once they are all found.
   */
  private firstOrdered(completed: number, typedCount: number, stamp: number, wanted: number): Int32Array {
    const { stampOf, isComplete, score, complete } = this;
    const out = this.result;
    if (wanted === 0) return out.subarray(0, 0);
    const tiers = (classCount - 1) * typedCount + 1;
    const tierStarts = this.tierStarts.fill(0, 0, tiers + 1);
    for (let i = 0; i < completed; i++) tierStarts[score[complete[i]!]! + 1]! += 1;
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
        if (stampOf[rank] !== stamp || isComplete[rank] !== 1) continue;
        const tier = score[rank]!;
        if (tier > last || fill[tier] === tierStarts[tier + 1]) continue;
        out[fill[tier]!++] = rank;
        placed += 1;
      }
      return out.subarray(0, wanted);
    }
    for (let i = 0; i < completed; i++) {
      const rank = complete[i]!;
      if (score[rank]! <= last) out[fill[score[rank]!]!++] = rank;
    }
    for (let t = 0; t <= last; t++) sortRange(out, tierStarts[t]!, tierStarts[t + 1]!, complete);
    return out.subarray(0, wanted);
  }
}
