/**
 * The key store against a real gnome-keyring in a D-Bus session (CI starts one with a throwaway
 * keyring folder), reading back in fresh processes; and the no-keychain path, where a key is
 * refused (never kept in memory as if stored, never written to a file) and no file under the user
 * data folder may ever contain one. keychainUnavailable.test.ts covers a binding that cannot load.
 *
 * Run it here with:
 *   dbus-run-session -- sh -c 'export XDG_DATA_HOME=$(mktemp -d); eval "$(printf pw | gnome-keyring-daemon --unlock --components=secrets)"; npx vitest run --config test/vitest.config.ts --project integration test/integration/keyStore.test.ts'
 */
import { execFile, spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AsyncEntry } from '@napi-rs/keyring';
import { linesOf, startPrivateBus } from '../support/privateKeychain.ts';
import { KeyInputError } from '../../electron/core/keys/apiKey.ts';
import { ForeignOriginError } from '../../electron/core/keys/keyOrigin.ts';
import { keychainService, openKeyStore, type KeyStore } from '../../electron/core/keys/keyStore.ts';

const run = promisify(execFile);
const tsx = join(process.cwd(), 'node_modules/.bin/tsx');
const child = join(process.cwd(), 'test/integration/keyStoreChild.ts');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** The origin the test keys are stored for. */
const directory = 'https://directory.example.com';

const inDbusSession = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);
const howToRun =
  "dbus-run-session -- sh -c 'export XDG_DATA_HOME=$(mktemp -d); eval \"$(printf pw | gnome-keyring-daemon --unlock --components=secrets)\"; npm test'";

