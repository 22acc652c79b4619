import { Dexie } from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { LibraryDb, legacyLibraryDbName } from '../../../renderer/src/db/libraryDb.ts';
import { libraryUid } from '../../../renderer/src/db/libraryKey.ts';
import { migrateConnectionLibraries } from '../../../renderer/src/db/libraryMigration.ts';
import { legacyLayout, legacyLibraryContents, directoryOrigin, otherOrigin } from './legacyLibraries.ts';

const dexieOptions = { indexedDB, IDBKeyRange };
const opened: Dexie[] = [];
let counter = 0;

afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
  for (const info of await indexedDB.databases()) if (info.name) await new Dexie(info.name, dexieOptions).delete();
});

/** Creates an old per-connection library at its last schema version, exactly as the old app left it. */
async function createLegacy(connectionId: string): Promise<void> {
  const legacy = legacyLayout(legacyLibraryDbName(connectionId), dexieOptions);
  await legacy.open();
  const content = legacyLibraryContents[connectionId]!;
  for (const [table, rows] of Object.entries(content)) await legacy.table(table).bulkPut(rows);
  legacy.close();
}

/** The target library; `failOnce` makes the first marker write fail, as a crash mid-merge would. */
function target(failOnce = false): LibraryDb {
  const db = new LibraryDb(`one-library-test-${(counter += 1)}`, dexieOptions);
  let fail = failOnce;
  db.use({
    stack: 'dbcore',
    name: 'crashOnce',
    create(down) {
      return {
        ...down,
        table(name) {
          const table = down.table(name);
          return {
            ...table,
            mutate(request) {
              if (fail && name === 'migrations') {
                fail = false;
                return Promise.reject(new Error('The window closed mid-merge.'));
              }
              return table.mutate(request);
            },
          };
        },
      };
    },
  });
  opened.push(db);
  return db;
}

const origins: Record<string, string> = { alpha: directoryOrigin, beta: directoryOrigin, gamma: otherOrigin };
const originOf = (id: string) => origins[id];
const legacyNames = async () => (await indexedDB.databases()).map((info) => info.name).filter((name) => name?.startsWith('castdesk-library-'));

/** Every record of the merged library, as the assertions read it. */
async function expectEverythingMerged(db: LibraryDb): Promise<void> {
  const code = (await db.origins.get(directoryOrigin))!.code;
  const otherCode = (await db.origins.get(otherOrigin))!.code;
  const lostCode = (await db.origins.get('connection:delta'))!.code;
  expect(new Set([code, otherCode, lostCode]).size).toBe(3);

  // Actor 1 seen through two keys of one directory: one record that knows both connections, with
  // the newer list item (beta's) and the detail (alpha's).
  const anna = (await db.actors.get(libraryUid(code, 1)))!;
  expect(anna).toMatchObject({ id: 1, origin: directoryOrigin, seenInRuns: { alpha: 'run-a', beta: 'run-b' } });
  expect([...anna.connections].sort()).toEqual(['alpha', 'beta']);
  expect(anna.item.name).toBe('Anna Schmidt-Berg');
  expect(anna.detail).toEqual(legacyLibraryContents.alpha!.actors[0]!.detail);
  expect(anna.removed).toBeUndefined();
  // Ben was removed for alpha: kept for shortlists, out of the live index, seen by nobody.
  const ben = (await db.actors.get(libraryUid(code, 2)))!;
  expect(ben).toMatchObject({ id: 2, connections: [], removed: { reason: 'missing' } });
  expect(await db.actors.get(libraryUid(code, 4))).toMatchObject({ id: 4, connections: ['beta'], item: { name: 'Clara Weiß' } });
  // The other directory's id 1 is another person.
  expect(await db.actors.get(libraryUid(otherCode, 1))).toMatchObject({ id: 1, origin: otherOrigin, connections: ['gamma'], item: { name: 'Dora Yılmaz' } });
  // A connection removed before this version keeps its profiles under an origin of its own.
  expect(await db.actors.get(libraryUid(lostCode, 1))).toMatchObject({ id: 1, origin: 'connection:delta', connections: ['delta'] });
  expect(await db.actors.count()).toBe(5);
  expect(await db.crew.toArray()).toEqual([expect.objectContaining({ uid: libraryUid(code, 7), id: 7, connections: ['alpha'], detail: legacyLibraryContents.alpha!.crew[0]!.detail })]);

  // One search row per profile, keyed like its profile, naming its connections.
  const searchRows = await db.searchRows.toArray();
  expect(searchRows).toHaveLength(6);
  expect(new Set(searchRows.map((row) => row.rev)).size).toBe(6);
  expect(await db.searchRows.get(['actor', libraryUid(code, 1)])).toMatchObject({ name: 'Anna Schmidt-Berg', actingAgeFrom: 28, actingAgeTo: 40, hasDetail: 1, removed: 0, origin: directoryOrigin });
  expect(await db.searchRows.get(['actor', libraryUid(code, 2)])).toMatchObject({ removed: 1, connections: [] });
  expect(await db.searchRows.where('connections').equals('beta').count()).toBe(2);

  const call = (await db.castingCalls.get(libraryUid(code, 3)))!;
  expect(call).toMatchObject({ id: 3, current: true, currentIn: ['alpha'], seenInRuns: { alpha: 'run-a', beta: 'run-b' }, currentSeenInRuns: { alpha: 'run-ac' } });
  expect([...call.connections].sort()).toEqual(['alpha', 'beta']);
  expect(call.detail).toEqual(legacyLibraryContents.alpha!.castingCalls[0]!.detail);

  // Sync state per connection and resource, every field kept.
  for (const connectionId of ['alpha', 'beta', 'gamma']) {
    for (const state of legacyLibraryContents[connectionId]!.syncState) {
      expect(await db.syncState.get([connectionId, state.resource])).toEqual({ ...state, connectionId });
    }
  }
  expect(await db.syncState.count()).toBe(5);

  expect(await db.media.toArray()).toEqual([{ ...legacyLibraryContents.alpha!.media[0]!, origin: directoryOrigin }]);
  expect((await db.keepOffline.toArray()).map((row) => row.key).sort()).toEqual(
    [...legacyLibraryContents.alpha!.keepOffline, ...legacyLibraryContents.beta!.keepOffline].map((row) => row.key).filter((key, i, all) => all.indexOf(key) === i).sort(),
  );
  expect((await db.savedSearches.toArray()).map((row) => [row.kind, row.name, row.query]).sort()).toEqual([
    ['actor', 'Kids', 'main=young_actor'],
    ['actor', 'Leads', 'gender=female&lang=deu'],
  ]);
  expect(await db.labels.get([directoryOrigin, 'languages', 'de'])).toEqual({ ...legacyLibraryContents.beta!.labels[0], origin: directoryOrigin });
  expect((await db.migrations.toArray()).map((row) => row.source).sort()).toEqual(['alpha', 'beta', 'delta', 'gamma'].map(legacyLibraryDbName));
}

