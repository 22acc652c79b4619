/**
 * Every write of the sync engine to the library, each in ONE transaction: a list page together
 * with its checkpoint and the watermark, so a crash leaves either the page and its checkpoint or
 * neither; a detail together with its search row; a reconciliation together with the end of its run.
 */
import type {
  ActorDetail,
  ActorListItem,
  CastingCallDetail,
  CastingCallListItem,
  CrewDetail,
  CrewListItem,
} from '../../../contract/directory-api.ts';
import type { Table } from 'dexie';
import { uidIn, withMember, withoutMember, type ConnectionLibrary } from './connectionLibrary.ts';
import {
  writeLibrary,
  type AnyProfileRow,
  type CastingCallRow,
  type LibraryDb,
  type MediaRow,
  type PageCheckpoint,
  type ProfileKind,
  type Removal,
  type SyncResource,
  type SyncState,
} from './libraryDb.ts';
import { beforeDetailWrite } from './detailWriteHook.ts';
import { putSearchRows, searchRowFromProfile } from './searchRows.ts';
import { mergeUnreadable, type UnreadableItem } from './unreadableItems.ts';
import { usableTimestamp, watermarkMarginMs } from './watermark.ts';

type ProfileRow = AnyProfileRow;
type ProfileItem = ActorListItem | CrewListItem;
type ProfileDetail = ActorDetail | CrewDetail;

export function emptySyncState(connectionId: string, resource: SyncResource): SyncState {
  return { connectionId, resource, watermark: null, checkpoint: null, lastFullReconciliationAt: null, lastRunCompletedAt: null, lastError: null };
}

/** The state with its "could not read" list after a page: read ids leave it, unreadable ones join. */
export function withUnreadable(state: SyncState, readIds: Iterable<number>, unreadable: readonly UnreadableItem[]): SyncState {
  const merged = mergeUnreadable(state.unreadable, readIds, unreadable);
  const next: SyncState = { ...state, unreadable: merged };
  if (merged.length === 0) delete next.unreadable;
  return next;
}

/** The actors or crew table, typed for code that handles both kinds alike. */
export function profileTable(db: LibraryDb, kind: ProfileKind): Table<ProfileRow, number> {
  return (kind === 'actor' ? db.actors : db.crew) as unknown as Table<ProfileRow, number>;
}

/** The later of two server datetimes (ISO); null when neither is known. */
export function laterIso(a: string | null | undefined, b: string | null | undefined): string | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

function isNewer(candidate: string | null | undefined, than: string | null | undefined): boolean {
  return !!candidate && !!than && Date.parse(candidate) > Date.parse(than);
}

/**
 * Rows per IndexedDB call inside a page transaction. The browser clones each call's rows on the
 * main thread in one go; 1,000 rows at once is a task of 50–90 ms, a jank the user feels. Chunks
 * stay inside the same transaction (each awaited request keeps it open), so atomicity holds.
 */
const rowsPerCall = 100;

async function bulkGetInChunks<T>(table: Table<T, number>, ids: number[]): Promise<(T | undefined)[]> {
  const found: (T | undefined)[] = [];
  for (let start = 0; start < ids.length; start += rowsPerCall) found.push(...(await table.bulkGet(ids.slice(start, start + rowsPerCall))));
  return found;
}

async function bulkPutInChunks<T, K>(table: Table<T, K>, rows: T[]): Promise<void> {
  for (let start = 0; start < rows.length; start += rowsPerCall) await table.bulkPut(rows.slice(start, start + rowsPerCall));
}

/** The sync state of the connection's `resource` (read inside or outside a transaction). */
export async function readSyncState(library: ConnectionLibrary, resource: SyncResource): Promise<SyncState> {
  return (await library.db.syncState.get([library.connectionId, resource])) ?? emptySyncState(library.connectionId, resource);
}

/** The connection's cached profile `id`, if any. */
export async function readProfile(library: ConnectionLibrary, kind: ProfileKind, id: number): Promise<ProfileRow | undefined> {
  return profileTable(library.db, kind).get(uidIn(library, id));
}

/** The last item of each id: a page may repeat an id when the directory's order shifted. */
function byId<T extends { id: number }>(items: T[]): T[] {
  return [...new Map(items.map((item) => [item.id, item])).values()];
}

