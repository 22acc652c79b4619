/**
 * Everything that can go wrong when the back end asks the directory, as one error type with a
 * `code` the lead maps to bridge error codes. The message never contains the API key.
 */

export const directoryErrorCodes = [
  /** 401 (or 403): the key is missing, unknown or revoked. */
  'unauthorized',
  /** 404: unknown id, an id outside the key's rights, or an unknown path. */
  'not_found',
  /** 410: the profile was merged into another (see `gone.newId`) or deleted. */
  'gone',
  /** 400 (with the server's message), or a parameter the client refused before sending. */
  'invalid_request',
  /** 429 after every retry, or a Retry-After longer than the client is willing to wait. */
  'rate_limited',
  /** The connection failed (refused, reset, DNS) after every retry. */
  'network',
  /** No answer within the per-request timeout (or a 408) after every retry. */
  'timeout',
  /** The answer did not match the contract; `path` names the bad field. */
  'bad_response',
  /** The answer was larger than its limit (bytes, or more items than asked for): answerLimits.ts. */
  'answer_too_large',
  /** 5xx (or another unexpected status) after every retry. */
  'server_error',
  /** The caller cancelled the request with its AbortSignal. */
  'aborted',
] as const;
export type DirectoryErrorCode = (typeof directoryErrorCodes)[number];

/** What a 410 says about the profile, with `new_id` renamed for the app. */
export type GoneStatus = { status: 'merged'; newId: number } | { status: 'deleted' };

export interface DirectoryErrorDetails {
  /** Method and path without query, e.g. `GET /api/v1/actor_profiles/6`. */
  endpoint: string;
  status?: number;
  gone?: GoneStatus;
  /** JSON path of the bad field of a `bad_response`, e.g. `['roles', 0, 'id']`. */
  path?: readonly PropertyKey[];
  /** The `error.message` the service sent, when it sent one. */
  serverMessage?: string;
  /** How long the server asked us to wait, for `rate_limited`. */
  retryAfterMs?: number;
  /** How many HTTP requests were made for this call. */
  attempts?: number;
  cause?: unknown;
}

export class DirectoryError extends Error {
  readonly code: DirectoryErrorCode;
  readonly endpoint: string;
  readonly status?: number;
  readonly gone?: GoneStatus;
  readonly path?: readonly PropertyKey[];
  readonly serverMessage?: string;
  readonly retryAfterMs?: number;
  readonly attempts?: number;

  constructor(code: DirectoryErrorCode, message: string, details: DirectoryErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'DirectoryError';
    this.code = code;
    this.endpoint = details.endpoint;
    this.status = details.status;
    this.gone = details.gone;
    this.path = details.path;
    this.serverMessage = details.serverMessage;
    this.retryAfterMs = details.retryAfterMs;
    this.attempts = details.attempts;
  }
}

export function isDirectoryError(error: unknown): error is DirectoryError {
  return error instanceof DirectoryError;
}

/** `['roles', 0, 'id']` → `$.roles[0].id`, the form a bad_response message shows. */
export function formatJsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, part) => {
    if (typeof part === 'number') return `${text}[${part}]`;
    const name = String(part);
    return /^[A-Za-z_$][\w$]*$/.test(name) ? `${text}.${name}` : `${text}[${JSON.stringify(name)}]`;
  }, '$');
}
