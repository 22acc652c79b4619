/**
 * A personal list written into a shared document and read back keeps every field and its order;
 * only the actor's origin, id and name enter the document; an entry that does not fit the contract
 * is skipped without hiding the rest.
 */
import { expect, it } from 'vitest';
import * as Y from 'yjs';
import type { ShortlistEntryRow } from '../../../renderer/src/db/shortlistDb.ts';
import { nameOnlySnapshot, notInLibrarySnapshot, personalRowsFromDoc, readListDoc } from '../../../renderer/src/sync/officeListDoc.ts';
import { entriesOf, writeListIntoDoc } from '../../../renderer/src/db/listDocShape.ts';

function row(actorId: number, position: number, fields: Partial<ShortlistEntryRow> = {}): ShortlistEntryRow {
  return {
    id: actorId * 10,
    shortlistId: 7,
    directoryOrigin: 'https://directory.example',
    actorId,
    position,
    note: '',
    rating: null,
    colours: [],
    tags: [],
    status: 'considering',
    addedAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    snapshot: { ...nameOnlySnapshot(`Actor ${actorId}`), age: 40, thumbUrl: 'https://media.example/secret.jpg' },
    ...fields,
  };
}

const rows = [
  row(3, 2.5, { note: 'Great in the reading', rating: 4, colours: ['red', 'blue'], tags: ['lead'], status: 'callback' }),
  row(1, -1, { note: 'Ask the agent', status: 'invited' }),
  row(2, 10, { rating: 1, colours: ['green'], tags: ['a', 'b'], status: 'booked' }),
];

it('shares every field in the list order, and no profile data', () => {
  const doc = new Y.Doc();
  writeListIntoDoc(doc, { name: 'Callbacks' }, rows);
  const view = readListDoc(doc);
  expect(view.name).toBe('Callbacks');
  expect(view.unreadable).toEqual([]);
  expect(view.entries.map((entry) => entry.actor.id)).toEqual([1, 3, 2]);
  expect(view.entries[1]).toMatchObject({ note: 'Great in the reading', rating: 4, colours: ['red', 'blue'], tags: ['lead'], status: 'callback' });
  expect(entriesOf(doc).get(view.entries[1].key)!.get('note')).toBeInstanceOf(Y.Text);
  const shared = JSON.stringify(doc.toJSON());
  expect(shared).not.toContain('secret.jpg');
  expect(shared).not.toContain('"age"');
});

it('stopping sharing gives personal rows with every field, the known snapshots, in order', () => {
  const doc = new Y.Doc();
  writeListIntoDoc(doc, { name: 'Callbacks' }, rows);
  const colleague = new Y.Doc();
  Y.applyUpdate(colleague, Y.encodeStateAsUpdate(doc));
  entriesOf(colleague).get(readListDoc(colleague).entries[0].key)!.set('deleted', true);
  const personal = personalRowsFromDoc(colleague, 9, [rows[0]], '2026-02-02T00:00:00.000Z');
  expect(personal.map((entry) => [entry.actorId, entry.position])).toEqual([
    [3, 1],
    [2, 2],
  ]);
  expect(personal[0]).toMatchObject({ shortlistId: 9, note: 'Great in the reading', rating: 4, colours: ['red', 'blue'], tags: ['lead'], status: 'callback', addedAt: rows[0].addedAt });
  expect(personal[0].snapshot.age).toBe(40);
  expect(personal[1].snapshot).toEqual(notInLibrarySnapshot('Actor 2'));
});

it('an entry off the contract is skipped and named, the rest still read', () => {
  const doc = new Y.Doc();
  writeListIntoDoc(doc, { name: 'L' }, rows);
  const [first] = readListDoc(doc).entries;
  entriesOf(doc).get(first.key)!.set('rating', 'five');
  const view = readListDoc(doc);
  expect(view.unreadable).toEqual([first.key]);
  expect(view.entries).toHaveLength(2);
});

it('an entry missing a label field, its rating, status or deleted mark reads as a new entry\'s there and stays on the list; one missing its place or its actor cannot', () => {
  const doc = new Y.Doc();
  writeListIntoDoc(doc, { name: 'L' }, rows);
  const [first, second, third] = readListDoc(doc).entries;
  // As a change the office held only in part left it: the old tags taken away, the new ones not there.
  for (const field of ['tags', 'colours', 'rating', 'status', 'deleted']) entriesOf(doc).get(first.key)!.delete(field);
  entriesOf(doc).get(second.key)!.delete('position');
  const view = readListDoc(doc);
  expect(view.entries.map((entry) => entry.key)).toEqual([first.key, third.key]);
  expect(view.entries[0]).toMatchObject({ tags: [], colours: [], rating: null, status: 'considering', actor: first.actor });
  expect(view.unreadable).toEqual([second.key]);
});
