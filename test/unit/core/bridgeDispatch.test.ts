import fc from 'fast-check';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { bridgeChannels, channelNames, type ChannelName } from '../../../contract/bridge.ts';
import { bridgeErrorSchema } from '../../../contract/bridge-errors.ts';
import { BridgeFailure } from '../../../electron/core/bridge/bridgeFailure.ts';
import { createDispatcher, type BridgeHandlers } from '../../../electron/core/bridge/dispatch.ts';
import { createHandlers } from '../../../electron/core/bridge/handlers.ts';
import type { BackEndParts, ConnectionRecord, ConnectionsPort } from '../../../electron/core/bridge/ports.ts';
import { ConnectionError } from '../../../electron/core/connections/connectionErrors.ts';
import { DirectoryError } from '../../../electron/core/directory/directoryError.ts';
import { KeyInputError } from '../../../electron/core/keys/apiKey.ts';
import { assertKeyOrigin, bindKey, type BoundKey } from '../../../electron/core/keys/keyOrigin.ts';
import type { KeyStore } from '../../../electron/core/keys/keyStore.ts';
import { MediaCacheError } from '../../../electron/core/media/mediaCacheError.ts';
import { openOfficeMembership } from '../../../electron/core/office/officeMembership.ts';
import { openSyncMemory } from '../../../electron/core/sync/syncMemory.ts';

/** Handlers that record their calls and answer nothing useful: enough to see what reaches them. */
function recordingHandlers(): { handlers: BridgeHandlers; calls: string[] } {
  const calls: string[] = [];
  const handlers = Object.fromEntries(
    channelNames.map((name) => [
      name,
      async () => {
        calls.push(name);
        return {};
      },
    ]),
  ) as unknown as BridgeHandlers;
  return { handlers, calls };
}

/** One set of arguments each channel accepts, so the tests can also check the happy path. */
const validArgs: Record<ChannelName, unknown> = {
  getAppInfo: {},
  listConnections: {},
  addConnection: { name: 'Agency', baseUrl: 'https://directory.example', contentLocale: 'de', key: 'k-123' },
  updateConnection: { id: 'c-1', name: 'Renamed' },
  removeConnection: { id: 'c-1' },
  setActiveConnection: { id: 'c-1' },
  setConnectionKey: { id: 'c-1', key: 'k-456' },
  deleteConnectionKey: { id: 'c-1' },
  testConnection: { id: 'c-1' },
  testNewConnection: { baseUrl: 'https://directory.example', key: 'k-123' },
  openDemoDirectory: { contentLocale: 'de' },
  getDemoStatus: {},
  listActors: { connectionId: 'c-1', params: { perPage: 10, includePicture: true } },
  getActor: { connectionId: 'c-1', id: 7, enum: 'translate', locale: 'de', priority: 'shortlist' },
  listCrew: { connectionId: 'c-1', params: { professions: ['regie'] } },
  getCrew: { connectionId: 'c-1', id: 7 },
  listCastingCalls: { connectionId: 'c-1', params: { current: true } },
  getCastingCall: { connectionId: 'c-1', id: 3, priority: 'background' },
  listAttributes: { connectionId: 'c-1' },
  getAttribute: { connectionId: 'c-1', name: 'eye_colors', locale: 'en' },
  getMediaCacheStats: {},
  getMediaPresence: { connectionId: 'c-1', urls: ['https://media.example/a.png'] },
  releaseKeptMedia: { connectionId: 'c-1', before: 1 },
  setMediaCacheCap: { capBytes: 100 * 1024 * 1024 },
  clearMediaCache: {},
  prefetchMedia: { connectionId: 'c-1', urls: ['https://media.example/a.png', 'https://media.example/b.png'], priority: 'low' },
  getRateBudget: { connectionId: 'c-1' },
  getSyncMemory: { connectionId: 'c-1' },
  setSyncMemory: { connectionId: 'c-1', completedFullSyncAt: '2026-11-22T01:02:03.000+01:00' },
  openExternal: { url: 'https://example.com/' },
  openFolder: { folder: 'logs' },
  setTaskbarProgress: { fraction: 0.5 },
  showNotification: { title: 'Sync complete', body: '1,942 actors' },
  logRendererError: { message: 'TypeError: x is undefined', detail: 'at ProfileListPage.vue:12' },
  takeAppLink: {},
  copyAppLink: { route: '/actors/12' },
  copyText: { text: 'Strong in the closet scene' },
  setMenuLanguage: { locale: 'de' },
  getUpdateStatus: {},
  setUpdateConsent: { consent: 'install_on_quit' },
  listOffices: {},
  joinOffice: { url: 'https://office.example', officeId: 'AbC_12-x', code: 'invite-code', name: 'Lea' },
  addOfficeWithToken: { url: 'https://office.example', officeId: 'AbC_12-x', token: 'owner-token', name: 'Lea' },
  removeOffice: { id: '0b6f7c1e-8d2a-4c7e-9f1a-2b3c4d5e6f70' },
  getOfficeToken: { id: '0b6f7c1e-8d2a-4c7e-9f1a-2b3c4d5e6f70' },
  listOfficeLists: { id: '0b6f7c1e-8d2a-4c7e-9f1a-2b3c4d5e6f70' },
  createOfficeInvite: { id: '0b6f7c1e-8d2a-4c7e-9f1a-2b3c4d5e6f70', role: 'reviewer', listId: 'finals' },
  listOfficeMembers: { id: '0b6f7c1e-8d2a-4c7e-9f1a-2b3c4d5e6f70' },
  setOfficeMemberRole: { id: '0b6f7c1e-8d2a-4c7e-9f1a-2b3c4d5e6f70', memberId: 'm1', role: 'viewer' },
  clearOfficeListRole: { id: '0b6f7c1e-8d2a-4c7e-9f1a-2b3c4d5e6f70', memberId: 'm1', listId: 'finals' },
  revokeOfficeMember: { id: '0b6f7c1e-8d2a-4c7e-9f1a-2b3c4d5e6f70', memberId: 'm1' },
  removeOfficeList: { id: '0b6f7c1e-8d2a-4c7e-9f1a-2b3c4d5e6f70', listId: 'finals' },
};

