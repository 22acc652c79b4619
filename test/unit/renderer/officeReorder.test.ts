/**
 * A reorder made in the list view reaches a list's document as fractional positions (the
 * shortlists store's moveEntry calls moveInDoc with the entry's new neighbours): only the moved
 * entry's `position` changes, and two members reordering the same list at once converge on one
 * order with every entry once.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import * as Y from 'yjs';
import type { ShortlistEntryRow } from '../../../renderer/src/db/shortlistDb.ts';
import { deleteInDoc, moveInDoc, restoreInDoc } from '../../../renderer/src/sync/listDocEdits.ts';
import { nameOnlySnapshot, personalRowsFromDoc, readListDoc } from '../../../renderer/src/sync/officeListDoc.ts';
import { entriesOf, officeEntryKey, writeListIntoDoc } from '../../../renderer/src/db/listDocShape.ts';

const origin = 'https://d.example';
const at = '2026-01-01T00:00:00.000Z';
function row(actorId: number): ShortlistEntryRow {
  return { shortlistId: 1, directoryOrigin: origin, actorId, position: actorId, note: '', rating: null, colours: [], tags: [], status: 'considering', addedAt: at, updatedAt: at, snapshot: nameOnlySnapshot(`A${actorId}`) };
}

function sharedDoc(count: number): Y.Doc {
  const doc = new Y.Doc();
  writeListIntoDoc(doc, { name: 'L' }, Array.from({ length: count }, (_, index) => row(index + 1)));
  return doc;
}

const order = (doc: Y.Doc) => readListDoc(doc).entries.map((entry) => entry.actor.id);
const positions = (doc: Y.Doc) => new Map(readListDoc(doc).entries.map((entry) => [entry.actor.id, entry.position]));

/** One member's list view on `doc`: rows written from it, then the store's move of one entry to `toIndex`. */
function moveInListView(doc: Y.Doc, actorId: number, toIndex: number): void {
  const rows = personalRowsFromDoc(doc, 1, [], at);
  const others = rows.filter((candidate) => candidate.actorId !== actorId);
  moveInDoc(doc, rows.find((candidate) => candidate.actorId === actorId)!, others[toIndex - 1] ?? null, others[toIndex] ?? null);
}

function exchange(a: Y.Doc, b: Y.Doc): void {
  const fromA = Y.encodeStateAsUpdate(a, Y.encodeStateVector(b));
  const fromB = Y.encodeStateAsUpdate(b, Y.encodeStateVector(a));
  Y.applyUpdate(a, fromB);
  Y.applyUpdate(b, fromA);
}

it('a move in the list view changes the moved entry\'s position in the document, and only it', () => {
  const doc = sharedDoc(4);
  const before = positions(doc);
  moveInListView(doc, 4, 1);
  expect(order(doc)).toEqual([1, 4, 2, 3]);
  const after = positions(doc);
  for (const id of [1, 2, 3]) expect(after.get(id)).toBe(before.get(id));
  expect(after.get(4)).not.toBe(before.get(4));
  // Every entry once: a move never copies an entry.
  expect(entriesOf(doc).size).toBe(4);
});

it('two members moving different entries at once both keep their move; moving the same one ends with one place', () => {
  const lea = sharedDoc(5);
  const ben = new Y.Doc();
  Y.applyUpdate(ben, Y.encodeStateAsUpdate(lea));
  moveInListView(lea, 1, 4);
  moveInListView(ben, 5, 0);
  exchange(lea, ben);
  expect(order(lea)).toEqual(order(ben));
  expect(order(lea)).toEqual([5, 2, 3, 4, 1]);

  moveInListView(lea, 3, 0);
  moveInListView(ben, 3, 4);
  exchange(lea, ben);
  expect(order(lea)).toEqual(order(ben));
  expect([...order(lea)].sort()).toEqual([1, 2, 3, 4, 5]);
});

it('any moves by two members, exchanged in any order, converge on one order with every entry once', () => {
  const move = fc.record({ member: fc.integer({ min: 0, max: 1 }), actorId: fc.integer({ min: 1, max: 6 }), toIndex: fc.integer({ min: 0, max: 5 }), exchange: fc.boolean() });
  fc.assert(
    fc.property(fc.array(move, { maxLength: 20 }), (moves) => {
      const members = [sharedDoc(6), new Y.Doc()];
      Y.applyUpdate(members[1], Y.encodeStateAsUpdate(members[0]));
      for (const step of moves) {
        moveInListView(members[step.member], step.actorId, step.toIndex);
        // The member's own document shows the move at once, as their list view does.
        expect(order(members[step.member]).indexOf(step.actorId)).toBe(step.toIndex);
        if (step.exchange) exchange(members[0], members[1]);
      }
      exchange(members[0], members[1]);
      expect(order(members[0])).toEqual(order(members[1]));
      expect([...order(members[0])].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    }),
    { numRuns: 200 },
  );
});

it('undo of a delete brings the entry back as deleted: false, with a colleague\'s note typed meanwhile', () => {
  const lea = sharedDoc(3);
  const ben = new Y.Doc();
  Y.applyUpdate(ben, Y.encodeStateAsUpdate(lea));
  const rows = personalRowsFromDoc(lea, 1, [], at);
  // Lea removes entry 2 in her list view; Ben, not seeing it yet, types a note on it.
  deleteInDoc(lea, [rows[1]]);
  (entriesOf(ben).get(officeEntryKey(origin, 2))!.get('note') as Y.Text).insert(0, 'Ben: free in May');
  exchange(lea, ben);
  expect(order(lea)).toEqual([1, 3]);
  // Lea's undo (the shortlists store's undo) marks the entry live again.
  restoreInDoc(lea, [rows[1]]);
  exchange(lea, ben);
  const entry = entriesOf(ben).get(officeEntryKey(origin, 2))!;
  expect(entry.get('deleted')).toBe(false);
  expect(String(entry.get('note'))).toBe('Ben: free in May');
  expect(order(ben)).toEqual([1, 2, 3]);
  expect(order(lea)).toEqual([1, 2, 3]);
});
