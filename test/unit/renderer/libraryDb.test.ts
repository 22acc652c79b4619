import { Dexie } from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActorListItem } from '../../../contract/directory-api.ts';
import { connectionLibrary } from '../../../renderer/src/db/connectionLibrary.ts';
import { LibraryDb, LibraryStorageError, libraryDbName, libraryDbVersion, librarySchemaVersions, openLibraryDb, requestPersistentStorage, type PageCheckpoint } from '../../../renderer/src/db/libraryDb.ts';
import { libraryUid } from '../../../renderer/src/db/libraryKey.ts';
import { writeProfilePage } from '../../../renderer/src/db/libraryWrites.ts';
import { foldName, foldQuery } from '../../../renderer/src/search/foldName.ts';

const dexieOptions = { indexedDB, IDBKeyRange };
let counter = 0;
const opened: Dexie[] = [];

/** A fresh connection id per test: every test has a database of its own. */
function freshConnectionId(): string {
  counter += 1;
  return `test-${Date.now().toString(36)}-${counter}`;
}

afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
});

const actorRow = (id: number, name: string, extra: Partial<ActorListItem> = {}) => ({
  id,
  item: { id, name, gender: 'f', gender_new: 'female', languages: { deu: 'native', eng: 'fluent' }, updated_at: '2026-01-02T03:04:05.000+00:00', main_picture_url_tile: `http://x/${id}.png`, ...extra },
  listSyncedAt: '2026-01-03T00:00:00.000Z',
  updatedAt: '2026-01-02T03:04:05.000+00:00',
});

describe('LibraryDb schema', () => {
  it('opens a new database at the current version with every table', async () => {
    const id = freshConnectionId();
    const db = await openLibraryDb(`library-${id}`, dexieOptions);
    opened.push(db);
    expect(db.name).toBe(`library-${id}`);
    expect(db.verno).toBe(libraryDbVersion);
    expect(db.tables.map((table) => table.name).sort()).toEqual(
      ['actors', 'castingCalls', 'crew', 'keepOffline', 'labels', 'media', 'migrations', 'origins', 'savedSearches', 'searchRows', 'syncState'].sort(),
    );
    expect(Object.keys(librarySchemaVersions)).toEqual([String(libraryDbVersion)]);
    // The app's one library has one name for every connection.
    expect(new LibraryDb(undefined, dexieOptions).name).toBe(libraryDbName);
  });

  it('keys profiles of two directories apart and one directory\'s profile once for every connection', async () => {
    const db = await openLibraryDb(`library-${freshConnectionId()}`, dexieOptions);
    opened.push(db);
    const checkpoint: PageCheckpoint = { runId: 'r1', mode: 'full', nextPage: 2, perPage: 10, startedAt: '2026-01-01T00:00:00.000Z' };
    const a = await connectionLibrary(db, 'a', 'https://directory.example');
    const b = await connectionLibrary(db, 'b', 'https://directory.example');
    const other = await connectionLibrary(db, 'c', 'https://other.example');
    for (const library of [a, b, other]) await writeProfilePage(library, 'actor', 'actors', [actorRow(7, `Anna ${library.connectionId}`).item], checkpoint, '2026-01-01T00:00:00.000Z');
    expect(a.code).toBe(b.code);
    expect(other.code).not.toBe(a.code);
    const rows = await db.actors.toArray();
    expect(rows.map((row) => [row.uid, row.id, row.origin, row.connections])).toEqual([
      [libraryUid(a.code, 7), 7, 'https://directory.example', ['a', 'b']],
      [libraryUid(other.code, 7), 7, 'https://other.example', ['c']],
    ]);
    expect(await db.searchRows.where('connections').equals('b').count()).toBe(1);
    expect((await db.syncState.get(['c', 'actors']))?.checkpoint).toEqual(checkpoint);
  });
});

describe('storage errors', () => {
  it('a QuotaExceededError inside a page write rolls the whole page back and is the typed storage_full error', async () => {
    const db = new LibraryDb(`library-${freshConnectionId()}`, dexieOptions);
    let failSearchRows = false;
    // IndexedDB itself refuses the search rows, as a full disk would, after the actors were put.
    db.use({
      stack: 'dbcore',
      name: 'quotaExceeded',
      create(down) {
        return {
          ...down,
          table(name) {
            const table = down.table(name);
            return {
              ...table,
              mutate(request) {
                if (failSearchRows && name === 'searchRows') return Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
                return table.mutate(request);
              },
            };
          },
        };
      },
    });
    await db.open();
    opened.push(db);
    const library = await connectionLibrary(db, 'c1', 'https://directory.example');
    const checkpoint: PageCheckpoint = { runId: 'r1', mode: 'full', nextPage: 2, perPage: 2, startedAt: '2026-01-01T00:00:00.000Z' };
    const items = [actorRow(1, 'Anna').item, actorRow(2, 'Ben').item];

    failSearchRows = true;
    const failure = await writeProfilePage(library, 'actor', 'actors', items, checkpoint, '2026-01-01T00:00:00.000Z').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LibraryStorageError);
    expect((failure as LibraryStorageError).code).toBe('storage_full');
    expect(await db.actors.count()).toBe(0);
    expect(await db.searchRows.count()).toBe(0);
    expect(await db.syncState.get(['c1', 'actors'])).toBeUndefined();

    failSearchRows = false;
    await writeProfilePage(library, 'actor', 'actors', items, checkpoint, '2026-01-01T00:00:00.000Z');
    expect(await db.actors.count()).toBe(2);
    expect(await db.searchRows.count()).toBe(2);
    expect((await db.syncState.get(['c1', 'actors']))?.checkpoint).toEqual(checkpoint);
  });

  it('asks for persistent storage where the browser offers it', async () => {
    expect(await requestPersistentStorage(undefined)).toBe(false);
    let asked = 0;
    const storage = { persisted: async () => false, persist: async () => ++asked > 0 };
    expect(await requestPersistentStorage(storage)).toBe(true);
    expect(asked).toBe(1);
    const refusing = { persisted: async () => false, persist: async () => Promise.reject(new Error('no')) };
    expect(await requestPersistentStorage(refusing)).toBe(false);
  });
});

describe('name folding', () => {
  it('folds case, accents and umlauts both ways, like the directory', () => {
    expect(foldName('Müller')).toBe('mueller muller');
    expect(foldName('José  García-Pérez')).toBe('jose garcia perez');
    expect(foldName('Straße')).toBe('strasse');
    expect(foldName('Müller')).toContain(foldQuery('MÜLLER'));
    expect(foldName('Müller')).toContain(foldQuery('muller'));
  });
});
