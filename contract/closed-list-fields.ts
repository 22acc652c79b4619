/**
 * The `enum` parameter of the profile detail endpoints turns closed-list fields from stable keys into
 * labels (translate) or {key, translation} objects (v2). Which fields those are, how each holds its
 * keys and from which attribute catalogue (contract/catalogues/) its labels come is declared once,
 * here: the directory service translates by this table and the app types and validates the
 * translated answers by it.
 */

/**
 * How a closed-list field holds its keys:
 * - key:    one key (string, or an integer id)                     e.g. gender "m"
 * - list:   an array of keys                                        e.g. sports ["football", "swimming"]
 * - levels: a hash of key → level key, levels from a second catalogue e.g. languages {"deutsch": "muttersprachlich"}
 */
export type ClosedListShape = 'key' | 'list' | 'levels';

export type ClosedListResource = 'actor' | 'crew' | 'casting_call';

export interface ClosedListField {
  resource: ClosedListResource;
  /** Dotted path from the detail root; `[]` = every element of an array, `*` = every value of an object. */
  path: string;
  shape: ClosedListShape;
  catalogue: string;
  /** The catalogue of the hash values, for shape `levels`. */
  levels?: string;
}

/** A row of the table; resource, path and shape keep their literal types, so the app's schemas can be typed from them. */
const field = <R extends ClosedListResource, P extends string, S extends ClosedListShape>(resource: R, path: P, shape: S, catalogue: string, levels?: string) =>
  ({ resource, path, shape, catalogue, ...(levels ? { levels } : {}) }) as { resource: R; path: P; shape: S; catalogue: string; levels?: string };

/**
 * Every closed-list field of the actor detail, the crew detail and the casting call, and its catalogue.
 * Free text (names, about_me, accommodation_options, which are city names, vita names and roles …)
 * is deliberately absent and never touched. `locations[].type` and the actor's `state`/`state_code`
 * (ISO 3166-2) stay keys in every mode; the crew detail's `state` is translated, as crew-profiles.md
 * says, from the `states` catalogue (a code it lacks stays a code).
 */
export const closedListFields = [
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
] as const satisfies readonly ClosedListField[];

type ClosedListRow = (typeof closedListFields)[number];
/** The top-level fields (no nested path) of one resource with one shape. */
export type TopLevelClosedListField<R extends ClosedListResource, S extends ClosedListShape> = Exclude<
  Extract<ClosedListRow, { resource: R; shape: S }>['path'],
  `${string}.${string}` | `${string}[]${string}`
>;

/** The names of the top-level fields of `resource` with `shape`, in table order. */
export function topLevelClosedListFields<R extends ClosedListResource, S extends ClosedListShape>(resource: R, shape: S): TopLevelClosedListField<R, S>[] {
  return closedListFields
    .filter((row) => row.resource === resource && row.shape === shape && !/[.[]/.test(row.path))
    .map((row) => row.path as TopLevelClosedListField<R, S>);
}
