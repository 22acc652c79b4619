/**
 * The one folding of names for search, shared by the directory service (its stored search column
 * and the `q` parameter) and the app's offline search, so both find the same profiles for the same
 * text: lower case, accents dropped, German umlauts spelled out ("Müller" → "mueller"), and every
 * Latin letter without a Unicode decomposition (ı ł ø đ ß æ œ þ and the rest of Latin-1, Latin
 * Extended-A and -B) spelled in plain Latin letters, which a bare accent strip would leave as they are.
 */

/**
 * Lower-case letters that remain after NFKD and dropping the marks (ı ł ø đ ß æ œ þ …), and how
 * they are spelled: every letter of Latin-1, Latin Extended-A and -B a name is written with.
 * Upper-case forms lower-case into these first (Ł → ł, Ø → ø, Ǣ → ǣ → æ).
 */
export const letterSpellings: Readonly<Record<string, string>> = {
  // Latin-1 Supplement
  ß: 'ss', æ: 'ae', ð: 'd', ø: 'o', þ: 'th',
  // Latin Extended-A
  đ: 'd', ħ: 'h', ı: 'i', ĸ: 'k', ł: 'l', ŋ: 'ng', œ: 'oe', ŧ: 't', ſ: 's',
  // Latin Extended-B, and the IPA and Extended-C letters its capitals lower-case into
  ƀ: 'b', ɓ: 'b', ƃ: 'b', ɔ: 'o', ƈ: 'c', ɖ: 'd', ɗ: 'd', ƌ: 'd', ǝ: 'e', ə: 'e', ɛ: 'e', ƒ: 'f', ɠ: 'g', ɣ: 'g',
  ƕ: 'hv', ɩ: 'i', ɨ: 'i', ƙ: 'k', ƚ: 'l', ƛ: 'l', ɯ: 'm', ɲ: 'n', ƞ: 'n', ɵ: 'o', ƣ: 'oi', ƥ: 'p', ʀ: 'r', ʃ: 'sh',
  ƫ: 't', ƭ: 't', ʈ: 't', ʉ: 'u', ʊ: 'u', ʋ: 'v', ƴ: 'y', ƶ: 'z', ʒ: 'zh', ƹ: 'zh', ƿ: 'w', ǥ: 'g', ȝ: 'y', ȡ: 'd',
  ȣ: 'ou', ȥ: 'z', ȴ: 'l', ȵ: 'n', ȶ: 't', ȷ: 'j', ȸ: 'db', ȹ: 'qp', ȼ: 'c', ȿ: 's', ɀ: 'z', ɇ: 'e', ɉ: 'j', ɋ: 'q',
  ɍ: 'r', ɏ: 'y', ɂ: '', ⱥ: 'a', ⱦ: 't', ʌ: 'v',
};

/**
 * Letters folded before NFKD, which would otherwise take them apart: German umlauts spelled out
 * ("Mueller") or without their dots as often typed ("Muller"), and ŀ and ŉ, whose compatibility
 * forms hold a middle dot or an apostrophe letter.
 */
const umlautsSpelled: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', ŀ: 'l', ŉ: 'n' };
const umlautsDropped: Readonly<Record<string, string>> = { ä: 'a', ö: 'o', ü: 'u', ŀ: 'l', ŉ: 'n' };

const spelledLetters = new RegExp(`[${Object.keys(letterSpellings).join('')}]`, 'g');
const beforeDecomposition = /[äöüŀŉ]/g;

/** Printable ASCII and white space: none of the folds above applies, only lower case and word separators. */
const asciiOnly = /^[ -~\t\n\r]*$/;

/** Umlauts first (NFKD would strip their dots), then accents, then the letters without a decomposition. */
function foldWith(text: string, umlautSpellings: Readonly<Record<string, string>>): string {
  // A search typed letter by letter is nearly always plain ASCII: folded without four Unicode passes.
  if (asciiOnly.test(text)) return text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
  return text
    .toLowerCase()
    .normalize('NFC')
    .replace(beforeDecomposition, (letter) => umlautSpellings[letter] ?? letter)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(spelledLetters, (letter) => letterSpellings[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * A text folded for search: "  Jörg Weiß-Łukasz " → "joerg weiss lukasz". The form of the `q`
 * parameter, of a search typed offline and of the first half of every stored search text.
 */
export function foldForSearch(text: string): string {
  return foldWith(text, umlautsSpelled);
}

/** Like `foldForSearch`, but German umlauts lose their dots instead of being spelled out ("muller"). */
export function foldWithoutUmlautSpelling(text: string): string {
  return foldWith(text, umlautsDropped);
}

/**
 * The searchable text of a name: its folded form, followed by its form without umlaut spellings
 * when that differs ("mueller muller"), so 'muller' finds Müller as surely as 'mueller' does.
 */
export function searchForms(name: string): string {
  const spelled = foldForSearch(name);
  const plain = foldWithoutUmlautSpelling(name);
  return plain === spelled ? spelled : `${spelled} ${plain}`;
}
