/**
 * Where the generic, read-only suite points: a deployment named by CONFORMANCE_BASE_URL and
 * CONFORMANCE_KEY (set by `npm run conformance -- --base-url URL --key KEY`), or else a service of
 * our own on the hand-written fixture so the suite always runs inside `npm test`.
 * Requests that meet a 429 wait for Retry-After and are sent again, so a rate-limited deployment
 * still passes (slowly).
 */
import { makeClient, type Answer, type Client, type RequestOptions } from '../support/http.ts';
import { KEY_AGENCY_1, startFixtureService } from '../support/service.ts';

export interface Target {
  api: Client;
  key: string;
  /** True when we started the service ourselves. */
  own: boolean;
  close(): Promise<void>;
}

export const GENERIC_TIMEOUT = 15 * 60_000;

function retryingOn429(client: Client): Client {
  return {
    baseUrl: client.baseUrl,
    async get<T>(path: string, options?: RequestOptions): Promise<Answer<T>> {
      for (let attempt = 0; ; attempt++) {
        const answer = await client.get<T>(path, options);
        if (answer.status !== 429 || attempt >= 3) return answer;
        const wait = Math.min(Number(answer.headers.get('retry-after')) || 5, 330);
        await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 250));
      }
    },
  };
}

export async function openTarget(): Promise<Target> {
  const baseUrl = process.env.CONFORMANCE_BASE_URL;
  if (baseUrl) {
    const key = process.env.CONFORMANCE_KEY;
    if (!key) throw new Error('CONFORMANCE_BASE_URL is set but CONFORMANCE_KEY is not: the suite needs an API key');
    const api = retryingOn429(makeClient(baseUrl, key));
    const probe = await api.get('/api/v1/casting_calls?per_page=1');
    if (probe.status === 401) throw new Error(`${baseUrl} refuses CONFORMANCE_KEY (401): check the key`);
    return { api, key, own: false, close: async () => {} };
  }
  // Our own service keeps the default rate limit so its headers are checked too.
  const service = await startFixtureService('directory.json', { rateLimit: { limit: 300, windowSeconds: 300 } });
  return {
    api: retryingOn429(service.api),
    key: KEY_AGENCY_1,
    own: true,
    close: () => service.directory.close(),
  };
}
