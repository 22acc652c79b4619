/**
 * Bulk loading through COPY on real PGlite: every awkward character survives the round trip.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPglite, type Database } from '../../server/src/db/database.ts';
import type { Columns } from '../../server/src/db/bulkRows.ts';

let db: Database;
beforeAll(async () => {
  db = await openPglite();
  await db.exec(`CREATE TABLE awkward (id integer PRIMARY KEY, label text, tags text[], ids integer[], flag boolean, at timestamptz, doc text)`);
}, 60_000);
afterAll(async () => {
  await db.close();
});

const columns: Columns = [['id', 'integer'], ['label', 'text'], ['tags', 'text[]'], ['ids', 'integer[]'], ['flag', 'boolean'], ['at', 'timestamptz'], ['doc', 'text']];

it('keeps tabs, line breaks, backslashes, quotes, commas, braces, NULL-looking text and unicode', async () => {
  const rows = [
    { id: 1, label: 'tab\there\nnew line\r\\N back\\slash "quoted" Müller 🎬', tags: ['a,b', 'say "hi"', 'back\\slash', '{brace}', 'NULL', ''], ids: [1, 2], flag: true, at: '2025-02-18T13:05:24.865+01:00', doc: { text: 'line\nbreak\t"q" \\ \u0000'.replace('\u0000', '') } },
    { id: 2, label: null, tags: [], ids: [], flag: false, at: null, doc: { nested: [1, { a: null }] } },
  ];
  await db.transaction((tx) => tx.insertRows('awkward', columns, rows));
  const stored = await db.query<Record<string, unknown>>(`SELECT id, label, tags, ids, flag, at, doc FROM awkward ORDER BY id`);
  expect(stored[0]).toMatchObject({ id: 1, label: rows[0].label, tags: rows[0].tags, ids: [1, 2], flag: true });
  expect((stored[0].at as Date).toISOString()).toBe('2025-02-18T12:05:24.865Z');
  expect(JSON.parse(stored[0].doc as string)).toEqual(rows[0].doc);
  expect(stored[1]).toMatchObject({ id: 2, label: null, tags: [], ids: [], flag: false, at: null });
  expect(JSON.parse(stored[1].doc as string)).toEqual(rows[1].doc);
});
