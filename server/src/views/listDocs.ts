/**
 * The list-item documents stored beside each record: every field a list may select, computed at
 * load time so list requests read small rows and never project large details.
 */
import type { FixtureActor, FixtureCrew, FixtureCastingCall } from '../fixture/schema.ts';
import { actorPictures, crewPictures, mainPicture } from './pictures.ts';
import { actorProfessions, fullName } from './profileFields.ts';

export function actorListDoc(actor: FixtureActor): Record<string, unknown> {
  return {
    name: fullName(actor),
    first_name: actor.first_name,
    last_name: actor.last_name,
    age: actor.age ?? null,
    gender: actor.gender ?? null,
    gender_new: actor.gender_new ?? null,
    gender_description: actor.gender_description ?? null,
    gender_searchability: actor.gender_searchability ?? [],
    main_profession: actor.main_profession ?? null,
    professions: actorProfessions(actor),
    languages: actor.languages ?? {},
    representative: actor.representative ?? null,
    updated_at: actor.updated_at,
    main_picture: mainPicture(actorPictures(actor.pictures)),
  };
}

export function crewListDoc(crew: FixtureCrew): Record<string, unknown> {
  return {
    name: fullName(crew),
    first_name: crew.first_name,
    last_name: crew.last_name,
    gender: crew.gender ?? null,
    professions: crew.professions,
    languages: crew.languages ?? {},
    // The provider leaves the key out of a crew list item without a representative (API-NOTES.md).
    ...(crew.representative ? { representative: crew.representative } : {}),
    updated_at: crew.updated_at,
    about_me: crew.about_me ?? null,
    about_me_html: crew.about_me_html ?? null,
    main_picture: mainPicture(crewPictures(crew.pictures)),
  };
}

export function castingCallListDoc(call: FixtureCastingCall): Record<string, unknown> {
  return {
    name: call.name,
    casting_type: call.casting_type,
    description: call.description ?? null,
    production_format: call.production_format ?? null,
    deadline: call.deadline ?? null,
    deadline_visible: call.deadline_visible ?? true,
  };
}
