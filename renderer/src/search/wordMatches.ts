/**
 * Which dictionary words one typed word matches, and how well: the match classes that rank name
 * search. Every dictionary word gets its best class: exact, then prefix (a name still being typed),
 * then a typo (one edit, two for long words), then a typo in a word still being typed, then an
 * infix (the directory's `LIKE '%text%'`), then pg_trgm word similarity (the directory's `<%`).
 */
import { boundedDistance } from './editDistance.ts';
import { lettersOf, lowerBound, type NameDictionary } from './nameDictionary.ts';
import { trigramsOfWord, wordSimilarity, wordSimilarityThreshold } from './trigramSimilarity.ts';

/** Class numbers: lower is better; a row's score is the sum over the typed words. */
const EXACT = 0;
const PREFIX = 1;
const TYPO = 2;
const TYPO_PREFIX = 3;
const INFIX = 4;
const SIMILAR = 5;
export const classCount = 6;

/** How many edits a typed word may be from a name word: none below four letters, two from eight. */
export function typoBound(length: number): number {
  return length < 4 ? 0 : length < 8 ? 1 : 2;
}

/** A typed word at least this long may also be a mistyped start of a longer name word. */
const typoPrefixLength = 5;

export interface WordMatches {
  /** Matched dictionary words, grouped by class (best first). */
  words: Int32Array;
  /** Class c's words are words[classStarts[c] .. classStarts[c + 1]). */
  classStarts: Int32Array;
  /** Rows the matched words carry, counting each word's postings (an upper bound of the rows). */
  postingCount: number;
  /** Every dictionary word's class (`noClass` where it does not match), made on first use. */
  classOfWord(): Uint8Array;
}

/** The class of a dictionary word that does not match. */
export const noClass = 255;

/** Typed words whose matches are remembered: the words before the one being typed repeat every keystroke. */
const rememberedWords = 64;

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

/**
 * Pieces of `typed` of which every dictionary word that can be a typo, a typo of a start or an
 * infix of it contains at least one. With `bound` edits, bound + 1 pieces separated by one skipped
 * letter each: an edit (a swap included) breaks at most one piece, so one survives whole. Without
 * edits, `typed` itself is the piece.
 */
