/**
 * One GET to the directory, the way every call makes it: a permit from the connection's rate
 * budget, the key in the Authorization header, a timeout per attempt, the caller's AbortSignal,
 * and retries with full-jitter backoff for the answers that ask for another try: 408, 429 (after
 * Retry-After) and 5xx. 400, 401, 403, 404 and 410 are answers, never retried. Every failure is a
 * DirectoryError, except a URL outside the key's origin, refused with ForeignOriginError before
 * anything is sent.
 *
 * Retries happen in one layer. This is the layer for the directory's "try again"; a directory that
 * cannot be reached (network error, no answer in time) is reported at once, because the sync
 * engine waits a lost network out itself (state offline, backoff, one request per try) and a
 * profile the user opens falls back to its saved copy: retrying here too multiplied every try of
 * the sync by four and kept the user waiting four timeouts (2 minutes) for an answer.
 */
import { directoryErrorBodySchema } from '../../../contract/directory-errors.ts';
import { assertKeyOrigin, type BoundKey } from '../keys/keyOrigin.ts';
import { goneSchema } from '../../../contract/directory-api.ts';
import { fullJitterDelayMs, sleep, type BackoffOptions } from '../../../contract/backoff.ts';
import { DirectoryError, formatJsonPath, type DirectoryErrorCode, type DirectoryErrorDetails } from './directoryError.ts';
import { parseRetryAfterMs } from './rateHeaders.ts';
import { readBoundedText } from './answerLimits.ts';
import type { RateBudget, RequestPriority } from './rateBudget.ts';

export interface CallOptions {
  /** Default `interactive`: what the user is looking at. */
  priority?: RequestPriority;
  signal?: AbortSignal;
}

export interface RawAnswer {
  body: unknown;
  headers: Headers;
}

export interface RequesterConfig {
  /** Sent only to URLs on its origin, whatever the caller asks for. */
  key: BoundKey;
  fetch: typeof fetch;
  budget: RateBudget;
  timeoutMs: number;
  retries: number;
  backoff?: BackoffOptions;
  /** A Retry-After longer than this is not waited for: the call fails as rate_limited at once. */
  maxRetryAfterMs: number;
}

/** One attempt's failure; `retry` says whether another attempt may help. */
interface Failure {
  code: DirectoryErrorCode;
  message: string;
  details: Omit<DirectoryErrorDetails, 'endpoint' | 'attempts'>;
  retry: boolean;
}

type AttemptResult = { ok: true; answer: RawAnswer } | { ok: false; failure: Failure };

const fail = (code: DirectoryErrorCode, message: string, details: Failure['details'] = {}, retry = false): AttemptResult =>
  ({ ok: false, failure: { code, message, details, retry } });

function serverMessageOf(text: string): string | undefined {
  try {
    const parsed = directoryErrorBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.error.message : undefined;
  } catch {
    return undefined;
  }
}

/** Turns a finished HTTP answer into a body or a failure. */
function classify(response: Response, text: string, endpoint: string, nowMs: number): AttemptResult {
  const { status, headers } = response;
  if (status >= 200 && status < 300) {
    try {
      return { ok: true, answer: { body: JSON.parse(text), headers } };
    } catch {
      return fail('bad_response', `The directory's answer to ${endpoint} is not JSON.`, { status, path: [] });
    }
  }
  const serverMessage = serverMessageOf(text);
  const said = serverMessage ? `: ${serverMessage}` : '.';
  if (status === 400) return fail('invalid_request', `The directory refused the request ${endpoint}${said}`, { status, serverMessage });
  if (status === 401 || status === 403) return fail('unauthorized', `The directory did not accept the API key (${status} on ${endpoint}).`, { status, serverMessage });
  if (status === 404) return fail('not_found', `Not found: ${endpoint}${said}`, { status, serverMessage });
  if (status === 410) return classifyGone(text, endpoint);
  if (status === 408) return fail('timeout', `The directory timed out on ${endpoint} (408).`, { status }, true);
  const retryAfterMs = parseRetryAfterMs(headers, nowMs);
  if (status === 429) return fail('rate_limited', `The directory's rate limit was reached on ${endpoint}${said}`, { status, serverMessage, retryAfterMs }, true);
  if (status >= 500) return fail('server_error', `The directory failed on ${endpoint} (${status})${said}`, { status, serverMessage, retryAfterMs }, true);
  if (status >= 400) return fail('invalid_request', `The directory refused the request ${endpoint} (${status})${said}`, { status, serverMessage });
  return fail('server_error', `Unexpected answer ${status} from the directory on ${endpoint}.`, { status });
}

