/**
 * GET /api/v1/talent_agencies/{id}, as the provider documents it (docs/talent-agencies.md): the
 * agency's names, links, address and texts as its record holds them, and its employees: the people
 * named as representatives on its profiles and those its record describes, with their contact
 * details; the deprecation notes send clients here for representative names. Only the agencies
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

export function registerTalentAgencyRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get('/api/v1/talent_agencies/:id', async (request) => {
    const { id } = request.params as { id: string };
    const locale = oneOf(request.query as RawQuery, 'locale', contentLocales) ?? 'en';
    const agencyId = /^\d{1,9}$/.test(id) ? Number(id) : NaN;
    const agency = context.agencies.get(agencyId);
    if (!agency || !request.rights.agencyIds.includes(agencyId)) throw notFound('talent agency', id);
    const rows = await context.db.query<{ representative: string }>(
      `SELECT DISTINCT (r.doc::jsonb -> 'representative')::text AS representative
         FROM actor_profiles p JOIN actor_records r ON r.id = p.id
        WHERE p.status = 'active' AND p.agency_ids && $1::integer[]
          AND jsonb_typeof(r.doc::jsonb -> 'representative') = 'object'`,
      [[agencyId]],
    );
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
