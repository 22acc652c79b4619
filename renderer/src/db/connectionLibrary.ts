/**
 * One connection's share of the one library: the database, the connection, its directory and that
 * directory's origin code. The sync engine of a connection reads and writes through it, so what it
 * writes is keyed by (origin, id) and carries the connection, and what it reconciles is only what
 * the connection itself sees.
 */
import { libraryUid } from './libraryKey.ts';
import { writeLibrary, type LibraryDb } from './libraryDb.ts';

export interface ConnectionLibrary {
  db: LibraryDb;
  connectionId: string;
  origin: string;
  /** The origin's code (libraryUid). */
  code: number;
}

/** The code of `origin` in `db`, given on first use (0, 1, 2, … in order of first use). */
export async function originCode(db: LibraryDb, origin: string): Promise<number> {
  const known = await db.origins.get(origin);
  if (known) return known.code;
  return writeLibrary(db, [db.origins], async () => {
    const again = await db.origins.get(origin);
    if (again) return again.code;
    const code = await db.origins.count();
    await db.origins.add({ origin, code });
    return code;
  });
}

/** The share of `connectionId` (of the directory at `origin`) in `db`. */
export async function connectionLibrary(db: LibraryDb, connectionId: string, origin: string): Promise<ConnectionLibrary> {
  return { db, connectionId, origin, code: await originCode(db, origin) };
}

/** The library key of the connection's profile (or casting call) `id`. */
export function uidIn(library: ConnectionLibrary, id: number): number {
  return libraryUid(library.code, id);
}

/** `list` with `value` once. */
export function withMember(list: readonly string[] | undefined, value: string): string[] {
  return list?.includes(value) ? [...list] : [...(list ?? []), value];
}

/** `list` without `value`. */
export function withoutMember(list: readonly string[] | undefined, value: string): string[] {
  return (list ?? []).filter((member) => member !== value);
}
