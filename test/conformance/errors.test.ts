/**
 * Error answers: 401 for a missing or invalid key, 404 for unknown and out-of-rights ids, 400 for
 * every invalid parameter value, 410 for merged and deleted profiles. Bodies are
 * `{"error":{"code","message"}}` (contract/directory-errors.ts) except 410, which is the gone body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goneSchema } from '../../contract/directory-api.ts';
import { expectError, expectSchema, type Json } from './support/http.ts';
import { KEY_AGENCY_2, START_TIMEOUT, startFixtureService, type FixtureService } from './support/service.ts';

let service: FixtureService;

beforeAll(async () => {
  service = await startFixtureService();
}, START_TIMEOUT);
afterAll(async () => {
  await service?.directory.close();
});

const ENDPOINTS = [
  '/api/v1/actor_profiles',
  '/api/v1/actor_profiles/1',
  '/api/v1/crew_profiles',
  '/api/v1/crew_profiles/1',
  '/api/v1/casting_calls',
  '/api/v1/casting_calls/1',
];

describe('401 unauthorized', () => {
  it.each(ENDPOINTS)('%s without a key', async (path) => {
    expectError(await service.api.get(path, { key: null }), 401, 'unauthorized');
  });
  it.each(ENDPOINTS)('%s with an unknown key', async (path) => {
    expectError(await service.api.get(path, { key: 'k-not-a-real-key' }), 401, 'unauthorized');
  });
  it.each([
    ['an empty header', ''],
    ['a bare key', 'k-agency-1-conformance'],
    ['Basic', 'Basic k-agency-1-conformance'],
    ['Token without token=', 'Token k-agency-1-conformance'],
    ['Token with an empty key', 'Token token='],
    ['Bearer with an empty key', 'Bearer '],
  ])('%s', async (_label, authorization) => {
    expectError(await service.api.get('/api/v1/actor_profiles', { headers: { authorization } }), 401, 'unauthorized');
  });
  it('a wrong key is rejected before parameters are checked', async () => {
    expectError(await service.api.get('/api/v1/actor_profiles?per_page=0', { key: 'k-not-a-real-key' }), 401, 'unauthorized');
  });
  it('the attributes endpoint needs a key too', async () => {
    expectError(await service.api.get('/api/v1/attributes', { key: null }), 401, 'unauthorized');
  });
});

describe('404 not_found', () => {
  it.each([
    '/api/v1/actor_profiles/424242',
    '/api/v1/crew_profiles/424242',
    '/api/v1/casting_calls/424242',
    '/api/v1/actor_profiles/8', // agency 2's actor
    '/api/v1/crew_profiles/4', // agency 2's crew
    '/api/v1/casting_calls/3', // not in the agency-1 key's list
    '/api/v1/casting_calls/11', // private, not invited
    '/api/v1/no_such_resource',
  ])('%s', async (path) => {
    expectError(await service.api.get(path), 404, 'not_found');
  });
  it('an out-of-rights answer is indistinguishable from an unknown id', async () => {
    const outside = await service.api.get('/api/v1/actor_profiles/1', { key: KEY_AGENCY_2 });
    const unknown = await service.api.get('/api/v1/actor_profiles/424242', { key: KEY_AGENCY_2 });
    expect(outside.status).toBe(unknown.status);
    expect((outside.body as Json).error.code).toBe((unknown.body as Json).error.code);
  });
  it('a non-numeric id is not a 5xx', async () => {
    const answer = await service.api.get('/api/v1/actor_profiles/abc');
    expect([400, 404]).toContain(answer.status);
  });
});

describe('no write operations', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s is refused without a 5xx and changes nothing', async (method) => {
    const answer = await service.api.get('/api/v1/actor_profiles/1', { method });
    expect([401, 404, 405]).toContain(answer.status);
    expect((await service.api.get('/api/v1/actor_profiles/1')).status).toBe(200);
  });
});

describe('410 gone', () => {
  it.each([
    ['/api/v1/actor_profiles/6', { id: 6, status: 'merged', new_id: 1 }],
    ['/api/v1/actor_profiles/7', { id: 7, status: 'deleted' }],
    ['/api/v1/crew_profiles/5', { id: 5, status: 'merged', new_id: 1 }],
    ['/api/v1/crew_profiles/6', { id: 6, status: 'deleted' }],
  ])('%s', async (path, body) => {
    const answer = await service.api.get(path);
    expect(answer.status).toBe(410);
    expect(answer.body).toEqual(body);
    expectSchema(goneSchema, answer.body);
    expect(answer.headers.get('content-type') ?? '').toMatch(/application\/json/);
  });
});

const lists = ['/api/v1/actor_profiles', '/api/v1/crew_profiles', '/api/v1/casting_calls'];
const paging = ['per_page=0', 'per_page=1001', 'per_page=-1', 'per_page=abc', 'per_page=2.5', 'page=abc', 'page=1.5', 'page=1e2x'];
const profileLists = ['/api/v1/actor_profiles', '/api/v1/crew_profiles'];
const profileParams = [
  'order=age', 'order=ID', 'direction=up', 'gender=m', 'gender=woman', 'picture_version=huge',
  'updated_at[gte]=yesterday', 'updated_at[gte]=1.5', 'updated_at[gte]=2026-01-01',
];

describe('400 invalid_parameter', () => {
  for (const path of lists) {
    it.each(paging)(`${path}?%s`, async (query) => {
      expectError(await service.api.get(`${path}?${query}`), 400, 'invalid_parameter');
    });
  }
  for (const path of profileLists) {
    it.each(profileParams)(`${path}?%s`, async (query) => {
      expectError(await service.api.get(`${path}?${query}`), 400, 'invalid_parameter');
    });
  }
  it.each([
    'acting_age[gte]=old', 'acting_age[lte]=1.5', 'acting_age[lte]=ten',
  ])('/api/v1/actor_profiles?%s', async (query) => {
    expectError(await service.api.get(`/api/v1/actor_profiles?${query}`), 400, 'invalid_parameter');
  });
  it.each(['languages=de', 'languages=deu;eng', 'include_picture=maybe'])('/api/v1/actor_profiles?%s', async (query) => {
    expectError(await service.api.get(`/api/v1/actor_profiles?${query}`), 400, 'invalid_parameter');
  });
  it.each(['locale=xx', 'picture_version=thumb_portrait&include_picture=true', 'professions[]=chef', 'professions[]=regie&professions[]=chef'])('/api/v1/crew_profiles?%s', async (query) => {
    expectError(await service.api.get(`/api/v1/crew_profiles?${query}`), 400, 'invalid_parameter');
  });
  it.each(['enum=foo', 'enum=TRANSLATE', 'locale=xx', 'locale=de-DE'])('/api/v1/actor_profiles/1?%s', async (query) => {
    expectError(await service.api.get(`/api/v1/actor_profiles/1?${query}`), 400, 'invalid_parameter');
  });
  it.each(['enum=foo', 'enum=v2', 'locale=uk', 'locale=xx'])('/api/v1/crew_profiles/1?%s', async (query) => {
    expectError(await service.api.get(`/api/v1/crew_profiles/1?${query}`), 400, 'invalid_parameter');
  });
  it.each(['current=yes', 'current=2'])('/api/v1/casting_calls?%s', async (query) => {
    expectError(await service.api.get(`/api/v1/casting_calls?${query}`), 400, 'invalid_parameter');
  });
  it('the limits themselves are valid', async () => {
    for (const path of lists) {
      expect((await service.api.get(`${path}?per_page=1`)).status).toBe(200);
      expect((await service.api.get(`${path}?per_page=1000`)).status).toBe(200);
    }
  });
  it('the message names the parameter', async () => {
    const answer = await service.api.get('/api/v1/actor_profiles?per_page=5000');
    expect((answer.body as Json).error.message).toMatch(/per_page/);
  });
});
