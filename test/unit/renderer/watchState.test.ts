/**
 * What is new for a watching saved search and among the casting calls (search/watchState.ts):
 * the baseline, flagged once, marked as seen, and the casting calls' three kinds of news.
 */
import { describe, expect, it } from 'vitest';
import type { CallWatchRow } from '../../../renderer/src/db/watchDb.ts';
import { advanceCalls, advanceSearch, baselineSearch, markCallSeen, markRoleSeen, markSearchSeen, pruneSearch, searchRunChanges, type CallNow } from '../../../renderer/src/search/watchState.ts';

const origin = 'http://127.0.0.1:8787';
const now = '2026-06-15T12:00:00.000Z';

describe('a watching saved search', () => {
  it('starts from what it matches on its first run: nothing is new', () => {
    const row = baselineSearch('actor', 'q=jonas', origin, Int32Array.from([11, 1]), now);
    expect(row).toEqual({ kind: 'actor', query: 'q=jonas', origin, baselineAt: now, knownIds: [1, 11], freshIds: [] });
    expect(advanceSearch(row, [1, 11])).toBeNull();
  });

  it('flags a profile that matches for the first time, once', () => {
    const row = baselineSearch('actor', 'q=jonas', origin, [1, 11], now);
    const next = advanceSearch(row, [1, 20, 11])!;
    expect(next.freshIds).toEqual([20]);
    expect(next.knownIds).toEqual([1, 11, 20]);
    expect(advanceSearch(next, [1, 20, 11])).toBeNull();
  });

  it('does not flag a profile again that stopped matching and matches again, seen or not', () => {
    const flagged = advanceSearch(baselineSearch('crew', 'prof=regie', origin, [1], now), [1, 5])!;
    expect(advanceSearch(flagged, [1])).toBeNull();
    expect(advanceSearch(flagged, [1, 5])).toBeNull();
    const seen = markSearchSeen(flagged, [5])!;
    expect(seen.freshIds).toEqual([]);
    expect(advanceSearch(seen, [1])).toBeNull();
    expect(advanceSearch(seen, [5, 1])).toBeNull();
  });

  it('marks one or every flagged profile as seen', () => {
    const flagged = advanceSearch(baselineSearch('actor', 'q=a', origin, [], now), [3, 1, 2])!;
    expect(flagged.freshIds).toEqual([1, 2, 3]);
    expect(markSearchSeen(flagged, [2])!.freshIds).toEqual([1, 3]);
    expect(markSearchSeen(flagged, null)!.freshIds).toEqual([]);
    expect(markSearchSeen(flagged, [99])).toBeNull();
  });
});

describe('a memory pruned to the profiles the library still holds', () => {
  it('drops gone ids from knownIds and freshIds, and nothing else', () => {
    const flagged = advanceSearch(baselineSearch('actor', 'q=a', origin, [1, 2, 3], now), [1, 2, 3, 7, 8])!;
    expect(pruneSearch(flagged, new Set([2, 8, 99]))).toMatchObject({ knownIds: [1, 3, 7], freshIds: [7] });
    expect(pruneSearch(flagged, new Set([99]))).toBeNull();
    expect(pruneSearch(flagged, new Set())).toBeNull();
  });

  it('prunes after a sync only, by kind, and still flags new matches', () => {
    const actor = advanceSearch(baselineSearch('actor', 'q=a', origin, [1, 2], now), [1, 2, 5])!;
    const crew = baselineSearch('crew', 'q=a', origin, [2], now);
    const searches = [
      { kind: 'actor' as const, query: 'q=a' },
      { kind: 'crew' as const, query: 'q=a' },
    ];
    const gone = { actor: new Set([2, 5]), crew: new Set<number>() };
    const matchesOf = ({ kind }: { kind: string }) => (kind === 'actor' ? [1, 9] : [2]);
    expect(searchRunChanges([actor, crew], searches, matchesOf, { afterSync: false, origin, now, gone })).toEqual([]);
    const changed = searchRunChanges([actor, crew], searches, matchesOf, { afterSync: true, origin, now, gone });
    expect(changed.map((row) => [row.kind, row.knownIds, row.freshIds])).toEqual([['actor', [1, 9], [9]]]);
    // Pruned with nothing new to flag is a change too.
    expect(searchRunChanges([actor], searches.slice(0, 1), () => [1], { afterSync: true, origin, now, gone })).toMatchObject([{ knownIds: [1], freshIds: [] }]);
  });
});

