/**
 * The word dictionary behind name search: every distinct folded word of every name, sorted (so a
 * typed prefix is one binary search), each with the rows that carry it as a typed array already in
 * name order, and each with its pg_trgm trigram sequence for the similarity match. Rows are named
 * by their rank in name order, so merging postings yields results in name order for free.
 */
import { foldForSearch, foldWithoutUmlautSpelling } from '../../../contract/name-folding.ts';
import { trigramsOfWord } from './trigramSimilarity.ts';

export interface NameDictionary {
  /** Distinct folded words, in code-unit order. */
  words: string[];
  /** Word w is carried by the rows postings[postingStarts[w] .. postingStarts[w + 1]), ascending. */
  postingStarts: Int32Array;
  postings: Int32Array;
  /** Trigram text → code. */
  trigramCodes: Map<string, number>;
  /** Word w's trigram sequence (duplicates kept, as pg_trgm reads it): wordTrigrams[wordTrigramStarts[w] ..). */
  wordTrigramStarts: Int32Array;
  wordTrigrams: Int32Array;
  /** Trigram t occurs in the words trigramWords[trigramWordStarts[t] ..), each once. */
  trigramWordStarts: Int32Array;
  trigramWords: Int32Array;
  /** Per row: bit i set when one of its words contains the letter 'a' + i (a one-letter search reads only this). */
  rowLetters: Uint32Array;
}

/** The bit of a letter a–z in `rowLetters`, or 0 for any other character. */
export function letterBit(character: string): number {
  const offset = character.charCodeAt(0) - 97;
  return character.length === 1 && offset >= 0 && offset < 26 ? 1 << offset : 0;
}

/** The letters a–z of `word` as bits (letterBit); other characters set none. */
export function lettersOf(word: string): number {
  let bits = 0;
  for (let i = 0; i < word.length; i++) bits |= letterBit(word[i]!);
  return bits;
}

/**
 * The searchable words of one written word ("Müller-Lüdenscheidt" → mueller, luedenscheidt, muller,
 * ludenscheidt): names and credit texts (creditVocabulary.ts) are found by the same words.
 */
export function wordsOfToken(token: string): string[] {
  const words = new Set<string>();
  for (const form of [foldForSearch(token), foldWithoutUmlautSpelling(token)]) for (const word of form.split(' ')) if (word) words.add(word);
  return [...words];
}

/** Prefix sums of `counts` (length n) into starts (length n + 1). */
function startsOf(counts: Int32Array): Int32Array {
  const starts = new Int32Array(counts.length + 1);
  for (let i = 0; i < counts.length; i++) starts[i + 1] = starts[i]! + counts[i]!;
  return starts;
}

/** Word-row pairs on the way to a dictionary: word text ids (into `texts`) and row ranks, in growing typed arrays. */
class WordPairs {
  words = new Int32Array(1024);
  ranks = new Int32Array(1024);
  length = 0;
  readonly texts: string[] = [];
  private readonly ids = new Map<string, number>();

  constructor(texts: readonly string[] = []) {
    for (const text of texts) this.idOf(text);
  }

  idOf(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.texts.push(word) - 1;
      this.ids.set(word, id);
    }
    return id;
  }

  add(word: number, rank: number): void {
    if (this.length === this.words.length) {
      const grownWords = new Int32Array(this.length * 2);
      grownWords.set(this.words);
      this.words = grownWords;
      const grownRanks = new Int32Array(this.length * 2);
      grownRanks.set(this.ranks);
      this.ranks = grownRanks;
    }
    this.words[this.length] = word;
    this.ranks[this.length] = rank;
    this.length += 1;
  }
}

/**
 * Adds the words of `name` at `rank`. Names are folded word by word with a cache: real name lists
 * repeat their words thousands of times.
 */
function addName(pairs: WordPairs, tokenWords: Map<string, number[]>, name: string, rank: number): void {
  const seen: number[] = [];
  for (const token of name.split(/\s+/)) {
    if (!token) continue;
    let ids = tokenWords.get(token);
    if (!ids) {
      ids = wordsOfToken(token).map((word) => pairs.idOf(word));
      tokenWords.set(token, ids);
    }
    for (const id of ids) {
      if (seen.includes(id)) continue;
      seen.push(id);
      pairs.add(id, rank);
    }
  }
}

/**
 * Builds the dictionary of `names`, given in name order (index = rank); null for a row that must
 * not be found (removed).
 */
export function buildNameDictionary(names: readonly (string | null)[]): NameDictionary {
  const pairs = new WordPairs();
  const tokenWords = new Map<string, number[]>();
  for (let rank = 0; rank < names.length; rank++) {
    const name = names[rank];
    if (name) addName(pairs, tokenWords, name, rank);
  }
  return assemble(pairs, names.length, false);
}

/**
 * The dictionary after some rows changed, without folding the names that did not: `previous`'s
 * postings carried over through `rankAfter` (old rank → new rank, -1 for a row that changed or
 * went), plus the words of `changed` (new rank → name, null when the row must not be found).
 * Equals `buildNameDictionary` over the new names (words no row carries any more are dropped).
 */
