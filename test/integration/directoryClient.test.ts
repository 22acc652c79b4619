/**
 * The directory client over HTTP: every call and parameter against the real directory service
 * (each compared with the answer to a hand-written URL, so the encoding is checked too), the typed
 * outcomes 400, 401, 404 and 410 without retries, and, against tiny local servers, timeouts and
 * network errors reported at once, retries after 503 and 429, cancellation, bad payloads reported
 * with their JSON path, unquoted Link relations, and every reference payload of the provider mapped to the spec's names.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { castingCallListFields } from '../../contract/list-fields.ts';
import { createDirectoryClient, type DirectoryClient, type DirectoryClientOptions } from '../../electron/core/directory/directoryClient.ts';
import { DirectoryError } from '../../electron/core/directory/directoryError.ts';
import { mapProviderPayload } from '../../electron/core/directory/payloadMapping.ts';
import { RateBudget } from '../../electron/core/directory/rateBudget.ts';
import { bindKey, ForeignOriginError } from '../../electron/core/keys/keyOrigin.ts';
import { startDirectory, type RunningDirectory } from '../../server/src/startDirectory.ts';

const KEY_AGENCY = 'k-agency-1-conformance';
const KEY_CASTING_PRO = 'k-casting-pro-conformance';
const referenceFolder = fileURLToPath(new URL('../../../shared/reference-payloads/', import.meta.url));

let directory: RunningDirectory;
let client: DirectoryClient;
const tinyServers: TinyServer[] = [];

beforeAll(async () => {
  directory = await startDirectory({
    port: 0,
    fixture: fileURLToPath(new URL('../conformance/fixtures/directory.json', import.meta.url)),
    // Generous, so headers are sent and followed without slowing the suite.
    rateLimit: { limit: 100_000, windowSeconds: 300 },
    now: () => new Date('2026-06-15T12:00:00.000Z'),
  });
  client = createDirectoryClient({ baseUrl: directory.baseUrl, key: bindKey(KEY_AGENCY, directory.baseUrl), budget: new RateBudget() });
}, 120_000);

afterAll(async () => {
  await Promise.all(tinyServers.map((server) => server.close()));
  await directory?.close();
});

/**
 * What the service answers to a hand-written path, for comparing with the client's result: as the
 * client reads it (payloadMapping: profile language keys, the provider's words, become ISO codes).
 */
async function raw(path: string, key = KEY_AGENCY): Promise<{ body: unknown; headers: Headers }> {
  const response = await fetch(`${directory.baseUrl}${path}`, { headers: { Authorization: `Token token=${key}` } });
  expect(response.status, path).toBe(200);
  return { body: mapProviderPayload(await response.json()), headers: response.headers };
}

async function failure(promise: Promise<unknown>): Promise<DirectoryError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DirectoryError);
  return error as DirectoryError;
}

function recordingFetch(): { urls: string[]; fetch: typeof fetch } {
  const urls: string[] = [];
  return {
    urls,
    fetch: (input, init) => {
      urls.push(String(input));
      return fetch(input, init);
    },
  };
}

interface TinyServer {
  url: string;
  requests: IncomingMessage[];
  close(): Promise<void>;
}

