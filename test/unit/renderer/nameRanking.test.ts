/**
 * The ranking a user meets (issue 24): an exact prefix ranks before an exact substring, which
 * ranks before any typo; fewer edits before more; a typo of a whole word before a typo inside a
 * longer word. Held for the reference matcher (the specification) and for the index's whole
 * search and first screen, prepared for typing or not.
 */
import { describe, expect, it } from 'vitest';
import { ProfileIndex, emptyQuery, type ProfileQuery } from '../../../renderer/src/search/profileIndex.ts';
import { referenceClass, referenceSearch } from '../../../renderer/src/search/referenceMatcher.ts';
import { searchRowsOf } from '../../support/searchRows.ts';
import type { SearchRow } from '../../../renderer/src/db/libraryDb.ts';

const people = [
  { first: 'Manon', last: 'Keller' },
  { first: 'Anna', last: 'Hoffmann' },
  { first: 'Peter', last: 'Baumann' },
  { first: 'Lisa', last: 'Neumann' },
  { first: 'Athina', last: 'Berg' },
  { first: 'Katharina', last: 'Wolf' },
  { first: 'Mannfred', last: 'Adler' },
];
const rows = searchRowsOf(people);
// Typed "kathrin": the name itself, a typo of a whole word, a typo inside a longer word.
const typoRows = searchRowsOf([{ first: 'Katharina', last: 'Stein' }, { first: 'Katrin', last: 'Vogel' }, { first: 'Kathrin', last: 'Roth' }], 100);
const idOf = (name: string) => [...rows, ...typoRows].find((row) => row.name === name)!.uid;

/** The index's answers for `text`: whole, and its first screen of 200 (what the list shows first). */
function answers(index: ProfileIndex, text: string): { whole: number[]; screen: number[] } {
  const query: ProfileQuery = { ...emptyQuery(), text, sort: 'relevance' };
  return { whole: [...index.query(query, { counts: false }).ids], screen: [...index.firstScreen(query, 200)!.ids] };
}

/** Runs `check` on an index of `indexed` before and after it is prepared for typing. */
function eachIndex(check: (index: ProfileIndex) => void, indexed: SearchRow[] = rows): void {
  const index = new ProfileIndex();
  index.upsert(indexed);
  check(index);
  while (!index.prepareTyping(() => true));
  check(index);
}

describe('name search ranking', () => {
  it('lists every exact substring before a typo of a longer word: mann finds Hoffmann, Baumann, Neumann before Manon', () => {
    eachIndex((index) => {
      for (const ids of Object.values(answers(index, 'mann'))) {
        const at = (name: string) => ids.indexOf(idOf(name));
        expect(at('Mannfred Adler')).toBe(0);
        for (const name of ['Anna Hoffmann', 'Peter Baumann', 'Lisa Neumann']) {
          expect(at(name)).toBeGreaterThan(0);
          expect(at(name)).toBeLessThan(at('Manon Keller'));
        }
      }
    });
  });

  it('lists one letter away before two: kathrina finds Katharina before Athina', () => {
    eachIndex((index) => {
      for (const ids of Object.values(answers(index, 'kathrina'))) expect(ids).toEqual([idOf('Katharina Wolf'), idOf('Athina Berg')]);
    });
  });

  it('lists a typo of a whole word before a typo inside a longer word', () => {
    // Katrin is one edit from kathrin as a whole word; Katharina starts one edit from it.
    expect(referenceClass('kathrin', 'katrin')).toBe(3);
    expect(referenceClass('kathrin', 'katharina')).toBe(5);
    eachIndex((index) => {
      for (const ids of Object.values(answers(index, 'kathrin'))) expect(ids).toEqual([idOf('Kathrin Roth'), idOf('Katrin Vogel'), idOf('Katharina Stein')]);
    }, typoRows);
  });

  it('is the reference matcher’s order', () => {
    const inNameOrder = [...rows].sort((a, b) => (a.foldedName < b.foldedName ? -1 : a.foldedName > b.foldedName ? 1 : a.uid - b.uid));
    eachIndex((index) => {
      for (const text of ['mann', 'kathrina', 'kathrin', 'ath', 'a', 'an', 'ann hof', 'pete baum']) {
        const { whole, screen } = answers(index, text);
        const expected = referenceSearch(inNameOrder.map((row) => ({ id: row.uid, name: row.name })), text);
        expect({ text, whole, screen }).toEqual({ text, whole: expected, screen: expected });
      }
    });
  });
});
