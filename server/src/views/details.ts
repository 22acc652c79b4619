/**
 * Detail documents as served, built from the stored record: hidden state removed, pictures,
 * showreels, vita and locations by the spec's rules, agency connections completed from the agency,
 * deprecated fields beside their replacements, about_me in the asked language.
 */
import { actorVitaGroups, crewVitaGroups, type ContentLocale } from '../../../contract/directory-api.ts';
import type { FixtureActor, FixtureAgency, FixtureCastingCall, FixtureCrew } from '../fixture/schema.ts';
import { absoluteMediaUrls, localizedText, servedLocations, servedShowreels } from './common.ts';
import { actorPictures, crewPictures } from './pictures.ts';
import { actorProfessions, fullName } from './profileFields.ts';
import { servedVita } from './vita.ts';
import { ethnicAppearances } from '../catalogues/ethnicAppearances.ts';

export interface ViewContext {
  locale: ContentLocale;
  baseUrl: string;
  agencies: ReadonlyMap<number, FixtureAgency>;
}

function connectionsOf(actor: FixtureActor, agencies: ReadonlyMap<number, FixtureAgency>) {
  return actor.talent_agency_connections.map((connection) => {
    const agency = agencies.get(connection.talent_agency_id);
    return {
      ...connection,
      talent_agency_employee_id: connection.talent_agency_employee_id ?? null,
      agency_profile_url: connection.agency_profile_url ?? null,
      talent_agency_name: connection.talent_agency_name ?? agency?.name ?? '',
      categories: connection.categories?.length ? connection.categories : (agency?.categories ?? []),
      regions: connection.regions?.length ? connection.regions : (agency?.regions ?? []),
    };
  });
}

export function actorDetail(actor: FixtureActor, context: ViewContext): Record<string, unknown> {
  const { status: _status, ...record } = actor;
  const connections = connectionsOf(actor, context.agencies);
  const primary = connections.find((c) => c.connection_type === 'primary_agency') ?? connections[0];
  const externalShowreels = actor.external_showreels ?? (actor.external_showreel ? [actor.external_showreel] : []);
  const detail = {
    ...record,
    name: fullName(actor),
    about_me: localizedText(actor.about_me, context.locale),
    about_me_html: localizedText(actor.about_me_html, context.locale),
    talent_agency_connections: connections,
    pictures: actorPictures(actor.pictures),
    showreels: servedShowreels(actor.showreels),
    external_showreels: externalShowreels,
    locations: servedLocations(actor.locations),
    vita: servedVita(actor.vita, actorVitaGroups),
    professions: actorProfessions(actor),
    // Deprecated fields stay beside their replacements (spec: Versioning, rule 4).
    talent_agency_id: actor.talent_agency_id ?? primary?.talent_agency_id ?? null,
    agency_profile_url: actor.agency_profile_url ?? primary?.agency_profile_url ?? null,
    representative: actor.representative ?? null,
    native_dialect: actor.native_dialect ?? actor.native_dialects?.[0] ?? null,
    figure: actor.figure ?? actor.figures?.[0] ?? null,
    pitch: actor.pitch ?? actor.pitches?.[0] ?? null,
    ethnic_appearances: actor.ethnic_appearances ?? ethnicAppearances(actor.ethnic_background ?? [], actor.ethnic_background_details ?? []),
    external_showreel: actor.external_showreel ?? externalShowreels[0] ?? null,
    castupload_url: actor.castupload_url ?? actor.service_url ?? null,
    castupload_professional_url: actor.castupload_professional_url ?? actor.service_cd_url ?? null,
  };
  return absoluteMediaUrls(detail, context.baseUrl);
}

export function crewDetail(crew: FixtureCrew, context: ViewContext): Record<string, unknown> {
  const { status: _status, representative, ...record } = crew;
  const detail = {
    ...record,
    // Only present when the crew member is represented, as the provider writes it (API-NOTES.md).
    ...(representative ? { representative } : {}),
    name: fullName(crew),
    about_me: localizedText(crew.about_me, context.locale),
    about_me_html: localizedText(crew.about_me_html, context.locale),
    pictures: crewPictures(crew.pictures),
    showreels: servedShowreels(crew.showreels),
    external_showreels: crew.external_showreels ?? [],
    locations: servedLocations(crew.locations),
    vita: servedVita(crew.vita, crewVitaGroups),
  };
  return absoluteMediaUrls(detail, context.baseUrl);
}

/** A casting call with only the roles the key may see that are active and not deleted. */
export function castingCallDetail(call: FixtureCastingCall, visibleRoleIds: ReadonlySet<number>, baseUrl: string): Record<string, unknown> {
  const roles = call.roles
    .filter((role) => visibleRoleIds.has(role.id) && role.active !== false && role.deleted !== true)
    .map(({ active: _active, deleted: _deleted, ...role }) => role);
  // The provider's top-level contract_type (casting-calls.md: string or null) is always present,
  // null when the call has none, as its example and the reference payload show it.
  return absoluteMediaUrls({ ...call, deadline_visible: call.deadline_visible ?? true, contract_type: call.contract_type ?? null, roles }, baseUrl);
}
