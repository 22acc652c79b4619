/**
 * The user's own work per connection: shortlists and their entries, in a database of their own
 * (`castdesk-shortlists-<connectionId>`), apart from the offline library, so "clear cache" or an
 * evicted library never takes a casting director's selects with it. Every entry keeps a snapshot of
 * what a list, a CSV row and a contact sheet show, so it still reads when the directory removes the
 * profile ("no longer available") or the cache is cleared. One Dexie class, versioned schema; every
 * upgrade has a test.
 */
import { Dexie, type DexieOptions, type Table } from 'dexie';
import { writeLibrary } from './libraryDb.ts';

export const shortlistStatuses = ['considering', 'invited', 'callback', 'booked', 'released'] as const;
export type ShortlistStatus = (typeof shortlistStatuses)[number];

/** Colour labels an entry can carry beside free tags. */
export const shortlistColours = ['red', 'orange', 'yellow', 'green', 'blue', 'purple'] as const;
export type ShortlistColour = (typeof shortlistColours)[number];

export interface ShortlistRow {
  id?: number;
  name: string;
  /** The casting call and role the list is for, when it is for one. */
  castingCallId: number | null;
  roleId: number | null;
  /** Names as they were when tied, so the list reads offline and after the call is gone. */
  castingCallName: string | null;
  roleName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What an entry shows without the offline library: taken when added, refreshed when the profile is seen. */
export interface ActorSnapshot {
  name: string;
  actingAgeFrom: number | null;
  actingAgeTo: number | null;
  age: number | null;
  height: number | null;
  gender: string | null;
  /** Primary agency first. */
  agencies: string[];
  /** ISO 639-2 → level key. */
  languages: Record<string, string>;
  /** The main picture's thumbnail and a larger version (directory URLs; shown through the media cache). */
  thumbUrl: string | null;
  pictureUrl: string | null;
  /** The directory's updated_at of what the snapshot was taken from. */
  updatedAt: string | null;
}

export interface ShortlistEntryRow {
  id?: number;
  shortlistId: number;
  actorId: number;
  /** Order within the list: ascending; moves take a value between the neighbours. */
  position: number;
  note: string;
  /** 1 to 5, or null when not rated. */
  rating: number | null;
  colours: ShortlistColour[];
  tags: string[];
  status: ShortlistStatus;
  addedAt: string;
  updatedAt: string;
  snapshot: ActorSnapshot;
}

/** Every schema version, oldest first (the upgrade tests build old versions from it). Never edit a released one. */
export const shortlistSchemaVersions = {
  1: {
    shortlists: '++id, name, castingCallId',
    entries: '++id, shortlistId, actorId, [shortlistId+position], [shortlistId+actorId]',
  },
} as const;
export const shortlistDbVersion = 1;

export function shortlistDbName(connectionId: string): string {
  return `castdesk-shortlists-${connectionId}`;
}

export class ShortlistDb extends Dexie {
  shortlists!: Table<ShortlistRow, number>;
  entries!: Table<ShortlistEntryRow, number>;

  constructor(
    readonly connectionId: string,
    options?: DexieOptions,
  ) {
    super(shortlistDbName(connectionId), options);
    this.version(1).stores(shortlistSchemaVersions[1]);
  }
}

export async function openShortlistDb(connectionId: string, options?: DexieOptions): Promise<ShortlistDb> {
  const db = new ShortlistDb(connectionId, options);
  await db.open();
  return db;
}

/**
 * The actors on any shortlist of `connectionId`, for the sync engine (it keeps their details and
 * pictures). Opens the database briefly; a connection without shortlists has none.
 */
export async function shortlistedActorIds(connectionId: string, options?: DexieOptions): Promise<number[]> {
  const db = new ShortlistDb(connectionId, options);
  try {
    return [...new Set((await db.entries.orderBy('actorId').uniqueKeys()) as number[])];
  } finally {
    db.close();
  }
}

/**
 * Runs `work` in one read-write transaction over both tables; a full disk becomes the typed
 * `storage_full` error and nothing of it is written.
 */
export function writeShortlists<T>(db: ShortlistDb, work: () => Promise<T>): Promise<T> {
  return writeLibrary(db, [db.shortlists, db.entries], work);
}
