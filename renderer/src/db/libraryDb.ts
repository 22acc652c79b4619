/**
 * The offline library of one connection: one IndexedDB database per connection
 * (`castdesk-library-<connectionId>`), so "clear cache" of one connection is one deleteDatabase and
 * two directories never mix their ids. One Dexie class, a versioned schema; every upgrade has a
 * test (test/unit/renderer/libraryDb.test.ts).
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
import { searchRowFromProfile } from './searchRows.ts';
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
  id: number;
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
  /** The id of the last full list run that saw this profile (full reconciliation marker). */
  seenInRun?: string;
}
export type ActorRow = ProfileRow<ActorListItem, ActorDetail>;
export type CrewRow = ProfileRow<CrewListItem, CrewDetail>;
/** An actor or crew row, for code that handles both kinds alike. */
export type AnyProfileRow = ProfileRow<ActorListItem | CrewListItem, ActorDetail | CrewDetail>;

export interface CastingCallRow {
  id: number;
  /** The list item with every list field. */
  item: CastingCallListItem;
  /** The detail with its roles, once fetched. */
  detail?: CastingCallDetail;
  detailFetchedAt?: string;
  /** Whether the last `current=true` list run listed it. */
  current: boolean;
  /** ISO datetime the list item was last written. */
  fetchedAt: string;
  removed?: Removal;
  seenInRun?: string;
  /** The id of the last `current=true` list run that listed it. */
  currentSeenInRun?: string;
}

/**
 * What instant search, the filters and role matching need of a profile, nothing more: small enough
 * to hold 50,000 in memory. List fields come from the list item; the rest (acting ages, skills,
 * agencies, …) from the detail once it is cached (`hasDetail`). `removed` and `hasDetail` are 0 or 1
 * because IndexedDB cannot index booleans. Closed-list values are the directory's stable keys.
 */
export interface SearchRow {
  kind: ProfileKind;
  id: number;
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
  startedAt: string;
}

export interface SyncState {
  resource: SyncResource;
  /** The largest server updated_at seen (ISO), the base of incremental runs; null before any. */
  watermark: string | null;
  checkpoint: PageCheckpoint | null;
  lastFullReconciliationAt: string | null;
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
  profileId: number;
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
 * Every schema version, oldest first. Exported for the upgrade tests, which create a database at an
 * old version exactly as it was. Never edit a released version: add one.
 */
export const librarySchemaVersions = {
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
  // Shortlists moved to their own database (db/shortlistDb.ts), which "clear cache" never touches.
  4: {
    shortlists: null,
    shortlistEntries: null,
  },
} as const;
export const libraryDbVersion = 4;

export function libraryDbName(connectionId: string): string {
  return `castdesk-library-${connectionId}`;
}

/** The offline library of one connection. */
export class LibraryDb extends Dexie {
  actors!: Table<ActorRow, number>;
  crew!: Table<CrewRow, number>;
  castingCalls!: Table<CastingCallRow, number>;
  searchRows!: Table<SearchRow, [ProfileKind, number]>;
  syncState!: Table<SyncState, SyncResource>;
  media!: Table<MediaRow, string>;
  keepOffline!: Table<KeepOfflineRow, string>;
  savedSearches!: Table<SavedSearchRow, number>;
  labels!: Table<LabelRow, [string, string]>;

  constructor(
    readonly connectionId: string,
    options?: DexieOptions,
  ) {
    super(libraryDbName(connectionId), options);
    this.version(1).stores(librarySchemaVersions[1]);
    // Version 2: the slim search rows, built from every cached actor and crew profile.
    this.version(2)
      .stores(librarySchemaVersions[2])
      .upgrade(async (tx) => {
        const searchRows = tx.table<SearchRow, [ProfileKind, number]>('searchRows');
        const actors = (await tx.table<ActorRow, number>('actors').toArray()).map((row) => searchRowFromProfile('actor', row));
        const crew = (await tx.table<CrewRow, number>('crew').toArray()).map((row) => searchRowFromProfile('crew', row));
        await searchRows.bulkPut([...actors, ...crew].map((row, index) => ({ ...row, rev: index + 1 })));
      });
    // Version 3: search rows carry the detail fields the filters and role matching read, and a
    // write order (rev) for incremental index reads; saved searches; cached closed-list labels.
    this.version(3)
      .stores(librarySchemaVersions[3])
      .upgrade(async (tx) => {
        const searchRows = tx.table<SearchRow, [ProfileKind, number]>('searchRows');
        await searchRows.clear();
        let rev = 0;
        for (const [kind, table] of [['actor', 'actors'], ['crew', 'crew']] as const) {
          const rows = await tx.table<AnyProfileRow, number>(table).toArray();
          await searchRows.bulkPut(rows.map((row) => ({ ...searchRowFromProfile(kind, row), rev: ++rev })));
        }
      });
    // Version 4: the shortlist tables (never written: shortlists came later, in their own database) go.
    this.version(4).stores(librarySchemaVersions[4]);
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

/** Opens (and creates or upgrades) the library of `connectionId`. */
export async function openLibraryDb(connectionId: string, options?: DexieOptions): Promise<LibraryDb> {
  const db = new LibraryDb(connectionId, options);
  await db.open();
  return db;
}

/**
 * "Clear cache" for one connection: deletes its whole library database. Close (and stop the sync
 * engine of) any open LibraryDb of the connection first, or the deletion waits for it.
 */
export async function deleteLibraryDb(connectionId: string, options?: DexieOptions): Promise<void> {
  await new LibraryDb(connectionId, options).delete();
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
