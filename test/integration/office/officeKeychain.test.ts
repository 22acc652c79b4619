/**
 * An office's token when the keychain does not answer: the app's back end (createBackEnd, the real
 * key store) in fresh processes on a D-Bus bus of the test's own (test/support/privateKeychain.ts),
 * with gnome-keyring on it or not, against a real office server on 127.0.0.1. A member joins with
 * the keychain running; the app starts again while it does not (locked, still starting at login):
 * the office is listed with its keychain unavailable, not as a token gone, and the token is refused
 * as such (joining again would be the wrong advice, and a second membership); once the keychain
 * runs and a recheck finds it, the same run lists the token and hands out the one stored at the join.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startOffice, type RunningOffice } from '../../../server/office/startOffice.ts';
import { linesOf, startPrivateBus, type PrivateBus } from '../../support/privateKeychain.ts';
import { httpUrlOf } from './officeSupport.ts';

const tsx = join(process.cwd(), 'node_modules/.bin/tsx');
const child = join(process.cwd(), 'test/integration/office/officeKeychainChild.ts');
/** Starting tsx and a back end takes seconds, many on a loaded 2-core machine: generous, and only around each start. */
const childTimeoutMs = 120_000;

let dataDir: string;
let office: RunningOffice;
let officeUrl: string;
let officeId: string;
const buses: PrivateBus[] = [];
const children: ChildProcess[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'castdesk-office-keychain-'));
  office = await startOffice({ host: '127.0.0.1', port: 0, dataDir: join(dataDir, 'office'), log: () => undefined });
  officeUrl = httpUrlOf(office.url);
  ({ officeId } = await office.members.createOffice('Casting Office', 'Lea'));
}, 120_000);

afterAll(async () => {
  for (const started of children) if (started.exitCode === null && started.signalCode === null) started.kill();
  for (const bus of buses) await bus.stop();
  await office?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The app's back end in a fresh process on `bus`; its lines as they come. */
function backEndOn(bus: PrivateBus, args: string[], env: Record<string, string> = {}) {
  const started = spawn(tsx, [child, ...args], { env: { ...process.env, ...bus.env, ...env }, stdio: ['pipe', 'pipe', 'inherit'] });
  children.push(started);
  return { process: started, lines: linesOf(started, childTimeoutMs) };
}

it('a keychain that does not answer at start lists the office as keychain unavailable, not as a token gone, and a recheck that finds it hands out the stored token in the same run', async () => {
  const keychainFolder = join(dataDir, 'computer');
  const userDataDir = join(dataDir, 'user');
  const withKeychain = await startPrivateBus(keychainFolder);
  buses.push(withKeychain);
  await withKeychain.startKeychain();
  const code = (await office.members.invite(officeId, { role: 'editor' })).code;
  const joining = backEndOn(withKeychain, ['join', userDataDir, officeUrl, officeId], { INVITE_CODE: code });
  const joined = JSON.parse(await joining.lines.next()) as { joined: string; id: string; tokenState: string; token: { sha256: string }; directory: string };
  expect(joined).toMatchObject({ joined: joined.id, tokenState: 'held', token: { sha256: expect.any(String) }, directory: 'answered' });

  // The computer starts again: the keyring's files are kept, but no keychain answers on the bus yet.
  await withKeychain.stop();
  const away = await startPrivateBus(keychainFolder);
  buses.push(away);
  const restarted = backEndOn(away, ['recheck', userDataDir]);
  const atStart = JSON.parse(await restarted.lines.next()) as Record<string, unknown>;
  // Before: listed with hasToken false and refused as office_token_missing, "join it again".
  expect(atStart).toEqual({
    keychain: { available: false, reason: expect.stringMatching(/No system keychain is available/) },
    id: joined.id,
    tokenState: 'keychainUnavailable',
    token: { error: 'office_keychain_unavailable' },
    directory: 'office_keychain_unavailable',
  });
  expect(await restarted.lines.next()).toBe('keychain?');

  await away.startKeychain();
  restarted.process.stdin.write('go\n');
  const answering = JSON.parse(await restarted.lines.next()) as Record<string, unknown>;
  expect(answering).toEqual({ keychain: { available: true }, id: joined.id, tokenState: 'held', token: joined.token, directory: 'answered' });
  // Still one member of that name: nobody was told to join again.
  expect((await office.members.list(officeId)).filter((member) => member.name === 'Ben')).toHaveLength(1);
}, 4 * childTimeoutMs);
