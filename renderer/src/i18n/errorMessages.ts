import { bridgeErrorCodes, type BridgeErrorCode } from '../../../contract/bridge-errors.ts';
import type { MessageKey } from './en.ts';

/**
 * The i18n key of each bridge error code (`errors.<code>`), spelled out so every key stays a
 * literal the key check can see.
 */
export const errorMessageKeys: Record<BridgeErrorCode, MessageKey> = {
  invalid_arguments: 'errors.invalid_arguments',
  forbidden_sender: 'errors.forbidden_sender',
  connection_not_found: 'errors.connection_not_found',
  key_missing: 'errors.key_missing',
  key_foreign_origin: 'errors.key_foreign_origin',
  keychain_unavailable: 'errors.keychain_unavailable',
  invalid_input: 'errors.invalid_input',
  unauthorized: 'errors.unauthorized',
  not_found: 'errors.not_found',
  gone: 'errors.gone',
  invalid_request: 'errors.invalid_request',
  rate_limited: 'errors.rate_limited',
  network: 'errors.network',
  timeout: 'errors.timeout',
  bad_response: 'errors.bad_response',
  answer_too_large: 'errors.answer_too_large',
  storage_full: 'errors.storage_full',
  server_error: 'errors.server_error',
  demo_failed: 'errors.demo_failed',
  updates_unavailable: 'errors.updates_unavailable',
  update_not_ready: 'errors.update_not_ready',
  office_not_found: 'errors.office_not_found',
  office_invite_invalid: 'errors.office_invite_invalid',
  office_token_refused: 'errors.office_token_refused',
  office_token_missing: 'errors.office_token_missing',
  office_keychain_unavailable: 'errors.office_keychain_unavailable',
  office_foreign_origin: 'errors.office_foreign_origin',
  office_unreachable: 'errors.office_unreachable',
  office_bad_response: 'errors.office_bad_response',
  office_forbidden: 'errors.office_forbidden',
  office_member_not_found: 'errors.office_member_not_found',
  office_list_not_found: 'errors.office_list_not_found',
  cancelled: 'errors.cancelled',
  internal: 'errors.internal',
};

/**
 * Codes of failures inside the renderer itself, beside the bridge's codes: the offline library's,
 * links the external-links store would not or could not open, shortlist exports and imports, and
 * an actor looked up from a shortlist entry whose directory none of the member's connections reaches.
 */
export const libraryErrorCodes = ['storage_full', 'storage_unavailable', 'unsafe_link', 'link_not_opened', 'export_failed', 'invalid_backup', 'no_directory_connection'] as const;
export type LibraryErrorCode = (typeof libraryErrorCodes)[number];

export const libraryErrorMessageKeys: Record<LibraryErrorCode, MessageKey> = {
  storage_full: 'errors.storage_full',
  storage_unavailable: 'errors.storage_unavailable',
  unsafe_link: 'errors.unsafe_link',
  link_not_opened: 'errors.link_not_opened',
  export_failed: 'errors.export_failed',
  invalid_backup: 'errors.invalid_backup',
  no_directory_connection: 'errors.no_directory_connection',
};

/** The key for any code string (a test result's code is a plain string); unknown codes read as internal. */
export function errorMessageKey(code: string): MessageKey {
  if ((bridgeErrorCodes as readonly string[]).includes(code)) return errorMessageKeys[code as BridgeErrorCode];
  if ((libraryErrorCodes as readonly string[]).includes(code)) return libraryErrorMessageKeys[code as LibraryErrorCode];
  return errorMessageKeys.internal;
}
