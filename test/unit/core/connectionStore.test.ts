/**
 * Connection settings on a real disk (a temp folder per test): what is stored, what is refused,
 * and that an unreadable or newer settings file is never overwritten unnoticed.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { normalizeBaseUrl } from '../../../electron/core/connections/baseUrl.ts';
import { ConnectionError, SettingsFileError } from '../../../electron/core/connections/connectionErrors.ts';
import { openConnectionStore } from '../../../electron/core/connections/connectionStore.ts';
import { currentSchemaVersion } from '../../../electron/core/connections/connectionSchema.ts';
import { validateApiKey } from '../../../electron/core/keys/apiKey.ts';
import { assertKeyOrigin, bindKey, type BoundKey } from '../../../electron/core/keys/keyOrigin.ts';
import type { KeyStore } from '../../../electron/core/keys/keyStore.ts';

/** Lets one test make the atomic rename fail, as a full disk or a crash between the steps would. */
const failures = vi.hoisted(() => ({ failNextRename: false }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...actual,
    rename: async (from: string, to: string) => {
      if (failures.failNextRename && to.endsWith('settings.json')) {
        failures.failNextRename = false;
        throw Object.assign(new Error('ENOSPC: no space left on device, rename'), { code: 'ENOSPC' });
      }
      return actual.rename(from, to);
    },
  };
});

/** An in-memory key store with the real interface: unit tests only; the real one has its own tests. */
class FakeKeyStore implements KeyStore {
  readonly keys = new Map<string, BoundKey>();
  failNextDelete = false;
  failNextSet = false;
  status() {
    return { available: true };
  }
  async recheck() {
    return this.status();
  }
  async setKey(connectionId: string, key: string, directoryUrl: string): Promise<void> {
    if (this.failNextSet) {
      this.failNextSet = false;
      throw new Error('keychain locked');
    }
    this.keys.set(connectionId, bindKey(validateApiKey(key), directoryUrl));
  }
  async hasKey(connectionId: string): Promise<boolean> {
    return this.keys.has(connectionId);
  }
  async deleteKey(connectionId: string): Promise<boolean> {
    if (this.failNextDelete) {
      this.failNextDelete = false;
      throw new Error('keychain locked');
    }
    return this.keys.delete(connectionId);
  }
  async readKey(connectionId: string, directoryUrl: string): Promise<BoundKey | null> {
    const bound = this.keys.get(connectionId) ?? null;
    if (bound) assertKeyOrigin(bound, directoryUrl);
    return bound;
  }
}

let userDataDir: string;
let keyStore: FakeKeyStore;
const open = () => openConnectionStore({ userDataDir, keyStore, now: () => new Date('2026-01-02T03:04:05.678Z') });
const settingsFile = () => join(userDataDir, 'settings.json');
const readSettings = async () => JSON.parse(await readFile(settingsFile(), 'utf8')) as Record<string, unknown>;
const sample = { name: 'Agency One', baseUrl: 'https://directory.example.com/', contentLocale: 'de' };

beforeEach(async () => {
  userDataDir = await mkdtemp(join(tmpdir(), 'castdesk-connections-'));
  keyStore = new FakeKeyStore();
});
afterEach(async () => {
  await rm(userDataDir, { recursive: true, force: true });
});

describe('base URLs', () => {
  it.each([
    ['https://directory.example.com', 'https://directory.example.com'],
    ['https://directory.example.com/', 'https://directory.example.com'],
    ['  https://Directory.Example.COM:443/  ', 'https://directory.example.com'],
    ['https://example.com/casting/', 'https://example.com/casting'],
    ['https://example.com/api/v1/', 'https://example.com'],
    ['https://example.com:8443', 'https://example.com:8443'],
    ['http://127.0.0.1:5190', 'http://127.0.0.1:5190'],
    ['http://localhost:5190/', 'http://localhost:5190'],
    ['http://[::1]:5190', 'http://[::1]:5190'],
    ['HTTP://LOCALHOST', 'http://localhost'],
  ])('accepts %s as %s', (input, normalized) => {
    expect(normalizeBaseUrl(input)).toBe(normalized);
  });

  it.each([
    ['http://directory.example.com', /unencrypted/],
    ['http://192.168.1.20:5190', /unencrypted/],
    ['http://127.0.0.2', /unencrypted/],
    ['http://localhost.example.com', /unencrypted/],
    ['https://user:pass@directory.example.com', /user name or password/],
    ['https://user@directory.example.com', /user name or password/],
    ['https://directory.example.com/?token=x', /query/],
    ['https://directory.example.com/?', /query/],
    ['https://directory.example.com/#top', /fragment/],
    ['https://directory.example.com#', /fragment/],
    ['javascript:alert(1)', /Only https/],
    ['file:///etc/passwd', /Only https/],
    ['data:text/html,hi', /Only https/],
    ['ftp://directory.example.com', /Only https/],
    ['directory.example.com', /not a complete URL/],
    ['', /empty/],
    ['https://exa mple.com', /spaces/],
    ['https://example.com/\u0000', /invisible/],
    [`https://example.com/${'a'.repeat(2100)}`, /longer than/],
  ])('refuses %s', (input, message) => {
    expect(() => normalizeBaseUrl(input)).toThrow(message);
    expect(() => normalizeBaseUrl(input)).toThrow(ConnectionError);
  });
});

