/**
 * A note typed by two people at once, merged as text: what one typed on an older version of the
 * note is carried onto the version a colleague's edit made, so nothing either typed is lost.
 * (The list's document merges edits made in it; this merges an edit the user typed on a note the
 * screen showed before a colleague's edit arrived.)
 */

/** One change of a text: `deleteCount` characters at `at` replaced by `insert`. */
export interface TextSplice {
  at: number;
  deleteCount: number;
  insert: string;
}

/** The single splice turning `from` into `to`: everything but their common start and end. */
export function textSplice(from: string, to: string): TextSplice {
  let start = 0;
  while (start < from.length && start < to.length && from[start] === to[start]) start += 1;
  let end = 0;
  while (end < from.length - start && end < to.length - start && from[from.length - 1 - end] === to[to.length - 1 - end]) end += 1;
  return { at: start, deleteCount: from.length - start - end, insert: to.slice(start, to.length - end) };
}

function applySplice(text: string, at: number, splice: TextSplice): string {
  return text.slice(0, at) + splice.insert + text.slice(at + splice.deleteCount);
}

/**
 * The note with both edits made on `base`: `mine` (typed here) and `theirs` (what is stored now).
 * Edits of separate places both apply. Two insertions at one place keep mine first: the user
 * types on where the caret was, so their next letters stay with their own (`mapCaret` keeps the
 * caret there too). Edits of one place keep mine's version of that place and add the text theirs
 * typed there after it: a character of the base may then show twice, but nothing typed is lost.
 */
export function mergeNote(base: string, mine: string, theirs: string): string {
  if (mine === base) return theirs;
  if (theirs === base || mine === theirs) return mine;
  const ours = textSplice(base, mine);
  const other = textSplice(base, theirs);
  const oursEnd = ours.at + ours.deleteCount;
  const otherEnd = other.at + other.deleteCount;
  if (oursEnd <= other.at) return applySplice(theirs, ours.at, ours);
  if (otherEnd <= ours.at) return applySplice(theirs, ours.at + other.insert.length - other.deleteCount, ours);
  const from = Math.min(ours.at, other.at);
  const to = Math.max(oursEnd, otherEnd);
  const oursThere = base.slice(from, ours.at) + ours.insert + base.slice(oursEnd, to);
  return base.slice(0, from) + oursThere + other.insert + base.slice(to);
}

/**
 * Where a caret (or one end of a selection) at `position` is once `splice` is made: at or before
 * the change's start it stays (text inserted there comes after it, as `mergeNote` puts it after
 * what the user types there), after the change it moves along, inside the replaced text it goes
 * to the end of what replaced it.
 */
export function mapCaret(position: number, splice: TextSplice): number {
  if (position <= splice.at) return position;
  if (position >= splice.at + splice.deleteCount) return position + splice.insert.length - splice.deleteCount;
  return splice.at + splice.insert.length;
}
