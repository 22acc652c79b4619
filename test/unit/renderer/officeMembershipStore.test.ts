// @vitest-environment node
// The back end runs in this test (Node's fetch, not the page's, which keeps the same-origin rule).
/**
 * The offices page's stores with real parts: a real office server on 127.0.0.1, the app's real
 * back end (createBackEnd with the real OS keychain) answering the stores' bridge calls, and the
 * renderer's stores over real WebSockets with the shortlist database in IndexedDB
 * (fake-indexeddb: Node has none). Joining reloads the page (its CSP admits a new office's socket
 * only on a page served after the join) and a refused join does not; the sweep brings the lists
 * shared with the member onto this computer and keeps them fresh; removing the office keeps them as
 * personal lists; the owner invites, sees members, changes a role and revokes. Runs inside a D-Bus
 * session with gnome-keyring (see DEVELOPERS.md).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Dexie } from 'dexie';
import { createPinia, setActivePinia } from 'pinia';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { createApp } from 'vue';
import * as Y from 'yjs';
import { channelNames } from '../../../contract/bridge-channels.ts';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import { metaKey } from '../../../contract/officeList.ts';
import { createBackEnd, type BackEnd } from '../../../electron/core/backEnd.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { openShortlistDb, userShortlistDbName } from '../../../renderer/src/db/shortlistDb.ts';
import { useOfficeListsStore } from '../../../renderer/src/stores/officeLists.ts';
import { pageReloadKey, useOfficeMembershipStore } from '../../../renderer/src/stores/officeMembership.ts';
import { officeDocumentName } from '../../../server/office/documentName.ts';
import { addEntry, entriesOf } from '../../../server/office/listDocument.ts';
import { startOffice, type RunningOffice } from '../../../server/office/startOffice.ts';
import { acknowledged, api, httpUrlOf, openList, type ListClient } from '../../integration/office/officeSupport.ts';

let office: RunningOffice;
let officeUrl: string;
let officeId: string;
let ownerToken: string;
let dataDir: string;
const backEnds: BackEnd[] = [];
const clients: ListClient[] = [];
const apps: { close(): void }[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'castdesk-office-pages-'));
  office = await startOffice({ host: '127.0.0.1', port: 0, dataDir: join(dataDir, 'office'), log: () => undefined });
  officeUrl = httpUrlOf(office.url);
  ({ officeId, token: ownerToken } = await office.members.createOffice('Casting Office Berlin', 'Lea'));
}, 120_000);

afterEach(async () => {
  for (const app of apps.splice(0)) app.close();
  await Dexie.delete(userShortlistDbName);
});

afterAll(async () => {
  for (const client of clients) client.destroy();
  for (const backEnd of backEnds) await backEnd.close();
  await office?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** One computer's app: its own back end (user data folder), the stores over a bridge to it, page reloads counted. */
async function computer(name: string) {
  const backEnd = await createBackEnd({ userDataDir: join(dataDir, `${name}-${crypto.randomUUID()}`), shell: 'web', version: '0.0.0-test' });
  backEnds.push(backEnd);
  const bridge = Object.fromEntries(channelNames.map((channel) => [channel, (args: unknown) => backEnd.call(channel, args)])) as unknown as CastdeskBridge;
  const reloads: number[] = [];
  const app = createApp({});
  const pinia = createPinia();
  app.use(pinia).provide(castdeskBridgeKey, bridge).provide(pageReloadKey, () => void reloads.push(Date.now()));
  setActivePinia(pinia);
  const membership = app.runWithContext(() => useOfficeMembershipStore());
  const lists = app.runWithContext(() => useOfficeListsStore());
  apps.push({ close: () => lists.close() });
  return { backEnd, membership, lists, reloads };
}

async function inviteCode(grant: { role: string; listId?: string }): Promise<string> {
  const answer = await api<{ code: string }>(officeUrl, 'POST', `/offices/${officeId}/invites`, grant, ownerToken);
  expect(answer.status).toBe(201);
  return answer.body.code;
}

/** A list the owner writes on the office: a name and actors. */
async function officeList(listId: string, name: string, actors: string[]): Promise<ListClient> {
  const client = openList(office.url, officeDocumentName(officeId, listId), ownerToken, new Y.Doc());
  clients.push(client);
  await client.synced;
  client.doc.getMap(metaKey).set('name', name);
  actors.forEach((actor, index) => addEntry(client.doc, `e${index}`, { position: `a${index}`, actor: { origin: 'https://d.example', id: index + 1, name: actor } }));
  await acknowledged(client);
  return client;
}

async function listsHere(): Promise<{ name: string; actors: string[]; shared: boolean }[]> {
  const db = await openShortlistDb();
  try {
    const shared = new Set((await db.officeLists.toArray()).map((row) => row.shortlistId));
    const lists = await db.shortlists.orderBy('name').toArray();
    return Promise.all(
      lists.map(async (list) => ({
        name: list.name,
        actors: (await db.entries.where('shortlistId').equals(list.id!).sortBy('position')).map((entry) => entry.snapshot.name),
        shared: shared.has(list.id!),
      })),
    );
  } finally {
    db.close();
  }
}

