/**
 * GET /api/v1/talent_agencies/{id} (the provider's docs/talent-agencies.md): the key's own agencies
 * with their employees, the representatives named on their profiles; any other agency is a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from './support/http.ts';
import { KEY_AGENCY_2, KEY_CASTING_PRO, START_TIMEOUT, startFixtureService, type FixtureService } from './support/service.ts';

let service: FixtureService;

beforeAll(async () => {
  service = await startFixtureService();
}, START_TIMEOUT);
afterAll(async () => {
  await service?.directory.close();
});

describe('talent agency', () => {
  it("answers the key's agency with its name and the representatives of its profiles as employees", async () => {
    const agency = expectOk(await service.api.get<Record<string, unknown>>('/api/v1/talent_agencies/1'));
    expect(agency).toEqual({
      id: 1,
      name: 'Agentur Eins',
      employees: [
        { id: 501, first_name: 'Erika', last_name: 'Agent' },
        { id: 503, first_name: 'Max', last_name: 'Mustermann' },
      ],
      associations: [],
    });
    // the provider writes every path with a trailing slash
    expect(expectOk(await service.api.get('/api/v1/talent_agencies/1/'))).toEqual(agency);
    expect(expectOk(await service.api.get('/api/v1/talent_agencies/2', { key: KEY_AGENCY_2 }))).toEqual({ id: 2, name: 'Second Agency', employees: [], associations: [] });
  });

  it('an agency outside the key\'s rights, an unknown id or a malformed one is a 404', async () => {
    expectError(await service.api.get('/api/v1/talent_agencies/3'), 404, 'not_found');
    expectError(await service.api.get('/api/v1/talent_agencies/2'), 404, 'not_found');
    expectError(await service.api.get('/api/v1/talent_agencies/1', { key: KEY_CASTING_PRO }), 404, 'not_found');
    expectError(await service.api.get('/api/v1/talent_agencies/999'), 404, 'not_found');
    expectError(await service.api.get('/api/v1/talent_agencies/abc'), 404, 'not_found');
  });
});