describe('migration of the per-connection libraries into the one library', () => {
  it('merges every record of every old library and deletes the old ones after', async () => {
    for (const id of ['alpha', 'beta', 'gamma', 'delta']) await createLegacy(id);
    const db = target();
    await db.open();
    const report = await migrateConnectionLibraries(db, originOf, ['alpha', 'beta', 'gamma'], dexieOptions);
    expect(report.merged.sort()).toEqual(['alpha', 'beta', 'delta', 'gamma'].map(legacyLibraryDbName));
    await expectEverythingMerged(db);
    expect(await legacyNames()).toEqual([]);
  });

  it('a crash mid-merge loses and duplicates nothing: the next start merges what is left', async () => {
    for (const id of ['alpha', 'beta', 'gamma', 'delta']) await createLegacy(id);
    const db = target(true);
    await db.open();
    // The first merge (alpha) fails as a closed window would: nothing of it is written.
    await expect(migrateConnectionLibraries(db, originOf, ['alpha', 'beta', 'gamma'], dexieOptions)).rejects.toThrow('mid-merge');
    expect(await db.actors.count()).toBe(0);
    expect(await db.origins.count()).toBe(0);
    expect((await legacyNames()).sort()).toEqual(['alpha', 'beta', 'delta', 'gamma'].map(legacyLibraryDbName));
    // The next start merges everything, once.
    await migrateConnectionLibraries(db, originOf, ['alpha', 'beta', 'gamma'], dexieOptions);
    await expectEverythingMerged(db);
  });

  it('an old library still there after its merge committed (closed before it was deleted) is not merged twice', async () => {
    for (const id of ['alpha', 'beta', 'gamma', 'delta']) await createLegacy(id);
    const db = target();
    await db.open();
    await migrateConnectionLibraries(db, originOf, ['alpha', 'beta', 'gamma'], dexieOptions);
    await createLegacy('beta');
    const again = await migrateConnectionLibraries(db, originOf, ['alpha', 'beta', 'gamma'], dexieOptions);
    expect(again).toEqual({ merged: [], alreadyMerged: 1 });
    await expectEverythingMerged(db);
    expect(await legacyNames()).toEqual([]);
  });
});
