/**
 * The table's orders are the index's, over the whole result: sorted by acting age, age, height,
 * residence or agency (either way round), a result equals the matching rows sorted by a plain
 * comparison, profiles without a value last; a restored index and one caught up after changes
 * sort the same. Also the one gender facet (the m/f/i field folded in, nobody counted twice) and
 * namesakes.
 */
import { describe, expect, it } from 'vitest';
import type { SearchRow } from '../../../renderer/src/db/libraryDb.ts';
import { birthYearsFromAge } from '../../../renderer/src/components/search/profileFacts.ts';
import { columnSorts, type ColumnSort } from '../../../renderer/src/search/columnOrders.ts';
import { foldName } from '../../../renderer/src/search/foldName.ts';
import { restoreIndex, snapshotOfIndex } from '../../../renderer/src/search/indexSnapshot.ts';
import { emptyQuery, ProfileIndex, type ProfileQuery } from '../../../renderer/src/search/profileIndex.ts';
import { withFacets } from '../../support/facetedSearchRows.ts';
import { realisticNames } from '../../support/searchCorpus.ts';
import { searchRowsOf } from '../../support/searchRows.ts';

const rows = withFacets(searchRowsOf(realisticNames(3000, 11)), 5);

function indexOf(source: readonly SearchRow[]): ProfileIndex {
  const index = new ProfileIndex();
  index.upsert(source);
  return index;
}

/** The value a column sorts by, or null (compared as numbers or folded texts). */
function keyOf(row: SearchRow, sort: ColumnSort): number | string | null {
  switch (sort) {
    case 'actingAge':
      return row.actingAgeFrom === null || row.actingAgeTo === null ? null : row.actingAgeFrom * 1024 + row.actingAgeTo;
    case 'age':
      return row.age;
    case 'height':
      return row.height;
    case 'residence':
      return row.residences[0] === undefined ? null : foldName(row.residences[0]);
    case 'agency':
      return row.agencies[0] === undefined ? null : foldName(row.agencies[0]);
  }
}

const byName = (a: SearchRow, b: SearchRow) => (a.foldedName < b.foldedName ? -1 : a.foldedName > b.foldedName ? 1 : a.id - b.id);

/** What a plain sort gives: the matches (as the name order finds them) by key, then name; no key last. */
function expected(index: ProfileIndex, source: readonly SearchRow[], query: ProfileQuery): number[] {
  const matching = new Set(index.query({ ...query, sort: 'name', reversed: false }, { counts: false }).ids);
  const sort = query.sort as ColumnSort;
  const live = source.filter((row) => matching.has(row.id));
  const known = live.filter((row) => keyOf(row, sort) !== null);
  known.sort((a, b) => {
    const ka = keyOf(a, sort)!;
    const kb = keyOf(b, sort)!;
    return (ka < kb ? -1 : ka > kb ? 1 : 0) || byName(a, b);
  });
  if (query.reversed) known.reverse();
  const unknown = live.filter((row) => keyOf(row, sort) === null).sort(byName);
  return [...known, ...unknown].map((row) => row.id);
}

const queries: ProfileQuery[] = [
  emptyQuery(),
  { ...emptyQuery(), text: 'an' },
  { ...emptyQuery(), facets: { gender: ['female'] }, heightMin: 150 },
  { ...emptyQuery(), text: 'mül', facets: { language: ['deu'] } },
];

