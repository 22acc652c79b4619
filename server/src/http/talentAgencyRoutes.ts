/**
 * GET /api/v1/talent_agencies/{id}, as the provider documents it (docs/talent-agencies.md): the
 * agency's names, links, address and texts as its record holds them, and its employees: those its
 * record describes and the representatives its own connections name, with their contact details;
 * the deprecation notes send clients here for representative names. Only the agencies
 * the key's rights name are served; any other id is a 404 like an unknown one. A field the record
 * lacks is null (API-NOTES.md).
 */
import type { FastifyInstance } from 'fastify';
import { contentLocales, type ContentLocale } from '../../../contract/directory-api.ts';
import type { FixtureAgency } from '../fixture/schema.ts';
import { sanitizeProfileHtml } from '../text/profileHtml.ts';
import { absoluteMediaUrls, localizedText } from '../views/common.ts';
import { notFound } from './apiError.ts';
import { oneOf, type RawQuery } from './queryParams.ts';
import type { RouteContext } from './routeContext.ts';

type EmployeeRecord = NonNullable<FixtureAgency['employees']>[number];

/** HTML in the asked language, sanitized like a profile's about_me_html (an agency answer is rare: done per request). */
function localizedHtml(value: unknown, locale: ContentLocale): string | null {
  const html = localizedText(value, locale);
  return html === null ? null : sanitizeProfileHtml(html);
}

/** "Erika Agent" → first "Erika", last "Agent"; one word is a last name. */
function namesOf(name: string): { first_name: string; last_name: string } {
  const words = name.trim().split(/\s+/);
  const last = words.pop() ?? '';
  return { first_name: words.join(' '), last_name: last };
}

function employeeView(id: number, representativeName: string | undefined, record: EmployeeRecord | undefined, locale: ContentLocale) {
  const names = representativeName === undefined ? { first_name: '', last_name: '' } : namesOf(representativeName);
  return {
    id,
    first_name: record?.first_name ?? names.first_name,
    last_name: record?.last_name ?? names.last_name,
    phone: record?.phone ?? null,
    email: record?.email ?? null,
    role: record?.role ?? null,
    function: record?.function ?? null,
    photo_social_username: record?.photo_social_username ?? null,
    filmdb_link: record?.filmdb_link ?? null,
    picture_url: record?.picture_url ?? null,
    about_me: localizedText(record?.about_me, locale),
    about_me_html: localizedHtml(record?.about_me_html, locale),
  };
}

function addressView(address: FixtureAgency['address']) {
  if (!address) return null;
  const { city, country, fax, line1, line2, phone, zipcode } = address;
  return { city: city ?? null, country: country ?? null, fax: fax ?? null, line1: line1 ?? null, line2: line2 ?? null, phone: phone ?? null, zipcode: zipcode ?? null };
}

/**
 * The representatives of agency $2 on its active actor profiles ($1 is [$2], for the agency_ids
 * index). A profile's representative works for the agency whose connection names that employee; one
 * no connection names belongs to the profile's primary agency (the deprecated talent_agency_id, else
 * its primary connection). A profile is also an agency's through a secondary connection, and its
 * representative, another agency's employee, must not be listed here (it once was, under every agency).
 */
const representativesOfAgencySql = `
  SELECT DISTINCT d.rep::text AS representative
    FROM actor_profiles p
    JOIN actor_records r ON r.id = p.id
    CROSS JOIN LATERAL (
      SELECT r.doc::jsonb -> 'representative' AS rep,
             CASE WHEN jsonb_typeof(r.doc::jsonb -> 'talent_agency_connections') = 'array' THEN r.doc::jsonb -> 'talent_agency_connections' ELSE '[]'::jsonb END AS connections,
             r.doc::jsonb -> 'talent_agency_id' AS primary_agency
    ) d
   WHERE p.status = 'active' AND p.agency_ids && $1::integer[]
     AND jsonb_typeof(d.rep) = 'object'
     AND CASE
       WHEN EXISTS (SELECT 1 FROM jsonb_array_elements(d.connections) c WHERE c -> 'talent_agency_employee_id' = d.rep -> 'id')
         THEN EXISTS (SELECT 1 FROM jsonb_array_elements(d.connections) c
                       WHERE c -> 'talent_agency_employee_id' = d.rep -> 'id' AND c -> 'talent_agency_id' = to_jsonb($2::integer))
       ELSE COALESCE(
         d.primary_agency,
         (SELECT c -> 'talent_agency_id' FROM jsonb_array_elements(d.connections) c WHERE c ->> 'connection_type' = 'primary_agency' LIMIT 1)
       ) = to_jsonb($2::integer)
     END`;

export function registerTalentAgencyRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get('/api/v1/talent_agencies/:id', async (request) => {
    const { id } = request.params as { id: string };
    const locale = oneOf(request.query as RawQuery, 'locale', contentLocales) ?? 'en';
    const agencyId = /^\d{1,9}$/.test(id) ? Number(id) : NaN;
    const agency = context.agencies.get(agencyId);
    if (!agency || !request.rights.agencyIds.includes(agencyId)) throw notFound('talent agency', id);
    const rows = await context.db.query<{ representative: string }>(representativesOfAgencySql, [[agencyId], agencyId]);
    const representativeNames = new Map<number, string>();
    for (const { representative } of rows) {
      const { id: employeeId, name } = JSON.parse(representative) as { id: number; name: string };
      if (!representativeNames.has(employeeId)) representativeNames.set(employeeId, name);
    }
    const records = new Map((agency.employees ?? []).map((employee) => [employee.id, employee]));
    const employeeIds = [...new Set([...representativeNames.keys(), ...records.keys()])].sort((a, b) => a - b);
    return absoluteMediaUrls(
      {
        id: agency.id,
        name: agency.name,
        short_name: agency.short_name ?? null,
        homepage_url: agency.homepage_url ?? null,
        service_url: agency.service_url ?? null,
        filmdb_link: agency.filmdb_link ?? null,
        filmdb_id: agency.filmdb_id ?? null,
        showreel_url: agency.showreel_url ?? null,
        social_page: agency.social_page ?? null,
        photo_social_username: agency.photo_social_username ?? null,
        public_email: agency.public_email ?? null,
        picture_url: agency.picture_url ?? null,
        address: addressView(agency.address),
        about_me: localizedText(agency.about_me, locale),
        about_me_html: localizedHtml(agency.about_me_html, locale),
        employees: employeeIds.map((employeeId) => employeeView(employeeId, representativeNames.get(employeeId), records.get(employeeId), locale)),
        associations: [],
      },
      context.publicUrl,
    );
  });
}