function candidatePieces(typed: string, bound: number): string[] {
  const length = typed.length;
  if (bound === 0) return [typed];
  // Four letters, one edit: either half survives, or the middle two were swapped (abcd → acbd).
  if (length === 4) return [typed.slice(0, 2), typed.slice(2), typed[0]! + typed[2]!];
  const kept = length - bound;
  const pieces: string[] = [];
  let at = 0;
  for (let p = 0; p <= bound; p++) {
    const size = Math.floor((kept - (at - p)) / (bound + 1 - p));
    pieces.push(typed.slice(at, at + size));
    at += size + 1;
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
  private trigramHits: Uint16Array;
  /**
   * Each dictionary word's letters: each edit loses at most one of the typed word's letters, so a
   * word missing more of them than the edits allowed is passed over without aligning the two.
   */
  private letters: Uint32Array;
  /** The latest typed words' matches, oldest first (the dictionary is fixed for this matcher's life). */
  private readonly remembered = new Map<string, WordMatches>();
  /** Candidates of the current scan (`candidateOf[word] === candidateStamp`), so each is classified once. */
  private candidateStamp = 0;
  private candidateOf: Int32Array;
  /** Two letters → the words containing them, made on first use (pieces too short for a trigram). */
  private bigramWords: Map<number, Int32Array> | null = null;
  /** One letter → the words containing it, made on first use. */
  private letterWords: Map<number, Int32Array> | null = null;

  constructor(private readonly dictionary: NameDictionary) {
    const size = dictionary.words.length;
    this.stampOf = new Int32Array(size);
    this.classOf = new Uint8Array(size);
    this.trigramHits = new Uint16Array(size);
    this.letters = new Uint32Array(size);
    for (let w = 0; w < size; w++) this.letters[w] = lettersOf(dictionary.words[w]!);
    this.candidateOf = new Int32Array(size);
  }

  /** Every word containing `piece`, and perhaps a few more: those sharing its first one, two or three letters. */
  private wordsContaining(piece: string): ArrayLike<number> {
    if (piece.length === 1) {
      this.letterWords ??= letterIndex(this.dictionary.words);
      return this.letterWords.get(piece.charCodeAt(0)) ?? noWords;
    }
    if (piece.length >= 3) {
      const { trigramCodes, trigramWordStarts, trigramWords } = this.dictionary;
      const code = trigramCodes.get(piece.slice(0, 3));
      return code === undefined ? noWords : trigramWords.subarray(trigramWordStarts[code]!, trigramWordStarts[code + 1]!);
    }
    this.bigramWords ??= bigramIndex(this.dictionary.words);
    return this.bigramWords.get(bigramKey(piece, 0)) ?? noWords;
  }

  /** The dictionary words `typed` (one folded word) matches, by class; the result must not be changed. */
  match(typed: string): WordMatches {
    const known = this.remembered.get(typed);
    if (known) {
      this.remembered.delete(typed);
      this.remembered.set(typed, known);
      return known;
    }
    const matches = this.scan(typed);
    this.remembered.set(typed, matches);
    if (this.remembered.size > rememberedWords) this.remembered.delete(this.remembered.keys().next().value!);
    return matches;
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
    const classify = (w: number): void => {
      if (stampOf[w] === stamp) return;
      const missing = bitCount(typedLetters & ~letters[w]!);
      if (missing > mostMissing) return;
      const word = words[w]!;
      if (bound > 0 && missing <= bound) {
        if (boundedDistance(typed, word, bound, false) <= bound) return mark(w, TYPO);
        if (prefixTypos && word.length > typed.length && boundedDistance(typed, word, 1, true) <= 1) return mark(w, TYPO_PREFIX);
      }
      if (missing === 0 && word.includes(typed)) mark(w, INFIX);
    };
    this.candidateStamp += 1;
    const seen = this.candidateStamp;
    const candidateOf = this.candidateOf;
    for (const piece of candidatePieces(typed, bound)) {
      const candidates = this.wordsContaining(piece);
      for (let i = 0; i < candidates.length; i++) {
        const w = candidates[i]!;
        if (candidateOf[w] === seen) continue;
        candidateOf[w] = seen;
        classify(w);
      }
    }

    this.similarWords(typed, stamp, mark);

    const classStarts = new Int32Array(classCount + 1);
    for (const word of found) classStarts[classOf[word]! + 1]! += 1;
    for (let c = 0; c < classCount; c++) classStarts[c + 1]! += classStarts[c]!;
    const fill = classStarts.slice(0, classCount);
    const grouped = new Int32Array(found.length);
    let postingCount = 0;
    for (const word of found) {
      grouped[fill[classOf[word]!]!++] = word;
      postingCount += postingStarts[word + 1]! - postingStarts[word]!;
    }
    let classOfWord: Uint8Array | null = null;
    return {
      words: grouped,
      classStarts,
      postingCount,
      classOfWord() {
        if (classOfWord) return classOfWord;
        classOfWord = new Uint8Array(words.length).fill(noClass);
        for (let c = 0; c < classCount; c++) for (let i = classStarts[c]!; i < classStarts[c + 1]!; i++) classOfWord[grouped[i]!] = c;
        return classOfWord;
      },
    };
  }

  /**
   * Words not matched otherwise whose word similarity to `typed` reaches the threshold. Only words
   * sharing enough trigrams are scored: similarity can never exceed shared / query trigrams.
   */
  private similarWords(typed: string, stamp: number, mark: (word: number, matchClass: number) => void): void {
    const { trigramCodes, trigramWordStarts, trigramWords, wordTrigramStarts, wordTrigrams } = this.dictionary;
    const query = new Set<number>();
    const known: number[] = [];
    let unknown = 0;
    for (const trigram of trigramsOfWord(typed)) {
      const code = trigramCodes.get(trigram);
      if (code === undefined) {
        // A trigram no name has still counts in the query's size.
        if (!query.has(-1 - unknown)) query.add(-1 - unknown++);
      } else if (!query.has(code)) {
        query.add(code);
        known.push(code);
      }
    }
    const needed = Math.ceil(wordSimilarityThreshold * query.size - 1e-9);
    if (needed === 0 || known.length < needed) return;
    const hits = this.trigramHits;
    const touched: number[] = [];
    for (const code of known) {
      for (let i = trigramWordStarts[code]!; i < trigramWordStarts[code + 1]!; i++) {
        const word = trigramWords[i]!;
        if (hits[word] === 0) touched.push(word);
        hits[word]! += 1;
      }
    }
    for (const word of touched) {
      const shared = hits[word]!;
      hits[word] = 0;
      if (shared < needed || this.stampOf[word] === stamp) continue;
      if (wordSimilarity(query, wordTrigrams, wordTrigramStarts[word]!, wordTrigramStarts[word + 1]!) >= wordSimilarityThreshold) mark(word, SIMILAR);
    }
  }
}
