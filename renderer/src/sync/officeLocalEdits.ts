/**
 * One entry's change made here (`before` → `after`, as the shortlists store writes it) as the
 * smallest edit of the list's document (sync/listDocEdits.ts): only the fields that changed go in,
 * so a colleague's change of another field is never undone by stale values, and a note goes in as
 * the smallest edit of its Y.Text (common start and end kept), so typing merges with a colleague's.
 * Adding, removing, undoing and moving are the store's own calls (listDocEdits.ts): the store
 * knows which it makes, so nothing here tells an undo from a new add by comparing rows.
 */
import * as Y from 'yjs';
import type { ShortlistEntryRow } from '../db/shortlistDb.ts';
import { entriesOf, officeEntryKey } from '../db/listDocShape.ts';

/** Where `a` and `b` differ: the length of their common start and of their common end after it. */
function commonEnds(a: string, b: string): { start: number; end: number } {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end += 1;
  return { start, end };
}

/**
 * Applies the user's edit of the note (`before` → `after`) to `text`, which may hold a colleague's
 * edits of `before` as well: the user's edit is moved past the colleague's when it lies after it.
 */
function editText(text: Y.Text, before: string, after: string): void {
  const ours = commonEnds(before, after);
  const current = text.toString();
  const theirs = commonEnds(before, current);
  const removed = before.length - ours.start - ours.end;
  const shift = ours.start >= before.length - theirs.end && ours.start > theirs.start ? current.length - before.length : 0;
  const at = ours.start + shift;
  if (removed > 0) text.delete(at, removed);
  const inserted = after.slice(ours.start, after.length - ours.end);
  if (inserted) text.insert(at, inserted);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Writes into `doc` the fields of the entry that differ between `before` and `after`; returns whether any did. */
export function editEntry(doc: Y.Doc, before: ShortlistEntryRow, after: ShortlistEntryRow): boolean {
  const entry = entriesOf(doc).get(officeEntryKey(after.directoryOrigin, after.actorId));
  if (!entry) return false;
  let changed = false;
  doc.transact(() => {
    // A field the document already holds as `after` is left alone: the same edit may reach the
    // document twice (the page going away wrote it, and the queued write read the row before that).
    for (const field of ['rating', 'colours', 'tags', 'status'] as const) {
      if (!same(after[field], before[field]) && !same(after[field], entry.get(field))) {
        entry.set(field, Array.isArray(after[field]) ? [...(after[field] as string[])] : after[field]);
        changed = true;
      }
    }
    const note = entry.get('note');
    if (after.note !== before.note && note instanceof Y.Text && note.toString() !== after.note) {
      editText(note, before.note, after.note);
      changed = true;
    }
  });
  return changed;
}
