/**
 * What an API key and a connection id may look like. Keys go into HTTP headers and the OS
 * keychain, so a pasted key with a stray space, newline or invisible character is refused with a
 * message that says what is wrong, instead of failing later as a puzzling 401.
 */
import type { BridgeErrorCode } from '../../../contract/bridge-errors.ts';

/** Longer than any key a provider hands out; the bridge contract caps keys at the same length. */
export const maxApiKeyLength = 512;

/** Connection ids are the keychain account names; the bridge contract allows the same shape. */
const connectionIdPattern = /^[a-z0-9-]{1,64}$/;

/** A key or id the caller gave that cannot be used; `code` is the bridge error code it maps to. */
export class KeyInputError extends Error {
  readonly code: BridgeErrorCode = 'invalid_input';
  constructor(message: string) {
    super(message);
    this.name = 'KeyInputError';
  }
}

/**
 * Returns the key unchanged when it is usable, so callers store exactly what the provider issued.
 * The message never quotes the key: it may end up in a log or on screen.
 */
export function validateApiKey(key: unknown): string {
  if (typeof key !== 'string') throw new KeyInputError('The API key must be text.');
  if (key.length === 0) throw new KeyInputError('The API key is empty.');
  if (key.length > maxApiKeyLength) {
    throw new KeyInputError(`The API key is ${key.length} characters long; at most ${maxApiKeyLength} are accepted.`);
  }
  if (/\s/u.test(key)) {
    throw new KeyInputError('The API key contains spaces or line breaks; paste it without them.');
  }
  // Printable ASCII only: an HTTP header cannot carry anything else safely.
  const bad = [...key].findIndex((char) => char < '!' || char > '~');
  if (bad !== -1) {
    throw new KeyInputError(
      `The API key contains an invisible or non-ASCII character at position ${bad + 1}; paste it again as plain text.`,
    );
  }
  return key;
}

/** Guards the keychain account name, so a bad id can never address another application's entry. */
export function validateConnectionId(connectionId: unknown): string {
  if (typeof connectionId !== 'string' || !connectionIdPattern.test(connectionId)) {
    throw new KeyInputError('A connection id is 1 to 64 lowercase letters, digits and dashes.');
  }
  return connectionId;
}
