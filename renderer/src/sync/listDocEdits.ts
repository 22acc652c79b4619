/**
 * The user's changes to a list, written into its Yjs document (sync/officeListDoc.ts shape) by the
 * shortlists store in the same IndexedDB transaction as the rows (stores/shortlists.ts). Each
 * function touches only the entries it is given (a keystroke is O(changed entries), not O(list))
 * and runs in one Yjs transaction with origin `localEdit`, so a shared list's attachment
 * (sync/officeListAttachment.ts) knows the rows already say it. A removed entry is only marked
 * `deleted` (a colleague's concurrent note stays); undo marks it live again.
 */
import * as Y from 'yjs';
import { labelSetFieldNames, metaKey, officeColoursSchema, officeTagsSchema } from '../../../contract/officeList.ts';
import type { ShortlistEntryRow, ShortlistRow } from '../db/shortlistDb.ts';
import { shortlistColours, shortlistStatuses, type ShortlistColour, type ShortlistStatus } from '../shortlists/shortlistOptions.ts';
import { entriesOf, labelItems, officeEntryKey, writeEntry, writeListIntoDoc } from '../db/listDocShape.ts';
import { editEntry, editLabelSet } from './officeLocalEdits.ts';
import { positionBetween } from './officePositions.ts';
import { readListDoc } from './officeListDoc.ts';

/** The origin of every change the user makes here (as opposed to the office's, or y-dexie's loading). */
export const localEdit = Symbol('localEdit');

const keyOf = (row: Pick<ShortlistEntryRow, 'directoryOrigin' | 'actorId'>) => officeEntryKey(row.directoryOrigin, row.actorId);

/** A new list's document: its name and entries in their order. */
export function newListDoc(list: Pick<ShortlistRow, 'name'>, rows: readonly ShortlistEntryRow[] = []): Y.Doc {
  const doc = new Y.Doc();
  writeListIntoDoc(doc, list, rows);
  return doc;
}

export function renameInDoc(doc: Y.Doc, name: string): void {
  doc.transact(() => {
    if (doc.getMap(metaKey).get('name') !== name) doc.getMap(metaKey).set('name', name);
  }, localEdit);
}

/** The highest position among live entries (one pass over the keys' positions, no sorting). */
function lastPosition(doc: Y.Doc): string | null {
  let last: string | null = null;
  for (const entry of entriesOf(doc).values()) {
    if (!(entry instanceof Y.Map) || entry.get('deleted') === true) continue;
    const position = entry.get('position');
    if (typeof position === 'string' && (last === null || position > last)) last = position;
  }
  return last;
}

/** New entries at the end, in the rows' order; an actor whose entry was deleted gets a fresh one (a new add, not an undo). */
export function addToDoc(doc: Y.Doc, rows: readonly ShortlistEntryRow[]): void {
  if (rows.length === 0) return;
  doc.transact(() => {
    let last = lastPosition(doc);
    for (const row of [...rows].sort((a, b) => a.position - b.position)) {
      last = positionBetween(last, null);
      writeEntry(doc, row, last);
    }
  }, localEdit);
}

/** What the user changed in each entry (`before` → `after`): only those fields; a note as its smallest edit. */
export function editInDoc(doc: Y.Doc, changes: readonly { before: ShortlistEntryRow; after: ShortlistEntryRow }[]): void {
  if (changes.length === 0) return;
  doc.transact(() => {
    for (const { before, after } of changes) editEntry(doc, before, after);
  }, localEdit);
}

/**
 * Makes the entries say what the rows held in memory say in the fields each was edited in
 * (`edited`), each field compared with the document itself (a note edited from the document's
 * text): for a write whose stored "before" may lag behind the document, as the page going away
 * writes what the store holds in memory. Only the edited fields: the rest of a row held in memory
 * may be older than the document (a colleague's rating the rows have not shown yet), and must not
 * take it back. Colours and tags go in as what changed from the row as shown (`before`) to the
 * row as edited (`after`), so a colleague's label the rows have not shown stays. Returns the
 * change (V2 update, null when none) for the caller to store: made with y-dexie's own provider as
 * `origin`, y-dexie does not store it again (a Dexie write the page may not live to finish).
 */
export function rowsOverDoc(
  doc: Y.Doc,
  changes: readonly { before: ShortlistEntryRow; after: ShortlistEntryRow }[],
  edited: (row: ShortlistEntryRow) => ReadonlySet<string>,
  origin: unknown,
): Uint8Array | null {
  let update: Uint8Array | null = null;
  const keep = (u: Uint8Array, from: unknown) => {
    if (from === origin) update = update ? Y.mergeUpdatesV2([update, u]) : u;
  };
  doc.on('updateV2', keep);
  try {
    doc.transact(() => {
      for (const { before, after: row } of changes) {
        const entry = entriesOf(doc).get(keyOf(row));
        if (!(entry instanceof Y.Map)) continue;
        const fields = edited(row);
        for (const field of ['rating', 'status'] as const) if (fields.has(field) && entry.get(field) !== row[field]) entry.set(field, row[field]);
        for (const field of labelSetFieldNames) if (fields.has(field)) editLabelSet(entry, field, before[field], row[field]);
        const note = entry.get('note');
        if (fields.has('note') && note instanceof Y.Text && note.toString() !== row.note) editEntry(doc, { ...row, note: note.toString() }, row);
      }
    }, origin);
  } finally {
    doc.off('updateV2', keep);
  }
  return update;
}

