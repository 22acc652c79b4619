/**
 * Errors cross the bridge as data: `{ ok: false, error: { code, message } }`. Each code maps to the
 * i18n key `errors.<code>` in the renderer; `message` is English detail for logs and tooltips.
 */
import { z } from 'zod';

export const bridgeErrorCodes = [
  /** The arguments did not match the channel's schema. */
  'invalid_arguments',
  /** A message from a frame or origin that may not use the bridge. */
  'forbidden_sender',
  /** No such connection. */
  'connection_not_found',
  /** The connection has no API key stored. */
  'key_missing',
  /** The stored key belongs to another directory address; it is never sent there (enter it again). */
  'key_foreign_origin',
  /** There is no system keychain (its library did not load, or none answers), so no key can be stored. */
  'keychain_unavailable',
  /** The key, base URL, name or locale given is not acceptable. */
  'invalid_input',
  /** The directory refused the key (401). */
  'unauthorized',
  /** The directory has no such resource, or not for this key (404). */
  'not_found',
  /** The profile was merged (details.newId) or deleted (410). */
  'gone',
  /** The directory refused a parameter (400). */
  'invalid_request',
  /** The directory's rate limit was reached and retries gave up. */
  'rate_limited',
  /** The directory could not be reached. */
  'network',
  /** The directory did not answer in time. */
  'timeout',
  /** The directory answered something that does not match the API (details.path). */
  'bad_response',
  /** The directory's answer passed its size limit (bytes, or more items than per_page); it was not read. */
  'answer_too_large',
  /** The disk the back end writes to is full (ENOSPC); nothing of that step was written. */
  'storage_full',
  /** The directory failed (5xx). */
  'server_error',
  /** The embedded demo directory could not start. */
  'demo_failed',
  /** This shell or build has no updates (the web shell; a build without an update feed). */
  'updates_unavailable',
  /** No downloaded and verified update is waiting for the user's answer. */
  'update_not_ready',
  /** No office with that id was joined on this computer. */
  'office_not_found',
  /** The office's invite code is unknown, used or expired (ask the owner for a new one). */
  'office_invite_invalid',
  /** The office server does not know the token (revoked, or from another office). */
  'office_token_refused',
  /** The office has no token stored on this computer (join it again). */
  'office_token_missing',
  /** The office's token cannot be read now: the system keychain did not answer (locked, not started); not a reason to join again. */
  'office_keychain_unavailable',
  /** The token was stored for another office address; it is never sent there (join again at the new one). */
  'office_foreign_origin',
  /** The office server could not be reached. */
  'office_unreachable',
  /** The office server answered something that is not the office API. */
  'office_bad_response',
  /** The office refused: only its owner manages members, and a token of another office sees nothing. */
  'office_forbidden',
  /** No such member in the office (or the owner, whose role cannot change). */
  'office_member_not_found',
  /** The office has no such list (never shared there, or taken out of it already). */
  'office_list_not_found',
  /** The request was cancelled. */
  'cancelled',
  /** Anything else; a bug. */
  'internal',
] as const;
export type BridgeErrorCode = (typeof bridgeErrorCodes)[number];

export const bridgeErrorSchema = z.object({
  code: z.enum(bridgeErrorCodes),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type BridgeError = z.infer<typeof bridgeErrorSchema>;

export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeError };
