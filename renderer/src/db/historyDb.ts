/**
 * The change history of actor and crew profiles: ONE database for the user (`castdesk-history`),
 * apart from the offline library, so clearing or reshaping a library never takes the history with
 * it. A record names its profile by (directory origin, kind, profile id) — db/directoryOrigin.ts —
 * and is keyed by that profile and the directory's new updated_at: a record written again for the
 * same update (a sync that crashed between the history and the library write, then ran again)
 * replaces itself, never doubles. Each record is one put, together with the running size, in one
 * transaction; when the size passes the user's cap the oldest records go first. The last time the
 * user opened a profile lives here too. One Dexie class, versioned schema; every upgrade has a test.
 */
import { Dexie, type DexieOptions, type Table } from 'dexie';
import type { ProfileChange } from '../history/profileDiff.ts';
import { writeLibrary, type ProfileKind } from './libraryDb.ts';

export interface ChangeRecord {
  /** recordKey(origin, kind, profileId, updatedAt): one record per update of a profile. */
  key: string;
  origin: string;
  kind: ProfileKind;
  profileId: number;
  /** The profile's name as the new detail gives it, so the record reads without the library. */
  name: string;
  /** The directory's updated_at of the new detail (the update the record describes). */
  updatedAt: string;
  /** The updated_at of the detail it replaced. */
  previousUpdatedAt: string | null;
  /** When the sync noticed it (client clock): "new since last opened" compares with this. */
  recordedAt: string;
  /** Write order: the smallest goes first when the history passes its cap. */
  seq: number;
  changes: ProfileChange[];
  /** The record's size as the history counts it (its JSON's length). */
  bytes: number;
}

/** What a writer gives; key, order and size are the database's. */
export type NewChangeRecord = Omit<ChangeRecord, 'key' | 'seq' | 'bytes'>;

export interface OpenedRow {
  origin: string;
  kind: ProfileKind;
  profileId: number;
  /** When the user last opened the profile's page (client clock, ISO). */
  openedAt: string;
}

/** The running size of the history and the user's cap, one row each. */
export type MetaRow = { key: 'totals'; bytes: number; count: number; lastSeq: number } | { key: 'settings'; capBytes: number };

export interface HistoryTotals {
  bytes: number;
  count: number;
  capBytes: number;
}

/** The cap until the user sets one: some 25,000 typical records. */
export const defaultHistoryCapBytes = 10 * 1024 * 1024;
/** The smallest cap the settings accept: a history must hold at least a few records. */
export const minHistoryCapBytes = 64 * 1024;

export const historyDbName = 'castdesk-history';

/** Every schema version, oldest first (the upgrade tests build old versions from it). Never edit a released one. */
export const historySchemaVersions = {
  1: {
    records: 'key, seq, [origin+kind+profileId]',
    opened: '[origin+kind+profileId]',
    meta: 'key',
  },
} as const;
export const historyDbVersion = 1;

export class HistoryDb extends Dexie {
  records!: Table<ChangeRecord, string>;
  opened!: Table<OpenedRow, [string, ProfileKind, number]>;
  meta!: Table<MetaRow, MetaRow['key']>;

  /** `name` is for tests, which each need a database of their own. */
  constructor(options?: DexieOptions, name: string = historyDbName) {
    super(name, options);
    this.version(1).stores(historySchemaVersions[1]);
  }
}

export async function openHistoryDb(options?: DexieOptions, name?: string): Promise<HistoryDb> {
  const db = new HistoryDb(options, name);
  await db.open();
  return db;
}

/** The deterministic key of the record of one update of one profile. */
export function recordKey(origin: string, kind: ProfileKind, profileId: number, updatedAt: string): string {
  return JSON.stringify([origin, kind, profileId, updatedAt]);
}

async function readTotals(db: HistoryDb): Promise<{ bytes: number; count: number; lastSeq: number; capBytes: number }> {
  const [totals, settings] = await db.meta.bulkGet(['totals', 'settings']);
  const sums = totals?.key === 'totals' ? totals : { bytes: 0, count: 0, lastSeq: 0 };
  return { bytes: sums.bytes, count: sums.count, lastSeq: sums.lastSeq, capBytes: settings?.key === 'settings' ? settings.capBytes : defaultHistoryCapBytes };
}