describe('one run over the saved searches', () => {
  const matches: Record<string, number[]> = { 'q=a': [1, 2], 'q=b': [3] };
  const asked: string[] = [];
  const matchesOf = ({ query }: { query: string }) => {
    asked.push(query);
    return matches[query] ?? [];
  };

  it('starts the memory of a new search (once for a search saved twice) and, only after a sync, advances the others', () => {
    const known = baselineSearch('actor', 'q=a', origin, [1], now);
    const searches = [
      { kind: 'actor' as const, query: 'q=a' },
      { kind: 'actor' as const, query: 'q=b' },
      { kind: 'actor' as const, query: 'q=b' },
    ];
    asked.length = 0;
    const opened = searchRunChanges([known], searches, matchesOf, { afterSync: false, origin, now });
    expect(opened.map((row) => [row.query, row.knownIds, row.freshIds])).toEqual([['q=b', [3], []]]);
    // A search with a memory is not even run outside a sync.
    expect(asked).toEqual(['q=b']);
    const synced = searchRunChanges([known, ...opened], searches, matchesOf, { afterSync: true, origin, now });
    expect(synced.map((row) => [row.query, row.freshIds])).toEqual([['q=a', [2]]]);
    // The same query text of the other kind is another search.
    expect(searchRunChanges([known], [{ kind: 'crew', query: 'q=a' }], matchesOf, { afterSync: true, origin, now })).toMatchObject([{ kind: 'crew', freshIds: [] }]);
  });
});

function callsAfter(rows: CallWatchRow[], changed: CallWatchRow[]): CallWatchRow[] {
  const byId = new Map(rows.map((row) => [row.callId, row]));
  for (const row of changed) byId.set(row.callId, row);
  return [...byId.values()];
}

describe('casting calls that say what is new', () => {
  const first: CallNow[] = [
    { id: 1, current: true, roleIds: [101] },
    { id: 2, current: false, roleIds: [201] },
    { id: 3, current: true, roleIds: null },
  ];

  it('records every call on the first run and flags none', () => {
    const { rows, baseline } = advanceCalls(origin, [], undefined, first, now);
    expect(baseline).toEqual({ origin, baselineAt: now });
    expect(rows.map((row) => [row.callId, row.news, row.freshRoleIds])).toEqual([
      [1, null, []],
      [2, null, []],
      [3, null, []],
    ]);
  });

  it('flags a new current call, a call that turned current and a role added to a known call', () => {
    const start = advanceCalls(origin, [], undefined, first, now);
    const later: CallNow[] = [
      { id: 1, current: true, roleIds: [101, 102] },
      { id: 2, current: true, roleIds: [201] },
      { id: 3, current: true, roleIds: [301] },
      { id: 4, current: true, roleIds: [401] },
      { id: 5, current: false, roleIds: [501] },
    ];
    const { rows, baseline } = advanceCalls(origin, start.rows, start.baseline, later, now);
    expect(baseline).toBeUndefined();
    const news = Object.fromEntries(rows.map((row) => [row.callId, { news: row.news, roles: row.freshRoleIds }]));
    expect(news).toEqual({
      1: { news: null, roles: [102] },
      2: { news: 'current', roles: [] },
      // Its roles arrive with its first detail: recorded, not flagged.
      3: { news: null, roles: [] },
      4: { news: 'new', roles: [] },
      // Not current: recorded without a flag.
      5: { news: null, roles: [] },
    });
    // Nothing changed since: nothing more is flagged, nothing is written.
    expect(advanceCalls(origin, callsAfter(start.rows, rows), start.baseline, later, now).rows).toEqual([]);
  });

  it('flags a recorded call that turns current later, and a role once', () => {
    const start = advanceCalls(origin, [], undefined, first, now);
    const turned = advanceCalls(origin, start.rows, start.baseline, [{ id: 5, current: false, roleIds: [] }], now);
    const current = advanceCalls(origin, turned.rows, start.baseline, [{ id: 5, current: true, roleIds: [501] }], now);
    expect(current.rows[0]).toMatchObject({ callId: 5, news: 'current', roleIds: [501], freshRoleIds: [501] });
    const seen = markRoleSeen(current.rows[0]!, 501)!;
    expect(seen.freshRoleIds).toEqual([]);
    expect(advanceCalls(origin, [seen], start.baseline, [{ id: 5, current: true, roleIds: [501] }], now).rows).toEqual([]);
  });

  it('marks a call as seen with its roles', () => {
    const row: CallWatchRow = { origin, callId: 1, wasCurrent: true, roleIds: [1, 2], news: 'current', freshRoleIds: [2] };
    expect(markCallSeen(row)).toMatchObject({ news: null, freshRoleIds: [] });
    expect(markCallSeen({ ...row, news: null, freshRoleIds: [] })).toBeNull();
    expect(markRoleSeen(row, 1)).toBeNull();
  });
});
