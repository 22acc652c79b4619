/**
 * The `enum` query parameter of the profile detail endpoints: closed-list attributes are stable keys
 * by default, localized labels with enum=translate (lists and hashes joined to one string), and
 * `{key, translation}` objects with enum=v2 (actors only). One table below says which field uses
 * which catalogue; the functions walk that table over an already-projected detail.
 */
import type { ContentLocale } from '../../../contract/directory-api.ts';
import { labelFor } from './catalogues.ts';

export type EnumMode = 'keys' | 'translate' | 'v2';

/**
 * How a closed-list field holds its keys:
 * - key:    one key (string, or an integer id)                     e.g. gender "m"
 * - list:   an array of keys                                        e.g. sports ["football", "swimming"]
 * - levels: a hash of key → level key, levels from a second catalogue e.g. languages {"deutsch": "muttersprachlich"}
 */
type Shape = 'key' | 'list' | 'levels';

export type ClosedListResource = 'actor' | 'crew' | 'casting_call';

export interface ClosedListField {
  resource: ClosedListResource;
  /** Dotted path from the detail root; `[]` = every element of an array, `*` = every value of an object. */
  path: string;
  shape: Shape;
  catalogue: string;
  /** The catalogue of the hash values, for shape `levels`. */
  levels?: string;
}

const field = (resource: ClosedListResource, path: string, shape: Shape, catalogue: string, levels?: string): ClosedListField =>
  ({ resource, path, shape, catalogue, ...(levels ? { levels } : {}) });

/**
 * Every closed-list field of the actor detail, the crew detail and the casting call, and its catalogue.
 * Free text (names, about_me, accommodation_options, which are city names, vita names and roles …)
 * is deliberately absent and never touched. `locations[].type` and the actor's `state`/`state_code`
 * (ISO 3166-2) stay keys in every mode; the crew detail's `state` is translated, as crew-profiles.md
 * says, from the `states` catalogue (a code it lacks stays a code).
 */
export const closedListFields: readonly ClosedListField[] = [
  //     resource        path                                          shape     catalogue                    level catalogue
  field('actor',        'gender',                                      'key',    'genders'),
  field('actor',        'gender_new',                                  'key',    'gender_new'),
  field('actor',        'gender_searchability',                        'list',   'gender_new'),
  field('actor',        'main_profession',                             'key',    'main_professions'),
  field('actor',        'professions',                                 'list',   'actor_professions'),
  field('actor',        'specializations',                             'list',   'specializations'),
  field('actor',        'profile_visibility',                          'key',    'visibility'),
  field('actor',        'attribute_visibility.*',                      'key',    'visibility'),
  field('actor',        'eye_color',                                   'key',    'eye_colors'),
  field('actor',        'hair_color',                                  'key',    'hair_colors'),
  field('actor',        'hair_length',                                 'key',    'hair_lengths'),
  field('actor',        'figure',                                      'key',    'figures'),
  field('actor',        'figures',                                     'list',   'figures'),
  field('actor',        'pitch',                                       'key',    'pitches'),
  field('actor',        'pitches',                                     'list',   'pitches'),
  field('actor',        'native_dialect',                              'key',    'dialects'),
  field('actor',        'native_dialects',                             'list',   'dialects'),
  field('actor',        'ethnic_appearances',                          'list',   'ethnic_appearances'),
  field('actor',        'ethnic_background',                           'list',   'ethnic_backgrounds'),
  field('actor',        'ethnic_background_details',                   'list',   'ethnic_background_details'),
  field('actor',        'nationalities',                               'list',   'nationalities'),
  field('actor',        'country',                                     'key',    'countries'),
  field('actor',        'languages',                                   'levels', 'languages',                 'language_levels'),
  field('actor',        'dialects',                                    'levels', 'dialects',                  'dialect_skill'),
  field('actor',        'accents',                                     'levels', 'accents',                   'accent_skill'),
  field('actor',        'instruments',                                 'levels', 'instruments',               'skill_levels'),
  field('actor',        'dances',                                      'levels', 'dances',                    'skill_levels'),
  field('actor',        'singing',                                     'levels', 'singing',                   'skill_levels'),
  field('actor',        'special_skills',                              'levels', 'special_skills',            'skill_levels'),
  field('actor',        'sports',                                      'list',   'sports'),
  field('actor',        'drivers_licenses',                            'list',   'drivers_licenses'),
  field('actor',        'licenses',                                    'list',   'licenses'),
  field('actor',        'unions',                                      'list',   'unions'),
  field('actor',        'working_permits',                             'list',   'working_permits'),
  field('actor',        'talent_agency_connections[].categories',      'list',   'agency_categories'),
  field('actor',        'talent_agency_connections[].regions',         'list',   'regions'),
  field('actor',        'talent_agency_connections[].connection_type', 'key',    'connection_types'),
  field('actor',        'vita.primary_education[].qualification',      'key',    'qualifications'),
  field('actor',        'vita.education[].qualification',              'key',    'qualifications'),
  field('actor',        'vita.*[].role_type',                          'key',    'role_types'),
  field('actor',        'vita.theatre[].theater_engagement_type',      'key',    'theater_engagement_types'),
  field('actor',        'vita.television[].type_genre',                'key',    'television_genres'),

  field('crew',         'gender',                                      'key',    'genders'),
  field('crew',         'professions',                                 'list',   'crew_professions'),
  field('crew',         'nationalities',                               'list',   'nationalities'),
  field('crew',         'country',                                     'key',    'countries'),
  field('crew',         'state',                                       'key',    'states'),
  field('crew',         'languages',                                   'levels', 'languages',                 'language_levels'),
  field('crew',         'vita.*[].role_type',                          'key',    'role_types'),
  field('crew',         'vita.theatre[].theater_engagement_type',      'key',    'theater_engagement_types'),
  field('crew',         'vita.television[].type_genre',                'key',    'television_genres'),

  // The casting call endpoints take no enum parameter: these rows say where the keys come from.
  field('casting_call', 'visibility',                                  'key',    'visibility'),
  field('casting_call', 'casting_type',                                'key',    'casting_types'),
  field('casting_call', 'production_format',                           'key',    'production_formats'),
  field('casting_call', 'working_permits',                             'list',   'working_permits'),
  field('casting_call', 'regions',                                     'list',   'regions'),
  field('casting_call', 'production_locations[].country',              'key',    'countries'),
  field('casting_call', 'roles[].contract_type',                       'key',    'contract_types'),
  field('casting_call', 'roles[].gender',                              'list',   'gender_new'),
  field('casting_call', 'roles[].languages',                           'levels', 'languages',                 'language_levels'),
  field('casting_call', 'roles[].ethnic_background',                   'list',   'ethnic_backgrounds'),
  field('casting_call', 'roles[].ethnic_background_details',           'list',   'ethnic_background_details'),
];

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