export interface ProfilePageResult {
  /** Profiles whose cached detail is older than the list item now written. */
  staleDetailIds: number[];
}

/**
 * Writes one list page of actors or crew, the resource's next checkpoint and its watermark (the
 * largest server updated_at seen, at most `watermarkCeilingMs`: db/watermark.ts; the default is the
 * local clock's) in one transaction. An item's timestamp above the ceiling or not a time is stored
 * with its item but moves nothing: it is an anomaly (when the item changed), which makes the next
 * run a full reconcile. Full runs mark every profile with their
 * run id, which reconciliation reads at the end. Items of the page that could not be read join
 * the resource's "could not read" list; a cached profile among them counts as seen (it is still
 * listed, only unreadable this time), so reconciliation does not take it for removed.
 */
export async function writeProfilePage(
  library: ConnectionLibrary,
  kind: ProfileKind,
  resource: SyncResource,
  items: ProfileItem[],
  checkpoint: PageCheckpoint,
  nowIso: string,
  unreadable: readonly UnreadableItem[] = [],
  watermarkCeilingMs: number = Date.parse(nowIso) + watermarkMarginMs,
): Promise<ProfilePageResult> {
  const { db, connectionId } = library;
  const table = profileTable(db, kind);
  const unique = byId(items);
  let anomaly = false;
  const seen = (row: ProfileRow | undefined): Record<string, string> | undefined =>
    checkpoint.mode === 'full' ? { ...row?.seenInRuns, [connectionId]: checkpoint.runId } : row?.seenInRuns;
  return writeLibrary(db, [table, db.searchRows, db.syncState], async () => {
    const existing = await bulkGetInChunks(table, unique.map((item) => uidIn(library, item.id)));
    const staleDetailIds: number[] = [];
    let watermark: string | null = null;
    const rows = unique.map((item, index): ProfileRow => {
      const before = existing[index];
      if (usableTimestamp(item.updated_at, watermarkCeilingMs)) watermark = laterIso(watermark, item.updated_at);
      // An unchanged item counts once: a directory that keeps one future date must not make every run full.
      else if (before?.item.updated_at !== item.updated_at) anomaly = true;
      if (before?.detail && isNewer(item.updated_at, before.detail.updated_at)) staleDetailIds.push(item.id);
      const row: ProfileRow = {
        ...before,
        uid: uidIn(library, item.id),
        id: item.id,
        origin: library.origin,
        connections: withMember(before?.connections, connectionId),
        item,
        listSyncedAt: nowIso,
        updatedAt: laterIso(laterIso(before?.updatedAt, item.updated_at), before?.detail?.updated_at) ?? nowIso,
      };
      const seenInRuns = seen(before);
      if (seenInRuns) row.seenInRuns = seenInRuns;
      delete row.removed;
      return row;
    });
    await bulkPutInChunks(table, rows);
    await putSearchRows(db.searchRows, rows.map((row) => searchRowFromProfile(kind, row)), rowsPerCall);
    const unreadableIds = unreadable.flatMap((item) => (item.id === null ? [] : [uidIn(library, item.id)]));
    if (checkpoint.mode === 'full' && unreadableIds.length > 0) {
      const cached = (await table.bulkGet(unreadableIds)).filter((row): row is ProfileRow => row !== undefined && row.connections.includes(connectionId));
      await table.bulkPut(cached.map((row) => ({ ...row, seenInRuns: seen(row) })));
    }
    const state = await readSyncState(library, resource);
    const next: SyncState = { ...withUnreadable(state, unique.map((item) => item.id), unreadable), watermark: laterIso(state.watermark, watermark), checkpoint };
    if (anomaly) next.reconcileDueAt = nowIso;
    await db.syncState.put(next);
    return { staleDetailIds };
  });
}

/**
 * Ends a full run of actors or crew of one connection: profiles the connection saw before and its
 * run did not list are no longer seen by it; those no connection sees any more leave the live
 * index (removed: missing) but stay in their table for shortlists. The checkpoint is cleared.
 * Returns the ids the connection no longer sees.
 */
