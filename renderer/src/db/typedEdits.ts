/**
 * The keystrokes' journal: every edit of an entry (a note's keystroke, a rating, a tag) is put here
 * in the moment it is made, one small IndexedDB request in a transaction of its own, before the
 * shortlists store writes it into the entry's row and its list's document; and so is every
 * keystroke of a member's own comment on an entry of a shared list, before the office lists store
 * writes it into the list's document (its only home: `typedComments`, keyed as the document names it).
 *
 * Why: the store's write is a Dexie transaction over the rows and y-dexie's updates that waits for
 * the write before it and takes several turns of the page's event loop. On a busy machine, or in a
 * library of 100,000 entries, a note typed 200 ms before the browser was killed (SIGKILL: no
 * pagehide, no unload) lost its last words, because they were still queued in memory. This table is
 * in no other write's scope, so IndexedDB runs its transaction at once, beside whatever holds the
 * rows and the documents' updates; its requests are issued before the keystroke's event handler
 * returns (or, while a journal transaction is on its way, as soon as it ends) and it commits without
 * waiting for the page again. A comment's write waits like a note's: it is a change of the list's
 * document, whose updates every write of the list's entries holds too.
 *
 * A record is forgotten once the store's write holding it has committed. What is left at the next
 * start was typed but never stored: `replayTypedEdits` writes it into the rows, and into the lists'
 * documents through `pendingDocEdits` (sync/pendingDocEdits.ts), as the page going away does; a
 * comment goes into its list's document the same way.
 */
import { typedCommentsTable, typedEditsTable, type PendingDocCommentRow, type PendingDocEditRow, type ShortlistDb, type ShortlistEntryRow } from './shortlistDb.ts';
import { writeLibrary } from './libraryDb.ts';

/** The fields of an entry a user edits in place. */
const entryFieldNames = ['note', 'rating', 'colours', 'tags', 'status'] as const;
export type EntryFields = Partial<Pick<ShortlistEntryRow, (typeof entryFieldNames)[number]>>;

/**
 * One edit as typed: `fields` holds everything of the entry not known to be stored when it was
 * made (later records of the entry repeat the earlier ones' fields), keyed `[entryId+seq]`.
 */
export interface TypedEditRow {
  entryId: number;
  /** Increases with every edit, across starts too (milliseconds since 1970 at least). */
  seq: number;
  fields: EntryFields;
}

/**
 * A member's own comment on an entry of a shared list as typed (sync/officeAnnotations.ts): its
 * whole text (empty: the comment taken away), keyed `[shortlistId+entryKey+memberId+seq]`. A
 * comment has no row, only its place in the list's document, so it is named as the document names it.
 */
export interface TypedCommentRow {
  shortlistId: number;
  /** The entry's key in the list's document (db/listDocShape.ts officeEntryKey). */
  entryKey: string;
  memberId: string;
  /** As TypedEditRow's (nextTypedSeq). */
  seq: number;
  text: string;
}

/** Which comment: one member's, on one entry of one list. */
export type TypedCommentKey = Pick<TypedCommentRow, 'shortlistId' | 'entryKey' | 'memberId'>;

/** A record on its way into the journal, with its table. */
type JournalRecord = { table: typeof typedEditsTable; row: TypedEditRow } | { table: typeof typedCommentsTable; row: TypedCommentRow };

/** Per database: whether a journal transaction is on its way, and the records waiting for it to end. */
interface JournalQueue {
  busy: boolean;
  waiting: JournalRecord[];
}
const journalQueues = new WeakMap<ShortlistDb, JournalQueue>();

let lastSeq = 0;

/** A new record's seq: above every earlier one of this page, and never below the clock, so it keeps increasing across starts. */
export function nextTypedSeq(): number {
  lastSeq = Math.max(lastSeq + 1, Date.now());
  return lastSeq;
}

/**
 * Puts `edit` into the journal: at once, its request issued before this returns, when no journal
 * transaction is on its way; otherwise together with the others that wait, as soon as that one
 * ends. One transaction a keystroke queued them behind each other: on a loaded machine the last
 * keystrokes' transactions still waited 200 ms later, when the browser was killed (the note lost
 * its last word); now the last keystroke waits for one transaction at most. Never throws: the
 * store's own write follows whatever happens here.
 */
export function journalTypedEdit(db: ShortlistDb, edit: TypedEditRow): void {
  journal(db, { table: typedEditsTable, row: edit });
}

/**
 * Puts a keystroke of a member's own comment into the journal, as journalTypedEdit does an entry's
 * edit (and in the same transactions): the comment's write into its list's document waits behind
 * any write of the list's rows and document on its way, which a long write can hold for seconds.
 */
export function journalTypedComment(db: ShortlistDb, comment: TypedCommentRow): void {
  journal(db, { table: typedCommentsTable, row: comment });
}

function journal(db: ShortlistDb, record: JournalRecord): void {
  let queue = journalQueues.get(db);
  if (!queue) {
    queue = { busy: false, waiting: [] };
    journalQueues.set(db, queue);
  }
  if (queue.busy) queue.waiting.push(record);
  else writeJournal(db, queue, [record]);
}

/** One journal transaction with `records`, committed at once; when it ends, the records that waited go in the next. */
function writeJournal(db: ShortlistDb, queue: JournalQueue, records: readonly JournalRecord[]): void {
  try {
    if (!db.isOpen()) return;
    const transaction = db.backendDB().transaction([...new Set(records.map((record) => record.table))], 'readwrite', { durability: 'relaxed' });
    for (const { table, row } of records) transaction.objectStore(table).put(row);
    queue.busy = true;
    let ended = false;
    const next = () => {
      if (ended) return;
      ended = true;
      queue.busy = false;
      const waiting = queue.waiting.splice(0);
      if (waiting.length > 0) writeJournal(db, queue, waiting);
    };
    transaction.addEventListener('complete', next);
    transaction.addEventListener('abort', next);
    transaction.commit();
  } catch (failure) {
    queue.busy = false;
    console.warn('The edit could not be journaled; it is written as usual.', failure);
  }
}

