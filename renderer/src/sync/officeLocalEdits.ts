/**
 * Edits made in the list view on a shared list, carried into its document: the shortlists store
 * writes entry rows, and what differs between a row and the row as it was last written from the
 * document (the base) is the user's own change. Only those fields go into the document, so a
 * colleague's change the rows have not shown yet is never undone by stale values. A note goes in
 * as the smallest edit of its Y.Text (common start and end kept), so typing merges with a
 * colleague's; a row gone from the list marks its entry deleted (a colleague's note stays) and a
 * row back on it (undo) marks it live again; a reorder moves entries' positions (officeReorder.ts).
 *
 * A row of a deleted entry coming back is one of two things the document alone cannot tell apart:
 * an undo of the delete, or the actor added again. The shortlists store's undo marks the rows it
 * puts back (`restoredByUndo`); a row added anew never carries the mark (nor the old row's id). An
 * undo revives the entry where it was, with every field it had; an add writes a fresh entry at the
 * end. The mark lives only until the rows are written from the document again, which drops it.
 */
import * as Y from 'yjs';
import type { ShortlistEntryRow } from '../db/shortlistDb.ts';
import { entriesOf, officeEntryKey, readListDoc, writeEntry } from './officeListDoc.ts';
import { positionBetween } from './officePositions.ts';
import { writeMoves } from './officeReorder.ts';

/** Rows by their entry's key, as they were last written from the document. */
export type RowBase = ReadonlyMap<string, ShortlistEntryRow>;

export function baseOf(rows: readonly ShortlistEntryRow[]): RowBase {
  return new Map(rows.map((row) => [officeEntryKey(row.directoryOrigin, row.actorId), row]));
}

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

/** Writes into `doc` what the user changed in `rows` since `base`; returns whether anything was. */
export function writeLocalEdits(doc: Y.Doc, base: RowBase, rows: readonly ShortlistEntryRow[]): boolean {
  let changed = false;
  doc.transact(() => {
    const seen = new Set<string>();
    for (const row of rows) {
      const key = officeEntryKey(row.directoryOrigin, row.actorId);
      seen.add(key);
      const before = base.get(key);
      const entry = entriesOf(doc).get(key);
      if (!before) {
        if (!entry) {
          // Added in the list view: at the end of the list.
          const last = readListDoc(doc).entries.at(-1)?.position ?? null;
          writeEntry(doc, row, positionBetween(last, null));
          changed = true;
        } else if (entry.get('deleted') === true && row.restoredByUndo) {
          // An undo of the delete: the entry comes back where it was with everything the office
          // holds, a colleague's note typed meanwhile too.
          entry.set('deleted', false);
          changed = true;
        } else if (entry.get('deleted') === true) {
          // The actor added again after their entry was deleted: a fresh entry at the end with the
          // row's fields, in place of the deleted one (its old place, note and picks are not the new add's).
          const last = readListDoc(doc).entries.at(-1)?.position ?? null;
          writeEntry(doc, row, positionBetween(last, null));
          changed = true;
        }
        // Else a colleague added the actor too: one entry, theirs.
        continue;
      }
      if (!entry) continue;
      for (const field of ['rating', 'colours', 'tags', 'status'] as const) {
        if (!same(row[field], before[field])) {
          entry.set(field, Array.isArray(row[field]) ? [...(row[field] as string[])] : row[field]);
          changed = true;
        }
      }
      const note = entry.get('note');
      if (row.note !== before.note && note instanceof Y.Text) {
        editText(note, before.note, row.note);
        changed = true;
      }
    }
    if (writeMoves(doc, base, rows)) changed = true;
    for (const key of base.keys()) {
      if (seen.has(key)) continue;
      entriesOf(doc).get(key)?.set('deleted', true);
      changed = true;
    }
  });
  return changed;
}

/** Whether `rows` hold a change of the user's since `base` (tried on a copy: `doc` is left as it is). */
export function wouldChange(doc: Y.Doc, base: RowBase, rows: readonly ShortlistEntryRow[]): boolean {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  const changed = writeLocalEdits(copy, base, rows);
  copy.destroy();
  return changed;
}
