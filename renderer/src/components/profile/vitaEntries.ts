/**
 * The rules of a vita (spec, "Vita"): the order of its entries, the education entries' month/year
 * precision, autodidact entries, and the three shapes a qualification can arrive in.
 */
import type { ActorDetail, actorVitaGroups, CreditEntry, EducationEntry } from '../../../../contract/directory-api.ts';

/** The groups a vita can have (actors all ten, crew film, television, theatre and award). */
export type VitaGroup = (typeof actorVitaGroups)[number];
export type AwardEntry = NonNullable<NonNullable<ActorDetail['vita']>['award']>[number];
export type VitaEntryData = EducationEntry | AwardEntry | CreditEntry;

interface SortableEntry {
  id?: unknown;
  position?: unknown;
  in_development?: boolean;
  year_from?: number | null;
  year_to?: number | null;
}

function asNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Descending, an unknown year first (as the directory orders: PostgreSQL's DESC puts nulls first). */
function descendingNullsFirst(a: number | null | undefined, b: number | null | undefined): number {
  const left = asNumber(a);
  const right = asNumber(b);
  if (left === null || right === null) return left === right ? 0 : left === null ? -1 : 1;
  return right - left;
}

/**
 * The spec's order, applied again because a cached vita may come from an older or looser server:
 * in development first, then year_to and year_from descending, then the manual position, then id.
 * The directory strips `position` from what it serves, so entries without it keep the order they
 * came in (the sort is stable), and id only breaks ties between equal positions.
 */
export function sortVitaEntries<T extends SortableEntry>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => {
    const byState = Number(b.in_development === true) - Number(a.in_development === true);
    if (byState) return byState;
    const byYears = descendingNullsFirst(a.year_to, b.year_to) || descendingNullsFirst(a.year_from, b.year_from);
    if (byYears) return byYears;
    const [positionA, positionB] = [asNumber(a.position), asNumber(b.position)];
    if (positionA === null || positionB === null) return 0;
    if (positionA !== positionB) return positionA - positionB;
    const [idA, idB] = [asNumber(a.id), asNumber(b.id)];
    return idA === null || idB === null ? 0 : idA - idB;
  });
}

const schoolFields = ['month_from', 'year_from', 'month_to', 'year_to', 'qualification'] as const;

/** Autodidact education entries carry only name and info; acting-school entries carry the rest (maybe null). */
export function isAutodidact(entry: EducationEntry): boolean {
  return schoolFields.every((field) => entry[field] === undefined);
}

/** "03/2015" (in the locale's numeric month/year form) or "2015" when the month is not known. */
export function formatMonthYear(month: number | null | undefined, year: number | null | undefined, locale: string): string | null {
  if (asNumber(year) === null) return null;
  const yearNumber = year as number;
  if (asNumber(month) === null || (month as number) < 1 || (month as number) > 12) return String(yearNumber);
  const date = new Date(Date.UTC(yearNumber, (month as number) - 1, 1));
  date.setUTCFullYear(yearNumber);
  return new Intl.DateTimeFormat(locale, { month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** The two ends of a period as text; equal ends collapse to one ("2019", not "2019 – 2019"). */
export interface Period {
  from: string | null;
  to: string | null;
}

export function educationPeriod(entry: EducationEntry, locale: string): Period {
  const from = formatMonthYear(entry.month_from, entry.year_from, locale);
  const to = formatMonthYear(entry.month_to, entry.year_to, locale);
  return from !== null && from === to ? { from, to: null } : { from, to };
}

export function yearPeriod(entry: { year_from?: number | null; year_to?: number | null }): Period {
  const from = asNumber(entry.year_from);
  const to = asNumber(entry.year_to);
  if (from !== null && from === to) return { from: String(from), to: null };
  return { from: from === null ? null : String(from), to: to === null ? null : String(to) };
}

export type Qualification = EducationEntry['qualification'];

/**
 * A qualification as text. By default the directory sends a catalogue key; with enum=translate a
 * translated string; with enum=v2 an object of key and translation. The catalogue's label in the
 * content language wins (`lookup`); a translated string is shown as it is, a key humanised
 * (`humanise`).
 */
export function qualificationText(
  qualification: Qualification,
  lookup: (key: string) => string | undefined,
  humanise: (key: string) => string,
): string | null {
  if (qualification === null || qualification === undefined) return null;
  if (typeof qualification === 'object') {
    const key = typeof qualification.key === 'string' ? qualification.key : '';
    const translation = typeof qualification.translation === 'string' ? qualification.translation.trim() : '';
    return (key && lookup(key)) || translation || (key ? humanise(key) : null);
  }
  const text = qualification.trim();
  if (!text) return null;
  return lookup(text) ?? (/^[a-z0-9_]+$/.test(text) ? humanise(text) : text);
}
