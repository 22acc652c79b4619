/**
 * Every fast path of name search lists what the reference matcher (the specification) lists, in
 * its order: for random small sets of names and typed texts (umlauts, accents and capitals the
 * folding takes apart, typos, several words), the whole search and the first screen of an index
 * unprepared and prepared for typing (prefixes classified and short screens made in advance), and
 * again after names are renamed, removed and added.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SearchRow } from '../../../renderer/src/db/libraryDb.ts';
import { foldName } from '../../../renderer/src/search/foldName.ts';
import { ProfileIndex, emptyQuery, type ProfileQuery } from '../../../renderer/src/search/profileIndex.ts';
import { referenceSearch } from '../../../renderer/src/search/referenceMatcher.ts';
import { searchRowsOf } from '../../bench/searchRows.ts';

/** Pieces that make words sharing prefixes, substrings and near misses, with umlauts and accents. */
const syllables = ['a', 'an', 'ann', 'mann', 'ma', 'non', 'hoff', 'bau', 'neu', 'kat', 'ha', 'rin', 'thi', 'na', 'mül', 'ler', 'jö', 'rg', 'é', 'lo', 'ße', 'sch', 'mid', 't', 'e', 'o'];

const word = fc.array(fc.constantFrom(...syllables), { minLength: 1, maxLength: 3 }).map((parts) => parts.join(''));
const capitalised = word.map((text) => text.charAt(0).toUpperCase() + text.slice(1));
const name = fc.array(capitalised, { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));

/** A typed word: a piece of a generated word (its start or inside), perhaps with one or two letters changed, dropped or swapped. */
const typedWord = fc
  .tuple(word, fc.nat(), fc.nat(), fc.array(fc.tuple(fc.constantFrom('change', 'drop', 'swap', 'add'), fc.nat(), fc.constantFrom(...'aenrmtüö')), { maxLength: 2 }))
  .map(([text, from, length, edits]) => {
    const start = from % text.length;
    let typed = text.slice(start, start + 1 + (length % (text.length - start)));
    for (const [edit, at, letter] of edits) {
      const i = at % typed.length;
      if (edit === 'change') typed = typed.slice(0, i) + letter + typed.slice(i + 1);
      else if (edit === 'drop' && typed.length > 1) typed = typed.slice(0, i) + typed.slice(i + 1);
      else if (edit === 'swap' && i + 1 < typed.length) typed = typed.slice(0, i) + typed[i + 1] + typed[i] + typed.slice(i + 2);
      else if (edit === 'add') typed = typed.slice(0, i) + letter + typed.slice(i);
    }
    return typed;
  });
const typedText = fc.oneof(
  typedWord,
  fc.array(typedWord, { minLength: 2, maxLength: 3 }).map((words) => words.join(' ')),
  typedWord.map((text) => text.toUpperCase()),
);

function inNameOrder(rows: readonly SearchRow[]): { id: number; name: string }[] {
  const live = rows.filter((row) => row.removed === 0);
  live.sort((a, b) => (a.foldedName < b.foldedName ? -1 : a.foldedName > b.foldedName ? 1 : a.uid - b.uid));
  return live.map((row) => ({ id: row.uid, name: row.name }));
}

/** The index's whole search and first screens (short, and longer than the list) equal the reference's. */
function expectReference(index: ProfileIndex, rows: readonly SearchRow[], texts: readonly string[]): void {
  const reference = inNameOrder(rows);
  for (const text of texts) {
    const expected = referenceSearch(reference, text);
    const query: ProfileQuery = { ...emptyQuery(), text, sort: 'relevance' };
    expect({ text, whole: [...index.query(query, { counts: false }).ids] }).toEqual({ text, whole: expected });
    for (const length of [3, 200]) {
      const screen = index.firstScreen(query, length)!;
      expect({ text, length, count: screen.count, screen: [...screen.ids] }).toEqual({ text, length, count: expected.length, screen: expected.slice(0, length) });
    }
  }
}

function renamed(row: SearchRow, newName: string, rev: number): SearchRow {
  return { ...row, name: newName, foldedName: foldName(newName), rev };
}

describe('name search against the reference matcher', () => {
  it('lists the reference’s rows in its order on every path: unprepared, prepared, after renames, removals and additions', () => {
    fc.assert(
      fc.property(
        fc.array(name, { minLength: 1, maxLength: 25 }),
        fc.array(typedText, { minLength: 1, maxLength: 6 }),
        fc.array(name, { minLength: 1, maxLength: 4 }),
        fc.nat(),
        (names, texts, newNames, pick) => {
          const rows = searchRowsOf(names.map((written) => ({ first: written, last: '' })));
          // searchRowsOf joins first and last with a space: keep the generated name as written.
          for (const row of rows) Object.assign(row, { name: row.name.trim(), foldedName: foldName(row.name.trim()) });
          const index = new ProfileIndex();
          index.upsert(rows);
          expectReference(index, rows, texts);
          while (!index.prepareTyping(() => true));
          expectReference(index, rows, texts);

          // One row renamed, one removed (when there are two), new ones added.
          let rev = 10_000;
          const changed = [renamed(rows[pick % rows.length]!, newNames[0]!, ++rev)];
          if (rows.length > 1) changed.push({ ...rows[(pick + 1) % rows.length]!, removed: 1, rev: ++rev });
          const added = newNames.slice(1).map((written, i) => renamed({ ...rows[0]!, id: 50_000 + i, uid: 50_000 + i, removed: 0 }, written, ++rev));
          index.upsert([...changed, ...added]);
          const after = [...rows.filter((row) => !changed.some((other) => other.uid === row.uid)), ...changed, ...added];
          expectReference(index, after, texts);
          while (!index.prepareTyping(() => true));
          expectReference(index, after, texts);
        },
      ),
      { numRuns: 60 },
    );
    // Each run builds and prepares an index four times: seconds on a loaded machine.
  }, 180_000);
});
