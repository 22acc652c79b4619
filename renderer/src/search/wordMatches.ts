/**
 * Which dictionary words one typed word matches, and how well: the match classes that rank name
 * search (referenceMatcher.ts defines them). Every dictionary word gets its best class: exact,
 * then prefix (a name still being typed), then an infix (the directory's `LIKE '%text%'`), then a
 * typo of the whole word (one edit before two), then a typo in a word still being typed, then
 * pg_trgm word similarity (the directory's `<%`).
 */
import { boundedDistance } from './editDistance.ts';
import type { WordMatches } from './matchedWords.ts';
import { lettersOf, lowerBound, type NameDictionary } from './nameDictionary.ts';
import { PrefixTable } from './prefixTable.ts';
import { RowCounter } from './rowCounter.ts';
import { trigramsOfWord, wordSimilarity, wordSimilarityThreshold } from './trigramSimilarity.ts';

/** Class numbers: lower is better; a row's score is the sum over the typed words. */
const EXACT = 0;
const PREFIX = 1;
const INFIX = 2;
const ONE_TYPO = 3;
const TWO_TYPOS = 4;
const TYPO_PREFIX = 5;
const SIMILAR = 6;
export const classCount = 7;

/** How many edits a typed word may be from a name word: none below four letters, two from eight. */
export function typoBound(length: number): number {
  return length < 4 ? 0 : length < 8 ? 1 : 2;
}

/** A typed word at least this long may also be a mistyped start of a longer name word. */
const typoPrefixLength = 5;

/** The class of a dictionary word that does not match. */
export const noClass = 255;

const noWords = new Int32Array(0);

function bigramKey(text: string, at: number): number {
  return text.charCodeAt(at) * 65_536 + text.charCodeAt(at + 1);
}

/** Each `span`-letter sequence (one or two letters, as `keyOf` reads it) → the words containing it, each once. */
function sequenceIndex(words: readonly string[], span: number, keyOf: (text: string, at: number) => number): Map<number, Int32Array> {
  const lists = new Map<number, number[]>();
  for (let w = 0; w < words.length; w++) {
    const word = words[w]!;
    for (let i = 0; i + span <= word.length; i++) {
      const key = keyOf(word, i);
      const list = lists.get(key) ?? lists.set(key, []).get(key)!;
      if (list[list.length - 1] !== w) list.push(w);
    }
  }
  return new Map([...lists].map(([key, list]) => [key, Int32Array.from(list)]));
}

function bigramIndex(words: readonly string[]): Map<number, Int32Array> {
  return sequenceIndex(words, 2, bigramKey);
}

function letterIndex(words: readonly string[]): Map<number, Int32Array> {
  return sequenceIndex(words, 1, (text, at) => text.charCodeAt(at));
}

/** Positions from this one on share one list in the placed two-letter index. */
const lastPlace = 31;

/** A two-letter sequence's words by where it starts in them: place p's are words[starts[p] .. starts[p + 1]). */
interface PlacedWords {
  starts: Int32Array;
  words: Int32Array;
}

/** Each two-letter sequence → the words containing it, by the position it starts at. */
function placedBigramIndex(words: readonly string[]): Map<number, PlacedWords> {
  const lists = new Map<number, number[][]>();
  for (let w = 0; w < words.length; w++) {
    const word = words[w]!;
    for (let i = 0; i + 2 <= word.length; i++) {
      const key = bigramKey(word, i);
      const places = lists.get(key) ?? lists.set(key, Array.from({ length: lastPlace + 1 }, () => [])).get(key)!;
      places[Math.min(i, lastPlace)]!.push(w);
    }
  }
  const index = new Map<number, PlacedWords>();
  for (const [key, places] of lists) {
    const starts = new Int32Array(lastPlace + 2);
    places.forEach((list, place) => (starts[place + 1] = starts[place]! + list.length));
    index.set(key, { starts, words: Int32Array.from(places.flat()) });
  }
  return index;
}

/**
 * Two-letter pieces of `typed` (its letters at `at` and `at + 1`, as a bigram key) of which every
 * dictionary word within `bound` edits of it, or with a start within one edit, has one within
 * `bound` places of `at`: bound + 1 pieces separated by a skipped letter, so an edit (a swap
 * included) breaks at most one, and the edits before a piece shift it by at most `bound`.
 */
