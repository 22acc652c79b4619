/**
 * What changed between two details of one actor or crew profile, field by field, in the compact
 * form the change history keeps: ids and short references, never whole payloads. Pure and
 * deterministic (the same two details always give the same list, in the same order), so a record
 * written twice for one update is the same record.
 */
import type { ActorDetail, CrewDetail, Picture } from '../../../contract/directory-api.ts';

type ProfileDetail = ActorDetail | CrewDetail;

/** The fields the history follows, in the order a record lists them. */
export const historyFields = ['mainPicture', 'pictures', 'credits', 'agencies', 'agent', 'actingAge', 'height', 'languages', 'skills', 'showreels', 'aboutMe'] as const;
export type HistoryField = (typeof historyFields)[number];
/**
 * The fields whose text follows the content language a detail is asked in (about_me, with the
 * `locale` parameter), so two details asked in different languages differ there without an edit.
 */
export const localizedHistoryFields: ReadonlySet<HistoryField> = new Set<HistoryField>(['aboutMe']);

/** A vita entry, enough to name it: its group (film, theatre, award, …), title, role and year. */
export interface CreditRef {
  group: string;
  name: string;
  role: string | null;
  year: number | null;
}
/** A language, dialect or skill: its catalogue, its key and the level (null for plain lists). */
export interface LevelledRef {
  catalogue: string;
  key: string;
  level: string | null;
}
export interface LevelChange {
  catalogue: string;
  key: string;
  from: string | null;
  to: string | null;
}
export interface AgencyRef {
  id: number;
  name: string | null;
  type: string;
}
export interface AgentRef {
  id: number;
  name: string;
}
export interface ShowreelRef {
  name: string | null;
  url: string;
}
export interface AgeRange {
  from: number | null;
  to: number | null;
}

export type ProfileChange =
  | { field: 'mainPicture'; from: number | null; to: number | null }
  | { field: 'pictures'; added: number[]; removed: number[] }
  | { field: 'credits'; added: CreditRef[]; removed: CreditRef[] }
  | { field: 'agencies'; added: AgencyRef[]; removed: AgencyRef[] }
  | { field: 'agent'; from: AgentRef | null; to: AgentRef | null }
  | { field: 'actingAge'; from: AgeRange; to: AgeRange }
  | { field: 'height'; from: number | null; to: number | null }
  | { field: 'languages' | 'skills'; added: LevelledRef[]; removed: LevelledRef[]; changed: LevelChange[] }
  | { field: 'showreels'; added: ShowreelRef[]; removed: ShowreelRef[] }
  | { field: 'aboutMe' };

/** Catalogues counted as languages (spoken languages, dialects, accents). */
const languageCatalogues = ['languages', 'dialects', 'accents', 'native_dialects'] as const;
/** Catalogues counted as skills. */
const skillCatalogues = ['instruments', 'dances', 'singing', 'special_skills', 'sports', 'drivers_licenses', 'licenses'] as const;
/** Vita entry fields that say nothing about the credit itself (a star, a poster, its place in the list). */
const ignoredCreditFields = new Set(['favorite', 'picture', 'position']);

function fields(detail: ProfileDetail): Record<string, unknown> {
  return detail as unknown as Record<string, unknown>;
}

/** JSON with sorted keys: equal values give equal strings. */
function canonical(value: unknown): string {
  const sorted = (inner: unknown): unknown =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, item]) => [key, sorted(item)]))
      : Array.isArray(inner)
        ? inner.map(sorted)
        : inner;
  return JSON.stringify(sorted(value));
}