describe('table orders over the whole result', () => {
  it('sorts by every column either way round, profiles without a value last, equal values by name', () => {
    const index = indexOf(rows);
    for (const sort of columnSorts) {
      for (const reversed of [false, true]) {
        for (const base of queries) {
          const query = { ...base, sort, reversed };
          expect([...index.query(query, { counts: false }).ids], `${sort} ${reversed ? 'reversed' : ''} ${JSON.stringify(base)}`).toEqual(expected(index, rows, query));
        }
      }
    }
  });

  it('sorts by height the same from a restored snapshot and after rows change', () => {
    const index = indexOf(rows);
    const restored = restoreIndex(snapshotOfIndex(index))!;
    const query = { ...emptyQuery(), sort: 'height' as const };
    expect([...restored.query(query, { counts: false }).ids]).toEqual([...index.query(query, { counts: false }).ids]);
    expect([...restored.query({ ...query, sort: 'age' }, { counts: false }).ids]).toEqual(expected(index, rows, { ...query, sort: 'age' }));
    // The tallest becomes the shortest, someone without a height gets one, one profile goes.
    const tallest = index.query({ ...query, reversed: true }, { counts: false }).ids[0]!;
    const unsized = rows.find((row) => row.height === null && row.removed === 0)!;
    const gone = rows.find((row) => row.height !== null && row.removed === 0 && row.id !== tallest)!;
    const changed = rows.map((row) =>
      row.id === tallest ? { ...row, height: 100 } : row.id === unsized.id ? { ...row, height: 250 } : row.id === gone.id ? { ...row, removed: 1 as const } : row,
    );
    for (const updated of [index, restored]) {
      updated.upsert(changed.filter((row) => [tallest, unsized.id, gone.id].includes(row.id)));
      const ids = [...updated.query(query, { counts: false }).ids];
      expect(ids).toEqual(expected(updated, changed, query));
      expect(ids[0]).toBe(tallest);
      expect(ids).not.toContain(gone.id);
      expect([...updated.query({ ...query, reversed: true }, { counts: false }).ids][0]).toBe(unsized.id);
    }
  });

  it('reverses the name and last-updated orders too', () => {
    const index = indexOf(rows);
    for (const sort of ['name', 'lastName', 'updated'] as const) {
      const forward = [...index.query({ ...emptyQuery(), sort }, { counts: false }).ids];
      expect([...index.query({ ...emptyQuery(), sort, reversed: true }, { counts: false }).ids]).toEqual(forward.reverse());
    }
    const typed = [...index.query({ ...emptyQuery(), text: 'an', sort: 'name' }, { counts: false }).ids];
    expect([...index.query({ ...emptyQuery(), text: 'an', sort: 'name', reversed: true }, { counts: false }).ids]).toEqual(typed.reverse());
  });
});

function person(id: number, name: string, extra: Partial<SearchRow>): SearchRow {
  return { ...searchRowsOf([{ first: name.split(' ')[0]!, last: name.split(' ')[1]! }])[0]!, id, uid: id, rev: id, ...extra };
}

describe('the gender facet', () => {
  it('folds the m/f/i field into the genders, so each profile counts once under each gender it has', () => {
    const index = indexOf([
      person(1, 'Anna Berg', { gender: 'f', genderNew: 'female', genderSearchability: ['female'] }),
      person(2, 'Ben Kurz', { gender: 'm', genderNew: 'male', genderSearchability: [] }),
      person(3, 'Cem Aydin', { gender: 'm', genderNew: null, genderSearchability: [] }),
      person(4, 'Dana Roth', { gender: 'F', genderNew: null, genderSearchability: [] }),
      person(5, 'Eli Sand', { gender: 'i', genderNew: null, genderSearchability: [] }),
      person(6, 'Fee Lind', { gender: 'i', genderNew: 'non_binary', genderSearchability: ['non_binary', 'female'] }),
    ]);
    const counts = Object.fromEntries(index.query(emptyQuery()).counts.gender);
    expect(counts).toEqual({ female: 3, male: 2, i: 1, non_binary: 1 });
    // No legacy letter beside the words: m and f are gone as values of their own.
    expect(Object.keys(counts)).not.toContain('m');
    expect([...index.query({ ...emptyQuery(), facets: { gender: ['male'] } }).ids].sort()).toEqual([2, 3]);
    expect([...index.query({ ...emptyQuery(), facets: { gender: ['female'] } }).ids].sort()).toEqual([1, 4, 6]);
  });
});

describe('namesakes', () => {
  it('finds the other live profiles of the same name, and a year of birth only from an age', () => {
    const index = indexOf([
      person(1, 'Anouk Müller', {}),
      person(2, 'Anouk Mueller', {}),
      person(3, 'Anouk Müller', { removed: 1 }),
      person(4, 'Anouk Müllerová', {}),
      person(5, 'Anouk Müller', {}),
    ]);
    // Another spelling (Mueller) is another name on screen; a removed profile is not listed.
    expect(index.namesakes(1)).toEqual([5]);
    expect(index.namesakes(5)).toEqual([1]);
    expect(index.namesakes(4)).toEqual([]);
    expect(birthYearsFromAge(34, new Date('2026-11-26T12:00:00Z'))).toEqual({ early: 1991, late: 1992 });
    expect(birthYearsFromAge(null)).toBeNull();
  });
});
