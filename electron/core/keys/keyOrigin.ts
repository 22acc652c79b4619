/**
 * A stored key belongs to one origin: the directory it was entered for. The keychain entry holds
 * the key together with that origin, so nothing that later changes a connection's address (a
 * compromised renderer, a bug, a hand-edited settings file) can make the back end send the key to
 * another host: the key store only hands a key out for its own origin, and the directory client
 * refuses any request URL outside it.
 */
import { z } from 'zod';
import { validateApiKey } from './apiKey.ts';

/** `scheme://host[:port]` of a directory base URL or request URL, the unit a key is bound to. */
export function originOf(url: string | URL): string {
  return (typeof url === 'string' ? new URL(url) : url).origin;
}

/** A key as the back end hands it to a directory client: with the only origin it may be sent to. */
export interface BoundKey {
  readonly key: string;
  readonly origin: string;
}

/** `key` bound to the origin of `directoryUrl`. */
export function bindKey(key: string, directoryUrl: string | URL): BoundKey {
  return { key, origin: originOf(directoryUrl) };
}

/** Throws ForeignOriginError unless `url` is on the key's origin: the one check before any send. */
export function assertKeyOrigin(bound: BoundKey, url: string | URL): void {
  const requested = originOf(url);
  if (requested !== bound.origin) throw new ForeignOriginError(bound.origin, requested);
}

/** Version 1 of the keychain secret: the key and the origin it was stored for. */
const storedSecretSchema = z.object({ v: z.literal(1), origin: z.string().min(1), key: z.string() });

/** What the keychain entry says: a bound key, or a key stored before keys had an origin. */
export type StoredSecret = { key: string; origin: string } | { key: string; origin: null };

/** The keychain value for `key` bound to `origin`. */
export function encodeStoredSecret(key: string, origin: string): string {
  return JSON.stringify({ v: 1, origin: originOf(origin), key: validateApiKey(key) });
}

/**
 * Reads a keychain value. Keys are printable ASCII without spaces and never start with `{"v":`,
 * so a value that is not a version-1 record is a key from an earlier version (no origin yet).
 */
export function decodeStoredSecret(value: string): StoredSecret {
  if (value.startsWith('{')) {
    try {
      const parsed = storedSecretSchema.safeParse(JSON.parse(value));
      if (parsed.success) return { key: parsed.data.key, origin: parsed.data.origin };
    } catch {
      // Not JSON: an old plain key that happens to start with a brace.
    }
  }
  return { key: value, origin: null };
}

/** Thrown when something asks for a key, or a request with it, outside the key's origin. */
export class ForeignOriginError extends Error {
  readonly code = 'key_foreign_origin' as const;
  constructor(keyOrigin: string, requested: string) {
    super(`The API key was stored for ${keyOrigin}; it is never sent to ${requested}. Enter the key again for the new address.`);
    this.name = 'ForeignOriginError';
  }
}