/** Items of `after` missing from `before` and the other way round, by `keyOf`, in a stable order. */
function setDiff<T>(before: readonly T[], after: readonly T[], keyOf: (item: T) => string): { added: T[]; removed: T[] } {
  const beforeKeys = new Map(before.map((item) => [keyOf(item), item]));
  const afterKeys = new Map(after.map((item) => [keyOf(item), item]));
  const byKey = (a: [string, T], b: [string, T]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  return {
    added: [...afterKeys].filter(([key]) => !beforeKeys.has(key)).sort(byKey).map(([, item]) => item),
    removed: [...beforeKeys].filter(([key]) => !afterKeys.has(key)).sort(byKey).map(([, item]) => item),
  };
}

/** The header's picture: the portrait main picture, else the main picture, else the first. */
function mainPictureId(pictures: readonly Picture[]): number | null {
  return (pictures.find((picture) => picture.main_picture_portrait === true) ?? pictures.find((picture) => picture.main_picture === true) ?? pictures[0])?.id ?? null;
}

function creditsOf(detail: ProfileDetail): { key: string; ref: CreditRef }[] {
  const vita = (detail.vita ?? {}) as Record<string, unknown>;
  return Object.keys(vita).flatMap((group) => {
    const entries = Array.isArray(vita[group]) ? (vita[group] as Record<string, unknown>[]) : [];
    return entries.map((entry) => {
      const kept = Object.fromEntries(Object.entries(entry).filter(([key, value]) => !ignoredCreditFields.has(key) && value !== null && value !== undefined));
      const year = typeof entry.year_from === 'number' ? entry.year_from : typeof entry.year_to === 'number' ? entry.year_to : null;
      return { key: `${group}\u0000${canonical(kept)}`, ref: { group, name: String(entry.name ?? ''), role: typeof entry.role === 'string' && entry.role ? entry.role : null, year } };
    });
  });
}

function agenciesOf(detail: ProfileDetail): AgencyRef[] {
  const connections = (detail as ActorDetail).talent_agency_connections ?? [];
  if (connections.length > 0) return connections.map((connection) => ({ id: connection.talent_agency_id, name: connection.talent_agency_name ?? null, type: connection.connection_type }));
  const single = (detail as CrewDetail).talent_agency_id;
  return typeof single === 'number' ? [{ id: single, name: null, type: 'primary_agency' }] : [];
}

function levelledOf(detail: ProfileDetail, catalogues: readonly string[]): LevelledRef[] {
  const source = fields(detail);
  const refs: LevelledRef[] = [];
  for (const catalogue of catalogues) {
    const value = source[catalogue];
    if (Array.isArray(value)) for (const key of value) refs.push({ catalogue, key: String(key), level: null });
    else if (value && typeof value === 'object') for (const [key, level] of Object.entries(value)) refs.push({ catalogue, key, level: typeof level === 'string' ? level : null });
  }
  // A single native dialect (deprecated field) counts as one of the native dialects.
  if (catalogues.includes('native_dialects') && typeof source.native_dialect === 'string' && source.native_dialect && !refs.some((ref) => ref.catalogue === 'native_dialects' && ref.key === source.native_dialect)) {
    refs.push({ catalogue: 'native_dialects', key: source.native_dialect, level: null });
  }
  return refs;
}

function levelledChange(field: 'languages' | 'skills', before: LevelledRef[], after: LevelledRef[]): ProfileChange | null {
  const keyOf = (ref: LevelledRef) => `${ref.catalogue}\u0000${ref.key}`;
  const { added, removed } = setDiff(before, after, keyOf);
  const beforeLevels = new Map(before.map((ref) => [keyOf(ref), ref.level]));
  const changed: LevelChange[] = after
    .filter((ref) => beforeLevels.has(keyOf(ref)) && beforeLevels.get(keyOf(ref)) !== ref.level)
    .sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1))
    .map((ref) => ({ catalogue: ref.catalogue, key: ref.key, from: beforeLevels.get(keyOf(ref)) ?? null, to: ref.level }));
  return added.length + removed.length + changed.length > 0 ? { field, added, removed, changed } : null;
}

function showreelsOf(detail: ProfileDetail): ShowreelRef[] {
  const source = detail as ActorDetail;
  return [
    ...(source.showreels ?? []).map((reel) => ({ name: reel.name || null, url: reel.url })),
    ...(source.external_showreels ?? []).map((url) => ({ name: null, url })),
    ...(source.external_showreel ? [{ name: null, url: source.external_showreel }] : []),
  ];
}

