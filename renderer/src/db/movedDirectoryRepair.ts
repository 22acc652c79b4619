/**
 * Repairs libraries doubled by a directory that changed its address. Before connections carried
 * their directory's identity (`ConnectionView.directoryOrigin`), the library keyed profiles by the
 * origin of the connection's current address, so the embedded demo, back on a new port after each
 * start, had every actor and crew member saved again under the new origin ("two identical Gustav
 * Schmidt"), its shortlist entries and change history split between the copies.
 *
 * A connection is one directory whatever its address: every origin under which the library holds
 * rows of a connection (seen by it now, or saved by one of its runs), other than the directory the
 * connection names now, is an earlier address of that directory, and is merged into it. Profiles and casting calls merge as the legacy merge
 * does (the newer list item and detail win, every connection that saw one is kept, removed only
 * when both copies say so); pictures, labels, shortlist entries (notes, ratings, colours and tags
 * of both copies kept) and the change history follow. Each earlier origin is merged in ONE
 * transaction of the library with a marker row (`migrations`, what was merged when), so a reload
 * mid-way leaves all or nothing; shortlists and history follow in their own databases and are
 * found again on the next start when cut short, since the repair looks for rows, not for markers. The earlier origin keeps
 * its code (codes are handed out by count), with nothing under it.
 */
import type { Table } from 'dexie';
import { libraryUid, originStride } from './libraryKey.ts';
import { openHistoryDb, recordKey, type ChangeRecord, type HistoryDb } from './historyDb.ts';
import { writeLibrary, type AnyProfileRow, type CastingCallRow, type LibraryDb, type ProfileKind, type SearchRow } from './libraryDb.ts';
import { putSearchRows, searchRowFromProfile } from './searchRows.ts';
import { openShortlistDb, writeShortlists, type ShortlistDb, type ShortlistEntryRow } from './shortlistDb.ts';

/** A connection as the repair needs it: its id and the directory it names now. */
export interface ConnectionDirectory {
  id: string;
  origin: string;
}

/** One earlier address merged into the directory it belongs to. */
export interface MovedOrigin {
  from: string;
  to: string;
}

const later = (a: string | undefined | null, b: string | undefined | null): boolean => !!b && (!a || Date.parse(b) > Date.parse(a));

const isAddress = (origin: string): boolean => /^https?:\/\//.test(origin);

/** Rows of one origin code: its uid range. */
function rangeOf<T>(table: Table<T, number>, code: number) {
  return table.where('uid').between(code * originStride, (code + 1) * originStride, true, false);
}

/**
 * The earlier addresses of the connections' directories found in the library: an origin none of
 * `connections` names whose rows all belong to connections of one directory.
 */
export async function movedOrigins(db: LibraryDb, connections: readonly ConnectionDirectory[]): Promise<MovedOrigin[]> {
  const directoryOf = new Map(connections.map((connection) => [connection.id, connection.origin]));
  const named = new Set(directoryOf.values());
  const moved: MovedOrigin[] = [];
  for (const { origin, code } of await db.origins.toArray()) {
    if (named.has(origin) || !isAddress(origin)) continue;
    const targets = new Set<string>();
    for (const table of [db.actors, db.crew, db.castingCalls] as Table<{ connections: string[]; seenInRuns?: Record<string, string> }, number>[]) {
      await rangeOf(table, code).each((row) => {
        // A copy the connection's later full run no longer saw (at the new address) has lost its
        // connections, but still names the connection that saved it in its runs.
        for (const id of [...row.connections, ...Object.keys(row.seenInRuns ?? {})]) {
          const target = directoryOf.get(id);
          if (target) targets.add(target);
        }
      });
    }
    // Rows seen by connections of two directories cannot be told apart: they stay as they are.
    if (targets.size === 1) moved.push({ from: origin, to: [...targets][0]! });
  }
  return moved;
}

