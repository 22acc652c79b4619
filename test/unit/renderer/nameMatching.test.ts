/**
 * The name matcher's and word matcher's shortcuts (the rows of the rarest typed word are the
 * candidates, checked against the others through their own words;  a dictionary word missing more of
 * the typed letters than the edits allow is passed over; a typed word asked again is answered from
 * memory) must not change what they find: every class of every dictionary word equals a plain
 * classification that aligns every word, and every search's rows and order equal a plain
 * intersection of every row's words.
 */
import { describe, expect, it } from 'vitest';
import { foldForSearch } from '../../../contract/name-folding.ts';
import { boundedDistance } from '../../../renderer/src/search/editDistance.ts';
import { buildNameDictionary, wordsOfToken, type NameDictionary } from '../../../renderer/src/search/nameDictionary.ts';
import { NameMatcher } from '../../../renderer/src/search/nameMatcher.ts';
import { trigramsOfWord, wordSimilarity, wordSimilarityThreshold } from '../../../renderer/src/search/trigramSimilarity.ts';
import { classCount, typoBound, WordMatcher, type WordMatches } from '../../../renderer/src/search/wordMatches.ts';
import { realisticNames, typedQueries, keystrokes } from '../../bench/searchCorpus.ts';

/** The class of every dictionary word for `typed`, without shortcuts (-1: no match). */
function plainClasses(dictionary: NameDictionary, typed: string): number[] {
  const bound = typoBound(typed.length);
  // Distinct trigrams, as pg_trgm keeps them; one no name has gets a code of its own.
  const query = new Set(trigramsOfWord(typed).map((trigram) => dictionary.trigramCodes.get(trigram) ?? trigram));
  return dictionary.words.map((word, w) => {
    if (word === typed) return 0;
    if (word.startsWith(typed)) return 1;
    if (bound > 0 && boundedDistance(typed, word, bound, false) <= bound) return 2;
    if (bound > 0 && typed.length >= 5 && word.length > typed.length && boundedDistance(typed, word, 1, true) <= 1) return 3;
    if (word.includes(typed)) return 4;
    const { wordTrigramStarts, wordTrigrams } = dictionary;
    if (query.size > 0 && wordSimilarity(query, wordTrigrams, wordTrigramStarts[w]!, wordTrigramStarts[w + 1]!) >= wordSimilarityThreshold) return 5;
    return -1;
  });
}

function classesOf(matches: WordMatches, size: number): number[] {
  const classes = new Array<number>(size).fill(-1);
  for (let c = 0; c < classCount; c++) for (let i = matches.classStarts[c]!; i < matches.classStarts[c + 1]!; i++) classes[matches.words[i]!] = c;
  return classes;
}

describe('word matches', () => {
  const people = realisticNames(3_000, 11);
  const dictionary = buildNameDictionary(people.map((person) => `${person.first} ${person.last}`).sort());
  const typedWords = [...new Set(keystrokes(typedQueries(people, 60, 5)).flatMap((text) => foldForSearch(text).split(' ')).filter(Boolean))];

  it('classifies every dictionary word as a plain alignment of every word does, for every typed word of a typing corpus', () => {
    expect(typedWords.length).toBeGreaterThan(200);
    const matcher = new WordMatcher(dictionary);
    for (const typed of typedWords) {
      expect({ typed, classes: classesOf(matcher.match(typed), dictionary.words.length) }).toEqual({ typed, classes: plainClasses(dictionary, typed) });
    }
  });

  it('answers a typed word asked again with the same matches, also after many other words', () => {
    const matcher = new WordMatcher(dictionary);
    const first = classesOf(matcher.match('mueler'), dictionary.words.length);
    expect(matcher.match('mueler')).toBe(matcher.match('mueler'));
    for (const typed of typedWords.slice(0, 100)) matcher.match(typed);
    expect(classesOf(matcher.match('mueler'), dictionary.words.length)).toEqual(first);
  });
});

describe('name matches', () => {
  const people = realisticNames(4_000, 13);
  // Names of more words than a row keeps in place (six with their umlaut forms), beside the rest.
  const longNames = ['Hans-Jürgen Müller-Lüdenscheidt', 'Anna Maria Sophie von Weber', 'Jörg Björn Müller Schäfer'];
  const names = [...people.map((person) => `${person.first} ${person.last}`), ...longNames].sort();
  const dictionary = buildNameDictionary(names);
  const wordIndex = new Map(dictionary.words.map((word, w) => [word, w]));
  const rowWords = names.map((name) => [...new Set(name.split(' ').flatMap(wordsOfToken))].map((word) => wordIndex.get(word)!));
  const plainCache = new Map<string, number[]>();
  const classesFor = (typed: string) => plainCache.get(typed) ?? plainCache.set(typed, plainClasses(dictionary, typed)).get(typed)!;

  /** Rows whose words match every typed word, best summed class first, then name order. */
  function plainSearch(typed: readonly string[]): number[] {
    const scored: { rank: number; score: number }[] = [];
    rowWords.forEach((words, rank) => {
      let score = 0;
      for (const word of typed) {
        const best = Math.min(...words.map((w) => classesFor(word)[w]!).filter((c) => c >= 0));
        if (!Number.isFinite(best)) return;
        score += best;
      }
      scored.push({ rank, score });
    });
    return scored.sort((a, b) => a.score - b.score || a.rank - b.rank).map((row) => row.rank);
  }

  it('finds the rows and order a plain intersection finds, for many searches one after another (one and several words, either order)', () => {
    const matcher = new NameMatcher(dictionary, names.length);
    const texts = [...new Set(keystrokes(typedQueries(people, 40, 17)).map((text) => foldForSearch(text)).filter((text) => text.length > 1))];
    // Wide searches (most rows complete, so the result is read by a walk over every row) between narrow ones.
    const searches = [...texts.flatMap((text, i) => (i % 5 === 0 ? [text, 'e a', 'a'] : [text])), 'muller ludensch', 'weber sophie anna', 'schaefer jorg', 'bjoern muell', 'maria e'];
    expect(searches.length).toBeGreaterThan(150);
    for (const text of searches) {
      const typed = text.split(' ');
      expect({ text, rows: [...matcher.match(typed).byRelevance] }).toEqual({ text, rows: plainSearch(typed) });
    }
  });
});
