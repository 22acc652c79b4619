/**
 * Requests per client IP in fixed windows (default 300 per 300 s, the provider's limit). Every
 * answer says where the client stands; a request over the limit gets 429 and Retry-After.
 */
export interface RateLimitConfig {
  limit: number;
  windowSeconds: number;
}

export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

/** `flag` names the option in the error message. */
export function parseRateLimit(text: string, flag = '--rate-limit'): RateLimitConfig | false {
  if (text === 'off') return false;
  const match = /^(\d+)\/(\d+)s$/.exec(text);
  const limit = Number(match?.[1]);
  const windowSeconds = Number(match?.[2]);
  if (!match || limit < 1 || windowSeconds < 1) {
    throw new Error(`${flag} takes REQUESTS/SECONDSs (for example 300/300s) or off, not ${JSON.stringify(text)}`);
  }
  return { limit, windowSeconds };
}

/**
 * The /media budget when none is configured: ten times the /api budget (a screenful of thumbnails
 * is dozens of requests), and off when /api is unlimited.
 */
export function mediaRateLimitFor(api: RateLimitConfig | false): RateLimitConfig | false {
  return api ? { limit: api.limit * 10, windowSeconds: api.windowSeconds } : false;
}

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly config: RateLimitConfig,
    private readonly nowMs: () => number = Date.now,
  ) {}

  take(client: string): RateDecision {
    const now = this.nowMs();
    const windowMs = this.config.windowSeconds * 1000;
    let window = this.windows.get(client);
    if (!window || now >= window.start + windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(client, window);
      this.forgetExpired(now, windowMs);
    }
    window.count += 1;
    const resetMs = window.start + windowMs;
    const allowed = window.count <= this.config.limit;
    const headers: Record<string, string> = {
      'Ratelimit-Limit': String(this.config.limit),
      'Ratelimit-Remaining': String(Math.max(0, this.config.limit - window.count)),
      'Ratelimit-Reset': String(Math.ceil(resetMs / 1000)),
    };
    if (!allowed) headers['Retry-After'] = String(Math.max(1, Math.ceil((resetMs - now) / 1000)));
    return { allowed, headers };
  }

  /** Keeps memory bounded when many clients come and go. */
  private forgetExpired(now: number, windowMs: number): void {
    if (this.windows.size < 10_000) return;
    for (const [client, window] of this.windows) if (now >= window.start + windowMs) this.windows.delete(client);
  }
}