function aboutMeOf(detail: ProfileDetail): string {
  return (detail.about_me ?? detail.about_me_html ?? '').trim();
}

function agentOf(detail: ProfileDetail): AgentRef | null {
  return detail.representative ? { id: detail.representative.id, name: detail.representative.name } : null;
}

/**
 * The fields that differ between `before` and `after` (the same profile), each once, in
 * `historyFields` order; empty when nothing the history follows changed. Unless both were asked in
 * the same content language (`sameContentLocale`, default true), the localized fields are left out.
 */
export function diffProfiles(before: ProfileDetail, after: ProfileDetail, options: { sameContentLocale?: boolean } = {}): ProfileChange[] {
  const changes = diffAllFields(before, after);
  return options.sameContentLocale === false ? changes.filter((change) => !localizedHistoryFields.has(change.field)) : changes;
}

function diffAllFields(before: ProfileDetail, after: ProfileDetail): ProfileChange[] {
  const changes: ProfileChange[] = [];
  const picturesBefore = before.pictures ?? [];
  const picturesAfter = after.pictures ?? [];
  const mainBefore = mainPictureId(picturesBefore);
  const mainAfter = mainPictureId(picturesAfter);
  if (mainBefore !== mainAfter) changes.push({ field: 'mainPicture', from: mainBefore, to: mainAfter });

  const pictures = setDiff(picturesBefore.map((picture) => picture.id), picturesAfter.map((picture) => picture.id), (id) => String(id).padStart(12, '0'));
  if (pictures.added.length + pictures.removed.length > 0) changes.push({ field: 'pictures', ...pictures });

  const credits = setDiff(creditsOf(before), creditsOf(after), (credit) => credit.key);
  if (credits.added.length + credits.removed.length > 0) changes.push({ field: 'credits', added: credits.added.map((credit) => credit.ref), removed: credits.removed.map((credit) => credit.ref) });

  const agencies = setDiff(agenciesOf(before), agenciesOf(after), (agency) => `${String(agency.id).padStart(12, '0')}:${agency.type}`);
  if (agencies.added.length + agencies.removed.length > 0) changes.push({ field: 'agencies', ...agencies });

  const agentBefore = agentOf(before);
  const agentAfter = agentOf(after);
  if (agentBefore?.id !== agentAfter?.id) changes.push({ field: 'agent', from: agentBefore, to: agentAfter });

  const ageBefore: AgeRange = { from: (before as ActorDetail).acting_age_from ?? null, to: (before as ActorDetail).acting_age_to ?? null };
  const ageAfter: AgeRange = { from: (after as ActorDetail).acting_age_from ?? null, to: (after as ActorDetail).acting_age_to ?? null };
  if (ageBefore.from !== ageAfter.from || ageBefore.to !== ageAfter.to) changes.push({ field: 'actingAge', from: ageBefore, to: ageAfter });

  const heightBefore = (before as ActorDetail).height ?? null;
  const heightAfter = (after as ActorDetail).height ?? null;
  if (heightBefore !== heightAfter) changes.push({ field: 'height', from: heightBefore, to: heightAfter });

  const languages = levelledChange('languages', levelledOf(before, languageCatalogues), levelledOf(after, languageCatalogues));
  if (languages) changes.push(languages);
  const skills = levelledChange('skills', levelledOf(before, skillCatalogues), levelledOf(after, skillCatalogues));
  if (skills) changes.push(skills);

  const showreels = setDiff(showreelsOf(before), showreelsOf(after), (reel) => reel.url);
  if (showreels.added.length + showreels.removed.length > 0) changes.push({ field: 'showreels', ...showreels });

  if (aboutMeOf(before) !== aboutMeOf(after)) changes.push({ field: 'aboutMe' });
  return changes;
}
