/**
 * Where the generic, read-only suite points: a deployment named by CONFORMANCE_BASE_URL and
 * CONFORMANCE_KEY (set by `npm run conformance -- --base-url URL --key KEY`), or else a service of
 * our own on the hand-written fixture so the suite always runs inside `npm test`.
 * Requests that meet a 429 wait for Retry-After and are sent again, so a rate-limited deployment
 * still passes (slowly); and the suite paces itself to the provider's documented default limit
 * (300 requests per 5 minutes), so it never causes a 429 on a deployment shared with real users.
 */
import { makeClient, type Answer, type Client, type RequestOptions } from '../support/http.ts';
import { KEY_AGENCY_1, startFixtureService } from '../support/service.ts';
import { letTimePass } from '../../support/letTimePass.ts';

export interface Target {
  api: Client;
  key: string;
  /** True when we started the service ourselves. */
  own: boolean;
  /** Requests sent so far (retries included). */
  requestCount(): number;
  close(): Promise<void>;
}

export const GENERIC_TIMEOUT = 15 * 60_000;

/** The provider's documented default rate limit: the suite never sends more within a window. */
export const requestBudget = { limit: 300, windowMs: 5 * 60_000 };

/**
 * Counts every request and, once `limit` were sent within the last `windowMs`, waits until the
 * oldest leaves the window. The whole suite stays well below the limit, so against a quiet
 * deployment this never waits; it is the guarantee, not the plan.
 */
function paced(client: Client, budget = requestBudget): Client & { count(): number } {
  const sentAt: number[] = [];
  let count = 0;
  return {
    baseUrl: client.baseUrl,
    count: () => count,
    async get<T>(path: string, options?: RequestOptions): Promise<Answer<T>> {
      for (;;) {
        const now = Date.now();
        while (sentAt.length > 0 && sentAt[0]! <= now - budget.windowMs) sentAt.shift();
        if (sentAt.length < budget.limit) break;
        await letTimePass(sentAt[0]! + budget.windowMs - now + 50, "a deployment's request budget: the oldest request leaves the window");
      }
      sentAt.push(Date.now());
      count += 1;
      return client.get<T>(path, options);
    },
  };
}

function retryingOn429(client: Client): Client {
  return {
    baseUrl: client.baseUrl,
    async get<T>(path: string, options?: RequestOptions): Promise<Answer<T>> {
      for (let attempt = 0; ; attempt++) {
        const answer = await client.get<T>(path, options);
        if (answer.status !== 429 || attempt >= 3) return answer;
        const wait = Math.min(Number(answer.headers.get('retry-after')) || 5, 330);
        await letTimePass(wait * 1000 + 250, 'a client honours Retry-After before it asks again');
      }
    },
  };
}

export async function openTarget(): Promise<Target> {
  const baseUrl = process.env.CONFORMANCE_BASE_URL;
  if (baseUrl) {
    const key = process.env.CONFORMANCE_KEY;
    if (!key) throw new Error('CONFORMANCE_BASE_URL is set but CONFORMANCE_KEY is not: the suite needs an API key');
    const counted = paced(makeClient(baseUrl, key));
    const api = retryingOn429(counted);
    // Every key reads actor profiles; casting calls may be outside an agency key's rights.
    const probe = await api.get('/api/v1/actor_profiles?per_page=1');
    if (probe.status === 401 || probe.status === 403) throw new Error(`${baseUrl} refuses CONFORMANCE_KEY (${probe.status}): check the key`);
    return { api, key, own: false, requestCount: counted.count, close: async () => {} };
  }
  // Our own service keeps the default rate limit so its headers are checked too.
  const service = await startFixtureService('directory.json', { rateLimit: { limit: 300, windowSeconds: 300 } });
  const counted = paced(service.api);
  return {
    api: retryingOn429(counted),
    key: KEY_AGENCY_1,
    own: true,
    requestCount: counted.count,
    close: () => service.directory.close(),
  };
}
