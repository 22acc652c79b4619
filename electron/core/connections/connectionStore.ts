/**
 * The user's directory connections and which one is active, persisted in settings.json under the
 * user data folder. Keys are not part of a connection: they live in the key store under the
 * connection id, bound to the connection's origin; removing a connection, or moving it to another
 * origin, removes its key too.
 */
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { KeyStore } from '../keys/keyStore.ts';
import { validateApiKey } from '../keys/apiKey.ts';
import { originOf } from '../keys/keyOrigin.ts';
import { removeStaleTempFiles } from '../files/atomicWrite.ts';
import { normalizeBaseUrl } from './baseUrl.ts';
import { ConnectionError } from './connectionErrors.ts';
import {
  nameIdentity,
  normalizeConnectionName,
  validateContentLocale,
  type Connection,
  type Settings,
} from './connectionSchema.ts';
import { loadSettings, saveSettings, settingsPath, type SettingsProblem } from './settingsFile.ts';

export type { Connection } from './connectionSchema.ts';

export interface NewConnection {
  name: string;
  baseUrl: string;
  contentLocale: string;
  isDemo?: boolean;
  /** Which directory it is (connectionSchema.ts); default the base URL's origin. */
  directoryOrigin?: string;
  /** Stored in the key store once the connection is saved; validated before anything is written. */
  key?: string;
}

export interface ConnectionPatch {
  name?: string;
  baseUrl?: string;
  contentLocale?: string;
  isDemo?: boolean;
}

export interface ConnectionStore {
  /** A corrupt settings file found at start-up (kept aside); null when all was well. */
  readonly loadProblem: SettingsProblem | null;
  list(): Connection[];
  get(id: string): Connection | undefined;
  activeConnectionId(): string | null;
  /** Saves a new connection; the first one, or any while none is active, becomes the active one. */
  add(input: NewConnection): Promise<Connection>;
  /**
   * A new base URL on another origin deletes the connection's key (a key belongs to one origin),
   * unless `rebindKey` is the key for the new address: then it replaces the old one in the same
   * change. The connection stays the same directory (`directoryOrigin` is kept).
   */
  update(id: string, patch: ConnectionPatch, options?: { rebindKey?: string }): Promise<Connection>;
  /** Resolves when every change begun so far is done (written, keys included). */
  settled(): Promise<void>;
  /** Deletes the key first, then the connection: a failure never leaves a key without its connection. */
  remove(id: string): Promise<void>;
  setActiveConnection(id: string | null): Promise<void>;
}

export interface ConnectionStoreOptions {
  userDataDir: string;
  keyStore: KeyStore;
  now?: () => Date;
  newId?: () => string;
}