/** Deletes the oldest records until the size fits the cap (the newest record always stays). */
async function trimToCap(db: HistoryDb, sums: { bytes: number; count: number }, capBytes: number): Promise<{ bytes: number; count: number }> {
  let { bytes, count } = sums;
  while (bytes > capBytes && count > 1) {
    const oldest = await db.records.orderBy('seq').limit(Math.min(100, count - 1)).toArray();
    const gone: string[] = [];
    for (const record of oldest) {
      if (bytes <= capBytes || count <= 1) break;
      gone.push(record.key);
      bytes -= record.bytes;
      count -= 1;
    }
    if (gone.length === 0) break;
    await db.records.bulkDelete(gone);
  }
  return { bytes, count };
}

/**
 * Writes one record in one transaction with the running size, trimming the oldest past the cap.
 * The same update written again replaces its record (keeping its place in the order). A full disk
 * is `storage_full` and writes nothing.
 */
export async function putChangeRecord(db: HistoryDb, record: NewChangeRecord): Promise<ChangeRecord> {
  const key = recordKey(record.origin, record.kind, record.profileId, record.updatedAt);
  return writeLibrary(db, [db.records, db.meta], async () => {
    const [existing, totals] = await Promise.all([db.records.get(key), readTotals(db)]);
    const seq = existing?.seq ?? totals.lastSeq + 1;
    const draft: ChangeRecord = { ...record, key, seq, bytes: 0 };
    const full: ChangeRecord = { ...draft, bytes: JSON.stringify(draft).length };
    await db.records.put(full);
    const sums = { bytes: totals.bytes - (existing?.bytes ?? 0) + full.bytes, count: totals.count + (existing ? 0 : 1) };
    const kept = await trimToCap(db, sums, totals.capBytes);
    await db.meta.put({ key: 'totals', ...kept, lastSeq: Math.max(totals.lastSeq, seq) });
    return full;
  });
}

/** The history's size, count and cap. */
export async function historyTotals(db: HistoryDb): Promise<HistoryTotals> {
  const { bytes, count, capBytes } = await readTotals(db);
  return { bytes, count, capBytes };
}

/** Sets the cap (at least minHistoryCapBytes) and trims the history to it at once. */
export async function setHistoryCap(db: HistoryDb, capBytes: number): Promise<void> {
  const cap = Math.max(minHistoryCapBytes, Math.round(capBytes));
  await writeLibrary(db, [db.records, db.meta], async () => {
    const totals = await readTotals(db);
    const kept = await trimToCap(db, totals, cap);
    await db.meta.bulkPut([
      { key: 'settings', capBytes: cap },
      { key: 'totals', ...kept, lastSeq: totals.lastSeq },
    ]);
  });
}

/** Every record of one profile, newest first. */
export async function recordsOfProfile(db: HistoryDb, origin: string, kind: ProfileKind, profileId: number): Promise<ChangeRecord[]> {
  const records = await db.records.where('[origin+kind+profileId]').equals([origin, kind, profileId]).toArray();
  return records.sort((a, b) => b.seq - a.seq);
}

/** The newest `limit` records of the whole history, newest first. */
export function recentRecords(db: HistoryDb, limit: number): Promise<ChangeRecord[]> {
  return db.records.orderBy('seq').reverse().limit(limit).toArray();
}

/**
 * Notes that the user opened a profile now and returns when they opened it before (null: never),
 * so the page can mark what is new since then.
 */
export async function markProfileOpened(db: HistoryDb, origin: string, kind: ProfileKind, profileId: number, nowIso: string): Promise<string | null> {
  return writeLibrary(db, [db.opened], async () => {
    const before = await db.opened.get([origin, kind, profileId]);
    await db.opened.put({ origin, kind, profileId, openedAt: nowIso });
    return before?.openedAt ?? null;
  });
}
