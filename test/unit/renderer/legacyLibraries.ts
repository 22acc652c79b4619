/**
 * Old per-connection libraries (`castdesk-library-<connectionId>`, schema version 4, the last one
 * released) with realistic rows, for the migration tests in fake-indexeddb and in Chromium:
 * `alpha` and `beta` are two keys of one directory that both see actor 1 (beta's list item is
 * newer, alpha holds the detail) and casting call 3; `gamma` is another directory whose id 1 is
 * someone else; `delta` is a connection the app no longer knows.
 */
import { Dexie, type DexieOptions } from 'dexie';
import { legacyLibraryDbVersion, legacyLibrarySchemaVersions } from '../../../renderer/src/db/libraryDb.ts';

export const directoryOrigin = 'https://directory.example';
export const otherOrigin = 'https://other.example:8443';

/** The old library's Dexie layout, every version as released. */
export function legacyLayout(name: string, options?: DexieOptions): Dexie {
  const legacy = new Dexie(name, options);
  for (let version = 1; version <= legacyLibraryDbVersion; version++) {
    legacy.version(version).stores(legacyLibrarySchemaVersions[version as keyof typeof legacyLibrarySchemaVersions]);
  }
  return legacy;
}

const agency = (name: string, type: 'primary_agency' | 'secondary_agency') => ({
  talent_agency_id: name.length,
  talent_agency_employee_id: 1,
  agency_profile_url: null,
  talent_agency_name: name,
  categories: [],
  regions: [],
  connection_type: type,
});

const annaItem = (name: string, updatedAt: string) => ({
  id: 1,
  name,
  first_name: 'Anna',
  last_name: name.split(' ')[1],
  gender: 'f',
  gender_new: 'female',
  languages: { deu: 'muttersprachlich', eng: 'fliessend' },
  professions: [],
  representative: null,
  main_profession: 'actor',
  updated_at: updatedAt,
  main_picture_url_tile: 'https://media.directory.example/1/tile.jpg',
});

const syncState = (resource: string, watermark: string | null, extra: Record<string, unknown> = {}) => ({
  resource,
  watermark,
  checkpoint: null,
  lastFullReconciliationAt: '2026-01-06T10:00:00.000Z',
  lastRunCompletedAt: '2026-01-06T10:00:00.000Z',
  lastError: null,
  ...extra,
});

type Rows = Record<string, unknown>[];
export interface LegacyContents {
  actors: (Record<string, unknown> & { detail?: unknown })[];
  crew: (Record<string, unknown> & { detail?: unknown })[];
  castingCalls: (Record<string, unknown> & { detail?: unknown })[];
  syncState: (Record<string, unknown> & { resource: string })[];
  media: Rows;
  keepOffline: (Record<string, unknown> & { key: string })[];
  savedSearches: Rows;
  labels: Rows;
}

