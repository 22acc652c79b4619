/**
 * The offline library of every connection: one IndexedDB database (`castdesk-library`) holding the
 * profiles, casting calls, search rows and pictures of all connections, keyed by (directory origin,
 * profile id), with sync state per connection. One Dexie class, a versioned schema; every upgrade
 * has a test (test/unit/renderer/libraryDb.test.ts). The per-connection databases of earlier
 * versions are merged in by db/libraryMigration.ts.
 *
 * Writes go through `writeLibrary` so a full disk becomes the typed `storage_full` error and the
 * transaction rolls back: nothing is half-written.
 */
import { Dexie, type DexieOptions, type Table } from 'dexie';
import type {
  ActorDetail,
  ActorListItem,
  CastingCallDetail,
  CastingCallListItem,
  CrewDetail,
  CrewListItem,
} from '../../../contract/directory-api.ts';
import type { UnreadableItem } from './unreadableItems.ts';

export type ProfileKind = 'actor' | 'crew';

/** Why a profile left the live index; it stays in its table for shortlists ("no longer available"). */
export interface Removal {
  reason: 'deleted' | 'merged' | 'missing';
  /** For `merged`: the profile it was merged into. */
  newId?: number;
  /** ISO datetime (client clock; for display only). */
  at: string;
}

/** A cached actor or crew profile: the list item with every list field, and its detail once fetched. */
export interface ProfileRow<Item, Detail> {
  /** The library key: libraryUid (db/libraryKey.ts). */
  uid: number;
  /** The directory's id. */
  id: number;
  /** The directory (db/directoryOrigin.ts). */
  origin: string;
  /** The connections that see the profile (their lists or details brought it). */
  connections: string[];
  item: Item;
  /** ISO datetime the list item was last written. */
  listSyncedAt: string;
  detail?: Detail;
  detailFetchedAt?: string;
  /**
   * The content language the detail was asked in (about_me follows it); absent when the request
   * named none (details cached before it was recorded).
   */
  detailLocale?: string;
  /** The server's updated_at (ISO), from the detail or list item, whichever is newer. */
  updatedAt: string;
  removed?: Removal;
  /** Per connection: the id of its last full list run that saw this profile (reconciliation marker). */
  seenInRuns?: Record<string, string>;
}
export type ActorRow = ProfileRow<ActorListItem, ActorDetail>;
export type CrewRow = ProfileRow<CrewListItem, CrewDetail>;
/** An actor or crew row, for code that handles both kinds alike. */
export type AnyProfileRow = ProfileRow<ActorListItem | CrewListItem, ActorDetail | CrewDetail>;

export interface CastingCallRow {
  uid: number;
  id: number;
  origin: string;
  /** The connections whose lists bring the call. */
  connections: string[];
  /** The list item with every list field. */
  item: CastingCallListItem;
  /** The detail with its roles, once fetched. */
  detail?: CastingCallDetail;
  detailFetchedAt?: string;
  /** Whether the last `current=true` list run of a connection listed it. */
  current: boolean;
  /** The connections whose last `current=true` run listed it. */
  currentIn?: string[];
  /** ISO datetime the list item was last written. */
  fetchedAt: string;
  removed?: Removal;
  /** Per connection: its last full run (and `current=true` run) that listed it. */
  seenInRuns?: Record<string, string>;
  currentSeenInRuns?: Record<string, string>;
}

/**
 * What instant search, the filters and role matching need of a profile, nothing more: small enough
 * to hold 50,000 in memory. List fields come from the list item; the rest (acting ages, skills,
 * agencies, …) from the detail once it is cached (`hasDetail`). `removed` and `hasDetail` are 0 or 1
 * because IndexedDB cannot index booleans. Closed-list values are the directory's stable keys.
 */
