import { describe, expect, it } from 'vitest';
import { keyFromAuthorization } from '../../../server/src/http/accessKeys.ts';
import { parseRateLimit, RateLimiter } from '../../../server/src/http/rateLimit.ts';
import { SqlFilter } from '../../../server/src/http/sqlFilter.ts';
import { foldForSearch } from '../../../server/src/text/searchText.ts';
import { formatDatetime } from '../../../server/src/text/datetime.ts';

describe('keyFromAuthorization', () => {
  it.each([
    ['Token token=abc123', 'abc123'],
    ['Token token="abc123"', 'abc123'],
    ['token   token=abc123  ', 'abc123'],
    ['Bearer abc123', 'abc123'],
    ['bearer abc123', 'abc123'],
  ])('reads %j', (header, key) => expect(keyFromAuthorization(header)).toBe(key));

  it.each([undefined, '', 'abc123', 'Basic YWJjOmRlZg==', 'Token abc123', 'Bearer', 'Bearer a b'])('refuses %j', (header) =>
    expect(keyFromAuthorization(header)).toBeUndefined(),
  );
});

describe('RateLimiter', () => {
  it('counts per client in fixed windows and says when to retry', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter({ limit: 2, windowSeconds: 10 }, () => now);
    expect(limiter.take('a').headers).toMatchObject({ 'Ratelimit-Limit': '2', 'Ratelimit-Remaining': '1', 'Ratelimit-Reset': '1010' });
    expect(limiter.take('a').allowed).toBe(true);
    now += 4000;
    const refused = limiter.take('a');
    expect(refused.allowed).toBe(false);
    expect(refused.headers['Retry-After']).toBe('6');
    expect(refused.headers['Ratelimit-Remaining']).toBe('0');
    expect(limiter.take('b').allowed).toBe(true);
    now += 6000;
    expect(limiter.take('a').allowed).toBe(true);
  });

  it('parses the CLI form and refuses nonsense', () => {
    expect(parseRateLimit('300/300s')).toEqual({ limit: 300, windowSeconds: 300 });
    expect(parseRateLimit('off')).toBe(false);
    for (const bad of ['300', '0/10s', '10/0s', '10/10', 'fast']) expect(() => parseRateLimit(bad)).toThrow(/--rate-limit/);
  });
});

describe('foldForSearch', () => {
  it.each([
    ['Müller', 'mueller'],
    ['Jörg Weiß', 'joerg weiss'],
    ['Zoë Łukasz Çelik', 'zoe lukasz celik'],
    ['  Anne-Marie  ', 'anne marie'],
    ['Émilie', 'emilie'],
  ])('%j → %j', (name, folded) => expect(foldForSearch(name)).toBe(folded));
});

describe('SqlFilter', () => {
  it('numbers placeholders across conditions in order', () => {
    const filter = new SqlFilter().and('a = ?', 1).and('b = ? OR c = ?', 2, 3);
    expect(filter.where).toBe('WHERE (a = $1) AND (b = $2 OR c = $3)');
    expect(filter.param(10)).toBe('$4');
    expect(filter.params).toEqual([1, 2, 3, 10]);
  });
});

describe('formatDatetime', () => {
  it('serves milliseconds and a +00:00 offset', () => {
    expect(formatDatetime('2025-02-18T13:05:24+01:00')).toBe('2025-02-18T12:05:24.000+00:00');
  });
});
