/**
 * Joining a casting office from the app's back end (the real one, createBackEnd, with the real OS
 * keychain) against a real office server on 127.0.0.1: the invite code becomes a token kept in the
 * keychain, bound to the office's origin; the token opens the office's lists; a record moved to
 * another address (a real HTTP listener recording everything it receives) never gets the token;
 * removing the office deletes the token. Runs inside a D-Bus session with gnome-keyring (see
 * DEVELOPERS.md).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridgeChannels, type ChannelName } from '../../../contract/bridge.ts';
import type { OfficeToken, OfficeView } from '../../../contract/officeBridge.ts';
import { createBackEnd, type BackEnd } from '../../../electron/core/backEnd.ts';
import { openKeyStore } from '../../../electron/core/keys/keyStore.ts';
import { keychainAccountOf } from '../../../electron/core/office/officeMembership.ts';
import { officeDocumentName } from '../../../server/office/documentName.ts';
import { startOffice, type RunningOffice } from '../../../server/office/startOffice.ts';
import { api, httpUrlOf, openList } from './officeSupport.ts';

let office: RunningOffice;
let officeUrl: string;
let officeId: string;
let ownerToken: string;
let listener: Server;
let listenerUrl: string;
const seenByListener: string[] = [];
let dataDir: string;
let userDataDir: string;
let backEnd: BackEnd;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'castdesk-office-membership-'));
  userDataDir = join(dataDir, 'user');
  office = await startOffice({ host: '127.0.0.1', port: 0, dataDir: join(dataDir, 'office'), log: () => undefined });
  officeUrl = httpUrlOf(office.url);
  ({ officeId, token: ownerToken } = await office.members.createOffice('Casting Office', 'Lea'));
  listener = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('latin1')));
    request.on('end', () => {
      seenByListener.push(`${request.method} ${request.url}\n${JSON.stringify(request.headers)}\n${body}`);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  backEnd = await createBackEnd({ userDataDir, shell: 'web', version: '0.0.0-test' });
}, 120_000);

afterAll(async () => {
  await backEnd?.close();
  await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
  await office?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function call(channel: ChannelName, args: unknown) {
  const result = await backEnd.call(channel, args);
  if (result.ok) bridgeChannels[channel].result.parse(result.value);
  return result;
}

async function invite(role: 'editor' | 'viewer' = 'editor'): Promise<string> {
  const answer = await api<{ code: string }>(officeUrl, 'POST', `/offices/${officeId}/invites`, { role }, ownerToken);
  expect(answer.status).toBe(201);
  return answer.body.code;
}

function valueOf<T>(result: Awaited<ReturnType<typeof call>>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

describe('joining an office', () => {
  it('exchanges an invite code for a token kept in the keychain, bound to the office origin, that opens its lists', async () => {
    const joined = valueOf<OfficeView>(await call('joinOffice', { url: officeUrl, officeId, code: await invite(), name: 'Ben' }));
    expect(joined).toMatchObject({ officeId, url: officeUrl, memberName: 'Ben', isOwner: false, tokenState: 'held' });
    expect(JSON.stringify(joined)).not.toMatch(/token"\s*:\s*"/);
    expect(JSON.stringify(await readFile(join(userDataDir, 'offices.json'), 'utf8'))).not.toContain(ownerToken);

    const token = valueOf<OfficeToken>(await call('getOfficeToken', { id: joined.id }));
    expect(token).toMatchObject({ origin: new URL(officeUrl).origin, socketUrl: office.url, officeId });
    // The keychain holds it, bound to the office's origin.
    const keys = await openKeyStore();
    expect(await keys.readKey(keychainAccountOf(joined), officeUrl)).toEqual({ key: token.token, origin: new URL(officeUrl).origin });
    expect(JSON.stringify(await readFile(join(userDataDir, 'offices.json'), 'utf8'))).not.toContain(token.token);

    // The token is a member's token: it opens the office's list.
    const list = openList(office.url, officeDocumentName(officeId, 'list-1'), token.token);
    try {
      await list.synced;
      expect(list.authFailures).toEqual([]);
    } finally {
      list.destroy();
    }
  });

  it('a used or unknown invite code is refused as data and nothing is kept', async () => {
    const code = await invite();
    valueOf(await call('joinOffice', { url: officeUrl, officeId, code, name: 'Cleo' }));
    const before = valueOf<{ offices: OfficeView[] }>(await call('listOffices', {})).offices.length;
    expect(await call('joinOffice', { url: officeUrl, officeId, code, name: 'Dan' })).toMatchObject({ ok: false, error: { code: 'office_invite_invalid' } });
    expect(await call('joinOffice', { url: officeUrl, officeId, code: 'never-issued', name: 'Dan' })).toMatchObject({ ok: false, error: { code: 'office_invite_invalid' } });
    expect(valueOf<{ offices: OfficeView[] }>(await call('listOffices', {})).offices).toHaveLength(before);
  });

  it('an owner token is checked with the office; an unknown one is refused', async () => {
    expect(valueOf<OfficeView>(await call('addOfficeWithToken', { url: officeUrl, officeId, token: ownerToken, name: 'Lea' }))).toMatchObject({ isOwner: true, tokenState: 'held' });
    expect(await call('addOfficeWithToken', { url: officeUrl, officeId, token: 'not-a-token-of-this-office', name: 'Lea' })).toMatchObject({ ok: false, error: { code: 'office_token_refused' } });
  });

  it('an address that is not https (or http on loopback), or that nobody answers, is refused as data', async () => {
    expect(await call('joinOffice', { url: 'http://office.example', officeId, code: 'x', name: 'E' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await call('joinOffice', { url: closedUrl, officeId, code: 'x', name: 'E' })).toMatchObject({ ok: false, error: { code: 'office_unreachable' } });
  });
});

describe('the token belongs to the office origin', () => {
  it('a record moved to another address gets office_foreign_origin, and that address never sees the token', async () => {
    const joined = valueOf<OfficeView>(await call('joinOffice', { url: officeUrl, officeId, code: await invite(), name: 'Fay' }));
    const token = valueOf<OfficeToken>(await call('getOfficeToken', { id: joined.id })).token;
    // Hand-edit offices.json (or a bug): the record now points at the listener.
    await backEnd.close();
    const file = join(userDataDir, 'offices.json');
    const stored = JSON.parse(await readFile(file, 'utf8')) as { offices: { id: string; url: string }[] };
    for (const record of stored.offices) if (record.id === joined.id) record.url = listenerUrl;
    await writeFile(file, JSON.stringify(stored));
    backEnd = await createBackEnd({ userDataDir, shell: 'web', version: '0.0.0-test' });

    const result = await call('getOfficeToken', { id: joined.id });
    expect(result).toMatchObject({ ok: false, error: { code: 'office_foreign_origin' } });
    expect(JSON.stringify(result)).not.toContain(token);
    expect(valueOf<{ offices: OfficeView[] }>(await call('listOffices', {})).offices.find((record) => record.id === joined.id)).toMatchObject({ url: listenerUrl });
    for (const request of seenByListener) expect(request).not.toContain(token);
  });

  it('removing an office deletes its token from the keychain', async () => {
    const joined = valueOf<OfficeView>(await call('joinOffice', { url: officeUrl, officeId, code: await invite(), name: 'Gus' }));
    const keys = await openKeyStore();
    expect(await keys.hasKey(keychainAccountOf(joined))).toBe(true);
    expect(await call('removeOffice', { id: joined.id })).toMatchObject({ ok: true });
    expect(await keys.hasKey(keychainAccountOf(joined))).toBe(false);
    expect(await call('getOfficeToken', { id: joined.id })).toMatchObject({ ok: false, error: { code: 'office_not_found' } });
  });
});
