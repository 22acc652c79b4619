/**
 * Every route under odd spellings of its path (issue 10, finding 2): percent-encoded letters,
 * doubled slashes, mixed case, encoded slashes, malformed escapes and a trailing slash. Without a
 * key none of them may answer data, and none may fail with a 5xx; with a key, the trailing slash
 * (as the provider's documentation writes paths) answers exactly what the plain path answers.
 * Requests go out over node:http so the path reaches the service byte for byte (fetch would
 * normalise it first).
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryErrorBodySchema } from '../../contract/directory-errors.ts';
import { buildApp } from '../../server/src/http/buildApp.ts';
import type { RouteContext } from '../../server/src/http/routeContext.ts';
import { authorizationFor } from './support/http.ts';
import { KEY_AGENCY_1, START_TIMEOUT, startFixtureService, type FixtureService } from './support/service.ts';

let service: FixtureService;

beforeAll(async () => {
  service = await startFixtureService();
}, START_TIMEOUT);
afterAll(async () => {
  await service?.directory.close();
});

/** One concrete path per route the service registers; the test below checks none is missing. */
const apiPaths: Record<string, string> = {
  '/api/v1/actor_profiles': '/api/v1/actor_profiles',
  '/api/v1/actor_profiles/:id': '/api/v1/actor_profiles/1',
  '/api/v1/crew_profiles': '/api/v1/crew_profiles',
  '/api/v1/crew_profiles/:id': '/api/v1/crew_profiles/1',
  '/api/v1/casting_calls': '/api/v1/casting_calls',
  '/api/v1/casting_calls/:id': '/api/v1/casting_calls/1',
  '/api/v1/attributes': '/api/v1/attributes',
  '/api/v1/attributes/:name': '/api/v1/attributes/genders',
  '/api/v1/talent_agencies/:id': '/api/v1/talent_agencies/1',
  '/api/v1/showreels/:id': '/api/v1/showreels/31',
  '/api/v1/showreel_media/:id': '/api/v1/showreel_media/41',
};
const mediaPaths: Record<string, string> = {
  '/media/pictures/:id/:file': '/media/pictures/1/thumb.png',
  '/media/showreels/:file': '/media/showreels/1.wav',
  '/media/*': '/media/unknown',
};

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A GET with the path exactly as given. */
function rawGet(path: string, key: string | null): Promise<RawAnswer> {
  const { hostname, port } = new URL(service.directory.baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: hostname, port, path, method: 'GET', headers: key ? { authorization: authorizationFor(key) } : {} }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text: Buffer.concat(chunks).toString('utf8') }));
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const hex = (letter: string) => `%${letter.charCodeAt(0).toString(16).toUpperCase()}`;

/** The odd spellings of one path. */
function variants(path: string): string[] {
  const segments = path.split('/').slice(1);
  const encodeFirstLetter = (segment: string) => segment.replace(/[a-z]/i, (letter) => hex(letter));
  const out = new Set<string>([
    `/${segments.map(encodeFirstLetter).join('/')}`,
    ...segments.map((_, index) => `/${segments.map((segment, i) => (i === index ? encodeFirstLetter(segment) : segment)).join('/')}`),
    `/${segments.map((segment) => [...segment].map(hex).join('')).join('/')}`,
    `/${path}`,
    ...segments.map((_, index) => `/${segments.map((segment, i) => (i === index ? `/${segment}` : segment)).join('/')}`),
    `${path}//`,
    path.toUpperCase(),
    `/${segments.map((segment) => segment.charAt(0).toUpperCase() + segment.slice(1)).join('/')}`,
    `/${segments.join('%2F')}`,
    `/${segments.join('%2f')}`,
    `${path}%`,
    `${path}%zz`,
    `${path}/%E0%A4%A`,
    `${path}%00`,
    `${path};x`,
    `${path}/.`,
    `${path}/`,
    `${path}/?per_page=1`,
    `/${segments.map(encodeFirstLetter).join('/')}/`,
  ]);
  out.delete(path);
  return [...out];
}

/** True when the body is one JSON error `{"error":{"code","message"}}`. */
function isErrorBody(text: string): boolean {
  try {
    return directoryErrorBodySchema.safeParse(JSON.parse(text)).success;
  } catch {
    return false;
  }
}

describe('the route table', () => {
  it('names every route the service registers', async () => {
    const registered: string[] = [];
    const app = buildApp({} as RouteContext, { rateLimit: false });
    app.addHook('onRoute', (route) => {
      if (route.method === 'GET' || (Array.isArray(route.method) && route.method.includes('GET'))) registered.push(route.url ?? route.path);
    });
    await app.ready();
    await app.close();
    expect([...new Set(registered)].sort()).toEqual([...Object.keys(apiPaths), ...Object.keys(mediaPaths)].sort());
  });
});

describe.each(Object.values(apiPaths))('%s', (path) => {
  it('answers no data and no 5xx to any spelling without a key', async () => {
    for (const variant of variants(path)) {
      const answer = await rawGet(variant, null);
      const context = `${variant} → ${answer.status} ${answer.text.slice(0, 300)}`;
      expect(answer.status, context).toBeGreaterThanOrEqual(400);
      expect(answer.status, context).toBeLessThan(500);
      expect(isErrorBody(answer.text), context).toBe(true);
      expect(answer.headers['content-type'] ?? '', context).toMatch(/application\/json/);
    }
  });

  it('answers a spelling it accepts exactly as the plain path, and never a 5xx, with a key', async () => {
    const plain = await rawGet(path, KEY_AGENCY_1);
    expect(plain.status, plain.text.slice(0, 300)).toBe(200);
    for (const variant of variants(path)) {
      const answer = await rawGet(variant, KEY_AGENCY_1);
      const context = `${variant} → ${answer.status} ${answer.text.slice(0, 300)}`;
      expect(answer.status, context).toBeLessThan(500);
      if (answer.status === 200 && !variant.includes('?')) expect(answer.text, context).toBe(plain.text);
      if (answer.status !== 200) expect(isErrorBody(answer.text), context).toBe(true);
    }
  });

  it('takes a trailing slash, as the provider documents its paths', async () => {
    const plain = await rawGet(path, KEY_AGENCY_1);
    const slashed = await rawGet(`${path}/`, KEY_AGENCY_1);
    expect(slashed.status, slashed.text.slice(0, 300)).toBe(200);
    expect(slashed.text).toBe(plain.text);
    expect((await rawGet(`${path}/`, null)).status).toBe(401);
  });
});

describe('unknown and malformed paths', () => {
  it.each(['/', '/api', '/api/', '/api/v1', '/api/v2/actor_profiles', '/%', '/%zz', '/media', '/favicon.ico', '//', '/..%2F..%2Fetc%2Fpasswd'])(
    '%s is a JSON 404, with or without a key',
    async (path) => {
      for (const key of [null, KEY_AGENCY_1]) {
        const answer = await rawGet(path, key);
        expect(answer.status, `${path}: ${answer.text}`).toBe(404);
        expect(isErrorBody(answer.text), answer.text).toBe(true);
        expect(answer.headers['access-control-allow-origin']).toBe('*');
      }
    },
  );
});

describe('media', () => {
  it.each(Object.values(mediaPaths).filter((path) => path !== '/media/unknown'))('%s answers odd spellings without a 5xx', async (path) => {
    expect((await rawGet(path, null)).status).toBe(200);
    for (const variant of variants(path)) {
      const answer = await rawGet(variant, null);
      expect(answer.status, `${variant} → ${answer.status}`).toBeLessThan(500);
    }
  });
});