describe('connection store', () => {
  it('adds a connection, stores its key in the key store and never in the file', async () => {
    const store = await open();
    const added = await store.add({ ...sample, key: 'k-canary-3b1f9e' });
    expect(added).toEqual({
      id: expect.stringMatching(/^[a-z0-9-]{1,64}$/),
      name: 'Agency One',
      baseUrl: 'https://directory.example.com',
      contentLocale: 'de',
      createdAt: '2026-01-02T03:04:05.678Z',
      directoryOrigin: 'https://directory.example.com',
    });
    expect(keyStore.keys.get(added.id)?.key).toBe('k-canary-3b1f9e');
    expect(store.activeConnectionId()).toBe(added.id);
    const text = await readFile(settingsFile(), 'utf8');
    expect(text).not.toContain('k-canary-3b1f9e');
    expect(JSON.parse(text)).toEqual({ schemaVersion: currentSchemaVersion, activeConnectionId: added.id, connections: [added] });

    const reopened = await open();
    expect(reopened.list()).toEqual([added]);
    expect(reopened.get(added.id)).toEqual(added);
    expect(reopened.activeConnectionId()).toBe(added.id);
    expect(reopened.loadProblem).toBeNull();
  });

  it('writes atomically: no temp files stay behind, a failed rename keeps the previous file intact', async () => {
    const store = await open();
    const first = await store.add(sample);
    const before = await readFile(settingsFile(), 'utf8');
    failures.failNextRename = true;
    await expect(store.add({ ...sample, name: 'Second' })).rejects.toThrow(/ENOSPC/);
    expect(await readFile(settingsFile(), 'utf8')).toBe(before);
    expect(store.list()).toEqual([first]);
    expect(await readdir(userDataDir)).toEqual(['settings.json']);
    // The store still works after the failure.
    await store.add({ ...sample, name: 'Second' });
    expect((await readSettings()).connections).toHaveLength(2);
    expect(await readdir(userDataDir)).toEqual(['settings.json']);
  });

  it('removes temp files a crash left behind and loads the last complete file', async () => {
    const store = await open();
    const added = await store.add(sample);
    await writeFile(join(userDataDir, `.settings.json.999-dead.tmp`), '{"schemaVersion":1,"conn');
    const reopened = await open();
    expect(reopened.list()).toEqual([added]);
    expect(await readdir(userDataDir)).toEqual(['settings.json']);
  });

  it('serializes concurrent changes so none is lost', async () => {
    const store = await open();
    await Promise.all(Array.from({ length: 8 }, (_, index) => store.add({ ...sample, name: `Connection ${index}` })));
    expect((await open()).list().map((c) => c.name).sort()).toEqual(Array.from({ length: 8 }, (_, index) => `Connection ${index}`));
  });

  it('trims names, refuses empty, overlong, control-character and duplicate (case-insensitive) names', async () => {
    const store = await open();
    expect((await store.add({ ...sample, name: '  Agency One  ' })).name).toBe('Agency One');
    await expect(store.add({ ...sample, name: 'agency ONE' })).rejects.toThrow(/already exists/);
    await expect(store.add({ ...sample, name: '   ' })).rejects.toThrow(/empty/);
    await expect(store.add({ ...sample, name: 'x'.repeat(81) })).rejects.toThrow(/at most 80/);
    expect((await store.add({ ...sample, name: 'y'.repeat(80) })).name).toHaveLength(80);
    await expect(store.add({ ...sample, name: 'two\nlines' })).rejects.toThrow(/invisible/);
    await expect(store.add({ ...sample, contentLocale: 'xx' })).rejects.toThrow(/en, de, fr, it, es, pl, ro, uk, ru, tr/);
    await expect(store.add({ ...sample, name: 'Other', baseUrl: 'http://example.com' })).rejects.toThrow(ConnectionError);
    await expect(store.add({ ...sample, name: 'Other', key: 'has space' })).rejects.toThrow(/spaces/);
    expect(store.list()).toHaveLength(2);
    expect(keyStore.keys.size).toBe(0);
  });

  it('updates fields, keeping the name rules, and reports an unknown id', async () => {
    const store = await open();
    const one = await store.add(sample);
    const two = await store.add({ ...sample, name: 'Two', baseUrl: 'http://127.0.0.1:5190', isDemo: true });
    const updated = await store.update(one.id, { name: ' Renamed ', baseUrl: 'https://other.example.com/x/', contentLocale: 'fr' });
    expect(updated).toEqual({ ...one, name: 'Renamed', baseUrl: 'https://other.example.com/x', contentLocale: 'fr' });
    expect(await store.update(one.id, { name: 'renamed' })).toMatchObject({ name: 'renamed' });
    await expect(store.update(one.id, { name: 'TWO' })).rejects.toThrow(/already exists/);
    await expect(store.update(one.id, { baseUrl: 'http://example.com' })).rejects.toThrow(/unencrypted/);
    await expect(store.update('no-such-id', { name: 'x' })).rejects.toMatchObject({ code: 'connection_not_found' });
    expect((await open()).get(two.id)).toEqual(two);
  });

  it('stores the key for the connection\'s origin and deletes it when the origin changes', async () => {
    const store = await open();
    const one = await store.add({ ...sample, key: 'key-one-abcdef' });
    expect(keyStore.keys.get(one.id)).toEqual({ key: 'key-one-abcdef', origin: 'https://directory.example.com' });
    // Same origin, other path, name, language: the key stays.
    await store.update(one.id, { baseUrl: 'https://directory.example.com/v2', name: 'Renamed', contentLocale: 'en' });
    expect(keyStore.keys.has(one.id)).toBe(true);
    // Scheme, host or port changed: another origin, and the key goes before the address is saved.
    keyStore.failNextDelete = true;
    await expect(store.update(one.id, { baseUrl: 'https://other.example.com' })).rejects.toThrow(/keychain locked/);
    expect((await open()).get(one.id)?.baseUrl).toBe('https://directory.example.com/v2');
    expect(keyStore.keys.has(one.id)).toBe(true);
    await store.update(one.id, { baseUrl: 'https://directory.example.com:8443' });
    expect(keyStore.keys.has(one.id)).toBe(false);
  });

  it('removes a connection together with its key and moves the active connection on', async () => {
    const store = await open();
    const one = await store.add({ ...sample, key: 'key-one-abcdef' });
    const two = await store.add({ ...sample, name: 'Two', key: 'key-two-abcdef' });
    expect(store.activeConnectionId()).toBe(one.id);
    await store.remove(one.id);
    expect(keyStore.keys.has(one.id)).toBe(false);
    expect(keyStore.keys.get(two.id)?.key).toBe('key-two-abcdef');
    expect(store.activeConnectionId()).toBe(two.id);
    await store.setActiveConnection(null);
    expect((await open()).activeConnectionId()).toBeNull();
    await store.setActiveConnection(two.id);
    await store.remove(two.id);
    expect(keyStore.keys.size).toBe(0);
    expect(await readSettings()).toEqual({ schemaVersion: currentSchemaVersion, activeConnectionId: null, connections: [] });
    await expect(store.remove(two.id)).rejects.toMatchObject({ code: 'connection_not_found' });
    await expect(store.setActiveConnection('no-such-id')).rejects.toMatchObject({ code: 'connection_not_found' });
  });

  it('undoes an addition whose key could not be stored', async () => {
    const store = await open();
    keyStore.failNextSet = true;
    await expect(store.add({ ...sample, key: 'key-one-abcdef' })).rejects.toThrow(/keychain locked/);
    expect(store.list()).toEqual([]);
    expect((await readSettings()).connections).toEqual([]);
  });

  it.each([
    ['not JSON', '{"schemaVersion": 1, "connections": [', /not valid JSON/],
    ['the wrong shape', JSON.stringify({ schemaVersion: 1, activeConnectionId: null, connections: [{ id: 'x' }] }), /expected content/],
    ['no schemaVersion', JSON.stringify({ activeConnectionId: null, connections: [] }), /schemaVersion/],
    [
      'an http remote URL',
      JSON.stringify({
        schemaVersion: 1,
        activeConnectionId: null,
        connections: [{ id: 'a', name: 'A', baseUrl: 'http://example.com', contentLocale: 'en', createdAt: '2026-01-01T00:00:00.000Z' }],
      }),
      /baseUrl/,
    ],
  ])('keeps a settings file with %s aside, reports it and starts fresh', async (_what, content, reason) => {
    await writeFile(settingsFile(), content);
    const store = await open();
    expect(store.list()).toEqual([]);
    expect(store.loadProblem).toMatchObject({ code: 'settings_corrupt', message: expect.stringMatching(reason) });
    const keptAt = store.loadProblem?.keptAt ?? '';
    expect(keptAt).toBe(join(userDataDir, 'settings.json.corrupt-2026-01-02T03-04-05-678Z'));
    expect(store.loadProblem?.message).toContain(keptAt);
    expect(await readFile(keptAt, 'utf8')).toBe(content);
    await store.add(sample);
    expect(await readFile(keptAt, 'utf8')).toBe(content);
    expect((await open()).loadProblem).toBeNull();
  });

  it('never replaces an earlier corrupt copy', async () => {
    await writeFile(settingsFile(), 'first');
    await open();
    await writeFile(settingsFile(), 'second');
    const store = await open();
    expect(store.loadProblem?.keptAt).toMatch(/corrupt-2026-01-02T03-04-05-678Z-1$/);
    expect((await readdir(userDataDir)).sort()).toEqual([
      'settings.json.corrupt-2026-01-02T03-04-05-678Z',
      'settings.json.corrupt-2026-01-02T03-04-05-678Z-1',
    ]);
  });

  it('reads settings of schema 1: each connection is the directory at its address then, written as schema 2 at the next change', async () => {
    const v1 = {
      schemaVersion: 1,
      activeConnectionId: 'demo',
      connections: [
        { id: 'demo', name: 'Demo directory', baseUrl: 'http://127.0.0.1:34155', contentLocale: 'en', isDemo: true, createdAt: '2026-01-01T00:00:00.000Z' },
        { id: 'agency', name: 'Agentur', baseUrl: 'https://directory.example.com/api', contentLocale: 'de', createdAt: '2026-01-01T00:00:00.000Z' },
      ],
    };
    await writeFile(settingsFile(), JSON.stringify(v1));
    const store = await open();
    expect(store.loadProblem).toBeNull();
    expect(store.list().map((connection) => [connection.id, connection.directoryOrigin])).toEqual([
      ['demo', 'http://127.0.0.1:34155'],
      ['agency', 'https://directory.example.com'],
    ]);
    // The demo comes back on another port: still the directory it was.
    await store.update('demo', { baseUrl: 'http://127.0.0.1:41000' }, { rebindKey: 'demo-casting-pro-1' });
    const written = JSON.parse(await readFile(settingsFile(), 'utf8')) as { schemaVersion: number; connections: { directoryOrigin: string; baseUrl: string }[] };
    expect(written.schemaVersion).toBe(2);
    expect(written.connections[0]).toMatchObject({ baseUrl: 'http://127.0.0.1:41000', directoryOrigin: 'http://127.0.0.1:34155' });
    expect(keyStore.keys.get('demo')).toEqual({ key: 'demo-casting-pro-1', origin: 'http://127.0.0.1:41000' });
  });

  it('keeps a connection the same directory when its address changes, and drops its key unless the new one is given', async () => {
    const store = await open();
    const added = await store.add({ ...sample, key: 'k-agency-1' });
    const moved = await store.update(added.id, { baseUrl: 'https://moved.example.com' });
    expect(moved.directoryOrigin).toBe('https://directory.example.com');
    expect(keyStore.keys.has(added.id)).toBe(false);
    await expect(store.update(added.id, { baseUrl: 'https://again.example.com' }, { rebindKey: 'has space' })).rejects.toThrow();
    expect(store.get(added.id)?.baseUrl).toBe('https://moved.example.com');
  });

  it('refuses a settings file from a newer version and leaves it untouched', async () => {
    const newer = JSON.stringify({ schemaVersion: currentSchemaVersion + 1, profiles: [{ anything: true }] });
    await writeFile(settingsFile(), newer);
    const opening = open();
    await expect(opening).rejects.toThrow(SettingsFileError);
    await expect(opening).rejects.toMatchObject({ code: 'settings_newer', message: expect.stringMatching(/newer version of Castdesk/) });
    expect(await readFile(settingsFile(), 'utf8')).toBe(newer);
    expect(await readdir(userDataDir)).toEqual(['settings.json']);
  });
});