export function updateNameDictionary(
  previous: NameDictionary,
  rankAfter: Int32Array,
  changed: ReadonlyMap<number, string | null>,
  rowCount: number,
): NameDictionary {
  const pairs = new WordPairs(previous.words);
  const { postingStarts, postings } = previous;
  for (let w = 0; w < previous.words.length; w++) {
    for (let p = postingStarts[w]!, end = postingStarts[w + 1]!; p < end; p++) {
      const rank = rankAfter[postings[p]!]!;
      if (rank >= 0) pairs.add(w, rank);
    }
  }
  const tokenWords = new Map<string, number[]>();
  for (const [rank, name] of changed) if (name) addName(pairs, tokenWords, name, rank);
  return assemble(pairs, rowCount, true);
}

/**
 * The dictionary of word-row pairs: words sorted, postings grouped by word in rank order (sorted
 * per word when `unordered`, i.e. the pairs did not come in rank order), trigrams per word.
 */
function assemble(pairs: WordPairs, rowCount: number, unordered: boolean): NameDictionary {
  const { texts: wordTexts, words: pairWords, ranks: pairRanks, length: pairCount } = pairs;
  const used = new Int32Array(wordTexts.length);
  for (let p = 0; p < pairCount; p++) used[pairWords[p]!]! += 1;
  // Words no row carries (every row that had them changed) are left out.
  const sortedIds = wordTexts.map((_, id) => id).filter((id) => used[id]! > 0);
  sortedIds.sort((a, b) => (wordTexts[a]! < wordTexts[b]! ? -1 : 1));
  const positionOf = new Int32Array(wordTexts.length);
  sortedIds.forEach((id, position) => (positionOf[id] = position));
  const words = sortedIds.map((id) => wordTexts[id]!);

  const wordLetters = new Uint32Array(wordTexts.length);
  wordTexts.forEach((word, id) => (wordLetters[id] = lettersOf(word)));
  const rowLetters = new Uint32Array(rowCount);
  for (let p = 0; p < pairCount; p++) rowLetters[pairRanks[p]!]! |= wordLetters[pairWords[p]!]!;

  const counts = new Int32Array(words.length);
  for (let p = 0; p < pairCount; p++) counts[positionOf[pairWords[p]!]!]! += 1;
  const postingStarts = startsOf(counts);
  const fill = postingStarts.slice(0, words.length);
  const postings = new Int32Array(pairCount);
  // Pairs in rank order give every word's postings ascending; otherwise each word's are sorted.
  for (let p = 0; p < pairCount; p++) postings[fill[positionOf[pairWords[p]!]!]!++] = pairRanks[p]!;
  if (unordered) for (let w = 0; w < words.length; w++) postings.subarray(postingStarts[w]!, postingStarts[w + 1]!).sort();

  const trigramCodes = new Map<string, number>();
  const sequences: number[] = [];
  const wordTrigramStarts = new Int32Array(words.length + 1);
  for (let w = 0; w < words.length; w++) {
    wordTrigramStarts[w] = sequences.length;
    for (const trigram of trigramsOfWord(words[w]!)) {
      let code = trigramCodes.get(trigram);
      if (code === undefined) {
        code = trigramCodes.size;
        trigramCodes.set(trigram, code);
      }
      sequences.push(code);
    }
  }
  wordTrigramStarts[words.length] = sequences.length;
  const wordTrigrams = Int32Array.from(sequences);

  const trigramCounts = new Int32Array(trigramCodes.size);
  const lastWord = new Int32Array(trigramCodes.size).fill(-1);
  for (let w = 0; w < words.length; w++) {
    for (let t = wordTrigramStarts[w]!; t < wordTrigramStarts[w + 1]!; t++) {
      const code = wordTrigrams[t]!;
      if (lastWord[code] === w) continue;
      lastWord[code] = w;
      trigramCounts[code]! += 1;
    }
  }
  const trigramWordStarts = startsOf(trigramCounts);
  const trigramFill = trigramWordStarts.slice(0, trigramCodes.size);
  const trigramWords = new Int32Array(trigramWordStarts[trigramCodes.size]!);
  lastWord.fill(-1);
  for (let w = 0; w < words.length; w++) {
    for (let t = wordTrigramStarts[w]!; t < wordTrigramStarts[w + 1]!; t++) {
      const code = wordTrigrams[t]!;
      if (lastWord[code] === w) continue;
      lastWord[code] = w;
      trigramWords[trigramFill[code]!++] = w;
    }
  }
  return { words, postingStarts, postings, trigramCodes, wordTrigramStarts, wordTrigrams, trigramWordStarts, trigramWords, rowLetters };
}

/** The first word position whose text is not below `text` (binary search). */
export function lowerBound(words: readonly string[], text: string): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (words[middle]! < text) low = middle + 1;
    else high = middle;
  }
  return low;
}