function typoPieces(typed: string, bound: number): { key: number; at: number }[] {
  // Four letters, one edit: either half survives, or the middle two were swapped (abcd → acbd).
  if (typed.length === 4) return [{ key: bigramKey(typed, 0), at: 0 }, { key: bigramKey(typed, 2), at: 2 }, { key: typed.charCodeAt(0) * 65_536 + typed.charCodeAt(2), at: 0 }];
  const kept = typed.length - bound;
  const pieces: { key: number; at: number }[] = [];
  let at = 0;
  for (let p = 0; p <= bound; p++) {
    pieces.push({ key: bigramKey(typed, at), at });
    at += Math.floor((kept - (at - p)) / (bound + 1 - p)) + 1;
  }
  return pieces;
}

function bitCount(bits: number): number {
  let value = bits - ((bits >>> 1) & 0x55555555);
  value = (value & 0x33333333) + ((value >>> 2) & 0x33333333);
  return (((value + (value >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * Scratch per dictionary word, reused across keystrokes: the class found for it in the current
 * scan (valid where `stampOf[word] === stamp`), so a word is classified once.
 */
export class WordMatcher {
  private stamp = 0;
  private stampOf: Int32Array;
  private classOf: Uint8Array;
  private readonly queryTrigrams: QueryTrigrams;
  /**
   * Each dictionary word's letters: each edit loses at most one of the typed word's letters, so a
   * word missing more of them than the edits allowed is passed over without aligning the two.
   */
  private letters: Uint32Array;
  /** Candidates of the current scan (`candidateOf[word] === candidateStamp`), so each is classified once. */
  private candidateStamp = 0;
  private candidateOf: Int32Array;
  /** Two letters → the words containing them by where they start, made on first use (typo candidates). */
  private placedBigrams: Map<number, PlacedWords> | null = null;
  /** Two letters → the words containing them, made on first use. */
  private bigramWords: Map<number, Int32Array> | null = null;
  /** One letter → the words containing it, made on first use. */
  private letterWords: Map<number, Int32Array> | null = null;
  /** Every dictionary word's prefixes classified in advance (`prepareWhile`), as far as done. */
  private prefixTable: PrefixTable | null = null;

  /** `rowCounter`: counts the rows of prefixes classified in advance (shared with the matcher's screens). */
  constructor(
    private readonly dictionary: NameDictionary,
    private readonly rowCounter = new RowCounter(dictionary),
  ) {
    const size = dictionary.words.length;
    this.stampOf = new Int32Array(size);
    this.classOf = new Uint8Array(size);
    this.queryTrigrams = new QueryTrigrams(dictionary.trigramCodes.size);
    this.letters = new Uint32Array(size);
    for (let w = 0; w < size; w++) this.letters[w] = lettersOf(dictionary.words[w]!);
    this.candidateOf = new Int32Array(size);
  }

  /**
   * Every word containing `typed`, and perhaps a few more: of up to three letters exactly those
   * (its letter, two-letter or trigram list), longer the words with its rarest trigram.
   * `trigramCodes`: the codes of `typed`'s padded trigrams (-1 for one no name has).
   */
  private wordsContaining(typed: string, trigramCodes: readonly number[]): ArrayLike<number> {
    if (typed.length === 1) {
      this.letterWords ??= letterIndex(this.dictionary.words);
      return this.letterWords.get(typed.charCodeAt(0)) ?? noWords;
    }
    if (typed.length === 2) {
      this.bigramWords ??= bigramIndex(this.dictionary.words);
      return this.bigramWords.get(bigramKey(typed, 0)) ?? noWords;
    }
    const { trigramWordStarts, trigramWords } = this.dictionary;
    let rarest = -1;
    // The padded trigrams from the third on, but the last, lie inside `typed`.
    for (let i = 2; i < typed.length; i++) {
      const code = trigramCodes[i]!;
      if (code < 0) return noWords;
      if (rarest < 0 || trigramWordStarts[code + 1]! - trigramWordStarts[code]! < trigramWordStarts[rarest + 1]! - trigramWordStarts[rarest]!) rarest = code;
    }
    return trigramWords.subarray(trigramWordStarts[rarest]!, trigramWordStarts[rarest + 1]!);
  }

  /** The dictionary words `typed` (one folded word) matches, by class; the result must not be changed. */
  match(typed: string): WordMatches {
    return this.prefixTable?.find(typed) ?? this.scan(typed);
  }

  /**
   * Classifies the prefixes of every dictionary word in advance while `stillIdle()` says there is
   * time (PrefixTable); returns whether all are. Called in idle time: `match` reads what is done.
   */
  prepareWhile(stillIdle: () => boolean): boolean {
    this.prefixTable ??= new PrefixTable(this.dictionary.words, classCount, this.dictionary.postingStarts);
    return this.prefixTable.fill((typed) => this.counted(this.scan(typed), typed), stillIdle);
  }

  /**
   * `matches` with the rows carrying its words counted (a row with several of them once): a typed
   * word alone lists them, and counting them was most of such a keystroke at 500,000 names. A
   * letter's are not: one letter alone is counted from each row's letters (OneWordScreens).
   */
  private counted(matches: WordMatches, typed: string): WordMatches {
    return typed.length < 2 ? matches : { ...matches, rowCount: this.rowCounter.rowsCarrying(matches.words) };
  }

  private scan(typed: string): WordMatches {
    const { words, postingStarts } = this.dictionary;
    this.stamp += 1;
    const stamp = this.stamp;
    const stampOf = this.stampOf;
    const classOf = this.classOf;
    const found: number[] = [];
    const mark = (word: number, matchClass: number) => {
      stampOf[word] = stamp;
      classOf[word] = matchClass;
      found.push(word);
    };

    // Exact and prefix: one contiguous run of the sorted words.
    const first = lowerBound(words, typed);
    let afterPrefix = first;
    while (afterPrefix < words.length && words[afterPrefix]!.startsWith(typed)) {
      mark(afterPrefix, words[afterPrefix]!.length === typed.length ? EXACT : PREFIX);
      afterPrefix += 1;
    }

    // Typos and infixes: the words that can be one, each classified once.
    const bound = typoBound(typed.length);
    const prefixTypos = typed.length >= typoPrefixLength;
    const typedLetters = lettersOf(typed);
    const mostMissing = Math.max(bound, prefixTypos ? 1 : 0);
    const letters = this.letters;
    // Without edits a word of up to three letters is its own piece, and the index lists exactly
    // the words containing it: every candidate not matched above is an infix.
    const candidatesContainIt = bound === 0 && typed.length <= 3;
    const classify = (w: number): void => {
      if (stampOf[w] === stamp) return;
      if (candidatesContainIt) return mark(w, INFIX);
      const missing = bitCount(typedLetters & ~letters[w]!);
      if (missing > mostMissing) return;
      const word = words[w]!;
      if (missing === 0 && word.includes(typed)) return mark(w, INFIX);
      if (bound > 0 && missing <= bound) {
        const edits = boundedDistance(typed, word, bound, false);
        if (edits <= bound) return mark(w, edits === 1 ? ONE_TYPO : TWO_TYPOS);
        if (prefixTypos && word.length > typed.length && boundedDistance(typed, word, 1, true) <= 1) mark(w, TYPO_PREFIX);
      }
    };
    this.candidateStamp += 1;
    const seen = this.candidateStamp;
    const candidateOf = this.candidateOf;
    const classifyOnce = (candidates: ArrayLike<number>, from: number, to: number): void => {
      for (let i = from; i < to; i++) {
        const w = candidates[i]!;
        if (candidateOf[w] === seen) continue;
        candidateOf[w] = seen;
        classify(w);
      }
    };
    if (bound > 0) {
      this.placedBigrams ??= placedBigramIndex(words);
      for (const { key, at } of typoPieces(typed, bound)) {
        const placed = this.placedBigrams.get(key);
        if (placed) classifyOnce(placed.words, placed.starts[Math.min(Math.max(0, at - bound), lastPlace)]!, placed.starts[Math.min(at + bound, lastPlace) + 1]!);
      }
    }
    const trigrams = trigramsOfWord(typed);
    const trigramCodes = trigrams.map((trigram) => this.dictionary.trigramCodes.get(trigram) ?? -1);
    const containing = this.wordsContaining(typed, trigramCodes);
    classifyOnce(containing, 0, containing.length);

    this.similarWords(trigrams, trigramCodes, stamp, mark);

    // Plain arrays: a typed array over 64 bytes costs a buffer of its own, about a microsecond.
    const classStarts = new Array<number>(classCount + 1).fill(0);
    for (const word of found) classStarts[classOf[word]! + 1]! += 1;
    for (let c = 0; c < classCount; c++) classStarts[c + 1]! += classStarts[c]!;
    const fill = classStarts.slice(0, classCount);
    const grouped = new Array<number>(found.length);
    let postingCount = 0;
    for (const word of found) {
      grouped[fill[classOf[word]!]!++] = word;
      postingCount += postingStarts[word + 1]! - postingStarts[word]!;
    }
    return { words: grouped, classStarts, postingCount, rowCount: -1 };
  }

  /**
   * Words not matched otherwise whose word similarity to the typed word (its padded `trigrams`
   * and their `codes`) reaches the threshold. Only words sharing enough trigrams can: similarity
   * never exceeds shared / query trigrams. A word sharing
   * `needed` of the query's `known` trigrams shares one of any known - needed + 1 of them, so the
   * candidates come from the shortest such lists, and each is counted before it is scored.
   */
  private similarWords(trigrams: readonly string[], codes: readonly number[], stamp: number, mark: (word: number, matchClass: number) => void): void {
    const { trigramWordStarts, trigramWords, wordTrigramStarts, wordTrigrams } = this.dictionary;
    const query = this.queryTrigrams.clear();
    const known: number[] = [];
    const unknown: string[] = [];
    for (let t = 0; t < trigrams.length; t++) {
      const code = codes[t]!;
      // A trigram no name has still counts in the query's size (once, as pg_trgm keeps distinct trigrams).
      if (code < 0) {
        if (!unknown.includes(trigrams[t]!)) unknown.push(trigrams[t]!);
      } else if (!query.has(code)) {
        query.add(code);
        known.push(code);
      }
    }
    query.size += unknown.length;
    const needed = Math.ceil(wordSimilarityThreshold * query.size - 1e-9);
    if (needed === 0 || known.length < needed) return;
    sortByListLength(known, trigramWordStarts);
    this.candidateStamp += 1;
    const seen = this.candidateStamp;
    const candidateOf = this.candidateOf;
    for (let k = 0; k <= known.length - needed; k++) {
      const code = known[k]!;
      for (let i = trigramWordStarts[code]!; i < trigramWordStarts[code + 1]!; i++) {
        const word = trigramWords[i]!;
        if (candidateOf[word] === seen || this.stampOf[word] === stamp) continue;
        candidateOf[word] = seen;
        const start = wordTrigramStarts[word]!;
        const end = wordTrigramStarts[word + 1]!;
        if (query.sharedWith(wordTrigrams, start, end) >= needed && wordSimilarity(query, wordTrigrams, start, end) >= wordSimilarityThreshold) mark(word, SIMILAR);
      }
    }
  }
}

/** Sorts trigram codes (a typed word's few) by how many words have them, fewest first, in place. */
function sortByListLength(codes: number[], trigramWordStarts: Int32Array): void {
  const lengthOf = (code: number) => trigramWordStarts[code + 1]! - trigramWordStarts[code]!;
  for (let i = 1; i < codes.length; i++) {
    const code = codes[i]!;
    const length = lengthOf(code);
    let j = i - 1;
    while (j >= 0 && lengthOf(codes[j]!) > length) {
      codes[j + 1] = codes[j]!;
      j -= 1;
    }
    codes[j + 1] = code;
  }
}

/**
 * A typed word's distinct trigram codes as marks over every code (reused per scan), counting the
 * trigrams absent from the dictionary in its size.
 */
class QueryTrigrams {
  size = 0;
  private stamp = 0;
  private readonly markOf: Int32Array;
  /** Per code: the count pass that last met it, so a trigram repeated in a word counts once. */
  private countStamp = 0;
  private readonly countedOf: Int32Array;

  constructor(codeCount: number) {
    this.markOf = new Int32Array(codeCount);
    this.countedOf = new Int32Array(codeCount);
  }

  clear(): this {
    this.stamp += 1;
    this.size = 0;
    return this;
  }

  add(code: number): void {
    this.markOf[code] = this.stamp;
    this.size += 1;
  }

  has(code: number): boolean {
    return this.markOf[code] === this.stamp;
  }

  /** How many of these trigrams occur in sequence[start, end). */
  sharedWith(sequence: Int32Array, start: number, end: number): number {
    this.countStamp += 1;
    let shared = 0;
    for (let i = start; i < end; i++) {
      const code = sequence[i]!;
      if (this.markOf[code] !== this.stamp || this.countedOf[code] === this.countStamp) continue;
      this.countedOf[code] = this.countStamp;
      shared += 1;
    }
    return shared;
  }
}
