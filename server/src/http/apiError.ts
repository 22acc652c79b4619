/**
 * Errors the API answers with, as data: the route throws one, the error handler writes
 * `{"error": {"code", "message"}}` with its status.
 */
import type { DirectoryErrorCode } from '../../../contract/directory-errors.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: DirectoryErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function invalidParameter(name: string, reason: string): ApiError {
  return new ApiError(400, 'invalid_parameter', `Invalid value for '${name}': ${reason}`);
}

export function notFound(what: string, id: string): ApiError {
  return new ApiError(404, 'not_found', `No ${what} with id ${JSON.stringify(id)} is available to this key.`);
}
