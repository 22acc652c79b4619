/**
 * The word matcher's shortcuts (a word missing more of the typed letters than the edits allowed is
 * passed over; a typed word asked again is answered from memory) must not change what it finds:
 * every class of every dictionary word equals a plain classification that aligns every word.
 */
import { describe, expect, it } from 'vitest';
import { foldForSearch } from '../../../contract/name-folding.ts';
import { boundedDistance } from '../../../renderer/src/search/editDistance.ts';
import { buildNameDictionary, type NameDictionary } from '../../../renderer/src/search/nameDictionary.ts';
import { trigramsOfWord, wordSimilarity, wordSimilarityThreshold } from '../../../renderer/src/search/trigramSimilarity.ts';
import { classCount, typoBound, WordMatcher, type WordMatches } from '../../../renderer/src/search/wordMatches.ts';
import { realisticNames, typedQueries, keystrokes } from '../../bench/searchCorpus.ts';

/** The class of every dictionary word for `typed`, without shortcuts (-1: no match). */
function plainClasses(dictionary: NameDictionary, typed: string): number[] {
  const bound = typoBound(typed.length);
  const query = new Set<number>();
  let unknown = 0;
  for (const trigram of trigramsOfWord(typed)) {
    const code = dictionary.trigramCodes.get(trigram);
    if (code === undefined) query.add(-1 - unknown++);
    else query.add(code);
  }
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
