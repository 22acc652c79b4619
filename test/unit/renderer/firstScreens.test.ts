/**
 * A name search alone shows its count and first screen without ordering the rest: both must be
 * exactly what the whole search lists, for every letter and every two letters the names have,
 * every keystroke of typed names (one word and several, typos, reversed), every screen length,
 * prepared for typing or not, and after rows are renamed, added and removed.
 */
import { describe, expect, it, vi } from 'vitest';
import { ProfileIndex, emptyQuery, type ProfileQuery } from '../../../renderer/src/search/profileIndex.ts';
import { WordMatcher } from '../../../renderer/src/search/wordMatches.ts';
import { searchRowsOf } from '../../support/searchRows.ts';
import { keystrokes, realisticNames, typedQueries } from '../../support/searchCorpus.ts';

const letters = [...'abcdefghijklmnopqrstuvwxyz'];

/**
 * Every letter, every two letters in the names (and a few in none), as typed (upper case,
 * umlauts, a digit), and every keystroke of typed names: each first screen path.
 */
function typedTexts(index: ProfileIndex): string[] {
  const texts = new Set<string>(['zq', 'ü', 'Äb', 'ß', '7', 'an 7', 'x y z', 'a e', 'e a n', 'an er', 'r mann']);
  for (const row of index.liveRows()) for (const word of row.foldedName.split(' ')) for (let i = 0; i + 2 <= word.length; i++) texts.add(word.slice(i, i + 2));
  const people = index.liveRows().map((row) => ({ first: row.name.split(' ')[0]!, last: row.name.split(' ').slice(1).join(' ') }));
  for (const step of keystrokes(typedQueries(people, 40, 5))) texts.add(step);
  return [...letters.map((letter) => letter.toUpperCase()), ...texts];
}

/** A search listing nearly every row: it overwrites the scratch a screen is written to. */
const everyRow: ProfileQuery = { ...emptyQuery(), text: 'e', sort: 'relevance' };

function expectWholeSearchAgrees(index: ProfileIndex): void {
  for (const text of typedTexts(index)) {
    const query: ProfileQuery = { ...emptyQuery(), text, sort: 'relevance' };
    const whole = [...index.query(query, { counts: false }).ids];
    // Longer, then shorter again: a screen remembered from a longer one must be cut, not walked.
    for (const length of [0, 1, 7, 60, 200, 777, 5_000, 60, 1]) {
      index.query(everyRow, { counts: false });
      const first = index.firstScreen(query, length);
      expect({ text, length, count: first?.count, ids: [...(first?.ids ?? [])] }).toEqual({ text, length, count: whole.length, ids: whole.slice(0, length) });
    }
  }
}

describe('first screen of a name search', () => {
  it('is the whole search’s count and first rows, for every kind of typed name, also after rows change', () => {
    // Realistic names, and names with a letter as a whole word ("J. Berg", "Anna K").
    const rows = searchRowsOf([...realisticNames(3_000, 11), { first: 'J.', last: 'Berg' }, { first: 'Anna', last: 'K' }, { first: 'A', last: 'Zeller' }]);
    const index = new ProfileIndex();
    index.upsert(rows);
    expectWholeSearchAgrees(index);
    // Prepared for typing (prefixes classified and their rows counted in advance): the same.
    while (!index.prepareTyping(() => true));
    expectWholeSearchAgrees(index);
    // Renamed, removed and added rows: the dictionary is updated, and so must the first screen be.
    index.upsert([
      { ...rows[0]!, name: 'Q Quentin', foldedName: 'q quentin', rev: 10_001 },
      { ...rows[1]!, removed: 1, rev: 10_002 },
      { ...rows[2]!, id: 90_000, uid: 90_000, name: 'Xaver X', foldedName: 'xaver x', rev: 10_003 },
    ]);
    expectWholeSearchAgrees(index);
    while (!index.prepareTyping(() => true));
    expectWholeSearchAgrees(index);
  }, 180_000); // CPU-bound over 3,000 names: a safety net for a loaded machine, not a budget.

  it('is prepared for only once a search has caught up with changed rows (catching up is one long task)', () => {
    const rows = searchRowsOf(realisticNames(2_000, 9));
    const index = new ProfileIndex();
    index.upsert(rows);
    const prepared = vi.spyOn(WordMatcher.prototype, 'prepareWhile');
    try {
      // Before a first name search there is no name search to prepare.
      expect(index.prepareTyping(() => true)).toBe(true);
      index.firstScreen({ ...emptyQuery(), text: 'jo', sort: 'relevance' }, 50);
      index.upsert([{ ...rows[0]!, name: 'Q Quentin', foldedName: 'q quentin', rev: 10_001 }]);
      expect(index.prepareTyping(() => true)).toBe(true);
      expect(prepared).not.toHaveBeenCalled();
      const ids = [...index.firstScreen({ ...emptyQuery(), text: 'quen', sort: 'relevance' }, 50)!.ids];
      expect(ids).toEqual([rows[0]!.uid]);
      while (!index.prepareTyping(() => true));
      expect(prepared).toHaveBeenCalled();
      expect([...index.firstScreen({ ...emptyQuery(), text: 'quen', sort: 'relevance' }, 50)!.ids]).toEqual(ids);
    } finally {
      prepared.mockRestore();
    }
  });

  it('leaves the whole search of the same text intact (a screen or preparing never writes over a search’s matches)', () => {
    const index = new ProfileIndex();
    index.upsert(searchRowsOf(realisticNames(2_000, 5)));
    const query: ProfileQuery = { ...emptyQuery(), text: 'anna m', sort: 'relevance' };
    const alone = [...index.query(query, { counts: false }).ids];
    index.firstScreen({ ...query, text: 'be' }, 50);
    expect([...index.query(query, { counts: false }).ids]).toEqual(alone);
    // Counted, the same text reuses the keystroke's matches: they must still be its own.
    expect(index.query(query).ids.length).toBe(alone.length);
    index.firstScreen({ ...query, text: 'jo' }, 50);
    expect([...index.query(query).ids]).toEqual(alone);
    // Preparing for typing makes short words' screens.
    expect([...index.query(query, { counts: false }).ids]).toEqual(alone);
    while (!index.prepareTyping(() => true));
    expect([...index.query(query, { counts: false }).ids]).toEqual(alone);
  });

  it('is not offered without a name, with a filter or in another order, which are answered whole', () => {
    const index = new ProfileIndex();
    index.upsert(searchRowsOf(realisticNames(200, 3)));
    for (const query of [
      { ...emptyQuery(), text: '', sort: 'relevance' as const },
      { ...emptyQuery(), text: ' - ', sort: 'relevance' as const },
      { ...emptyQuery(), text: 'a', sort: 'name' as const },
      { ...emptyQuery(), text: 'anna', sort: 'lastName' as const },
      { ...emptyQuery(), text: 'a', sort: 'relevance' as const, heightMin: 160 },
      { ...emptyQuery(), text: 'anna b', sort: 'relevance' as const, facets: { gender: ['female'] } },
    ]) {
      expect(index.firstScreen(query, 50)).toBeNull();
    }
  });
});