/** Unique per run, so a rerun (or a crashed earlier run) never meets its own entries. */
const runId = `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
const created: string[] = [];
function connectionId(label: string): string {
  const id = `t-${runId}-${label}`;
  created.push(id);
  return id;
}

/** Starting tsx takes seconds, many on a loaded 2-core machine: generous, and only around the start. */
const freshProcessTimeoutMs = 90_000;
/** For tests that start fresh processes (up to four each). */
const processTestTimeoutMs = 4 * freshProcessTimeoutMs;

/** Runs keyStoreChild.ts in a fresh process and returns what it printed (JSON, never a key). */
async function inFreshProcess(args: string[], env: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const { stdout } = await run(tsx, [child, ...args], { env: { ...process.env, ...env }, timeout: freshProcessTimeoutMs });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Record<string, unknown>;
}

/** Every file under a folder, recursively, with its bytes as text. */
async function filesUnder(folder: string): Promise<{ path: string; text: string }[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const path = join(entry.parentPath, entry.name);
        return { path, text: (await readFile(path)).toString('latin1') };
      }),
  );
}

if (!inDbusSession && process.env.CI) {
  describe('key store on the OS keychain', () => {
    it('runs inside a D-Bus session with gnome-keyring', () => {
      throw new Error(`No D-Bus session (DBUS_SESSION_BUS_ADDRESS is unset), so the keychain test cannot run. CI must run: ${howToRun}`);
    });
  });
} else if (!inDbusSession) {
  console.warn(`keyStore.test.ts: keychain tests skipped, no D-Bus session. To run them: ${howToRun}`);
}

describe.skipIf(!inDbusSession)('key store on the OS keychain (gnome-keyring)', () => {
  let keyStore: KeyStore;
  const registered: string[] = [];

  beforeAll(async () => {
    keyStore = await openKeyStore({ secrets: { addSecret: (value) => registered.push(value) } });
  });
  afterAll(async () => {
    for (const id of created) await keyStore?.deleteKey(id).catch(() => false);
  });

  it('finds the keychain available', () => {
    expect(keyStore.status()).toEqual({ available: true });
  });

  it('stores a key that a fresh process reads back, replaces it, and deletes it', async () => {
    const id = connectionId('roundtrip');
    const key = `k-${randomUUID()}`;
    expect(await keyStore.hasKey(id)).toBe(false);
    await keyStore.setKey(id, key, directory);
    expect(await keyStore.hasKey(id)).toBe(true);
    expect(await keyStore.readKey(id, directory)).toEqual({ key, origin: directory });
    expect(await inFreshProcess(['check', id, directory], { EXPECTED_KEY_SHA256: sha256(key) })).toEqual({
      status: { available: true },
      present: true,
      matches: true,
      origin: directory,
    });

    const replacement = `k-${randomUUID()}`;
    await keyStore.setKey(id, replacement, directory);
    expect(await inFreshProcess(['check', id, directory], { EXPECTED_KEY_SHA256: sha256(replacement) })).toMatchObject({ present: true, matches: true });

    expect(await keyStore.deleteKey(id)).toBe(true);
    expect(await keyStore.hasKey(id)).toBe(false);
    expect(await keyStore.readKey(id, directory)).toBeNull();
    expect(await keyStore.deleteKey(id)).toBe(false);
    expect(await inFreshProcess(['check', id, directory], { EXPECTED_KEY_SHA256: sha256(replacement) })).toMatchObject({ present: false });
  }, processTestTimeoutMs);

  it('keeps one entry per connection', async () => {
    const first = connectionId('first');
    const second = connectionId('second');
    await keyStore.setKey(first, 'key-of-the-first-connection', directory);
    await keyStore.setKey(second, 'key-of-the-second-connection', directory);
    await keyStore.deleteKey(first);
    expect(await keyStore.readKey(first, directory)).toBeNull();
    expect((await keyStore.readKey(second, directory))?.key).toBe('key-of-the-second-connection');
  });

  it('keeps one keychain connection per connection however often its key is read, ten at a time too', async () => {
    // Each keychain entry holds a D-Bus connection until it is garbage collected: one per read
    // left hundreds open in a back end, until the session bus ran out of file descriptors.
    const id = connectionId('reads');
    await keyStore.setKey(id, 'key-read-for-every-request', directory);
    const result = await inFreshProcess(['reads', id, directory, '300'], { EXPECTED_KEY_SHA256: sha256('key-read-for-every-request') });
    expect(result.matches).toBe(true);
    expect(result.socketsAdded).toBeLessThanOrEqual(2);
  }, processTestTimeoutMs);

  it('refuses keys while no keychain answers, and keeps them there once a recheck finds one started, the demo key held meanwhile too', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'castdesk-bus-'));
    const bus = await startPrivateBus(folder);
    try {
      const demo = connectionId('recheck-demo');
      const user = connectionId('recheck-user');
      const demoKey = `demo-${randomUUID()}`;
      const userKey = `user-${randomUUID()}`;
      const childProcess = spawn(tsx, [child, 'recheck', demo, user, directory], { env: { ...process.env, ...bus.env, DEMO_KEY: demoKey, USER_KEY: userKey }, stdio: ['pipe', 'pipe', 'inherit'] });
      const printed = linesOf(childProcess, freshProcessTimeoutMs);
      expect(await printed.next()).toBe('keychain?');
      await bus.startKeychain();
      childProcess.stdin.write('go\n');
      const result = JSON.parse(await printed.next()) as Record<string, unknown>;
      expect(result).toMatchObject({ atStart: { available: false }, refused: 'keychain_unavailable', stillAway: false, answering: { available: true }, demoHeld: true });
      expect((result.atStart as { reason: string }).reason).toMatch(/No system keychain is available/);
      // Both keys are in that keychain now: a fresh process reads them.
      expect(await inFreshProcess(['check', demo, directory], { ...bus.env, EXPECTED_KEY_SHA256: sha256(demoKey) })).toMatchObject({ present: true, matches: true });
      expect(await inFreshProcess(['check', user, directory], { ...bus.env, EXPECTED_KEY_SHA256: sha256(userKey) })).toMatchObject({ present: true, matches: true });
    } finally {
      await bus.stop();
      await rm(folder, { recursive: true, force: true });
    }
  }, processTestTimeoutMs);

  it('hands a key out only for the origin it was stored for, also to a fresh process', async () => {
    const id = connectionId('origin');
    await keyStore.setKey(id, 'key-for-one-origin', `${directory}/some/path`);
    expect(await keyStore.readKey(id, `${directory}/other/path`)).toEqual({ key: 'key-for-one-origin', origin: directory });
    for (const elsewhere of ['https://attacker.example', 'http://directory.example.com', 'https://directory.example.com:8443', 'https://sub.directory.example.com']) {
      await expect(keyStore.readKey(id, elsewhere), elsewhere).rejects.toBeInstanceOf(ForeignOriginError);
    }
    await expect(inFreshProcess(['check', id, 'https://attacker.example'])).rejects.toThrow(/never sent to https:\/\/attacker\.example/);
  }, processTestTimeoutMs);

  it('binds a key stored before keys had an origin to the first origin it is read for', async () => {
    const id = connectionId('legacy');
    // The shape version 0.1 wrote: the bare key as the keychain password.
    await new AsyncEntry(keychainService, id, { linux: { store: 'secret-service' } }).setPassword('legacy-plain-key');
    expect(await keyStore.readKey(id, directory)).toEqual({ key: 'legacy-plain-key', origin: directory });
    await expect(keyStore.readKey(id, 'https://attacker.example')).rejects.toBeInstanceOf(ForeignOriginError);
    expect(await inFreshProcess(['check', id, directory], { EXPECTED_KEY_SHA256: sha256('legacy-plain-key') })).toMatchObject({ present: true, matches: true, origin: directory });
  }, processTestTimeoutMs);

  it('registers every key it sets or reads with the logger', async () => {
    const id = connectionId('registry');
    registered.length = 0;
    await keyStore.setKey(id, 'key-registered-on-set', directory);
    expect(registered).toContain('key-registered-on-set');
    registered.length = 0;
    await keyStore.readKey(id, directory);
    expect(registered).toEqual(['key-registered-on-set']);
  });

  it.each([
    ['', /empty/],
    ['has space', /spaces/],
    ['line\nbreak', /spaces or line breaks/],
    ['zero\u200bwidth', /invisible or non-ASCII/],
    ['bell\u0007', /invisible or non-ASCII/],
    ['x'.repeat(513), /at most 512/],
  ])('refuses the key %j with a clear error and stores nothing', async (key, message) => {
    const id = connectionId('invalid');
    await expect(keyStore.setKey(id, key, directory)).rejects.toThrow(message);
    await expect(keyStore.setKey(id, key, directory)).rejects.toBeInstanceOf(KeyInputError);
    expect(await keyStore.hasKey(id)).toBe(false);
  });

  it('refuses a malformed connection id', async () => {
    await expect(keyStore.setKey('../other-app', 'valid-key', directory)).rejects.toThrow(/connection id/);
    await expect(keyStore.readKey('', directory)).rejects.toThrow(/connection id/);
  });
});

describe('key store without a keychain', () => {
  let userDataDir: string;

  beforeAll(async () => {
    userDataDir = await mkdtemp(join(tmpdir(), 'castdesk-nokeychain-'));
  });
  afterAll(async () => {
    await rm(userDataDir, { recursive: true, force: true });
  });

  it('says so, refuses the key, keeps no connection without it, and writes the key to no file', async () => {
    const id = connectionId('refused');
    const canary = `canary-${randomUUID()}`;
    const noBus = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' };
    const result = await inFreshProcess(['store', userDataDir, id], { ...noBus, CANARY_KEY: canary });
    expect(result).toEqual({
      status: { available: false, reason: expect.stringMatching(/No system keychain is available .*API keys cannot be stored/) },
      refused: 'keychain_unavailable',
      connections: 0,
      hasKey: false,
      readMatches: false,
    });

    const files = await filesUnder(userDataDir);
    expect(files.map((file) => file.path).sort()).toEqual([join(userDataDir, 'logs', 'castdesk.log'), join(userDataDir, 'settings.json')]);
    for (const file of files) expect(file.text, file.path).not.toContain(canary);
    expect(files.find((file) => file.path.endsWith('castdesk.log'))?.text).toContain('[redacted]');

    // A later run has nothing either.
    expect(await inFreshProcess(['has', id], noBus)).toMatchObject({ status: { available: false }, hasKey: false });
    // And it never reached the real keychain.
    if (inDbusSession) expect(await inFreshProcess(['has', id])).toEqual({ status: { available: true }, hasKey: false });
  }, processTestTimeoutMs);
});