export interface SearchRow {
  kind: ProfileKind;
  /** The library key (db/libraryKey.ts): what the search index keys rows by. */
  uid: number;
  /** The directory's id. */
  id: number;
  /** The directory. */
  origin: string;
  /** The connections that see the profile (the connection facet). */
  connections: string[];
  name: string;
  /** foldName(name): lower case, accents dropped, umlauts spelled out and dropped. */
  foldedName: string;
  /** foldName(last name, then first name): the "last name" sort. */
  foldedLastName: string;
  /** Actors: m/f/i or null; crew: m/f/i. */
  gender: string | null;
  /** Actors only. */
  genderNew: string | null;
  /** The genders the actor can be found under (detail; falls back to gender_new). */
  genderSearchability: string[];
  age: number | null;
  /** From the detail (lists carry no acting age); null until the detail is cached. */
  actingAgeFrom: number | null;
  actingAgeTo: number | null;
  /** ISO 639-2 codes the profile speaks (any level). */
  languageCodes: string[];
  /** ISO 639-2 code → level key (language_levels catalogue). */
  languageLevels: Record<string, string>;
  /** dialects and native dialects (keys). */
  dialects: string[];
  accents: string[];
  /** Actors: actor, young_actor or performer. */
  mainProfession: string | null;
  specializations: string[];
  /** Crew professions / actor professions (deprecated on actors), for filters. */
  professions: string[];
  /** Names of the talent agencies, the primary one first. */
  agencies: string[];
  /** Places of residence (location names of type place). */
  residences: string[];
  /** Housing options (accommodation_options). */
  accommodations: string[];
  /** Country codes. */
  nationalities: string[];
  height: number | null;
  /** `<catalogue>:<key>` for instruments, dances, singing, sports, licenses, drivers_licenses. */
  skills: string[];
  /** ethnic_background identifiers (for role matching). */
  ethnicBackgrounds: string[];
  hasShowreel: boolean;
  hasDetail: 0 | 1;
  updatedAt: string;
  /** The main picture's thumbnail URL (show it through mediaUrl only). */
  thumbUrl: string | null;
  removed: 0 | 1;
  /** From the detail: with the name, a hint that two directories list one person (search/samePerson.ts). */
  yearOfBirth?: number | null;
  /** The film-database id, trimmed and lower case; absent without one (a sparse index). */
  filmdbId?: string;
  /**
   * Write order: every put of a search row takes a larger rev than any before it in this
   * database, so the in-memory search index reads only what changed since its last read.
   */
  rev: number;
}

/** A named actor or crew search the user saved: the query as it stands in the URL. */
export interface SavedSearchRow {
  id?: number;
  kind: ProfileKind;
  name: string;
  /** The route query (URLSearchParams string, without '?'). */
  query: string;
  createdAt: string;
}

/** Closed-list labels of one catalogue in one content language, from the attributes endpoint. */
export interface LabelRow {
  /** The directory whose attributes endpoint gave them: two directories may label a key differently. */
  origin: string;
  catalogue: string;
  locale: string;
  labels: Record<string, string>;
  fetchedAt: string;
}

export type SyncResource = 'actors' | 'crew' | 'castingCalls' | 'castingCallsCurrent';

/** Where an interrupted list run continues: the next page to ask for, in the same mode. */
export interface PageCheckpoint {
  runId: string;
  mode: 'full' | 'incremental';
  nextPage: number;
  /** The page size the run reads with; a resumed run keeps it, so no item is skipped or repeated. */
  perPage: number;
  /** Incremental runs: the `updatedSince` (Unix seconds) the run started with, kept for its resume. */
  since?: number;
  /** Total the directory reported on the last page read. */
  total?: number;
  /** Every page is written; only the run's closing step (reconciliation) is left. */
  listComplete?: boolean;
  /** A page of this run was refused as too large: the run ends without reconciling (listSync.ts). */
  pageRefused?: boolean;
  startedAt: string;
}