export const legacyLibraryContents: Record<string, LegacyContents> = {
  alpha: {
    actors: [
      {
        id: 1,
        item: annaItem('Anna Schmidt', '2026-01-05T09:00:00.000+00:00'),
        listSyncedAt: '2026-01-05T10:00:00.000Z',
        updatedAt: '2026-01-05T09:00:00.000+00:00',
        seenInRun: 'run-a',
        detail: {
          id: 1,
          first_name: 'Anna',
          last_name: 'Schmidt',
          updated_at: '2026-01-05T09:00:00.000+00:00',
          acting_age_from: 28,
          acting_age_to: 40,
          height: 168,
          languages: { deu: 'muttersprachlich', eng: 'fliessend' },
          talent_agency_connections: [agency('Agentur Nord', 'primary_agency')],
          pictures: [{ main_picture: true, versions: { thumb: 'https://media.directory.example/1/thumb.jpg', large: 'https://media.directory.example/1/large.jpg' } }],
        },
        detailFetchedAt: '2026-01-05T10:01:00.000Z',
      },
      {
        id: 2,
        item: { id: 2, name: 'Ben Richter', gender: 'm', gender_new: 'male', languages: { deu: 'muttersprachlich' }, updated_at: '2025-12-01T00:00:00.000+00:00' },
        listSyncedAt: '2025-12-02T00:00:00.000Z',
        updatedAt: '2025-12-01T00:00:00.000+00:00',
        seenInRun: 'run-old',
        removed: { reason: 'missing', at: '2026-01-05T10:02:00.000Z' },
      },
    ],
    crew: [
      {
        id: 7,
        item: { id: 7, first_name: 'Zoë', last_name: 'Adler', gender: 'i', professions: ['kamera'], updated_at: '2026-01-04T00:00:00.000+00:00', about_me: 'Kamerafrau' },
        listSyncedAt: '2026-01-05T10:00:00.000Z',
        updatedAt: '2026-01-04T00:00:00.000+00:00',
        seenInRun: 'run-a',
        detail: { id: 7, first_name: 'Zoë', last_name: 'Adler', updated_at: '2026-01-04T00:00:00.000+00:00', professions: ['kamera'], credits: [] },
        detailFetchedAt: '2026-01-05T10:03:00.000Z',
      },
    ],
    castingCalls: [
      {
        id: 3,
        item: { id: 3, name: 'Tatort – Gastrolle', casting_type: 'tv', description: null, production_format: 'series', deadline: '2026-02-01' },
        detail: { id: 3, name: 'Tatort – Gastrolle', casting_type: 'tv', roles: [{ id: 31, name: 'Kommissarin', gender: ['female'], acting_age_from: 30, acting_age_to: 45 }] },
        detailFetchedAt: '2026-01-05T10:04:00.000Z',
        current: true,
        fetchedAt: '2026-01-05T10:00:00.000Z',
        seenInRun: 'run-a',
        currentSeenInRun: 'run-ac',
      },
    ],
    syncState: [
      syncState('actors', '2026-01-05T09:00:00.000+00:00', {
        unreadable: [{ id: 99, page: 1, path: '$[4].gender_new', reason: 'Invalid enum value', seenAt: '2026-01-05T10:00:00.000Z' }],
      }),
      syncState('crew', '2026-01-04T00:00:00.000+00:00', {
        checkpoint: { runId: 'run-c', mode: 'incremental', nextPage: 3, perPage: 1000, since: 1767000000, total: 2400, startedAt: '2026-01-06T09:00:00.000Z' },
      }),
    ],
    media: [{ url: 'https://media.directory.example/1/tile.jpg', kind: 'thumb', profileKind: 'actor', profileId: 1, cachedAt: '2026-01-05T10:05:00.000Z' }],
    keepOffline: [{ key: '{"kind":"roster"}', scope: { kind: 'roster' }, addedAt: '2026-01-01T00:00:00.000Z' }],
    savedSearches: [{ kind: 'actor', name: 'Leads', query: 'gender=female&lang=deu', createdAt: '2026-01-02T00:00:00.000Z' }],
    labels: [{ catalogue: 'languages', locale: 'de', labels: { deu: 'Deutsch' }, fetchedAt: '2026-01-01T00:00:00.000Z' }],
  },
  beta: {
    actors: [
      {
        id: 1,
        item: annaItem('Anna Schmidt-Berg', '2026-01-06T08:00:00.000+00:00'),
        listSyncedAt: '2026-01-06T10:00:00.000Z',
        updatedAt: '2026-01-06T08:00:00.000+00:00',
        seenInRun: 'run-b',
      },
      {
        id: 4,
        item: { id: 4, name: 'Clara Weiß', gender: 'f', gender_new: 'female', languages: { deu: 'muttersprachlich' }, updated_at: '2026-01-06T07:00:00.000+00:00' },
        listSyncedAt: '2026-01-06T10:00:00.000Z',
        updatedAt: '2026-01-06T07:00:00.000+00:00',
        seenInRun: 'run-b',
      },
    ],
    crew: [],
    castingCalls: [
      {
        id: 3,
        item: { id: 3, name: 'Tatort – Gastrolle', casting_type: 'tv', description: null, production_format: 'series', deadline: '2026-02-01' },
        current: false,
        fetchedAt: '2026-01-04T10:00:00.000Z',
        seenInRun: 'run-b',
      },
    ],
    syncState: [syncState('actors', '2026-01-06T08:00:00.000+00:00'), syncState('castingCalls', null)],
    media: [],
    keepOffline: [
      { key: '{"kind":"roster"}', scope: { kind: 'roster' }, addedAt: '2026-01-03T00:00:00.000Z' },
      { key: '{"kind":"search","params":{"gender":"female"},"resource":"actors"}', scope: { kind: 'search', resource: 'actors', params: { gender: 'female' } }, addedAt: '2026-01-04T00:00:00.000Z' },
    ],
    savedSearches: [
      { kind: 'actor', name: 'Leads', query: 'gender=female&lang=deu', createdAt: '2026-01-03T00:00:00.000Z' },
      { kind: 'actor', name: 'Kids', query: 'main=young_actor', createdAt: '2026-01-03T00:00:00.000Z' },
    ],
    labels: [{ catalogue: 'languages', locale: 'de', labels: { deu: 'Deutsch', eng: 'Englisch' }, fetchedAt: '2026-01-06T00:00:00.000Z' }],
  },
  gamma: {
    actors: [
      {
        id: 1,
        item: { id: 1, name: 'Dora Yılmaz', gender: 'f', gender_new: 'female', languages: { tur: 'muttersprachlich' }, updated_at: '2026-01-03T00:00:00.000+00:00' },
        listSyncedAt: '2026-01-03T00:00:00.000Z',
        updatedAt: '2026-01-03T00:00:00.000+00:00',
        seenInRun: 'run-g',
      },
    ],
    crew: [],
    castingCalls: [],
    syncState: [syncState('actors', '2026-01-03T00:00:00.000+00:00')],
    media: [],
    keepOffline: [],
    savedSearches: [],
    labels: [],
  },
  delta: {
    actors: [
      {
        id: 1,
        item: { id: 1, name: 'Emil Brandt', gender: 'm', languages: {}, updated_at: '2025-06-01T00:00:00.000+00:00' },
        listSyncedAt: '2025-06-01T00:00:00.000Z',
        updatedAt: '2025-06-01T00:00:00.000+00:00',
      },
    ],
    crew: [],
    castingCalls: [],
    syncState: [],
    media: [],
    keepOffline: [],
    savedSearches: [],
    labels: [],
  },
};
