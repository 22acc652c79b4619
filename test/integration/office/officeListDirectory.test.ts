/**
 * The office's list directory (GET /offices/:office/lists) on a real office server on 127.0.0.1:
 * a member sees the lists their role opens (office role, or the role on one list), with name,
 * entry count and when stored; never another office's lists; a revoked or unknown token is refused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as Y from 'yjs';
import { metaKey } from '../../../contract/officeList.ts';
import { officeDocumentName } from '../../../server/office/documentName.ts';
import { addEntry, entriesOf } from '../../../server/office/listDocument.ts';
import { startOffice, type RunningOffice } from '../../../server/office/startOffice.ts';
import { acknowledged, addMember, api, httpUrlOf, openList, type ListClient } from './officeSupport.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'castdesk-office-directory-'));
let office: RunningOffice;
let http: string;
const clients: ListClient[] = [];
type Lists = {
  office: { id: string; name: string };
  member: { id: string; name: string; officeRole: string; isOwner: boolean };
  lists: { id: string; name: string; entries: number; updatedAt: string | null; role: string }[];
};

beforeAll(async () => {
  // Stored at once, so updatedAt is set for lists written before the query.
  office = await startOffice({ host: '127.0.0.1', port: 0, dataDir, storeDebounceMs: 0, log: () => undefined });
  http = httpUrlOf(office.url);
}, 120_000);

afterAll(async () => {
  for (const client of clients) client.destroy();
  await office?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A list written and acknowledged by `token`: a name and `count` entries, one of them deleted. */
async function writeList(officeId: string, listId: string, token: string, name: string, count: number): Promise<void> {
  const client = openList(office.url, officeDocumentName(officeId, listId), token, new Y.Doc());
  clients.push(client);
  await client.synced;
  client.doc.getMap(metaKey).set('name', name);
  for (let i = 0; i <= count; i += 1) addEntry(client.doc, `e${i}`, { position: `a${i}`, actor: { origin: 'https://d.example', id: i + 1, name: `Actor ${i}` } });
  entriesOf(client.doc).get(`e${count}`)!.set('deleted', true);
  await acknowledged(client);
}

it('answers the lists each member may open, with name, entry count and the member’s role, and never another office’s lists', async () => {
  const berlin = await office.members.createOffice('Berlin', 'Lea');
  const paris = await office.members.createOffice('Paris', 'Zoé');
  await writeList(berlin.officeId, 'callbacks', berlin.token, 'Callbacks', 3);
  await writeList(berlin.officeId, 'finals', berlin.token, 'Finals', 1);
  await writeList(paris.officeId, 'parisList', paris.token, 'Paris only', 2);
  const editor = await addMember(http, berlin.officeId, berlin.token, 'Ben', { role: 'editor' });
  const finalsOnly = await addMember(http, berlin.officeId, berlin.token, 'Dora', { role: 'reviewer', listId: 'finals' });

  const seenBy = async (token: string, officeId = berlin.officeId) => api<Lists>(http, 'GET', `/offices/${officeId}/lists`, undefined, token);
  for (const token of [berlin.token, editor.token]) {
    const answer = await seenBy(token);
    expect(answer.status).toBe(200);
    expect(answer.body.lists.map(({ id, name, entries, role }) => ({ id, name, entries, role }))).toEqual([
      { id: 'callbacks', name: 'Callbacks', entries: 3, role: 'editor' },
      { id: 'finals', name: 'Finals', entries: 1, role: 'editor' },
    ]);
  }
  // A role on one list opens that list only, with that role; the answer says who the member is, in which office.
  const dora = await seenBy(finalsOnly.token);
  expect(dora.body.lists.map((list) => [list.id, list.role])).toEqual([['finals', 'reviewer']]);
  expect(dora.body).toMatchObject({ office: { id: berlin.officeId, name: 'Berlin' }, member: { id: finalsOnly.memberId, name: 'Dora', officeRole: 'none', isOwner: false } });
  expect((await seenBy(berlin.token)).body.member).toMatchObject({ name: 'Lea', isOwner: true });
  // The other office's owner sees Paris's list, and is refused Berlin's directory.
  expect((await seenBy(paris.token, paris.officeId)).body.lists.map((list) => list.id)).toEqual(['parisList']);
  expect((await seenBy(paris.token)).status).toBe(403);

  // Once stored, a list says when.
  await expect.poll(async () => (await seenBy(editor.token)).body.lists.every((list) => list.updatedAt !== null), { timeout: 30_000 }).toBe(true);
});

it('refuses a missing, unknown or revoked token', async () => {
  const office1 = await office.members.createOffice('Rome', 'Gia');
  const member = await addMember(http, office1.officeId, office1.token, 'Ugo', { role: 'viewer' });
  expect((await api(http, 'GET', `/offices/${office1.officeId}/lists`)).status).toBe(401);
  expect((await api(http, 'GET', `/offices/${office1.officeId}/lists`, undefined, 'not-a-token')).status).toBe(401);
  expect((await api(http, 'GET', `/offices/${office1.officeId}/lists`, undefined, member.token)).status).toBe(200);
  expect((await api(http, 'DELETE', `/offices/${office1.officeId}/members/${member.memberId}`, undefined, office1.token)).status).toBe(204);
  expect((await api(http, 'GET', `/offices/${office1.officeId}/lists`, undefined, member.token)).status).toBe(401);
});
