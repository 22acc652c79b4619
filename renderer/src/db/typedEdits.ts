/**
 * The keystrokes' journal: every edit of an entry (a note's keystroke, a rating, a tag) is put here
 * in the moment it is made, one small IndexedDB request in a transaction of its own, before the
 * shortlists store writes it into the entry's row and its list's document.
 *
 * Why: the store's write is a Dexie transaction over the rows and y-dexie's updates that waits for
 * the write before it and takes several turns of the page's event loop. On a busy machine, or in a
 * library of 100,000 entries, a note typed 200 ms before the browser was killed (SIGKILL: no
 * pagehide, no unload) lost its last words, because they were still queued in memory. This table is
 * in no other write's scope, so IndexedDB runs its transaction at once, beside whatever holds the
 * rows; its requests are issued before the keystroke's event handler returns (or, while a journal
 * transaction is on its way, as soon as it ends) and it commits without waiting for the page again.
 *
 * A record is forgotten once the store's write holding it has committed. What is left at the next
 * start was typed but never stored: `replayTypedEdits` writes it into the rows, and into the lists'
 * documents through `pendingDocEdits` (sync/pendingDocEdits.ts), as the page going away does.
 */
import { typedEditsTable, type PendingDocEditRow, type ShortlistDb, type ShortlistEntryRow } from './shortlistDb.ts';
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

/** Per database: whether a journal transaction is on its way, and the records waiting for it to end. */
interface JournalQueue {
  busy: boolean;
  waiting: TypedEditRow[];
}
const journalQueues = new WeakMap<ShortlistDb, JournalQueue>();

/**
 * Puts `edit` into the journal: at once, its request issued before this returns, when no journal
 * transaction is on its way; otherwise together with the others that wait, as soon as that one
 * ends. One transaction a keystroke queued them behind each other: on a loaded machine the last
 * keystrokes' transactions still waited 200 ms later, when the browser was killed (the note lost
 * its last word); now the last keystroke waits for one transaction at most. Never throws: the
 * store's own write follows whatever happens here.
 */
export function journalTypedEdit(db: ShortlistDb, edit: TypedEditRow): void {
  let queue = journalQueues.get(db);
  if (!queue) {
    queue = { busy: false, waiting: [] };
    journalQueues.set(db, queue);
  }
  if (queue.busy) queue.waiting.push(edit);
  else writeJournal(db, queue, [edit]);
}

/** One journal transaction with `edits`, committed at once; when it ends, the edits that waited go in the next. */
function writeJournal(db: ShortlistDb, queue: JournalQueue, edits: readonly TypedEditRow[]): void {
  try {
    if (!db.isOpen()) return;
    const transaction = db.backendDB().transaction([typedEditsTable], 'readwrite', { durability: 'relaxed' });
    const store = transaction.objectStore(typedEditsTable);
    for (const edit of edits) store.put(edit);
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
  if (queue) queue.waiting = queue.waiting.filter((edit) => edit.entryId !== entryId || edit.seq > seq);
  try {
    if (!db.isOpen()) return;
    const transaction = db.backendDB().transaction([typedEditsTable], 'readwrite');
    transaction.objectStore(typedEditsTable).delete(IDBKeyRange.bound([entryId, -Infinity], [entryId, seq]));
    transaction.commit();
  } catch (failure) {
    console.warn('A stored edit stays in the journal; the next start finds it stored already.', failure);
  }
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

/**
 * Writes what the journal holds and the rows lack (typed, never stored: the page was killed) into
 * the rows, with a pending edit per entry for its list's document, and empties the journal, all in
 * one transaction. A field the row already says is left alone (stored after all, or by the page
 * going away); an entry that is gone is dropped. Returns how many entries it changed.
 */
export async function replayTypedEdits(db: ShortlistDb): Promise<number> {
  const journal = db.table<TypedEditRow, [number, number]>(typedEditsTable);
  return writeLibrary(db, [db.entries, db.pendingDocEdits, journal], async () => {
    // In key order: per entry, oldest first, so a later edit of a field wins.
    const edits = await journal.toArray();
    if (edits.length === 0) return 0;
    const typed = new Map<number, EntryFields>();
    // A damaged record changes nothing (the others go on): only an entry's editable fields are written.
    for (const edit of edits) typed.set(edit.entryId, { ...typed.get(edit.entryId), ...editableFields(edit) });
    const ids = [...typed.keys()];
    const rows = await db.entries.bulkGet(ids);
    const at = new Date().toISOString();
    const written: ShortlistEntryRow[] = [];
    const pending: PendingDocEditRow[] = [];
    for (const [i, row] of rows.entries()) {
      if (!row) continue;
      const fields = typed.get(ids[i]!)!;
      const missing = Object.fromEntries(Object.entries(fields).filter(([key, value]) => !sameValue(row[key as keyof EntryFields], value)));
      if (Object.keys(missing).length === 0) continue;
      const after = { ...row, ...missing, updatedAt: at };
      written.push(after);
      pending.push({ shortlistId: row.shortlistId, before: row, after });
    }
    await db.entries.bulkPut(written);
    await db.pendingDocEdits.bulkAdd(pending);
    await journal.clear();
    return written.length;
  });
}
