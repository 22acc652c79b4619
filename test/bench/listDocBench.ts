/**
 * `npm run bench -- shortlist-docs` (beside the Chromium `shortlists` suite): the one
 * model's costs in the shortlist database, on Dexie with fake-indexeddb in Node (as the database
 * tests run it; Chromium's IndexedDB is faster, so these are upper bounds of the work, not the
 * disk):
 *
 * - `shortlists.keystroke_write_<n>`: one keystroke's write on a list of n entries (1,000 and
 *   100,000) as the shortlists store makes it: the entry read, its row updated and its document
 *   edited in one transaction (y-dexie storing the update in it). It must not grow with n.
 * - `shortlists.migration_v3_<n>`: opening a version-2 database whose one list has n entries, the
 *   upgrade building its document (db/listDocMigration.ts).
 *
 * fake-indexeddb is installed as the global IndexedDB (`fake-indexeddb/auto`): y-dexie loads a
 * document through Dexie's liveQuery, which never answers in Node when the factory is given only
 * to the database's options (a load then waits for ever). Each run has a database of its own name.
 *
 * Environment: BENCH_LISTDOC_SIZES (1000,100000), BENCH_LISTDOC_KEYSTROKES (40),
 * BENCH_LISTDOC_MIGRATIONS (3). Seeding 100,000 entries into fake-indexeddb takes minutes on a
 * loaded 2-core machine.
 */
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { ShortlistDb, shortlistSchemaVersions, writeShortlists, type ShortlistEntryRow } from '../../renderer/src/db/shortlistDb.ts';
import { editInDoc, newListDoc } from '../../renderer/src/sync/listDocEdits.ts';
import { holdListDoc } from '../../renderer/src/sync/listDocs.ts';
import { bench, summarize } from './stats.ts';

const sizes = (process.env.BENCH_LISTDOC_SIZES ?? '1000,100000').split(',').map(Number);
const keystrokes = Number(process.env.BENCH_LISTDOC_KEYSTROKES ?? 40);
const migrations = Number(process.env.BENCH_LISTDOC_MIGRATIONS ?? 3);
const at = '2026-01-01T00:00:00.000Z';
const snapshot = { name: 'Bench actor', actingAgeFrom: null, actingAgeTo: null, age: null, height: null, gender: null, agencies: [], languages: {}, thumbUrl: null, pictureUrl: null, updatedAt: null };

function rowsOf(shortlistId: number, count: number): ShortlistEntryRow[] {
  return Array.from({ length: count }, (_, n) => ({ shortlistId, directoryOrigin: 'https://bench.example', actorId: n + 1, position: n + 1, note: n % 3 === 0 ? 'Strong presence' : '', rating: n % 5 === 0 ? 4 : null, colours: [], tags: [], status: 'considering' as const, addedAt: at, updatedAt: at, snapshot }));
}

const freshName = () => `list-doc-bench-${crypto.randomUUID()}`;

function report(name: string, samples: number[]): void {
  const s = summarize(samples);
  bench(`${name}_p50`, s.p50, 'ms');
  bench(`${name}_p25`, s.p25, 'ms');
  bench(`${name}_p75`, s.p75, 'ms');
  bench(`${name}_max`, s.max, 'ms');
}

async function keystrokeWrites(count: number): Promise<number[]> {
  const name = freshName();
  const db = new ShortlistDb(undefined, name);
  await db.open();
  try {
    const listId = await db.shortlists.add({ name: 'Bench', castingCallId: null, roleId: null, castingCallName: null, roleName: null, createdAt: at, updatedAt: at });
    const rows = rowsOf(listId, count);
    const ids = await db.entries.bulkAdd(rows, { allKeys: true });
    await writeShortlists(db, async () => {
      const doc = newListDoc({ name: 'Bench' }, rows);
      await db.listDocs.add({ shortlistId: listId, doc });
      doc.destroy();
    });
    const held = await holdListDoc(db, listId);
    const samples: number[] = [];
    const entryId = ids[Math.floor(ids.length / 2)]!;
    let note = '';
    for (let i = 0; i < keystrokes; i += 1) {
      note += 'abcdefghij'[i % 10];
      const started = performance.now();
      await writeShortlists(db, async () => {
        const before = (await db.entries.get(entryId))!;
        await db.entries.update(entryId, { note, updatedAt: at });
        editInDoc(held.doc, [{ before, after: { ...before, note } }]);
        await db.shortlists.update(listId, { updatedAt: at });
      });
      samples.push(performance.now() - started);
    }
    held.release();
    return samples;
  } finally {
    db.close();
    await Dexie.delete(name);
  }
}

async function migrationTimes(count: number): Promise<number[]> {
  const samples: number[] = [];
  for (let run = 0; run < migrations; run += 1) {
    const name = freshName();
    const old = new Dexie(name);
    old.version(1).stores(shortlistSchemaVersions[1]);
    old.version(2).stores(shortlistSchemaVersions[2]);
    await old.open();
    const listId = (await old.table('shortlists').add({ name: 'Bench', castingCallId: null, roleId: null, castingCallName: null, roleName: null, createdAt: at, updatedAt: at })) as number;
    await old.table('entries').bulkAdd(rowsOf(listId, count));
    old.close();
    const started = performance.now();
    const db = new ShortlistDb(undefined, name);
    await db.open();
    samples.push(performance.now() - started);
    db.close();
    await Dexie.delete(name);
  }
  return samples;
}

export async function runListDocBench(): Promise<void> {
  for (const size of sizes) report(`shortlists.keystroke_write_${size}`, await keystrokeWrites(size));
  for (const size of sizes) report(`shortlists.migration_v3_${size}`, await migrationTimes(size));
}
