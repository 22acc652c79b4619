/**
 * The Casting and Talent Directory API resources as zod schemas (spec: shared/spec/directory-api.md).
 * Both the directory service and the desktop client are typed from these, so a change here is a
 * change of the contract. Objects are loose: the spec allows fields to be added without notice.
 * Closed-list attributes are described in their default form (stable keys, no `enum` parameter).
 */
import { z } from 'zod';

/** ISO 8601 with a UTC offset; the service writes milliseconds, real payloads sometimes omit them. */
export const isoDatetime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/, 'expected an ISO 8601 datetime with a UTC offset');

const int = z.number().int();
/** A resource's own id: a negative or zero id names nothing the directory could be asked for. */
const resourceId = z.number().int().positive();
const stringList = z.array(z.string());
/** A map of a closed-list key to a skill level key, e.g. languages `{ "deu": "native" }`. */
const levelMap = z.record(z.string(), z.string());
const agentRef = z.looseObject({ id: int, name: z.string() });

export const pictureVersionNames = ['original', 'large', 'thumb', 'thumb_large'] as const;
export const actorPictureVersionNames = [...pictureVersionNames, 'thumb_portrait'] as const;

export const pictureSchema = z.looseObject({
  id: int,
  copyright: z.string().nullable(),
  created_at: isoDatetime.optional(),
  url: z.string(),
  versions: z.looseObject({
    original: z.string(),
    large: z.string(),
    thumb: z.string(),
    thumb_large: z.string(),
    thumb_portrait: z.string().optional(),
  }),
  orientation: z.string(),
  dimensions: z.tuple([int, int]),
  crop_coordinates: z.looseObject({ x: int, y: int, w: int, h: int }).nullable().optional(),
  position: z.number().optional(),
  landscape_position: z.number().optional(),
  portrait_position: z.number().optional(),
  main_picture: z.boolean().optional(),
  main_picture_portrait: z.boolean().optional(),
  year: int.nullable().optional(),
  recorded_at: isoDatetime.nullable().optional(),
});
export type Picture = z.infer<typeof pictureSchema>;

export const locationSchema = z.looseObject({
  name: z.string(),
  latitude: z.number().nullable().optional(),
  longitude: z.number().nullable().optional(),
  place_id: z.string().nullable().optional(),
  type: z.enum(['place', 'accommodation']),
  country: z.string().nullable().optional(),
});
export type Location = z.infer<typeof locationSchema>;

export const showreelSchema = z.looseObject({ name: z.string(), url: z.string(), type: z.string() });
export type Showreel = z.infer<typeof showreelSchema>;

export const talentAgencyConnectionSchema = z.looseObject({
  talent_agency_id: int,
  talent_agency_employee_id: int.nullable().optional(),
  agency_profile_url: z.string().nullable().optional(),
  talent_agency_name: z.string().optional(),
  categories: stringList,
  regions: stringList,
  connection_type: z.enum(['primary_agency', 'secondary_agency']),
});
export type TalentAgencyConnection = z.infer<typeof talentAgencyConnectionSchema>;

const yearOrNull = int.nullable().optional();
const monthOrNull = int.min(1).max(12).nullable().optional();

