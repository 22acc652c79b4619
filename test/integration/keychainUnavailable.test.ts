/**
 * Issue 21, item 5: a package whose keyring binding is missing or damaged must still start. The
 * back end runs in a fresh process whose binding really cannot load: (1) missing, as in a package
 * built without its target's binding (Node's module hooks make the platform package and its .node
 * file unresolvable); (2) damaged, a .node file of garbage that the OS loader refuses (handed to the
 * keyring's own loader through NAPI_RS_NATIVE_LIBRARY_PATH, its documented override). Either way
 * the back end starts, the bridge says the system keychain is unavailable and why, adding a
 * connection with a key is refused with `keychain_unavailable` and leaves no connection behind, and
 * the key is in no file. The demo directory's key, which the demo hands out again on every start,
 * is held for the run, so the first-start demo still works.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const tsx = join(process.cwd(), 'node_modules/.bin/tsx');
const child = join(process.cwd(), 'test/integration/keychainUnavailableChild.ts');
const withoutBinding = pathToFileURL(join(process.cwd(), 'test/integration/support/withoutKeyringBinding.mjs')).href;
/** Starting tsx and a back end takes seconds, many on a loaded 2-core machine. */
const processTimeoutMs = 90_000;

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function tempFolder(label: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), `castdesk-${label}-`));
  folders.push(folder);
  return folder;
}

/** What keychainUnavailableChild.ts prints. */
interface ChildReport {
  appInfo: { ok: boolean; value?: { keychain: { available: boolean; reason?: string } } };
  added: unknown;
  listed: unknown;
  demoKeyHeld: boolean;
}

/** Runs the child with the given node flags and environment; its last line, parsed. */
async function startBackEnd(nodeFlags: string[], env: Record<string, string>): Promise<{ userDataDir: string; canary: string; result: ChildReport }> {
  const userDataDir = await tempFolder('nokeyring');
  const canary = `canary-${randomUUID()}`;
  const { stdout } = await run(tsx, [...nodeFlags, child, userDataDir], {
    env: { ...process.env, ...env, CANARY_KEY: canary },
    timeout: processTimeoutMs,
  });
  return { userDataDir, canary, result: JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as ChildReport };
}

/** What every case must show: started, unavailable with the reason, key refused and nowhere on disk. */
async function expectKeysRefused(started: Awaited<ReturnType<typeof startBackEnd>>, reason: RegExp): Promise<void> {
  const { result, userDataDir, canary } = started;
  expect(result.appInfo).toMatchObject({ ok: true, value: { keychain: { available: false, reason: expect.stringMatching(reason) } } });
  expect(result.appInfo.value?.keychain.reason).toMatch(/API keys cannot be stored/);
  expect(result.added).toMatchObject({ ok: false, error: { code: 'keychain_unavailable' } });
  expect(result.listed).toEqual({ ok: true, value: { connections: [], activeId: null } });
  expect(result.demoKeyHeld).toBe(true);
  const entries = await readdir(userDataDir, { recursive: true, withFileTypes: true });
  for (const entry of entries.filter((file) => file.isFile())) {
    const text = (await readFile(join(entry.parentPath, entry.name))).toString('latin1');
    expect(text, join(entry.parentPath, entry.name)).not.toContain(canary);
  }
}

describe('the back end without a loadable keyring binding', () => {
  it('starts when the binding is missing, says the keychain is unavailable, and refuses to store a key', async () => {
    const started = await startBackEnd(['--import', withoutBinding], {});
    await expectKeysRefused(started, /its library could not be loaded: .*native binding/i);
  }, processTimeoutMs);

  it('starts when the binding is damaged, says the keychain is unavailable, and refuses to store a key', async () => {
    const damaged = join(await tempFolder('damaged-binding'), `keyring.${process.platform}-${process.arch}.node`);
    await writeFile(damaged, Buffer.from('this is not a shared library'.repeat(64)));
    const started = await startBackEnd([], { NAPI_RS_NATIVE_LIBRARY_PATH: damaged });
    await expectKeysRefused(started, /its library could not be loaded/);
  }, processTimeoutMs);
});