function mergeProfile(into: AnyProfileRow | undefined, row: AnyProfileRow, uid: number, origin: string): AnyProfileRow {
  if (!into) return { ...row, uid, origin };
  const merged: AnyProfileRow = { ...into, connections: [...new Set([...into.connections, ...row.connections])] };
  if (later(into.listSyncedAt, row.listSyncedAt)) {
    merged.item = row.item;
    merged.listSyncedAt = row.listSyncedAt;
  }
  if (row.detail && (!into.detail || later(into.detail.updated_at, row.detail.updated_at))) {
    merged.detail = row.detail;
    merged.detailFetchedAt = row.detailFetchedAt;
  }
  if (later(merged.updatedAt, row.updatedAt)) merged.updatedAt = row.updatedAt;
  merged.seenInRuns = { ...row.seenInRuns, ...into.seenInRuns };
  if (!into.removed || !row.removed) delete merged.removed;
  return merged;
}

function mergeCastingCall(into: CastingCallRow | undefined, row: CastingCallRow, uid: number, origin: string): CastingCallRow {
  if (!into) return { ...row, uid, origin };
  const merged: CastingCallRow = { ...into, connections: [...new Set([...into.connections, ...row.connections])] };
  if (later(into.fetchedAt, row.fetchedAt)) {
    merged.item = row.item;
    merged.fetchedAt = row.fetchedAt;
  }
  if (row.detail && (!into.detail || later(into.detailFetchedAt, row.detailFetchedAt))) {
    merged.detail = row.detail;
    merged.detailFetchedAt = row.detailFetchedAt;
  }
  merged.seenInRuns = { ...row.seenInRuns, ...into.seenInRuns };
  merged.currentSeenInRuns = { ...row.currentSeenInRuns, ...into.currentSeenInRuns };
  merged.currentIn = [...new Set([...(into.currentIn ?? []), ...(row.currentIn ?? [])])];
  merged.current = merged.currentIn.length > 0;
  if (!into.removed || !row.removed) delete merged.removed;
  return merged;
}

/** Merges the library's rows of `from` into `to`, with its marker (the last merge of it), in one transaction. */
async function mergeLibraryOrigin(db: LibraryDb, { from, to }: MovedOrigin): Promise<void> {
  const tables = [db.origins, db.actors, db.crew, db.castingCalls, db.searchRows, db.media, db.labels, db.migrations];
  await writeLibrary(db, tables as Table[], async () => {
    const fromCode = (await db.origins.get(from))!.code;
    const known = await db.origins.get(to);
    const toCode = known?.code ?? (await db.origins.count());
    if (!known) await db.origins.add({ origin: to, code: toCode });
    const searchRows: Omit<SearchRow, 'rev'>[] = [];
    for (const [kind, table] of [
      ['actor', db.actors],
      ['crew', db.crew],
    ] as [ProfileKind, Table<AnyProfileRow, number>][]) {
      const rows = await rangeOf(table, fromCode).toArray();
      const uids = rows.map((row) => libraryUid(toCode, row.id));
      const existing = await table.bulkGet(uids);
      const merged = rows.map((row, index) => mergeProfile(existing[index], row, uids[index]!, to));
      await table.bulkPut(merged);
      await table.bulkDelete(rows.map((row) => row.uid));
      await db.searchRows.bulkDelete(rows.map((row) => [kind, row.uid] as [ProfileKind, number]));
      searchRows.push(...merged.map((row) => searchRowFromProfile(kind, row)));
    }
    await putSearchRows(db.searchRows, searchRows);
    const calls = await rangeOf(db.castingCalls, fromCode).toArray();
    const callUids = calls.map((row) => libraryUid(toCode, row.id));
    const knownCalls = await db.castingCalls.bulkGet(callUids);
    await db.castingCalls.bulkPut(calls.map((row, index) => mergeCastingCall(knownCalls[index], row, callUids[index]!, to)));
    await db.castingCalls.bulkDelete(calls.map((row) => row.uid));
    await db.media.filter((row) => row.origin === from).modify({ origin: to });
    for (const label of await db.labels.where('[origin+catalogue+locale]').between([from, '', ''], [from, '\uffff', '\uffff']).toArray()) {
      const there = await db.labels.get([to, label.catalogue, label.locale]);
      if (!there || later(there.fetchedAt, label.fetchedAt)) await db.labels.put({ ...label, origin: to });
      await db.labels.delete([from, label.catalogue, label.locale]);
    }
    await db.migrations.put({ source: `moved-origin:${from}`, connectionId: '', mergedAt: new Date().toISOString() });
  });
}

