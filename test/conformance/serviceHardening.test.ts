/**
 * The service-side low findings of issue 10 and the transport of its answers, on one service with
 * a configured public URL and a small /media budget:
 * - absolute URLs (Link, pictures) come from the public URL, never from a forged Host header;
 * - a 410 `merged` names `new_id` only when the new profile is within the key's rights;
 * - /media is rate-limited per client like /api;
 * - JSON answers are compressed for clients that accept it; Access-Control-Allow-Methods is on
 *   ordinary answers, not only the preflight.
 * Requests that forge headers go out over node:http, which sends them as given.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureInput } from '../../server/src/fixture/schema.ts';
import { authorizationFor, expectError, parseLinkHeader } from './support/http.ts';
import { KEY_AGENCY_1, KEY_AGENCY_2, START_TIMEOUT, fixturePath, startFixtureService, type FixtureService } from './support/service.ts';

const PUBLIC_URL = 'https://directory.example/base';
const MEDIA_LIMIT = 3;
const FORGED_HOST = 'evil.example';

let service: FixtureService;

/** The standard fixture plus profiles of agency 2 merged into profiles of agency 1 and of agency 2. */
function fixtureWithMerges(): FixtureInput {
  const fixture = JSON.parse(readFileSync(fixturePath('directory.json'), 'utf8')) as {
    actor_profiles: { id: number; status?: unknown }[];
    crew_profiles: { id: number; status?: unknown }[];
  };
  const actor8 = fixture.actor_profiles.find((actor) => actor.id === 8)!;
  const crew4 = fixture.crew_profiles.find((crew) => crew.id === 4)!;
  fixture.actor_profiles.push({ ...actor8, id: 12, status: { merged_into: 1 } }, { ...actor8, id: 13, status: { merged_into: 8 } });
  fixture.crew_profiles.push({ ...crew4, id: 17, status: { merged_into: 1 } }, { ...crew4, id: 18, status: { merged_into: 4 } });
  return fixture as unknown as FixtureInput;
}

beforeAll(async () => {
  service = await startFixtureService('directory.json', {
    fixture: fixtureWithMerges(),
    publicUrl: `${PUBLIC_URL}/`,
    rateLimit: false,
    mediaRateLimit: { limit: MEDIA_LIMIT, windowSeconds: 600 },
  });
}, START_TIMEOUT);
afterAll(async () => {
  await service?.directory.close();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function rawGet(path: string, headers: Record<string, string>): Promise<RawAnswer> {
  const { hostname, port } = new URL(service.directory.baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: hostname, port, path, method: 'GET', headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }));
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const forged = (key: string | null = KEY_AGENCY_1) => ({
  host: FORGED_HOST,
  'x-forwarded-host': FORGED_HOST,
  'x-forwarded-proto': 'http',
  ...(key ? { authorization: authorizationFor(key) } : {}),
});

describe('absolute URLs come from the public URL, never from the Host header', () => {
  it('the service reports the public URL it was given, without a trailing slash', () => {
    expect(service.directory.publicUrl).toBe(PUBLIC_URL);
  });

  it('Link headers name the public URL and the canonical path, whatever Host and path spelling came in', async () => {
    for (const path of ['/api/v1/actor_profiles?per_page=2&page=2', '/%61pi/v1/actor_profiles/?per_page=2&page=2']) {
      const answer = await rawGet(path, forged());
      expect(answer.status).toBe(200);
      const links = parseLinkHeader(String(answer.headers.link), service.directory.baseUrl);
      expect(Object.keys(links).sort()).toEqual(['first', 'last', 'next', 'prev']);
      for (const url of Object.values(links)) {
        expect(url.toString()).toMatch(/^https:\/\/directory\.example\/base\/api\/v1\/actor_profiles\?per_page=2&page=\d+$/);
      }
      expect(String(answer.headers.link)).not.toContain(FORGED_HOST);
    }
  });

  it('picture URLs of lists and details are on the public URL', async () => {
    const list = await rawGet('/api/v1/actor_profiles?include_picture=true&picture_version=large', forged());
    const detail = await rawGet('/api/v1/actor_profiles/1', forged());
    for (const answer of [list, detail]) {
      expect(answer.status).toBe(200);
      const text = answer.body.toString('utf8');
      expect(text).not.toContain(FORGED_HOST);
      expect(text).not.toContain(service.directory.baseUrl);
      expect(text).toContain(`"${PUBLIC_URL}/media/pictures/`);
    }
  });
});

describe('410 merged names new_id only within the key\'s rights', () => {
  it.each([
    ['/api/v1/actor_profiles/12', { id: 12, status: 'deleted' }],
    ['/api/v1/actor_profiles/13', { id: 13, status: 'merged', new_id: 8 }],
    ['/api/v1/crew_profiles/17', { id: 17, status: 'deleted' }],
    ['/api/v1/crew_profiles/18', { id: 18, status: 'merged', new_id: 4 }],
  ])('%s for the agency-2 key', async (path, body) => {
    const answer = await service.api.get(path, { key: KEY_AGENCY_2 });
    expect(answer.status).toBe(410);
    expect(answer.body).toEqual(body);
  });
  it('the agency-1 key still learns where its merged actor went', async () => {
    const answer = await service.api.get('/api/v1/actor_profiles/6');
    expect(answer.status).toBe(410);
    expect(answer.body).toEqual({ id: 6, status: 'merged', new_id: 1 });
  });
});

describe('compression and CORS headers on ordinary answers', () => {
  it('a client that accepts gzip gets the same JSON gzipped', async () => {
    const path = '/api/v1/actor_profiles/1';
    const plain = await rawGet(path, { authorization: authorizationFor(KEY_AGENCY_1) });
    const gzipped = await rawGet(path, { authorization: authorizationFor(KEY_AGENCY_1), 'accept-encoding': 'gzip' });
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(String(gzipped.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(gzipped.body.length).toBeLessThan(plain.body.length);
    expect(gunzipSync(gzipped.body).toString('utf8')).toBe(plain.body.toString('utf8'));
  });

  it.each([
    ['a 200', KEY_AGENCY_1],
    ['a 401', null],
  ])('%s carries Access-Control-Allow-Methods', async (_label, key) => {
    const answer = await service.api.get('/api/v1/casting_calls', { key, headers: { origin: 'https://app.example' } });
    expect(answer.status).toBe(key ? 200 : 401);
    expect(answer.headers.get('access-control-allow-methods')).toMatch(/GET/);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  });
});

// Last in this file: it spends this client's /media budget.
describe('/media is rate-limited per client', () => {
  it('counts down, answers 429 once the budget is spent, whatever the spelling, and leaves /api alone', async () => {
    const remaining: number[] = [];
    const paths = ['/media/pictures/1/thumb.png', '/%6Dedia/pictures/2/thumb.png', '/media/showreels/1.wav/'];
    for (const [index, path] of paths.entries()) {
      // A client cannot claim to be another one: forwarding headers are not trusted.
      const answer = await rawGet(path, { 'x-forwarded-for': `203.0.113.${index + 1}` });
      expect(answer.status, path).toBe(200);
      expect(answer.headers['ratelimit-limit']).toBe(String(MEDIA_LIMIT));
      remaining.push(Number(answer.headers['ratelimit-remaining']));
    }
    expect(remaining).toEqual([2, 1, 0]);
    const limited = await service.api.get('/media/pictures/3/thumb.png', { key: null, headers: { 'x-forwarded-for': '203.0.113.9' } });
    expectError(limited, 429, 'rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('access-control-allow-origin')).toBe('*');
    expect((await service.api.get('/api/v1/casting_calls')).status).toBe(200);
  });
});
