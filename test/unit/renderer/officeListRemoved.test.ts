/**
 * "Stop sharing" takes the list out of the office (issue 25: every member keeps a personal copy),
 * in the app, against a real office server on 127.0.0.1: Lea (the owner) stops sharing, her app
 * asks the office to remove the list, and Ben's open copy becomes his personal list with every
 * entry and note, saying why, still after his app restarts, until he dismisses it. When the office
 * cannot be reached, Lea's list is personal here all the same and says the office still has it;
 * the first sweep that reaches the office takes it out then, and no sweep brings it in again (nor
 * for a viewer, whose "Stop sharing" leaves the office's list alone).
 *
 * Each member's app has an IndexedDB of its own (a fake-indexeddb factory per app, as two
 * computers have): Dexie takes the factory of `Dexie.dependencies` when a database is made, so it
 * is set while an app makes its shortlist database. The core's `removeOfficeList` (the token from
 * the keychain, for the office's origin only: officeAdmin.test.ts) is stood in for by the same
 * HTTP call made here with Node's client (the page's fetch keeps the same-origin rule).
 */
import { request } from 'node:http';
import { createServer } from 'node:net';
import { flushPromises, mount } from '@vue/test-utils';
import { Dexie } from 'dexie';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, expect, it, vi } from 'vitest';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import OfficeListNotice from '../../../renderer/src/components/shortlists/OfficeListNotice.vue';
import { openShortlistDb, userShortlistDbName, type ShortlistDb } from '../../../renderer/src/db/shortlistDb.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { nameOnlySnapshot } from '../../../renderer/src/sync/officeListDoc.ts';
import { openSharedList } from '../../../renderer/src/sync/officeSharing.ts';
import { memberCredentials, officeStoreApp, useOfficeServer, type OfficeServer } from './officeAppHarness.ts';

const server = useOfficeServer('castdesk-office-removed-', 'Lea');
const at = '2026-01-01T00:00:00.000Z';
const defaultFactory = Dexie.dependencies.indexedDB;

type App = ReturnType<typeof officeStoreApp>;
const apps: App[] = [];
const dbs: ShortlistDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) db.close();
  for (const app of apps.splice(0)) app.store.close();
  Dexie.dependencies.indexedDB = defaultFactory;
  await Dexie.delete(userShortlistDbName);
});

type Answer = { ok: true; value: Record<string, never> } | { ok: false; error: { code: string; message: string } };