export async function reconcileProfiles(library: ConnectionLibrary, kind: ProfileKind, resource: SyncResource, runId: string, nowIso: string): Promise<number[]> {
  const { db, connectionId } = library;
  const table = profileTable(db, kind);
  return writeLibrary(db, [table, db.searchRows, db.syncState], async () => {
    // Keys first, rows in chunks: one read of 50,000 rows would hold the main thread for long.
    const uids = (await table.where('connections').equals(connectionId).primaryKeys()) as number[];
    const unseen: ProfileRow[] = [];
    for (let start = 0; start < uids.length; start += rowsPerCall * 5) {
      const batch = await table.bulkGet(uids.slice(start, start + rowsPerCall * 5));
      for (const row of batch) if (row && row.seenInRuns?.[connectionId] !== runId) unseen.push(row);
    }
    const removal: Removal = { reason: 'missing', at: nowIso };
    const rows = unseen.map((row): ProfileRow => {
      const connections = withoutMember(row.connections, connectionId);
      const next: ProfileRow = { ...row, connections };
      if (connections.length === 0 && !row.removed) next.removed = removal;
      return next;
    });
    await bulkPutInChunks(table, rows);
    await putSearchRows(db.searchRows, rows.map((row) => searchRowFromProfile(kind, row)), rowsPerCall);
    const { reconcileDueAt: _reconciled, ...state } = await readSyncState(library, resource);
    await db.syncState.put({ ...state, checkpoint: null, lastFullReconciliationAt: nowIso, lastRunCompletedAt: nowIso, lastError: null });
    return rows.map((row) => row.id);
  });
}

/**
 * A list page was refused (too large): what it held is unknown, so the next run is a full
 * reconcile, and this one may not reconcile (it would take the page's profiles for removed).
 */
export async function markReconcileDue(library: ConnectionLibrary, resource: SyncResource, nowIso: string): Promise<void> {
  const { db } = library;
  await writeLibrary(db, [db.syncState], async () => {
    const state = await readSyncState(library, resource);
    await db.syncState.put({ ...state, reconcileDueAt: nowIso });
  });
}

/** Ends an incremental run (or one that may not reconcile: a page was refused): the checkpoint is cleared. */
export async function completeIncrementalRun(library: ConnectionLibrary, resource: SyncResource, nowIso: string): Promise<void> {
  const { db } = library;
  await writeLibrary(db, [db.syncState], async () => {
    const state = await readSyncState(library, resource);
    await db.syncState.put({ ...state, checkpoint: null, lastRunCompletedAt: nowIso, lastError: null });
  });
}

/** After a retry of the "could not read" list: ids read (or gone) leave it, ids still unreadable stay. */
export async function updateUnreadable(library: ConnectionLibrary, resource: SyncResource, readIds: number[], unreadable: UnreadableItem[]): Promise<void> {
  const { db } = library;
  await writeLibrary(db, [db.syncState], async () => {
    const state = await readSyncState(library, resource);
    await db.syncState.put(withUnreadable(state, readIds, unreadable));
  });
}

/** Starts (or restarts) a run: its first checkpoint, nothing else. */
export async function saveCheckpoint(library: ConnectionLibrary, resource: SyncResource, checkpoint: PageCheckpoint | null): Promise<void> {
  const { db } = library;
  await writeLibrary(db, [db.syncState], async () => {
    const state = await readSyncState(library, resource);
    // A full run sees every item: its watermark is made anew from them, so a bad one stored before goes.
    await db.syncState.put({ ...state, checkpoint, ...(checkpoint?.mode === 'full' && checkpoint.nextPage === 1 ? { watermark: null } : {}) });
  });
}

export async function recordSyncError(library: ConnectionLibrary, resource: SyncResource, error: { code: string; message: string }, nowIso: string): Promise<void> {
  const { db } = library;
  await writeLibrary(db, [db.syncState], async () => {
    const state = await readSyncState(library, resource);
    await db.syncState.put({ ...state, lastError: { code: error.code, message: error.message, at: nowIso } });
  });
}

function mainThumb(detail: ProfileDetail): string | null {
  const pictures = detail.pictures ?? [];
  const main = pictures.find((picture) => picture.main_picture) ?? pictures[0];
  return main?.versions.thumb ?? null;
}

