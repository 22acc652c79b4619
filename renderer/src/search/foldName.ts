/**
 * Folds a name for instant search the way the directory folds it for `q`: lower case, accents
 * dropped, and German umlauts both spelled out and dropped, so "Müller" is found by "mueller" and
 * by "muller" (server/API-NOTES.md, "q").
 */
const spelledOut: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', æ: 'ae', ø: 'oe', œ: 'oe' };

function stripAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '');
}

function tidy(text: string): string {
  return text
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

/** The folded forms of `name`, joined by a space: one form, or two when umlauts make them differ. */
export function foldName(name: string): string {
  const lower = name.toLowerCase();
  const spelled = foldQuery(name);
  const dropped = tidy(stripAccents(lower.replace(/ß/g, 'ss')));
  return spelled === dropped ? spelled : `${spelled} ${dropped}`;
}

/**
 * A search text folded for a substring match against `foldName` output: umlauts spelled out, so
 * "müller" and "mueller" match the first form and "muller" the second.
 */
export function foldQuery(query: string): string {
  const lower = query.toLowerCase();
  return tidy(stripAccents(lower.replace(/[äöüßæøœ]/g, (letter) => spelledOut[letter] ?? letter)));
}
