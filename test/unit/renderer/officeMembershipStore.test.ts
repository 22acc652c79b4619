// @vitest-environment node
// The back end runs in this test (Node's fetch, not the page's, which keeps the same-origin rule).
/**
 * The offices page's stores with real parts: a real office server on 127.0.0.1, the app's real
 * back end (createBackEnd with the real OS keychain) answering the stores' bridge calls, and the
 * renderer's stores over real WebSockets with the shortlist database in IndexedDB
 * (fake-indexeddb: Node has none). Joining reloads the page (its CSP admits a new office's socket
 * only on a page served after the join) and a refused join does not; the sweep brings the lists
 * shared with the member onto this computer and keeps them fresh; removing the office keeps them as
 * personal lists, and adding it again brings each back once, shared (a list edited meanwhile stays
 * personal, the office's beside it), across a restart too; the owner invites, sees members, changes
 * a role and revokes; a computer whose keychain lost the office's token says its lists cannot sync
 * until the member joins again. Runs inside a D-Bus session with gnome-keyring (see DEVELOPERS.md).
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
import { openKeyStore } from '../../../electron/core/keys/keyStore.ts';
import { keychainAccountOf } from '../../../electron/core/office/officeMembership.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { officeEntryKey } from '../../../renderer/src/db/listDocShape.ts';
import { openShortlistDb, userShortlistDbName } from '../../../renderer/src/db/shortlistDb.ts';
import { useConnectionStore } from '../../../renderer/src/stores/connections.ts';
import { useOfficeListsStore } from '../../../renderer/src/stores/officeLists.ts';
import { pageReloadKey, useOfficeMembershipStore } from '../../../renderer/src/stores/officeMembership.ts';
import { useShortlistsStore } from '../../../renderer/src/stores/shortlists.ts';
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

/**
 * One computer's app: its own back end (user data folder), the stores over a bridge to it, page
 * reloads counted. With `backEnd`, the app of the computer it belongs to started again (a restart:
 * same back end, same shortlist database).
 */
async function computer(name: string, backEnd?: BackEnd) {
  if (!backEnd) {
    backEnd = await createBackEnd({ userDataDir: join(dataDir, `${name}-${crypto.randomUUID()}`), shell: 'web', version: '0.0.0-test' });
    backEnds.push(backEnd);
  }
  const bridge = Object.fromEntries(channelNames.map((channel) => [channel, (args: unknown) => backEnd.call(channel, args)])) as unknown as CastdeskBridge;
  const reloads: number[] = [];
  const app = createApp({});
  const pinia = createPinia();
  app.use(pinia).provide(castdeskBridgeKey, bridge).provide(pageReloadKey, () => void reloads.push(Date.now()));
  setActivePinia(pinia);
  const membership = app.runWithContext(() => useOfficeMembershipStore());
  const lists = app.runWithContext(() => useOfficeListsStore());
  apps.push({ close: () => lists.close() });
  /** The shortlists store, through which the list view changes a list (its database opens once the connections are listed). */
  const shortlists = () =>
    app.runWithContext(() => {
      useConnectionStore().listed = true;
      return useShortlistsStore();
    });
  return { backEnd, membership, lists, reloads, shortlists };
}

async function inviteCode(grant: { role: string; listId?: string }): Promise<string> {
  const answer = await api<{ code: string }>(officeUrl, 'POST', `/offices/${officeId}/invites`, grant, ownerToken);
  expect(answer.status).toBe(201);
  return answer.body.code;
}

/** A list the owner writes on the office: a name and actors (entry ids `keyOf` their index). */
async function officeList(listId: string, name: string, actors: string[], keyOf = (index: number) => `e${index}`): Promise<ListClient> {
  const client = openList(office.url, officeDocumentName(officeId, listId), ownerToken, new Y.Doc());
  clients.push(client);
  await client.synced;
  client.doc.getMap(metaKey).set('name', name);
  actors.forEach((actor, index) => addEntry(client.doc, keyOf(index), { position: `a${index}`, actor: { origin: 'https://d.example', id: index + 1, name: actor } }));
  await acknowledged(client);
  return client;
}

