/**
 * How a store reaches the one library: through the sync store's `libraryOpen` (reactive, so a
 * computed or watch that calls this follows the library opening and closing) and the shared
 * handle (db/sharedLibrary.ts). Stores only; components go through store functions.
 */
import type { AnyProfileRow, LibraryDb, ProfileKind } from '../db/libraryDb.ts';
import { libraryUid } from '../db/libraryKey.ts';
import { profileTable } from '../db/libraryWrites.ts';
import { currentLibrary } from '../db/sharedLibrary.ts';
import type { useSyncStore } from './sync.ts';

export function openLibrary(sync: ReturnType<typeof useSyncStore>): LibraryDb | null {
  return sync.libraryOpen ? currentLibrary() : null;
}

/**
 * The cached actors (or crew) `ids` of the directory at `origin`, in order (undefined where the
 * library has none; all undefined for a directory it has never seen).
 */
export async function profilesOf<Row extends AnyProfileRow>(db: LibraryDb, kind: ProfileKind, origin: string | null, ids: readonly number[]): Promise<(Row | undefined)[]> {
  const known = origin ? await db.origins.get(origin) : undefined;
  if (!known) return ids.map(() => undefined);
  return (await profileTable(db, kind).bulkGet(ids.map((id) => libraryUid(known.code, id)))) as (Row | undefined)[];
}