describe('bridge dispatch: arguments', () => {
  it('passes valid arguments of every channel to its handler', async () => {
    const { handlers, calls } = recordingHandlers();
    const dispatch = createDispatcher(handlers);
    for (const name of channelNames) {
      const result = await dispatch(name, validArgs[name]);
      expect(result, name).toEqual({ ok: true, value: {} });
    }
    expect(calls).toEqual(channelNames);
  });

  it('refuses malformed arguments of every channel with invalid_arguments and never runs the handler', async () => {
    const { handlers, calls } = recordingHandlers();
    const dispatch = createDispatcher(handlers);
    for (const name of channelNames) {
      const schema = bridgeChannels[name].args;
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(fc.jsonValue(), fc.record({ id: fc.jsonValue(), key: fc.jsonValue(), connectionId: fc.jsonValue(), params: fc.jsonValue() }, { requiredKeys: [] })),
          async (args) => {
            // undefined counts as "no arguments", which the argument-less channels accept.
            fc.pre(!schema.safeParse(args === undefined ? {} : args).success);
            const result = await dispatch(name, args);
            expect(result.ok).toBe(false);
            if (result.ok) return;
            expect(bridgeErrorSchema.parse(result.error).code).toBe('invalid_arguments');
            expect(result.error.message.startsWith(`${name}: `)).toBe(true);
            expect(result.error.message.length).toBeGreaterThan(name.length + 4);
          },
        ),
        { numRuns: 60 },
      );
    }
    expect(calls).toEqual([]);
  });

  it('names the path of the bad argument in the message', async () => {
    const dispatch = createDispatcher(recordingHandlers().handlers);
    const tooMany = await dispatch('listActors', { connectionId: 'c-1', params: { perPage: 5000 } });
    expect(tooMany).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect(!tooMany.ok && tooMany.error.message).toMatch(/^listActors: params\.perPage: /);

    const extra = await dispatch('removeConnection', { id: 'c-1', force: true });
    expect(!extra.ok && extra.error.message).toMatch(/removeConnection: .*force/);

    const badId = await dispatch('testConnection', { id: '../../etc' });
    expect(!badId.ok && badId.error.message).toMatch(/^testConnection: id: /);

    const notObject = await dispatch('listConnections', 'hello');
    expect(!notObject.ok && notObject.error.message).toMatch(/^listConnections: \(arguments\): /);
  });

  it('refuses unknown channels, including names inherited from Object', async () => {
    const { handlers, calls } = recordingHandlers();
    const dispatch = createDispatcher(handlers);
    for (const name of ['', 'readKey', 'getKey', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'listconnections', 'castdesk:listConnections']) {
      const result = await dispatch(name, {});
      expect(result, name).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
      expect(!result.ok && result.error.message).toContain('Unknown bridge channel');
    }
    expect(calls).toEqual([]);
  });
});

