/**
 * An entry's colours and tags are sets that merge (contract/officeList.ts): two members labelling
 * the same actor, each in their own copy of the list's document, end with every label either of
 * them added and did not remove. Each member's edit goes in as the shortlists store makes it
 * (editInDoc with the entry as the member saw it and as they left it); the copies exchange their
 * updates as the office passes them on.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import * as Y from 'yjs';
import type { ShortlistEntryRow } from '../../../renderer/src/db/shortlistDb.ts';
import { editInDoc, rowAsDocSays, rowsOverDoc } from '../../../renderer/src/sync/listDocEdits.ts';
import { nameOnlySnapshot, personalRowsFromDoc, readListDoc } from '../../../renderer/src/sync/officeListDoc.ts';
import { entriesOf, officeEntryKey, writeListIntoDoc } from '../../../renderer/src/db/listDocShape.ts';

const origin = 'https://d.example';
const at = '2026-01-01T00:00:00.000Z';
const key = officeEntryKey(origin, 1);

function row(fields: Partial<ShortlistEntryRow> = {}): ShortlistEntryRow {
  return { shortlistId: 1, directoryOrigin: origin, actorId: 1, position: 1, note: '', rating: null, colours: [], tags: [], status: 'considering', addedAt: at, updatedAt: at, snapshot: nameOnlySnapshot('Jonas Müller'), ...fields };
}

/** A list of one actor shared by `count` members: the first member's document, copied to the others. */
function sharedCopies(count: number, fields: Partial<ShortlistEntryRow> = {}): Y.Doc[] {
  const first = new Y.Doc();
  writeListIntoDoc(first, { name: 'Callbacks' }, [row(fields)]);
  return [first, ...Array.from({ length: count - 1 }, () => {
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(first));
    return copy;
  })];
}

/** What the member sees of the entry in their copy (the row written from it). */
const shown = (doc: Y.Doc) => personalRowsFromDoc(doc, 1, [], at)[0]!;

/** The member changes the entry's tags in their list view: from what they see to what `change` makes of it. */
function editTags(doc: Y.Doc, change: (tags: string[]) => string[]): void {
  const before = shown(doc);
  editInDoc(doc, [{ before, after: { ...before, tags: change([...before.tags]) } }]);
}

const addTag = (doc: Y.Doc, tag: string) => editTags(doc, (tags) => (tags.includes(tag) ? tags : [...tags, tag]));
const removeTag = (doc: Y.Doc, tag: string) => editTags(doc, (tags) => tags.filter((one) => one !== tag));

function exchange(a: Y.Doc, b: Y.Doc): void {
  const fromA = Y.encodeStateAsUpdate(a, Y.encodeStateVector(b));
  const fromB = Y.encodeStateAsUpdate(b, Y.encodeStateVector(a));
  Y.applyUpdate(a, fromB);
  Y.applyUpdate(b, fromA);
}

const tagsOf = (doc: Y.Doc) => readListDoc(doc).entries[0]!.tags;

it('two members adding different tags at once both keep theirs, in every copy', () => {
  const [lea, ben] = sharedCopies(2, { tags: ['lead'] });
  addTag(lea, 'callback');
  addTag(ben, 'strong');
  exchange(lea, ben);
  expect([...tagsOf(lea)].sort()).toEqual(['callback', 'lead', 'strong']);
  expect(tagsOf(ben)).toEqual(tagsOf(lea));
  expect(rowAsDocSays(lea, row()).tags).toEqual(tagsOf(lea));
});

it('colours merge as tags do', () => {
  const [lea, ben] = sharedCopies(2);
  for (const [doc, colour] of [[lea, 'red'], [ben, 'green']] as const) {
    const before = shown(doc);
    editInDoc(doc, [{ before, after: { ...before, colours: [colour] } }]);
  }
  exchange(lea, ben);
  expect([...readListDoc(lea).entries[0]!.colours].sort()).toEqual(['green', 'red']);
  expect(readListDoc(ben).entries[0]!.colours).toEqual(readListDoc(lea).entries[0]!.colours);
});

it('the same tag added by both shows once, and one member removing it takes it away for both', () => {
  const [lea, ben] = sharedCopies(2);
  addTag(lea, 'callback');
  addTag(ben, 'callback');
  exchange(lea, ben);
  expect(tagsOf(lea)).toEqual(['callback']);
  expect(tagsOf(ben)).toEqual(['callback']);
  removeTag(ben, 'callback');
  exchange(lea, ben);
  expect(tagsOf(lea)).toEqual([]);
  expect(tagsOf(ben)).toEqual([]);
});

it('a removal at the same time as an add of another tag keeps the other; of the same tag, the add wins', () => {
  const [lea, ben] = sharedCopies(2, { tags: ['callback', 'lead'] });
  removeTag(lea, 'callback');
  addTag(ben, 'strong');
  exchange(lea, ben);
  expect(tagsOf(lea)).toEqual(['lead', 'strong']);
  expect(tagsOf(ben)).toEqual(['lead', 'strong']);

  // Ben takes "lead" off and puts it back while Lea, who never saw that, takes it off: Ben's
  // "lead" is one Lea's removal did not see, so it stays.
  removeTag(ben, 'lead');
  addTag(ben, 'lead');
  removeTag(lea, 'lead');
  exchange(lea, ben);
  expect(tagsOf(lea)).toEqual(['strong', 'lead']);
  expect(tagsOf(ben)).toEqual(['strong', 'lead']);
});