class SettingsConnectionStore implements ConnectionStore {
  /** Changes run one after another, so two quick edits can never write over each other. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private settings: Settings,
    readonly loadProblem: SettingsProblem | null,
    private readonly options: ConnectionStoreOptions,
  ) {}

  list(): Connection[] {
    return this.settings.connections.map((connection) => ({ ...connection }));
  }

  get(id: string): Connection | undefined {
    const found = this.settings.connections.find((connection) => connection.id === id);
    return found && { ...found };
  }

  activeConnectionId(): string | null {
    return this.settings.activeConnectionId;
  }

  async add(input: NewConnection): Promise<Connection> {
    const key = input.key === undefined ? undefined : validateApiKey(input.key);
    const connection: Connection = {
      id: (this.options.newId ?? randomUUID)(),
      name: normalizeConnectionName(input.name),
      baseUrl: normalizeBaseUrl(input.baseUrl),
      contentLocale: validateContentLocale(input.contentLocale),
      ...(input.isDemo === undefined ? {} : { isDemo: input.isDemo }),
      createdAt: (this.options.now?.() ?? new Date()).toISOString(),
      directoryOrigin: originOf(input.directoryOrigin ?? input.baseUrl),
    };
    const saved = await this.change(async (settings) => {
      this.assertNameFree(settings, connection.name, null);
      const next: Settings = {
        ...settings,
        connections: [...settings.connections, connection],
        activeConnectionId: settings.activeConnectionId ?? connection.id,
      };
      return { next, result: { ...connection } };
    });
    if (key === undefined) return saved;
    try {
      await this.options.keyStore.setKey(saved.id, key, saved.baseUrl);
    } catch (error) {
      // No connection without the key the user just gave: undo the addition, report the key failure.
      await this.change(async (settings) => ({ next: withoutConnection(settings, saved.id), result: undefined }));
      throw error;
    }
    return saved;
  }

  settled(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  async update(id: string, patch: ConnectionPatch, options: { rebindKey?: string } = {}): Promise<Connection> {
    const rebindKey = options.rebindKey === undefined ? undefined : validateApiKey(options.rebindKey);
    const changes: Partial<Connection> = {};
    if (patch.name !== undefined) changes.name = normalizeConnectionName(patch.name);
    if (patch.baseUrl !== undefined) changes.baseUrl = normalizeBaseUrl(patch.baseUrl);
    if (patch.contentLocale !== undefined) changes.contentLocale = validateContentLocale(patch.contentLocale);
    if (patch.isDemo !== undefined) changes.isDemo = patch.isDemo;
    return this.change(async (settings) => {
      const current = findOrThrow(settings, id);
      if (changes.name !== undefined) this.assertNameFree(settings, changes.name, id);
      // Before the new address is saved: if this fails, the connection keeps its old address and key.
      if (changes.baseUrl !== undefined && originOf(changes.baseUrl) !== originOf(current.baseUrl)) {
        if (rebindKey === undefined) await this.options.keyStore.deleteKey(id);
        // Only the back end rebinds, and only the demo directory's key (which it reads from the demo itself).
        else await this.options.keyStore.setKey(id, rebindKey, changes.baseUrl, current.isDemo ? 'demo' : 'user');
      }
      const updated = { ...current, ...changes };
      const next = { ...settings, connections: settings.connections.map((c) => (c.id === id ? updated : c)) };
      return { next, result: { ...updated } };
    });
  }

  remove(id: string): Promise<void> {
    return this.change(async (settings) => {
      findOrThrow(settings, id);
      await this.options.keyStore.deleteKey(id);
      return { next: withoutConnection(settings, id), result: undefined };
    });
  }

  setActiveConnection(id: string | null): Promise<void> {
    return this.change(async (settings) => {
      if (id !== null) findOrThrow(settings, id);
      return { next: { ...settings, activeConnectionId: id }, result: undefined };
    });
  }

  private assertNameFree(settings: Settings, name: string, exceptId: string | null): void {
    const identity = nameIdentity(name);
    const taken = settings.connections.find((c) => c.id !== exceptId && nameIdentity(c.name) === identity);
    if (taken) throw new ConnectionError('invalid_input', `A connection named "${taken.name}" already exists; choose another name.`);
  }

  /** Applies one change: computed on the current settings, written to disk, and only then kept in memory. */
  private change<T>(apply: (settings: Settings) => Promise<{ next: Settings; result: T }>): Promise<T> {
    const run = this.queue.then(async () => {
      const { next, result } = await apply(this.settings);
      await saveSettings(this.options.userDataDir, next);
      this.settings = next;
      return result;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}

function findOrThrow(settings: Settings, id: string): Connection {
  const found = settings.connections.find((connection) => connection.id === id);
  if (!found) throw new ConnectionError('connection_not_found', `There is no connection with id "${id}".`);
  return found;
}

/** The remaining connections; when the active one goes, the first remaining one becomes active. */
function withoutConnection(settings: Settings, id: string): Settings {
  const connections = settings.connections.filter((connection) => connection.id !== id);
  const activeConnectionId = settings.activeConnectionId === id ? (connections[0]?.id ?? null) : settings.activeConnectionId;
  return { ...settings, connections, activeConnectionId };
}

/**
 * Loads the settings (moving a corrupt file aside, refusing a newer one with SettingsFileError) and
 * returns the store. Check `loadProblem` to tell the user about a file that was set aside.
 */
export async function openConnectionStore(options: ConnectionStoreOptions): Promise<ConnectionStore> {
  await mkdir(options.userDataDir, { recursive: true });
  await removeStaleTempFiles(settingsPath(options.userDataDir));
  const { settings, problem } = await loadSettings(options.userDataDir, options.now?.() ?? new Date());
  return new SettingsConnectionStore(settings, problem, options);
}
