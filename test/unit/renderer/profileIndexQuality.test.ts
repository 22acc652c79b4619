/**
 * Name search quality on a fixed dataset: 6,000 names from the demo generator's pools plus the
 * hard cases (some of them twice: namesakes), each query asserting that every profile of the
 * intended name (or carrying the intended word) is found (recall) and that one is in the first ten
 * (what the user sees without scrolling).
 */
import { describe, expect, it } from 'vitest';
import { boundedDistance } from '../../../renderer/src/search/editDistance.ts';
import { foldName } from '../../../renderer/src/search/foldName.ts';
import { ProfileIndex, emptyQuery } from '../../../renderer/src/search/profileIndex.ts';
import { realisticNames, type PersonName } from '../../support/searchCorpus.ts';
import { searchRowsOf } from '../../support/searchRows.ts';

const hardCases: PersonName[] = [
  { first: 'Malte', last: 'Müller' },
  { first: 'Mia', last: 'Müller' },
  { first: 'Moritz', last: 'Müller' },
  { first: 'Emre', last: 'Yılmaz' },
  { first: 'Mette', last: 'Sørensen' },
  { first: 'Łukasz', last: 'Kowalski' },
  { first: 'Đorđe', last: 'Petrović' },
  { first: 'Jörg', last: 'Weiß' },
  { first: 'Katharina', last: 'Becker' },
  { first: 'An', last: 'Schmidt' },
  { first: 'Jonas', last: 'Weber' },
  { first: 'Søren', last: 'Kierkegaard' },
  { first: 'Þóra', last: 'Jónsdóttir' },
  { first: 'Chloé', last: 'Lefèvre' },
  { first: 'Anne-Marie', last: 'Schäfer-Lüdenscheidt' },
  { first: 'Ægir', last: 'Œhlenschläger' },
  // Namesakes: two profiles each, both must be found.
  { first: 'Jonas', last: 'Weber' },
  { first: 'Malte', last: 'Müller' },
  { first: 'Emre', last: 'Yılmaz' },
];
const people = [...hardCases, ...realisticNames(6000, 11)];
const rows = searchRowsOf(people);
const index = new ProfileIndex();
index.upsert(rows);
const nameOf = new Map(rows.map((row) => [row.id, row.name]));

function searchIds(text: string): number[] {
  return [...index.query({ ...emptyQuery(), text, sort: 'relevance' }, { counts: false }).ids];
}

function search(text: string): string[] {
  return searchIds(text).map((id) => nameOf.get(id)!);
}

const qualityTable: [why: string, query: string, expected: string][] = [
  ['prefix of the given name', 'kathar', 'Katharina Becker'],
  ['prefix of both words', 'kath beck', 'Katharina Becker'],
  ['one substitution', 'katarina becker', 'Katharina Becker'],
  ['swapped letters', 'katharina bekcer', 'Katharina Becker'],
  ['a letter left out', 'jonas webr', 'Jonas Weber'],
  ['a letter too many', 'jonas webber', 'Jonas Weber'],
  ['two edits in a long word', 'soren kirkegard', 'Søren Kierkegaard'],
  ['surname first', 'weber jonas', 'Jonas Weber'],
  ['surname and the start of the given name', 'schmidt an', 'An Schmidt'],
  ['given name start after the surname', 'weber jon', 'Jonas Weber'],
  ['given name, then the start of the surname', 'an schm', 'An Schmidt'],
  ['start of the given name, then the surname', 'jon weber', 'Jonas Weber'],
  ['both words mistyped, surname first', 'webr jnoas', 'Jonas Weber'],
  ['umlaut spelled out', 'malte mueller', 'Malte Müller'],
  ['umlaut dropped', 'malte muller', 'Malte Müller'],
  ['umlaut typed', 'Malte Müller', 'Malte Müller'],
  ['trigram typo of an umlaut name', 'malte mueler', 'Malte Müller'],
  ['dotless ı', 'emre yilmaz', 'Emre Yılmaz'],
  ['ø as o', 'mette sorensen', 'Mette Sørensen'],
  ['ø as oe', 'mette soerensen', 'Mette Sørensen'],
  ['ł as l', 'lukasz kowalski', 'Łukasz Kowalski'],
  ['đ as d, ć as c', 'dorde petrovic', 'Đorđe Petrović'],
  ['ß as ss', 'jorg weiss', 'Jörg Weiß'],
  ['þ as th', 'thora jonsdottir', 'Þóra Jónsdóttir'],
  ['æ and œ as ae and oe', 'aegir oehlenschlaeger', 'Ægir Œhlenschläger'],
  ['accents dropped', 'chloe lefevre', 'Chloé Lefèvre'],
  ['infix of a surname', 'lenschl', 'Ægir Œhlenschläger'],
  ['infix of a double surname', 'luedensch', 'Anne-Marie Schäfer-Lüdenscheidt'],
  ['part of a hyphenated given name', 'marie schaefer', 'Anne-Marie Schäfer-Lüdenscheidt'],
  ['namesakes, typed with a typo', 'emre yilmas', 'Emre Yılmaz'],
];

