/** The office's history of a list: what one entry's change says (server/office/listActivity.ts). */
import { expect, it } from 'vitest';
import * as Y from 'yjs';
import { ChangeSet, diffEntry, summariseEntry } from '../../../server/office/listActivity.ts';

function entry(fields: Record<string, unknown>): Y.Map<unknown> {
  const doc = new Y.Doc();
  const map = doc.getMap<Y.Map<unknown>>('entries');
  const one = new Y.Map<unknown>();
  map.set('k', one);
  for (const [field, value] of Object.entries({ ...fields, note: new Y.Text() })) one.set(field, value);
  return one;
}

const base = { actor: { origin: 'o', id: 1, name: 'Jonas Müller' }, position: 'a', status: 'invited', deleted: false };

it('a status moved names where to; a status taken away with none in its place is no move', () => {
  const moved = new ChangeSet();
  diffEntry('k', summariseEntry(entry(base))!, summariseEntry(entry({ ...base, status: 'booked' }))!, moved);
  expect(moved.toChanges()).toEqual([{ kind: 'status', count: 1, names: ['Jonas Müller'], status: 'booked' }]);

  const { status: _status, ...withoutStatus } = base;
  const gone = new ChangeSet();
  diffEntry('k', summariseEntry(entry(base))!, summariseEntry(entry(withoutStatus))!, gone);
  // Before, the history read "Lea moved Jonas Müller to ".
  expect(gone.toChanges()).toEqual([]);
});
