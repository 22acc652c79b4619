/**
 * The `fields` parameter of each list endpoint: every list field the spec names, declared once for
 * both ends. The directory service answers exactly these (anything else asked for is ignored), the
 * bridge accepts only these, and the app's sync asks for all of them. `satisfies` ties each list to
 * its item schema, so a field cannot be listed without a schema to validate it.
 */
import type { actorListItemSchema, castingCallListItemSchema, crewListItemSchema } from './directory-api.ts';

/**
 * gender_description and gender_searchability are list response fields in actor-profiles.md's
 * table, though the endpoint's fields parameter does not name them.
 */
export const actorListFields = [
  'age', 'gender', 'gender_new', 'gender_description', 'gender_searchability', 'first_name', 'last_name', 'name',
  'main_profession', 'professions', 'languages', 'representative', 'updated_at',
] as const satisfies readonly (keyof typeof actorListItemSchema.shape)[];

/** about_me and about_me_html are list-item fields in the spec and the reason `locale` exists on this list. */
export const crewListFields = [
  'name', 'first_name', 'last_name', 'gender', 'professions', 'languages', 'representative', 'updated_at', 'about_me', 'about_me_html',
] as const satisfies readonly (keyof typeof crewListItemSchema.shape)[];

export const castingCallListFields = [
  'name', 'casting_type', 'description', 'production_format', 'deadline', 'deadline_visible',
] as const satisfies readonly (keyof typeof castingCallListItemSchema.shape)[];

export type ActorListField = (typeof actorListFields)[number];
export type CrewListField = (typeof crewListFields)[number];
export type CastingCallListField = (typeof castingCallListFields)[number];
