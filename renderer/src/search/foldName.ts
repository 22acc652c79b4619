/**
 * Folds names and typed search text with the folding the directory uses for `q`
 * (contract/name-folding.ts), so offline search and the directory find the same profiles.
 */
import { foldForSearch, searchForms } from '../../../contract/name-folding.ts';

/** The folded forms of `name`, joined by a space: one form, or two when umlauts make them differ. */
export function foldName(name: string): string {
  return searchForms(name);
}

/** A search text folded as the directory folds `q`: umlauts spelled out ("müller" → "mueller"). */
export function foldQuery(query: string): string {
  return foldForSearch(query);
}