/** One word typed alone: every profile with that word in its name is found, one of them in the first ten. */
const wordTable: [why: string, query: string, word: string][] = [
  ['dotless ı spelled i (none of 318 Yılmaz were found before)', 'yilmaz', 'Yılmaz'],
  ['ø spelled o (12 of 174 Sørensen were found before)', 'sorensen', 'Sørensen'],
  ['ø spelled oe', 'soerensen', 'Sørensen'],
  ['ł spelled l', 'lukasz', 'Łukasz'],
  ['đ spelled d', 'dorde', 'Đorđe'],
  ['ß spelled ss', 'weiss', 'Weiß'],
  ['þ spelled th', 'thora', 'Þóra'],
  ['æ spelled ae', 'aegir', 'Ægir'],
  ['œ and ä spelled out', 'oehlenschlaeger', 'Œhlenschläger'],
  ['umlaut spelled out', 'mueller', 'Müller'],
  ['umlaut dropped', 'muller', 'Müller'],
  ['one letter left out of an umlaut name, any given name (M-initial regression)', 'mueler', 'Müller'],
  ['a letter left out of a 9-letter name (0.6 similarity found nothing)', 'katarina', 'Katharina'],
  ['swapped letters in a 6-letter name (0.6 similarity found nothing)', 'bekcer', 'Becker'],
  ['two edits in a long name', 'kirkegard', 'Kierkegaard'],
  ['prefix of a surname', 'kowal', 'Kowalski'],
  ['infix of a double surname', 'lüdensch', 'Lüdenscheidt'],
];

describe('name search quality', () => {
  it.each(qualityTable)('%s: %j finds every %j, one of them in the first ten', (_why, query, expected) => {
    const found = search(query);
    const namesakes = rows.filter((row) => row.name === expected).length;
    expect(namesakes).toBeGreaterThan(0);
    expect(found.filter((name) => name === expected)).toHaveLength(namesakes);
    expect(found.slice(0, 10)).toContain(expected);
  });

  it.each(wordTable)('%s: %j finds every name with %j, one of them in the first ten', (_why, query, word) => {
    const folded = foldName(word).split(' ')[0]!;
    const carriers = rows.filter((row) => foldName(row.name).split(' ').includes(folded)).map((row) => row.id);
    expect(carriers.length).toBeGreaterThan(0);
    const found = searchIds(query);
    expect(found).toEqual(expect.arrayContaining(carriers));
    expect(found.slice(0, 10).some((id) => carriers.includes(id))).toBe(true);
  });

  it('finds Malte Müller (both of them) for the typo "mueler" (the M-initial regression)', () => {
    const malte = rows.filter((row) => row.name === 'Malte Müller').map((row) => row.id);
    expect(malte).toHaveLength(2);
    expect(searchIds('mueler')).toEqual(expect.arrayContaining(malte));
    expect(searchIds('malte mueler').slice(0, 2).sort()).toEqual([...malte].sort());
  });

  it('finds every Müller for the typo "mueler", whatever their given name starts with (each word keeps its own trigrams)', () => {
    const muellers = rows.filter((row) => /\bMüller\b/.test(row.name));
    expect(muellers.filter((row) => row.name.startsWith('M')).length).toBeGreaterThan(3);
    const found = new Set(search('mueler'));
    for (const row of muellers) expect(found, row.name).toContain(row.name);
  });

  it('ranks namesakes together: all of them come before other names that merely match', () => {
    const found = search('malte mueller');
    const namesakes = rows.filter((row) => row.name === 'Malte Müller').length;
    expect(found.slice(0, namesakes).every((name) => name === 'Malte Müller')).toBe(true);
  });

  it('puts exact words first, then word starts, then infixes, then typos, then trigram-similar words', () => {
    const tier = (name: string): number => {
      const words = foldName(name).split(' ');
      if (words.includes('berg')) return 0;
      if (words.some((word) => word.startsWith('berg'))) return 1;
      if (words.some((word) => word.includes('berg'))) return 2;
      if (words.some((word) => boundedDistance('berg', word, 1, false) <= 1)) return 3;
      return 4;
    };
    const tiers = search('berg').map(tier);
    expect(new Set(tiers)).toEqual(new Set([0, 1, 2, 3, 4]));
    expect(tiers).toEqual([...tiers].sort((a, b) => a - b));
  });

  it('answers a single letter with every name containing it: whole words, then word starts, then the rest, each in name order', () => {
    const byName = [...rows].sort((a, b) => (a.foldedName < b.foldedName ? -1 : a.foldedName > b.foldedName ? 1 : a.id - b.id));
    const wordsOf = new Map(byName.map((row) => [row, foldName(row.name).split(' ')]));
    for (const letter of ['a', 'e', 'j', 'o', 'y', 'z']) {
      const tierOf = (row: (typeof rows)[number]): number => {
        const words = wordsOf.get(row)!;
        if (words.includes(letter)) return 0;
        if (words.some((word) => word.startsWith(letter))) return 1;
        return words.some((word) => word.includes(letter)) ? 2 : 3;
      };
      const expected = [0, 1, 2].flatMap((tier) => byName.filter((row) => tierOf(row) === tier).map((row) => row.name));
      expect(search(letter), letter).toEqual(expected);
      expect(search(letter.toUpperCase())).toEqual(expected);
    }
  });

  it('finds nothing for text no name resembles, and everything for an empty text', () => {
    expect(search('xqzvw')).toEqual([]);
    expect(search('  ')).toHaveLength(rows.length);
  });
});
