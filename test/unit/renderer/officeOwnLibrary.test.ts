/**
 * A colleague's shared list on this member's computer (issue 25, item 5): the office carries an
 * actor's origin, id and name only, so an entry's face and facts come from the member's own
 * library — filled by this member's own sync engine — or the entry is the name alone, marked "not
 * in your library". Never the colleague's data. Real Dexie (fake-indexeddb) for both databases.
 */
import { Dexie } from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, expect, it } from 'vitest';
import * as Y from 'yjs';
import { LibraryDb } from '../../../renderer/src/db/libraryDb.ts';
import { ShortlistDb, type ShortlistEntryRow } from '../../../renderer/src/db/shortlistDb.ts';
import { writeListIntoDoc } from '../../../renderer/src/db/listDocShape.ts';
import { withStoredListDoc } from '../../../renderer/src/sync/listDocs.ts';
import { openSharedList, stopSharing, writeRowsFromDoc } from '../../../renderer/src/sync/officeSharing.ts';
import { createSyncEngine } from '../../../renderer/src/sync/syncEngine.ts';
import { actorItem, fakeDirectory } from './fakeDirectory.ts';

const dexieOptions = { indexedDB, IDBKeyRange };
const origin = 'http://127.0.0.1:40000';
const opened: Dexie[] = [];
let counter = 0;

afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
});

/** The colleague's list as their computer shares it: their own snapshots, with their pictures and facts. */
function colleaguesList(): Y.Doc {
  const at = '2026-11-01T09:00:00.000Z';
  const theirs = (actorId: number, name: string): ShortlistEntryRow => ({
    shortlistId: 1, directoryOrigin: origin, actorId, position: actorId, note: `note on ${name}`, rating: 4, colours: ['red'], tags: ['lead'], status: 'callback', addedAt: at, updatedAt: at,
    snapshot: { name, actingAgeFrom: 60, actingAgeTo: 70, age: 66, height: 150, gender: 'f', agencies: ['Their Agency'], languages: { fra: 'native' }, thumbUrl: `https://colleague.example/${actorId}.jpg`, pictureUrl: `https://colleague.example/${actorId}-large.jpg`, updatedAt: at },
  });
  const doc = new Y.Doc();
  writeListIntoDoc(doc, { name: 'Callbacks' }, [theirs(1, 'Gustav Schmidt'), theirs(2, 'Lena Brandt')]);
  return doc;
}

/** This member's own library (synced from their own directory, which lists Gustav only so far) and shortlist database. */
async function memberWithGustav() {
  counter += 1;
  const library = new LibraryDb(`own-library-${counter}`, dexieOptions);
  const shortlists = new ShortlistDb(dexieOptions, `own-shortlists-${counter}`);
  opened.push(library, shortlists);
  const actors = [actorItem(1, 'Gustav Schmidt')];
  const directory = fakeDirectory({ actors });
  const sync = async () => {
    const engine = createSyncEngine({ db: library, bridge: directory.bridge, connectionId: 'mine', origin, perPage: 10, media: false });
    expect(await engine.run({ full: true })).toBe('done');
    engine.dispose();
  };
  await sync();
  return { library, shortlists, actors, sync };
}

