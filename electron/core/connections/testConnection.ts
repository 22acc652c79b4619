/**
 * "Test connection": can this computer reach the directory, does it accept the key, and what can
 * the key see? Three one-item list requests answer all of it (their `Total` headers are the counts).
 * Deliberately self-contained plain fetch: it must give a clear verdict even when the address is
 * not a directory at all, which is exactly where a full API client has nothing useful to say.
 */
import type { BridgeErrorCode } from '../../../contract/bridge-errors.ts';
import { validateApiKey } from '../keys/apiKey.ts';
import { assertKeyOrigin, type BoundKey } from '../keys/keyOrigin.ts';
import { normalizeBaseUrl } from './baseUrl.ts';
import { defaultAnswerLimits, readBoundedText } from '../directory/answerLimits.ts';

export interface TestConnectionInput {
  baseUrl: string;
  /** The stored key with its origin: the probes go out only when `baseUrl` is on that origin. */
  key: BoundKey;
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** For the whole test (all three requests); default 10 s. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface TestConnectionCounts {
  actors: number;
  crew: number;
  castingCalls: number;
}

export interface TestConnectionResult {
  /** The address answered over HTTP (whatever it said). */
  reachable: boolean;
  /** The directory answered the actor list with the key: the key is valid. */
  keyAccepted: boolean;
  /** What the key can see; present only when all three lists answered. */
  counts?: TestConnectionCounts;
  error?: { code: BridgeErrorCode; message: string };
}

type Outcome = { ok: true; total: number } | { ok: false; result: TestConnectionResult };

const probes = {
  actors: '/api/v1/actor_profiles?per_page=1&fields=name',
  crew: '/api/v1/crew_profiles?per_page=1&fields=name',
  castingCalls: '/api/v1/casting_calls?per_page=1',
} as const;

function failure(reachable: boolean, keyAccepted: boolean, code: BridgeErrorCode, message: string): Outcome {
  return { ok: false, result: { reachable, keyAccepted, error: { code, message } } };
}

function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Turns what fetch threw into the verdict "not reachable", with a reason a user can act on. */
function unreachable(error: unknown, host: string, timeoutMs: number, signal: AbortSignal | undefined): Outcome {
  const name = (error as { name?: unknown } | null)?.name;
  if (signal?.aborted) return failure(false, false, 'cancelled', 'The connection test was cancelled.');
  if (name === 'TimeoutError' || name === 'AbortError') {
    return failure(false, false, 'timeout', `${host} did not answer within ${timeoutMs / 1000} s. Check the address and your network.`);
  }
  const code = errorCode(error) ?? '';
  const message = (() => {
    if (code === 'ECONNREFUSED') return `Nothing answers at ${host} (connection refused). Is the directory running, and is the address right?`;
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') {
      return `The host name in ${host} could not be found (DNS). Check the address and your network.`;
    }
    if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'ENETDOWN') {
      return `${host} cannot be reached from this computer (no network route).`;
    }
    if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return `Connecting to ${host} timed out. Check the address and your network.`;
    if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET') {
      return `${host} closed the connection unexpectedly. Is this a web address of a directory?`;
    }
    if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|ERR_SSL/.test(code)) {
      return `The secure connection to ${host} failed: its certificate is not trusted (${code}).`;
    }
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return `Could not connect to ${host} (${code || (cause instanceof Error ? cause.message : String(cause))}).`;
  })();
  const timedOut = code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT';
  return failure(false, false, timedOut ? 'timeout' : 'network', message);
}

