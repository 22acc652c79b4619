/**
 * One entry's change made here (`before` → `after`, as the shortlists store writes it) as the
 * smallest edit of the list's document (sync/listDocEdits.ts): only the fields that changed go in,
 * so a colleague's change of another field is never undone by stale values, and a note goes in as
 * the smallest edit of its Y.Text (common start and end kept), so typing merges with a colleague's,
 * and colours and tags go in as the labels added and removed, so a colleague's label stays.
 * Adding, removing, undoing and moving are the store's own calls (listDocEdits.ts): the store
 * knows which it makes, so nothing here tells an undo from a new add by comparing rows.
 */
import * as Y from 'yjs';
import type { ShortlistEntryRow } from '../db/shortlistDb.ts';
import { labelSetFieldNames, type LabelSetFieldName } from '../../../contract/officeList.ts';
import { entriesOf, newLabelSet, officeEntryKey } from '../db/listDocShape.ts';
import { applyLabelChange, labelChange } from '../shortlists/labelMerge.ts';

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

/**
 * Applies the user's change of a label set (`before` → `after`, as the user saw it and left it:
 * labels added, labels removed) to the set the entry holds now, which may have a colleague's
 * labels the user never saw: those stay. A label added that the set holds already is not added
 * again; a label removed goes wherever it is (every occurrence: two members adding it at once left
 * two). So the same change applied twice changes the set once. A plain array (a document written
 * before label sets merged) becomes the merging Y.Array here, holding its labels with the change.
 * Returns whether the entry changed.
 */
export function editLabelSet(entry: Y.Map<unknown>, field: LabelSetFieldName, before: readonly string[], after: readonly string[]): boolean {
  const change = labelChange(before, after);
  const { added, removed } = change;
  if (added.length === 0 && removed.size === 0) return false;
  const stored = entry.get(field);
  if (!(stored instanceof Y.Array)) {
    const old = Array.isArray(stored) ? stored.filter((label): label is string => typeof label === 'string') : [];
    const next = applyLabelChange(old, change);
    if (next.length === old.length && next.every((label, index) => label === old[index])) return false;
    entry.set(field, newLabelSet(next));
    return true;
  }
  let changed = false;
  const items = stored.toArray();
  // From the end, so the indexes still to visit stay where they are.
  for (let index = items.length - 1; index >= 0; index -= 1) {
    if (removed.has(items[index] as string)) {
      stored.delete(index, 1);
      changed = true;
    }
  }
  const present = new Set(stored.toArray());
  const missing = [...new Set(added)].filter((label) => !present.has(label));
  if (missing.length > 0) {
    stored.push(missing);
    changed = true;
  }
  return changed;
}

/** Writes into `doc` the fields of the entry that differ between `before` and `after`; returns whether any did. */
export function editEntry(doc: Y.Doc, before: ShortlistEntryRow, after: ShortlistEntryRow): boolean {
  const entry = entriesOf(doc).get(officeEntryKey(after.directoryOrigin, after.actorId));
  if (!entry) return false;
  let changed = false;
  doc.transact(() => {
    // A field the document already holds as `after` is left alone: the same edit may reach the
    // document twice (the page going away wrote it, and the queued write read the row before that).
    for (const field of ['rating', 'status'] as const) {
      if (after[field] !== before[field] && after[field] !== entry.get(field)) {
        entry.set(field, after[field]);
        changed = true;
      }
    }
    for (const field of labelSetFieldNames) if (editLabelSet(entry, field, before[field], after[field])) changed = true;
    const note = entry.get('note');
    if (after.note !== before.note && note instanceof Y.Text && note.toString() !== after.note) {
      editText(note, before.note, after.note);
      changed = true;
    }
  });
  return changed;
}
