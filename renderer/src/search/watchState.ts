/**
 * What is new for a watching saved search or among the casting calls, decided from what was known
 * before and what the library holds now. Pure: the searchWatch store runs the searches and reads
 * and writes db/watchDb.ts around these functions.
 *
 * Saved searches: the first run records the matches of that time as known (nothing is new); later,
 * a profile that matches and never matched before is new, flagged once. Every match joins the
 * known set, so a profile is flagged at most once per search and directory, even if it stops
 * matching and matches again, whether or not it was marked as seen. A profile the directory deleted
 * or merged away leaves the memory after a sync (pruneSearch), so it does not grow for ever.
 *
 * Casting calls: the first run records every call and role. Later a current call never recorded
 * is new; a recorded call that turns current is newly current; a role that appears in a call whose
 * roles were recorded before is new. A new call's roles are not flagged one by one (the call is),
 * and a call's roles seen for the first time (its detail had not arrived before) are recorded, not
 * flagged: nothing tells them from roles it always had.
 */
import type { CallBaselineRow, CallWatchRow, SearchWatchRow, WatchedSearch } from '../db/watchDb.ts';
import type { ProfileKind } from '../db/libraryDb.ts';

function ascending(ids: Iterable<number>): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** The first run of a search: what matches now is known, nothing is new. */
export function baselineSearch(kind: ProfileKind, query: string, origin: string, matchIds: ArrayLike<number>, now: string): SearchWatchRow {
  return { kind, query, origin, baselineAt: now, knownIds: ascending(Array.from(matchIds)), freshIds: [] };
}

/** A later run: matches never known before are flagged. Null when nothing changed. */
export function advanceSearch(row: SearchWatchRow, matchIds: ArrayLike<number>): SearchWatchRow | null {
  const known = new Set(row.knownIds);
  const found: number[] = [];
  for (let i = 0; i < matchIds.length; i++) {
    const id = matchIds[i]!;
    if (!known.has(id)) {
      known.add(id);
      found.push(id);
    }
  }
  if (found.length === 0) return null;
  found.sort((a, b) => a - b);
  return { ...row, knownIds: ascending(known), freshIds: [...row.freshIds, ...found] };
}

/**
 * A memory without the profiles of `gone` (those the library no longer holds, or holds deleted or
 * merged: stores/watchRuns.ts): `knownIds` and `freshIds` would otherwise grow with every profile that
 * ever matched, for as long as the search is saved. Null when nothing was dropped.
 */
export function pruneSearch(row: SearchWatchRow, gone: ReadonlySet<number>): SearchWatchRow | null {
  if (gone.size === 0) return null;
  const knownIds = row.knownIds.filter((id) => !gone.has(id));
  const freshIds = row.freshIds.filter((id) => !gone.has(id));
  return knownIds.length === row.knownIds.length && freshIds.length === row.freshIds.length ? null : { ...row, knownIds, freshIds };
}

/** The key a search's memory is found under. */
export function watchKey(search: WatchedSearch): string {
  return `${search.kind}:${search.query}`;
}

/**
 * One run over the saved searches of a library: a search without a memory starts one, and with
 * `afterSync` the others look for new matches and forget the profiles of `gone` (ids the library no
 * longer holds, by kind). `matchesOf` runs a search; it is asked only for the searches that need
 * it. Returns the memories that changed.
 */
export function searchRunChanges(
  rows: readonly SearchWatchRow[],
  searches: readonly WatchedSearch[],
  matchesOf: (search: WatchedSearch) => ArrayLike<number>,
  options: { afterSync: boolean; origin: string; now: string; gone?: Readonly<Record<ProfileKind, ReadonlySet<number>>> },
): SearchWatchRow[] {
  const known = new Map(rows.map((row) => [watchKey(row), row]));
  const done = new Set<string>();
  const changed: SearchWatchRow[] = [];
  for (const search of searches) {
    const key = watchKey(search);
    if (done.has(key)) continue;
    done.add(key);
    const row = known.get(key);
    if (!row) {
      changed.push(baselineSearch(search.kind, search.query, options.origin, matchesOf(search), options.now));
      continue;
    }
    if (!options.afterSync) continue;
    const pruned = options.gone ? pruneSearch(row, options.gone[search.kind]) : null;
    const next = advanceSearch(pruned ?? row, matchesOf(search)) ?? pruned;
    if (next) changed.push(next);
  }
  return changed;
}

/** Marks some flagged profiles (or all: `ids` null) as seen. Null when nothing changed. */
export function markSearchSeen(row: SearchWatchRow, ids: readonly number[] | null): SearchWatchRow | null {
  const seen = ids === null ? null : new Set(ids);
  const freshIds = seen === null ? [] : row.freshIds.filter((id) => !seen.has(id));
  return freshIds.length === row.freshIds.length ? null : { ...row, freshIds };
}

/** A casting call as the library holds it now. */
export interface CallNow {
  id: number;
  current: boolean;
  /** Its roles' ids; null while its detail is not cached. */
  roleIds: number[] | null;
}

function sameCall(a: CallWatchRow, b: CallWatchRow): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The next state of one recorded call. */
function advanceCall(row: CallWatchRow, call: CallNow): CallWatchRow {
  const next: CallWatchRow = { ...row, wasCurrent: call.current };
  if (call.current && !row.wasCurrent && row.news === null) next.news = 'current';
  if (call.roleIds !== null) {
    if (row.roleIds === null) next.roleIds = ascending(call.roleIds);
    else {
      const known = new Set(row.roleIds);
      const added = call.roleIds.filter((id) => !known.has(id));
      if (added.length > 0) {
        next.roleIds = ascending([...row.roleIds, ...added]);
        if (row.news !== 'new') next.freshRoleIds = ascending([...row.freshRoleIds, ...added]);
      }
    }
  }
  return next;
}

/**
 * One run over a directory's casting calls. Returns the rows that changed and, on the first run,
 * the baseline to store.
 */
export function advanceCalls(
  origin: string,
  rows: readonly CallWatchRow[],
  baseline: CallBaselineRow | undefined,
  calls: readonly CallNow[],
  now: string,
): { rows: CallWatchRow[]; baseline?: CallBaselineRow } {
  const byId = new Map(rows.map((row) => [row.callId, row]));
  const changed: CallWatchRow[] = [];
  for (const call of calls) {
    const row = byId.get(call.id);
    if (!row) {
      // Not current: recorded without a flag; it is news once it turns current.
      const news = baseline && call.current ? 'new' : null;
      changed.push({ origin, callId: call.id, wasCurrent: call.current, roleIds: call.roleIds && ascending(call.roleIds), news, freshRoleIds: [] });
      continue;
    }
    const next = advanceCall(row, call);
    if (!sameCall(row, next)) changed.push(next);
  }
  return baseline ? { rows: changed } : { rows: changed, baseline: { origin, baselineAt: now } };
}

/** Marks a call as seen, with every one of its roles. Null when it was not flagged. */
export function markCallSeen(row: CallWatchRow): CallWatchRow | null {
  return row.news === null && row.freshRoleIds.length === 0 ? null : { ...row, news: null, freshRoleIds: [] };
}

/** Marks one role of a call as seen. Null when it was not flagged. */
export function markRoleSeen(row: CallWatchRow, roleId: number): CallWatchRow | null {
  return row.freshRoleIds.includes(roleId) ? { ...row, freshRoleIds: row.freshRoleIds.filter((id) => id !== roleId) } : null;
}
