/**
 * Which texts a refused change typed (sync/refusedTexts.ts refusedTypedTexts): read from the
 * member's copy of a list and the office's version, both real Yjs documents that share a history,
 * as a member's app and the office hold them when the office refuses the member's change.
 */
import { expect, it } from 'vitest';
import * as Y from 'yjs';
import { entriesOf, officeEntryKey, writeListIntoDoc } from '../../../renderer/src/db/listDocShape.ts';
import { nameOnlySnapshot } from '../../../renderer/src/sync/officeListDoc.ts';
import { refusedTypedTexts } from '../../../renderer/src/sync/refusedTexts.ts';

const origin = 'https://d.example';
const at = '2026-01-01T00:00:00.000Z';

/** The office's list of two actors with notes and a colleague's comment, and the member's copy of it. */
function listAndCopy(): { office: Y.Doc; mine: Y.Doc; entry(doc: Y.Doc, actorId: number): Y.Map<unknown> } {
  const office = new Y.Doc();
  writeListIntoDoc(
    office,
    { name: 'Callbacks' },
    [1, 2].map((actorId) => ({ shortlistId: 1, directoryOrigin: origin, actorId, position: actorId, note: `note ${actorId}`, rating: null, colours: [], tags: [], status: 'considering' as const, addedAt: at, updatedAt: at, snapshot: nameOnlySnapshot(`Actor ${actorId}`) })),
  );
  const entry = (doc: Y.Doc, actorId: number) => entriesOf(doc).get(officeEntryKey(origin, actorId))!;
  (entry(office, 1).get('comments') as Y.Map<string>).set('colleague', 'Call him back');
  const mine = new Y.Doc();
  Y.applyUpdate(mine, Y.encodeStateAsUpdate(office));
  return { office, mine, entry };
}

it('names the comment and the note typed here that the office does not hold, with their entry', () => {
  const { office, mine, entry } = listAndCopy();
  (entry(mine, 2).get('comments') as Y.Map<string>).set('ben', 'Strong in the closet scene');
  (entry(mine, 1).get('note') as Y.Text).insert(7, ', callback Friday');
  expect(refusedTypedTexts(Y.encodeStateAsUpdate(mine), office)).toEqual([
    { kind: 'note', directoryOrigin: origin, actorId: 1, actorName: 'Actor 1', text: 'note 1, callback Friday' },
    { kind: 'comment', directoryOrigin: origin, actorId: 2, actorName: 'Actor 2', text: 'Strong in the closet scene' },
  ]);
});

it('names nothing when nothing was typed here: the office\'s own changes since, and texts it holds already, are not the member\'s to keep', () => {
  const { office, mine, entry } = listAndCopy();
  (entry(office, 2).get('note') as Y.Text).insert(0, 'Director: ');
  (entry(office, 2).get('comments') as Y.Map<string>).set('director', 'Yes');
  // A pick and a rating typed nothing.
  (entry(mine, 1).get('picks') as Y.Map<boolean>).set('ben', true);
  entry(mine, 1).set('rating', 4);
  expect(refusedTypedTexts(Y.encodeStateAsUpdate(mine), office)).toEqual([]);
});

it('gives a note both typed into as it would have read, merged, and a comment on an entry deleted meanwhile', () => {
  const { office, mine, entry } = listAndCopy();
  (entry(office, 1).get('note') as Y.Text).insert(0, 'Director: ');
  entry(office, 2).set('deleted', true);
  (entry(mine, 1).get('note') as Y.Text).insert(6, ', callback Friday');
  (entry(mine, 2).get('comments') as Y.Map<string>).set('ben', 'Worth a second look');
  expect(refusedTypedTexts(Y.encodeStateAsUpdate(mine), office)).toEqual([
    { kind: 'note', directoryOrigin: origin, actorId: 1, actorName: 'Actor 1', text: 'Director: note 1, callback Friday' },
    { kind: 'comment', directoryOrigin: origin, actorId: 2, actorName: 'Actor 2', text: 'Worth a second look' },
  ]);
});

it('names no emptied text: a comment taken back or a note cleared left nothing typed to keep', () => {
  const { office, mine, entry } = listAndCopy();
  (entry(mine, 1).get('comments') as Y.Map<string>).delete('colleague');
  const note = entry(mine, 2).get('note') as Y.Text;
  note.delete(0, note.length);
  expect(refusedTypedTexts(Y.encodeStateAsUpdate(mine), office)).toEqual([]);
});

it('names them in the list\'s order, an entry\'s note before its comment', () => {
  const { office, mine, entry } = listAndCopy();
  (entry(mine, 1).get('comments') as Y.Map<string>).set('ben', 'Second');
  (entry(mine, 2).get('comments') as Y.Map<string>).set('ben', 'First, a comment');
  (entry(mine, 2).get('note') as Y.Text).insert(0, 'First, a note: ');
  // Actor 2 moved to the top of the list.
  entry(mine, 2).set('position', '0');
  expect(refusedTypedTexts(Y.encodeStateAsUpdate(mine), office).map((text) => [text.actorId, text.kind, text.text])).toEqual([
    [2, 'note', 'First, a note: note 2'],
    [2, 'comment', 'First, a comment'],
    [1, 'comment', 'Second'],
  ]);
});
