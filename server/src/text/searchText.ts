/**
 * The search and sort columns the service stores, folded by the shared name folding
 * (contract/name-folding.ts) so that trigram matching treats "Müller", "Mueller" and "Muller"
 * alike and the app's offline search folds exactly as `q` does.
 */
import { foldForSearch, searchForms } from '../../../contract/name-folding.ts';

/** The `q` parameter is folded by the same shared rule as the stored column. */
export { foldForSearch };

/**
 * The stored search text: the folded name, followed by its spelling without umlaut digraphs when
 * that differs ("mueller muller"), so 'muller' finds Müller as surely as 'mueller' does.
 */
export function searchColumn(name: string): string {
  return searchForms(name);
}

/** Sort key for `order=name` and `order=last_name`: folded like search, so umlauts sort as their spellings. */
export function sortKey(text: string): string {
  return foldForSearch(text);
}

/** Escapes LIKE wildcards so user text is matched literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
