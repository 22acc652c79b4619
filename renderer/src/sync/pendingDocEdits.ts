/**
 * Edits the page wrote as rows only while it went away (db/shortlistDb.ts PendingDocEditRow): the
 * list's document was not loaded yet, so its change could not be made. The document is the list's
 * truth (a shared list's rows are written from it, and the office gets only what it holds), so
 * such an edit is carried into it as soon as the document can be loaded: at the next start, or
 * once the open list's document is loaded. Carried as the user's edit (`before` → `after`, a note as
 * its smallest edit, so a colleague's note typed meanwhile stays), then the row is written as the
 * document says it and the pending record deleted, all in one transaction. A member's own comment
 * the journal held at the start (db/typedEdits.ts replayTypedEdits) waits here too, and is written
 * into its list's document as the comment field writes it (sync/officeAnnotations.ts).
 */
import type * as Y from 'yjs';
import type { PendingDocEditRow, ShortlistDb, ShortlistEntryRow } from '../db/shortlistDb.ts';
import { editInDoc, rowAsDocSays } from './listDocEdits.ts';
import { writeComment } from './officeAnnotations.ts';

/** What the page going away must keep for the lists whose documents it cannot change: each row with the entry as it was shown. */
export function pendingEditsOf(rows: readonly (ShortlistEntryRow & { id: number })[], shown: ReadonlyMap<number, ShortlistEntryRow>): PendingDocEditRow[] {
  return rows.flatMap((after) => {
    const before = shown.get(after.id);
    return before ? [{ shortlistId: after.shortlistId, before: { ...before }, after }] : [];
  });
}

/** The lists with edits waiting for their documents. */
export async function listsWithPendingEdits(db: ShortlistDb, listIds?: readonly number[]): Promise<number[]> {
  const lists = (await db.pendingDocEdits.orderBy('shortlistId').uniqueKeys()) as number[];
  return listIds ? lists.filter((id) => listIds.includes(id)) : lists;
}

/**
 * Carries the pending edits of `docs`' lists into them (call inside a writeShortlists transaction,
 * with the documents loaded). A pending edit of a list that is gone, or whose entry is gone, is dropped.
 */
export async function carryPendingEdits(db: ShortlistDb, docs: ReadonlyMap<number, Y.Doc>, listIds: readonly number[]): Promise<void> {
  const records = await db.pendingDocEdits.where('shortlistId').anyOf([...listIds]).toArray();
  for (const record of records) {
    const doc = docs.get(record.shortlistId);
    if ('comment' in record) {
      if (doc) writeComment(doc, record.comment.entryKey, record.comment.memberId, record.comment.text);
      continue;
    }
    const { before, after } = record;
    const row = after.id === undefined ? undefined : await db.entries.get(after.id);
    if (!doc || !row) continue;
    editInDoc(doc, [{ before, after }]);
    await db.entries.put(rowAsDocSays(doc, row));
  }
  await db.pendingDocEdits.bulkDelete(records.map((record) => record.id!));
}