function classifyGone(text: string, endpoint: string): AttemptResult {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return fail('bad_response', `The 410 answer to ${endpoint} is not JSON.`, { status: 410, path: [] });
  }
  const parsed = goneSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return fail('bad_response', `The 410 answer to ${endpoint} does not match the API: ${formatJsonPath(issue.path)}: ${issue.message}`, { status: 410, path: issue.path });
  }
  const gone = parsed.data;
  return gone.status === 'merged'
    ? fail('gone', `Profile ${gone.id} was merged into ${gone.new_id}.`, { status: 410, gone: { status: 'merged', newId: gone.new_id } })
    : fail('gone', `Profile ${gone.id} was deleted.`, { status: 410, gone: { status: 'deleted' } });
}

/** Makes GET requests with the key held in this closure only. */
export function createRequester(config: RequesterConfig): (url: URL, options: CallOptions, maxBytes: number) => Promise<RawAnswer> {
  const { key, fetch: fetchImpl, budget, timeoutMs, retries, backoff, maxRetryAfterMs } = config;
  const authorization = `Token token=${key.key}`;

  const aborted = (endpoint: string, attempts: number, cause: unknown) =>
    new DirectoryError('aborted', `The request ${endpoint} was cancelled.`, { endpoint, attempts, cause });

  async function attempt(url: URL, endpoint: string, options: CallOptions, maxBytes: number): Promise<AttemptResult> {
    const { signal, priority } = options;
    const permit = await budget.acquire({ priority, signal });
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException(`No answer within ${timeoutMs} ms.`, 'TimeoutError'));
    }, timeoutMs);
    const forwardAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', forwardAbort, { once: true });
    let response: Response | undefined;
    try {
      response = await fetchImpl(url, {
        method: 'GET',
        headers: { Authorization: authorization, Accept: 'application/json' },
        signal: controller.signal,
        // A redirect must never carry the key elsewhere: it is reported, not followed.
        redirect: 'manual',
      });
      const body = await readBoundedText(response, maxBytes);
      permit.settle({ headers: response.headers, status: response.status });
      if ('tooLarge' in body) return fail('answer_too_large', `The directory's answer to ${endpoint} is too large (${body.tooLarge}); it was not read.`, { status: response.status });
      return classify(response, body.text, endpoint, Date.now());
    } catch (error) {
      permit.settle(response ? { headers: response.headers, status: response.status } : undefined);
      if (signal?.aborted) throw error;
      if (timedOut) return fail('timeout', `No answer from the directory within ${timeoutMs} ms on ${endpoint}.`, { cause: error });
      const reason = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
      return fail('network', `Could not reach the directory for ${endpoint}: ${reason}`, { cause: error });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    }
  }

  /** `maxBytes`: the most of the answer read (answerLimits.ts); a larger one fails as answer_too_large. */
  return async function request(url: URL, options: CallOptions, maxBytes: number): Promise<RawAnswer> {
    // Throws ForeignOriginError before anything is sent: the key belongs to one directory.
    assertKeyOrigin(key, url);
    const endpoint = `GET ${url.pathname}`;
    for (let attempts = 1; ; attempts += 1) {
      let result: AttemptResult;
      try {
        result = await attempt(url, endpoint, options, maxBytes);
      } catch (error) {
        throw aborted(endpoint, attempts, error);
      }
      if (result.ok) return result.answer;
      const { code, message, details, retry } = result.failure;
      const waitMs = details.retryAfterMs ?? fullJitterDelayMs(attempts - 1, backoff);
      const tooLong = details.retryAfterMs !== undefined && details.retryAfterMs > maxRetryAfterMs;
      if (!retry || attempts > retries || tooLong) throw new DirectoryError(code, message, { ...details, endpoint, attempts });
      try {
        await sleep(waitMs, options.signal);
      } catch (error) {
        throw aborted(endpoint, attempts, error);
      }
    }
  };
}
