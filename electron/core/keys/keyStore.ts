/**
 * API keys live in the OS keychain (macOS Keychain, Windows Credential Manager, the Secret Service
 * on Linux), one entry per connection: service "castdesk", account = the connection id. Where there
 * is no keychain (its native binding missing or unloadable in this package, or no Secret Service
 * answering on Linux), the store refuses to keep a key (KeychainUnavailableError) and `status()`
 * says why, so the UI can tell the user plainly. A key is never written to a file, and a key the
 * user gave is never kept in memory as if it were stored: it would be gone at the next start.
 */
import { randomUUID } from 'node:crypto';
import type { AsyncEntry, EntryOptions } from '@napi-rs/keyring';
import type { BridgeErrorCode } from '../../../contract/bridge-errors.ts';
import { validateApiKey, validateConnectionId } from './apiKey.ts';
import { assertKeyOrigin, bindKey, decodeStoredSecret, encodeStoredSecret, type BoundKey, type StoredSecret } from './keyOrigin.ts';

export const keychainService = 'castdesk';

export interface KeyStoreStatus {
  /** True when keys are kept in the OS keychain; false when there is none and keys cannot be stored. */
  available: boolean;
  /** Why the keychain is not used, in plain English; absent when it is. */
  reason?: string;
}

/**
 * Where keys are kept. The renderer may set, replace, test and delete keys, but never read one.
 * Every key is stored together with the origin of the directory it was given for (keyOrigin.ts).
 */
export interface KeyStore {
  status(): KeyStoreStatus;
  /**
   * The status after asking the keychain again when it did not answer before (still starting at
   * login, locked, busy): from the first answer on, keys are kept there. Cheap when it works.
   */
  recheck(): Promise<KeyStoreStatus>;
  /**
   * Stores `key` for the connection, bound to the origin of `directoryUrl`. Without a keychain a
   * user's key is refused (KeychainUnavailableError); the demo directory's key is held for this run.
   */
  setKey(connectionId: string, key: string, directoryUrl: string, source?: KeySource): Promise<void>;
  hasKey(connectionId: string): Promise<boolean>;
  /** Resolves true when a key was stored and is now gone, false when there was none. */
  deleteKey(connectionId: string): Promise<boolean>;
  /**
   * BACK END ONLY: the key, for the Authorization header of requests to `directoryUrl`. Throws
   * ForeignOriginError when the key was stored for another origin; null when there is none. A key
   * stored before keys had an origin is bound to the origin it is first read for. Never return it
   * through the bridge, never log it; the renderer must not be able to obtain it by any channel.
   */
  readKey(connectionId: string, directoryUrl: string): Promise<BoundKey | null>;
}

/**
 * Who gave a key: the user, or the app's own demo directory, which hands its key out again on every
 * start (it lives in the demo's data folder anyway), so holding it in memory loses nothing.
 */
export type KeySource = 'user' | 'demo';

/** The key of a stored secret, for the origin of `directoryUrl` only (see KeyStore.readKey). */
function keyFor(secret: StoredSecret, directoryUrl: string): BoundKey {
  const bound = secret.origin === null ? bindKey(secret.key, directoryUrl) : { key: secret.key, origin: secret.origin };
  assertKeyOrigin(bound, directoryUrl);
  return bound;
}

/** Told about every key the store sets or reads, so the logger can redact it. */
export interface SecretRegistry {
  addSecret(value: string): void;
}

export interface KeyStoreOptions {
  /** Usually the logger; every key that passes through the store is registered with it. */
  secrets?: SecretRegistry;
  /** How long the availability probe may take before the keychain counts as unavailable. */
  probeTimeoutMs?: number;
  /** A recheck this soon after the last probe ended answers what that probe found; default 3 s. */
  recheckAfterMs?: number;
}

/** The keychain failed on an operation after it had answered the probe (e.g. it was locked). */
export class KeychainError extends Error {
  readonly code: BridgeErrorCode = 'internal';
  constructor(operation: string, cause: unknown) {
    super(`The system keychain failed to ${operation}: ${describe(cause)}`, { cause });
    this.name = 'KeychainError';
  }
}