/** The lists on this computer whose name has `tag` (each test's own office lists), by name and then by id: with their actors' notes, and whether shared. */
async function listsTagged(tag: string): Promise<{ id: number; name: string; notes: [string, string][]; shared: boolean; keptFrom: string | null }[]> {
  const db = await openShortlistDb();
  try {
    const shared = new Set((await db.officeLists.toArray()).map((row) => row.shortlistId));
    const lists = (await db.shortlists.orderBy('name').toArray()).filter((list) => list.name.includes(tag));
    return Promise.all(
      lists.map(async (list) => ({
        id: list.id!,
        name: list.name,
        notes: (await db.entries.where('shortlistId').equals(list.id!).sortBy('position')).map((entry): [string, string] => [entry.snapshot.name, entry.note]),
        shared: shared.has(list.id!),
        keptFrom: list.keptFrom?.listId ?? null,
      })),
    );
  } finally {
    db.close();
  }
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

/** Ben's computer, joined as an editor and swept: the office's lists are here, shared. */
async function benWithTheOfficesLists() {
  const ben = await computer('ben');
  expect(await ben.membership.join({ url: officeUrl, officeId, code: await inviteCode({ role: 'editor' }), name: 'Ben' })).toBe(true);
  await ben.lists.sweep();
  return ben;
}

/** An entry's id in a list as the app writes it (its actor's key), so the app's edits find it. */
const appKeyOf = (actorId: number) => officeEntryKey('https://d.example', actorId);

/** The owner's two lists of a test: Callbacks (Anna, Bea) and Finals (Cleo), named with `tag`. */
async function callbacksAndFinals(tag: string): Promise<{ callbacks: ListClient; names: [string, string] }> {
  const names: [string, string] = [`Callbacks ${tag}`, `Finals ${tag}`];
  const callbacks = await officeList(`callbacks-${tag}`, names[0], ['Anna', 'Bea'], (index) => appKeyOf(index + 1));
  await officeList(`finals-${tag}`, names[1], ['Cleo'], (index) => appKeyOf(index + 1));
  return { callbacks, names };
}

/** A colleague adds Dora to the office's Callbacks while Ben is without the office. */
async function colleagueAddsDora(callbacks: ListClient): Promise<void> {
  addEntry(callbacks.doc, appKeyOf(9), { position: 'a9', actor: { origin: 'https://d.example', id: 9, name: 'Dora' } });
  await acknowledged(callbacks);
}

it('removing the office and adding it again brings each of its lists back once, shared and synced, with what a colleague changed meanwhile', async () => {
  const tag = crypto.randomUUID().slice(0, 8);
  const { callbacks, names } = await callbacksAndFinals(tag);
  const ben = await benWithTheOfficesLists();
  const [callbacksHere, finalsHere] = (await listsTagged(tag)).map((list) => list.id);
  expect(await ben.membership.remove(ben.lists.offices[0].id)).toBe(true);
  expect((await listsTagged(tag)).map((list) => [list.name, list.shared])).toEqual([
    [names[0], false],
    [names[1], false],
  ]);
  await colleagueAddsDora(callbacks);
  // The office's name of the list wins too.
  callbacks.doc.getMap(metaKey).set('name', `${names[0]} (final)`);
  await acknowledged(callbacks);

  // Added again, as a viewer now: the role comes from the office's directory.
  expect(await ben.membership.join({ url: officeUrl, officeId, code: await inviteCode({ role: 'viewer' }), name: 'Ben' })).toBe(true);
  await ben.lists.sweep();
  expect(await listsTagged(tag)).toEqual([
    { id: callbacksHere, name: `${names[0]} (final)`, notes: [['Anna', ''], ['Bea', ''], ['Dora', '']], shared: true, keptFrom: null },
    { id: finalsHere, name: names[1], notes: [['Cleo', '']], shared: true, keptFrom: null },
  ]);
  for (const id of [callbacksHere!, finalsHere!]) {
    expect(ben.lists.sharingOf(id)).toMatchObject({ kind: 'synced' });
    expect(ben.lists.accessOf(id)).toMatchObject({ role: 'viewer', edit: false });
  }
  // Nothing came into the office twice.
  expect(entriesOf(callbacks.doc).size).toBe(3);
});

it('a list edited here as a personal list after the office was removed keeps its edit, and the office’s list comes in beside it', async () => {
  const tag = crypto.randomUUID().slice(0, 8);
  const { callbacks, names } = await callbacksAndFinals(tag);
  const ben = await benWithTheOfficesLists();
  const [callbacksHere, finalsHere] = (await listsTagged(tag)).map((list) => list.id);
  expect(await ben.membership.remove(ben.lists.offices[0].id)).toBe(true);
  const shortlists = ben.shortlists();
  await vi.waitFor(() => expect(shortlists.ready).toBe(true));
  const openedDb = await openShortlistDb();
  const anna = (await openedDb.entries.where('shortlistId').equals(callbacksHere!).toArray()).find((entry) => entry.snapshot.name === 'Anna')!;
  openedDb.close();
  expect(await shortlists.updateEntry(anna.id!, { note: 'Ben: free in May' })).toBe(true);
  await colleagueAddsDora(callbacks);

  expect(await ben.membership.join({ url: officeUrl, officeId, code: await inviteCode({ role: 'viewer' }), name: 'Ben' })).toBe(true);
  await ben.lists.sweep();
  const here = await listsTagged(tag);
  const officesCallbacks = here.find((list) => list.name === names[0] && list.id !== callbacksHere)?.id;
  expect(here).toEqual([
    { id: callbacksHere, name: names[0], notes: [['Anna', 'Ben: free in May'], ['Bea', '']], shared: false, keptFrom: null },
    { id: officesCallbacks, name: names[0], notes: [['Anna', ''], ['Bea', ''], ['Dora', '']], shared: true, keptFrom: null },
    { id: finalsHere, name: names[1], notes: [['Cleo', '']], shared: true, keptFrom: null },
  ]);
  expect(ben.lists.sharingOf(callbacksHere!)).toEqual({ kind: 'personal' });
  // Ben's edit stayed on his computer.
  expect(String(entriesOf(callbacks.doc).get(appKeyOf(1))!.get('note'))).toBe('');
});

it('the app restarting between removing the office and adding it again still brings each list back once, shared', async () => {
  const tag = crypto.randomUUID().slice(0, 8);
  const { callbacks, names } = await callbacksAndFinals(tag);
  let ben = await benWithTheOfficesLists();
  const [callbacksHere, finalsHere] = (await listsTagged(tag)).map((list) => list.id);
  expect(await ben.membership.remove(ben.lists.offices[0].id)).toBe(true);
  ben.lists.close();
  ben = await computer('ben', ben.backEnd);
  await colleagueAddsDora(callbacks);

  expect(await ben.membership.join({ url: officeUrl, officeId, code: await inviteCode({ role: 'editor' }), name: 'Ben' })).toBe(true);
  await ben.lists.sweep();
  expect(await listsTagged(tag)).toEqual([
    { id: callbacksHere, name: names[0], notes: [['Anna', ''], ['Bea', ''], ['Dora', '']], shared: true, keptFrom: null },
    { id: finalsHere, name: names[1], notes: [['Cleo', '']], shared: true, keptFrom: null },
  ]);
});

it('a computer whose keychain lost the office’s token says its shared list cannot sync, not "synced", and joining again lets it sync', async () => {
  const tag = crypto.randomUUID().slice(0, 8);
  const { callbacks } = await callbacksAndFinals(tag);
  let ben = await benWithTheOfficesLists();
  const [callbacksHere] = (await listsTagged(tag)).map((list) => list.id);
  expect(ben.lists.sharingOf(callbacksHere)).toMatchObject({ kind: 'synced' });
  // The keychain loses the token (another program deleted it, or the login keyring was made anew); the app starts again.
  expect(await (await openKeyStore()).deleteKey(keychainAccountOf(ben.lists.offices[0]))).toBe(true);
  ben.lists.close();
  ben = await computer('ben', ben.backEnd);
  const shortlistDb = await openShortlistDb();
  const { syncedAt } = (await shortlistDb.officeLists.get(callbacksHere))!;
  shortlistDb.close();
  expect(syncedAt).not.toBeNull();
  await ben.lists.refresh();
  // Before, "synced" at its last sync, although no socket can open without the token.
  expect(ben.lists.sharingOf(callbacksHere)).toEqual({ kind: 'signedOut', lastSynced: syncedAt });
  // A sweep changes nothing: the office cannot be asked.
  await colleagueAddsDora(callbacks);
  await ben.lists.sweep();
  expect(ben.lists.sharingOf(callbacksHere)).toEqual({ kind: 'signedOut', lastSynced: syncedAt });

  // What the badge tells the member to do: join the office again (the page reloads). The list syncs, with what changed meanwhile.
  expect(await ben.membership.join({ url: officeUrl, officeId, code: await inviteCode({ role: 'editor' }), name: 'Ben' })).toBe(true);
  ben.lists.close();
  ben = await computer('ben', ben.backEnd);
  await ben.lists.sweep();
  expect(ben.lists.sharingOf(callbacksHere)).toMatchObject({ kind: 'synced' });
  expect((await listsTagged(tag)).find((list) => list.id === callbacksHere)?.notes.map(([name]) => name)).toEqual(['Anna', 'Bea', 'Dora']);
});