export interface SyncState {
  connectionId: string;
  resource: SyncResource;
  /** The largest server updated_at seen (ISO), the base of incremental runs; null before any. */
  watermark: string | null;
  checkpoint: PageCheckpoint | null;
  lastFullReconciliationAt: string | null;
  /**
   * When a run saw what its timestamps cannot be trusted to catch: an `updated_at` that could not
   * move the watermark (not a time, or after the directory's clock: db/watermark.ts), or a list
   * page refused as too large. The next run is a full reconcile, which clears it.
   */
  reconcileDueAt?: string;
  lastRunCompletedAt: string | null;
  lastError: { code: string; message: string; at: string } | null;
  /** List items that did not match the API (db/unreadableItems.ts); absent when none. */
  unreadable?: UnreadableItem[];
}

/** A picture the back end's media cache holds, so the renderer knows it shows offline. */
export interface MediaRow {
  url: string;
  kind: 'thumb' | 'version';
  profileKind: ProfileKind;
  /** The directory's id of the profile. */
  profileId: number;
  /** The profile's directory (absent on rows of the old libraries). */
  origin?: string;
  cachedAt: string;
}

/** A scope the user asked to keep offline; the sync engine keeps its details (and pictures) cached. */
export type KeepOfflineScope =
  | { kind: 'roster'; resources?: ('actors' | 'crew')[] }
  | { kind: 'search'; resource: 'actors'; params: SavedActorSearch }
  | { kind: 'search'; resource: 'crew'; params: SavedCrewSearch }
  | { kind: 'castingCall'; castingCallId: number };

export interface SavedActorSearch {
  q?: string;
  gender?: 'male' | 'female' | 'transgender_female' | 'transgender_male' | 'non_binary' | 'custom';
  actingAgeMin?: number;
  actingAgeMax?: number;
  languages?: string[];
}
export interface SavedCrewSearch {
  q?: string;
  gender?: 'male' | 'female' | 'transgender_female' | 'transgender_male' | 'non_binary' | 'custom';
  professions?: ('regie' | 'autor' | 'kamera' | 'komponist' | 'dramaturg' | 'schnitt')[];
}

export interface KeepOfflineRow {
  /** JSON of the scope: the same scope is kept once. */
  key: string;
  scope: KeepOfflineScope;
  addedAt: string;
}

/**
 * The schema versions of the old per-connection libraries (`castdesk-library-<connectionId>`),
 * oldest first, as they were released. Kept only so the migration into the one library
 * (db/libraryMigration.ts) and its tests can open them exactly; never edit them.
 */
export const legacyLibrarySchemaVersions = {
  1: {
    actors: 'id, updatedAt, seenInRun',
    crew: 'id, updatedAt, seenInRun',
    castingCalls: 'id, current, seenInRun',
    syncState: 'resource',
    media: 'url, [profileKind+profileId], kind',
    shortlists: '++id, name',
    shortlistEntries: '++id, shortlistId, [profileKind+profileId]',
  },
  2: {
    searchRows: '[kind+id], kind, foldedName, removed, *languageCodes',
    keepOffline: 'key',
  },
  3: {
    searchRows: '[kind+id], kind, foldedName, removed, *languageCodes, rev',
    savedSearches: '++id, kind',
    labels: '[catalogue+locale]',
  },
  4: {
    shortlists: null,
    shortlistEntries: null,
  },
} as const;
export const legacyLibraryDbVersion = 4;
export const legacyLibraryPrefix = 'castdesk-library-';

/** The name of the old library of one connection. */
export function legacyLibraryDbName(connectionId: string): string {
  return `${legacyLibraryPrefix}${connectionId}`;
}

/**
 * Every schema version of the one library, oldest first. Exported for the upgrade tests, which
 * create a database at an old version exactly as it was. Never edit a released version: add one.
 *
 * Profiles are keyed by `uid` (db/libraryKey.ts: the directory origin's code and id), so
 * one actor seen through two keys of one directory is one row whose multiEntry `connections` names
 * every connection that sees it; sync state is kept per connection and resource.
 */