/** A list item made from a detail, for a profile the lists have not brought yet (e.g. a merge target). */
function itemFromDetail(detail: ProfileDetail): ProfileItem {
  const actor = detail as ActorDetail;
  return {
    id: detail.id,
    name: detail.name ?? `${detail.first_name} ${detail.last_name}`.trim(),
    first_name: detail.first_name,
    last_name: detail.last_name,
    gender: detail.gender ?? null,
    ...(actor.gender_new !== undefined ? { gender_new: actor.gender_new } : {}),
    professions: detail.professions ?? [],
    languages: detail.languages ?? {},
    representative: detail.representative ?? null,
    updated_at: detail.updated_at,
    main_picture_url_tile: mainThumb(detail),
  };
}

/**
 * Writes a fetched detail and its search row (acting ages come from the detail) in one transaction;
 * the connection that fetched it sees it. `locale`: the content language the detail was asked in,
 * kept with it (undefined: none named).
 */
export async function writeProfileDetail(library: ConnectionLibrary, kind: ProfileKind, detail: ProfileDetail, nowIso: string, locale?: string): Promise<void> {
  const { db } = library;
  // The change history compares with the cached detail before it is replaced (db/detailWriteHook.ts).
  await beforeDetailWrite(db, kind, detail, uidIn(library, detail.id), library.origin, locale);
  const table = profileTable(db, kind);
  await writeLibrary(db, [table, db.searchRows], async () => {
    const before = (await table.get(uidIn(library, detail.id))) as ProfileRow | undefined;
    const row: ProfileRow = {
      ...before,
      uid: uidIn(library, detail.id),
      id: detail.id,
      origin: library.origin,
      connections: withMember(before?.connections, library.connectionId),
      item: before?.item ?? itemFromDetail(detail),
      listSyncedAt: before?.listSyncedAt ?? nowIso,
      detail,
      detailFetchedAt: nowIso,
      updatedAt: laterIso(before?.updatedAt, detail.updated_at) ?? nowIso,
    };
    if (locale === undefined) delete row.detailLocale;
    else row.detailLocale = locale;
    // The directory answered: the profile is live whatever an earlier run concluded.
    delete row.removed;
    await table.put(row);
    await putSearchRows(db.searchRows, [searchRowFromProfile(kind, row)]);
  });
}

/**
 * A profile answered 410 (deleted or merged: gone for every connection) or 404 (this connection
 * no longer sees it; it leaves the live index once no connection does). Its cached data stays.
 */
export async function markProfileRemoved(library: ConnectionLibrary, kind: ProfileKind, id: number, removal: Removal): Promise<void> {
  const { db } = library;
  const table = profileTable(db, kind);
  await writeLibrary(db, [table, db.searchRows], async () => {
    const before = (await table.get(uidIn(library, id))) as ProfileRow | undefined;
    if (!before) return;
    const connections = withoutMember(before.connections, library.connectionId);
    const row: ProfileRow = { ...before, connections };
    if (removal.reason !== 'missing' || connections.length === 0) row.removed = removal;
    await table.put(row);
    await putSearchRows(db.searchRows, [searchRowFromProfile(kind, row)]);
  });
}

/**
 * Writes one casting-call list page with its checkpoint. The `castingCalls` run lists all calls;
 * the `castingCallsCurrent` run (current=true) marks those listed as current.
 */
