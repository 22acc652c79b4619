/**
 * The slim search row of a cached profile: what instant search, the filters and role matching
 * read, derived from its list item and (once cached) its detail. Written beside every profile
 * write, each with a fresh `rev` so the search index can read only what changed.
 */
import type { Table } from 'dexie';
import type { ActorDetail, CrewDetail } from '../../../contract/directory-api.ts';
// Folded as search/foldName.ts folds typed text (both are contract/name-folding.ts), so db/ needs nothing of search/.
import { searchForms } from '../../../contract/name-folding.ts';
import type { ActorRow, AnyProfileRow, CrewRow, ProfileKind, SearchRow } from './libraryDb.ts';

type NameParts = { name?: string; first_name?: string; last_name?: string };

function displayName(item: NameParts, detail?: NameParts): string {
  const source = item.name ?? detail?.name;
  if (source) return source;
  const first = item.first_name ?? detail?.first_name ?? '';
  const last = item.last_name ?? detail?.last_name ?? '';
  return `${first} ${last}`.trim();
}

/** "Last First": the last name is the list item's or detail's; a bare name sorts by its last word. */
function lastNameKey(name: string, item: NameParts, detail?: NameParts): string {
  const last = item.last_name ?? detail?.last_name;
  const first = item.first_name ?? detail?.first_name;
  if (last) return searchForms(`${last} ${first ?? ''}`);
  const words = name.trim().split(/\s+/);
  const tail = words.pop() ?? '';
  return searchForms(`${tail} ${words.join(' ')}`);
}

const skillMaps = ['instruments', 'dances', 'singing'] as const;
const skillLists = ['sports', 'licenses', 'drivers_licenses'] as const;

function skillsOf(detail: Partial<ActorDetail> | undefined): string[] {
  if (!detail) return [];
  const skills: string[] = [];
  for (const catalogue of skillMaps) for (const key of Object.keys(detail[catalogue] ?? {})) skills.push(`${catalogue}:${key}`);
  for (const catalogue of skillLists) for (const key of detail[catalogue] ?? []) skills.push(`${catalogue}:${key}`);
  return skills;
}

function unique(values: (string | null | undefined)[]): string[] {
  return [...new Set(values.filter((value): value is string => typeof value === 'string' && value !== ''))];
}

/** The film-database id as the library indexes it: trimmed, lower case, left out when empty. */
function filmdbIdOf(id: string | null | undefined): { filmdbId?: string } {
  const normal = id?.trim().toLowerCase() ?? '';
  return normal === '' ? {} : { filmdbId: normal };
}

/** The search row of an actor or crew row, without its rev (the writer assigns it). */
/**
 * A profile's agency names as the app shows them everywhere (list, compare, exports): the primary
 * agency first, then the others in the directory's order, each once.
 */
export function agencyNamesOf(detail: Pick<Partial<ActorDetail>, 'talent_agency_connections'> | undefined): string[] {
  const connections = [...(detail?.talent_agency_connections ?? [])].sort((a, b) =>
    a.connection_type === b.connection_type ? 0 : a.connection_type === 'primary_agency' ? -1 : 1,
  );
  return unique(connections.map((connection) => connection.talent_agency_name?.trim()));
}

export function searchRowFromProfile(kind: ProfileKind, row: AnyProfileRow): Omit<SearchRow, 'rev'> {
  const item = row.item as ActorRow['item'] & CrewRow['item'];
  const detail = row.detail as (Partial<ActorDetail> & Partial<CrewDetail>) | undefined;
  const name = displayName(item, detail);
  const languages = detail?.languages ?? item.languages ?? {};
  const genderNew = kind === 'actor' ? (item.gender_new ?? detail?.gender_new ?? null) : null;
  const locations = detail?.locations ?? [];
  return {
    kind,
    uid: row.uid,
    id: row.id,
    origin: row.origin,
    connections: [...row.connections],
    name,
    foldedName: searchForms(name),
    foldedLastName: lastNameKey(name, item, detail),
    gender: item.gender ?? detail?.gender ?? null,
    genderNew,
    genderSearchability: detail?.gender_searchability ?? (genderNew ? [genderNew] : []),
    age: item.age ?? detail?.age ?? null,
    actingAgeFrom: detail?.acting_age_from ?? null,
    actingAgeTo: detail?.acting_age_to ?? null,
    languageCodes: Object.keys(languages),
    languageLevels: { ...languages },
    dialects: unique([...Object.keys(detail?.dialects ?? {}), ...(detail?.native_dialects ?? []), detail?.native_dialect]),
    accents: Object.keys(detail?.accents ?? {}),
    mainProfession: item.main_profession ?? detail?.main_profession ?? null,
    specializations: detail?.specializations ?? [],
    professions: item.professions ?? detail?.professions ?? [],
    agencies: agencyNamesOf(detail),
    residences: unique(locations.filter((location) => location.type === 'place').map((location) => location.name)),
    accommodations: unique([
      ...(detail?.accommodation_options ?? []),
      ...locations.filter((location) => location.type === 'accommodation').map((location) => location.name),
    ]),
    nationalities: detail?.nationalities ?? [],
    height: detail?.height ?? null,
    skills: skillsOf(detail),
    ethnicBackgrounds: (detail?.ethnic_background ?? []).map(String),
    hasShowreel: (detail?.showreels?.length ?? 0) > 0 || (detail?.external_showreels?.length ?? 0) > 0 || !!detail?.external_showreel,
    hasDetail: detail ? 1 : 0,
    updatedAt: row.updatedAt,
    thumbUrl: item.main_picture_url_tile ?? null,
    removed: row.removed ? 1 : 0,
    yearOfBirth: detail?.year_of_birth ?? null,
    ...filmdbIdOf(detail?.filmdb_id),
  };
}

/** The largest rev written so far; call inside a transaction that includes `searchRows`. */
async function lastRev(table: Table<SearchRow, [ProfileKind, number]>): Promise<number> {
  return (await table.orderBy('rev').last())?.rev ?? 0;
}

/**
 * Puts search rows with fresh revs, in calls of `chunk` rows. Call inside a read-write
 * transaction over `searchRows`, so the revs stay in write order.
 */
export async function putSearchRows(table: Table<SearchRow, [ProfileKind, number]>, rows: Omit<SearchRow, 'rev'>[], chunk = 100): Promise<void> {
  let rev = await lastRev(table);
  for (let start = 0; start < rows.length; start += chunk) {
    await table.bulkPut(rows.slice(start, start + chunk).map((row) => ({ ...row, rev: ++rev })));
  }
}
