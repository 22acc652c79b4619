/**
 * The office's list directory and the owner's member management from the app's back end (the real
 * createBackEnd with the real OS keychain) against a real office server on 127.0.0.1: the core makes
 * each HTTP call with the token from the keychain; a member sees the lists their role opens; only
 * the owner invites, lists members, changes roles (a list's role taken back too) and revokes (the revoked member is disconnected
 * and refused); an editor of a list takes it out of the office, a viewer may not; a record moved to another address never sends the token there. Runs inside a D-Bus
 * session with gnome-keyring (see DEVELOPERS.md).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { bridgeChannels, type ChannelName } from '../../../contract/bridge.ts';
import type { OfficeDirectory, OfficeInvite, OfficeMember, OfficeToken, OfficeView } from '../../../contract/officeBridge.ts';
import { metaKey } from '../../../contract/officeList.ts';
import { accessRemovedReason } from '../../../contract/officeRoles.ts';
import { createBackEnd, type BackEnd } from '../../../electron/core/backEnd.ts';
import { officeDocumentName } from '../../../server/office/documentName.ts';
import { startOffice, type RunningOffice } from '../../../server/office/startOffice.ts';
import { acknowledged, httpUrlOf, openList, type ListClient } from './officeSupport.ts';

let office: RunningOffice;
let officeUrl: string;
let officeId: string;
let ownerToken: string;
let dataDir: string;
let userDataDir: string;
/** The owner's computer, and a member's (one record per office on a computer: each join replaces the last). */
let backEnd: BackEnd;
let memberEnd: BackEnd;
let owner: OfficeView;
const clients: ListClient[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'castdesk-office-admin-'));
  userDataDir = join(dataDir, 'user');
  office = await startOffice({ host: '127.0.0.1', port: 0, dataDir: join(dataDir, 'office'), log: () => undefined });
  officeUrl = httpUrlOf(office.url);
  ({ officeId, token: ownerToken } = await office.members.createOffice('Casting Office', 'Lea'));
  for (const [listId, name] of [
    ['callbacks', 'Callbacks'],
    ['finals', 'Finals'],
  ]) {
    const client = openList(office.url, officeDocumentName(officeId, listId), ownerToken, new Y.Doc());
    clients.push(client);
    await client.synced;
    client.doc.getMap(metaKey).set('name', name);
    await acknowledged(client);
  }
  backEnd = await createBackEnd({ userDataDir, shell: 'web', version: '0.0.0-test' });
  memberEnd = await createBackEnd({ userDataDir: join(dataDir, 'member'), shell: 'web', version: '0.0.0-test' });
  owner = valueOf<OfficeView>(await call('addOfficeWithToken', { url: officeUrl, officeId, token: ownerToken, name: 'Lea' }));
}, 120_000);

