/** CORS for browsers and the two accepted authorization schemes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from './support/http.ts';
import { KEY_AGENCY_1, START_TIMEOUT, startFixtureService, type FixtureService } from './support/service.ts';

let service: FixtureService;

beforeAll(async () => {
  service = await startFixtureService();
}, START_TIMEOUT);
afterAll(async () => {
  await service?.directory.close();
});

describe('authorization schemes', () => {
  it('Token token=<key> and Bearer <key> give the same answer', async () => {
    const token = await service.api.get('/api/v1/actor_profiles', { scheme: 'token' });
    const bearer = await service.api.get('/api/v1/actor_profiles', { scheme: 'bearer' });
    expect(token.status).toBe(200);
    expect(bearer.status).toBe(200);
    expect(bearer.body).toEqual(token.body);
    expect(ids(bearer.body)).toEqual([1, 2, 3, 4, 5, 9, 11]);
  });
  it('Bearer works on details and casting calls', async () => {
    expect((await service.api.get('/api/v1/actor_profiles/1', { scheme: 'bearer' })).status).toBe(200);
    expect((await service.api.get('/api/v1/casting_calls', { scheme: 'bearer' })).status).toBe(200);
  });
  it('a quoted token value is accepted as the same key', async () => {
    const answer = await service.api.get('/api/v1/actor_profiles', { headers: { authorization: `Token token="${KEY_AGENCY_1}"` } });
    expect([200, 401]).toContain(answer.status); // Rails-style quoting: tolerated or refused, never a 5xx
  });
});

describe('CORS', () => {
  it('GET answers allow any origin', async () => {
    const answer = await service.api.get('/api/v1/actor_profiles', { headers: { origin: 'https://app.example' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  });
  it('error answers allow any origin too', async () => {
    const answer = await service.api.get('/api/v1/actor_profiles', { key: null, headers: { origin: 'https://app.example' } });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  });
  it('an OPTIONS preflight succeeds without a key and allows GET with Authorization', async () => {
    const answer = await fetch(`${service.directory.baseUrl}/api/v1/actor_profiles?per_page=5`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(answer.status).toBeGreaterThanOrEqual(200);
    expect(answer.status).toBeLessThan(300);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-methods') ?? '').toMatch(/GET|\*/);
    const allowedHeaders = (answer.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    expect(allowedHeaders === '*' || allowedHeaders.includes('authorization')).toBe(true);
  });
  it('a preflight for a detail path works as well', async () => {
    const answer = await fetch(`${service.directory.baseUrl}/api/v1/casting_calls/1`, {
      method: 'OPTIONS',
      headers: { origin: 'https://other.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(answer.status).toBeLessThan(300);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  });
  it('exposes the paging and rate limit headers to scripts', async () => {
    const answer = await service.api.get('/api/v1/actor_profiles', { headers: { origin: 'https://app.example' } });
    const exposed = (answer.headers.get('access-control-expose-headers') ?? '').toLowerCase();
    for (const header of ['link', 'total', 'per-page']) expect(exposed === '*' || exposed.includes(header), header).toBe(true);
  });
});
