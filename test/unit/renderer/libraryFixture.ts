/**
 * Seeding the one library the way a connection's sync engine leaves it, before the app opens it:
 * the connection's share of it (db/connectionLibrary.ts) on the app's database.
 */
import type { CastingCallRow } from '../../../renderer/src/db/libraryDb.ts';
import { connectionLibrary, uidIn, type ConnectionLibrary } from '../../../renderer/src/db/connectionLibrary.ts';
import { directoryOriginOf } from '../../../renderer/src/db/directoryOrigin.ts';
import { openLibraryDb } from '../../../renderer/src/db/libraryDb.ts';
import { demoView } from './fakeBridge.ts';

/** The demo directory's origin: the connections of fakeBridge's views point there. */
export const demoOrigin = directoryOriginOf(demoView.baseUrl);

/** Opens the app's library as `connectionId` (of `origin`) would write to it; close it with `library.db.close()`. */
export async function openConnectionLibrary(connectionId: string, origin = demoOrigin): Promise<ConnectionLibrary> {
  return connectionLibrary(await openLibraryDb(), connectionId, origin);
}

/** Casting-call rows as the connection's sync leaves them (keyed and owned by it). */
export function castingCallRowsOf(library: ConnectionLibrary, rows: readonly Omit<CastingCallRow, 'uid' | 'origin' | 'connections'>[]): CastingCallRow[] {
  return rows.map((row) => ({ ...row, uid: uidIn(library, row.id), origin: library.origin, connections: [library.connectionId], ...(row.current ? { currentIn: [library.connectionId] } : {}) }));
}
