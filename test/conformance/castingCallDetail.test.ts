/** GET /api/v1/casting_calls/{id}: the detail with its roles as the key may see them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { castingCallDetailSchema } from '../../contract/directory-api.ts';
import { collectKeys, expectError, expectOk, expectSchema, serviceDatetime, type Json } from './support/http.ts';
import { KEY_AGENCY_1, KEY_CASTING_PRO, START_TIMEOUT, startFixtureService, type FixtureService } from './support/service.ts';

let service: FixtureService;
type Detail = Record<string, Json>;

beforeAll(async () => {
  service = await startFixtureService('directory.json', {}, KEY_CASTING_PRO);
}, START_TIMEOUT);
afterAll(async () => {
  await service?.directory.close();
});

async function detail(id: number, key = KEY_CASTING_PRO): Promise<Detail> {
  const body = expectOk(await service.api.get<Detail>(`/api/v1/casting_calls/${id}`, { key }));
  expectSchema(castingCallDetailSchema, body, `casting call ${id}`);
  return body;
}

describe('casting call 1', () => {
  let call: Detail;
  beforeAll(async () => {
    call = await detail(1);
  });
  it('serves every detail field', () => {
    expect(call).toMatchObject({
      id: 1, name: 'Rule 1: no deadlines anywhere', description: 'Open call', deadline: null, visibility: 'public', deadline_visible: true,
      production_format: 'feature_film', casting_type: 'breakdown', production_id: 123, working_permits: ['EU-27'], regions: ['dach'],
      casting_director: { id: 77, name: 'Carla Caster' },
      production_locations: [{ name: 'Berlin', country: 'DE', longitude: 13.4, latitude: 52.52 }],
      service_url: 'https://directory.example/casting_calls/1',
    });
    expect(call.created_at).toBe('2026-02-18T12:05:24.865+00:00');
    expect(call.updated_at).toBe('2026-02-18T12:05:24.865+00:00');
  });
  it('lists only active, non-deleted roles, with every role field', () => {
    expect(call.roles).toHaveLength(1);
    expect(call.roles[0]).toMatchObject({
      id: 101, name: 'Lead', description: 'The lead', contract_type: 3, contract_type_info: '<b>paid</b>', deadline: null,
      gender: ['female'], acting_age_from: 15, acting_age_to: 18, languages: { eng: 'gut' }, ethnic_background: [6468, 6471], ethnic_background_details: [],
    });
    expect(call.roles[0].created_at).toBe('2026-02-18T12:05:24.865+00:00');
  });
  it('never serves active or deleted flags', () => {
    for (const { path, key } of collectKeys(call)) expect(['active', 'deleted', 'visible', 'status'].includes(key), `${path}.${key}`).toBe(false);
  });
});

describe('roles', () => {
  it('datetimes carry milliseconds and +00:00', async () => {
    const call = await detail(7);
    expect(call.deadline).toBe('2026-06-01T00:00:00.000+00:00');
    for (const role of call.roles) expect(role.deadline).toMatch(serviceDatetime);
    expect(call.roles.map((role: Detail) => role.id)).toEqual([701, 702]);
  });
  it('inactive and deleted roles are left out', async () => {
    expect((await detail(8)).roles.map((role: Detail) => role.id)).toEqual([801]);
    expect((await detail(5)).roles).toEqual([]);
  });
  it('a private call lists only the roles the key was invited to', async () => {
    expect((await detail(9)).roles.map((role: Detail) => role.id)).toEqual([901]);
    expect((await detail(10)).roles.map((role: Detail) => role.id)).toEqual([1001]);
  });
  it('a private call whose invited role is inactive is visible with no roles', async () => {
    const call = await detail(16);
    expect(call.visibility).toBe('private');
    expect(call.roles).toEqual([]);
  });
  it('a hidden deadline is still a field of the call', async () => {
    expect((await detail(12)).deadline_visible).toBe(false);
  });
});

describe('rights', () => {
  it('a private call without invitation is a 404', async () => {
    expectError(await service.api.get('/api/v1/casting_calls/11'), 404, 'not_found');
  });
  it('a call outside the key\'s list is a 404; inside it is served', async () => {
    expectError(await service.api.get('/api/v1/casting_calls/3', { key: KEY_AGENCY_1 }), 404, 'not_found');
    expect((await detail(7, KEY_AGENCY_1)).id).toBe(7);
  });
  it('an unknown id is a 404', async () => {
    expectError(await service.api.get('/api/v1/casting_calls/9999'), 404, 'not_found');
  });
});
