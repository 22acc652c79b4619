/**
 * Reads what an answer says about the rate limit: `Ratelimit-Limit`, `Ratelimit-Remaining`,
 * `Ratelimit-Reset` and `Retry-After`. Pure functions of the headers and the local clock, so the
 * budget's arithmetic can be tested without a server.
 */

/** The part of `Headers` we read; a plain test double works too. */
export interface HeaderReader {
  get(name: string): string | null;
}

export interface RateReport {
  limit?: number;
  remaining?: number;
  /** Local clock (ms) at which the server's current window ends. */
  resetAtMs?: number;
  /** How long the server asked us to wait before the next request. */
  retryAfterMs?: number;
}

/** Below this, `Ratelimit-Reset` is read as seconds from now (IETF draft) rather than Unix seconds. */
const unixSecondsThreshold = 1_000_000_000;
/** Only a larger disagreement with the server's `Date` is treated as clock skew (Date has 1 s resolution). */
const skewToleranceMs = 2_000;

function nonNegativeNumber(text: string | null): number | undefined {
  if (text === null || text.trim() === '') return undefined;
  const value = Number(text.trim());
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** The server's clock minus ours, when its `Date` header disagrees by more than the tolerance. */
function clockSkewMs(headers: HeaderReader, nowMs: number): number {
  const date = headers.get('date');
  const serverMs = date ? Date.parse(date) : Number.NaN;
  if (Number.isNaN(serverMs)) return 0;
  const skew = serverMs - nowMs;
  return Math.abs(skew) > skewToleranceMs ? skew : 0;
}

/** `Retry-After` as a delay: delta seconds, or an HTTP date read against the server's `Date`. */
export function parseRetryAfterMs(headers: HeaderReader, nowMs: number): number | undefined {
  const text = headers.get('retry-after');
  if (text === null) return undefined;
  const seconds = nonNegativeNumber(text);
  if (seconds !== undefined) return Math.ceil(seconds * 1000);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - (nowMs + clockSkewMs(headers, nowMs)));
}

export function readRateReport(headers: HeaderReader, nowMs: number): RateReport {
  const report: RateReport = {};
  const limit = nonNegativeNumber(headers.get('ratelimit-limit'));
  const remaining = nonNegativeNumber(headers.get('ratelimit-remaining'));
  const reset = nonNegativeNumber(headers.get('ratelimit-reset'));
  if (limit !== undefined && limit >= 1) report.limit = Math.floor(limit);
  if (remaining !== undefined) report.remaining = Math.floor(remaining);
  if (reset !== undefined) {
    report.resetAtMs = reset < unixSecondsThreshold ? nowMs + reset * 1000 : reset * 1000 - clockSkewMs(headers, nowMs);
  }
  const retryAfterMs = parseRetryAfterMs(headers, nowMs);
  if (retryAfterMs !== undefined) report.retryAfterMs = retryAfterMs;
  return report;
}
