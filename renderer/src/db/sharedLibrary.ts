/**
 * The one library of this window, opened once and shared by the stores that read it (stores own
 * their databases: none hands this handle to a component). Opening merges the per-connection
 * libraries of earlier versions first (db/libraryMigration.ts) and the copies a directory's
 * earlier address left (db/movedDirectoryRepair.ts), so nothing reads a half-merged library.
 */
import { migrateConnectionLibraries } from './libraryMigration.ts';
import { repairMovedDirectories } from './movedDirectoryRepair.ts';
import { openLibraryDb, type LibraryDb } from './libraryDb.ts';

let opening: Promise<LibraryDb> | null = null;
let opened: LibraryDb | null = null;
/** Counts closes, so an open that finishes after a close is closed again. */
let generation = 0;

/** The open library, or null before it is open. */
export function currentLibrary(): LibraryDb | null {
  return opened;
}

/**
 * Opens the library (once per window; later calls get the same one) after merging the old
 * per-connection libraries; `originOf` names each known connection's directory.
 */
export function openSharedLibrary(originOf: (connectionId: string) => string | undefined, connectionIds: readonly string[]): Promise<LibraryDb> {
  const current = generation;
  opening ??= (async () => {
    const db = await openLibraryDb();
    try {
      await migrateConnectionLibraries(db, originOf, connectionIds);
      // Copies a directory's earlier address left (the demo on a new port) merge into the directory.
      await repairMovedDirectories(
        db,
        connectionIds.flatMap((id) => {
          const origin = originOf(id);
          return origin ? [{ id, origin }] : [];
        }),
      );
    } catch (failure) {
      db.close();
      throw failure;
    }
    if (current !== generation) {
      db.close();
      throw new Error('The library was closed while it opened.');
    }
    opened = db;
    return db;
  })().catch((failure: unknown) => {
    opening = null;
    throw failure;
  });
  return opening;
}

/** Closes the library (the last connection went, or a test ends); the next open reopens it. */
export function closeSharedLibrary(): void {
  generation += 1;
  opened?.close();
  opened = null;
  opening = null;
}
