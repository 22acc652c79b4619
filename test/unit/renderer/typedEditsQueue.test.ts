/**
 * The keystrokes' journal (db/typedEdits.ts) in a database of its own: while one journal
 * transaction is on its way, later edits wait and go in together when it ends; a stored edit's
 * forgetting drops the ones still waiting too, so none outlives it.
 */
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, expect, it, vi } from 'vitest';
import { openShortlistDb, typedEditsTable, type ShortlistDb } from '../../../renderer/src/db/shortlistDb.ts';
import { forgetTypedEdits, journalTypedEdit } from '../../../renderer/src/db/typedEdits.ts';

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
