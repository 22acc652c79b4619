/**
 * The `enum` query parameter of the profile detail endpoints: closed-list attributes are stable keys
 * by default, localized labels with enum=translate (lists and hashes joined to one string), and
 * `{key, translation}` objects with enum=v2 (actors only). The contract's table
 * (contract/closed-list-fields.ts) says which field uses which catalogue; the functions walk that
 * table over an already-projected detail.
 */
import { closedListFields, type ClosedListField, type ClosedListResource } from '../../../contract/closed-list-fields.ts';
import type { ContentLocale } from '../../../contract/directory-api.ts';
import { labelFor } from './catalogues.ts';

export type EnumMode = 'keys' | 'translate' | 'v2';

type Key = string | number;
type Translated = { key: Key; translation: string };
type LabelMode = Exclude<EnumMode, 'keys'>;

const isKey = (value: unknown): value is Key => typeof value === 'string' || typeof value === 'number';
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function translated(catalogue: string, key: Key, locale: ContentLocale): Translated {
  return { key, translation: labelFor(catalogue, String(key), locale) };
}

/** One field value in a label mode; values of an unexpected type (or null) pass through untouched. */
function transformValue(row: ClosedListField, value: unknown, mode: LabelMode, locale: ContentLocale): unknown {
  const { catalogue } = row;
  if (row.shape === 'key') {
    if (!isKey(value)) return value;
    return mode === 'v2' ? translated(catalogue, value, locale) : labelFor(catalogue, String(value), locale);
  }
  if (row.shape === 'list') {
    if (!Array.isArray(value)) return value;
    if (mode === 'v2') return value.map((item) => (isKey(item) ? translated(catalogue, item, locale) : item));
    return value.filter(isKey).map((item) => labelFor(catalogue, String(item), locale)).join(', ');
  }
  if (!isRecord(value)) return value;
  const levels = row.levels!;
  const entries = Object.entries(value);
  if (mode === 'v2') {
    return Object.fromEntries(entries.map(([key, level]) => [
      key,
      { ...translated(catalogue, key, locale), level: isKey(level) ? translated(levels, level, locale) : level ?? null },
    ]));
  }
  return entries
    .map(([key, level]) => {
      const item = labelFor(catalogue, key, locale);
      return isKey(level) && level !== '' ? `${item} (${labelFor(levels, String(level), locale)})` : item;
    })
    .join(', ');
}

/** Applies `transform` in place to every value the path reaches below `node`; absent parts are skipped. */
function transformAt(node: unknown, segments: readonly string[], transform: (value: unknown) => unknown): void {
  const [head, ...rest] = segments;
  if (head === '[]') {
    if (!Array.isArray(node)) return;
    node.forEach((item, index) => {
      if (rest.length === 0) node[index] = transform(item);
      else transformAt(item, rest, transform);
    });
    return;
  }
  if (!isRecord(node)) return;
  for (const key of head === '*' ? Object.keys(node) : [head!]) {
    if (!Object.hasOwn(node, key)) continue;
    if (rest.length === 0) node[key] = transform(node[key]);
    else transformAt(node[key], rest, transform);
  }
}

/** "vita.*[].role_type" → ["vita", "*", "[]", "role_type"]. */
const pathSegments = (path: string): string[] =>
  path.split('.').flatMap((part) => (part.endsWith('[]') ? [part.slice(0, -2), '[]'] : [part]));

function applyEnumMode(resource: ClosedListResource, detail: Record<string, unknown>, mode: EnumMode, locale: ContentLocale): Record<string, unknown> {
  const copy = structuredClone(detail);
  if (mode === 'keys') return copy;
  for (const row of closedListFields) {
    if (row.resource !== resource) continue;
    transformAt(copy, pathSegments(row.path), (value) => transformValue(row, value, mode, locale));
  }
  return copy;
}

/**
 * An actor detail in the requested enum mode. The input (spec field names, stable keys) is never
 * changed: the result is a deep copy, so a cached projection can serve every mode.
 */
export function applyActorEnumMode(detail: Record<string, unknown>, mode: EnumMode, locale: ContentLocale): Record<string, unknown> {
  return applyEnumMode('actor', detail, mode, locale);
}

/** A crew detail in the requested enum mode; the crew endpoint knows no v2. Never changes the input. */
export function applyCrewEnumMode(detail: Record<string, unknown>, mode: 'keys' | 'translate', locale: ContentLocale): Record<string, unknown> {
  return applyEnumMode('crew', detail, mode, locale);
}

const qualificationRow = closedListFields.find((row) => row.path === 'vita.primary_education[].qualification')!;

/**
 * One vita education qualification in the requested mode (stable key, localized string or
 * `{key, translation}`), for code that renders an education entry outside a whole detail.
 */
export function applyQualificationMode(qualification: string | null | undefined, mode: EnumMode, locale: ContentLocale): string | Translated | null | undefined {
  if (mode === 'keys') return qualification;
  return transformValue(qualificationRow, qualification, mode, locale) as string | Translated | null | undefined;
}
