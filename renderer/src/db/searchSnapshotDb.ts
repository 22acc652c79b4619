/**
 * Where the persisted search indexes live: one IndexedDB database of their own
 * (`castdesk-search-snapshots`), one record per library and kind, so a snapshot never touches the
 * library's schema and a cleared or damaged one only costs a rebuild. Each record says what it
 * was taken of (the library's newest rev and its search-row count), so a library that was
 * cleared and synced again is never read through an older snapshot.
 */
import { Dexie, type Table } from 'dexie';
import type { ProfileKind } from './libraryDb.ts';

export interface SearchSnapshotRow {
  /** The library database's name. */
  library: string;
  kind: ProfileKind;
  /** The index as snapshotOfIndex wrote it. */
  buffer: ArrayBuffer;
  /** The highest library rev the index had read. */
  readThroughRev: number;
  /** Search rows the library held when it was taken (both kinds). */
  libraryRows: number;
  writtenAt: string;
}

class SearchSnapshotDb extends Dexie {
  snapshots!: Table<SearchSnapshotRow, [string, ProfileKind]>;
  constructor() {
    super('castdesk-search-snapshots');
    this.version(1).stores({ snapshots: '[library+kind]' });
  }
}

let opened: SearchSnapshotDb | null = null;
const snapshotDb = (): SearchSnapshotDb => (opened ??= new SearchSnapshotDb());

/** Both kinds' snapshots of `library`; missing ones (or an unreadable database) are undefined. */
export async function readSearchSnapshots(library: string): Promise<Record<ProfileKind, SearchSnapshotRow | undefined>> {
  try {
    const [actor, crew] = await snapshotDb().snapshots.bulkGet([
      [library, 'actor'],
      [library, 'crew'],
    ]);
    return { actor, crew };
  } catch {
    return { actor: undefined, crew: undefined };
  }
}

/** Stores both kinds' snapshots in one transaction; a failure (a full disk) only means a slower next start. */
export async function writeSearchSnapshots(rows: SearchSnapshotRow[]): Promise<boolean> {
  try {
    await snapshotDb().snapshots.bulkPut(rows);
    return true;
  } catch {
    return false;
  }
}

export async function deleteSearchSnapshots(library: string): Promise<void> {
  try {
    await snapshotDb().snapshots.bulkDelete([
      [library, 'actor'],
      [library, 'crew'],
    ]);
  } catch {
    // Nothing to do: a snapshot that does not fit its library is never read.
  }
}