/** Judges one HTTP answer; only a 2xx JSON list with a Total header counts as success. */
async function judge(response: Response, url: string, firstProbe: boolean): Promise<Outcome> {
  const { status } = response;
  // For the first request a refused key means "not accepted"; later ones were already accepted once.
  const accepted = !firstProbe;
  if (status === 401 || status === 403) {
    await response.body?.cancel();
    return failure(true, false, 'unauthorized', `The directory refused the API key (HTTP ${status}). Check the key, or ask your provider for a new one.`);
  }
  if (status >= 300 && status < 400) {
    await response.body?.cancel();
    const location = response.headers.get('location');
    return failure(true, accepted, 'bad_response', `The address redirects${location ? ` to ${location}` : ''} (HTTP ${status}); enter the directory's final address instead.`);
  }
  if (status === 404) {
    await response.body?.cancel();
    return failure(true, accepted, 'bad_response', `No Casting and Talent Directory API answers at ${url} (HTTP 404). Check the base URL.`);
  }
  if (status === 429) {
    await response.body?.cancel();
    const retryAfter = response.headers.get('retry-after');
    return failure(true, accepted, 'rate_limited', `The directory is limiting requests (HTTP 429)${retryAfter ? `; try again in ${retryAfter} s` : '; try again later'}.`);
  }
  if (status >= 500) {
    await response.body?.cancel();
    return failure(true, accepted, 'server_error', `The directory failed to answer (HTTP ${status}). Try again later, or tell your provider.`);
  }
  if (status < 200 || status >= 300) {
    await response.body?.cancel();
    return failure(true, accepted, 'bad_response', `The directory answered HTTP ${status} to ${url}, which a directory should not.`);
  }
  const read = await readBoundedText(response, defaultAnswerLimits.otherBytes);
  if ('tooLarge' in read) return failure(true, accepted, 'answer_too_large', `${url} answered a one-item page far too large (${read.tooLarge}); it was not read.`);
  let list: unknown;
  try {
    list = JSON.parse(read.text);
  } catch {
    list = undefined;
  }
  const total = response.headers.get('total');
  if (!Array.isArray(list) || total === null || !/^\d+$/.test(total.trim())) {
    const what = !Array.isArray(list) ? 'a JSON list' : 'a Total header';
    return failure(true, accepted, 'bad_response', `${url} answered, but not like a Casting and Talent Directory API (expected ${what}). Check the base URL.`);
  }
  return { ok: true, total: Number(total.trim()) };
}

/**
 * Runs the three probe requests and reports reachable / key accepted / counts, or the first thing
 * that went wrong. Never throws for network or HTTP trouble; never puts the key in a message.
 */
export async function testConnection(input: TestConnectionInput): Promise<TestConnectionResult> {
  let baseUrl: string;
  let key: string;
  try {
    baseUrl = normalizeBaseUrl(input.baseUrl);
    key = validateApiKey(input.key.key);
  } catch (error) {
    return { reachable: false, keyAccepted: false, error: { code: 'invalid_input', message: (error as Error).message } };
  }
  try {
    assertKeyOrigin(input.key, baseUrl);
  } catch (error) {
    return { reachable: false, keyAccepted: false, error: { code: 'key_foreign_origin', message: (error as Error).message } };
  }
  const doFetch = input.fetch ?? fetch;
  const timeoutMs = input.timeoutMs ?? 10_000;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = input.signal ? AbortSignal.any([input.signal, deadline]) : deadline;
  const host = new URL(baseUrl).host;

  const probe = async (path: string, firstProbe: boolean): Promise<Outcome> => {
    const url = `${baseUrl}${path}`;
    try {
      const response = await doFetch(url, {
        headers: { Authorization: `Token token=${key}`, Accept: 'application/json' },
        redirect: 'manual',
        signal,
      });
      return await judge(response, url.split('?')[0] ?? url, firstProbe);
    } catch (error) {
      const outcome = unreachable(error, host, timeoutMs, input.signal);
      // Once the first answer came, a later failure does not make the address unreachable.
      if (!firstProbe && !outcome.ok) return { ok: false, result: { ...outcome.result, reachable: true, keyAccepted: true } };
      return outcome;
    }
  };

  const actors = await probe(probes.actors, true);
  if (!actors.ok) return actors.result;
  const [crew, castingCalls] = await Promise.all([probe(probes.crew, false), probe(probes.castingCalls, false)]);
  if (!crew.ok) return crew.result;
  if (!castingCalls.ok) return castingCalls.result;
  return { reachable: true, keyAccepted: true, counts: { actors: actors.total, crew: crew.total, castingCalls: castingCalls.total } };
}