export const educationEntrySchema = z.looseObject({
  name: z.string(),
  info: z.string().nullable().optional(),
  month_from: monthOrNull,
  year_from: yearOrNull,
  month_to: monthOrNull,
  year_to: yearOrNull,
  qualification: z.union([z.string(), z.looseObject({ key: z.string(), translation: z.string() })]).nullable().optional(),
});
export const awardEntrySchema = z.looseObject({
  name: z.string(),
  info: z.string().nullable().optional(),
  year_from: yearOrNull,
  year_to: yearOrNull,
  award_nominated: z.boolean().optional(),
});
export const creditEntrySchema = z.looseObject({
  name: z.string(),
  info: z.string().nullable().optional(),
  year_from: yearOrNull,
  year_to: yearOrNull,
  in_development: z.boolean().optional(),
  role: z.string().nullable().optional(),
  role_type: z.string().nullable().optional(),
  distributor: z.string().nullable().optional(),
  director: z.string().nullable().optional(),
  producer: z.string().nullable().optional(),
  caster: z.string().nullable().optional(),
  picture: z.looseObject({ url: z.string().nullable() }).nullable().optional(),
  episode_name: z.string().nullable().optional(),
  type_genre: z.string().nullable().optional(),
  /** The broadcaster of a television credit (changelog 2022-01-12). */
  station: z.string().nullable().optional(),
  favorite: z.boolean().optional(),
  writer: z.string().nullable().optional(),
  theater_name: z.string().nullable().optional(),
  theater_engagement_type: z.string().nullable().optional(),
});
export type EducationEntry = z.infer<typeof educationEntrySchema>;
export type CreditEntry = z.infer<typeof creditEntrySchema>;

/** Vita groups in the order the spec lists them; every group is an array of entries. */
export const actorVitaGroups = [
  'primary_education', 'education', 'award', 'film', 'television', 'theatre', 'audio', 'other', 'internet', 'commercial',
] as const;
export const crewVitaGroups = ['film', 'television', 'theatre', 'award'] as const;
export const educationVitaGroups = ['primary_education', 'education'] as const;

export const actorVitaSchema = z.looseObject({
  primary_education: z.array(educationEntrySchema).optional(),
  education: z.array(educationEntrySchema).optional(),
  award: z.array(awardEntrySchema).optional(),
  film: z.array(creditEntrySchema).optional(),
  television: z.array(creditEntrySchema).optional(),
  theatre: z.array(creditEntrySchema).optional(),
  audio: z.array(creditEntrySchema).optional(),
  other: z.array(creditEntrySchema).optional(),
  internet: z.array(creditEntrySchema).optional(),
  commercial: z.array(creditEntrySchema).optional(),
});
export const crewVitaSchema = z.looseObject({
  film: z.array(creditEntrySchema).optional(),
  television: z.array(creditEntrySchema).optional(),
  theatre: z.array(creditEntrySchema).optional(),
  award: z.array(awardEntrySchema).optional(),
});

export const genderKeys = ['m', 'f', 'i'] as const;
export const genderNewKeys = ['female', 'male', 'transgender_male', 'transgender_female', 'non_binary', 'custom'] as const;
export const mainProfessionKeys = ['actor', 'young_actor', 'performer'] as const;
export const crewProfessionKeys = ['regie', 'autor', 'kamera', 'komponist', 'dramaturg', 'schnitt'] as const;
export const contentLocales = ['en', 'de', 'fr', 'it', 'es', 'pl', 'ro', 'uk', 'ru', 'tr'] as const;
/** The crew detail endpoint lists no Ukrainian. */
export const crewDetailLocales = ['en', 'de', 'fr', 'it', 'es', 'pl', 'ro', 'ru', 'tr'] as const;
export type ContentLocale = (typeof contentLocales)[number];

const localizedText = z.string().nullable().optional();

/** Fields actor and crew list items share. */
const profileListItemFields = {
  id: resourceId,
  name: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  gender: z.string().nullable().optional(),
  professions: stringList.optional(),
  languages: levelMap.optional(),
  representative: agentRef.nullable().optional(),
  updated_at: isoDatetime.optional(),
  main_picture_url_tile: z.string().nullable().optional(),
  picture_url: z.string().nullable().optional(),
  picture_copyright: z.string().nullable().optional(),
};

export const actorListItemSchema = z.looseObject({
  ...profileListItemFields,
  age: int.nullable().optional(),
  gender_new: z.string().nullable().optional(),
  gender_description: z.string().nullable().optional(),
  gender_searchability: stringList.optional(),
  main_profession: z.string().nullable().optional(),
});
export type ActorListItem = z.infer<typeof actorListItemSchema>;

