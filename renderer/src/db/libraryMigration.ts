/**
 * Brings the libraries of earlier versions — one database per connection,
 * `castdesk-library-<connectionId>` — into the one library, on the first start of the version that
 * has it and on every start after (a database that appears later, e.g. from a second window of the
 * old version, is merged then).
 *
 * Each old database is read whole first, then merged in ONE transaction of the one library that
 * also writes its marker row (`migrations`): a crash or a reload mid-way leaves either the whole
 * merge with its marker or nothing, so a restart merges what is missing and never twice. An old
 * database is deleted only after its merge committed (or was found committed).
 *
 * Merging keeps the newest of everything: the list item and the detail with the later
 * updated_at, every connection that saw a profile, a profile removed only when every copy says so.
 */
import { Dexie, type DexieOptions, type Table } from 'dexie';
import { unknownOriginOf } from './directoryOrigin.ts';
import {
  legacyLibraryDbVersion,
  legacyLibraryPrefix,
  legacyLibrarySchemaVersions,
  writeLibrary,
  type AnyProfileRow,
  type CastingCallRow,
  type KeepOfflineRow,
  type LabelRow,
  type LibraryDb,
  type MediaRow,
  type ProfileKind,
  type SavedSearchRow,
  type SearchRow,
  type SyncState,
} from './libraryDb.ts';
import { libraryUid } from './libraryKey.ts';
import { putSearchRows, searchRowFromProfile } from './searchRows.ts';

/** A profile or casting call as the old libraries stored it: keyed by id alone, one run marker. */
type LegacyProfileRow = Omit<AnyProfileRow, 'uid' | 'origin' | 'connections' | 'seenInRuns'> & { seenInRun?: string };
type LegacyCastingCallRow = Omit<CastingCallRow, 'uid' | 'origin' | 'connections' | 'seenInRuns' | 'currentSeenInRuns' | 'currentIn'> & {
  seenInRun?: string;
  currentSeenInRun?: string;
};

interface LegacyContent {
  actors: LegacyProfileRow[];
  crew: LegacyProfileRow[];
  castingCalls: LegacyCastingCallRow[];
  syncState: Omit<SyncState, 'connectionId'>[];
  media: MediaRow[];
  keepOffline: KeepOfflineRow[];
  savedSearches: SavedSearchRow[];
  labels: Omit<LabelRow, 'origin'>[];
}

export interface LibraryMigrationReport {
  /** Old databases merged by this run. */
  merged: string[];
  /** Old databases an earlier run had merged (deleted now). */
  alreadyMerged: number;
}

/** The old library of one connection, opened at its last schema (no upgrade code: only read). */
function legacyLibrary(name: string, options?: DexieOptions): Dexie {
  const legacy = new Dexie(name, options);
  for (let version = 1; version <= legacyLibraryDbVersion; version++) {
    legacy.version(version).stores(legacyLibrarySchemaVersions[version as keyof typeof legacyLibrarySchemaVersions]);
  }
  return legacy;
}

async function legacyDatabaseNames(factory: IDBFactory | undefined, connectionIds: readonly string[]): Promise<string[]> {
  const names = new Set<string>();
  if (factory && typeof factory.databases === 'function') {
    for (const info of await factory.databases()) if (info.name?.startsWith(legacyLibraryPrefix)) names.add(info.name);
  } else {
    for (const id of connectionIds) names.add(`${legacyLibraryPrefix}${id}`);
  }
  return [...names].sort();
}

async function readLegacy(name: string, options?: DexieOptions): Promise<LegacyContent> {
  const legacy = legacyLibrary(name, options);
  try {
    const tables = ['actors', 'crew', 'castingCalls', 'syncState', 'media', 'keepOffline', 'savedSearches', 'labels'] as const;
    return await legacy.transaction('r', [...tables], async () => {
      const content = {} as Record<(typeof tables)[number], unknown[]>;
      for (const table of tables) content[table] = await legacy.table(table).toArray();
      return content as unknown as LegacyContent;
    });
  } finally {
    legacy.close();
  }
}

const later = (a: string | undefined | null, b: string | undefined | null): boolean => !!b && (!a || Date.parse(b) > Date.parse(a));

/** One profile row from an old library merged into what the one library holds. */
function mergeProfile(before: AnyProfileRow | undefined, old: LegacyProfileRow, uid: number, origin: string, connectionId: string): AnyProfileRow {
  const { seenInRun, ...rest } = old;
  const base: AnyProfileRow = before ?? { ...rest, uid, origin, connections: [] };
  // A connection whose own copy was removed no longer saw it.
  const connections = old.removed ? base.connections : [...new Set([...base.connections, connectionId])];
  const merged: AnyProfileRow = { ...base, uid, id: old.id, origin, connections };
  if (before && later(before.listSyncedAt, old.listSyncedAt)) {
    merged.item = old.item;
    merged.listSyncedAt = old.listSyncedAt;
  }
  if (old.detail && (!before?.detail || later(before.detail.updated_at, old.detail.updated_at))) {
    merged.detail = old.detail;
    merged.detailFetchedAt = old.detailFetchedAt;
  }
  if (later(merged.updatedAt, old.updatedAt)) merged.updatedAt = old.updatedAt;
  if (seenInRun) merged.seenInRuns = { ...before?.seenInRuns, [connectionId]: seenInRun };
  // Live when any copy is live: removed only when every connection's copy says so.
  if (before && (!before.removed || !old.removed)) delete merged.removed;
  return merged;
}