export async function writeCastingCallPage(
  library: ConnectionLibrary,
  resource: 'castingCalls' | 'castingCallsCurrent',
  items: CastingCallListItem[],
  checkpoint: PageCheckpoint,
  nowIso: string,
  unreadable: readonly UnreadableItem[] = [],
): Promise<void> {
  const { db, connectionId } = library;
  const unique = byId(items);
  await writeLibrary(db, [db.castingCalls, db.syncState], async () => {
    const existing = await db.castingCalls.bulkGet(unique.map((item) => uidIn(library, item.id)));
    const rows = unique.map((item, index): CastingCallRow => {
      const before = existing[index];
      const row: CastingCallRow = {
        ...before,
        uid: uidIn(library, item.id),
        id: item.id,
        origin: library.origin,
        connections: withMember(before?.connections, connectionId),
        item,
        fetchedAt: nowIso,
        current: before?.current ?? false,
      };
      if (resource === 'castingCalls') row.seenInRuns = { ...before?.seenInRuns, [connectionId]: checkpoint.runId };
      else {
        row.current = true;
        row.currentIn = withMember(before?.currentIn, connectionId);
        row.currentSeenInRuns = { ...before?.currentSeenInRuns, [connectionId]: checkpoint.runId };
      }
      delete row.removed;
      return row;
    });
    await db.castingCalls.bulkPut(rows);
    // A cached call among the unreadable is still listed: not missing.
    const unreadableIds = unreadable.flatMap((item) => (item.id === null ? [] : [uidIn(library, item.id)]));
    if (resource === 'castingCalls' && unreadableIds.length > 0) {
      const cached = (await db.castingCalls.bulkGet(unreadableIds)).filter((row): row is CastingCallRow => row !== undefined);
      await db.castingCalls.bulkPut(cached.map((row) => ({ ...row, seenInRuns: { ...row.seenInRuns, [connectionId]: checkpoint.runId } })));
    }
    const state = await readSyncState(library, resource);
    await db.syncState.put({ ...withUnreadable(state, unique.map((item) => item.id), unreadable), checkpoint });
  });
}

/**
 * Ends a casting-call run of one connection: after the list of all calls, calls it no longer lists
 * are no longer its own (removed once no connection lists them); after the current list, calls it
 * no longer lists as current are current only where another connection still says so.
 */
export async function reconcileCastingCalls(library: ConnectionLibrary, resource: 'castingCalls' | 'castingCallsCurrent', runId: string, nowIso: string): Promise<void> {
  const { db, connectionId } = library;
  await writeLibrary(db, [db.castingCalls, db.syncState], async () => {
    const rows = await db.castingCalls.where('connections').equals(connectionId).toArray();
    const changed: CastingCallRow[] = [];
    for (const row of rows) {
      if (resource === 'castingCalls' && row.seenInRuns?.[connectionId] !== runId) {
        const connections = withoutMember(row.connections, connectionId);
        const currentIn = withoutMember(row.currentIn, connectionId);
        const next: CastingCallRow = { ...row, connections, currentIn, current: currentIn.length > 0 };
        if (connections.length === 0 && !row.removed) next.removed = { reason: 'missing', at: nowIso };
        changed.push(next);
      }
      if (resource === 'castingCallsCurrent' && row.currentIn?.includes(connectionId) && row.currentSeenInRuns?.[connectionId] !== runId) {
        const currentIn = withoutMember(row.currentIn, connectionId);
        changed.push({ ...row, currentIn, current: currentIn.length > 0 });
      }
    }
    await db.castingCalls.bulkPut(changed);
    const state = await readSyncState(library, resource);
    await db.syncState.put({ ...state, checkpoint: null, lastFullReconciliationAt: nowIso, lastRunCompletedAt: nowIso, lastError: null });
  });
}

export async function writeCastingCallDetail(library: ConnectionLibrary, detail: CastingCallDetail, nowIso: string): Promise<void> {
  const { db } = library;
  await writeLibrary(db, [db.castingCalls], async () => {
    const before = await db.castingCalls.get(uidIn(library, detail.id));
    const item: CastingCallListItem = before?.item ?? {
      id: detail.id,
      name: detail.name,
      casting_type: detail.casting_type,
      description: detail.description ?? null,
      production_format: detail.production_format ?? null,
      deadline: detail.deadline ?? null,
      ...(detail.deadline_visible !== undefined ? { deadline_visible: detail.deadline_visible } : {}),
    };
    await db.castingCalls.put({
      ...before,
      uid: uidIn(library, detail.id),
      id: detail.id,
      origin: library.origin,
      connections: withMember(before?.connections, library.connectionId),
      item,
      detail,
      detailFetchedAt: nowIso,
      current: before?.current ?? false,
      fetchedAt: before?.fetchedAt ?? nowIso,
    });
  });
}

/** Records pictures the back end now holds in its media cache. */
export async function recordMedia(library: ConnectionLibrary, rows: MediaRow[]): Promise<void> {
  if (rows.length === 0) return;
  const { db } = library;
  await writeLibrary(db, [db.media], () => db.media.bulkPut(rows.map((row) => ({ ...row, origin: library.origin }))));
}
