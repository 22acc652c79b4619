/**
 * Name folding shared by the stored search column and the `q` parameter, so that trigram matching
 * treats "Müller", "Mueller" and "Muller" alike: German umlauts become their two-letter spellings,
 * other diacritics are dropped, and case and spacing no longer matter.
 */
const letterSpellings: Record<string, string> = {
  ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h',
};

export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .replace(/[äöüßæœøłđðþıħ]/g, (letter) => letterSpellings[letter] ?? letter)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The stored search text: the folded name, followed by its spelling without umlaut digraphs when
 * that differs ("mueller muller"), so 'muller' finds Müller as surely as 'mueller' does.
 */
export function searchColumn(name: string): string {
  const folded = foldForSearch(name);
  const plain = foldForSearch(name.replace(/[äöüÄÖÜ]/g, (letter) => letter.normalize('NFD')[0]));
  return plain === folded ? folded : `${folded} ${plain}`;
}

/** Sort key for `order=name` and `order=last_name`: folded like search, so umlauts sort as their spellings. */
export function sortKey(text: string): string {
  return foldForSearch(text);
}

/** Escapes LIKE wildcards so user text is matched literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
