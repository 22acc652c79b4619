/**
 * The shared name folding (contract/name-folding.ts): the directory's stored search column and
 * `q`, and the app's offline search, fold every Latin letter alike.
 */
import { describe, expect, it } from 'vitest';
import { foldForSearch, letterSpellings, searchForms } from '../../../contract/name-folding.ts';
import { searchColumn } from '../../../server/src/text/searchText.ts';
import { foldName, foldQuery } from '../../../renderer/src/search/foldName.ts';

describe('name folding', () => {
  it.each([
    ['Yılmaz', 'yilmaz'],
    ['Sørensen', 'sorensen'],
    ['Łukasz Wałęsa', 'lukasz walesa'],
    ['Đorđe', 'dorde'],
    ['Weiß', 'weiss'],
    ['Ægir Œhlenschläger', 'aegir oehlenschlaeger'],
    ['Þóra', 'thora'],
    ['Ħamrun', 'hamrun'],
    ['İlkay', 'ilkay'],
    ['Ŋgozi', 'nggozi'],
    ['Paŀla', 'palla'],
    ['ŉ', 'n'],
    ['Ǣ Ǿ', 'ae o'],
    ['Mu\u0308ller', 'mueller'],
    ['ǅemal', 'dzemal'],
    ['  Anne-Marie  ', 'anne marie'],
  ])('%j → %j', (name, folded) => expect(foldForSearch(name)).toBe(folded));

  it('folds plain ASCII text (its shortcut) as the full Unicode folding does', () => {
    // A trailing " é" sends a text down the full path; its fold is the text's own fold plus " e".
    const texts = [...Array.from({ length: 128 }, (_, code) => `Ab${String.fromCharCode(code)}Cd 9`), 'Jonas  WEBER-smith', " o'neil ", '\tx\ny', '', '---', 'A.B.C'];
    for (const text of texts) expect(`${foldForSearch(text)} e`.trim()).toBe(foldForSearch(`${text} é`));
  });

  it('leaves no letter of Latin-1, Latin Extended-A or -B unfolded', () => {
    for (let code = 0xc0; code <= 0x24f; code++) {
      const letter = String.fromCodePoint(code);
      if (!/\p{L}/u.test(letter)) continue;
      // Clicks, tone letters and the like are not Latin letters a name is typed with.
      if (/[ƅƍƨƪƺƻƽƾǀǁǂǃ]/u.test(letter.toLowerCase())) continue;
      expect(foldForSearch(letter), `U+${code.toString(16)} ${letter}`).toMatch(/^[a-z]*$/);
    }
    expect(Object.values(letterSpellings).every((spelling) => /^[a-z]*$/.test(spelling))).toBe(true);
  });

  it('stores umlaut names in both spellings, and folds the service and the app alike', () => {
    expect(searchForms('Müller')).toBe('mueller muller');
    expect(searchForms('Sørensen')).toBe('sorensen');
    for (const name of ['Jörg Weiß-Łukasz', 'Emre Yılmaz', 'Anne-Marie Schäfer-Lüdenscheidt', 'Þóra Jónsdóttir']) {
      expect(foldName(name)).toBe(searchColumn(name));
      expect(foldQuery(name)).toBe(foldForSearch(name));
    }
  });
});
