import { Dexie } from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActorListItem } from '../../../contract/directory-api.ts';
import {
  LibraryDb,
  LibraryStorageError,
  deleteLibraryDb,
  libraryDbName,
  libraryDbVersion,
  librarySchemaVersions,
  openLibraryDb,
  requestPersistentStorage,
  type ActorRow,
  type CrewRow,
  type PageCheckpoint,
} from '../../../renderer/src/db/libraryDb.ts';
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

const actorRow = (id: number, name: string, extra: Partial<ActorListItem> = {}): ActorRow => ({
  id,
  item: { id, name, gender: 'f', gender_new: 'female', languages: { deu: 'native', eng: 'fluent' }, updated_at: '2026-01-02T03:04:05.000+00:00', main_picture_url_tile: `http://x/${id}.png`, ...extra },
  listSyncedAt: '2026-01-03T00:00:00.000Z',
  updatedAt: '2026-01-02T03:04:05.000+00:00',
});

describe('LibraryDb schema upgrades', () => {
  it('opens a new database at the current version with every table', async () => {
    const id = freshConnectionId();
    const db = await openLibraryDb(id, dexieOptions);
    opened.push(db);
    expect(db.name).toBe(`castdesk-library-${id}`);
    expect(db.verno).toBe(libraryDbVersion);
    expect(db.tables.map((table) => table.name).sort()).toEqual(
      ['actors', 'castingCalls', 'crew', 'keepOffline', 'labels', 'media', 'savedSearches', 'searchRows', 'syncState'].sort(),
    );
  });

  it('version 1 → current builds a search row for every stored actor and crew profile, details included', async () => {
    const id = freshConnectionId();
    const v1 = new Dexie(libraryDbName(id), dexieOptions);
    v1.version(1).stores(librarySchemaVersions[1]);
    await v1.open();
    const withDetail: ActorRow = {
      ...actorRow(2, 'Jörg Müller'),
      removed: { reason: 'missing', at: '2026-01-04T00:00:00.000Z' },
      detail: { id: 2, first_name: 'Jörg', last_name: 'Müller', talent_agency_connections: [], updated_at: '2026-01-02T03:04:05.000+00:00', acting_age_from: 30, acting_age_to: 45 },
    };
    const crewRow: CrewRow = {
      id: 7,
      item: { id: 7, first_name: 'Zoë', last_name: 'Adler', gender: 'i', professions: ['kamera'], updated_at: '2026-01-05T00:00:00.000+00:00' },
      listSyncedAt: '2026-01-05T00:00:00.000Z',
      updatedAt: '2026-01-05T00:00:00.000+00:00',
    };
    await v1.table('actors').bulkPut([actorRow(1, 'Anna Schmidt'), withDetail]);
    await v1.table('crew').put(crewRow);
    await v1.table('syncState').put({ resource: 'actors', watermark: '2026-01-02T03:04:05.000+00:00', checkpoint: null, lastFullReconciliationAt: null, lastRunCompletedAt: null, lastError: null });
    v1.close();

    const db = await openLibraryDb(id, dexieOptions);
    opened.push(db);
    expect(db.verno).toBe(libraryDbVersion);
    const rows = await db.searchRows.toArray();
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((row) => row.rev)).size).toBe(3);
    expect(await db.searchRows.get(['actor', 1])).toEqual({
      kind: 'actor',
      id: 1,
      name: 'Anna Schmidt',
      foldedName: 'anna schmidt',
      foldedLastName: 'schmidt anna',
      gender: 'f',
      genderNew: 'female',
      genderSearchability: ['female'],
      age: null,
      actingAgeFrom: null,
      actingAgeTo: null,
      languageCodes: ['deu', 'eng'],
      languageLevels: { deu: 'native', eng: 'fluent' },
      dialects: [],
      accents: [],
      mainProfession: null,
      specializations: [],
      professions: [],
      agencies: [],
      residences: [],
      accommodations: [],
      nationalities: [],
      height: null,
      skills: [],
      ethnicBackgrounds: [],
      hasShowreel: false,
      hasDetail: 0,
      updatedAt: '2026-01-02T03:04:05.000+00:00',
      thumbUrl: 'http://x/1.png',
      removed: 0,
      rev: expect.any(Number) as number,
    });
    const joerg = await db.searchRows.get(['actor', 2]);
    expect(joerg).toMatchObject({ foldedName: 'joerg mueller jorg muller', actingAgeFrom: 30, actingAgeTo: 45, removed: 1 });
    expect(await db.searchRows.get(['crew', 7])).toMatchObject({ name: 'Zoë Adler', foldedName: 'zoe adler', gender: 'i', genderNew: null, professions: ['kamera'] });
    // The data of version 1 is untouched.
    expect(await db.actors.get(2)).toEqual(withDetail);
    expect((await db.syncState.get('actors'))?.watermark).toBe('2026-01-02T03:04:05.000+00:00');
    // The indexes of version 2 answer.
    expect(await db.searchRows.where('languageCodes').equals('eng').count()).toBe(2);
    expect(await db.searchRows.where('removed').equals(0).count()).toBe(2);
  });

  it('version 2 → 3 rebuilds the search rows with the detail fields and a write order', async () => {
    const id = freshConnectionId();
    const v2 = new Dexie(libraryDbName(id), dexieOptions);
    v2.version(1).stores(librarySchemaVersions[1]);
    v2.version(2).stores(librarySchemaVersions[2]);
    await v2.open();
    const detailed: ActorRow = {
      ...actorRow(3, 'Lena Berg'),
      detail: {
        id: 3,
        first_name: 'Lena',
        last_name: 'Berg',
        updated_at: '2026-01-02T03:04:05.000+00:00',
        acting_age_from: 20,
        acting_age_to: 28,
        height: 172,
        nationalities: ['DE'],
        languages: { deu: 'muttersprachlich' },
        dialects: { bavarian: 'good' },
        native_dialects: ['swabian'],
        accents: { french: 'basic' },
        instruments: { piano: 'good' },
        sports: ['tennis'],
        drivers_licenses: ['b'],
        specializations: ['saenger'],
        main_profession: 'actor',
        accommodation_options: ['Hamburg'],
        locations: [{ name: 'München', type: 'place', country: 'DE' }, { name: 'Köln', type: 'accommodation', country: 'DE' }],
        showreels: [{ name: 'Reel', url: 'http://x/r.mp4', type: 'video' }],
        talent_agency_connections: [
          { talent_agency_id: 9, talent_agency_employee_id: 1, agency_profile_url: null, talent_agency_name: 'Zweit', categories: [], regions: [], connection_type: 'secondary_agency' },
          { talent_agency_id: 8, talent_agency_employee_id: 1, agency_profile_url: null, talent_agency_name: 'Erst', categories: [], regions: [], connection_type: 'primary_agency' },
        ],
      },
    };
    await v2.table('actors').bulkPut([actorRow(1, 'Anna Schmidt'), detailed]);
    // A version-2 search row lacks every detail field.
    await v2.table('searchRows').put({ kind: 'actor', id: 3, name: 'Lena Berg', foldedName: 'lena berg', gender: 'f', genderNew: 'female', actingAgeFrom: 20, actingAgeTo: 28, languageCodes: ['deu'], professions: [], updatedAt: '2026-01-02T03:04:05.000+00:00', thumbUrl: null, removed: 0 });
    await v2.table('shortlists').add({ name: 'Kept', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' });
    v2.close();

    const db = await openLibraryDb(id, dexieOptions);
    opened.push(db);
    expect(db.verno).toBe(libraryDbVersion);
    expect(await db.searchRows.count()).toBe(2);
    expect(await db.searchRows.get(['actor', 3])).toMatchObject({
      foldedLastName: 'berg lena',
      height: 172,
      nationalities: ['DE'],
      languageLevels: { deu: 'muttersprachlich' },
      dialects: ['bavarian', 'swabian'],
      accents: ['french'],
      skills: ['instruments:piano', 'sports:tennis', 'drivers_licenses:b'],
      specializations: ['saenger'],
      mainProfession: 'actor',
      agencies: ['Erst', 'Zweit'],
      residences: ['München'],
      accommodations: ['Hamburg', 'Köln'],
      hasShowreel: true,
      hasDetail: 1,
    });
    // The new indexes answer and the other tables are untouched.
    expect((await db.searchRows.orderBy('rev').last())?.rev).toBe(2);
    // Version 4 drops the never-used shortlist tables (shortlists live in their own database).
    expect(db.tables.map((table) => table.name)).not.toContain('shortlists');
    expect(await db.savedSearches.count()).toBe(0);
    expect(await db.labels.count()).toBe(0);
  });
});

