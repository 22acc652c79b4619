/**
 * A one- or two-letter name search shows its count and first screen without ordering the rest:
 * both must be exactly what the whole search lists, for every letter and every two letters the
 * names have, every screen length, and after rows are renamed, added and removed.
 */
import { describe, expect, it } from 'vitest';
import { foldQuery } from '../../../renderer/src/search/foldName.ts';
import { ProfileIndex, emptyQuery, type ProfileQuery } from '../../../renderer/src/search/profileIndex.ts';
import { searchRowsOf } from '../../bench/searchRows.ts';
import { realisticNames } from '../../bench/searchCorpus.ts';

const letters = [...'abcdefghijklmnopqrstuvwxyz'];

/** Every letter, every two letters in the names (and a few in none), as typed: upper case, umlauts. */
function shortNames(index: ProfileIndex): string[] {
  const pairs = new Set<string>(['zq', 'ü', 'Äb', 'ß']);
  for (const row of index.liveRows()) for (const word of row.foldedName.split(' ')) for (let i = 0; i + 2 <= word.length; i++) pairs.add(word.slice(i, i + 2));
  return [...letters.map((letter) => letter.toUpperCase()), ...pairs];
}

function expectWholeSearchAgrees(index: ProfileIndex): void {
  for (const text of shortNames(index)) {
    const query: ProfileQuery = { ...emptyQuery(), text, sort: 'relevance' };
    const whole = index.query(query, { counts: false }).ids;
    // Umlauts spelled out can make two letters three: then the whole search answers.
    if (foldQuery(text).length > 2) {
      expect(index.firstScreen(query, 10)).toBeNull();
      continue;
    }
    for (const length of [0, 1, 7, 60, 5_000]) {
      const first = index.firstScreen(query, length);
      expect({ text, length, count: first?.count, ids: [...(first?.ids ?? [])] }).toEqual({ text, length, count: whole.length, ids: [...whole.subarray(0, length)] });
    }
  }
}

describe('first screen of a one- or two-letter name search', () => {
  it('is the whole search’s count and first rows, for every letter and two letters, also after rows change', () => {
    // Realistic names, and names with a letter as a whole word ("J. Berg", "Anna K").
    const rows = searchRowsOf([...realisticNames(3_000, 11), { first: 'J.', last: 'Berg' }, { first: 'Anna', last: 'K' }, { first: 'A', last: 'Zeller' }]);
    const index = new ProfileIndex();
    index.upsert(rows);
    expectWholeSearchAgrees(index);
    // Renamed, removed and added rows: the dictionary is updated, and so must the first screen be.
    index.upsert([
      { ...rows[0]!, name: 'Q Quentin', foldedName: 'q quentin', rev: 10_001 },
      { ...rows[1]!, removed: 1, rev: 10_002 },
      { ...rows[2]!, id: 90_000, uid: 90_000, name: 'Xaver X', foldedName: 'xaver x', rev: 10_003 },
    ]);
    expectWholeSearchAgrees(index);
  });

  it('is not offered for other searches, which are answered whole', () => {
    const index = new ProfileIndex();
    index.upsert(searchRowsOf(realisticNames(200, 3)));
    for (const query of [
      { ...emptyQuery(), text: 'ann', sort: 'relevance' as const },
      { ...emptyQuery(), text: 'a b', sort: 'relevance' as const },
      { ...emptyQuery(), text: 'a', sort: 'name' as const },
      { ...emptyQuery(), text: 'a', sort: 'relevance' as const, heightMin: 160 },
      { ...emptyQuery(), text: 'a', sort: 'relevance' as const, facets: { gender: ['female'] } },
      { ...emptyQuery(), text: '7', sort: 'relevance' as const },
    ]) {
      expect(index.firstScreen(query, 50)).toBeNull();
    }
  });
});
