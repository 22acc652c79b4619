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
import { searchRowsOf } from '../../support/searchRows.ts';

/** Pieces that make words sharing prefixes, substrings and near misses, with umlauts and accents. */
const syllables = ['a', 'an', 'ann', 'mann', 'ma', 'non', 'hoff', 'bau', 'neu', 'kat', 'ha', 'rin', 'thi', 'na', 'mül', 'ler', 'jö', 'rg', 'é', 'lo', 'ße', 'sch', 'mid', 't', 'e', 'o'];

const word = fc.array(fc.constantFrom(...syllables), { minLength: 1, maxLength: 4 }).map((parts) => parts.join(''));
const capitalised = word.map((text) => text.charAt(0).toUpperCase() + text.slice(1));
const name = fc.array(capitalised, { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));

/** How a typed word is made from a name word: a piece of it (its start or inside) with up to two letters changed, dropped, swapped or added. */
const typedWordRecipe = fc.record({
  name: fc.nat(),
  word: fc.nat(),
  from: fc.oneof(fc.constant(0), fc.nat()),
  // Often the rest of the word: typos need four letters or more.
  length: fc.oneof(fc.constant(99), fc.nat()),
  edits: fc.array(fc.tuple(fc.constantFrom('change', 'drop', 'swap', 'add'), fc.nat(), fc.constantFrom(...'aenrmtüö')), { maxLength: 2 }),
});
/** A typed text: one to three typed words, perhaps in capitals. */
const typedTextRecipe = fc.record({ words: fc.array(typedWordRecipe, { minLength: 1, maxLength: 3 }), upper: fc.boolean() });

/** What an arbitrary generates. */
type ValueOf<A> = A extends fc.Arbitrary<infer T> ? T : never;
type Edits = ValueOf<typeof typedWordRecipe>['edits'];

function withEdits(text: string, edits: Edits): string {
  let typed = text;
  for (const [edit, at, letter] of edits) {
    const i = at % typed.length;
    if (edit === 'change') typed = typed.slice(0, i) + letter + typed.slice(i + 1);
    else if (edit === 'drop' && typed.length > 1) typed = typed.slice(0, i) + typed.slice(i + 1);
    else if (edit === 'swap' && i + 1 < typed.length) typed = typed.slice(0, i) + typed[i + 1] + typed[i] + typed.slice(i + 2);
    else if (edit === 'add') typed = typed.slice(0, i) + letter + typed.slice(i);
  }
  return typed;
}

function typedWordFrom(names: readonly string[], recipe: ValueOf<typeof typedWordRecipe>): string {
  const words = names[recipe.name % names.length]!.split(' ');
  const text = words[recipe.word % words.length]!.toLowerCase();
  const start = recipe.from % text.length;
  return withEdits(text.slice(start, start + 1 + (recipe.length % (text.length - start))), recipe.edits);
}

/**
 * A name near another: one of its words mistyped, or inside a longer word, beside a word of its
 * own, so typed words meet exact, prefix, infix and typo matches in one search.
 */
const variantRecipe = fc.record({
  of: fc.nat(),
  word: fc.nat(),
  edits: typedWordRecipe.map((recipe) => recipe.edits),
  before: fc.constantFrom('', ...syllables),
  after: fc.constantFrom('', ...syllables),
  other: capitalised,
});

function variantOf(names: readonly string[], recipe: ValueOf<typeof variantRecipe>): string {
  const words = names[recipe.of % names.length]!.split(' ');
  const changed = recipe.before + withEdits(words[recipe.word % words.length]!.toLowerCase(), recipe.edits) + recipe.after;
  return `${recipe.other} ${changed.charAt(0).toUpperCase()}${changed.slice(1)}`;
}

function typedTextFrom(names: readonly string[], recipe: ValueOf<typeof typedTextRecipe>): string {
  const text = recipe.words.map((word) => typedWordFrom(names, word)).join(' ');
  return recipe.upper ? text.toUpperCase() : text;
}

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
        fc.array(name, { minLength: 1, maxLength: 12 }),
        fc.array(variantRecipe, { maxLength: 12 }),
        fc.array(typedTextRecipe, { minLength: 1, maxLength: 6 }),
        fc.array(name, { minLength: 1, maxLength: 4 }),
        fc.nat(),
        (baseNames, variants, recipes, newNames, pick) => {
          const names = [...baseNames, ...variants.map((variant) => variantOf(baseNames, variant))];
          const texts = recipes.map((recipe) => typedTextFrom([...names, ...newNames], recipe));
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
