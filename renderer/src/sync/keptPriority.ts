/**
 * The order kept profiles claim room in the media cache when not all fit its cap: what the user
 * works with first. Shortlisted actors, then the profiles the user opened (newest first), then the
 * keep-offline scopes from the narrowest to the widest (a casting call's matches, then saved
 * searches, then the whole roster; the earlier added first within each), so the demo's roster,
 * kept by default, never crowds out a casting call's matches.
 */
import type { KeepOfflineRow, ProfileKind } from '../db/libraryDb.ts';
import type { SyncContext } from './syncContext.ts';

export interface KeptRef {
  kind: ProfileKind;
  id: number;
}

const scopeRank: Record<KeepOfflineRow['scope']['kind'], number> = { castingCall: 0, search: 1, roster: 2 };

/** `rows` from the narrowest scope to the widest, the earlier added first within each kind. */
export function scopesByPriority(rows: readonly KeepOfflineRow[]): KeepOfflineRow[] {
  return [...rows].sort((a, b) => scopeRank[a.scope.kind] - scopeRank[b.scope.kind] || a.addedAt.localeCompare(b.addedAt));
}

/**
 * The profiles the user opened, newest first: their picture versions are fetched when a profile is
 * opened and recorded in the library's media table with the time.
 */
async function viewedProfiles(context: SyncContext): Promise<string[]> {
  const opened = new Map<string, string>();
  await context.db.media
    .where('kind')
    .equals('version')
    .each((row) => {
      if (row.origin !== undefined && row.origin !== context.library.origin) return;
      const key = `${row.profileKind}:${row.profileId}`;
      if ((opened.get(key) ?? '') < row.cachedAt) opened.set(key, row.cachedAt);
    });
  return [...opened].sort((a, b) => b[1].localeCompare(a[1])).map(([key]) => key);
}

/**
 * `refs` (the shortlisted first `shortlisted` of them, then the scopes' in priority order) with
 * the opened profiles among them moved right after the shortlisted; each profile once.
 */
export async function keptByPriority(context: SyncContext, refs: readonly KeptRef[], shortlisted: number): Promise<KeptRef[]> {
  const byKey = new Map<string, KeptRef>();
  for (const ref of refs) if (!byKey.has(`${ref.kind}:${ref.id}`)) byKey.set(`${ref.kind}:${ref.id}`, ref);
  const ordered = new Map<string, KeptRef>();
  for (const ref of refs.slice(0, shortlisted)) ordered.set(`${ref.kind}:${ref.id}`, ref);
  for (const key of await viewedProfiles(context)) {
    const ref = byKey.get(key);
    if (ref && !ordered.has(key)) ordered.set(key, ref);
  }
  for (const [key, ref] of byKey) if (!ordered.has(key)) ordered.set(key, ref);
  return [...ordered.values()];
}
