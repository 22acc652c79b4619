/**
 * Every dictionary word's prefixes classified in advance (in idle time, slice by slice) must be
 * exactly what classifying them when typed finds, be found for every prefix and only for
 * prefixes, and leave every search's rows and order as they were.
 */
import { describe, expect, it, vi } from 'vitest';
import { buildNameDictionary } from '../../../renderer/src/search/nameDictionary.ts';
import { PrefixTable } from '../../../renderer/src/search/prefixTable.ts';
import { ProfileIndex, emptyQuery } from '../../../renderer/src/search/profileIndex.ts';
import type { WordMatches } from '../../../renderer/src/search/matchedWords.ts';
import { classCount, WordMatcher } from '../../../renderer/src/search/wordMatches.ts';
import { keystrokes, realisticNames, typedQueries } from '../../support/searchCorpus.ts';
import { searchRowsOf } from '../../support/searchRows.ts';

const people = realisticNames(2_000, 13);
// Words that are prefixes of each other, a one-letter word, umlauts, a digit.
const names = [...people.map((person) => `${person.first} ${person.last}`), 'Ann Anna', 'Annabelle A', 'Jörg Müller', 'Agent 7'].sort();
const dictionary = buildNameDictionary(names);

function prefixesOf(words: readonly string[]): string[] {
  const prefixes = new Set<string>();
  for (const word of words) for (let length = 1; length <= word.length; length++) prefixes.add(word.slice(0, length));
  return [...prefixes];
}

/** A matcher never prepared: it classifies every word when typed. */
const unprepared = new WordMatcher(dictionary);

function classifiedWhenTyped(typed: string): WordMatches {
  return unprepared.match(typed);
}

