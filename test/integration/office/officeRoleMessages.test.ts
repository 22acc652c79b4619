/**
 * The office server tells each member's app its role on a list (office-wide or the list's own) and
 * the member id its picks and comments go under, and answers who the office's members are: a real
 * office server on 127.0.0.1 with PGlite in a temp folder, real providers over WebSocket.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HocuspocusProvider } from '@hocuspocus/provider';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { officeMembersMessageType, officeRoleMessageType } from '../../../contract/officeRoles.ts';
import { officeDocumentName } from '../../../server/office/documentName.ts';
import { startOffice, type RunningOffice } from '../../../server/office/startOffice.ts';
import { addMember, api, httpUrlOf, openSocket } from './officeSupport.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'castdesk-office-roles-'));
let office: RunningOffice;
let http: string;
let officeId: string;
let ownerId: string;
let ownerToken: string;
const opened: { destroy(): void }[] = [];

beforeAll(async () => {
  office = await startOffice({ host: '127.0.0.1', port: 0, dataDir: join(dataDir, 'data'), log: () => undefined });
  http = httpUrlOf(office.url);
  const created = await office.members.createOffice('Casting Office Berlin', 'Lea');
  officeId = created.officeId;
  ownerId = created.memberId;
  ownerToken = created.token;
}, 120_000);

afterAll(async () => {
  for (const client of opened) client.destroy();
  await office?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A provider on a list that records every stateless message it receives, parsed. */
function listen(listId: string, token: string): { provider: HocuspocusProvider; messages: unknown[] } {
  const messages: unknown[] = [];
  const socket = openSocket(office.url);
  const provider = new HocuspocusProvider({ websocketProvider: socket, name: officeDocumentName(officeId, listId), token, document: new Y.Doc(), onStateless: ({ payload }) => void messages.push(JSON.parse(payload)) });
  provider.attach();
  opened.push({ destroy: () => (provider.destroy(), socket.destroy()) });
  return { provider, messages };
}

async function roleOn(listId: string, token: string): Promise<unknown> {
  const { messages } = listen(listId, token);
  await vi.waitFor(() => expect(messages.some((message) => (message as { type: string }).type === officeRoleMessageType)).toBe(true), { timeout: 30_000, interval: 10 });
  return messages.find((message) => (message as { type: string }).type === officeRoleMessageType);
}

it('each connection is told its role on the list and the member id, office-wide or per list', async () => {
  const reviewer = await addMember(http, officeId, ownerToken, 'Producer', { role: 'reviewer' });
  const viewerOfOne = await addMember(http, officeId, ownerToken, 'Agent', { role: 'viewer', listId: 'list1' });
  const editor = await addMember(http, officeId, ownerToken, 'Assistant', { role: 'editor' });
  expect(await roleOn('list1', ownerToken)).toEqual({ type: officeRoleMessageType, role: 'editor', memberId: ownerId });
  expect(await roleOn('list1', reviewer.token)).toEqual({ type: officeRoleMessageType, role: 'reviewer', memberId: reviewer.memberId });
  expect(await roleOn('list1', viewerOfOne.token)).toEqual({ type: officeRoleMessageType, role: 'viewer', memberId: viewerOfOne.memberId });
  expect(await roleOn('list1', editor.token)).toEqual({ type: officeRoleMessageType, role: 'editor', memberId: editor.memberId });
  // A role given on one list only: the owner lowers the editor to viewer on list2; list1 stays editable.
  expect((await api(http, 'PUT', `/offices/${officeId}/members/${editor.memberId}/role`, { role: 'viewer', listId: 'list2' }, ownerToken)).status).toBe(204);
  expect(await roleOn('list2', editor.token)).toMatchObject({ role: 'viewer' });
  expect(await roleOn('list1', editor.token)).toMatchObject({ role: 'editor' });
});