/** One HTTP call with the owner's token through Node's client: its status and body, or the network error. */
function ownerCall(method: string, url: string, token: string): Promise<{ status: number; body: string } | Error> {
  return new Promise((resolve) => {
    const call = request(url, { method, headers: { authorization: `Bearer ${token}` } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    call.on('error', resolve);
    call.end();
  });
}

/** What the core's removeOfficeList does, with Lea's token, at `httpUrl` (the office's, or an address nothing answers). */
function removeAt(httpUrl: () => string, office: OfficeServer) {
  return async ({ listId }: { id: string; listId: string }): Promise<Answer> => {
    const answer = await ownerCall('DELETE', `${httpUrl()}/offices/${office.officeId}/lists/${listId}`, office.ownerToken);
    if (answer instanceof Error) return { ok: false, error: { code: 'office_unreachable', message: answer.message } };
    if (answer.status === 204) return { ok: true, value: {} };
    return { ok: false, error: { code: answer.status === 404 ? 'office_list_not_found' : 'office_forbidden', message: `HTTP ${answer.status}` } };
  };
}

/** What the core's listOfficeLists does with `token`, at `httpUrl`: the office's directory of lists the member may open. */
function directoryAt(httpUrl: () => string, office: OfficeServer, token: string) {
  return async (): Promise<{ ok: true; value: { lists: { id: string; name: string }[] } } | { ok: false; error: { code: string; message: string } }> => {
    const answer = await ownerCall('GET', `${httpUrl()}/offices/${office.officeId}/lists`, token);
    if (answer instanceof Error) return { ok: false, error: { code: 'office_unreachable', message: answer.message } };
    if (answer.status !== 200) return { ok: false, error: { code: 'office_forbidden', message: `HTTP ${answer.status}` } };
    return { ok: true, value: JSON.parse(answer.body) as { lists: { id: string; name: string }[] } };
  };
}

/** An address where nothing listens: a port taken and given back. */
async function deadAddress(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(probe.address() as { port: number }).port}`;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return url;
}

/** Lea's app on her own IndexedDB, with a list of two annotated actors shared with the office and synced. */
async function leaSharesAList(officeUrl: () => string): Promise<{ lea: App; leaDb: ShortlistDb; leasComputer: IDBFactory; shortlistId: number; listId: string; recordId: string }> {
  const leasComputer = new IDBFactory();
  Dexie.dependencies.indexedDB = leasComputer;
  const { grant, view } = memberCredentials(server, { memberId: server.ownerId, token: server.ownerToken }, 'Lea');
  const lea = officeStoreApp(grant, [{ ...view, isOwner: true }], { removeOfficeList: removeAt(officeUrl, server), listOfficeLists: directoryAt(officeUrl, server, server.ownerToken) });
  apps.push(lea);
  const leaDb = await openShortlistDb();
  dbs.push(leaDb);
  await lea.store.refresh();
  Dexie.dependencies.indexedDB = defaultFactory;
  const shortlistId = await leaDb.shortlists.add({ name: 'Callbacks', castingCallId: null, roleId: null, castingCallName: null, roleName: null, createdAt: at, updatedAt: at });
  await leaDb.entries.bulkAdd([
    { shortlistId, directoryOrigin: 'https://d.example', actorId: 1, position: 1, note: 'strong reading', rating: 4, colours: ['red'], tags: ['lead'], status: 'callback', addedAt: at, updatedAt: at, snapshot: nameOnlySnapshot('Anna') },
    { shortlistId, directoryOrigin: 'https://d.example', actorId: 2, position: 2, note: 'free in May', rating: null, colours: [], tags: [], status: 'considering', addedAt: at, updatedAt: at, snapshot: nameOnlySnapshot('Bea') },
  ]);
  expect(await lea.store.share(shortlistId, view.id)).toBe(true);
  await vi.waitFor(() => expect(lea.store.sharingOf(shortlistId)).toMatchObject({ kind: 'synced' }), { timeout: 30_000, interval: 10 });
  const { listId } = (await leaDb.officeLists.get(shortlistId))!;
  return { lea, leaDb, leasComputer, shortlistId, listId, recordId: view.id };
}

const rowsOf = async (db: ShortlistDb, shortlistId: number) =>
  (await db.entries.where('shortlistId').equals(shortlistId).sortBy('position')).map((row) => [row.actorId, row.note, row.rating, row.colours, row.tags, row.status, row.snapshot.name]);
const everything = [
  [1, 'strong reading', 4, ['red'], ['lead'], 'callback', 'Anna'],
  [2, 'free in May', null, [], [], 'considering', 'Bea'],
];

/** Ben's app (on this process's own IndexedDB), started afresh: what a restart of his app is. */
function startBen(ben: { memberId: string; token: string }): App {
  const { grant, view } = memberCredentials(server, ben, 'Ben', { recordId: 'ben-record' });
  const app = officeStoreApp(grant, [view]);
  apps.push(app);
  return app;
}

function mountNotice(app: App, listId: number) {
  return mount(OfficeListNotice, { props: { listId }, global: { plugins: [app.pinia, createCastdeskI18n('en')], provide: { [castdeskBridgeKey as symbol]: app.bridge } } });
}

/**
 * The copies of the office's list `listId` on a computer: shared ones (the sweep brought it in)
 * and the personal lists (the office's lists of the other cases of this file are shared ones).
 */
async function copiesOf(db: ShortlistDb, listId: string): Promise<{ shared: number; personal: number[] }> {
  const shared = await db.officeLists.toArray();
  const sharedIds = new Set(shared.map((row) => row.shortlistId));
  return {
    shared: shared.filter((row) => row.listId === listId).length,
    personal: (await db.shortlists.toArray()).flatMap((list) => (sharedIds.has(list.id!) ? [] : [list.id!])),
  };
}

async function directoryOf(office: OfficeServer): Promise<string[]> {
  const answer = await ownerCall('GET', `${office.httpUrl}/offices/${office.officeId}/lists`, office.ownerToken);
  if (answer instanceof Error) throw answer;
  return (JSON.parse(answer.body) as { lists: { id: string }[] }).lists.map((list) => list.id);
}

it("Lea stops sharing: the office removes the list, Ben's open copy becomes his personal list with every entry and note, and says so after a restart until dismissed", async () => {
  const { lea, leaDb, shortlistId: leasList, listId, recordId } = await leaSharesAList(() => server.httpUrl);
  const benMember = await server.join('Ben', 'editor');
  let ben = startBen(benMember);
  const benDb = await openShortlistDb();
  dbs.push(benDb);
  const bensList = await openSharedList(benDb, { officeRecordId: 'ben-record', officeId: server.officeId }, listId, 'Callbacks');
  await ben.store.refresh();
  await ben.store.attach(bensList);
  await vi.waitFor(async () => expect(await rowsOf(benDb, bensList)).toEqual(everything), { timeout: 30_000, interval: 10 });

  await lea.store.unshare(leasList);
  expect(lea.calls.filter((call) => call.channel === 'removeOfficeList').map((call) => call.args)).toEqual([{ id: recordId, listId }]);
  expect(lea.store.sharingOf(leasList)).toEqual({ kind: 'personal' });
  expect(lea.store.keptAsPersonal.has(leasList)).toBe(false);
  expect(await rowsOf(leaDb, leasList)).toEqual(everything);
  expect(await directoryOf(server)).not.toContain(listId);

  await vi.waitFor(async () => expect(await benDb.officeLists.get(bensList)).toBeUndefined(), { timeout: 30_000, interval: 10 });
  expect(ben.store.keptAsPersonal.get(bensList)).toBe('office_access_removed');
  expect(await rowsOf(benDb, bensList)).toEqual(everything);

  // Ben's app restarts: the list is his personal one and still says why.
  ben.store.close();
  ben = startBen(benMember);
  const notice = mountNotice(ben, bensList);
  await vi.waitFor(() => expect(notice.find('[data-testid="office-kept-personal"]').exists()).toBe(true), { timeout: 30_000, interval: 10 });
  expect(notice.get('[data-testid="office-kept-personal"]').attributes('data-code')).toBe('office_access_removed');
  expect(ben.store.sharingOf(bensList)).toEqual({ kind: 'personal' });
  await notice.get('[data-testid="office-kept-dismiss"]').trigger('click');
  await vi.waitFor(async () => expect((await benDb.shortlists.get(bensList))!.keptAsPersonal).toBeUndefined(), { timeout: 30_000, interval: 10 });
  notice.unmount();

  // Dismissed is gone for good: the next start says nothing.
  ben.store.close();
  ben = startBen(benMember);
  const after = mountNotice(ben, bensList);
  await flushPromises();
  await ben.store.loadKept();
  await flushPromises();
  expect(after.find('[data-testid="office-kept-personal"]').exists()).toBe(false);
  after.unmount();
});

it('when the office cannot be reached, the list is personal here all the same and says the office still has it, after a restart too', async () => {
  let officeUrl = server.httpUrl;
  const { lea, leaDb, leasComputer, shortlistId, listId } = await leaSharesAList(() => officeUrl);
  officeUrl = await deadAddress();

  await lea.store.unshare(shortlistId);
  expect(lea.store.sharingOf(shortlistId)).toEqual({ kind: 'personal' });
  expect(lea.store.keptAsPersonal.get(shortlistId)).toBe('office_still_has_list');
  expect(await leaDb.officeLists.get(shortlistId)).toBeUndefined();
  expect(await rowsOf(leaDb, shortlistId)).toEqual(everything);
  expect(await directoryOf(server)).toContain(listId);

  // Lea's app restarts (on her own IndexedDB): the notice is still there.
  lea.store.close();
  Dexie.dependencies.indexedDB = leasComputer;
  const { grant, view } = memberCredentials(server, { memberId: server.ownerId, token: server.ownerToken }, 'Lea');
  const again = officeStoreApp(grant, [view]);
  apps.push(again);
  const notice = mountNotice(again, shortlistId);
  await vi.waitFor(() => expect(notice.find('[data-testid="office-kept-personal"]').exists()).toBe(true), { timeout: 30_000, interval: 10 });
  Dexie.dependencies.indexedDB = defaultFactory;
  expect(notice.get('[data-testid="office-kept-personal"]').attributes('data-code')).toBe('office_still_has_list');
  expect(notice.get('[data-testid="office-kept-personal"]').text()).toContain('the office still has it');
  notice.unmount();
});

it('a Stop sharing the office could not be reached for is carried out by the next sweep that reaches it, and no sweep brings the list in again', async () => {
  let officeUrl = server.httpUrl;
  const { lea, leaDb, shortlistId, listId, recordId } = await leaSharesAList(() => officeUrl);
  officeUrl = await deadAddress();
  await lea.store.unshare(shortlistId);
  expect(lea.store.keptAsPersonal.get(shortlistId)).toBe('office_still_has_list');
  expect(await leaDb.officeListsLetGo.toArray()).toMatchObject([{ officeId: server.officeId, listId, officeRecordId: recordId, shortlistId, removalOwed: true }]);

  // A sweep while the office is still away changes nothing.
  await lea.store.sweep();
  expect(await leaDb.officeListsLetGo.count()).toBe(1);
  expect(await directoryOf(server)).toContain(listId);

  // The office is back: the sweep reads its directory, which still names the list, brings in no
  // second copy of it, and takes it out of the office at last.
  officeUrl = server.httpUrl;
  const removals = () => lea.calls.filter((call) => call.channel === 'removeOfficeList').length;
  const asked = removals();
  await lea.store.sweep();
  expect(removals()).toBe(asked + 1);
  expect(await directoryOf(server)).not.toContain(listId);
  expect(await copiesOf(leaDb, listId)).toEqual({ shared: 0, personal: [shortlistId] });
  expect(await leaDb.officeListsLetGo.count()).toBe(0);
  expect(await rowsOf(leaDb, shortlistId)).toEqual(everything);
  // The list no longer says the office still has it, after a restart either.
  expect(lea.store.keptAsPersonal.has(shortlistId)).toBe(false);
  expect((await leaDb.shortlists.get(shortlistId))!.keptAsPersonal).toBeUndefined();
});

it('a viewer who stops sharing keeps a personal copy: the office is not asked, keeps the list, and no sweep brings it in again', async () => {
  const { listId } = await leaSharesAList(() => server.httpUrl);
  const benMember = await server.join('Ben', 'viewer');
  const { grant, view } = memberCredentials(server, benMember, 'Ben', { recordId: 'ben-record' });
  const ben = officeStoreApp(grant, [view], { listOfficeLists: directoryAt(() => server.httpUrl, server, benMember.token) });
  apps.push(ben);
  const benDb = await openShortlistDb();
  dbs.push(benDb);
  // The sweep brings the list in, and syncing it tells Ben's app his role.
  await ben.store.sweep();
  const bensList = (await benDb.officeLists.where('[officeId+listId]').equals([server.officeId, listId]).first())?.shortlistId;
  expect(bensList).toBeDefined();
  await vi.waitFor(async () => expect(await rowsOf(benDb, bensList!)).toEqual(everything), { timeout: 30_000, interval: 10 });
  await vi.waitFor(async () => expect((await benDb.officeLists.get(bensList!))?.role).toBe('viewer'), { timeout: 30_000, interval: 10 });

  await ben.store.unshare(bensList!);
  expect(ben.calls.filter((call) => call.channel === 'removeOfficeList')).toEqual([]);
  expect(ben.store.keptAsPersonal.get(bensList!)).toBe('office_still_has_list');
  expect(await benDb.officeListsLetGo.toArray()).toMatchObject([{ listId, shortlistId: bensList, removalOwed: false }]);

  await ben.store.sweep();
  expect(await directoryOf(server)).toContain(listId);
  expect(await copiesOf(benDb, listId)).toEqual({ shared: 0, personal: [bensList] });
  expect(await rowsOf(benDb, bensList!)).toEqual(everything);
});
