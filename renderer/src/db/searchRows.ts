/**
 * The slim search row of a cached profile: what instant search and the filters read, derived from
 * its list item and (for acting ages) its detail. Written beside every profile write.
 */
import { foldName } from '../search/foldName.ts';
import type { ActorRow, AnyProfileRow, CrewRow, ProfileKind, SearchRow } from './libraryDb.ts';

function displayName(item: { name?: string; first_name?: string; last_name?: string }, detail?: { name?: string; first_name?: string; last_name?: string }): string {
  const source = item.name ?? detail?.name;
  if (source) return source;
  const first = item.first_name ?? detail?.first_name ?? '';
  const last = item.last_name ?? detail?.last_name ?? '';
  return `${first} ${last}`.trim();
}

/** The search row of an actor or crew row. */
export function searchRowFromProfile(kind: ProfileKind, row: AnyProfileRow): SearchRow {
  const item = row.item as ActorRow['item'] & CrewRow['item'];
  const detail = row.detail as (ActorRow['detail'] & CrewRow['detail']) | undefined;
  const name = displayName(item, detail);
  const languages = item.languages ?? detail?.languages ?? {};
  return {
    kind,
    id: row.id,
    name,
    foldedName: foldName(name),
    gender: item.gender ?? detail?.gender ?? null,
    genderNew: kind === 'actor' ? (item.gender_new ?? detail?.gender_new ?? null) : null,
    actingAgeFrom: detail?.acting_age_from ?? null,
    actingAgeTo: detail?.acting_age_to ?? null,
    languageCodes: Object.keys(languages),
    professions: item.professions ?? detail?.professions ?? [],
    updatedAt: row.updatedAt,
    thumbUrl: item.main_picture_url_tile ?? null,
    removed: row.removed ? 1 : 0,
  };
}