/** Two entries of one actor on one list: one entry keeping what the user wrote on either. */
function mergeEntries(kept: ShortlistEntryRow, other: ShortlistEntryRow): ShortlistEntryRow {
  const notes = [...new Set([kept.note.trim(), other.note.trim()].filter(Boolean))];
  return {
    ...kept,
    note: notes.join('\n\n'),
    rating: kept.rating ?? other.rating,
    colours: [...new Set([...kept.colours, ...other.colours])],
    tags: [...new Set([...kept.tags, ...other.tags])],
    updatedAt: later(kept.updatedAt, other.updatedAt) ? other.updatedAt : kept.updatedAt,
  };
}

/** Points the shortlist entries of `from` at `to`; an actor on a list twice becomes one entry. */
async function moveShortlistEntries(db: ShortlistDb, { from, to }: MovedOrigin): Promise<void> {
  await writeShortlists(db, async () => {
    const moving = await db.entries.filter((entry) => entry.directoryOrigin === from).toArray();
    for (const entry of moving) {
      const twin = await db.entries.where('[shortlistId+directoryOrigin+actorId]').equals([entry.shortlistId, to, entry.actorId]).first();
      if (!twin) {
        await db.entries.update(entry.id!, { directoryOrigin: to });
        continue;
      }
      // The entry added first keeps its place; what was written on the other is kept with it.
      const [kept, other] = entry.addedAt < twin.addedAt ? [{ ...entry, directoryOrigin: to }, twin] : [twin, entry];
      await db.entries.put(mergeEntries(kept, other));
      await db.entries.delete(other.id!);
    }
  });
}

/** Re-keys the change history and the "last opened" marks of `from` to `to`. */
async function moveHistory(db: HistoryDb, { from, to }: MovedOrigin): Promise<void> {
  await db.transaction('rw', [db.records, db.opened], async () => {
    const records = await db.records.filter((record) => record.origin === from).toArray();
    for (const record of records) {
      const key = recordKey(to, record.kind, record.profileId, record.updatedAt);
      // The same update recorded under both addresses is one record.
      if (!(await db.records.get(key))) await db.records.put({ ...record, key, origin: to } satisfies ChangeRecord);
      await db.records.delete(record.key);
    }
    for (const mark of await db.opened.filter((row) => row.origin === from).toArray()) {
      const there = await db.opened.get([to, mark.kind, mark.profileId]);
      if (!there || later(there.openedAt, mark.openedAt)) await db.opened.put({ ...mark, origin: to });
      await db.opened.delete([from, mark.kind, mark.profileId]);
    }
  });
}

/**
 * Finds the earlier addresses of the connections' directories and merges each into its directory:
 * the library, the user's shortlists and the change history. Returns what was merged.
 */
export async function repairMovedDirectories(
  library: LibraryDb,
  connections: readonly ConnectionDirectory[],
  given: { shortlists?: ShortlistDb; history?: HistoryDb } = {},
): Promise<MovedOrigin[]> {
  const moved = await movedOrigins(library, connections);
  if (moved.length === 0) return moved;
  for (const move of moved) await mergeLibraryOrigin(library, move);
  // The user's databases, opened here unless given (and then closed here).
  const shortlists = given.shortlists ?? (await openShortlistDb());
  const history = given.history ?? (await openHistoryDb());
  try {
    for (const move of moved) {
      await moveShortlistEntries(shortlists, move);
      await moveHistory(history, move);
    }
  } finally {
    if (!given.shortlists) shortlists.close();
    if (!given.history) history.close();
  }
  return moved;
}