describe('prefixes classified in advance', () => {
  it('finds every prefix of every word, and only those, with what classifying it when typed finds', () => {
    const table = new PrefixTable(dictionary.words, classCount, dictionary.postingStarts);
    const matcher = new WordMatcher(dictionary);
    expect(table.fill((typed) => matcher.match(typed), () => true)).toBe(true);
    const prefixes = prefixesOf(dictionary.words);
    expect(prefixes.length).toBeGreaterThan(2_000);
    expect(prefixes).toContain('ann');
    for (const prefix of prefixes) expect({ prefix, matches: table.find(prefix) }).toEqual({ prefix, matches: classifiedWhenTyped(prefix) });
    for (const typed of ['mueler', 'annx', 'zzq', 'jörg', '', 'annabellea']) expect(table.find(typed)).toBeNull();
  });

  it('is filled slice by slice, each as long as there is time, and finds only what is filled', () => {
    const matcher = new WordMatcher(dictionary);
    const inOrder: string[] = [];
    new PrefixTable(dictionary.words, classCount, dictionary.postingStarts).fill((typed) => (inOrder.push(typed), matcher.match(typed)), () => true);
    // Each prefix once, all of them.
    expect(inOrder.length).toBe(new Set(inOrder).size);
    expect(new Set(inOrder)).toEqual(new Set(prefixesOf(dictionary.words)));

    const table = new PrefixTable(dictionary.words, classCount, dictionary.postingStarts);
    let filled = 0;
    for (let slice = 1; ; slice++) {
      let left = 250;
      const done = table.fill((typed) => (filled += 1, matcher.match(typed)), () => --left > 0);
      expect(table.complete).toBe(done);
      if (done) break;
      expect(filled).toBe(250 * slice);
      // What is filled is found; the next prefix, not yet classified, is not.
      expect(table.find(inOrder[filled - 1]!)).toEqual(classifiedWhenTyped(inOrder[filled - 1]!));
      expect(table.find(inOrder[filled]!)).toBeNull();
    }
    expect(filled).toBe(inOrder.length);
  });

  it('classifies the prefixes leading to the most rows first, and stops at its budget', () => {
    const { words, postingStarts } = dictionary;
    // A prefix leads to the rows of every word starting with it (each word's rows counted).
    const rowsLedTo = (prefix: string) => words.reduce((sum, word, w) => sum + (word.startsWith(prefix) ? postingStarts[w + 1]! - postingStarts[w]! : 0), 0);
    const matcher = new WordMatcher(dictionary);
    const table = new PrefixTable(words, classCount, postingStarts, { prefixes: 300, matchedWords: 10_000_000 });
    let slices = 0;
    while (!table.fill((typed) => matcher.match(typed), () => false)) slices += 1;
    expect(slices).toBe(299);
    const prefixes = prefixesOf(words);
    const taken = prefixes.filter((prefix) => table.find(prefix) !== null);
    expect(taken).toHaveLength(300);
    const left = prefixes.filter((prefix) => table.find(prefix) === null);
    expect(Math.min(...taken.map(rowsLedTo))).toBeGreaterThanOrEqual(Math.max(...left.map(rowsLedTo)));
    for (const prefix of taken.slice(0, 50)) expect(table.find(prefix)).toEqual(classifiedWhenTyped(prefix));

    // A budget of matched words stops it too, after the prefix that reached it.
    const small = new PrefixTable(words, classCount, postingStarts, { prefixes: 1_000_000, matchedWords: 5_000 });
    let classified = 0;
    small.fill((typed) => (classified += 1, matcher.match(typed)), () => true);
    expect(small.complete).toBe(true);
    expect(classified).toBeLessThan(prefixes.length);
    expect(prefixes.filter((prefix) => small.find(prefix) !== null)).toHaveLength(classified);
  });

  it('answers typed prefixes from the table, not by classifying them again, with the rows they list counted', () => {
    const matcher = new WordMatcher(dictionary);
    while (!matcher.prepareWhile(() => true));
    const scan = vi.spyOn(matcher as unknown as { scan: (typed: string) => WordMatches }, 'scan');
    const { postingStarts, postings } = dictionary;
    const rowsOf = (words: ArrayLike<number>) => new Set(Array.from(words).flatMap((word) => [...postings.subarray(postingStarts[word]!, postingStarts[word + 1]!)])).size;
    for (const prefix of ['a', 'an', 'ann', 'muel', 'joerg', dictionary.words[dictionary.words.length - 1]!]) {
      const { rowCount, ...matches } = matcher.match(prefix);
      const { rowCount: notCounted, ...whenTyped } = classifiedWhenTyped(prefix);
      expect(matches).toEqual(whenTyped);
      expect(notCounted).toBe(-1);
      // A letter alone is counted from the rows' letters, not here.
      expect(rowCount).toBe(prefix.length === 1 ? -1 : rowsOf(matches.words));
    }
    expect(rowsOf(matcher.match('ann').words)).toBeLessThan(matcher.match('ann').postingCount);
    expect(scan).not.toHaveBeenCalled();
    // A mistyped word is no prefix: it is classified when typed.
    expect(matcher.match('mueler')).toEqual(classifiedWhenTyped('mueler'));
    expect(scan).toHaveBeenCalledTimes(1);
  });

  it('leaves every search’s rows and order as they were, as typing pauses and goes on', () => {
    const rows = searchRowsOf(people);
    const plain = new ProfileIndex();
    plain.upsert(rows);
    const prepared = new ProfileIndex();
    prepared.upsert(rows);
    // Nothing to prepare before a first name search; then prepared in slices between keystrokes.
    expect(prepared.prepareTyping(() => true)).toBe(true);
    let left = 0;
    for (const text of keystrokes(typedQueries(people, 40, 9))) {
      const query = { ...emptyQuery(), text, sort: 'relevance' as const };
      expect({ text, ids: [...prepared.query(query, { counts: false }).ids] }).toEqual({ text, ids: [...plain.query(query, { counts: false }).ids] });
      left = 40;
      prepared.prepareTyping(() => --left > 0);
    }
    expect(prepared.prepareTyping(() => true)).toBe(true);
  });
});