/** A local HTTP server answering with `handler`; `requests` records every request it received. */
async function tinyServer(handler: (request: IncomingMessage, response: ServerResponse, index: number) => void): Promise<TinyServer> {
  const requests: IncomingMessage[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request);
    handler(request, response, requests.length - 1);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const tiny: TinyServer = {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  tinyServers.push(tiny);
  return tiny;
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

function tinyClient(server: TinyServer, options: Partial<DirectoryClientOptions> = {}): DirectoryClient {
  return createDirectoryClient({
    baseUrl: server.url,
    key: bindKey('tiny-key', server.url),
    budget: new RateBudget({ assumedLimit: 1000, assumedWindowMs: 1000 }),
    backoff: { baseMs: 20, capMs: 100 },
    ...options,
  });
}

describe('actor profiles', () => {
  it('lists with the default fields and the paging headers', async () => {
    const page = await client.listActors();
    const expected = await raw('/api/v1/actor_profiles');
    expect(page.items).toEqual(expected.body);
    expect(page.items[0]).toEqual({ id: 1, name: 'Jonas Becker', gender: 'm' });
    expect(page).toMatchObject({ page: 1, perPage: 250, total: Number(expected.headers.get('Total')), links: {} });
  });

  it('encodes every list parameter as the spec names it', async () => {
    const since = new Date('2026-02-01T00:00:00Z');
    const cases: [Parameters<DirectoryClient['listActors']>[0], string][] = [
      [{ page: 2, per_page: 2 }, 'page=2&per_page=2'],
      [{ fields: ['first_name', 'last_name', 'age', 'gender_new', 'main_profession', 'professions', 'languages', 'representative', 'updated_at'] },
        'fields=first_name,last_name,age,gender_new,main_profession,professions,languages,representative,updated_at'],
      [{ include_picture: true, picture_version: 'thumb_portrait' }, 'include_picture=true&picture_version=thumb_portrait'],
      [{ order: 'name', direction: 'desc' }, 'order=name&direction=desc'],
      [{ gender: 'female' }, 'gender=female'],
      [{ updated_at_gte: since }, `updated_at[gte]=${since.getTime() / 1000}`],
      [{ updated_at_gte: since.getTime() / 1000 }, `updated_at[gte]=${since.getTime() / 1000}`],
      [{ acting_age_gte: 36, acting_age_lte: 45 }, 'acting_age[gte]=36&acting_age[lte]=45'],
      [{ languages: ['deu', 'eng'] }, 'languages=deu,eng'],
      [{ q: 'jon' }, 'q=jon'],
    ];
    const unfiltered = (await client.listActors()).items;
    for (const [params, query] of cases) {
      const page = await client.listActors(params);
      expect(page.items, query).toEqual((await raw(`/api/v1/actor_profiles?${query}`)).body);
      if (!params?.page) expect(page.items, `${query} changes the answer`).not.toEqual(unfiltered);
    }
  });

  it('fetches a detail in every enum mode and locale', async () => {
    const jonas = await client.getActor(1);
    expect(jonas).toEqual((await raw('/api/v1/actor_profiles/1')).body);
    expect(jonas.languages).toEqual({ deu: 'muttersprachlich', eng: 'fliessend' });
    const translated = await client.getActor(1, { enum: 'translate', locale: 'de' });
    expect(translated).toEqual((await raw('/api/v1/actor_profiles/1?enum=translate&locale=de')).body);
    expect(typeof translated.languages).toBe('string');
    const v2 = await client.getActor(1, { enum: 'v2', locale: 'fr' });
    expect(v2).toEqual((await raw('/api/v1/actor_profiles/1?enum=v2&locale=fr')).body);
    expect(v2.languages?.deu).toMatchObject({ key: 'deutsch', level: { key: 'muttersprachlich' } });
    const german = await client.getActor(1, { locale: 'de' });
    expect(german).toEqual((await raw('/api/v1/actor_profiles/1?locale=de')).body);
    expect(german.about_me).not.toBe(jonas.about_me);
  });

  it('walks every page following rel=next', async () => {
    const all = (await client.listActors({ per_page: 1000 })).items.map((item) => item.id);
    const pages = [];
    for await (const page of client.walkActors({ per_page: 3, order: 'id' })) pages.push(page);
    expect(pages.map((page) => page.page)).toEqual(Array.from({ length: Math.ceil(all.length / 3) }, (_, index) => index + 1));
    expect(pages.flatMap((page) => page.items.map((item) => item.id))).toEqual(all);
    expect(pages[0]!.links.next).toContain('page=2');
    expect(pages[0]!.links.last).toContain(`page=${pages.length}`);
    expect(pages.at(-1)!.links).toMatchObject({ first: expect.stringContaining('page=1'), prev: expect.any(String) });
    expect(pages.at(-1)!.links.next).toBeUndefined();
  });
});

describe('crew profiles', () => {
  it('lists with every parameter, professions[] repeated', async () => {
    const cases: [Parameters<DirectoryClient['listCrew']>[0], string][] = [
      [{ professions: ['kamera', 'schnitt'] }, 'professions[]=kamera&professions[]=schnitt'],
      [{ fields: ['first_name', 'about_me', 'about_me_html', 'professions', 'languages', 'representative', 'updated_at'], locale: 'de' },
        'fields=first_name,about_me,about_me_html,professions,languages,representative,updated_at&locale=de'],
      [{ gender: 'female', order: 'last_name', direction: 'desc' }, 'gender=female&order=last_name&direction=desc'],
      [{ include_picture: true, picture_version: 'large' }, 'include_picture=true&picture_version=large'],
      [{ updated_at_gte: Date.UTC(2026, 1, 1) / 1000, q: 'jon' }, `updated_at[gte]=${Date.UTC(2026, 1, 1) / 1000}&q=jon`],
      [{ page: 2, per_page: 1 }, 'page=2&per_page=1'],
    ];
    const unfiltered = (await client.listCrew()).items;
    for (const [params, query] of cases) {
      const page = await client.listCrew(params);
      expect(page.items, query).toEqual((await raw(`/api/v1/crew_profiles?${query}`)).body);
      expect(page.items, `${query} changes the answer`).not.toEqual(unfiltered);
    }
    const professions = (await client.listCrew({ professions: ['kamera', 'schnitt'], fields: ['professions'] })).items;
    expect(professions.map((item) => item.id).sort()).toEqual([2, 3]);
  });

  it('fetches a detail, translated in a locale', async () => {
    const crew = await client.getCrew(1);
    expect(crew).toEqual((await raw('/api/v1/crew_profiles/1')).body);
    const translated = await client.getCrew(1, { enum: 'translate', locale: 'fr' });
    expect(translated).toEqual((await raw('/api/v1/crew_profiles/1?enum=translate&locale=fr')).body);
    expect(typeof translated.professions).toBe('string');
  });

  it('walks the crew list', async () => {
    const ids = [];
    for await (const page of client.walkCrew({ per_page: 2 })) ids.push(...page.items.map((item) => item.id));
    expect(ids).toEqual((await client.listCrew({ per_page: 1000 })).items.map((item) => item.id));
  });
});

describe('casting calls and attributes', () => {
  it('lists casting calls with current, fields, page and per_page', async () => {
    const pro = createDirectoryClient({ baseUrl: directory.baseUrl, key: bindKey(KEY_CASTING_PRO, directory.baseUrl), budget: new RateBudget() });
    const fields = castingCallListFields;
    const cases: [Parameters<DirectoryClient['listCastingCalls']>[0], string][] = [
      [{}, ''],
      [{ current: true }, 'current=true'],
      [{ current: false }, 'current=false'],
      [{ fields: [...fields] }, `fields=${fields.join(',')}`],
      [{ page: 2, per_page: 3 }, 'page=2&per_page=3'],
    ];
    for (const [params, query] of cases) {
      const page = await pro.listCastingCalls(params);
      expect(page.items, query).toEqual((await raw(`/api/v1/casting_calls?${query}`, KEY_CASTING_PRO)).body);
    }
    const current = (await pro.listCastingCalls({ current: true })).items.length;
    expect(current).toBeLessThan((await pro.listCastingCalls()).items.length);
    const walked = [];
    for await (const page of pro.walkCastingCalls({ per_page: 4 })) walked.push(...page.items);
    expect(walked).toEqual((await pro.listCastingCalls({ per_page: 1000 })).items);
  });

  it('fetches a casting call with its roles', async () => {
    const call = await client.getCastingCall(1);
    expect(call).toEqual((await raw('/api/v1/casting_calls/1')).body);
    expect(call.roles.length).toBeGreaterThan(0);
  });

  it('lists attribute catalogues and reads one in a locale', async () => {
    const names = await client.listAttributes();
    expect(names).toContain('languages');
    expect(await client.getAttribute('languages')).toMatchObject({ deutsch: 'German' });
    expect(await client.getAttribute('languages', 'de')).toMatchObject({ deutsch: 'Deutsch', englisch: 'Englisch' });
  });
});

describe('typed outcomes, never retried', () => {
  it('401 unauthorized, 404 not_found, 410 gone (merged, deleted), 400 invalid_request: one request each', async () => {
    const recorder = recordingFetch();
    const counted = createDirectoryClient({ baseUrl: directory.baseUrl, key: bindKey(KEY_AGENCY, directory.baseUrl), budget: new RateBudget(), fetch: recorder.fetch, retries: 3 });
    const wrongKey = createDirectoryClient({ baseUrl: directory.baseUrl, key: bindKey('k-wrong', directory.baseUrl), budget: new RateBudget(), fetch: recorder.fetch, retries: 3 });

    const unauthorized = await failure(wrongKey.listActors());
    expect(unauthorized).toMatchObject({ code: 'unauthorized', status: 401, attempts: 1, endpoint: 'GET /api/v1/actor_profiles' });
    expect(unauthorized.message).not.toContain('k-wrong');

    expect(await failure(counted.getActor(99_999))).toMatchObject({ code: 'not_found', status: 404, attempts: 1 });
    expect(await failure(counted.getActor(8))).toMatchObject({ code: 'not_found', status: 404 }); // outside the key's rights
    expect(await failure(counted.getActor(6))).toMatchObject({ code: 'gone', status: 410, gone: { status: 'merged', newId: 1 }, attempts: 1 });
    expect(await failure(counted.getActor(7))).toMatchObject({ code: 'gone', gone: { status: 'deleted' } });
    expect(await failure(counted.getCrew(5))).toMatchObject({ code: 'gone', gone: { status: 'merged', newId: 1 } });
    expect(await failure(counted.getCrew(6))).toMatchObject({ code: 'gone', gone: { status: 'deleted' } });

    const invalid = await failure(counted.listActors({ languages: ['de'] }));
    expect(invalid).toMatchObject({ code: 'invalid_request', status: 400, attempts: 1 });
    expect(invalid.serverMessage).toMatch(/languages/);
    expect(invalid.message).toContain(invalid.serverMessage);

    expect(recorder.urls).toHaveLength(8);
  });

  it('refuses per_page above 1000 and bad ids before sending anything', async () => {
    const recorder = recordingFetch();
    const counted = createDirectoryClient({ baseUrl: directory.baseUrl, key: bindKey(KEY_AGENCY, directory.baseUrl), budget: new RateBudget(), fetch: recorder.fetch });
    expect(await failure(counted.listActors({ per_page: 1001 }))).toMatchObject({ code: 'invalid_request', attempts: 0 });
    expect(await failure(counted.listCrew({ page: 0 }))).toMatchObject({ code: 'invalid_request' });
    expect(await failure(counted.getActor(1.5))).toMatchObject({ code: 'invalid_request' });
    expect(recorder.urls).toEqual([]);
    expect((await counted.listActors({ per_page: 1000 })).perPage).toBe(1000);
  });
});

describe('against tiny local servers', () => {
  it('refuses to build a client that would send a key to an origin other than its own', async () => {
    const server = await tinyServer((_request, response) => json(response, 200, []));
    for (const storedFor of ['https://directory.example.com', server.url.replace('127.0.0.1', 'localhost'), 'http://127.0.0.1:1']) {
      expect(() => tinyClient(server, { key: bindKey('stolen-key-xyz', storedFor) }), storedFor).toThrow(ForeignOriginError);
    }
    expect(server.requests).toEqual([]);
  });

  it('sends Authorization: Token token=<KEY> and keeps the key off the client object', async () => {
    const server = await tinyServer((_request, response) => json(response, 200, []));
    const tiny = tinyClient(server, { key: bindKey('secret-key-123', server.url) });
    await tiny.listCastingCalls();
    expect(server.requests[0]!.headers.authorization).toBe('Token token=secret-key-123');
    expect(JSON.stringify(tiny)).not.toContain('secret-key-123');
    expect(Object.values(tiny).some((value) => String(value).includes('secret-key-123'))).toBe(false);
  });

  it('times out a server that never answers, once: the sync waits an unreachable directory out, not the back end', async () => {
    const server = await tinyServer(() => undefined);
    const tiny = tinyClient(server, { timeoutMs: 200, retries: 3 });
    const started = performance.now();
    const error = await failure(tiny.getCastingCall(1));
    const elapsed = performance.now() - started;
    expect(error).toMatchObject({ code: 'timeout', attempts: 1 });
    expect(server.requests).toHaveLength(1);
    expect(elapsed).toBeGreaterThanOrEqual(200);
  });

  it('retries 503 with backoff, then succeeds', async () => {
    const server = await tinyServer((_request, response, index) =>
      index < 2 ? json(response, 503, { error: { code: 'internal_error', message: 'busy' } }) : json(response, 200, [{ id: 1, name: 'Call' }]),
    );
    const page = await tinyClient(server, { retries: 3 }).listCastingCalls();
    expect(page.items).toEqual([{ id: 1, name: 'Call' }]);
    expect(server.requests).toHaveLength(3);
  });

  it('gives up on 5xx after the configured retries', async () => {
    const server = await tinyServer((_request, response) => json(response, 500, { error: { code: 'internal_error', message: 'broken' } }));
    const error = await failure(tinyClient(server, { retries: 2 }).getCastingCall(3));
    expect(error).toMatchObject({ code: 'server_error', status: 500, attempts: 3, serverMessage: 'broken' });
    expect(server.requests).toHaveLength(3);
  });

  it('retries 408 and 429 (waiting Retry-After), never 400, 401, 404 or 410', async () => {
    const answers: [number, unknown, Record<string, string>?][] = [
      [408, {}],
      [429, { error: { code: 'rate_limited', message: 'slow down' } }, { 'Retry-After': '1' }],
      [200, []],
    ];
    const retrying = await tinyServer((_request, response, index) => json(response, answers[index]![0], answers[index]![1], answers[index]![2]));
    const started = performance.now();
    await tinyClient(retrying, { retries: 3 }).listActors();
    expect(retrying.requests).toHaveLength(3);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);

    for (const [status, body, code] of [
      [400, { error: { code: 'invalid_parameter', message: 'bad' } }, 'invalid_request'],
      [401, { error: { code: 'unauthorized', message: 'no' } }, 'unauthorized'],
      [404, { error: { code: 'not_found', message: 'none' } }, 'not_found'],
      [410, { id: 4, status: 'merged', new_id: 9 }, 'gone'],
    ] as const) {
      const server = await tinyServer((_request, response) => json(response, status, body));
      expect(await failure(tinyClient(server, { retries: 3 }).getActor(4))).toMatchObject({ code, status, attempts: 1 });
      expect(server.requests, `${status} is not retried`).toHaveLength(1);
    }
  });

  it('fails at once as rate_limited when Retry-After is longer than it will wait', async () => {
    const server = await tinyServer((_request, response) => json(response, 429, {}, { 'Retry-After': '3600' }));
    const error = await failure(tinyClient(server, { maxRetryAfterMs: 60_000 }).listCrew());
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterMs: 3_600_000, attempts: 1 });
  });

  it('reports network errors at once, without retrying', async () => {
    const server = await tinyServer(() => undefined);
    const url = server.url;
    await server.close();
    const error = await failure(tinyClient({ ...server, url }, { retries: 2 }).listActors());
    expect(error).toMatchObject({ code: 'network', attempts: 1 });
  });

  it('cancels mid-request and mid-wait', async () => {
    const server = await tinyServer(() => undefined);
    const tiny = tinyClient(server, { timeoutMs: 10_000, budget: new RateBudget({ maxInFlight: 1 }) });
    const inFlight = new AbortController();
    const waiting = new AbortController();
    const first = failure(tiny.listActors({}, { signal: inFlight.signal }));
    const second = failure(tiny.listActors({}, { signal: waiting.signal }));
    await vi.waitFor(() => expect(server.requests).toHaveLength(1), { timeout: 30_000 });
    waiting.abort();
    expect(await second).toMatchObject({ code: 'aborted', endpoint: 'GET /api/v1/actor_profiles' });
    inFlight.abort();
    expect(await first).toMatchObject({ code: 'aborted', attempts: 1 });
    expect(server.requests).toHaveLength(1);
  });

  it('reports a field of the wrong type with its JSON path and endpoint', async () => {
    const detail = JSON.parse(readFileSync(`${referenceFolder}/casting-call-detail.json`, 'utf8'));
    detail.roles[0].acting_age_from = 'fifteen';
    const server = await tinyServer((_request, response) => json(response, 200, detail));
    const error = await failure(tinyClient(server).getCastingCall(549));
    expect(error).toMatchObject({ code: 'bad_response', endpoint: 'GET /api/v1/casting_calls/549', path: ['roles', 0, 'acting_age_from'] });
    expect(error.message).toContain('$.roles[0].acting_age_from');

    // A list page is read item by item: a bad item is left out and named, the others pass.
    const list = await tinyServer((_request, response) => json(response, 200, [{ id: 1 }, { id: '2' }, { id: 3, gender: 7 }, { id: 4 }]));
    const page = await tinyClient(list).listActors();
    expect(page.items).toEqual([{ id: 1 }, { id: 4 }]);
    expect(page.rejected).toEqual([
      { id: null, index: 1, path: '$[1].id', reason: expect.stringContaining('$.id: ') as string },
      { id: 3, index: 2, path: '$[2].gender', reason: expect.stringContaining('$.gender: ') as string },
    ]);
    const notAList = await tinyServer((_request, response) => json(response, 200, { items: [{ id: 1 }] }));
    expect(await failure(tinyClient(notAList).listActors())).toMatchObject({ code: 'bad_response', path: [] });

    const notJson = await tinyServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end('<html>maintenance</html>');
    });
    expect(await failure(tinyClient(notJson).listActors())).toMatchObject({ code: 'bad_response', path: [] });
  });

  it('keeps unknown and deprecated fields', async () => {
    const server = await tinyServer((_request, response) =>
      json(response, 200, { id: 3, first_name: 'A', last_name: 'B', talent_agency_connections: [], updated_at: '2026-01-01T00:00:00.000+00:00', castupload_url: 'https://old.example/3', brand_new_field: { x: 1 }, figure: 'slim' }),
    );
    expect(await tinyClient(server).getActor(3)).toMatchObject({ castupload_url: 'https://old.example/3', brand_new_field: { x: 1 }, figure: 'slim' });
  });

  it('follows unquoted rel=next and refuses a next link to another host', async () => {
    let base = '';
    const server = await tinyServer((request, response) => {
      const page = Number(new URL(request.url!, base).searchParams.get('page') ?? 1);
      const headers: Record<string, string> = { Total: '3', 'Per-Page': '1' };
      if (page < 3) headers.Link = `<${base}/api/v1/crew_profiles?page=${page + 1}&per_page=1>; rel=next`;
      json(response, 200, [{ id: page }], headers);
    });
    base = server.url;
    const ids = [];
    for await (const page of tinyClient(server).walkCrew({ per_page: 1 })) ids.push(page.items[0]!.id);
    expect(ids).toEqual([1, 2, 3]);

    const leaking = await tinyServer((_request, response) => json(response, 200, [{ id: 1 }], { Link: '<https://elsewhere.example/api/v1/crew_profiles?page=2>; rel="next"' }));
    const walk = tinyClient(leaking).walkCrew();
    await walk.next();
    expect(await failure(walk.next())).toMatchObject({ code: 'bad_response' });
    expect(leaking.requests).toHaveLength(1);
  });

  it('maps and validates every reference payload of the provider', async () => {
    const routes: Record<string, string> = {
      '/api/v1/actor_profiles': 'actor-profile-list.json',
      '/api/v1/crew_profiles': 'crew-profile-list.json',
      '/api/v1/crew_profiles/162': 'crew-profile-detail.json',
      '/api/v1/casting_calls': 'casting-call-list.json',
      '/api/v1/casting_calls/549': 'casting-call-detail.json',
    };
    expect(Object.values(routes).sort()).toEqual(readdirSync(referenceFolder).filter((name) => name.endsWith('.json')).sort());
    const server = await tinyServer((request, response) => {
      const file = routes[new URL(request.url!, 'http://x').pathname];
      json(response, file ? 200 : 404, file ? JSON.parse(readFileSync(`${referenceFolder}/${file}`, 'utf8')) : {});
    });
    const tiny = tinyClient(server);
    expect((await tiny.listActors()).items).toHaveLength(2);
    expect((await tiny.listCrew()).items).toHaveLength(2);
    expect((await tiny.listCastingCalls()).items).toHaveLength(4);
    const crew = await tiny.getCrew(162);
    expect(crew).toMatchObject({
      filmdb_link: 'https://www.imdb.com/name/nm1234',
      filmdb_id: 'nm1234',
      social_page: 'my-facebook-page',
      photo_social_username: 'my-instagram-name',
      encyclopedia_url: 'https://de.wikipedia.org/wiki/my-wikipedia-page',
      languages: { deu: 'muttersprachlich', eng: 'fliessend' },
    });
    expect(crew).not.toHaveProperty('imdb_link');
    const call = await tiny.getCastingCall(549);
    expect(call.service_url).toBe('https://www.filmmakers.eu/casting_calls/549');
    expect(call).not.toHaveProperty('filmmakers_url');
    expect(call.roles[0]!.languages).toEqual({ eng: 'gut' });
  });
});
