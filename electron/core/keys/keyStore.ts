/**
 * API keys live in the OS keychain (macOS Keychain, Windows Credential Manager, the Secret Service
 * on Linux), one entry per connection: service "castdesk", account = the connection id. Where no
 * keychain answers (Linux without a Secret Service), keys are held in memory for this run only and
 * `status()` says so, so the UI can tell the user plainly. A key is never written to a file.
 */
import { randomUUID } from 'node:crypto';
import { AsyncEntry, type EntryOptions } from '@napi-rs/keyring';
import type { BridgeErrorCode } from '../../../contract/bridge-errors.ts';
import { validateApiKey, validateConnectionId } from './apiKey.ts';

export const keychainService = 'castdesk';

export interface KeyStoreStatus {
  /** True when keys are kept in the OS keychain; false when they live in memory for this run only. */
  available: boolean;
  /** Why the keychain is not used, in plain English; absent when it is. */
  reason?: string;
}

/** Where keys are kept. The renderer may set, replace, test and delete keys, but never read one. */
export interface KeyStore {
  status(): KeyStoreStatus;
  setKey(connectionId: string, key: string): Promise<void>;
  hasKey(connectionId: string): Promise<boolean>;
  /** Resolves true when a key was stored and is now gone, false when there was none. */
  deleteKey(connectionId: string): Promise<boolean>;
  /**
   * BACK END ONLY: the key, for the Authorization header of directory requests. Never return it
   * through the bridge, never log it; the renderer must not be able to obtain it by any channel.
   */
  readKey(connectionId: string): Promise<string | null>;
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
}

/** The keychain failed on an operation after it had answered the probe (e.g. it was locked). */
export class KeychainError extends Error {
  readonly code: BridgeErrorCode = 'internal';
  constructor(operation: string, cause: unknown) {
    super(`The system keychain failed to ${operation}: ${describe(cause)}`, { cause });
    this.name = 'KeychainError';
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

function entryFor(account: string): AsyncEntry {
  return new AsyncEntry(keychainService, account, entryOptions);
}

/** Runs one keychain call; even creating the entry can throw (no D-Bus), so it happens inside. */
async function onKeychain<T>(operation: string, account: string, run: (entry: AsyncEntry) => Promise<T>): Promise<T> {
  try {
    return await run(entryFor(account));
  } catch (error) {
    throw new KeychainError(operation, error);
  }
}

/** Writes, reads back and deletes a throwaway entry: the only reliable way to know the keychain works. */
async function probeKeychain(timeoutMs: number): Promise<KeyStoreStatus> {
  const signal = AbortSignal.timeout(timeoutMs);
  const secret = randomUUID();
  try {
    const entry = entryFor(`probe-${randomUUID()}`);
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
  return `No system keychain is available (${why}). API keys are kept in memory for this run only and must be entered again after a restart.`;
}

class KeychainKeyStore implements KeyStore {
  constructor(private readonly secrets: SecretRegistry | undefined) {}

  status(): KeyStoreStatus {
    return { available: true };
  }

  async setKey(connectionId: string, key: string): Promise<void> {
    const account = validateConnectionId(connectionId);
    const valid = validateApiKey(key);
    this.secrets?.addSecret(valid);
    await onKeychain('store the API key', account, (entry) => entry.setPassword(valid));
  }

  async hasKey(connectionId: string): Promise<boolean> {
    return (await this.readKey(connectionId)) !== null;
  }

  async deleteKey(connectionId: string): Promise<boolean> {
    const account = validateConnectionId(connectionId);
    return onKeychain('delete the API key', account, (entry) => entry.deleteCredential());
  }

  async readKey(connectionId: string): Promise<string | null> {
    const account = validateConnectionId(connectionId);
    const key = await onKeychain('read the API key', account, (entry) => entry.getPassword());
    if (key !== null) this.secrets?.addSecret(key);
    return key;
  }
}

/** Keys for this run only: used when no keychain answers, and never persisted anywhere. */
class MemoryKeyStore implements KeyStore {
  private readonly keys = new Map<string, string>();

  constructor(
    private readonly reason: string,
    private readonly secrets: SecretRegistry | undefined,
  ) {}

  status(): KeyStoreStatus {
    return { available: false, reason: this.reason };
  }

  async setKey(connectionId: string, key: string): Promise<void> {
    const account = validateConnectionId(connectionId);
    const valid = validateApiKey(key);
    this.secrets?.addSecret(valid);
    this.keys.set(account, valid);
  }

  async hasKey(connectionId: string): Promise<boolean> {
    return this.keys.has(validateConnectionId(connectionId));
  }

  async deleteKey(connectionId: string): Promise<boolean> {
    return this.keys.delete(validateConnectionId(connectionId));
  }

  async readKey(connectionId: string): Promise<string | null> {
    const key = this.keys.get(validateConnectionId(connectionId)) ?? null;
    if (key !== null) this.secrets?.addSecret(key);
    return key;
  }
}

/**
 * Probes the keychain once and returns the store to use for the rest of the run: the keychain when
 * it works, memory otherwise (with the reason in `status()`).
 */
export async function openKeyStore(options: KeyStoreOptions = {}): Promise<KeyStore> {
  const status = await probeKeychain(options.probeTimeoutMs ?? 5_000);
  return status.available
    ? new KeychainKeyStore(options.secrets)
    : new MemoryKeyStore(status.reason ?? unavailableReason('unknown reason'), options.secrets);
}