export const actorDetailSchema = z.looseObject({
  id: int,
  first_name: z.string(),
  last_name: z.string(),
  name: z.string().optional(),
  service_url: z.string().nullable().optional(),
  service_cd_url: z.string().nullable().optional(),
  acting_age_from: int.nullable().optional(),
  acting_age_to: int.nullable().optional(),
  year_of_birth: int.nullable().optional(),
  age: int.nullable().optional(),
  height: int.nullable().optional(),
  weight: int.nullable().optional(),
  state_code: z.string().nullable().optional(),
  accommodation_options: stringList.optional(),
  homepage_url: z.string().nullable().optional(),
  filmdb_link: z.string().nullable().optional(),
  filmdb_id: z.string().nullable().optional(),
  social_page: z.string().nullable().optional(),
  photo_social_username: z.string().nullable().optional(),
  sv_url: z.string().nullable().optional(),
  encyclopedia_url: z.string().nullable().optional(),
  agency_profile_url: z.string().nullable().optional(),
  talent_agency_id: int.nullable().optional(),
  representative: agentRef.nullable().optional(),
  profile_visibility: z.enum(['public', 'private']).optional(),
  attribute_visibility: z.record(z.string(), z.enum(['public', 'private'])).optional(),
  talent_agency_connections: z.array(talentAgencyConnectionSchema),
  updated_at: isoDatetime,
  native_dialect: z.string().nullable().optional(),
  native_dialects: stringList.optional(),
  place_of_birth: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  gender: z.string().nullable().optional(),
  gender_new: z.string().nullable().optional(),
  gender_description: z.string().max(75).nullable().optional(),
  gender_searchability: stringList.optional(),
  eye_color: z.string().nullable().optional(),
  hair_color: z.string().nullable().optional(),
  hair_length: z.string().nullable().optional(),
  ethnic_appearances: z.array(z.union([z.string(), int])).optional(),
  ethnic_background: stringList.optional(),
  ethnic_background_details: stringList.optional(),
  ethnic_background_description: z.string().nullable().optional(),
  figure: z.string().nullable().optional(),
  figures: stringList.optional(),
  pitch: z.string().nullable().optional(),
  pitches: stringList.optional(),
  nationalities: stringList.optional(),
  languages: levelMap.optional(),
  dialects: levelMap.optional(),
  accents: levelMap.optional(),
  instruments: levelMap.optional(),
  dances: levelMap.optional(),
  singing: levelMap.optional(),
  sports: stringList.optional(),
  drivers_licenses: stringList.optional(),
  licenses: stringList.optional(),
  unions: stringList.optional(),
  working_permits: stringList.optional(),
  special_skills: levelMap.optional(),
  main_profession: z.string().nullable().optional(),
  specializations: stringList.optional(),
  professions: stringList.optional(),
  country: z.string().nullable().optional(),
  state: z.string().nullable().optional(),
  about_me: localizedText,
  about_me_html: localizedText,
  locations: z.array(locationSchema).optional(),
  pictures: z.array(pictureSchema).optional(),
  external_showreel: z.string().nullable().optional(),
  external_showreels: stringList.optional(),
  showreels: z.array(showreelSchema).optional(),
  showreel_ids: z.array(int).optional(),
  showreel_medium_ids: z.array(int).optional(),
  mentioned_in_blog_post_ids: z.array(int).optional(),
  vita: actorVitaSchema.optional(),
  castupload_url: z.string().nullable().optional(),
  castupload_professional_url: z.string().nullable().optional(),
});
export type ActorDetail = z.infer<typeof actorDetailSchema>;

export const crewListItemSchema = z.looseObject({
  ...profileListItemFields,
  about_me: localizedText,
  about_me_html: localizedText,
});
export type CrewListItem = z.infer<typeof crewListItemSchema>;

