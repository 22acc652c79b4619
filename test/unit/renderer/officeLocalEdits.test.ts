/**
 * The one write path's document edits (sync/listDocEdits.ts, as the shortlists store calls them):
 * an entry's edit goes in without undoing a colleague's change the rows have not shown yet, and a
 * note typed by both merges; a removal marks the entry deleted; an undo revives it where it was
 * with every field it had, while the actor added again comes at the end with fresh fields.
 */
import { expect, it } from 'vitest';
import * as Y from 'yjs';
import type { ShortlistEntryRow } from '../../../renderer/src/db/shortlistDb.ts';
import { addToDoc, deleteInDoc, editInDoc, restoreInDoc, rowsOverDoc } from '../../../renderer/src/sync/listDocEdits.ts';
import { nameOnlySnapshot, personalRowsFromDoc, readListDoc } from '../../../renderer/src/sync/officeListDoc.ts';
import { entriesOf, officeEntryKey, writeListIntoDoc } from '../../../renderer/src/db/listDocShape.ts';

const origin = 'https://d.example';
const at = '2026-01-01T00:00:00.000Z';
function row(actorId: number, fields: Partial<ShortlistEntryRow> = {}): ShortlistEntryRow {
  return { shortlistId: 1, directoryOrigin: origin, actorId, position: actorId, note: 'Reading went well', rating: 3, colours: [], tags: [], status: 'considering', addedAt: at, updatedAt: at, snapshot: nameOnlySnapshot(`A${actorId}`), ...fields };
}

it('only what the user changed goes in; a colleague change and a colleague note survive', () => {
  const doc = new Y.Doc();
  writeListIntoDoc(doc, { name: 'L' }, [row(1), row(2)]);
  const [one] = personalRowsFromDoc(doc, 1, [], at);
  // A colleague changed entry 2's rating and typed in entry 1's note; the rows do not show it yet.
  const key1 = officeEntryKey(origin, 1);
  entriesOf(doc).get(officeEntryKey(origin, 2))!.set('rating', 5);
  (entriesOf(doc).get(key1)!.get('note') as Y.Text).insert(0, '[Ben] ');
  // The user edits entry 1 in the list view: a word typed at the end, a colour, a status.
  editInDoc(doc, [{ before: one, after: { ...one, note: 'Reading went well, callback', colours: ['red'], status: 'callback' } }]);
  const view = readListDoc(doc);
  expect(view.entries.find((entry) => entry.key === key1)).toMatchObject({ note: '[Ben] Reading went well, callback', colours: ['red'], status: 'callback', rating: 3 });
  expect(view.entries.find((entry) => entry.actor.id === 2)!.rating).toBe(5);
});

it('the page going away writes the rows it holds over the document in their edited fields only: a colleague\'s rating the rows lag behind stays', () => {
  const doc = new Y.Doc();
  writeListIntoDoc(doc, { name: 'L' }, [row(1)]);
  const [held] = personalRowsFromDoc(doc, 1, [], at);
  // A colleague's rating and tag reached the document; the row the store holds does not show them.
  const entry = entriesOf(doc).get(officeEntryKey(origin, 1))!;
  entry.set('rating', 5);
  entry.set('tags', ['lead']);
  const provider = Symbol('y-dexie');
  const kept: Uint8Array[] = [];
  doc.on('updateV2', (update: Uint8Array, from: unknown) => from === provider && kept.push(update));
  const update = rowsOverDoc(doc, [{ before: held, after: { ...held, note: 'Reading went well, callback' } }], () => new Set(['note']), provider);
  expect(readListDoc(doc).entries[0]).toMatchObject({ note: 'Reading went well, callback', rating: 5, tags: ['lead'] });
  // The change is handed back for the caller to store (y-dexie, its origin, stores nothing of it).
  expect(update).not.toBeNull();
  expect(kept).toHaveLength(1);
});

it('an edit that changes nothing writes nothing; a removal marks its entry deleted', () => {
  const doc = new Y.Doc();
  writeListIntoDoc(doc, { name: 'L' }, [row(1), row(2)]);
  const rows = personalRowsFromDoc(doc, 1, [], at);
  const updates: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => updates.push(update));
  editInDoc(doc, [{ before: rows[0], after: { ...rows[0] } }]);
  expect(updates).toEqual([]);
  deleteInDoc(doc, [rows[1]]);
  expect(entriesOf(doc).get(officeEntryKey(origin, 2))!.get('deleted')).toBe(true);
  expect(readListDoc(doc).entries.map((entry) => entry.actor.id)).toEqual([1]);
});

it('an actor added joins the document at the end', () => {
  const doc = new Y.Doc();
  writeListIntoDoc(doc, { name: 'L' }, [row(1)]);
  addToDoc(doc, [row(9, { note: 'new face' })]);
  expect(readListDoc(doc).entries.map((entry) => [entry.actor.id, entry.note])).toEqual([
    [1, 'Reading went well'],
    [9, 'new face'],
  ]);
});

it('undo of a removal revives the entry in place with every field; the actor added again comes at the end with fresh fields', () => {
  const doc = new Y.Doc();
  writeListIntoDoc(doc, { name: 'L' }, [row(1), row(2, { note: 'Old note', rating: 5, tags: ['dancer'] }), row(3)]);
  const rows = personalRowsFromDoc(doc, 1, [], at);
  deleteInDoc(doc, [rows[1]]);
  expect(readListDoc(doc).entries.map((entry) => entry.actor.id)).toEqual([1, 3]);

  // Undo (the store's undo; tried on a copy, the add below goes on `doc`).
  const undoDoc = new Y.Doc();
  Y.applyUpdate(undoDoc, Y.encodeStateAsUpdate(doc));
  expect(restoreInDoc(undoDoc, [rows[1]]).map((restored) => [restored.actorId, restored.note, restored.rating, restored.tags])).toEqual([[2, 'Old note', 5, ['dancer']]]);
  expect(readListDoc(undoDoc).entries.map((entry) => [entry.actor.id, entry.note, entry.rating, entry.tags])).toEqual([
    [1, 'Reading went well', 3, []],
    [2, 'Old note', 5, ['dancer']],
    [3, 'Reading went well', 3, []],
  ]);

  // Added again ("Add to shortlist", the store's addActors): a new entry with fresh fields.
  addToDoc(doc, [row(2, { position: 4, note: '', rating: null, tags: [] })]);
  expect(readListDoc(doc).entries.map((entry) => [entry.actor.id, entry.note, entry.rating, entry.tags])).toEqual([
    [1, 'Reading went well', 3, []],
    [3, 'Reading went well', 3, []],
    [2, '', null, []],
  ]);
  expect(entriesOf(doc).size).toBe(3);
});

it('the same edit reaching the document twice (the page going away wrote it, a queued write read the row before) changes it once', () => {
  const doc = new Y.Doc();
  writeListIntoDoc(doc, { name: 'L' }, [row(1)]);
  const [one] = personalRowsFromDoc(doc, 1, [], at);
  const typed = { ...one, note: 'Reading went well, callback', rating: 4 };
  editInDoc(doc, [{ before: one, after: typed }]);
  editInDoc(doc, [{ before: one, after: typed }]);
  expect(readListDoc(doc).entries[0]).toMatchObject({ note: 'Reading went well, callback', rating: 4 });
});
