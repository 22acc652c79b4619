/**
 * Maps whatever a handler threw to the error data that crosses the bridge. Known error types of the
 * back end (directory client, key store, media cache) carry a `code`; those codes are translated
 * here, in one table, so every channel reports a failure the same way. Stacks never cross.
 */
import { bridgeErrorCodes, type BridgeError, type BridgeErrorCode } from '../../../contract/bridge-errors.ts';
import { DirectoryError, formatJsonPath } from '../directory/directoryError.ts';
import { MediaCacheError } from '../media/mediaCacheError.ts';
import { isStorageFull } from '../files/storageFull.ts';
import { BridgeFailure } from './bridgeFailure.ts';

/** Long enough for a useful sentence, short enough that a dumped payload never rides along. */
const maxMessageLength = 500;

function isBridgeErrorCode(code: unknown): code is BridgeErrorCode {
  return typeof code === 'string' && (bridgeErrorCodes as readonly string[]).includes(code);
}

function shorten(message: string): string {
  return message.length > maxMessageLength ? `${message.slice(0, maxMessageLength - 1)}…` : message;
}

function fromDirectoryError(error: DirectoryError): BridgeError {
  switch (error.code) {
    case 'gone':
      return {
        code: 'gone',
        message: error.message,
        details: error.gone?.status === 'merged' ? { status: 'merged', newId: error.gone.newId } : { status: 'deleted' },
      };
    case 'bad_response':
      return { code: 'bad_response', message: error.message, ...(error.path ? { details: { path: formatJsonPath(error.path) } } : {}) };
    case 'aborted':
      return { code: 'cancelled', message: error.message };
    case 'rate_limited':
      return { code: 'rate_limited', message: error.message, ...(error.retryAfterMs !== undefined ? { details: { retryAfterMs: error.retryAfterMs } } : {}) };
    default:
      return { code: error.code, message: error.message };
  }
}

function fromMediaCacheError(error: MediaCacheError): BridgeError {
  const code: Record<MediaCacheError['code'], BridgeErrorCode> = {
    invalid_url: 'invalid_input',
    unsupported_type: 'bad_response',
    too_large: 'bad_response',
    upstream_status: error.status === 404 || error.status === 410 ? 'not_found' : 'server_error',
    unreachable: 'network',
    aborted: 'cancelled',
    storage_full: 'storage_full',
    over_cap: 'storage_full',
  };
  return { code: code[error.code], message: error.message };
}

/** A directory HTTP status that reached us outside the directory client's typed error. */
function fromStatus(status: number, message: string): BridgeError | null {
  if (status === 401 || status === 403) return { code: 'unauthorized', message };
  if (status === 404) return { code: 'not_found', message };
  if (status === 410) return { code: 'gone', message };
  if (status === 400) return { code: 'invalid_request', message };
  if (status === 408) return { code: 'timeout', message };
  if (status === 429) return { code: 'rate_limited', message };
  if (status >= 500 && status < 600) return { code: 'server_error', message };
  return null;
}

/**
 * The bridge error for `error`. `redact` hides registered secrets (the logger's redactor) in the
 * message, a last guard in case some library quoted a header.
 */
export function toBridgeError(error: unknown, redact: (text: string) => string = (text) => text): BridgeError {
  const mapped = mapError(error);
  return { ...mapped, message: shorten(redact(mapped.message)) };
}

function mapError(error: unknown): BridgeError {
  // Before any other type: whichever module wrote, the answer is that the disk is full.
  if (isStorageFull(error) && !(error instanceof MediaCacheError)) {
    return { code: 'storage_full', message: `The disk is full: ${error instanceof Error ? error.message : String(error)}. Nothing of this step was written; free some space.` };
  }
  if (error instanceof BridgeFailure) return { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) };
  if (error instanceof DirectoryError) return fromDirectoryError(error);
  if (error instanceof MediaCacheError) return fromMediaCacheError(error);
  if (error instanceof Error) {
    if (error.name === 'AbortError') return { code: 'cancelled', message: 'The request was cancelled.' };
    if (error.name === 'TimeoutError') return { code: 'timeout', message: 'The request did not finish in time.' };
    const { code, status } = error as Error & { code?: unknown; status?: unknown };
    // Typed errors of the back end's modules (key store, connections, demo) carry a bridge code.
    if (isBridgeErrorCode(code)) return { code, message: error.message };
    if (typeof status === 'number') {
      const byStatus = fromStatus(status, error.message);
      if (byStatus) return byStatus;
    }
    return { code: 'internal', message: `Internal error (${error.name}): ${error.message}` };
  }
  return { code: 'internal', message: 'Internal error: a handler failed without an error object.' };
}