it("takes an entry's snapshot from the member's own library, and marks one it lacks as not in the library", async () => {
  // The member's own directory (their key) lists Gustav only, so far.
  const { library, shortlists, actors, sync } = await memberWithGustav();

  const shortlistId = await openSharedList(shortlists, { officeRecordId: 'office-record', officeId: 'office' }, 'list1', 'Callbacks');
  const doc = colleaguesList();
  await writeRowsFromDoc(shortlists, shortlistId, doc, { library, at: '2026-11-02T09:00:00.000Z' });
  const rows = async () => new Map((await shortlists.entries.where('shortlistId').equals(shortlistId).toArray()).map((row) => [row.actorId, row]));

  const first = await rows();
  // The office's fields arrive for both.
  expect(first.get(1)).toMatchObject({ note: 'note on Gustav Schmidt', rating: 4, colours: ['red'], tags: ['lead'], status: 'callback' });
  // Gustav: the member's own library (their directory's picture address and facts), not the colleague's.
  expect(first.get(1)!.snapshot).toMatchObject({ name: 'Gustav Schmidt', languages: { deu: 'native' }, thumbUrl: `${origin}/media/1/tile.png`, age: null, agencies: [] });
  expect(first.get(1)!.snapshot.notInLibrary).toBeUndefined();
  // Lena: the name, and that the member's library lacks her; nothing of the colleague's.
  expect(first.get(2)!.snapshot).toEqual({ name: 'Lena Brandt', actingAgeFrom: null, actingAgeTo: null, age: null, height: null, gender: null, agencies: [], languages: {}, thumbUrl: null, pictureUrl: null, updatedAt: null, notInLibrary: true });
  expect(JSON.stringify([...first.values()])).not.toContain('colleague.example');

  // The member's sync brings Lena into their library: the next write from the document shows her.
  actors.push(actorItem(2, 'Lena Brandt'));
  await sync();
  await writeRowsFromDoc(shortlists, shortlistId, doc, { library, at: '2026-11-03T09:00:00.000Z' });
  const second = await rows();
  expect(second.get(2)!.snapshot).toMatchObject({ name: 'Lena Brandt', thumbUrl: `${origin}/media/2/tile.png`, languages: { deu: 'native' } });
  expect(second.get(2)!.snapshot.notInLibrary).toBeUndefined();
  // Rows keep their ids (edits under way address them), and Gustav's snapshot stays as it was.
  expect(second.get(2)!.id).toBe(first.get(2)!.id);
  expect(second.get(1)!.snapshot).toEqual(first.get(1)!.snapshot);
});

it('without an open library every new actor is the name alone, not in the library', async () => {
  counter += 1;
  const shortlists = new ShortlistDb(dexieOptions, `own-shortlists-${counter}`);
  opened.push(shortlists);
  const shortlistId = await openSharedList(shortlists, { officeRecordId: 'office-record', officeId: 'office' }, 'list1', 'Callbacks');
  await writeRowsFromDoc(shortlists, shortlistId, colleaguesList(), { library: null });
  const rows = await shortlists.entries.where('shortlistId').equals(shortlistId).sortBy('position');
  expect(rows.map((row) => [row.snapshot.name, row.snapshot.notInLibrary, row.snapshot.thumbUrl])).toEqual([
    ['Gustav Schmidt', true, null],
    ['Lena Brandt', true, null],
  ]);
});

it("stopping sharing keeps the member's own snapshots, and takes one the library gained since", async () => {
  // The member's own directory (their key) lists Gustav only, so far.
  const { library, shortlists, actors, sync } = await memberWithGustav();
  const shortlistId = await openSharedList(shortlists, { officeRecordId: 'office-record', officeId: 'office' }, 'list1', 'Callbacks');
  // The colleague's list arrives in the list's stored document, as the office's sync puts it there.
  await withStoredListDoc(shortlists, shortlistId, async (doc) => {
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(colleaguesList()));
    await writeRowsFromDoc(shortlists, shortlistId, doc, { library });
  });
  actors.push(actorItem(2, 'Lena Brandt'));
  await sync();
  await stopSharing(shortlists, shortlistId, '2026-11-04T09:00:00.000Z', library);
  expect(await shortlists.officeLists.get(shortlistId)).toBeUndefined();
  const rows = await shortlists.entries.where('shortlistId').equals(shortlistId).sortBy('position');
  expect(rows.map((row) => [row.snapshot.name, row.snapshot.thumbUrl, row.snapshot.notInLibrary])).toEqual([
    ['Gustav Schmidt', `${origin}/media/1/tile.png`, undefined],
    ['Lena Brandt', `${origin}/media/2/tile.png`, undefined],
  ]);
});
