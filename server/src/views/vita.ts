/**
 * Vita as served: only visible entries, each group sorted as the spec says (in development first,
 * then year_to and year_from descending, then the user's manual position, then id), hidden state
 * removed, and education entries shaped by their kind.
 */
import { educationVitaGroups } from '../../../contract/directory-api.ts';

type Entry = Record<string, unknown> & {
  id?: number;
  position?: number;
  visible?: boolean;
  in_development?: boolean;
  year_from?: number | null;
  year_to?: number | null;
  autodidact?: boolean;
};

/** Descending with nulls first, as PostgreSQL orders `DESC`. */
function descNullsFirst(a: number | null | undefined, b: number | null | undefined): number {
  const aNull = a === null || a === undefined;
  const bNull = b === null || b === undefined;
  if (aNull || bNull) return aNull === bNull ? 0 : aNull ? -1 : 1;
  return b - a;
}

function ascNullsLast(a: number | undefined, b: number | undefined): number {
  return (a ?? Number.MAX_SAFE_INTEGER) - (b ?? Number.MAX_SAFE_INTEGER);
}

export function compareVitaEntries(a: Entry, b: Entry): number {
  return (
    Number(b.in_development === true) - Number(a.in_development === true) ||
    descNullsFirst(a.year_to, b.year_to) ||
    descNullsFirst(a.year_from, b.year_from) ||
    ascNullsLast(a.position, b.position) ||
    ascNullsLast(a.id, b.id)
  );
}

const educationFields = ['name', 'info', 'month_from', 'year_from', 'month_to', 'year_to', 'qualification'] as const;

/** Fields a group's entries always carry, null when the data has none. */
const alwaysPresent: Partial<Record<string, readonly string[]>> = {
  // The provider's television credits name their broadcaster (changelog 2022-01-12, `station`).
  television: ['station'],
};

function servedEntry(entry: Entry, education: boolean, present: readonly string[]): Record<string, unknown> {
  const { visible: _visible, position: _position, autodidact, ...rest } = entry;
  for (const field of present) rest[field] = rest[field] ?? null;
  if (!education) return rest;
  if (autodidact) return { name: rest.name, info: rest.info ?? null };
  const shaped: Record<string, unknown> = { ...rest };
  for (const field of educationFields) shaped[field] = rest[field] ?? null;
  return shaped;
}

/** Every group the resource has, always as an array, in the spec's group order. */
export function servedVita(vita: Record<string, unknown> | undefined, groups: readonly string[]): Record<string, Record<string, unknown>[]> {
  const education = new Set<string>(educationVitaGroups);
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const group of groups) {
    const entries = (vita?.[group] as Entry[] | undefined) ?? [];
    out[group] = entries
      .filter((entry) => entry.visible !== false)
      .sort(compareVitaEntries)
      .map((entry) => servedEntry(entry, education.has(group), alwaysPresent[group] ?? []));
  }
  return out;
}