it('joining reloads the page once it is stored; a refused join shows the error and does not', async () => {
  const ben = await computer('ben');
  expect(await ben.membership.join({ url: officeUrl, officeId, code: 'never-issued', name: 'Ben' })).toBe(false);
  expect(ben.membership.error).toMatchObject({ code: 'office_invite_invalid' });
  expect(ben.reloads).toEqual([]);

  expect(await ben.membership.join({ url: officeUrl, officeId, code: await inviteCode({ role: 'editor' }), name: 'Ben' })).toBe(true);
  expect(ben.reloads).toHaveLength(1);
  // After the reload: the office is listed with who Ben is there.
  await ben.membership.start();
  const [record] = ben.lists.offices;
  expect(record).toMatchObject({ officeId, memberName: 'Ben', isOwner: false });
  expect(ben.membership.directories.get(record.id)).toMatchObject({ office: { name: 'Casting Office Berlin' }, member: { name: 'Ben', officeRole: 'editor', isOwner: false } });
});

it('the sweep brings the office’s lists onto this computer and keeps them fresh; removing the office keeps them as personal lists', async () => {
  const callbacks = await officeList('callbacks', 'Callbacks', ['Anna', 'Bea']);
  await officeList('finals', 'Finals', ['Cleo']);
  const ben = await computer('ben');
  await ben.membership.join({ url: officeUrl, officeId, code: await inviteCode({ role: 'viewer' }), name: 'Ben' });

  await ben.lists.sweep();
  expect(await listsHere()).toEqual([
    { name: 'Callbacks', actors: ['Anna', 'Bea'], shared: true },
    { name: 'Finals', actors: ['Cleo'], shared: true },
  ]);

  // A change on the office reaches a list nobody opened at the next sweep.
  addEntry(callbacks.doc, 'e9', { position: 'a9', actor: { origin: 'https://d.example', id: 9, name: 'Dora' } });
  entriesOf(callbacks.doc).get('e0')!.set('deleted', true);
  await acknowledged(callbacks);
  await ben.lists.sweep();
  expect((await listsHere()).find((list) => list.name === 'Callbacks')).toEqual({ name: 'Callbacks', actors: ['Bea', 'Dora'], shared: true });

  // Removing the office: both lists stay, personal now.
  expect(await ben.membership.remove(ben.lists.offices[0].id)).toBe(true);
  expect(ben.lists.offices).toEqual([]);
  expect(await listsHere()).toEqual([
    { name: 'Callbacks', actors: ['Bea', 'Dora'], shared: false },
    { name: 'Finals', actors: ['Cleo'], shared: false },
  ]);
});

it('a member invited to one list gets that list only', async () => {
  await officeList('secret', 'Secret', ['Eve']);
  const dora = await computer('dora');
  await dora.membership.join({ url: officeUrl, officeId, code: await inviteCode({ role: 'reviewer', listId: 'finals' }), name: 'Dora' });
  await dora.lists.sweep();
  expect((await listsHere()).map((list) => list.name)).toEqual(['Finals']);
});

it('the owner invites, sees the members, changes a role and revokes; the revoked member’s office refuses them', async () => {
  const lea = await computer('lea');
  expect(await lea.membership.addWithToken({ url: officeUrl, officeId, token: ownerToken, name: 'Lea' })).toBe(true);
  await lea.membership.start();
  const owned = lea.lists.offices[0];
  expect(lea.membership.directories.get(owned.id)?.member.isOwner).toBe(true);

  expect(await lea.membership.createInvite(owned.id, { role: 'reviewer' })).toBe(true);
  const shown = lea.membership.invite!;
  expect(shown).toMatchObject({ officeRecordId: owned.id, role: 'reviewer' });
  const ugo = await computer('ugo');
  expect(await ugo.membership.join({ url: officeUrl, officeId, code: shown.code, name: 'Ugo' })).toBe(true);
  await ugo.membership.start();
  const ugoRecord = ugo.lists.offices[0];

  await lea.membership.loadMembers(owned.id);
  const listed = lea.membership.members.get(owned.id)!.find((member) => member.id === ugoRecord.memberId);
  expect(listed).toMatchObject({ name: 'Ugo', officeRole: 'reviewer', revoked: false });

  expect(await lea.membership.setRole(owned.id, ugoRecord.memberId!, { role: 'viewer' })).toBe(true);
  expect(lea.membership.members.get(owned.id)!.find((member) => member.id === ugoRecord.memberId)).toMatchObject({ officeRole: 'viewer' });

  expect(await lea.membership.revoke(owned.id, ugoRecord.memberId!)).toBe(true);
  expect(lea.membership.members.get(owned.id)!.find((member) => member.id === ugoRecord.memberId)).toMatchObject({ revoked: true });
  await ugo.membership.loadDirectory(ugoRecord.id);
  expect(ugo.membership.directories.get(ugoRecord.id)).toBeUndefined();
  await vi.waitFor(async () => expect(await ugo.backEnd.call('listOfficeLists', { id: ugoRecord.id })).toMatchObject({ ok: false, error: { code: 'office_token_refused' } }));
  // The offices page says why: the office no longer knows the token.
  await ugo.membership.loadDirectory(ugoRecord.id);
  expect(ugo.membership.directoryFailures.get(ugoRecord.id)).toMatchObject({ code: 'office_token_refused' });

  // A member is refused what only the owner may do, as data.
  expect(await ugo.membership.createInvite(ugoRecord.id, { role: 'editor' })).toBe(false);
  expect(ugo.membership.error).toMatchObject({ code: 'office_token_refused' });
});