it('an entry of a document written before (its labels plain arrays) reads as it is, and its first edit keeps its labels and a colleague\'s', () => {
  const [lea, ben] = sharedCopies(2);
  // The document as an older app wrote it: the labels are JSON arrays set whole.
  entriesOf(lea).get(key)!.set('tags', ['lead', 'dancer']);
  entriesOf(lea).get(key)!.set('colours', ['red']);
  exchange(lea, ben);
  expect(readListDoc(ben).entries[0]).toMatchObject({ tags: ['lead', 'dancer'], colours: ['red'] });
  expect(rowAsDocSays(ben, row())).toMatchObject({ tags: ['lead', 'dancer'], colours: ['red'] });

  // Lea's first edit turns the field into the set; Ben's add after it arrived merges with hers.
  removeTag(lea, 'dancer');
  addTag(lea, 'callback');
  exchange(lea, ben);
  expect(entriesOf(ben).get(key)!.get('tags')).toBeInstanceOf(Y.Array);
  addTag(ben, 'strong');
  addTag(lea, 'tall');
  exchange(lea, ben);
  expect([...tagsOf(lea)].sort()).toEqual(['callback', 'lead', 'strong', 'tall']);
  expect(tagsOf(ben)).toEqual(tagsOf(lea));
  expect(readListDoc(ben).entries[0]!.colours).toEqual(['red']);
});

it('a label that does not fit is left out, never the entry', () => {
  const [doc] = sharedCopies(1);
  const tags = entriesOf(doc).get(key)!.get('tags') as Y.Array<unknown>;
  tags.push(['ok', 42, 'x'.repeat(201)]);
  expect(readListDoc(doc)).toMatchObject({ unreadable: [], entries: [{ tags: ['ok'] }] });
});

it('the same edit reaching the document twice changes the labels once', () => {
  const [doc] = sharedCopies(1, { tags: ['lead'] });
  const before = shown(doc);
  const after = { ...before, tags: ['callback'] };
  editInDoc(doc, [{ before, after }]);
  const updates: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => updates.push(update));
  editInDoc(doc, [{ before, after }]);
  expect(updates).toEqual([]);
  expect(tagsOf(doc)).toEqual(['callback']);
});

it('the page going away writes the tag the member added as an add: a colleague\'s tag the rows have not shown yet stays', () => {
  const [lea, ben] = sharedCopies(2, { tags: ['lead'] });
  const held = shown(lea);
  addTag(ben, 'strong');
  exchange(lea, ben);
  rowsOverDoc(lea, [{ before: held, after: { ...held, tags: ['lead', 'callback'] } }], () => new Set(['tags']), Symbol('y-dexie'));
  expect(tagsOf(lea)).toEqual(['lead', 'strong', 'callback']);
});

type Step = { kind: 'add' | 'remove'; member: number; tag: string } | { kind: 'sync'; from: number; to: number };

it('members adding and removing tags in any order, synced at random, converge; a tag added and removed by no one is there', () => {
  const tag = fc.constantFrom('callback', 'strong', 'lead', 'dancer');
  const member = fc.integer({ min: 0, max: 2 });
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant('add' as const), member, tag }),
    fc.record({ kind: fc.constant('remove' as const), member, tag }),
    fc.record({ kind: fc.constant('sync' as const), from: member, to: member }),
  );
  fc.assert(
    fc.property(fc.integer({ min: 2, max: 3 }), fc.array(step, { maxLength: 40 }), (count, steps) => {
      const docs = sharedCopies(count);
      const added = new Set<string>();
      const removed = new Set<string>();
      for (const one of steps) {
        if (one.kind === 'sync') {
          const [from, to] = [docs[one.from % count]!, docs[one.to % count]!];
          Y.applyUpdate(to, Y.encodeStateAsUpdate(from, Y.encodeStateVector(to)));
        } else {
          const doc = docs[one.member % count]!;
          // A member removes only what they see; an add of a tag shown already changes nothing.
          if (one.kind === 'remove' && !tagsOf(doc).includes(one.tag)) continue;
          (one.kind === 'add' ? added : removed).add(one.tag);
          (one.kind === 'add' ? addTag : removeTag)(doc, one.tag);
        }
      }
      for (const a of docs) for (const b of docs) exchange(a, b);
      const tags = tagsOf(docs[0]!);
      for (const doc of docs) expect(tagsOf(doc)).toEqual(tags);
      expect(new Set(tags).size).toBe(tags.length);
      for (const one of added) if (!removed.has(one)) expect(tags).toContain(one);
      for (const one of tags) expect(added).toContain(one);
    }),
    { numRuns: 300 },
  );
});
