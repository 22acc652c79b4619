/**
 * The specification of name search: which names a typed text finds and in which order, written as
 * plainly as possible (every word of every name aligned with every typed word, no index, slow).
 * The engine (nameMatcher.ts and the modules it uses) must list exactly what this lists, in the
 * same order, on every path (prepared or not, first screen, after names change): the reference
 * tests and the property test (test/unit/renderer/nameSearchProperty.test.ts) hold it to this.
 *
 * A typed word matches a name word in one of these classes, best first:
 *  0 exact          the word equals it
 *  1 prefix         the word starts with it
 *  2 infix          the word contains it (the directory's `LIKE '%text%'`)
 *  3 one typo       the whole word is one edit away (typed words of 4 letters or more)
 *  4 two typos      the whole word is two edits away (typed words of 8 letters or more)
 *  5 typo prefix    a longer word starts within one edit of it (typed words of 5 letters or more)
 *  6 similar        pg_trgm word similarity reaches 0.6 (the directory's `<%`)
 * An edit is Damerau's optimal string alignment: a substitution, a swap of neighbours, an
 * insertion or a deletion. So an exact prefix ranks before an exact substring, that before any
 * typo, fewer edits before more, and a typo of a whole word before a typo inside a longer word.
 *
 * A name matches when every typed word (the first eight) matches one of its words; its score is
 * the sum of each typed word's best class. Names come out lowest score first, then in name order
 * (ProfileIndex's: folded name, then id).
 */
import { foldForSearch } from '../../../contract/name-folding.ts';
import { wordsOfToken } from './nameDictionary.ts';
import { trigramsOfWord, wordSimilarity, wordSimilarityThreshold } from './trigramSimilarity.ts';

/** Typed words beyond this many are ignored. */
const referenceTypedWords = 8;

/** A row as name search sees it: its id and its name as written. */
export interface ReferenceRow {
  id: number;
  name: string;
}

/** How many edits a typed word may be from a whole name word: none below four letters, two from eight. */
function typoBound(length: number): number {
  return length < 4 ? 0 : length < 8 ? 1 : 2;
}

/**
 * Optimal string alignment distances from `typed` to every prefix of `word` (entry j: to its first
 * j letters; the last entry: to the whole word), from the whole table.
 */
function editDistances(typed: string, word: string): Int32Array {
  const columns = word.length + 1;
  const table = new Int32Array((typed.length + 1) * columns);
  const at = (i: number, j: number) => i * columns + j;
  for (let j = 0; j < columns; j++) table[j] = j;
  for (let i = 1; i <= typed.length; i++) {
    table[at(i, 0)] = i;
    for (let j = 1; j <= word.length; j++) {
      const substitution = table[at(i - 1, j - 1)]! + (typed[i - 1] === word[j - 1] ? 0 : 1);
      let best = Math.min(table[at(i - 1, j)]! + 1, table[at(i, j - 1)]! + 1, substitution);
      if (i > 1 && j > 1 && typed[i - 1] === word[j - 2] && typed[i - 2] === word[j - 1]) best = Math.min(best, table[at(i - 2, j - 2)]! + 1);
      table[at(i, j)] = best;
    }
  }
  return table.subarray(at(typed.length, 0));
}

/** pg_trgm word similarity of `typed` to `word`, trigrams coded by their text. */
function similarity(typed: string, word: string): number {
  const codes = new Map<string, number>();
  const codeOf = (trigram: string) => codes.get(trigram) ?? codes.set(trigram, codes.size).get(trigram)!;
  const query = new Set(trigramsOfWord(typed).map(codeOf));
  const sequence = trigramsOfWord(word).map(codeOf);
  return wordSimilarity(query, sequence, 0, sequence.length);
}

/** The class (0 best … 6) in which the folded `typed` word matches the folded name `word`, or null. */
export function referenceClass(typed: string, word: string): number | null {
  if (word === typed) return 0;
  if (word.startsWith(typed)) return 1;
  if (word.includes(typed)) return 2;
  const bound = typoBound(typed.length);
  if (bound > 0) {
    const distances = editDistances(typed, word);
    const edits = distances[word.length]!;
    if (edits <= bound) return edits === 1 ? 3 : 4;
    if (typed.length >= 5 && word.length > typed.length && distances.some((edits) => edits <= 1)) return 5;
  }
  if (similarity(typed, word) >= wordSimilarityThreshold) return 6;
  return null;
}

/** The searchable words of a written name: each word folded, with and without the umlaut spelling. */
export function referenceNameWords(name: string): string[] {
  return [...new Set(name.split(/\s+/).flatMap(wordsOfToken))];
}

/**
 * Searches one set of rows, given in name order. Each typed word is compared with each distinct
 * name word once (the classes are remembered across searches).
 */
export class ReferenceMatcher {
  private readonly rows: { id: number; words: string[] }[];
  /** Typed word → name word → class, as compared so far. */
  private readonly classes = new Map<string, Map<string, number | null>>();

  constructor(rows: readonly ReferenceRow[]) {
    this.rows = rows.map((row) => ({ id: row.id, words: referenceNameWords(row.name) }));
  }

  /** The ids of the rows `text` finds, in the order the list shows them. */
  search(text: string): number[] {
    const typed = foldForSearch(text).split(' ').filter(Boolean).slice(0, referenceTypedWords);
    if (typed.length === 0) return [];
    const found: { id: number; score: number }[] = [];
    for (const { id, words } of this.rows) {
      const best = typed.map((typedWord) => Math.min(...words.map((word) => this.classOf(typedWord, word) ?? Infinity)));
      if (best.every(Number.isFinite)) found.push({ id, score: best.reduce((sum, c) => sum + c, 0) });
    }
    // A stable sort: name order within a score.
    return found.sort((a, b) => a.score - b.score).map(({ id }) => id);
  }

  private classOf(typed: string, word: string): number | null {
    const ofTyped = this.classes.get(typed) ?? this.classes.set(typed, new Map()).get(typed)!;
    let known = ofTyped.get(word);
    if (known === undefined) ofTyped.set(word, (known = referenceClass(typed, word)));
    return known;
  }
}

/** The ids of the rows (given in name order) that `text` finds, in the order the list shows them. */
export function referenceSearch(rows: readonly ReferenceRow[], text: string): number[] {
  return new ReferenceMatcher(rows).search(text);
}