/** There is no keychain: a key the user gives cannot be stored (never a file, never memory only). */
export class KeychainUnavailableError extends Error {
  readonly code: BridgeErrorCode = 'keychain_unavailable';
  constructor(readonly reason: string) {
    super(`The API key was not stored: ${reason}`);
    this.name = 'KeychainUnavailableError';
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * On Linux the keyring library would otherwise fall back to the kernel keyring, which forgets keys
 * at logout; pinning the Secret Service makes "no keychain" visible instead of silently lossy.
 */
const entryOptions: EntryOptions = { linux: { store: 'secret-service' } };

/** The keyring binding's entry class, once its native module has loaded. */
type EntryClass = typeof AsyncEntry;

/**
 * Loads the keyring binding. Its index.js requires the native module of this platform at load
 * time and throws when it is missing or broken (a package built without it, a damaged file): a
 * static import would take the whole back end down with it, so it is loaded here, inside a try.
 */
async function loadKeyring(): Promise<{ entries: EntryClass } | { error: string }> {
  try {
    const keyring = await import('@napi-rs/keyring');
    return { entries: keyring.AsyncEntry };
  } catch (error) {
    return { error: `its library could not be loaded: ${describe(error).split('\n')[0]}` };
  }
}

/** More accounts than a user has connections and offices; past it the longest-held entry is let go. */
const entriesHeld = 64;

/**
 * Runs one keychain call on the account's entry. Even creating an entry can throw (no D-Bus), so it
 * happens inside. An entry holds its own D-Bus connection until the garbage collector frees it, so
 * the store keeps one entry per account (`held`) instead of making one per call: a back end reading
 * its key for every request otherwise left thousands of connections open, until the session bus
 * ran out of file descriptors and the keychain stopped answering every process of the session. An
 * entry whose call failed is dropped, so the next call starts on a fresh connection; past
 * `entriesHeld` accounts the longest-held goes (ids come from the renderer, so they are bounded here).
 */
async function onKeychain<T>(entries: EntryClass, held: Map<string, AsyncEntry>, operation: string, account: string, run: (entry: AsyncEntry) => Promise<T>): Promise<T> {
  try {
    let entry = held.get(account);
    if (entry === undefined) {
      entry = new entries(keychainService, account, entryOptions);
      held.set(account, entry);
      if (held.size > entriesHeld) held.delete(held.keys().next().value!);
    }
    return await run(entry);
  } catch (error) {
    held.delete(account);
    throw new KeychainError(operation, error);
  }
}

/** How long the availability probe may take, unless the options say otherwise. */
const probeTimeoutMs = 5_000;

/** Writes, reads back and deletes a throwaway entry: the only reliable way to know the keychain works. */
async function probeKeychain(entries: EntryClass, timeoutMs: number): Promise<KeyStoreStatus> {
  const signal = AbortSignal.timeout(timeoutMs);
  const secret = randomUUID();
  try {
    const entry = new entries(keychainService, `probe-${randomUUID()}`, entryOptions);
    await entry.setPassword(secret, signal);
    try {
      const readBack = await entry.getPassword(signal);
      if (readBack !== secret) return { available: false, reason: unavailableReason('it did not return what was stored') };
    } finally {
      await entry.deleteCredential(signal).catch(() => false);
    }
    return { available: true };
  } catch (error) {
    const why = signal.aborted ? `it did not answer within ${timeoutMs} ms` : describe(error);
    return { available: false, reason: unavailableReason(why) };
  }
}

function unavailableReason(why: string): string {
  return `No system keychain is available (${why}). API keys cannot be stored until one is.`;
}

class KeychainKeyStore implements KeyStore {
  /** One entry per account, each with its D-Bus connection (see onKeychain). */
  private readonly held = new Map<string, AsyncEntry>();

  constructor(
    private readonly entries: EntryClass,
    private readonly secrets: SecretRegistry | undefined,
  ) {}

  status(): KeyStoreStatus {
    return { available: true };
  }

  async recheck(): Promise<KeyStoreStatus> {
    return this.status();
  }

  async setKey(connectionId: string, key: string, directoryUrl: string): Promise<void> {
    const account = validateConnectionId(connectionId);
    const valid = validateApiKey(key);
    this.secrets?.addSecret(valid);
    const secret = encodeStoredSecret(valid, directoryUrl);
    await onKeychain(this.entries, this.held, 'store the API key', account, (entry) => entry.setPassword(secret));
  }

  async hasKey(connectionId: string): Promise<boolean> {
    return (await this.readSecret(connectionId)) !== null;
  }

  async deleteKey(connectionId: string): Promise<boolean> {
    const account = validateConnectionId(connectionId);
    return onKeychain(this.entries, this.held, 'delete the API key', account, (entry) => entry.deleteCredential());
  }

  async readKey(connectionId: string, directoryUrl: string): Promise<BoundKey | null> {
    const secret = await this.readSecret(connectionId);
    if (secret === null) return null;
    const bound = keyFor(secret, directoryUrl);
    // An entry from before keys had an origin is bound now, so it can never follow a later change.
    if (secret.origin === null) await this.setKey(connectionId, bound.key, bound.origin);
    return bound;
  }

  private async readSecret(connectionId: string): Promise<StoredSecret | null> {
    const account = validateConnectionId(connectionId);
    const value = await onKeychain(this.entries, this.held, 'read the API key', account, (entry) => entry.getPassword());
    if (value === null) return null;
    const secret = decodeStoredSecret(value);
    this.secrets?.addSecret(secret.key);
    return secret;
  }
}

/**
 * No keychain: every key the user gives is refused with the reason. Only the demo directory's key
 * is held, in memory for this run (the demo hands it out again on the next start).
 */
class UnavailableKeyStore implements KeyStore {
  constructor(
    private readonly reason: string,
    private readonly secrets: SecretRegistry | undefined,
    /** The demo keys held for this run; handed to the keychain when one answers later. */
    readonly demoKeys = new Map<string, BoundKey>(),
  ) {}

  status(): KeyStoreStatus {
    return { available: false, reason: this.reason };
  }

  /** No binding in this package: asking again cannot change that. */
  async recheck(): Promise<KeyStoreStatus> {
    return this.status();
  }

  async setKey(connectionId: string, key: string, directoryUrl: string, source: KeySource = 'user'): Promise<void> {
    const account = validateConnectionId(connectionId);
    const valid = validateApiKey(key);
    this.secrets?.addSecret(valid);
    if (source !== 'demo') throw new KeychainUnavailableError(this.reason);
    this.demoKeys.set(account, bindKey(valid, directoryUrl));
  }

  async hasKey(connectionId: string): Promise<boolean> {
    return this.demoKeys.has(validateConnectionId(connectionId));
  }

  async deleteKey(connectionId: string): Promise<boolean> {
    return this.demoKeys.delete(validateConnectionId(connectionId));
  }

  async readKey(connectionId: string, directoryUrl: string): Promise<BoundKey | null> {
    const secret = this.demoKeys.get(validateConnectionId(connectionId));
    if (secret === undefined) return null;
    this.secrets?.addSecret(secret.key);
    return keyFor(secret, directoryUrl);
  }
}

/**
 * The binding loaded but the keychain did not answer the probe: keys are refused, as without a
 * keychain, until a recheck (or a key the user gives) finds it answering. Then the demo keys held
 * meanwhile move into it and it is used for the rest of the run, as if it had answered at start.
 * Probing once for the whole run left a user whose keychain was slow or locked at start unable to
 * store a key until they restarted the app.
 */
class RecheckingKeyStore implements KeyStore {
  private current: KeychainKeyStore | UnavailableKeyStore;
  private probing: Promise<KeyStoreStatus> | null = null;
  private lastProbeEnded: number;

  constructor(
    private readonly entries: EntryClass,
    reason: string,
    private readonly options: KeyStoreOptions,
  ) {
    this.current = new UnavailableKeyStore(reason, options.secrets);
    this.lastProbeEnded = Date.now();
  }

  status(): KeyStoreStatus {
    return this.current.status();
  }

  recheck(): Promise<KeyStoreStatus> {
    if (this.current instanceof KeychainKeyStore) return Promise.resolve(this.current.status());
    if (this.probing) return this.probing;
    if (Date.now() - this.lastProbeEnded < (this.options.recheckAfterMs ?? 3_000)) return Promise.resolve(this.current.status());
    this.probing = this.probeAgain().finally(() => {
      this.probing = null;
      this.lastProbeEnded = Date.now();
    });
    return this.probing;
  }

  private async probeAgain(): Promise<KeyStoreStatus> {
    const status = await probeKeychain(this.entries, this.options.probeTimeoutMs ?? probeTimeoutMs);
    const held = this.current;
    if (!(held instanceof UnavailableKeyStore)) return held.status();
    const stillUnavailable = (reason: string) => {
      this.current = new UnavailableKeyStore(reason, this.options.secrets, held.demoKeys);
      return this.current.status();
    };
    if (!status.available) return stillUnavailable(status.reason ?? unavailableReason('unknown reason'));
    const keychain = new KeychainKeyStore(this.entries, this.options.secrets);
    try {
      for (const [account, bound] of held.demoKeys) await keychain.setKey(account, bound.key, bound.origin);
    } catch (error) {
      return stillUnavailable(unavailableReason(describe(error)));
    }
    this.current = keychain;
    return keychain.status();
  }

  async setKey(connectionId: string, key: string, directoryUrl: string, source: KeySource = 'user'): Promise<void> {
    // A key the user gives now is worth asking the keychain again for (it may have been unlocked).
    if (source === 'user' && !this.status().available) await this.recheck();
    return this.current.setKey(connectionId, key, directoryUrl, source);
  }

  hasKey(connectionId: string): Promise<boolean> {
    return this.current.hasKey(connectionId);
  }

  deleteKey(connectionId: string): Promise<boolean> {
    return this.current.deleteKey(connectionId);
  }

  readKey(connectionId: string, directoryUrl: string): Promise<BoundKey | null> {
    return this.current.readKey(connectionId, directoryUrl);
  }
}

/**
 * Loads the keychain's binding and probes the keychain, and returns the store to use: the
 * keychain when it works; without a binding, one that refuses keys for the run, with the reason in
 * `status()`; when the keychain did not answer, one that refuses keys until it does (a recheck).
 * Never throws: a missing keychain must not keep the app from starting.
 */
export async function openKeyStore(options: KeyStoreOptions = {}): Promise<KeyStore> {
  const keyring = await loadKeyring();
  if ('error' in keyring) return new UnavailableKeyStore(unavailableReason(keyring.error), options.secrets);
  const status = await probeKeychain(keyring.entries, options.probeTimeoutMs ?? probeTimeoutMs);
  return status.available
    ? new KeychainKeyStore(keyring.entries, options.secrets)
    : new RecheckingKeyStore(keyring.entries, status.reason ?? unavailableReason('unknown reason'), options);
}
