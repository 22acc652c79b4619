/**
 * GET /api/v1/talent_agencies/{id} (the provider's docs/talent-agencies.md): the key's own agencies
 * with their employees, the representatives named on their profiles; any other agency is a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from './support/http.ts';
import { KEY_AGENCY_2, KEY_CASTING_PRO, START_TIMEOUT, startFixtureService, type FixtureService } from './support/service.ts';

let service: FixtureService;

/** An employee named only as a representative: every detail null. */
const noDetails = {
  phone: null, email: null, role: null, function: null, photo_social_username: null, filmdb_link: null, picture_url: null, about_me: null, about_me_html: null,
};

beforeAll(async () => {
  service = await startFixtureService();
}, START_TIMEOUT);
afterAll(async () => {
  await service?.directory.close();
});

describe('talent agency', () => {
  it("answers the key's agency with every documented field, its employees the representatives of its profiles and those its record names", async () => {
    const agency = expectOk(await service.api.get<Record<string, unknown>>('/api/v1/talent_agencies/1'));
    expect(agency).toEqual({
      id: 1,
      name: 'Agentur Eins',
      short_name: 'Eins',
      homepage_url: 'https://agentur-eins.example',
      service_url: 'https://directory.example/agents/agentur-eins',
      filmdb_link: 'https://filmdb.example/company/co0000001',
      filmdb_id: 'co0000001',
      showreel_url: 'https://agentur-eins.example/showreel',
      social_page: 'agentur-eins',
      photo_social_username: 'agentureins',
      public_email: 'info@agentur-eins.example',
      picture_url: `${service.api.baseUrl}/media/pictures/902/902-24622000e7f8-large.png`,
      address: { city: 'Mainz', country: 'DE', fax: null, line1: 'Wallstr. 11', line2: '', phone: '49613163691950', zipcode: '55122' },
      about_me: 'An agency for actors.',
      about_me_html: '<p>An agency for <b>actors</b>.</p>',
      employees: [
        {
          id: 501, first_name: 'Erika', last_name: 'Agent', phone: '4930123456', email: 'erika@agentur-eins.example', role: 'agent', function: null,
          photo_social_username: 'erika.agent', filmdb_link: 'https://filmdb.example/name/nm1234567', picture_url: 'https://pictures.example/erika.jpg',
          about_me: 'Agent since 2010.', about_me_html: '<p>Agent since <em>2010</em>.</p>',
        },
        { ...noDetails, id: 503, first_name: 'Max', last_name: 'Mustermann' },
        { ...noDetails, id: 509, first_name: 'Ida', last_name: 'Office', role: 'assistant', email: 'office@agentur-eins.example' },
      ],
      associations: [],
    });
    // the provider writes every path with a trailing slash
    expect(expectOk(await service.api.get('/api/v1/talent_agencies/1/'))).toEqual(agency);
  });

  it('serves about_me in the asked locale (English by default), null where the agency has none; an unknown locale is a 400', async () => {
    const german = expectOk(await service.api.get<Record<string, unknown>>('/api/v1/talent_agencies/1?locale=de'));
    expect(german.about_me).toBe('Eine Agentur für Schauspielerinnen und Schauspieler.');
    expect(german.about_me_html).toBeNull();
    expect((german.employees as Record<string, unknown>[])[0]).toMatchObject({ about_me: 'Agentin seit 2010.', about_me_html: null });
    expect(expectOk(await service.api.get<Record<string, unknown>>('/api/v1/talent_agencies/1?locale=fr')).about_me).toBeNull();
    expectError(await service.api.get('/api/v1/talent_agencies/1?locale=xx'), 400, 'invalid_parameter');
  });

  it('an agency without details answers every field as null', async () => {
    expect(expectOk(await service.api.get('/api/v1/talent_agencies/2', { key: KEY_AGENCY_2 }))).toEqual({
      id: 2, name: 'Second Agency', short_name: null, homepage_url: null, service_url: null, filmdb_link: null, filmdb_id: null, showreel_url: null,
      social_page: null, photo_social_username: null, public_email: null, picture_url: null, address: null, about_me: null, about_me_html: null,
      employees: [], associations: [],
    });
  });

  it('an agency outside the key\'s rights, an unknown id or a malformed one is a 404', async () => {
    expectError(await service.api.get('/api/v1/talent_agencies/3'), 404, 'not_found');
    expectError(await service.api.get('/api/v1/talent_agencies/2'), 404, 'not_found');
    expectError(await service.api.get('/api/v1/talent_agencies/1', { key: KEY_CASTING_PRO }), 404, 'not_found');
    expectError(await service.api.get('/api/v1/talent_agencies/999'), 404, 'not_found');
    expectError(await service.api.get('/api/v1/talent_agencies/abc'), 404, 'not_found');
  });
});