export const crewDetailSchema = z.looseObject({
  id: int,
  first_name: z.string(),
  last_name: z.string(),
  name: z.string().optional(),
  year_of_birth: int.nullable().optional(),
  place_of_birth: z.string().nullable().optional(),
  professions: stringList,
  nationalities: stringList.optional(),
  languages: levelMap.optional(),
  accommodation_options: stringList.optional(),
  about_me: localizedText,
  about_me_html: localizedText,
  representative: agentRef.nullable().optional(),
  talent_agency_id: int,
  pictures: z.array(pictureSchema).optional(),
  external_showreels: stringList.optional(),
  showreels: z.array(showreelSchema).optional(),
  showreel_ids: z.array(int).optional(),
  showreel_medium_ids: z.array(int).optional(),
  vita: crewVitaSchema.optional(),
  locations: z.array(locationSchema).optional(),
  homepage_url: z.string().nullable().optional(),
  agency_profile_url: z.string().nullable().optional(),
  filmdb_link: z.string().nullable().optional(),
  filmdb_id: z.string().nullable().optional(),
  social_page: z.string().nullable().optional(),
  photo_social_username: z.string().nullable().optional(),
  encyclopedia_url: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  state: z.string().nullable().optional(),
  gender: z.string().nullable().optional(),
  updated_at: isoDatetime,
});
export type CrewDetail = z.infer<typeof crewDetailSchema>;

export const roleSchema = z.looseObject({
  id: int,
  name: z.string(),
  description: z.string().nullable().optional(),
  contract_type: int.nullable().optional(),
  contract_type_info: z.string().nullable().optional(),
  deadline: isoDatetime.nullable().optional(),
  gender: stringList.optional(),
  acting_age_from: int.nullable().optional(),
  acting_age_to: int.nullable().optional(),
  languages: levelMap.optional(),
  ethnic_background: z.array(int).optional(),
  ethnic_background_details: z.array(z.union([z.string(), int])).optional(),
  created_at: isoDatetime.optional(),
  updated_at: isoDatetime.optional(),
});
export type Role = z.infer<typeof roleSchema>;

export const castingTypeKeys = ['breakdown', 'ecasting', 'studio_casting'] as const;

export const castingCallListItemSchema = z.looseObject({
  id: resourceId,
  name: z.string().optional(),
  casting_type: z.string().optional(),
  description: z.string().nullable().optional(),
  production_format: z.string().nullable().optional(),
  deadline: isoDatetime.nullable().optional(),
  deadline_visible: z.boolean().optional(),
});
export type CastingCallListItem = z.infer<typeof castingCallListItemSchema>;

export const castingCallDetailSchema = z.looseObject({
  id: int,
  name: z.string(),
  description: z.string().nullable().optional(),
  deadline: isoDatetime.nullable().optional(),
  visibility: z.enum(['public', 'private']),
  deadline_visible: z.boolean().optional(),
  production_format: z.string().nullable().optional(),
  casting_type: z.string(),
  production_id: int.nullable().optional(),
  working_permits: stringList.optional(),
  regions: stringList.optional(),
  casting_director: z.looseObject({ id: int, name: z.string() }).nullable().optional(),
  production_locations: z
    .array(z.looseObject({ name: z.string(), country: z.string().nullable().optional(), longitude: z.number().nullable().optional(), latitude: z.number().nullable().optional() }))
    .optional(),
  service_url: z.string().nullable().optional(),
  /** The provider's call-level contract type, a string (roles carry the spec's integer one). */
  contract_type: z.string().nullable().optional(),
  created_at: isoDatetime.optional(),
  updated_at: isoDatetime.optional(),
  roles: z.array(roleSchema),
});
export type CastingCallDetail = z.infer<typeof castingCallDetailSchema>;

/** What a 410 Gone answer carries for a merged or deleted profile. */
export const goneSchema = z.union([
  z.object({ id: int, status: z.literal('merged'), new_id: int }),
  z.object({ id: int, status: z.literal('deleted') }),
]);
export type GoneBody = z.infer<typeof goneSchema>;
