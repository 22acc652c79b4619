/**
 * The keystrokes' journal (db/typedEdits.ts) in a database of its own: while one journal
 * transaction is on its way, later edits wait and go in together when it ends; a stored edit's
 * forgetting drops the ones still waiting too, so none outlives it; a member's comment is forgotten
 * apart from the entry's edits and from other members' comments.
 */
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, expect, it, vi } from 'vitest';
import { openShortlistDb, typedCommentsTable, typedEditsTable, type ShortlistDb } from '../../../renderer/src/db/shortlistDb.ts';
import { forgetTypedComment, forgetTypedEdits, journalTypedComment, journalTypedEdit, type TypedCommentRow } from '../../../renderer/src/db/typedEdits.ts';

const name = 'castdesk-shortlists-journal-queue';
let db: ShortlistDb | null = null;
afterEach(async () => {
  db?.close();
  db = null;
  await Dexie.delete(name);
});

const keys = async (shortlistDb: ShortlistDb) => (await shortlistDb.table(typedEditsTable).toArray()).map((row: { entryId: number; seq: number }) => [row.entryId, row.seq]);

it('edits made while a journal transaction is on its way all reach the journal once it ends', async () => {
  db = await openShortlistDb(undefined, name);
  const shortlistDb = db;
  for (let seq = 1; seq <= 20; seq += 1) journalTypedEdit(shortlistDb, { entryId: seq % 2 === 0 ? 7 : 8, seq, fields: { note: `typed ${seq}` } });
  await vi.waitFor(async () => expect(await shortlistDb.table(typedEditsTable).count()).toBe(20));
});

it('forgetting an entry\'s stored edits drops those still waiting, and keeps a later one', async () => {
  db = await openShortlistDb(undefined, name);
  const shortlistDb = db;
  // The first goes at once; the next two wait for its transaction.
  journalTypedEdit(shortlistDb, { entryId: 7, seq: 1, fields: { note: 'S' } });
  journalTypedEdit(shortlistDb, { entryId: 7, seq: 2, fields: { note: 'St' } });
  journalTypedEdit(shortlistDb, { entryId: 7, seq: 3, fields: { note: 'Str' } });
  // The store's write of the first two is stored: they are forgotten, the one still waiting as well.
  forgetTypedEdits(shortlistDb, 7, 2);
  await vi.waitFor(async () => expect(await keys(shortlistDb)).toEqual([[7, 3]]));
  // Nothing more arrives afterwards (a record put after the forgetting would outlive it).
  journalTypedEdit(shortlistDb, { entryId: 8, seq: 4, fields: { note: 'other' } });
  await vi.waitFor(async () => expect(await keys(shortlistDb)).toEqual([[7, 3], [8, 4]]));
});

it('a stored comment is forgotten apart from its entry\'s edits and from other members\' comments, those still waiting too', async () => {
  db = await openShortlistDb(undefined, name);
  const shortlistDb = db;
  const rita = { shortlistId: 3, entryKey: 'https://d.example 7', memberId: 'rita' };
  // The first goes at once; the others wait for its transaction and go in together.
  journalTypedEdit(shortlistDb, { entryId: 7, seq: 1, fields: { note: 'N' } });
  journalTypedComment(shortlistDb, { ...rita, seq: 2, text: 'S' });
  journalTypedComment(shortlistDb, { ...rita, seq: 3, text: 'St' });
  journalTypedComment(shortlistDb, { ...rita, memberId: 'dana', seq: 4, text: 'Dana on the same entry' });
  journalTypedEdit(shortlistDb, { entryId: 7, seq: 5, fields: { note: 'No' } });
  // Rita's comment as it was at seq 2 is stored, and so are the entry's edits: each forgets only its own.
  forgetTypedComment(shortlistDb, rita, 2);
  forgetTypedEdits(shortlistDb, 7, 5);
  const comments = async () => (await shortlistDb.table<TypedCommentRow>(typedCommentsTable).toArray()).map((row) => [row.memberId, row.seq, row.text]);
  await vi.waitFor(async () => {
    expect(await keys(shortlistDb)).toEqual([]);
    expect(await comments()).toEqual([['dana', 4, 'Dana on the same entry'], ['rita', 3, 'St']]);
  });
  forgetTypedComment(shortlistDb, rita, 3);
  await vi.waitFor(async () => expect(await comments()).toEqual([['dana', 4, 'Dana on the same entry']]));
});