afterAll(async () => {
  for (const client of clients) client.destroy();
  await backEnd?.close();
  await memberEnd?.close();
  await office?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function call(channel: ChannelName, args: unknown, on: BackEnd = backEnd) {
  const result = await on.call(channel, args);
  if (result.ok) bridgeChannels[channel].result.parse(result.value);
  return result;
}

function valueOf<T>(result: Awaited<ReturnType<typeof call>>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

async function joinAs(name: string, grant: { role: string; listId?: string }): Promise<OfficeView> {
  const { code } = valueOf<OfficeInvite>(await call('createOfficeInvite', { id: owner.id, ...grant }));
  return valueOf<OfficeView>(await call('joinOffice', { url: officeUrl, officeId, code, name }, memberEnd));
}

/** A call on the member's computer. */
const asMember = (channel: ChannelName, args: unknown) => call(channel, args, memberEnd);
const listIds = async (record: OfficeView) => valueOf<OfficeDirectory>(await asMember('listOfficeLists', { id: record.id })).lists.map((list) => list.id);

it('a member sees the lists their role opens, by name', async () => {
  expect(valueOf<OfficeDirectory>(await call('listOfficeLists', { id: owner.id })).lists.map(({ id, name }) => ({ id, name }))).toEqual([
    { id: 'callbacks', name: 'Callbacks' },
    { id: 'finals', name: 'Finals' },
  ]);
  expect(await listIds(await joinAs('Ben', { role: 'viewer' }))).toEqual(['callbacks', 'finals']);
  const dora = await joinAs('Dora', { role: 'reviewer', listId: 'finals' });
  expect(await listIds(dora)).toEqual(['finals']);
  expect(valueOf<OfficeDirectory>(await asMember('listOfficeLists', { id: dora.id }))).toMatchObject({
    office: { id: officeId, name: 'Casting Office' },
    member: { id: dora.memberId, name: 'Dora', officeRole: 'none', isOwner: false },
  });
});

it('the owner lists members, changes a role and revokes; the revoked member is disconnected and refused', async () => {
  const cleo = await joinAs('Cleo', { role: 'editor' });
  const listed = valueOf<{ members: OfficeMember[] }>(await call('listOfficeMembers', { id: owner.id })).members;
  expect(listed.find((member) => member.id === cleo.memberId)).toMatchObject({ name: 'Cleo', officeRole: 'editor', isOwner: false, revoked: false });
  expect(listed.find((member) => member.isOwner)).toMatchObject({ name: 'Lea' });

  expect(await call('setOfficeMemberRole', { id: owner.id, memberId: cleo.memberId, role: 'viewer', listId: 'finals' })).toMatchObject({ ok: true });
  expect(await call('setOfficeMemberRole', { id: owner.id, memberId: cleo.memberId, role: 'reviewer' })).toMatchObject({ ok: true });
  expect(valueOf<{ members: OfficeMember[] }>(await call('listOfficeMembers', { id: owner.id })).members.find((member) => member.id === cleo.memberId)).toMatchObject({
    officeRole: 'reviewer',
    listRoles: { finals: 'viewer' },
  });
  // Her role on Finals is taken back: the office role applies there again.
  expect(await call('clearOfficeListRole', { id: owner.id, memberId: cleo.memberId, listId: 'finals' })).toMatchObject({ ok: true });
  expect(valueOf<{ members: OfficeMember[] }>(await call('listOfficeMembers', { id: owner.id })).members.find((member) => member.id === cleo.memberId)).toMatchObject({
    officeRole: 'reviewer',
    listRoles: {},
  });
  expect(await call('clearOfficeListRole', { id: owner.id, memberId: 'nobody', listId: 'finals' })).toMatchObject({ ok: false, error: { code: 'office_member_not_found' } });

  // Cleo has a list open; revoking closes it at once and her token opens nothing more.
  const cleoToken = valueOf<OfficeToken>(await asMember('getOfficeToken', { id: cleo.id })).token;
  const open = openList(office.url, officeDocumentName(officeId, 'callbacks'), cleoToken, new Y.Doc());
  clients.push(open);
  await open.synced;
  expect(await call('revokeOfficeMember', { id: owner.id, memberId: cleo.memberId })).toMatchObject({ ok: true });
  await vi.waitFor(() => expect(open.closeReasons.length + open.authFailures.length).toBeGreaterThan(0), { timeout: 30_000, interval: 10 });
  expect(await asMember('listOfficeLists', { id: cleo.id })).toMatchObject({ ok: false, error: { code: 'office_token_refused' } });
  expect(valueOf<{ members: OfficeMember[] }>(await call('listOfficeMembers', { id: owner.id })).members.find((member) => member.id === cleo.memberId)).toMatchObject({ revoked: true });
  // Revoked once is gone: a second revoke names no member.
  expect(await call('revokeOfficeMember', { id: owner.id, memberId: cleo.memberId })).toMatchObject({ ok: false, error: { code: 'office_member_not_found' } });
});

it('a member who is not the owner manages nothing', async () => {
  const ed = await joinAs('Ed', { role: 'editor' });
  expect(await asMember('createOfficeInvite', { id: ed.id, role: 'editor' })).toMatchObject({ ok: false, error: { code: 'office_forbidden' } });
  expect(await asMember('listOfficeMembers', { id: ed.id })).toMatchObject({ ok: false, error: { code: 'office_forbidden' } });
  expect(await asMember('revokeOfficeMember', { id: ed.id, memberId: ed.memberId })).toMatchObject({ ok: false, error: { code: 'office_forbidden' } });
  expect(await asMember('clearOfficeListRole', { id: ed.id, memberId: ed.memberId, listId: 'finals' })).toMatchObject({ ok: false, error: { code: 'office_forbidden' } });
  expect(await call('createOfficeInvite', { id: owner.id, role: 'admin' })).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
});

it('an editor of a list takes it out of the office (the members connected to it are refused), a viewer may not', async () => {
  const client = openList(office.url, officeDocumentName(officeId, 'wrapped'), ownerToken, new Y.Doc());
  clients.push(client);
  await client.synced;
  client.doc.getMap(metaKey).set('name', 'Wrapped');
  await acknowledged(client);
  const viewer = await joinAs('Gil', { role: 'viewer' });
  expect(await asMember('removeOfficeList', { id: viewer.id, listId: 'wrapped' })).toMatchObject({ ok: false, error: { code: 'office_forbidden' } });
  const editor = await joinAs('Hana', { role: 'editor', listId: 'wrapped' });
  expect(await listIds(editor)).toEqual(['wrapped']);
  expect(await asMember('removeOfficeList', { id: editor.id, listId: 'wrapped' })).toMatchObject({ ok: true });
  await vi.waitFor(() => expect(client.closeReasons).toContain(accessRemovedReason), { timeout: 30_000, interval: 10 });
  expect(await listIds(editor)).toEqual([]);
  expect(valueOf<OfficeDirectory>(await call('listOfficeLists', { id: owner.id })).lists.map((list) => list.id)).not.toContain('wrapped');
  expect(await call('removeOfficeList', { id: owner.id, listId: 'wrapped' })).toMatchObject({ ok: false, error: { code: 'office_list_not_found' } });
  expect(await call('removeOfficeList', { id: owner.id, listId: 'not a list id' })).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
});

it('a record moved to another address gets office_foreign_origin, and that address never sees a request', async () => {
  const fay = await joinAs('Fay', { role: 'editor' });
  const seen: string[] = [];
  const listener: Server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url} ${JSON.stringify(request.headers)}`);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"lists":[]}');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  try {
    await memberEnd.close();
    const file = join(dataDir, 'member', 'offices.json');
    const stored = JSON.parse(await readFile(file, 'utf8')) as { offices: { id: string; url: string }[] };
    for (const record of stored.offices) if (record.id === fay.id) record.url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    await writeFile(file, JSON.stringify(stored));
    memberEnd = await createBackEnd({ userDataDir: join(dataDir, 'member'), shell: 'web', version: '0.0.0-test' });
    expect(await asMember('listOfficeLists', { id: fay.id })).toMatchObject({ ok: false, error: { code: 'office_foreign_origin' } });
    expect(await asMember('createOfficeInvite', { id: fay.id, role: 'viewer' })).toMatchObject({ ok: false, error: { code: 'office_foreign_origin' } });
    expect(await asMember('removeOfficeList', { id: fay.id, listId: 'finals' })).toMatchObject({ ok: false, error: { code: 'office_foreign_origin' } });
    expect(seen).toEqual([]);
  } finally {
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  }
});
