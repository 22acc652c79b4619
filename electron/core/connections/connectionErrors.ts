/**
 * Errors of the connection settings. `code` is the bridge error code a handler passes on, so the
 * renderer can show a translated message; `message` is the English detail.
 */
import type { BridgeErrorCode } from '../../../contract/bridge-errors.ts';

/** A name, base URL or locale that is not acceptable, or a connection id that does not exist. */
export class ConnectionError extends Error {
  constructor(
    readonly code: Extract<BridgeErrorCode, 'invalid_input' | 'connection_not_found'>,
    message: string,
  ) {
    super(message);
    this.name = 'ConnectionError';
  }
}

/**
 * settings.json cannot be used and must not be replaced: it was written by a newer Castdesk, or it
 * cannot be read at all. The app reports it at start-up rather than losing the user's connections.
 */
export class SettingsFileError extends Error {
  constructor(
    readonly code: 'settings_newer' | 'settings_unreadable',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SettingsFileError';
  }
}