it('a member asking who the members are gets the live members of their own office, ids and names only', async () => {
  const other = await office.members.createOffice('Another Office', 'Stranger');
  const gone = await addMember(http, officeId, ownerToken, 'Former', { role: 'editor' });
  expect((await api(http, 'DELETE', `/offices/${officeId}/members/${gone.memberId}`, undefined, ownerToken)).status).toBe(204);
  const viewer = await addMember(http, officeId, ownerToken, 'Viewer', { role: 'viewer' });
  const { provider, messages } = listen('list3', viewer.token);
  await vi.waitFor(() => expect(provider.isSynced).toBe(true), { timeout: 30_000, interval: 10 });
  provider.sendStateless(JSON.stringify({ type: officeMembersMessageType }));
  provider.sendStateless('not json');
  await vi.waitFor(() => expect(messages.some((message) => (message as { type: string }).type === officeMembersMessageType)).toBe(true), { timeout: 30_000, interval: 10 });
  const answer = messages.find((message) => (message as { type: string }).type === officeMembersMessageType) as { members: { id: string; name: string }[] };
  const names = answer.members.map((member) => member.name);
  expect(names).toContain('Lea');
  expect(names).toContain('Viewer');
  expect(names).not.toContain('Former');
  expect(names).not.toContain('Stranger');
  expect(answer.members.find((member) => member.name === 'Lea')).toEqual({ id: ownerId, name: 'Lea' });
  expect(other.officeId).not.toBe(officeId);
  // The connection is still up after a message no one knows.
  expect(provider.isSynced).toBe(true);
});

it("a role given on one list, and taken back to the office role, reaches the member's open connection at once", async () => {
  const assistant = await addMember(http, officeId, ownerToken, 'Casting Assistant', { role: 'editor' });
  // The role told on (re)connecting is the one the connection was opened with (read-only for a viewer).
  const { messages } = listen('list5', assistant.token);
  const rolesTold = () => messages.filter((message) => (message as { type: string }).type === officeRoleMessageType).map((message) => (message as { role: string }).role);
  await vi.waitFor(() => expect(rolesTold()).toEqual(['editor']), { timeout: 30_000, interval: 10 });
  const rolePath = `/offices/${officeId}/members/${assistant.memberId}`;

  expect((await api(http, 'PUT', `${rolePath}/role`, { role: 'viewer', listId: 'list5' }, ownerToken)).status).toBe(204);
  await vi.waitFor(() => expect(rolesTold()).toEqual(['editor', 'viewer']), { timeout: 30_000, interval: 10 });
  const members = async () => (await api<{ members: { id: string; listRoles: Record<string, string> }[] }>(http, 'GET', `/offices/${officeId}/members`, undefined, ownerToken)).body.members;
  expect((await members()).find((member) => member.id === assistant.memberId)?.listRoles).toEqual({ list5: 'viewer' });

  expect((await api(http, 'DELETE', `${rolePath}/lists/list5/role`, undefined, ownerToken)).status).toBe(204);
  await vi.waitFor(() => expect(rolesTold()).toEqual(['editor', 'viewer', 'editor']), { timeout: 30_000, interval: 10 });
  expect((await members()).find((member) => member.id === assistant.memberId)?.listRoles).toEqual({});
  // Only the owner takes a role back, only of a live member, on a list id the office could have.
  expect((await api(http, 'DELETE', `${rolePath}/lists/list5/role`, undefined, assistant.token)).status).toBe(403);
  expect((await api(http, 'DELETE', `/offices/${officeId}/members/nobody/lists/list5/role`, undefined, ownerToken)).status).toBe(404);
  expect((await api(http, 'DELETE', `/offices/${officeId}/members/${ownerId}/lists/list5/role`, undefined, ownerToken)).status).toBe(404);
  expect((await api(http, 'DELETE', `${rolePath}/lists/${'x'.repeat(65)}/role`, undefined, ownerToken)).status).toBe(400);
});