describe('storage errors', () => {
  it('a QuotaExceededError inside a page write rolls the whole page back and is the typed storage_full error', async () => {
    const id = freshConnectionId();
    const db = new LibraryDb(id, dexieOptions);
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
    const checkpoint: PageCheckpoint = { runId: 'r1', mode: 'full', nextPage: 2, perPage: 2, startedAt: '2026-01-01T00:00:00.000Z' };
    const items = [actorRow(1, 'Anna').item, actorRow(2, 'Ben').item];

    failSearchRows = true;
    const failure = await writeProfilePage(db, 'actor', 'actors', items, checkpoint, '2026-01-01T00:00:00.000Z').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LibraryStorageError);
    expect((failure as LibraryStorageError).code).toBe('storage_full');
    expect(await db.actors.count()).toBe(0);
    expect(await db.searchRows.count()).toBe(0);
    expect(await db.syncState.get('actors')).toBeUndefined();

    failSearchRows = false;
    await writeProfilePage(db, 'actor', 'actors', items, checkpoint, '2026-01-01T00:00:00.000Z');
    expect(await db.actors.count()).toBe(2);
    expect(await db.searchRows.count()).toBe(2);
    expect((await db.syncState.get('actors'))?.checkpoint).toEqual(checkpoint);
  });

  it('deleteLibraryDb clears one connection and leaves the others', async () => {
    const kept = freshConnectionId();
    const cleared = freshConnectionId();
    for (const id of [kept, cleared]) {
      const db = await openLibraryDb(id, dexieOptions);
      await db.actors.put(actorRow(1, 'Anna'));
      db.close();
    }
    await deleteLibraryDb(cleared, dexieOptions);
    const keptDb = await openLibraryDb(kept, dexieOptions);
    const clearedDb = await openLibraryDb(cleared, dexieOptions);
    opened.push(keptDb, clearedDb);
    expect(await keptDb.actors.count()).toBe(1);
    expect(await clearedDb.actors.count()).toBe(0);
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
