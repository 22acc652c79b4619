/**
 * Picks and comments on a shared list's entries (issue 25, item 6): each member writes only under
 * their own member id in an entry's `picks` and `comments` maps, which is all the office lets a
 * reviewer change (server/office/reviewerUpdate.ts). Taking a pick back or emptying a comment
 * removes the member's key, so the entry shows only who picked and who said something.
 */
import * as Y from 'yjs';
import { readListDoc } from './officeListDoc.ts';
import { entriesOf } from '../db/listDocShape.ts';

/** Who picked an entry and who commented on it, by member id. */
export interface EntryAnnotations {
  picks: readonly string[];
  comments: Readonly<Record<string, string>>;
}

/** Every live entry's picks and comments, by entry key. */
export function readAnnotations(doc: Y.Doc): Map<string, EntryAnnotations> {
  return new Map(
    readListDoc(doc).entries.map((entry) => [
      entry.key,
      { picks: Object.keys(entry.picks).filter((member) => entry.picks[member]).sort(), comments: entry.comments },
    ]),
  );
}

function annotationMap(doc: Y.Doc, key: string, kind: 'picks' | 'comments'): Y.Map<unknown> | null {
  const map = entriesOf(doc).get(key)?.get(kind);
  return map instanceof Y.Map ? map : null;
}

/** Whether the document has entry `key`, for a pick or a comment. */
export function hasAnnotatableEntry(doc: Y.Doc, key: string): boolean {
  return annotationMap(doc, key, 'comments') !== null;
}

/** Marks or takes back the member's pick of an entry; false when the entry is not in the document. */
export function writePick(doc: Y.Doc, key: string, memberId: string, picked: boolean): boolean {
  const picks = annotationMap(doc, key, 'picks');
  if (!picks) return false;
  if (picked) picks.set(memberId, true);
  else if (picks.has(memberId)) picks.delete(memberId);
  return true;
}

/** Writes the member's comment on an entry (empty: none); false when the entry is not in the document. */
export function writeComment(doc: Y.Doc, key: string, memberId: string, text: string): boolean {
  const comments = annotationMap(doc, key, 'comments');
  if (!comments) return false;
  const clean = text.slice(0, 10_000);
  if (clean.trim()) {
    if (comments.get(memberId) !== clean) comments.set(memberId, clean);
  } else if (comments.has(memberId)) {
    comments.delete(memberId);
  }
  return true;
}