function mergeCastingCall(before: CastingCallRow | undefined, old: LegacyCastingCallRow, uid: number, origin: string, connectionId: string): CastingCallRow {
  const { seenInRun, currentSeenInRun, ...rest } = old;
  const base: CastingCallRow = before ?? { ...rest, uid, origin, connections: [] };
  const merged: CastingCallRow = { ...base, uid, id: old.id, origin, connections: [...new Set([...base.connections, connectionId])] };
  if (before && later(before.fetchedAt, old.fetchedAt)) {
    merged.item = old.item;
    merged.fetchedAt = old.fetchedAt;
  }
  if (old.detail && (!before?.detail || later(before.detailFetchedAt, old.detailFetchedAt))) {
    merged.detail = old.detail;
    merged.detailFetchedAt = old.detailFetchedAt;
  }
  if (seenInRun) merged.seenInRuns = { ...before?.seenInRuns, [connectionId]: seenInRun };
  if (currentSeenInRun) merged.currentSeenInRuns = { ...before?.currentSeenInRuns, [connectionId]: currentSeenInRun };
  const currentIn = new Set(before?.currentIn ?? []);
  if (old.current) currentIn.add(connectionId);
  merged.currentIn = [...currentIn];
  merged.current = currentIn.size > 0;
  if (before && (!before.removed || !old.removed)) delete merged.removed;
  return merged;
}

/** The origin's code, given inside the running transaction (which includes `origins`). */
async function codeIn(target: LibraryDb, origin: string): Promise<number> {
  const known = await target.origins.get(origin);
  if (known) return known.code;
  const code = await target.origins.count();
  await target.origins.add({ origin, code });
  return code;
}

async function mergeInto(target: LibraryDb, source: string, connectionId: string, origin: string, content: LegacyContent): Promise<boolean> {
  const tables = [target.origins, target.actors, target.crew, target.castingCalls, target.searchRows, target.syncState, target.media, target.keepOffline, target.savedSearches, target.labels, target.migrations];
  return writeLibrary(target, tables as Table[], async () => {
    // Checked again inside the transaction: another window may have merged it meanwhile.
    if (await target.migrations.get(source)) return false;
    const code = await codeIn(target, origin);
    const searchRows: Omit<SearchRow, 'rev'>[] = [];
    for (const [kind, table, rows] of [
      ['actor', target.actors, content.actors],
      ['crew', target.crew, content.crew],
    ] as const) {
      const profiles = table as unknown as Table<AnyProfileRow, number>;
      const uids = rows.map((row) => libraryUid(code, row.id));
      const existing = await profiles.bulkGet(uids);
      const merged = rows.map((row, index) => mergeProfile(existing[index], row, uids[index]!, origin, connectionId));
      await profiles.bulkPut(merged);
      searchRows.push(...merged.map((row) => searchRowFromProfile(kind as ProfileKind, row)));
    }
    await putSearchRows(target.searchRows, searchRows);
    const callUids = content.castingCalls.map((row) => libraryUid(code, row.id));
    const calls = await target.castingCalls.bulkGet(callUids);
    await target.castingCalls.bulkPut(content.castingCalls.map((row, index) => mergeCastingCall(calls[index], row, callUids[index]!, origin, connectionId)));
    await target.syncState.bulkPut(content.syncState.map((state) => ({ ...state, connectionId })));
    const knownMedia = await target.media.bulkGet(content.media.map((row) => row.url));
    await target.media.bulkPut(content.media.filter((_, index) => !knownMedia[index]).map((row) => ({ ...row, origin })));
    const knownScopes = await target.keepOffline.bulkGet(content.keepOffline.map((row) => row.key));
    await target.keepOffline.bulkPut(content.keepOffline.filter((_, index) => !knownScopes[index]));
    const savedKeys = new Set((await target.savedSearches.toArray()).map((row) => `${row.kind}\n${row.name}\n${row.query}`));
    for (const { id: _id, ...saved } of content.savedSearches) {
      if (!savedKeys.has(`${saved.kind}\n${saved.name}\n${saved.query}`)) await target.savedSearches.add(saved);
    }
    const labels = content.labels.map((row) => ({ ...row, origin }));
    const knownLabels = await target.labels.bulkGet(labels.map((row) => [origin, row.catalogue, row.locale] as [string, string, string]));
    await target.labels.bulkPut(labels.filter((row, index) => later(knownLabels[index]?.fetchedAt, row.fetchedAt) || !knownLabels[index]));
    await target.migrations.add({ source, connectionId, mergedAt: new Date().toISOString() });
    return true;
  });
}

/**
 * Merges every old per-connection library not merged yet into `target`, then deletes it.
 * `originOf` gives a connection's directory origin; a connection the back end no longer knows gets
 * an origin of its own (unknownOriginOf), so its ids never meet another directory's.
 */
export async function migrateConnectionLibraries(
  target: LibraryDb,
  originOf: (connectionId: string) => string | undefined,
  connectionIds: readonly string[],
  options?: DexieOptions,
): Promise<LibraryMigrationReport> {
  const factory = (options?.indexedDB as IDBFactory | undefined) ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  const report: LibraryMigrationReport = { merged: [], alreadyMerged: 0 };
  for (const source of await legacyDatabaseNames(factory, connectionIds)) {
    if (source === target.name) continue;
    const connectionId = source.slice(legacyLibraryPrefix.length);
    if (!(await target.migrations.get(source))) {
      const origin = originOf(connectionId) ?? unknownOriginOf(connectionId);
      const content = await readLegacy(source, options);
      if (await mergeInto(target, source, connectionId, origin, content)) report.merged.push(source);
      else report.alreadyMerged += 1;
    } else report.alreadyMerged += 1;
    // Only now, with the merge committed: the old database goes.
    await new Dexie(source, options).delete();
  }
  return report;
}
