/** The rate limit on its own small service: 5 requests per 10 s, then 429 with the headers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letTimePass } from '../support/letTimePass.ts';
import { expectError } from './support/http.ts';
import { START_TIMEOUT, startFixtureService, type FixtureService } from './support/service.ts';

let service: FixtureService;
const LIMIT = 5;
const WINDOW = 10;

beforeAll(async () => {
  service = await startFixtureService('directory.json', { rateLimit: { limit: LIMIT, windowSeconds: WINDOW } });
}, START_TIMEOUT);
afterAll(async () => {
  await service?.directory.close();
});

describe('rate limit', () => {
  it('counts down, then answers 429 with Ratelimit headers and a sensible Retry-After', async () => {
    const started = Date.now() / 1000;
    const remaining: number[] = [];
    for (let i = 0; i < LIMIT; i++) {
      // Odd spellings of the path count against the same budget (issue 10, finding 2).
      const answer = await service.api.get(['/api/v1/actor_profiles', '/%61pi/v1/actor_profiles', '/api/v1/actor_profiles/'][i % 3]);
      expect(answer.status, `request ${i + 1}`).toBe(200);
      expect(answer.headers.get('ratelimit-limit')).toBe(String(LIMIT));
      remaining.push(Number(answer.headers.get('ratelimit-remaining')));
      const reset = Number(answer.headers.get('ratelimit-reset'));
      expect(reset).toBeGreaterThanOrEqual(Math.floor(started));
      expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + WINDOW + 1);
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);

    const limited = await service.api.get('/api/v1/actor_profiles');
    expectError(limited, 429, 'rate_limited');
    expect(limited.headers.get('ratelimit-limit')).toBe(String(LIMIT));
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('access-control-allow-origin')).toBe('*'); // a browser must be able to read the 429
    const reset = Number(limited.headers.get('ratelimit-reset'));
    expect(Number.isInteger(reset)).toBe(true);
    expect(reset).toBeGreaterThan(1_000_000_000); // Unix seconds, not a delta
    expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + WINDOW + 1);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW + 1);
    expect(Math.abs(reset - (Math.floor(Date.now() / 1000) + retryAfter))).toBeLessThanOrEqual(2);

    // Every endpoint is limited for this client now, details and other keys included.
    expectError(await service.api.get('/api/v1/casting_calls/1', { key: 'k-casting-pro-conformance' }), 429, 'rate_limited');
  });

  it('lets requests through again after Retry-After', async () => {
    const limited = await service.api.get('/api/v1/actor_profiles');
    expect(limited.status).toBe(429);
    const wait = Number(limited.headers.get('retry-after'));
    await letTimePass(wait * 1000 + 300, 'a client honours Retry-After before it asks again');
    const answer = await service.api.get('/api/v1/actor_profiles');
    expect(answer.status).toBe(200);
    expect(Number(answer.headers.get('ratelimit-remaining'))).toBe(LIMIT - 1);
  }, (WINDOW + 10) * 1000);
});