describe('bridge dispatch: errors', () => {
  function failingWith(error: unknown) {
    const { handlers } = recordingHandlers();
    const log = vi.fn();
    const dispatch = createDispatcher({ ...handlers, getActor: async () => Promise.reject(error) }, { log });
    return { call: () => dispatch('getActor', validArgs.getActor), log };
  }

  it('turns a thrown bug into internal without the stack', async () => {
    const bug = new TypeError('Cannot read properties of undefined (reading "x")');
    const { call, log } = failingWith(bug);
    const result = await call();
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    const text = JSON.stringify(result);
    expect(text).not.toContain('at ');
    expect(text).not.toContain('bridgeDispatch.test');
    expect(text).not.toContain('"stack"');
    // The stack goes to the log, where a developer can find it.
    expect(log).toHaveBeenCalledWith(expect.stringContaining('bridgeDispatch.test'));
  });

  it('turns a thrown non-error into internal', async () => {
    const result = await failingWith('just a string').call();
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('maps the directory outcomes to their bridge codes', async () => {
    const endpoint = 'GET /api/v1/actor_profiles/7';
    const cases: [unknown, string, Record<string, unknown>?][] = [
      [new DirectoryError('unauthorized', 'refused', { endpoint, status: 401 }), 'unauthorized'],
      [new DirectoryError('not_found', 'missing', { endpoint, status: 404 }), 'not_found'],
      [new DirectoryError('gone', 'merged', { endpoint, status: 410, gone: { status: 'merged', newId: 42 } }), 'gone', { status: 'merged', newId: 42 }],
      [new DirectoryError('gone', 'deleted', { endpoint, status: 410, gone: { status: 'deleted' } }), 'gone', { status: 'deleted' }],
      [new DirectoryError('invalid_request', '400', { endpoint, status: 400 }), 'invalid_request'],
      [new DirectoryError('rate_limited', '429', { endpoint, status: 429, retryAfterMs: 5000 }), 'rate_limited', { retryAfterMs: 5000 }],
      [new DirectoryError('network', 'refused', { endpoint }), 'network'],
      [new DirectoryError('timeout', 'slow', { endpoint }), 'timeout'],
      [new DirectoryError('bad_response', 'bad', { endpoint, path: ['roles', 0, 'id'] }), 'bad_response', { path: '$.roles[0].id' }],
      [new DirectoryError('server_error', '500', { endpoint, status: 500 }), 'server_error'],
      [new DirectoryError('aborted', 'cancelled', { endpoint }), 'cancelled'],
      [new KeyInputError('The API key is empty.'), 'invalid_input'],
      [new ConnectionError('connection_not_found', 'no such connection'), 'connection_not_found'],
      [new ConnectionError('invalid_input', 'https only'), 'invalid_input'],
      [new BridgeFailure('key_missing', 'no key'), 'key_missing'],
      [new BridgeFailure('demo_failed', 'no demo'), 'demo_failed'],
      [new MediaCacheError('unreachable', 'offline', 'http://x.example/a.png'), 'network'],
      [new MediaCacheError('invalid_url', 'file:', 'file:///etc/passwd'), 'invalid_input'],
      [Object.assign(new Error('aborted'), { name: 'AbortError' }), 'cancelled'],
      [Object.assign(new Error('too slow'), { name: 'TimeoutError' }), 'timeout'],
    ];
    for (const [error, code, details] of cases) {
      const result = await failingWith(error).call();
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(bridgeErrorSchema.parse(result.error), `${(error as Error).message}`).toMatchObject({ code, ...(details ? { details } : {}) });
    }
  });
});

/** An in-memory key store with the real one's contract; `stored` lets the test look inside. */
function memoryKeys(): KeyStore & { stored: Map<string, BoundKey> } {
  const stored = new Map<string, BoundKey>();
  return {
    stored,
    status: () => ({ available: false, reason: 'test' }),
    recheck: async () => ({ available: false, reason: 'test' }),
    setKey: async (id, key, directoryUrl) => void stored.set(id, bindKey(key, directoryUrl)),
    hasKey: async (id) => stored.has(id),
    deleteKey: async (id) => stored.delete(id),
    async readKey(id, directoryUrl) {
      const bound = stored.get(id) ?? null;
      if (bound) assertKeyOrigin(bound, directoryUrl);
      return bound;
    },
  };
}

/**
 * Connections in memory, keeping the store's rules the handlers rely on: the directory is the first
 * address's origin unless named and stays when the address moves; a move to another origin deletes
 * the key or, given `rebindKey`, binds that key to the new address.
 */
function memoryConnections(keys?: ReturnType<typeof memoryKeys>): ConnectionsPort {
  const connections: ConnectionRecord[] = [];
  let activeId: string | null = null;
  let next = 1;
  return {
    list: async () => ({ connections: connections.map((c) => ({ ...c })), activeId }),
    get: async (id) => connections.find((c) => c.id === id) ?? null,
    add: async (input) => {
      const connection = { ...input, directoryOrigin: input.directoryOrigin ?? new URL(input.baseUrl).origin, id: `c-${next++}` };
      connections.push(connection);
      activeId ??= connection.id;
      return connection;
    },
    update: async (id, patch, options) => {
      const connection = connections.find((c) => c.id === id)!;
      if (patch.baseUrl !== undefined && new URL(patch.baseUrl).origin !== new URL(connection.baseUrl).origin) {
        if (options?.rebindKey === undefined) await keys?.deleteKey(id);
        else await keys?.setKey(id, options.rebindKey, patch.baseUrl);
      }
      Object.assign(connection, patch);
      return { ...connection };
    },
    remove: async (id) => void connections.splice(connections.findIndex((c) => c.id === id), 1),
    setActive: async (id) => void (activeId = id),
  };
}

describe('bridge handlers: the key never comes out', () => {
  it('keeps a canary key out of every result while still using it', async () => {
    const canary = 'canary-KEY-0f9e8d7c6b5a';
    const keys = memoryKeys();
    const keysSeenByTest: string[] = [];
    const keysSeenByDirectory: string[] = [];
    const parts: BackEndParts = {
      version: '0.0.0-test',
      shell: 'web',
      keys,
      connections: memoryConnections(),
      directory(_connection, key) {
        keysSeenByDirectory.push(key.key);
        const page = { items: [{ id: 1, name: 'Ada' }], total: 1, page: 1, perPage: 1, nextPage: null };
        return {
          listActors: async () => page,
          getActor: async () => Promise.reject(new DirectoryError('unauthorized', 'refused', { endpoint: 'GET /x', status: 401 })),
          listCrew: async () => ({ ...page, items: [] }),
          getCrew: async () => Promise.reject(new Error('unused')),
          listCastingCalls: async () => ({ ...page, items: [] }),
          getCastingCall: async () => Promise.reject(new Error('unused')),
          listAttributes: async () => ['eye_colors'],
          getAttribute: async () => ({ blue: 'Blue' }),
        };
      },
      forgetDirectory: () => undefined,
      async testConnection({ key }) {
        keysSeenByTest.push(key.key);
        return { reachable: true, keyAccepted: false, error: { code: 'unauthorized', message: 'The directory refused the API key (HTTP 401).' } };
      },
      rateBudget: () => ({
        headersSeen: false,
        limit: 300,
        used: 0,
        remaining: 300,
        inFlight: 0,
        waiting: { interactive: 0, shortlist: 0, keep_offline: 0, background: 0 },
        resetAt: null,
        blockedUntil: null,
        rateLimitedAnswers: 0,
      }),
      media: {
        stats: () => ({ count: 0, files: 0, bytes: 0, capBytes: 2 ** 31, keptFiles: 0, keptBytes: 0 }),
        present: () => [],
        sizeOf: () => null,
        releaseKept: () => 0,
        setCap: async () => undefined,
        clear: async () => undefined,
        prefetch: async (urls) => ({ cached: urls, failed: [] }),
      },
      syncMemory: { get: () => ({ completedFullSyncAt: null }), set: async () => undefined, forget: async () => undefined },
      demo: { start: async () => ({ baseUrl: 'http://127.0.0.1:45678', key: `demo-${canary}` }) },
      openExternal: async () => true,
      desktop: desktopDouble().port,
      offices: await openOfficeMembership({ keys, records: { read: async () => ({ offices: [], problem: null }), write: async () => undefined } }),
    };
    const dispatch = createDispatcher(createHandlers(parts));
    const results: [ChannelName, unknown][] = [];
    const call = async (name: ChannelName, args: unknown) => {
      const result = await dispatch(name, args);
      results.push([name, result]);
      return result;
    };

    const added = await call('addConnection', { name: 'Agency', baseUrl: 'https://directory.example', contentLocale: 'de', key: 'first-key-1' });
    expect(added.ok).toBe(true);
    const id = added.ok ? (added.value as { id: string }).id : '';
    await call('setConnectionKey', { id, key: canary });
    expect(keys.stored.get(id)).toEqual({ key: canary, origin: 'https://directory.example' });
    await call('testConnection', { id });
    await call('listConnections', {});
    await call('getAppInfo', {});
    await call('listActors', { connectionId: id, params: {} });
    await call('getActor', { connectionId: id, id: 1 });
    await call('getRateBudget', { connectionId: id });
    await call('getSyncMemory', { connectionId: id });
    await call('prefetchMedia', { connectionId: id, urls: ['https://media.example/a.png'], priority: 'high' });
    await call('updateConnection', { id, name: 'Agency 2' });
    await call('openDemoDirectory', {});
    await call('listConnections', {});
    await call('deleteConnectionKey', { id });
    await call('testConnection', { id });

    expect(keysSeenByTest).toEqual([canary]);
    expect(keysSeenByDirectory).toEqual([canary, canary]);
    for (const [name, result] of results) {
      const text = JSON.stringify(result);
      expect(text, name).not.toContain(canary);
      expect(text, name).not.toContain('first-key-1');
      // Every success matches the contract's result schema; every failure the error schema.
      const typed = result as { ok: boolean; value?: unknown; error?: unknown };
      if (typed.ok) bridgeChannels[name].result.parse(typed.value);
      else bridgeErrorSchema.parse(typed.error);
    }
    const last = results.at(-1)?.[1];
    expect(last).toMatchObject({ ok: false, error: { code: 'key_missing' } });
  });

  it('refuses a bad key before it saves the connection', async () => {
    const connections = memoryConnections();
    const keys = memoryKeys();
    const parts = { keys, connections } as unknown as BackEndParts;
    const dispatch = createDispatcher(createHandlers(parts));
    const result = await dispatch('addConnection', { name: 'A', baseUrl: 'https://d.example', contentLocale: 'en', key: 'has space' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect((await connections.list()).connections).toEqual([]);
  });

  it('reports connection_not_found and key_missing for directory calls', async () => {
    const connections = memoryConnections();
    const keys = memoryKeys();
    const dispatch = createDispatcher(createHandlers({ keys, connections } as unknown as BackEndParts));
    expect(await dispatch('listActors', { connectionId: 'nope', params: {} })).toMatchObject({ ok: false, error: { code: 'connection_not_found' } });
    const added = await connections.add({ name: 'A', baseUrl: 'https://d.example', contentLocale: 'en', isDemo: false });
    expect(await dispatch('listActors', { connectionId: added.id, params: {} })).toMatchObject({ ok: false, error: { code: 'key_missing' } });
  });
});

describe('bridge handlers: the demo directory', () => {
  function demoParts(baseUrls: string[]) {
    const keys = memoryKeys();
    const connections = memoryConnections(keys);
    const parts = {
      keys,
      connections,
      forgetDirectory: () => undefined,
      demo: { start: async () => ({ baseUrl: baseUrls.shift()!, key: 'demo-casting-pro-1', directoryOrigin: 'http://127.0.0.1:40000' }) },
    } as unknown as BackEndParts;
    return { dispatch: createDispatcher(createHandlers(parts)), keys, connections };
  }

  it('creates one demo connection, makes it active when asked and follows the port between runs', async () => {
    const { dispatch, keys, connections } = demoParts(['http://127.0.0.1:41000', 'http://127.0.0.1:42000']);
    const mine = await connections.add({ name: 'Demo directory', baseUrl: 'https://d.example', contentLocale: 'en', isDemo: false });
    const first = await dispatch('openDemoDirectory', { activate: true });
    expect(first).toMatchObject({ ok: true, value: { name: 'Demo directory 2', isDemo: true, hasKey: true, baseUrl: 'http://127.0.0.1:41000' } });
    const id = first.ok ? (first.value as { id: string }).id : '';
    expect(keys.stored.get(id)).toEqual({ key: 'demo-casting-pro-1', origin: 'http://127.0.0.1:41000' });
    expect((await connections.list()).activeId).toBe(id);
    // The demo's identity is the one its data folder was first served at, whatever its port now.
    expect(first).toMatchObject({ ok: true, value: { directoryOrigin: 'http://127.0.0.1:40000' } });
    const second = await dispatch('openDemoDirectory', {});
    // Another port, the same directory: the offline library keeps one copy of each profile.
    expect(second).toMatchObject({ ok: true, value: { id, baseUrl: 'http://127.0.0.1:42000', directoryOrigin: 'http://127.0.0.1:40000', hasKey: true } });
    // The demo's new port is a new origin: the key is stored again, for it.
    expect(keys.stored.get(id)).toEqual({ key: 'demo-casting-pro-1', origin: 'http://127.0.0.1:42000' });
    expect((await connections.list()).connections.map((c) => c.id)).toEqual([mine.id, id]);
    // The demo's key never crosses the bridge either.
    expect(JSON.stringify([first, second])).not.toContain('demo-casting-pro-1');
  });

  it('makes the first demo connection read in the content language asked (the UI language), and keeps it later', async () => {
    const { dispatch } = demoParts(['http://127.0.0.1:41000', 'http://127.0.0.1:42000']);
    expect(await dispatch('openDemoDirectory', { contentLocale: 'de' })).toMatchObject({ ok: true, value: { contentLocale: 'de' } });
    // A later start asks in another UI language: the existing connection keeps the language it has.
    expect(await dispatch('openDemoDirectory', { contentLocale: 'pl' })).toMatchObject({ ok: true, value: { contentLocale: 'de' } });
  });

  it('opens the demo once when a reload or a second window asks while the first start runs', async () => {
    const keys = memoryKeys();
    const connections = memoryConnections();
    let release: () => void = () => undefined;
    const started: string[] = [];
    const parts = {
      keys,
      connections,
      forgetDirectory: () => undefined,
      demo: {
        start: async () => {
          started.push('start');
          await new Promise<void>((resolve) => (release = resolve));
          return { baseUrl: 'http://127.0.0.1:41000', key: 'demo-casting-pro-1' };
        },
        status: () => ({ phase: 'generating' as const, actors: 1942, crew: 300, castingCalls: 60 }),
      },
    } as unknown as BackEndParts;
    const dispatch = createDispatcher(createHandlers(parts));
    const first = dispatch('openDemoDirectory', {});
    const reloaded = dispatch('openDemoDirectory', {});
    await vi.waitFor(() => expect(started).toEqual(['start']));
    expect(await dispatch('getDemoStatus', {})).toEqual({ ok: true, value: { phase: 'generating', actors: 1942, crew: 300, castingCalls: 60 } });
    release();
    const answers = await Promise.all([first, reloaded]);
    expect(answers.map((answer) => answer.ok)).toEqual([true, true]);
    expect((await connections.list()).connections.map((connection) => connection.name)).toEqual(['Demo directory']);
    expect(started).toEqual(['start']);
  });

  it('reports a demo that cannot start as demo_failed', async () => {
    const parts = {
      keys: memoryKeys(),
      connections: memoryConnections(),
      demo: { start: async () => Promise.reject(new BridgeFailure('demo_failed', 'The demo directory exited during startup.')) },
    } as unknown as BackEndParts;
    const result = await createDispatcher(createHandlers(parts))('openDemoDirectory', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'demo_failed' } });
  });
});

/** A desktop port that records what the handlers asked of the shell. */
function desktopDouble(answers: { opened?: boolean; shown?: boolean; copied?: boolean; waitingRoute?: string | null } = {}) {
  const asked: unknown[][] = [];
  let waitingRoute = answers.waitingRoute ?? null;
  const port: BackEndParts['desktop'] = {
    folders: { data: '/home/casting/.config/Castdesk', logs: '/home/casting/.config/Castdesk/logs' },
    openFolder: async (path) => (asked.push(['openFolder', path]), answers.opened ?? false),
    setProgress: (fraction) => void asked.push(['setProgress', fraction]),
    notify: (title, body) => (asked.push(['notify', title, body]), answers.shown ?? false),
    logRendererError: (message, detail) => void asked.push(['log', message, detail]),
    takeAppRoute: () => {
      const route = waitingRoute;
      waitingRoute = null;
      return route;
    },
    copyText: (text) => (asked.push(['copy', text]), answers.copied ?? false),
    setMenuLanguage: (locale) => void asked.push(['menu', locale]),
  };
  return { port, asked };
}

describe('bridge handlers: the desktop channels', () => {
  const dispatchWith = (desktop: BackEndParts['desktop']) =>
    createDispatcher(createHandlers({ version: '1.2.3', shell: 'electron', keys: memoryKeys(), connections: memoryConnections(), desktop } as unknown as BackEndParts));

  it('name the data and log folders and open the one asked for, nothing else', async () => {
    const desktop = desktopDouble({ opened: true });
    const dispatch = dispatchWith(desktop.port);
    expect(await dispatch('getAppInfo', {})).toMatchObject({ ok: true, value: { version: '1.2.3', folders: desktop.port.folders } });
    expect(await dispatch('openFolder', { folder: 'logs' })).toEqual({ ok: true, value: { opened: true } });
    expect(await dispatch('openFolder', { folder: 'data' })).toEqual({ ok: true, value: { opened: true } });
    for (const folder of ['/etc', '../logs', 'downloads']) expect(await dispatch('openFolder', { folder })).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect(await dispatch('openFolder', { folder: 'logs', path: '/etc' })).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect(desktop.asked).toEqual([
      ['openFolder', '/home/casting/.config/Castdesk/logs'],
      ['openFolder', '/home/casting/.config/Castdesk'],
    ]);
  });

  // Issue 23, item 10: libnotify reads a notification's body as markup; a directory's error text must show as written.
  it.runIf(process.platform === 'linux')('escape markup in a notification body on Linux, where libnotify would read it', async () => {
    const desktop = desktopDouble({ shown: true });
    const dispatch = dispatchWith(desktop.port);
    const body = 'The sync stopped: <b>Pay</b> at <a href="https://evil.example">here</a> & <img src="file:///x">';
    expect(await dispatch('showNotification', { title: 'Sync <stopped>', body })).toEqual({ ok: true, value: { shown: true } });
    expect(desktop.asked).toEqual([
      ['notify', 'Sync <stopped>', 'The sync stopped: &lt;b&gt;Pay&lt;/b&gt; at &lt;a href="https://evil.example"&gt;here&lt;/a&gt; &amp; &lt;img src="file:///x"&gt;'],
    ]);
  });

  it('pass taskbar progress, notifications and renderer errors to the shell, within their limits', async () => {
    const desktop = desktopDouble({ shown: true });
    const dispatch = dispatchWith(desktop.port);
    expect(await dispatch('setTaskbarProgress', { fraction: 0.25 })).toEqual({ ok: true, value: {} });
    expect(await dispatch('setTaskbarProgress', { fraction: null })).toEqual({ ok: true, value: {} });
    expect(await dispatch('setTaskbarProgress', { fraction: 1.5 })).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect(await dispatch('showNotification', { title: 'Sync complete', body: 'Done.' })).toEqual({ ok: true, value: { shown: true } });
    expect(await dispatch('showNotification', { title: '', body: 'x' })).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect(await dispatch('logRendererError', { message: 'm'.repeat(2001), detail: '' })).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect(await dispatch('logRendererError', { message: 'TypeError', detail: 'stack' })).toEqual({ ok: true, value: {} });
    expect(desktop.asked).toEqual([
      ['setProgress', 0.25],
      ['setProgress', null],
      ['notify', 'Sync complete', 'Done.'],
      ['log', 'TypeError', 'stack'],
    ]);
  });
});

describe('bridge handlers: castdesk:// links and the menu language', () => {
  const dispatchWith = (desktop: BackEndParts['desktop']) =>
    createDispatcher(createHandlers({ version: '1.2.3', shell: 'electron', keys: memoryKeys(), connections: memoryConnections(), desktop } as unknown as BackEndParts));

  it('hand the waiting route out once', async () => {
    const dispatch = dispatchWith(desktopDouble({ waitingRoute: '/casting-calls/4' }).port);
    expect(await dispatch('takeAppLink', {})).toEqual({ ok: true, value: { route: '/casting-calls/4' } });
    expect(await dispatch('takeAppLink', {})).toEqual({ ok: true, value: { route: null } });
  });

  it('never hand out a route the link rule would not write, whatever the shell held', async () => {
    const dispatch = dispatchWith(desktopDouble({ waitingRoute: '/settings' }).port);
    expect(await dispatch('takeAppLink', {})).toEqual({ ok: true, value: { route: null } });
  });

  it('copy the castdesk:// link of a linkable route only, and say when the shell had no clipboard', async () => {
    const electron = desktopDouble({ copied: true });
    const dispatch = dispatchWith(electron.port);
    expect(await dispatch('copyAppLink', { route: '/shortlists/3' })).toEqual({ ok: true, value: { link: 'castdesk://shortlists/3', copied: true } });
    expect(await dispatch('copyAppLink', { route: '/actors?q=Anna+Maria' })).toEqual({ ok: true, value: { link: 'castdesk://actors?q=Anna+Maria', copied: true } });
    for (const route of ['/settings', 'https://evil.example/', '/actors/1?x=1', 'castdesk://actors/1']) {
      expect(await dispatch('copyAppLink', { route }), route).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    }
    expect(electron.asked).toEqual([
      ['copy', 'castdesk://shortlists/3'],
      ['copy', 'castdesk://actors?q=Anna+Maria'],
    ]);
    const web = dispatchWith(desktopDouble({ copied: false }).port);
    expect(await web('copyAppLink', { route: '/crew/2' })).toEqual({ ok: true, value: { link: 'castdesk://crew/2', copied: false } });
  });

  it('copy a text the user asked to copy, a long one too, and say when the shell had no clipboard; an empty text is refused', async () => {
    const electron = desktopDouble({ copied: true });
    const dispatch = dispatchWith(electron.port);
    const long = 'x'.repeat(12_000);
    expect(await dispatch('copyText', { text: 'Strong in the closet scene' })).toEqual({ ok: true, value: { copied: true } });
    expect(await dispatch('copyText', { text: long })).toEqual({ ok: true, value: { copied: true } });
    expect(await dispatch('copyText', { text: '' })).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect(electron.asked).toEqual([['copy', 'Strong in the closet scene'], ['copy', long]]);
    const web = dispatchWith(desktopDouble({ copied: false }).port);
    expect(await web('copyText', { text: 'Call him back' })).toEqual({ ok: true, value: { copied: false } });
  });

  it('pass the UI language to the menu, and nothing that is not a language tag', async () => {
    const desktop = desktopDouble();
    const dispatch = dispatchWith(desktop.port);
    expect(await dispatch('setMenuLanguage', { locale: 'uk' })).toEqual({ ok: true, value: {} });
    expect(await dispatch('setMenuLanguage', { locale: '<script>' })).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect(desktop.asked).toEqual([['menu', 'uk']]);
  });
});

describe('bridge handlers: the sync channels', () => {
  type Recorded = { method: string; priority: unknown };

  /** Parts with a directory that records the priority each call carried, and the real sync memory. */
  async function syncParts() {
    const keys = memoryKeys();
    const connections = memoryConnections();
    const recorded: Recorded[] = [];
    const budgetsAskedFor: string[] = [];
    const userDataDir = await mkdtemp(join(tmpdir(), 'castdesk-bridge-sync-'));
    const syncMemory = await openSyncMemory({ userDataDir });
    const page = { items: [], total: 0, page: 1, perPage: 1, nextPage: null };
    const record = (method: string) => async (...args: unknown[]) => {
      recorded.push({ method, priority: (args.at(-1) as { priority?: unknown } | undefined)?.priority });
      return method.startsWith('list') ? page : { id: 1 };
    };
    const parts = {
      keys,
      connections,
      directory: () => ({
        listActors: record('listActors'),
        getActor: record('getActor'),
        listCrew: record('listCrew'),
        getCrew: record('getCrew'),
        listCastingCalls: record('listCastingCalls'),
        getCastingCall: record('getCastingCall'),
      }),
      forgetDirectory: () => undefined,
      rateBudget(connection: ConnectionRecord) {
        budgetsAskedFor.push(connection.baseUrl);
        return { headersSeen: true, limit: 50, used: 3, remaining: 47, inFlight: 0, waiting: { interactive: 0, shortlist: 0, keep_offline: 0, background: 2 }, resetAt: 1, blockedUntil: null, rateLimitedAnswers: 0 };
      },
      media: {
        prefetch: async (urls: string[]) => ({ cached: urls.slice(1), failed: [{ url: urls[0]!, code: 'upstream_status' }] }),
        sizeOf: (url: string) => (url.endsWith('/a.png') ? 1234 : null),
        releaseKept: () => 0,
      },
      syncMemory,
    } as unknown as BackEndParts;
    const dispatch = createDispatcher(createHandlers(parts));
    const added = await connections.add({ name: 'A', baseUrl: 'https://d.example', contentLocale: 'en', isDemo: false });
    await keys.setKey(added.id, 'k-1', added.baseUrl);
    return { dispatch, id: added.id, recorded, budgetsAskedFor, userDataDir, cleanup: () => rm(userDataDir, { recursive: true, force: true }) };
  }

  it('hands each directory call its priority, none when the renderer gave none', async () => {
    const { dispatch, id, recorded, cleanup } = await syncParts();
    try {
      await dispatch('listActors', { connectionId: id, params: {}, priority: 'background' });
      await dispatch('getActor', { connectionId: id, id: 1, priority: 'interactive' });
      await dispatch('listCrew', { connectionId: id, params: {}, priority: 'keep_offline' });
      await dispatch('getCrew', { connectionId: id, id: 1, enum: 'translate', priority: 'shortlist' });
      await dispatch('listCastingCalls', { connectionId: id, params: {} });
      await dispatch('getCastingCall', { connectionId: id, id: 1, priority: 'background' });
      expect(recorded).toEqual([
        { method: 'listActors', priority: 'background' },
        { method: 'getActor', priority: 'interactive' },
        { method: 'listCrew', priority: 'keep_offline' },
        { method: 'getCrew', priority: 'shortlist' },
        { method: 'listCastingCalls', priority: undefined },
        { method: 'getCastingCall', priority: 'background' },
      ]);
      expect(await dispatch('getActor', { connectionId: id, id: 1, priority: 'urgent' })).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    } finally {
      await cleanup();
    }
  });

  it('reports the rate budget of the connection and refuses an unknown connection', async () => {
    const { dispatch, id, budgetsAskedFor, cleanup } = await syncParts();
    try {
      const budget = await dispatch('getRateBudget', { connectionId: id });
      expect(budget).toMatchObject({ ok: true, value: { limit: 50, used: 3, rateLimitedAnswers: 0 } });
      bridgeChannels.getRateBudget.result.parse(budget.ok ? budget.value : null);
      expect(budgetsAskedFor).toEqual(['https://d.example']);
      expect(await dispatch('getRateBudget', { connectionId: 'nope' })).toMatchObject({ ok: false, error: { code: 'connection_not_found' } });
    } finally {
      await cleanup();
    }
  });

  it('remembers a completed full sync per connection and forgets it with the connection', async () => {
    const { dispatch, id, userDataDir, cleanup } = await syncParts();
    try {
      expect(await dispatch('getSyncMemory', { connectionId: id })).toEqual({ ok: true, value: { completedFullSyncAt: null } });
      const at = '2026-11-22T01:02:03.000Z';
      expect(await dispatch('setSyncMemory', { connectionId: id, completedFullSyncAt: at })).toEqual({ ok: true, value: {} });
      expect(await dispatch('getSyncMemory', { connectionId: id })).toEqual({ ok: true, value: { completedFullSyncAt: at } });
      expect(JSON.parse(await readFile(join(userDataDir, 'sync-memory.json'), 'utf8'))).toEqual({ version: 1, connections: { [id]: { completedFullSyncAt: at } } });
      expect(await dispatch('setSyncMemory', { connectionId: id, completedFullSyncAt: 'yesterday' })).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
      expect(await dispatch('setSyncMemory', { connectionId: 'nope', completedFullSyncAt: at })).toMatchObject({ ok: false, error: { code: 'connection_not_found' } });
      expect(await dispatch('removeConnection', { id })).toEqual({ ok: true, value: {} });
      expect(JSON.parse(await readFile(join(userDataDir, 'sync-memory.json'), 'utf8'))).toEqual({ version: 1, connections: {} });
      expect(await dispatch('getSyncMemory', { connectionId: id })).toMatchObject({ ok: false, error: { code: 'connection_not_found' } });
    } finally {
      await cleanup();
    }
  });

  it('prefetches pictures only for a known connection and passes per-URL failures through', async () => {
    const { dispatch, id, cleanup } = await syncParts();
    try {
      const urls = ['https://media.example/gone.png', 'https://media.example/a.png'];
      expect(await dispatch('prefetchMedia', { connectionId: id, urls, priority: 'normal' })).toEqual({
        ok: true,
        value: { cached: ['https://media.example/a.png'], sizes: { 'https://media.example/a.png': 1234 }, failed: [{ url: 'https://media.example/gone.png', code: 'upstream_status' }] },
      });
      expect(await dispatch('prefetchMedia', { connectionId: 'nope', urls, priority: 'normal' })).toMatchObject({ ok: false, error: { code: 'connection_not_found' } });
      expect(await dispatch('prefetchMedia', { connectionId: id, urls: [], priority: 'normal' })).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    } finally {
      await cleanup();
    }
  });
});
