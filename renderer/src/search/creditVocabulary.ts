/**
 * The words of every credit text, grown one profile at a time (no rebuild as details arrive), and
 * the typo-tolerant match of one typed word against them. Words are folded as names are
 * (wordsOfToken: umlauts spelled out and dropped, accents off) and matched in the name search's
 * classes: exact, prefix, a typo (editDistance.ts, bounded by typoBound), a typo in a word still
 * being typed. Unlike the name dictionary, which scans every word for typos, a typed word is
 * compared only with words sharing enough of its pg_trgm trigrams: one edit changes at most four
 * of them, so a word within `bound` edits shares all but 4 × bound — the vocabulary of 50,000 vitas
 * is far larger than that of their names.
 */
import { boundedDistance } from './editDistance.ts';
import { GrowableInts } from './growableInts.ts';
import { wordsOfToken } from './nameDictionary.ts';
import { trigramsOfWord } from './trigramSimilarity.ts';
import { typoBound } from './wordMatches.ts';

/** Match classes, best first; a person's cost is the sum of its best class per typed word. */
export const EXACT = 0;
export const PREFIX = 1;
export const TYPO = 2;
export const TYPO_PREFIX = 3;

/** A typed word at least this long may also be a mistyped start of a longer word. */
const typoPrefixLength = 5;
/** Trigrams one edit can change (a swap of neighbours touches four windows). */
const trigramsPerEdit = 4;

export interface CreditWordMatches {
  /** Matched word ids, best class first. */
  words: Int32Array;
  /** The class of each entry of `words`. */
  classes: Uint8Array;
}

export class CreditVocabulary {
  readonly words: string[] = [];
  private readonly ids = new Map<string, number>();
  private readonly tokenWords = new Map<string, Int32Array>();
  private readonly trigramCodes = new Map<string, number>();
  /** Per trigram code, the words holding it (each once). */
  private readonly trigramWords: GrowableInts[] = [];
  private hits = new Uint16Array(1024);
  private marks = new Int32Array(1024);
  private matchStamp = 0;

  get size(): number {
    return this.words.length;
  }

  /** The word ids of one written token (cached: vitas repeat their words thousands of times). */
  wordsOfToken(token: string): Int32Array {
    let ids = this.tokenWords.get(token);
    if (!ids) {
      ids = Int32Array.from(wordsOfToken(token), (word) => this.idOf(word));
      this.tokenWords.set(token, ids);
    }
    return ids;
  }

  private idOf(word: string): number {
    let id = this.ids.get(word);
    if (id !== undefined) return id;
    id = this.words.push(word) - 1;
    this.ids.set(word, id);
    const seen = new Set<string>();
    for (const trigram of trigramsOfWord(word)) {
      if (seen.has(trigram)) continue;
      seen.add(trigram);
      let code = this.trigramCodes.get(trigram);
      if (code === undefined) {
        code = this.trigramWords.push(new GrowableInts()) - 1;
        this.trigramCodes.set(trigram, code);
      }
      this.trigramWords[code]!.push(id);
    }
    return id;
  }

  /** The words `typed` (one folded word) matches; `prefixes`: also as the start of longer words. */
  match(typed: string, prefixes: boolean): CreditWordMatches {
    this.ensureScratch();
    const stamp = ++this.matchStamp;
    const found: number[] = [];
    const classes: number[] = [];
    const marks = this.marks;
    const mark = (word: number, matchClass: number): void => {
      marks[word] = stamp;
      found.push(word);
      classes.push(matchClass);
    };

    const exact = this.ids.get(typed);
    if (exact !== undefined) mark(exact, EXACT);
    if (prefixes) {
      const start = this.trigramCodes.get(typed.length === 1 ? `  ${typed}` : ` ${typed.slice(0, 2)}`);
      const starting = start === undefined ? null : this.trigramWords[start]!;
      for (let i = 0; starting && i < starting.length; i++) {
        const word = starting.values[i]!;
        if (marks[word] !== stamp && this.words[word]!.startsWith(typed)) mark(word, PREFIX);
      }
    }
    const bound = /\d/.test(typed) ? 0 : typoBound(typed.length);
    const prefixTypos = prefixes && bound > 0 && typed.length >= typoPrefixLength;
    if (bound > 0) this.typos(typed, bound, prefixTypos, stamp, mark);

    // Grouped by class, best first, so the first class a person is reached with is its best.
    const order = found.map((_, index) => index).sort((a, b) => classes[a]! - classes[b]! || a - b);
    return { words: Int32Array.from(order, (index) => found[index]!), classes: Uint8Array.from(order, (index) => classes[index]!) };
  }

  /** Words within `bound` edits of `typed` (or of its start, for `prefixTypos`), among those sharing enough trigrams. */
  private typos(typed: string, bound: number, prefixTypos: boolean, stamp: number, mark: (word: number, matchClass: number) => void): void {
    const trigrams = trigramsOfWord(typed);
    const all = new Set(trigrams);
    // The last trigram ends the word: a word typed only in part lacks it.
    const front = new Set(trigrams.slice(0, -1));
    const needed = Math.max(1, all.size - trigramsPerEdit * bound);
    const neededAsPrefix = Math.max(1, front.size - trigramsPerEdit);
    const hits = this.hits;
    const touched: number[] = [];
    for (const trigram of all) {
      const code = this.trigramCodes.get(trigram);
      if (code === undefined) continue;
      const list = this.trigramWords[code]!;
      for (let i = 0; i < list.length; i++) {
        const word = list.values[i]!;
        if (hits[word] === 0) touched.push(word);
        hits[word]! += 1;
      }
    }
    for (const word of touched) {
      const shared = hits[word]!;
      hits[word] = 0;
      if (this.marks[word] === stamp) continue;
      const text = this.words[word]!;
      if (shared >= needed && boundedDistance(typed, text, bound, false) <= bound) mark(word, TYPO);
      else if (prefixTypos && shared >= neededAsPrefix && text.length > typed.length && boundedDistance(typed, text, 1, true) <= 1) mark(word, TYPO_PREFIX);
    }
  }

  private ensureScratch(): void {
    if (this.marks.length >= this.words.length) return;
    const size = Math.max(this.words.length, this.marks.length * 2);
    const marks = new Int32Array(size);
    marks.set(this.marks);
    this.marks = marks;
    this.hits = new Uint16Array(size);
  }
}
