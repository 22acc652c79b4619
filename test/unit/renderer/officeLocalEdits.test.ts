/**
 * A list-view edit on a shared list reaches its document without undoing a colleague's change the
 * rows have not shown yet; a note typed by both merges.
 */
import { expect, it } from 'vitest';
import * as Y from 'yjs';
import type { ShortlistEntryRow } from '../../../renderer/src/db/shortlistDb.ts';
import { baseOf, writeLocalEdits } from '../../../renderer/src/sync/officeLocalEdits.ts';
import { entriesOf, nameOnlySnapshot, officeEntryKey, personalRowsFromDoc, readListDoc, writeListIntoDoc } from '../../../renderer/src/sync/officeListDoc.ts';

const origin = 'https://d.example';
const at = '2026-01-01T00:00:00.000Z';
function row(actorId: number, fields: Partial<ShortlistEntryRow> = {}): ShortlistEntryRow {
  return { shortlistId: 1, directoryOrigin: origin, actorId, position: actorId, note: 'Reading went well', rating: 3, colours: [], tags: [], status: 'considering', addedAt: at, updatedAt: at, snapshot: nameOnlySnapshot(`A${actorId}`), ...fields };
}

it('only what the user changed goes in; a colleague change and a colleague note survive', () => {
  const doc = new Y.Doc();
  writeListIntoDoc(doc, { name: 'L' }, [row(1), row(2)]);
  const base = baseOf(personalRowsFromDoc(doc, 1, [], at));
  // A colleague changed entry 2's rating and typed in entry 1's note; the rows do not show it yet.
  const key1 = officeEntryKey(origin, 1);
  entriesOf(doc).get(officeEntryKey(origin, 2))!.set('rating', 5);
  (entriesOf(doc).get(key1)!.get('note') as Y.Text).insert(0, '[Ben] ');
  // The user edits entry 1 in the list view: a word typed at the end, a colour, a status.
  const edited = [row(1, { note: 'Reading went well, callback', colours: ['red'], status: 'callback' }), row(2)];
  expect(writeLocalEdits(doc, base, edited)).toBe(true);
  const view = readListDoc(doc);
  expect(view.entries.find((entry) => entry.key === key1)).toMatchObject({ note: '[Ben] Reading went well, callback', colours: ['red'], status: 'callback', rating: 3 });
  expect(view.entries.find((entry) => entry.actor.id === 2)!.rating).toBe(5);
});

it('a row removed in the list view marks its entry deleted; nothing changed writes nothing', () => {
  const doc = new Y.Doc();
  writeListIntoDoc(doc, { name: 'L' }, [row(1), row(2)]);
  const rows = personalRowsFromDoc(doc, 1, [], at);
  const base = baseOf(rows);
  expect(writeLocalEdits(doc, base, rows)).toBe(false);
  expect(writeLocalEdits(doc, base, [rows[0]])).toBe(true);
  expect(entriesOf(doc).get(officeEntryKey(origin, 2))!.get('deleted')).toBe(true);
  expect(readListDoc(doc).entries.map((entry) => entry.actor.id)).toEqual([1]);
});

it('an actor added in the list view joins the document at the end', () => {
  const doc = new Y.Doc();
  writeListIntoDoc(doc, { name: 'L' }, [row(1)]);
  const rows = personalRowsFromDoc(doc, 1, [], at);
  expect(writeLocalEdits(doc, baseOf(rows), [...rows, row(9, { note: 'new face' })])).toBe(true);
  expect(readListDoc(doc).entries.map((entry) => [entry.actor.id, entry.note])).toEqual([
    [1, 'Reading went well'],
    [9, 'new face'],
  ]);
});

it('a deleted entry\'s row put back by undo revives the entry in place; the actor added again comes at the end with fresh fields', () => {
  const doc = new Y.Doc();
  writeListIntoDoc(doc, { name: 'L' }, [row(1), row(2, { note: 'Old note', rating: 5, tags: ['dancer'] }), row(3)]);
  const rows = personalRowsFromDoc(doc, 1, [], at).map((entry, index) => ({ ...entry, id: index + 1 }));
  const withoutTwo = rows.filter((entry) => entry.actorId !== 2);
  writeLocalEdits(doc, baseOf(rows), withoutTwo);
  expect(readListDoc(doc).entries.map((entry) => entry.actor.id)).toEqual([1, 3]);

  // Undo: the store puts the same row back, marked (tried on a copy; the add below goes on `doc`).
  const undoDoc = new Y.Doc();
  Y.applyUpdate(undoDoc, Y.encodeStateAsUpdate(doc));
  expect(writeLocalEdits(undoDoc, baseOf(withoutTwo), [...withoutTwo, { ...rows[1], restoredByUndo: true }])).toBe(true);
  expect(readListDoc(undoDoc).entries.map((entry) => [entry.actor.id, entry.note, entry.rating, entry.tags])).toEqual([
    [1, 'Reading went well', 3, []],
    [2, 'Old note', 5, ['dancer']],
    [3, 'Reading went well', 3, []],
  ]);

  // Added again ("Add to shortlist"): a new row, not marked, with fresh fields.
  const fresh = row(2, { position: 4, note: '', rating: null, tags: [], snapshot: nameOnlySnapshot('A2') });
  expect(writeLocalEdits(doc, baseOf(withoutTwo), [...withoutTwo, fresh])).toBe(true);
  expect(readListDoc(doc).entries.map((entry) => [entry.actor.id, entry.note, entry.rating, entry.tags])).toEqual([
    [1, 'Reading went well', 3, []],
    [3, 'Reading went well', 3, []],
    [2, '', null, []],
  ]);
  expect(entriesOf(doc).size).toBe(3);
});
