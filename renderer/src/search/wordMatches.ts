/**
 * Which dictionary words one typed word matches, and how well: the match classes that rank name
 * search. Every dictionary word gets its best class: exact, then prefix (a name still being typed),
 * then a typo (one edit, two for long words), then a typo in a word still being typed, then an
 * infix (the directory's `LIKE '%text%'`), then pg_trgm word similarity (the directory's `<%`).
 */
import { boundedDistance } from './editDistance.ts';
import { letterBit, lowerBound, type NameDictionary } from './nameDictionary.ts';
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
  classOfWord(dictionarySize: number): Uint8Array;
}

/** The class of a dictionary word that does not match. */
export const noClass = 255;

/** Typed words whose matches are remembered: the words before the one being typed repeat every keystroke. */
const rememberedWords = 64;

/** The letters a–z of `word` as bits (letterBit); other characters set none. */
function lettersOf(word: string): number {
  let bits = 0;
  for (let i = 0; i < word.length; i++) bits |= letterBit(word[i]!);
  return bits;
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

  constructor(private readonly dictionary: NameDictionary) {
    const size = dictionary.words.length;
    this.stampOf = new Int32Array(size);
    this.classOf = new Uint8Array(size);
    this.trigramHits = new Uint16Array(size);
    this.letters = new Uint32Array(size);
    for (let w = 0; w < size; w++) this.letters[w] = lettersOf(dictionary.words[w]!);
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

    // Typos and infixes: one scan over the other words.
    const bound = typoBound(typed.length);
    const prefixTypos = typed.length >= typoPrefixLength;
    const typedLetters = lettersOf(typed);
    const mostMissing = Math.max(bound, prefixTypos ? 1 : 0);
    const letters = this.letters;
    for (let w = 0; w < words.length; w++) {
      if (w === first && afterPrefix > first) {
        w = afterPrefix - 1;
        continue;
      }
      const missing = bitCount(typedLetters & ~letters[w]!);
      if (missing > mostMissing) continue;
      const word = words[w]!;
      if (bound > 0 && missing <= bound) {
        if (boundedDistance(typed, word, bound, false) <= bound) {
          mark(w, TYPO);
          continue;
        }
        if (prefixTypos && word.length > typed.length && boundedDistance(typed, word, 1, true) <= 1) {
          mark(w, TYPO_PREFIX);
          continue;
        }
      }
      if (missing === 0 && word.includes(typed)) mark(w, INFIX);
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
      classOfWord(dictionarySize) {
        if (classOfWord) return classOfWord;
        classOfWord = new Uint8Array(dictionarySize).fill(noClass);
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
