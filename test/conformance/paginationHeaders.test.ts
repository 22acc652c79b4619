/**
 * Pagination and headers: Link (next, prev, first, last, other parameters kept), Total, Per-Page,
 * page past the end, defaults, Ratelimit headers, JSON content type.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, ids, parseLinkHeader, type Answer } from './support/http.ts';
import { START_TIMEOUT, startFixtureService, type FixtureService } from './support/service.ts';

let service: FixtureService;
const ACTORS = '/api/v1/actor_profiles';

beforeAll(async () => {
  // The default rate limit (300 per 300 s) stays on here: its headers are part of every answer.
  service = await startFixtureService('directory.json', { rateLimit: { limit: 1000, windowSeconds: 600 } });
}, START_TIMEOUT);
afterAll(async () => {
  await service?.directory.close();
});

function linksOf(headers: Headers) {
  return parseLinkHeader(headers.get('link'), service.directory.baseUrl);
}

describe('Total and Per-Page', () => {
  it('default per_page is 250', async () => {
    const answer = await service.api.get(ACTORS);
    expect(answer.headers.get('total')).toBe('7');
    expect(answer.headers.get('per-page')).toBe('250');
  });
  it('reflect per_page and the filters', async () => {
    const answer = await service.api.get(`${ACTORS}?per_page=2&gender=male`);
    expect(answer.headers.get('total')).toBe('3');
    expect(answer.headers.get('per-page')).toBe('2');
    expect(ids(answer.body)).toEqual([1, 2]);
  });
  it('count what q and the filters keep', async () => {
    const answer = await service.api.get(`${ACTORS}?q=jon&per_page=1`);
    expect(answer.headers.get('total')).toBe('3');
    expect(parseLinkHeader(answer.headers.get('link'), service.directory.baseUrl).last.searchParams.get('page')).toBe('3');
    expect((await service.api.get(`${ACTORS}?q=jon&acting_age[gte]=36`)).headers.get('total')).toBe('1');
  });
  it('on every list endpoint', async () => {
    for (const [path, total] of [['/api/v1/crew_profiles', '4'], ['/api/v1/casting_calls', '4']]) {
      const answer = await service.api.get(`${path}?per_page=3`);
      expect(answer.headers.get('total'), path).toBe(total);
      expect(answer.headers.get('per-page'), path).toBe('3');
    }
  });
});

describe('pages', () => {
  it('walks every page without gaps or repeats', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 4; page++) seen.push(...ids(expectOk(await service.api.get(`${ACTORS}?per_page=2&page=${page}`))));
    expect(seen).toEqual([1, 2, 3, 4, 5, 9, 11]);
  });
  it('a page past the end is an empty array', async () => {
    const answer = await service.api.get(`${ACTORS}?per_page=2&page=5`);
    expect(expectOk(answer)).toEqual([]);
    expect(answer.headers.get('total')).toBe('7');
    expect(expectOk(await service.api.get(`${ACTORS}?page=99999`))).toEqual([]);
  });
  it('page defaults to 1', async () => {
    expect(ids(expectOk(await service.api.get(`${ACTORS}?per_page=2`)))).toEqual([1, 2]);
  });
});

describe('Link header', () => {
  it('a middle page has first, prev, next and last', async () => {
    const links = linksOf((await service.api.get(`${ACTORS}?per_page=2&page=2`)).headers);
    expect(Object.keys(links).sort()).toEqual(['first', 'last', 'next', 'prev']);
    expect(links.next.searchParams.get('page')).toBe('3');
    expect(links.prev.searchParams.get('page')).toBe('1');
    expect(links.first.searchParams.get('page')).toBe('1');
    expect(links.last.searchParams.get('page')).toBe('4');
    for (const url of Object.values(links)) expect(url.pathname).toBe(ACTORS);
  });
  it('the first page has no prev; the last page has no next', async () => {
    const first = linksOf((await service.api.get(`${ACTORS}?per_page=2`)).headers);
    expect(first.prev).toBeUndefined();
    expect(first.next.searchParams.get('page')).toBe('2');
    expect(first.last.searchParams.get('page')).toBe('4');
    const last = linksOf((await service.api.get(`${ACTORS}?per_page=2&page=4`)).headers);
    expect(last.next).toBeUndefined();
    expect(last.prev.searchParams.get('page')).toBe('3');
    expect(last.first.searchParams.get('page')).toBe('1');
  });
  it('a single page has no next and no prev', async () => {
    const links = linksOf((await service.api.get(ACTORS)).headers);
    expect(links.next).toBeUndefined();
    expect(links.prev).toBeUndefined();
  });
  it('keeps every other query parameter', async () => {
    const query = 'per_page=1&gender=male&fields=name,first_name&order=name&direction=desc&q=jon&include_picture=true';
    const links = linksOf((await service.api.get(`${ACTORS}?${query}&page=2`)).headers);
    for (const rel of ['next', 'prev', 'first', 'last']) {
      const params = links[rel].searchParams;
      expect(params.get('per_page'), rel).toBe('1');
      expect(params.get('gender'), rel).toBe('male');
      expect(params.get('fields'), rel).toBe('name,first_name');
      expect(params.get('order'), rel).toBe('name');
      expect(params.get('direction'), rel).toBe('desc');
      expect(params.get('q'), rel).toBe('jon');
      expect(params.get('include_picture'), rel).toBe('true');
      expect(params.getAll('page'), rel).toHaveLength(1);
    }
  });
  it('keeps bracketed and repeated parameters', async () => {
    const links = linksOf((await service.api.get('/api/v1/crew_profiles?per_page=1&professions[]=regie&professions[]=kamera&updated_at[gte]=0')).headers);
    expect(links.next.searchParams.getAll('professions[]')).toEqual(['regie', 'kamera']);
    expect(links.next.searchParams.get('updated_at[gte]')).toBe('0');
    const actors = linksOf((await service.api.get(`${ACTORS}?per_page=1&acting_age[gte]=20&languages=deu,eng`)).headers);
    expect(actors.next.searchParams.get('acting_age[gte]')).toBe('20');
    expect(actors.next.searchParams.get('languages')).toBe('deu,eng');
  });
  it('following next walks the whole list', async () => {
    let url: string | undefined = `${ACTORS}?per_page=3&direction=desc`;
    const seen: number[] = [];
    while (url) {
      const answer: Answer = await service.api.get(url);
      seen.push(...ids(expectOk(answer)));
      const next: URL | undefined = linksOf(answer.headers).next;
      url = next ? next.pathname + next.search : undefined;
      expect(seen.length).toBeLessThan(20);
    }
    expect(seen).toEqual([11, 9, 5, 4, 3, 2, 1]);
  });
  it('keeps current on casting calls', async () => {
    const links = linksOf((await service.api.get('/api/v1/casting_calls?per_page=1&current=true')).headers);
    expect(links.next.searchParams.get('current')).toBe('true');
  });
});

describe('Ratelimit headers on every /api answer', () => {
  it.each([
    ['a list', ACTORS, 200],
    ['a detail', `${ACTORS}/1`, 200],
    ['a 404', `${ACTORS}/424242`, 404],
    ['a 400', `${ACTORS}?per_page=0`, 400],
    ['a 410', `${ACTORS}/6`, 410],
    ['a 401', ACTORS, 401],
    ['an attributes answer', '/api/v1/attributes', 200],
  ])('%s', async (_label, path, status) => {
    const answer = await service.api.get(path, status === 401 ? { key: 'k-not-a-real-key' } : {});
    expect(answer.status).toBe(status);
    expect(answer.headers.get('ratelimit-limit')).toBe('1000');
    expect(Number(answer.headers.get('ratelimit-remaining'))).toBeGreaterThanOrEqual(0);
    expect(Number(answer.headers.get('ratelimit-remaining'))).toBeLessThan(1000);
    const reset = Number(answer.headers.get('ratelimit-reset'));
    const nowSeconds = Date.now() / 1000;
    expect(Number.isInteger(reset)).toBe(true);
    expect(reset).toBeGreaterThanOrEqual(Math.floor(nowSeconds) - 1);
    expect(reset).toBeLessThanOrEqual(Math.ceil(nowSeconds) + 601);
  });
  it('Remaining counts down', async () => {
    const first = Number((await service.api.get(ACTORS)).headers.get('ratelimit-remaining'));
    const second = Number((await service.api.get(ACTORS)).headers.get('ratelimit-remaining'));
    expect(second).toBe(first - 1);
  });
});

describe('content type', () => {
  it('lists, details and errors are JSON', async () => {
    for (const path of [ACTORS, `${ACTORS}/1`, `${ACTORS}/424242`, `${ACTORS}?per_page=0`]) {
      expect((await service.api.get(path)).headers.get('content-type'), path).toMatch(/^application\/json/);
    }
  });
});
