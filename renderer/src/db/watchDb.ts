/**
 * What the watching saved searches and casting calls remember between syncs, in a database of its
 * own (`castdesk-watch`): the library is keyed per connection today and will be merged into one
 * later, its saved-search ids may be renumbered, and "clear cache" deletes it; none of that may
 * make every profile "new" again. So a search is named by its kind and query text as saved, a
 * profile by (directory origin, kind, id) and a casting call by (directory origin, call id).
 * One Dexie class, a versioned schema; every upgrade gets a test.
 */
import { Dexie, type DexieOptions, type Table } from 'dexie';
import type { ProfileKind } from './libraryDb.ts';

/** A saved search as the watch knows it: its kind and its query text exactly as saved. */
export interface WatchedSearch {
  kind: ProfileKind;
  query: string;
}

/** One saved search's memory for the profiles of one directory. */
export interface SearchWatchRow {
  kind: ProfileKind;
  /** The saved search's query text exactly as saved (its stable identity, with `kind`). */
  query: string;
  /** The directory the ids belong to (db/directoryOrigin.ts). */
  origin: string;
  /** When the first run recorded the matches of that time as already known (ISO). */
  baselineAt: string;
  /** Every profile id that ever matched, ascending: a match outside it is new. */
  knownIds: number[];
  /** Ids flagged new and not yet marked as seen, in the order they were found. */
  freshIds: number[];
}

/** Why a casting call is flagged. */
export type CallNews = 'new' | 'current';

/** One casting call's memory. */
export interface CallWatchRow {
  origin: string;
  callId: number;
  /** Whether the call was current at the last run (a change to current is news). */
  wasCurrent: boolean;
  /** The role ids known so far, ascending; null until the call's detail (its roles) was first seen. */
  roleIds: number[] | null;
  /** Why the call is flagged; null when not flagged (or marked as seen). */
  news: CallNews | null;
  /** Roles flagged new and not yet seen. */
  freshRoleIds: number[];
}

/** When the casting calls of a directory were first recorded (before it, nothing is news). */
export interface CallBaselineRow {
  origin: string;
  baselineAt: string;
}

/** Every schema version, oldest first (for the upgrade tests). Never edit a released version: add one. */
export const watchSchemaVersions = {
  1: {
    searchWatches: '[kind+query+origin], origin',
    callWatches: '[origin+callId], origin',
    callBaselines: 'origin',
  },
} as const;

export class WatchDb extends Dexie {
  searchWatches!: Table<SearchWatchRow, [ProfileKind, string, string]>;
  callWatches!: Table<CallWatchRow, [string, number]>;
  callBaselines!: Table<CallBaselineRow, string>;

  constructor(options?: DexieOptions) {
    super('castdesk-watch', options);
    this.version(1).stores(watchSchemaVersions[1]);
  }
}

let opened: WatchDb | null = null;

/** The one watch database of this page (opened on first use). */
export function watchDb(): WatchDb {
  return (opened ??= new WatchDb());
}

/** One directory's saved-search memories. */
export function searchWatchesOf(db: WatchDb, origin: string): Promise<SearchWatchRow[]> {
  return db.searchWatches.where('origin').equals(origin).toArray();
}

/** One directory's casting-call memories. */
export function callWatchesOf(db: WatchDb, origin: string): Promise<CallWatchRow[]> {
  return db.callWatches.where('origin').equals(origin).toArray();
}

/**
 * Reads what `work` needs and writes what it returns in one transaction, so a "mark as seen" made
 * while a run computes is never overwritten by the run.
 */
export async function updateSearchWatches(
  db: WatchDb,
  origin: string,
  work: (rows: SearchWatchRow[]) => SearchWatchRow[],
): Promise<void> {
  await db.transaction('rw', db.searchWatches, async () => {
    const changed = work(await searchWatchesOf(db, origin));
    if (changed.length > 0) await db.searchWatches.bulkPut(changed);
  });
}

/** The same for the casting calls of a directory and its baseline. */
export async function updateCallWatches(
  db: WatchDb,
  origin: string,
  work: (rows: CallWatchRow[], baseline: CallBaselineRow | undefined) => { rows: CallWatchRow[]; baseline?: CallBaselineRow },
): Promise<void> {
  await db.transaction('rw', db.callWatches, db.callBaselines, async () => {
    const [rows, baseline] = await Promise.all([callWatchesOf(db, origin), db.callBaselines.get(origin)]);
    const changed = work(rows, baseline);
    if (changed.rows.length > 0) await db.callWatches.bulkPut(changed.rows);
    if (changed.baseline) await db.callBaselines.put(changed.baseline);
  });
}
