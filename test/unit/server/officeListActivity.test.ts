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
  expect(diff(before)).toEqual([{ kind: 'labels', count: 1, names: ['Jonas Müller'], detail: 'tagsAdded' }]);
});

it('labels say tags apart from colour labels, and whether tags were added, removed or swapped', () => {
  const labelled = entry({ ...base, colours: Y.Array.from(['red']), tags: Y.Array.from(['lead', 'tall']) });
  const change = (edit: () => void) => {
    const before = summariseEntry(labelled)!;
    edit();
    const changes = new ChangeSet();
    diffEntry('k', before, summariseEntry(labelled)!, changes);
    return changes.toChanges().map((one) => one.detail);
  };
  const tags = labelled.get('tags') as Y.Array<string>;
  const colours = labelled.get('colours') as Y.Array<string>;
  expect(change(() => tags.delete(0))).toEqual(['tagsRemoved']);
  expect(change(() => labelled.doc!.transact(() => (tags.delete(0), tags.push(['short']))))).toEqual(['tags']);
  expect(change(() => colours.push(['blue']))).toEqual(['colours']);
  expect(change(() => labelled.doc!.transact(() => (colours.delete(0), tags.push(['dancer']))))).toEqual(['colours', 'tagsAdded']);
});

it('a pick says whether it was put on or taken back; picks changed without their number moving say no more than before', () => {
  const picks = new Y.Map<boolean>();
  const picked = entry({ ...base, picks });
  const change = (edit: () => void) => {
    const before = summariseEntry(picked)!;
    edit();
    const changes = new ChangeSet();
    diffEntry('k', before, summariseEntry(picked)!, changes);
    return changes.toChanges();
  };
  expect(change(() => picks.set('lea', true))).toEqual([{ kind: 'picked', count: 1, names: ['Jonas Müller'], detail: 'on' }]);
  expect(change(() => picks.delete('lea'))).toEqual([{ kind: 'picked', count: 1, names: ['Jonas Müller'], detail: 'off' }]);
  picks.set('ben', true);
  expect(change(() => picked.doc!.transact(() => (picks.delete('ben'), picks.set('lea', true))))).toEqual([{ kind: 'picked', count: 1, names: ['Jonas Müller'] }]);
});

it('gathers a member\'s picks by what they did: an actor picked and one taken back are two changes', () => {
  const changes = new ChangeSet();
  changes.add('picked', 'a', 'Lina Meier', { detail: 'on' });
  changes.add('picked', 'b', 'Max Muster', { detail: 'off' });
  changes.add('picked', 'c', 'Mia Brandt', { detail: 'on' });
  expect(changes.toChanges()).toEqual([
    { kind: 'picked', count: 1, names: ['Max Muster'], detail: 'off' },
    { kind: 'picked', count: 2, names: ['Lina Meier', 'Mia Brandt'], detail: 'on' },
  ]);
});
