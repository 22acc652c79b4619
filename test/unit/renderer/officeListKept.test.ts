/**
 * A shared list the office no longer lets the member open (their access taken away: the owner
 * revokes them, the office answers `permission-denied`) becomes a personal copy on this computer
 * by itself, with everything it held, whether the list is open (attached) or found by the
 * background sweep; the list page says why once. A real office server on 127.0.0.1, real Dexie,
 * the office store over the bridge double; the owner revokes through the office's HTTP API.
 */
import { request } from 'node:http';
import { flushPromises, mount } from '@vue/test-utils';
import { Dexie } from 'dexie';
import { afterEach, expect, it, vi } from 'vitest';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import OfficeListNotice from '../../../renderer/src/components/shortlists/OfficeListNotice.vue';
import { openShortlistDb, userShortlistDbName, type ShortlistDb } from '../../../renderer/src/db/shortlistDb.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { nameOnlySnapshot } from '../../../renderer/src/sync/officeListDoc.ts';
import { memberCredentials, officeStoreApp, useOfficeServer, type OfficeServer } from './officeAppHarness.ts';

const server = useOfficeServer('castdesk-office-kept-');

let app: ReturnType<typeof officeStoreApp> | null = null;
let db: ShortlistDb | null = null;
afterEach(async () => {
  db?.close();
  db = null;
  app?.store.close();
  app = null;
  await Dexie.delete(userShortlistDbName);
});

/** The owner revokes a member through the office's HTTP API (Node's client: the page's fetch keeps the same-origin rule). */
function revoke(office: OfficeServer, memberId: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const call = request(`${office.httpUrl}/offices/${office.officeId}/members/${memberId}`, { method: 'DELETE', headers: { authorization: `Bearer ${office.ownerToken}` } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    call.on('error', reject);
    call.end();
  });
}

const at = '2026-01-01T00:00:00.000Z';

/** A member's app with a list of two annotated actors shared with the office and synced. */
async function sharedListOf(name: string): Promise<{ listId: number; memberId: string }> {
  const member = await server.join(name);
  const { grant, view } = memberCredentials(server, member, name);
  app = officeStoreApp(grant, [view]);
  db = await openShortlistDb();
  const listId = await db.shortlists.add({ name: 'Callbacks', castingCallId: null, roleId: null, castingCallName: null, roleName: null, createdAt: at, updatedAt: at });
  await db.entries.bulkAdd([
    { shortlistId: listId, directoryOrigin: 'https://d.example', actorId: 1, position: 1, note: 'strong reading', rating: 4, colours: ['red'], tags: ['lead'], status: 'callback', addedAt: at, updatedAt: at, snapshot: nameOnlySnapshot('Anna') },
    { shortlistId: listId, directoryOrigin: 'https://d.example', actorId: 2, position: 2, note: '', rating: null, colours: [], tags: [], status: 'considering', addedAt: at, updatedAt: at, snapshot: nameOnlySnapshot('Bea') },
  ]);
  await app.store.refresh();
  expect(await app.store.share(listId, view.id)).toBe(true);
  await vi.waitFor(() => expect(app!.store.sharingOf(listId)).toMatchObject({ kind: 'synced' }), { timeout: 30_000, interval: 10 });
  return { listId, memberId: member.memberId };
}

async function expectPersonalCopy(listId: number, note: string): Promise<void> {
  await vi.waitFor(async () => expect(await db!.officeLists.get(listId)).toBeUndefined(), { timeout: 30_000, interval: 10 });
  expect(app!.store.sharingOf(listId)).toEqual({ kind: 'personal' });
  expect(app!.store.keptAsPersonal.get(listId)).toBe('office_access_removed');
  expect(await db!.shortlists.get(listId)).toMatchObject({ name: 'Callbacks' });
  const rows = await db!.entries.where('shortlistId').equals(listId).sortBy('position');
  expect(rows.map((row) => [row.actorId, row.note, row.rating, row.colours, row.tags, row.status, row.snapshot.name])).toEqual([
    [1, note, 4, ['red'], ['lead'], 'callback', 'Anna'],
    [2, '', null, [], [], 'considering', 'Bea'],
  ]);
}

it('an open list whose member was revoked becomes a personal copy with everything it held, and the list page says why once', async () => {
  const { listId, memberId } = await sharedListOf('Lea');
  // A note typed here just before the office let go of the list is kept too.
  const anna = (await db!.entries.where('shortlistId').equals(listId).toArray()).find((row) => row.actorId === 1)!;
  const shortlists = app!.shortlists();
  await vi.waitFor(() => expect(shortlists.ready).toBe(true));
  expect(await shortlists.updateEntry(anna.id!, { note: 'strong reading, free in May' })).toBe(true);
  expect(await revoke(server, memberId)).toBe(204);
  await expectPersonalCopy(listId, 'strong reading, free in May');

  const notice = mount(OfficeListNotice, { props: { listId }, global: { plugins: [app!.pinia, createCastdeskI18n('en')], provide: { [castdeskBridgeKey as symbol]: app!.bridge } } });
  await flushPromises();
  expect(notice.get('[data-testid="office-kept-personal"]').attributes('data-code')).toBe('office_access_removed');
  expect(notice.get('[data-testid="office-kept-personal"]').text()).toContain('It is kept here as your personal list, with everything it held.');
  await notice.get('[data-testid="office-kept-dismiss"]').trigger('click');
  expect(notice.find('[data-testid="office-kept-personal"]').exists()).toBe(false);
  notice.unmount();
});

it('a list not open is found refused by the background sweep and becomes a personal copy by itself', async () => {
  const { listId, memberId } = await sharedListOf('Mia');
  app!.store.detach(listId);
  expect(await revoke(server, memberId)).toBe(204);
  await app!.store.sweep();
  await expectPersonalCopy(listId, 'strong reading');
});