/** Forgets entry `entryId`'s edits up to `seq` (stored now): one request, no read, so a keystroke's put never waits for it. */
export function forgetTypedEdits(db: ShortlistDb, entryId: number, seq: number): void {
  // A record still waiting to be put is stored already too: put after this, it would outlive it.
  const queue = journalQueues.get(db);
  if (queue) queue.waiting = queue.waiting.filter(({ table, row }) => table !== typedEditsTable || row.entryId !== entryId || row.seq > seq);
  try {
    if (!db.isOpen()) return;
    const transaction = db.backendDB().transaction([typedEditsTable], 'readwrite');
    transaction.objectStore(typedEditsTable).delete(IDBKeyRange.bound([entryId, -Infinity], [entryId, seq]));
    transaction.commit();
  } catch (failure) {
    console.warn('A stored edit stays in the journal; the next start finds it stored already.', failure);
  }
}

/** Forgets comment `comment`'s records up to `seq` (stored now in its list's document), as forgetTypedEdits does an entry's. */
export function forgetTypedComment(db: ShortlistDb, comment: TypedCommentKey, seq: number): void {
  const queue = journalQueues.get(db);
  if (queue) queue.waiting = queue.waiting.filter(({ table, row }) => table !== typedCommentsTable || !sameComment(row, comment) || row.seq > seq);
  try {
    if (!db.isOpen()) return;
    const { shortlistId, entryKey, memberId } = comment;
    const transaction = db.backendDB().transaction([typedCommentsTable], 'readwrite');
    transaction.objectStore(typedCommentsTable).delete(IDBKeyRange.bound([shortlistId, entryKey, memberId, -Infinity], [shortlistId, entryKey, memberId, seq]));
    transaction.commit();
  } catch (failure) {
    console.warn('A stored comment stays in the journal; the next start finds it stored already.', failure);
  }
}

function sameComment(a: TypedCommentKey, b: TypedCommentKey): boolean {
  return a.shortlistId === b.shortlistId && a.entryKey === b.entryKey && a.memberId === b.memberId;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A record's editable fields; anything else a damaged record holds (another key, no object at all) is none. */
function editableFields(record: unknown): EntryFields {
  const fields = (record as { fields?: unknown } | null)?.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(entryFieldNames.filter((name) => name in fields).map((name) => [name, (fields as EntryFields)[name]]));
}

/** A comment record's key and text; none for a damaged record (a field missing or of another kind). */
function commentOf(record: unknown): PendingDocCommentRow | null {
  const { shortlistId, entryKey, memberId, text } = (record ?? {}) as Partial<TypedCommentRow>;
  if (typeof shortlistId !== 'number' || typeof entryKey !== 'string' || typeof memberId !== 'string' || typeof text !== 'string') return null;
  return { shortlistId, comment: { entryKey, memberId, text } };
}

/**
 * Writes what the journal holds and the rows lack (typed, never stored: the page was killed) into
 * the rows, with a pending edit per entry for its list's document, and each member's last comment
 * as typed as a pending edit of its list's document (the document ignores one it holds already);
 * then empties the journal, all in one transaction. A field the row already says is left alone
 * (stored after all, or by the page going away); an entry that is gone is dropped, and so is a
 * comment whose entry or list the document no longer has, when it is carried. Returns how many
 * entries and comments it carries.
 */
export async function replayTypedEdits(db: ShortlistDb): Promise<number> {
  const journal = db.table<TypedEditRow, [number, number]>(typedEditsTable);
  const comments = db.table<TypedCommentRow, [number, string, string, number]>(typedCommentsTable);
  return writeLibrary(db, [db.entries, db.pendingDocEdits, journal, comments], async () => {
    // In key order: per entry (per comment), oldest first, so a later edit of a field (a later text) wins.
    const [edits, typedComments] = await Promise.all([journal.toArray(), comments.toArray()]);
    if (edits.length === 0 && typedComments.length === 0) return 0;
    const typed = new Map<number, EntryFields>();
    // A damaged record changes nothing (the others go on): only an entry's editable fields are written.
    for (const edit of edits) typed.set(edit.entryId, { ...typed.get(edit.entryId), ...editableFields(edit) });
    const ids = [...typed.keys()];
    const rows = await db.entries.bulkGet(ids);
    const at = new Date().toISOString();
    const written: ShortlistEntryRow[] = [];
    const pending: (PendingDocEditRow | PendingDocCommentRow)[] = [];
    for (const [i, row] of rows.entries()) {
      if (!row) continue;
      const fields = typed.get(ids[i]!)!;
      const missing = Object.fromEntries(Object.entries(fields).filter(([key, value]) => !sameValue(row[key as keyof EntryFields], value)));
      if (Object.keys(missing).length === 0) continue;
      const after = { ...row, ...missing, updatedAt: at };
      written.push(after);
      pending.push({ shortlistId: row.shortlistId, before: row, after });
    }
    const lastComments = new Map<string, PendingDocCommentRow>();
    for (const record of typedComments) {
      const comment = commentOf(record);
      if (comment) lastComments.set(JSON.stringify([comment.shortlistId, comment.comment.entryKey, comment.comment.memberId]), comment);
    }
    pending.push(...lastComments.values());
    await db.entries.bulkPut(written);
    await db.pendingDocEdits.bulkAdd(pending);
    await journal.clear();
    await comments.clear();
    return written.length + lastComments.size;
  });
}
