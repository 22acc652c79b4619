/**
 * Which profiles a "keep offline" scope covers: the whole roster (from the library), a saved
 * search (asked of the directory, ids only), or the actors matching a casting call's roles.
 */
import type { ActorListParams } from '../../../contract/bridge.ts';
import { genderNewKeys, type CastingCallDetail } from '../../../contract/directory-api.ts';
import { maxPerPage } from '../../../contract/list-limits.ts';
import type { KeepOfflineScope, ProfileKind } from '../db/libraryDb.ts';
import { uidIn } from '../db/connectionLibrary.ts';
import { writeCastingCallDetail } from '../db/libraryWrites.ts';
import type { SyncContext } from './syncContext.ts';

export interface ProfileRef {
  kind: ProfileKind;
  id: number;
}

type GenderFilter = (typeof genderNewKeys)[number];

async function listIds(context: SyncContext, kind: ProfileKind, params: Record<string, unknown>): Promise<number[]> {
  const ids: number[] = [];
  for (let page: number | null = 1; page !== null; ) {
    const current: number = page;
    const answer: { items: { id: number }[]; nextPage: number | null } =
      kind === 'actor'
        ? await context.call(() =>
            context.bridge.listActors({ connectionId: context.connectionId, params: { ...params, page: current, perPage: maxPerPage, fields: ['updated_at'] }, priority: 'keep_offline' }),
          )
        : await context.call(() =>
            context.bridge.listCrew({ connectionId: context.connectionId, params: { ...params, page: current, perPage: maxPerPage, fields: ['updated_at'] }, priority: 'keep_offline' }),
          );
    ids.push(...answer.items.map((item) => item.id));
    page = answer.items.length === 0 ? null : answer.nextPage;
  }
  return ids;
}

/** Actor searches that find a role's matches: its genders, acting ages and languages. */
export function roleSearches(detail: CastingCallDetail): Omit<ActorListParams, 'page' | 'perPage'>[] {
  const searches: Omit<ActorListParams, 'page' | 'perPage'>[] = [];
  for (const role of detail.roles) {
    const base: Omit<ActorListParams, 'page' | 'perPage'> = {};
    if (role.acting_age_from != null) base.actingAgeMin = role.acting_age_from;
    if (role.acting_age_to != null) base.actingAgeMax = role.acting_age_to;
    const languages = Object.keys(role.languages ?? {}).filter((code) => /^[a-z]{3}$/.test(code));
    if (languages.length > 0) base.languages = languages.slice(0, 20);
    const genders = (role.gender ?? []).filter((gender): gender is GenderFilter => (genderNewKeys as readonly string[]).includes(gender));
    if (genders.length === 0) searches.push(base);
    else for (const gender of genders) searches.push({ ...base, gender });
  }
  return searches;
}

/** The profiles `scope` covers now. */
export async function resolveScope(context: SyncContext, scope: KeepOfflineScope): Promise<ProfileRef[]> {
  switch (scope.kind) {
    case 'roster': {
      const refs: ProfileRef[] = [];
      const resources = scope.resources ?? ['actors', 'crew'];
      // The roster this connection sees: another connection keeps its own.
      const own = (kind: ProfileKind) => (kind === 'actor' ? context.db.actors : context.db.crew).where('connections').equals(context.connectionId);
      if (resources.includes('actors')) await own('actor').each((row) => void (row.removed ? undefined : refs.push({ kind: 'actor', id: row.id })));
      if (resources.includes('crew')) await own('crew').each((row) => void (row.removed ? undefined : refs.push({ kind: 'crew', id: row.id })));
      return refs;
    }
    case 'search': {
      const kind: ProfileKind = scope.resource === 'actors' ? 'actor' : 'crew';
      return (await listIds(context, kind, { ...scope.params })).map((id) => ({ kind, id }));
    }
    case 'castingCall': {
      let detail = (await context.db.castingCalls.get(uidIn(context.library, scope.castingCallId)))?.detail;
      if (!detail) {
        detail = await context.call(() => context.bridge.getCastingCall({ connectionId: context.connectionId, id: scope.castingCallId, priority: 'keep_offline' }));
        await writeCastingCallDetail(context.library, detail, context.nowIso());
      }
      const ids = new Set<number>();
      for (const search of roleSearches(detail)) for (const id of await listIds(context, 'actor', search)) ids.add(id);
      return [...ids].map((id) => ({ kind: 'actor', id }));
    }
  }
}

/** The key a scope is stored under: the same scope is kept once. */
export function scopeKey(scope: KeepOfflineScope): string {
  const sortKeys = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([key, inner]) => [key, sortKeys(inner)]))
      : value;
  return JSON.stringify(sortKeys(scope));
}
