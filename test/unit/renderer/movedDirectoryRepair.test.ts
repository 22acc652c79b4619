/**
 * The repair of libraries doubled by a directory that changed its address, on doubled data made
 * the way the old app made it: the sync engine of one demo connection run once with the origin of
 * its address on the first day (127.0.0.1:33819) and once with the origin of its address on the
 * second (127.0.0.1:34155), as the old renderer keyed the library by the base URL's origin; a
 * shortlist holding both copies of one actor with a note on each, and change history under the
 * first address. The connection names its directory as settings schema 2 does after migrating a
 * schema 1 file: the origin of its last address.
 */
import { Dexie } from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { HistoryDb, putChangeRecord, recordsOfProfile } from '../../../renderer/src/db/historyDb.ts';
import { LibraryDb } from '../../../renderer/src/db/libraryDb.ts';
import { repairMovedDirectories } from '../../../renderer/src/db/movedDirectoryRepair.ts';
import { ShortlistDb, type ShortlistEntryRow } from '../../../renderer/src/db/shortlistDb.ts';
import { libraryUid } from '../../../renderer/src/db/libraryKey.ts';
import { createSyncEngine } from '../../../renderer/src/sync/syncEngine.ts';
import { actorItem, fakeDirectory } from './fakeDirectory.ts';

const dexieOptions = { indexedDB, IDBKeyRange };
const dayOne = 'http://127.0.0.1:33819';
const dayTwo = 'http://127.0.0.1:34155';
const opened: Dexie[] = [];
let counter = 0;
const fresh = <T extends Dexie>(db: T): T => (opened.push(db), db);

afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
});

function entry(shortlistId: number, directoryOrigin: string, actorId: number, note: string, addedAt: string): ShortlistEntryRow {
  return {
    shortlistId,
    directoryOrigin,
    actorId,
    position: actorId,
    note,
    rating: note ? 4 : null,
    colours: note ? ['green'] : ['red'],
    tags: [],
    status: 'considering',
    addedAt,
    updatedAt: addedAt,
    snapshot: { name: 'x', actingAgeFrom: null, actingAgeTo: null, age: null, height: null, gender: null, agencies: [], languages: {}, thumbUrl: null, pictureUrl: null, updatedAt: null },
  };
}

/** The library, shortlists and history as the old app left them after a restart moved the demo. */
async function doubledLibrary(secondRunFull = true) {
  counter += 1;
  const library = fresh(new LibraryDb(`moved-library-${counter}`, dexieOptions));
  const shortlists = fresh(new ShortlistDb(dexieOptions, `moved-shortlists-${counter}`));
  const history = fresh(new HistoryDb(dexieOptions, `moved-history-${counter}`));
  const directory = fakeDirectory({ actors: [actorItem(1, 'Gustav Schmidt'), actorItem(2, 'Lena Brandt'), actorItem(3, 'Ada Kaya')] });
  for (const origin of [dayOne, dayTwo]) {
    const engine = createSyncEngine({ db: library, bridge: directory.bridge, connectionId: 'demo', origin, perPage: 10, media: false });
    expect(await engine.run({ full: origin === dayOne || secondRunFull })).toBe('done');
    engine.dispose();
  }
  const listId = await shortlists.shortlists.add({ name: 'Tatort Münster', castingCallId: null, roleId: null, castingCallName: null, roleName: null, createdAt: '2026-11-20T09:00:00.000Z', updatedAt: '2026-11-20T09:00:00.000Z' });
  await shortlists.entries.bulkAdd([
    entry(listId, dayOne, 1, 'Stark im Callback', '2026-11-20T09:01:00.000Z'),
    entry(listId, dayOne, 2, '', '2026-11-20T09:02:00.000Z'),
    // The second "Gustav Schmidt" the user added on day two, with a note of its own.
    entry(listId, dayTwo, 1, 'Termin Dienstag', '2026-11-21T10:00:00.000Z'),
  ]);
  await putChangeRecord(history, { origin: dayOne, kind: 'actor', profileId: 1, name: 'Gustav Schmidt', updatedAt: '2026-11-20T08:00:00.000Z', previousUpdatedAt: '2026-11-01T08:00:00.000Z', recordedAt: '2026-11-20T09:00:00.000Z', changes: [{ field: 'mainPicture', from: 11, to: 12 }] });
  return { library, shortlists, history, listId };
}

describe('repairing a library doubled by a directory that changed its address', () => {
  it.each([
    ['a full', true],
    ['an incremental', false],
  ])('merges the copies into the directory the connection names, keeping shortlists, notes and history (%s second run)', async (_run, secondRunFull) => {
    const { library, shortlists, history, listId } = await doubledLibrary(secondRunFull);
    // The doubling, as the old app left it.
    expect(await library.actors.count()).toBe(6);
    expect((await library.origins.toArray()).map((row) => row.origin)).toEqual([dayOne, dayTwo]);

    const moved = await repairMovedDirectories(library, [{ id: 'demo', origin: dayTwo }], { shortlists, history });
    expect(moved).toEqual([{ from: dayOne, to: dayTwo }]);

    // One copy of each profile, under the directory the connection names, found by the search rows too.
    const code = (await library.origins.get(dayTwo))!.code;
    const actors = await library.actors.toArray();
    expect(actors.map((row) => [row.uid, row.origin, row.connections, row.removed ?? null]).sort()).toEqual(
      [1, 2, 3].map((id) => [libraryUid(code, id), dayTwo, ['demo'], null]).sort(),
    );
    const searchRows = await library.searchRows.where('kind').equals('actor').toArray();
    expect(searchRows.map((row) => row.uid).sort()).toEqual([1, 2, 3].map((id) => libraryUid(code, id)).sort());

    // The list holds each actor once; what was written on either copy is kept.
    const entries = await shortlists.entries.where('shortlistId').equals(listId).toArray();
    expect(entries.map((row) => [row.directoryOrigin, row.actorId]).sort()).toEqual([
      [dayTwo, 1],
      [dayTwo, 2],
    ]);
    const gustav = entries.find((row) => row.actorId === 1)!;
    expect(gustav.note).toBe('Stark im Callback\n\nTermin Dienstag');
    expect(gustav.addedAt).toBe('2026-11-20T09:01:00.000Z');
    expect(gustav.colours.sort()).toEqual(['green']);

    // The history of the first copy is the profile's history now.
    expect((await recordsOfProfile(history, dayTwo, 'actor', 1)).map((record) => record.changes)).toEqual([[{ field: 'mainPicture', from: 11, to: 12 }]]);
    expect(await recordsOfProfile(history, dayOne, 'actor', 1)).toEqual([]);

    // Done once: a second start finds nothing to merge.
    expect(await repairMovedDirectories(library, [{ id: 'demo', origin: dayTwo }], { shortlists, history })).toEqual([]);
  });

  it('leaves the origins of other directories and rows seen by connections of two directories alone', async () => {
    const { library, shortlists, history } = await doubledLibrary();
    // Another connection to the first address: two directories, nothing to tell apart.
    const row = (await library.actors.toArray()).find((actor) => actor.origin === dayOne)!;
    await library.actors.put({ ...row, connections: [...row.connections, 'agency'] });
    const moved = await repairMovedDirectories(
      library,
      [
        { id: 'demo', origin: dayTwo },
        { id: 'agency', origin: 'https://agency.example' },
      ],
      { shortlists, history },
    );
    expect(moved).toEqual([]);
    expect(await library.actors.count()).toBe(6);
  });
});
