/**
 * Brings the shortlists of earlier versions — one database per connection,
 * `castdesk-shortlists-<connectionId>` — into the user's one shortlist database, on the first start
 * of the version that has it and on every start after (a database that appears later, e.g. from a
 * second window of the old version, is copied then).
 *
 * Each per-connection database is copied in ONE transaction of the user's database that also writes
 * its marker row (`migrations`), so a crash, a reload or a second window mid-way leaves either the
 * whole copy with its marker or nothing: a restart copies what is missing and never twice. The old
 * databases stay as they are (nothing is deleted), so no failure here can lose a list.
 */
import { Dexie, type DexieOptions } from 'dexie';
import * as Y from 'yjs';
import { unknownOriginOf } from './directoryOrigin.ts';
import { writeListIntoDoc } from './listDocShape.ts';
import { writeLibrary } from './libraryDb.ts';
import {
  legacyShortlistDbName,
  legacyShortlistDbPrefix,
  legacyShortlistSchemaVersions,
  listDocUpdatesTable,
  type ShortlistDb,
  type ShortlistEntryRow,
  type ShortlistMigrationRow,
  type ShortlistRow,
} from './shortlistDb.ts';

/** What the app knows of a connection: where its profiles come from and what the user calls it. */
export interface KnownConnection {
  id: string;
  name: string;
  directoryOrigin: string;
}

export interface ShortlistMigrationReport {
  /** Databases copied by this run. */
  copied: ShortlistMigrationRow[];
  /** Databases an earlier run had copied already. */
  alreadyCopied: number;
}

/** The names of the per-connection shortlist databases in this browser profile. */
async function legacyDatabaseNames(factory: IDBFactory | undefined, connections: readonly KnownConnection[]): Promise<string[]> {
  const names = new Set<string>();
  if (factory && typeof factory.databases === 'function') {
    for (const info of await factory.databases()) {
      if (info.name?.startsWith(legacyShortlistDbPrefix)) names.add(info.name);
    }
  } else {
    // No way to list databases (older engines): the connections the back end knows are all we can name.
    for (const connection of connections) names.add(legacyShortlistDbName(connection.id));
  }
  return [...names].sort();
}

async function readLegacy(name: string, options: DexieOptions | undefined): Promise<{ lists: ShortlistRow[]; entries: Omit<ShortlistEntryRow, 'directoryOrigin'>[] }> {
  const legacy = new Dexie(name, options);
  legacy.version(1).stores(legacyShortlistSchemaVersions[1]);
  try {
    const lists = legacy.table<ShortlistRow, number>('shortlists');
    const entries = legacy.table<Omit<ShortlistEntryRow, 'directoryOrigin'>, number>('entries');
    return await legacy.transaction('r', [lists, entries], async () => ({ lists: await lists.orderBy('id').toArray(), entries: await entries.orderBy('id').toArray() }));
  } finally {
    legacy.close();
  }
}

/**
 * A list name not yet taken in the user's database: lists of two connections with the same name
 * ("Pilot – lead") stay apart and say which connection they came from.
 */
function freeName(name: string, connectionName: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 1; taken.has(candidate.toLocaleLowerCase('en')); n += 1) {
    candidate = n === 1 ? `${name} (${connectionName})` : `${name} (${connectionName} ${n})`;
  }
  taken.add(candidate.toLocaleLowerCase('en'));
  return candidate;
}

/**
 * Copies every per-connection shortlist database not yet copied into `target`. `connections` gives
 * each connection's directory origin and name; a database of a connection the back end no longer
 * knows is copied too, under an origin of its own (its entries read from their snapshots).
 */
export async function migrateConnectionShortlists(
  target: ShortlistDb,
  connections: readonly KnownConnection[],
  options?: DexieOptions,
): Promise<ShortlistMigrationReport> {
  const factory = (options?.indexedDB as IDBFactory | undefined) ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  const report: ShortlistMigrationReport = { copied: [], alreadyCopied: 0 };
  const byId = new Map(connections.map((connection) => [connection.id, connection]));
  for (const source of await legacyDatabaseNames(factory, connections)) {
    if (await target.migrations.get(source)) {
      report.alreadyCopied += 1;
      continue;
    }
    const connectionId = source.slice(legacyShortlistDbPrefix.length);
    const connection = byId.get(connectionId);
    const directoryOrigin = connection?.directoryOrigin ?? unknownOriginOf(connectionId);
    const { lists, entries } = await readLegacy(source, options);
    const copied = await writeLibrary(target, [target.shortlists, target.entries, target.migrations, target.listDocs, target.table(listDocUpdatesTable)], async () => {
      // Checked again inside the transaction: another window may have copied it meanwhile.
      if (await target.migrations.get(source)) return null;
      const taken = new Set((await target.shortlists.toArray()).map((list) => list.name.toLocaleLowerCase('en')));
      const newIds = new Map<number, number>();
      const names = new Map<number, string>();
      for (const { id, ...list } of lists) {
        names.set(id!, freeName(list.name, connection?.name ?? connectionId, taken));
        newIds.set(id!, await target.shortlists.add({ ...list, name: names.get(id!)! }));
      }
      const moved = entries.filter((entry) => newIds.has(entry.shortlistId));
      const rows = moved.map(({ id: _id, ...entry }) => ({ ...entry, shortlistId: newIds.get(entry.shortlistId)!, directoryOrigin }));
      await target.entries.bulkAdd(rows);
      // Every list has its document (the list's truth), built from its rows: y-dexie stores it in this transaction.
      for (const list of lists) {
        const doc = new Y.Doc();
        writeListIntoDoc(doc, { name: names.get(list.id!)! }, rows.filter((entry) => entry.shortlistId === newIds.get(list.id!)));
        await target.listDocs.add({ shortlistId: newIds.get(list.id!)!, doc });
        doc.destroy();
      }
      const row: ShortlistMigrationRow = { source, connectionId, directoryOrigin, lists: lists.length, entries: moved.length, migratedAt: new Date().toISOString() };
      await target.migrations.add(row);
      return row;
    });
    if (copied) report.copied.push(copied);
    else report.alreadyCopied += 1;
  }
  return report;
}
