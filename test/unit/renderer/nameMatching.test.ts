/**
 * The name matcher's and word matcher's shortcuts (the rows of the rarest typed word are the
 * candidates, checked against the others through their own words; a dictionary word missing more of
 * the typed letters than the edits allow is passed over) must not change what they find: every class of every dictionary word, and every
 * search's rows and order, equal the reference matcher's (referenceMatcher.ts), which aligns every
 * word of every row.
 */
import { describe, expect, it } from 'vitest';
import { foldForSearch } from '../../../contract/name-folding.ts';
import { buildNameDictionary, type NameDictionary } from '../../../renderer/src/search/nameDictionary.ts';
import { NameMatcher } from '../../../renderer/src/search/nameMatcher.ts';
import { ReferenceMatcher, referenceClass } from '../../../renderer/src/search/referenceMatcher.ts';
import type { WordMatches } from '../../../renderer/src/search/matchedWords.ts';
import { classCount, WordMatcher } from '../../../renderer/src/search/wordMatches.ts';
import { realisticNames, typedQueries, keystrokes } from '../../support/searchCorpus.ts';

/** The reference aligns every typed word with every dictionary word: slow by design, seconds on a loaded machine. */
const referenceTimeout = 180_000;

/** The class of every dictionary word for `typed`, as the reference defines it (-1: no match). */
function plainClasses(dictionary: NameDictionary, typed: string): number[] {
  return dictionary.words.map((word) => referenceClass(typed, word) ?? -1);
}

function classesOf(matches: WordMatches, size: number): number[] {
  const classes = new Array<number>(size).fill(-1);
  for (let c = 0; c < classCount; c++) for (let i = matches.classStarts[c]!; i < matches.classStarts[c + 1]!; i++) classes[matches.words[i]!] = c;
  return classes;
}

describe('word matches', () => {
  const people = realisticNames(1_500, 11);
  const dictionary = buildNameDictionary(people.map((person) => `${person.first} ${person.last}`).sort());
  const typedWords = [...new Set(keystrokes(typedQueries(people, 20, 5)).flatMap((text) => foldForSearch(text).split(' ')).filter(Boolean))];

  it('classifies every dictionary word as the reference matcher does, for every typed word of a typing corpus', () => {
    expect(typedWords.length).toBeGreaterThan(200);
    const matcher = new WordMatcher(dictionary);
    for (const typed of typedWords) {
      expect({ typed, classes: classesOf(matcher.match(typed), dictionary.words.length) }).toEqual({ typed, classes: plainClasses(dictionary, typed) });
    }
  }, referenceTimeout);

  it('answers a typed word asked again with the same matches, also after many other words', () => {
    const matcher = new WordMatcher(dictionary);
    const first = classesOf(matcher.match('mueler'), dictionary.words.length);
    for (const typed of typedWords.slice(0, 100)) matcher.match(typed);
    expect(classesOf(matcher.match('mueler'), dictionary.words.length)).toEqual(first);
  });
});

describe('name matches', () => {
  const people = realisticNames(1_500, 13);
  // Names of more words than a row keeps in place (six with their umlaut forms), beside the rest.
  const longNames = ['Hans-Jürgen Müller-Lüdenscheidt', 'Anna Maria Sophie von Weber', 'Jörg Björn Müller Schäfer'];
  const names = [...people.map((person) => `${person.first} ${person.last}`), ...longNames].sort();
  const dictionary = buildNameDictionary(names);
  // Ranks are name order here: a row's id is its rank.
  const reference = new ReferenceMatcher(names.map((name, rank) => ({ id: rank, name })));

  it('finds the rows and order the reference matcher finds, for many searches one after another (one and several words, either order)', () => {
    const matcher = new NameMatcher(dictionary, names.length);
    const texts = [...new Set(keystrokes(typedQueries(people, 8, 17)).map((text) => foldForSearch(text)).filter((text) => text.length > 1))];
    // Wide searches (most rows complete, so the result is read by a walk over every row) between narrow ones.
    const searches = [...texts.flatMap((text, i) => (i % 5 === 0 ? [text, 'e a', 'a'] : [text])), 'muller ludensch', 'weber sophie anna', 'schaefer jorg', 'bjoern muell', 'maria e'];
    expect(searches.length).toBeGreaterThan(250);
    for (const text of searches) {
      const typed = text.split(' ');
      expect({ text, rows: [...matcher.match(typed).byRelevance] }).toEqual({ text, rows: reference.search(text) });
    }
  }, referenceTimeout);

  it('hands out matches and screens that stay the caller’s: later searches, screens and preparing for typing leave them as they were', () => {
    const matcher = new NameMatcher(dictionary, names.length);
    const kept = [matcher.match(['an', 'e']), matcher.match(['ma'])];
    const keptRows = kept.map((matches) => [...matches.byRelevance]);
    const screen = matcher.firstScreen(['be'], 50);
    const screenRows = [...screen.rows];
    expect(Math.min(...keptRows.map((rows) => rows.length), screenRows.length)).toBeGreaterThan(0);
    // Wide searches and screens write over every row's place in the matcher's own memory.
    for (const typed of [['e'], ['e', 'a'], ['a', 'n', 'e']]) {
      matcher.match(typed);
      matcher.firstScreen(typed, 200);
    }
    while (!matcher.prepareWhile(() => true));
    expect(kept.map((matches) => [...matches.byRelevance])).toEqual(keptRows);
    expect(kept.map((matches) => [...matches.inNameOrder()])).toEqual(keptRows.map((rows) => [...rows].sort((a, b) => a - b)));
    expect([...screen.rows]).toEqual(screenRows);
  });
});
