/**
 * The header readers the client and the budget rely on: Link (quoted and unquoted rel, several
 * relations, relative targets), Total and Per-Page; Ratelimit-* (Unix seconds or delta, clock
 * skew) and Retry-After (seconds or HTTP date).
 */
import { describe, expect, it } from 'vitest';
import { parseLinkHeader, readPagingHeaders } from '../../../electron/core/directory/pagingHeaders.ts';
import { parseRetryAfterMs, readRateReport } from '../../../electron/core/directory/rateHeaders.ts';

const base = 'https://directory.example/api/v1/actor_profiles?page=2';

describe('Link', () => {
  it('reads quoted and unquoted rel values', () => {
    expect(parseLinkHeader('<https://d.example/a?page=3>; rel=next, <https://d.example/a?page=1>; rel="prev"', base)).toEqual({
      next: 'https://d.example/a?page=3',
      prev: 'https://d.example/a?page=1',
    });
  });

  it('reads first, last, several relations in one rel, and commas inside the URL', () => {
    const header = '<https://d.example/a?fields=name,gender&page=1>; rel="first prev", <https://d.example/a?page=9>; REL="last"; title="end"';
    expect(parseLinkHeader(header, base)).toEqual({
      first: 'https://d.example/a?fields=name,gender&page=1',
      prev: 'https://d.example/a?fields=name,gender&page=1',
      last: 'https://d.example/a?page=9',
    });
  });

  it('resolves relative targets and ignores unknown relations and garbage', () => {
    expect(parseLinkHeader('</api/v1/actor_profiles?page=3>; rel=next, <x>; rel=self, nonsense', base)).toEqual({
      next: 'https://directory.example/api/v1/actor_profiles?page=3',
    });
    expect(parseLinkHeader(null, base)).toEqual({});
  });

  it('reads Total and Per-Page, null when absent or not a count', () => {
    expect(readPagingHeaders(new Headers({ Total: '42', 'Per-Page': '250' }), base)).toEqual({ links: {}, total: 42, perPage: 250 });
    expect(readPagingHeaders(new Headers({ Total: 'many' }), base)).toEqual({ links: {}, total: null, perPage: null });
  });
});

describe('rate headers', () => {
  const now = Date.UTC(2026, 5, 15, 12, 0, 0);

  it('reads limit, remaining and a reset in Unix seconds', () => {
    const headers = new Headers({ 'Ratelimit-Limit': '300', 'Ratelimit-Remaining': '12', 'Ratelimit-Reset': String(now / 1000 + 90), Date: new Date(now).toUTCString() });
    expect(readRateReport(headers, now)).toEqual({ limit: 300, remaining: 12, resetAtMs: now + 90_000 });
  });

  it('reads a small reset as seconds from now', () => {
    expect(readRateReport(new Headers({ 'Ratelimit-Reset': '30' }), now).resetAtMs).toBe(now + 30_000);
  });

  it('corrects a reset for a server clock that is minutes off', () => {
    const serverNow = now + 5 * 60_000;
    const headers = new Headers({ 'Ratelimit-Reset': String(serverNow / 1000 + 10), Date: new Date(serverNow).toUTCString() });
    expect(readRateReport(headers, now).resetAtMs).toBe(now + 10_000);
  });

  it('ignores values that are not numbers', () => {
    expect(readRateReport(new Headers({ 'Ratelimit-Limit': 'lots', 'Ratelimit-Remaining': '-1' }), now)).toEqual({});
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfterMs(new Headers({ 'Retry-After': '7' }), now)).toBe(7_000);
    expect(parseRetryAfterMs(new Headers({ 'Retry-After': new Date(now + 20_000).toUTCString() }), now)).toBe(20_000);
    expect(parseRetryAfterMs(new Headers({ 'Retry-After': 'soon' }), now)).toBeUndefined();
    expect(parseRetryAfterMs(new Headers(), now)).toBeUndefined();
  });
});
