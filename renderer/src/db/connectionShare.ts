/**
 * One connection's share of the one library, as a whole: what it alone sees (what removing it or
 * clearing its cache takes away) and the clearing itself. A profile another connection still sees
 * stays, only no longer listed as this connection's.
 */
import type { Table } from 'dexie';
import { withoutMember } from './connectionLibrary.ts';
import { putSearchRows } from './searchRows.ts';
import { writeLibrary, type AnyProfileRow, type CastingCallRow, type LibraryDb } from './libraryDb.ts';

export interface ShareCounts {
  /** Profiles and casting calls only this connection sees: they go with it. */
  actors: number;
  crew: number;
  castingCalls: number;
  /** Profiles this connection sees that another connection sees too: they stay. */
  shared: number;
}

type SharedRow = { uid: number; connections: string[] };

async function rowsOf<Row extends SharedRow>(table: Table<Row, number>, connectionId: string): Promise<Row[]> {
  return table.where('connections').equals(connectionId).toArray();
}

/** What clearing or removing `connectionId` would take away, and what stays. */
export async function connectionShareCounts(db: LibraryDb, connectionId: string): Promise<ShareCounts> {
  const counts: ShareCounts = { actors: 0, crew: 0, castingCalls: 0, shared: 0 };
  for (const name of ['actors', 'crew', 'castingCalls'] as const) {
    for (const row of await rowsOf(db[name] as unknown as Table<SharedRow, number>, connectionId)) {
      if (row.connections.length === 1) counts[name] += 1;
      else if (name !== 'castingCalls') counts.shared += 1;
    }
  }
  return counts;
}

/**
 * Takes `connectionId`'s share out of the library in one transaction: what only it sees is
 * deleted (its search row stays, marked removed), what others see too forgets it; its sync state goes. Syncing
 * the connection again brings its share back.
 */
export async function dropConnectionShare(db: LibraryDb, connectionId: string): Promise<void> {
  await writeLibrary(db, [db.actors, db.crew, db.castingCalls, db.searchRows, db.syncState], async () => {
    for (const [kind, table] of [
      ['actor', db.actors],
      ['crew', db.crew],
    ] as const) {
      const rows = await rowsOf(table as unknown as Table<AnyProfileRow, number>, connectionId);
      const gone = rows.filter((row) => row.connections.length === 1).map((row) => row.uid);
      const kept = rows.filter((row) => row.connections.length > 1).map((row) => ({ ...row, connections: withoutMember(row.connections, connectionId) }));
      await table.bulkDelete(gone);
      await (table as unknown as Table<AnyProfileRow, number>).bulkPut(kept);
      // Search rows with fresh revs, so the search index takes the change in like any other: what
      // went stays as a removed row (the index drops it from every result), what stays forgets
      // the connection.
      const before = await db.searchRows.bulkGet(rows.map((row) => [kind, row.uid] as [typeof kind, number]));
      const keptUids = new Set(kept.map((row) => row.uid));
      const changed = before.flatMap((row) => {
        if (!row) return [];
        const { rev: _rev, ...rest } = row;
        return [keptUids.has(row.uid) ? { ...rest, connections: withoutMember(row.connections, connectionId) } : { ...rest, connections: [], removed: 1 as const }];
      });
      await putSearchRows(db.searchRows, changed);
    }
    const calls = await rowsOf(db.castingCalls as Table<CastingCallRow, number>, connectionId);
    await db.castingCalls.bulkDelete(calls.filter((row) => row.connections.length === 1).map((row) => row.uid));
    await db.castingCalls.bulkPut(
      calls
        .filter((row) => row.connections.length > 1)
        .map((row) => {
          const currentIn = withoutMember(row.currentIn, connectionId);
          return { ...row, connections: withoutMember(row.connections, connectionId), currentIn, current: currentIn.length > 0 };
        }),
    );
    await db.syncState.where('connectionId').equals(connectionId).delete();
  });
}
