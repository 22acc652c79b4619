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

it('labels are compared as sets: an old plain array turned into the merging Y.Array with the same labels, or a label left twice by two members adding it at once, is no change; a label added is one', () => {
  const labelled = entry({ ...base, colours: ['red'], tags: ['lead'] });
  const diff = (before: ReturnType<typeof summariseEntry>) => {
    const changes = new ChangeSet();
    diffEntry('k', before!, summariseEntry(labelled)!, changes);
    return changes.toChanges();
  };
  let before = summariseEntry(labelled);
  labelled.set('colours', Y.Array.from(['red']));
  labelled.set('tags', Y.Array.from(['lead']));
  expect(diff(before)).toEqual([]);

  before = summariseEntry(labelled);
  (labelled.get('tags') as Y.Array<string>).push(['lead']);
  expect(diff(before)).toEqual([]);

  (labelled.get('tags') as Y.Array<string>).push(['callback']);
  expect(diff(before)).toEqual([{ kind: 'labels', count: 1, names: ['Jonas Müller'] }]);
});
