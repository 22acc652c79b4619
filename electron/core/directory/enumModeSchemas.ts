/**
 * The contract describes profile details in their default form (stable keys). With `enum=translate`
 * closed-list fields become labels (lists and maps joined to one string); with `enum=v2` (actors)
 * each key becomes `{key, translation}` and a map's values `{key, translation, level}`. These
 * schemas are the contract's, with exactly those fields replaced, so a translated answer is
 * validated as strictly as a default one.
 */
import { z } from 'zod';
import { topLevelClosedListFields } from '../../../contract/closed-list-fields.ts';
import {
  actorDetailSchema,
  awardEntrySchema,
  creditEntrySchema,
  crewDetailSchema,
  educationEntrySchema,
  talentAgencyConnectionSchema,
} from '../../../contract/directory-api.ts';

const label = z.string().nullable().optional();
const translatedKey = z.looseObject({ key: z.union([z.string(), z.number().int()]), translation: z.string() });
const v2Key = translatedKey.nullable().optional();
const v2List = z.array(translatedKey).optional();
const v2Levels = z.record(z.string(), translatedKey.extend({ level: translatedKey.nullable() })).optional();

/** `{a: schema, b: schema}` for a list of field names, keeping the names in the type. */
function each<K extends string, S extends z.ZodType>(names: readonly K[], schema: S): Record<K, S> {
  return Object.fromEntries(names.map((name) => [name, schema])) as Record<K, S>;
}

/** Top-level closed-list fields of the actor detail by shape, from the contract's table (the service translates by it). */
const actorKeyFields = topLevelClosedListFields('actor', 'key');
const actorListFields = topLevelClosedListFields('actor', 'list');
const actorLevelFields = topLevelClosedListFields('actor', 'levels');
/** Every shape is one label with enum=translate; professions, which every crew detail has, is set apart below. */
const crewLabelFields = [...topLevelClosedListFields('crew', 'key'), ...topLevelClosedListFields('crew', 'list'), ...topLevelClosedListFields('crew', 'levels')];

export const translatedActorDetailSchema = actorDetailSchema.extend({
  ...each([...actorKeyFields, ...actorListFields, ...actorLevelFields], label),
  attribute_visibility: z.record(z.string(), z.string()).optional(),
  talent_agency_connections: z.array(talentAgencyConnectionSchema.extend({ categories: z.string(), regions: z.string(), connection_type: z.string() })),
});
export type TranslatedActorDetail = z.infer<typeof translatedActorDetailSchema>;

const v2Credit = creditEntrySchema.extend({ role_type: v2Key, theater_engagement_type: v2Key });
/** A television credit's genre is a closed-list key (`series`); a theatre genre stays free text. */
const v2TelevisionCredit = v2Credit.extend({ type_genre: v2Key });
const v2Education = educationEntrySchema;

export const v2ActorDetailSchema = actorDetailSchema.extend({
  ...each(actorKeyFields, v2Key),
  ...each(actorListFields, v2List),
  ...each(actorLevelFields, v2Levels),
  attribute_visibility: z.record(z.string(), translatedKey).optional(),
  talent_agency_connections: z.array(
    talentAgencyConnectionSchema.extend({ categories: z.array(translatedKey), regions: z.array(translatedKey), connection_type: translatedKey }),
  ),
  vita: z
    .looseObject({
      primary_education: z.array(v2Education).optional(),
      education: z.array(v2Education).optional(),
      award: z.array(awardEntrySchema).optional(),
      ...each(['film', 'theatre', 'audio', 'other', 'internet', 'commercial'] as const, z.array(v2Credit).optional()),
      television: z.array(v2TelevisionCredit).optional(),
    })
    .optional(),
});
export type V2ActorDetail = z.infer<typeof v2ActorDetailSchema>;

export const translatedCrewDetailSchema = crewDetailSchema.extend({
  ...each(crewLabelFields, label),
  professions: z.string(),
});
export type TranslatedCrewDetail = z.infer<typeof translatedCrewDetailSchema>;