export const librarySchemaVersions = {
  1: {
    origins: 'origin, &code',
    actors: 'uid, id, *connections',
    crew: 'uid, id, *connections',
    castingCalls: 'uid, id, *connections',
    searchRows: '[kind+uid], kind, foldedName, removed, *languageCodes, rev, *connections, filmdbId',
    syncState: '[connectionId+resource], connectionId',
    media: 'url, kind',
    keepOffline: 'key',
    savedSearches: '++id, kind',
    labels: '[origin+catalogue+locale]',
    migrations: 'source',
  },
} as const;
export const libraryDbVersion = 1;
export const libraryDbName = 'castdesk-library';

/** One directory origin and its small code (the high part of every uid of its profiles). */
export interface OriginRow {
  origin: string;
  code: number;
}

/** An old per-connection library merged into this one (the migration's ledger). */
export interface MigrationRow {
  source: string;
  connectionId: string;
  mergedAt: string;
}

/** The offline library of every connection. */
export class LibraryDb extends Dexie {
  origins!: Table<OriginRow, string>;
  actors!: Table<ActorRow, number>;
  crew!: Table<CrewRow, number>;
  castingCalls!: Table<CastingCallRow, number>;
  searchRows!: Table<SearchRow, [ProfileKind, number]>;
  syncState!: Table<SyncState, [string, SyncResource]>;
  media!: Table<MediaRow, string>;
  keepOffline!: Table<KeepOfflineRow, string>;
  savedSearches!: Table<SavedSearchRow, number>;
  labels!: Table<LabelRow, [string, string, string]>;
  migrations!: Table<MigrationRow, string>;

  constructor(name: string = libraryDbName, options?: DexieOptions) {
    super(name, options);
    this.version(1).stores(librarySchemaVersions[1]);
  }
}

/** The storage error the UI names: the disk (or the browser's quota) is full. */
export class LibraryStorageError extends Error {
  readonly code = 'storage_full' as const;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LibraryStorageError';
  }
}

function isQuotaExceeded(error: unknown): boolean {
  for (let current = error as { name?: unknown; inner?: unknown; cause?: unknown } | undefined; current; ) {
    if (current.name === 'QuotaExceededError') return true;
    current = (current.inner ?? current.cause) as typeof current;
  }
  return false;
}

/**
 * Runs `work` in one read-write transaction over `tables`. A QuotaExceededError anywhere in it
 * rolls the whole transaction back and becomes a LibraryStorageError (`storage_full`).
 */
export async function writeLibrary<T>(db: Dexie, tables: Table[], work: () => Promise<T>): Promise<T> {
  try {
    return await db.transaction('rw', tables, work);
  } catch (error) {
    if (isQuotaExceeded(error)) {
      throw new LibraryStorageError('The disk or the browser storage for the offline library is full; nothing of the last step was written.', { cause: error });
    }
    throw error;
  }
}

/** Opens (and creates or upgrades) the one library (tests pass their own name). */
export async function openLibraryDb(name: string = libraryDbName, options?: DexieOptions): Promise<LibraryDb> {
  const db = new LibraryDb(name, options);
  await db.open();
  return db;
}

/** Deletes a whole library database (tests; the app clears one connection's share instead). */
export async function deleteLibraryDb(name: string = libraryDbName, options?: DexieOptions): Promise<void> {
  await new LibraryDb(name, options).delete();
}

/** The part of the browser's StorageManager that decides eviction. */
export interface PersistableStorage {
  persist?(): Promise<boolean>;
  persisted?(): Promise<boolean>;
}

function browserStorage(): PersistableStorage | undefined {
  return (globalThis as { navigator?: { storage?: PersistableStorage } }).navigator?.storage;
}

/**
 * Asks the browser to keep the library when storage runs low (navigator.storage.persist). Returns
 * whether storage is persistent; false where the API is missing or the browser says no.
 */
export async function requestPersistentStorage(storage: PersistableStorage | undefined = browserStorage()): Promise<boolean> {
  if (!storage || typeof storage.persist !== 'function') return false;
  try {
    if (typeof storage.persisted === 'function' && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}
