/**
 * The order kept profiles claim room in the media cache (issue 22, item 5): shortlisted, then the
 * profiles the user opened (newest first, this directory's only), then the keep-offline scopes from
 * the narrowest to the widest, so the roster kept by default never crowds out what the user works with.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, expect, it } from 'vitest';
import { LibraryDb, type KeepOfflineRow } from '../../../renderer/src/db/libraryDb.ts';
import { keptByPriority, scopesByPriority } from '../../../renderer/src/sync/keptPriority.ts';
import type { SyncContext } from '../../../renderer/src/sync/syncContext.ts';

const dbs: LibraryDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) {
    db.close();
    await db.delete();
  }
});

const origin = 'https://directory.example';

it('puts the opened profiles right after the shortlisted ones, newest first, and keeps each profile once', async () => {
  const db = new LibraryDb(`kept-priority-${Date.now().toString(36)}-${dbs.length}`, { indexedDB, IDBKeyRange });
  dbs.push(db);
  const opened = (profileId: number, cachedAt: string, from = origin) => ({ url: `${from}/p/${profileId}/${cachedAt}.png`, kind: 'version' as const, profileKind: 'actor' as const, profileId, origin: from, cachedAt });
  await db.media.bulkPut([
    opened(7, '2026-01-02T00:00:00.000Z'),
    opened(5, '2026-01-03T00:00:00.000Z'),
    opened(3, '2026-01-01T00:00:00.000Z'),
    // Opened through another directory: not this connection's profile 4.
    opened(4, '2026-01-04T00:00:00.000Z', 'https://other.example'),
    { url: `${origin}/thumb/6.png`, kind: 'thumb', profileKind: 'actor', profileId: 6, origin, cachedAt: '2026-01-05T00:00:00.000Z' },
  ]);
  const context = { db, library: { db, connectionId: 'c1', origin, code: 1 } } as unknown as SyncContext;
  const shortlisted = [{ kind: 'actor' as const, id: 9 }];
  const scopes = [1, 2, 3, 4, 5, 6, 7, 9].map((id) => ({ kind: 'actor' as const, id }));
  const ordered = await keptByPriority(context, [...shortlisted, ...scopes], shortlisted.length);
  expect(ordered.map((ref) => ref.id)).toEqual([9, 5, 7, 3, 1, 2, 4, 6]);
});

it('orders scopes from a casting call\'s matches to saved searches to the whole roster, the earlier added first', () => {
  const row = (scope: KeepOfflineRow['scope'], addedAt: string): KeepOfflineRow => ({ key: JSON.stringify(scope), scope, addedAt });
  const roster = row({ kind: 'roster' }, '2026-01-01T00:00:00.000Z');
  const search = row({ kind: 'search', resource: 'actors', params: { q: 'Anna' } }, '2026-01-03T00:00:00.000Z');
  const olderSearch = row({ kind: 'search', resource: 'crew', params: { q: 'Kamera' } }, '2026-01-02T00:00:00.000Z');
  const call = row({ kind: 'castingCall', castingCallId: 4 }, '2026-01-04T00:00:00.000Z');
  expect(scopesByPriority([roster, search, call, olderSearch])).toEqual([call, olderSearch, search, roster]);
});