/** Marks the rows' entries deleted (a colleague's note on them stays). */
export function deleteInDoc(doc: Y.Doc, rows: readonly ShortlistEntryRow[]): void {
  doc.transact(() => {
    for (const row of rows) {
      const entry = entriesOf(doc).get(keyOf(row));
      if (entry instanceof Y.Map && entry.get('deleted') !== true) entry.set('deleted', true);
    }
  }, localEdit);
}

/**
 * Undo of a removal: each entry live again where it was, with what the document holds (a
 * colleague's note typed meanwhile too); an entry the document lacks goes in from its row, at the
 * end. Returns the rows as the document now says them, to be written.
 */
export function restoreInDoc(doc: Y.Doc, rows: readonly ShortlistEntryRow[]): ShortlistEntryRow[] {
  const missing: ShortlistEntryRow[] = [];
  doc.transact(() => {
    for (const row of rows) {
      const entry = entriesOf(doc).get(keyOf(row));
      if (entry instanceof Y.Map) {
        if (entry.get('deleted') !== false) entry.set('deleted', false);
      } else missing.push(row);
    }
  }, localEdit);
  addToDoc(doc, missing);
  return rows.map((row) => rowAsDocSays(doc, row));
}

/** `row` with the fields its entry in `doc` holds (a colleague's note too); the row as it is where the document lacks the entry. */
export function rowAsDocSays<Row extends ShortlistEntryRow>(doc: Y.Doc, row: Row): Row {
  const entry = entriesOf(doc).get(keyOf(row));
  const note = entry?.get('note');
  const rating = entry?.get('rating');
  const status = entry?.get('status');
  const colours = entry instanceof Y.Map ? labelItems(entry, 'colours') : undefined;
  const tags = entry instanceof Y.Map ? labelItems(entry, 'tags') : undefined;
  return {
    ...row,
    ...(note instanceof Y.Text ? { note: note.toString() } : {}),
    ...(rating === null || typeof rating === 'number' ? { rating } : {}),
    ...(typeof status === 'string' && (shortlistStatuses as readonly string[]).includes(status) ? { status: status as ShortlistStatus } : {}),
    ...(colours ? { colours: officeColoursSchema.parse(colours).filter((colour): colour is ShortlistColour => (shortlistColours as readonly string[]).includes(colour)) } : {}),
    ...(tags ? { tags: officeTagsSchema.parse(tags) } : {}),
  };
}

/**
 * The first live position above `position` (other than entry `key`'s own): where an entry goes
 * when a colleague's move put its neighbours out of order or on one position (O(list), that case only).
 */
function nextAfter(doc: Y.Doc, position: string, key: string): string | null {
  return readListDoc(doc).entries.find((entry) => entry.key !== key && entry.position > position)?.position ?? null;
}

/**
 * An entry moved between two neighbours (null: the start or the end). Only its `position` changes,
 * so a colleague's concurrent move of another entry is kept and two moves of the same entry end
 * with one of them, never a copy.
 */
export function moveInDoc(doc: Y.Doc, row: ShortlistEntryRow, before: ShortlistEntryRow | null, after: ShortlistEntryRow | null): void {
  const positionOf = (neighbour: ShortlistEntryRow | null) => {
    const position = neighbour ? entriesOf(doc).get(keyOf(neighbour))?.get('position') : null;
    return typeof position === 'string' ? position : null;
  };
  const key = keyOf(row);
  doc.transact(() => {
    const low = positionOf(before);
    let high = positionOf(after);
    if (low !== null && high !== null && low === high) {
      // Two members moved entries into the same gap at once (the key orders them): the one after
      // gets a place of its own, so the moved one fits between.
      high = positionBetween(low, nextAfter(doc, low, key));
      entriesOf(doc).get(keyOf(after!))!.set('position', high);
    } else if (low !== null && high !== null && low > high) {
      // A colleague's move put the neighbours out of order: the entry goes right after the one before.
      high = nextAfter(doc, low, key);
    }
    entriesOf(doc).get(key)?.set('position', positionBetween(low, high));
  }, localEdit);
}

/** A backup's list replacing what the document holds: every entry it had is deleted, the backup's go in, in their order. */
export function replaceInDoc(doc: Y.Doc, list: Pick<ShortlistRow, 'name'>, rows: readonly ShortlistEntryRow[]): void {
  doc.transact(() => {
    for (const entry of entriesOf(doc).values()) if (entry instanceof Y.Map && entry.get('deleted') !== true) entry.set('deleted', true);
    writeListIntoDoc(doc, list, rows);
  }, localEdit);
}
