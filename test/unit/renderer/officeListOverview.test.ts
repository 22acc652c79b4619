/**
 * The overview of lists shows where each list stands with the casting office (personal, shared and
 * synced when, waiting to sync with when it last synced, cannot sync without the office's token or
 * while the keychain does not answer), from the same state and in the same words as the list's own
 * page. A real office server on 127.0.0.1 and real Dexie; the office store over the bridge double.
 */
import { flushPromises, mount } from '@vue/test-utils';
import { Dexie } from 'dexie';
import { afterEach, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import type { OfficeView } from '../../../contract/officeBridge.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import OfficeSharing from '../../../renderer/src/components/shortlists/OfficeSharing.vue';
import ShortlistRow from '../../../renderer/src/components/shortlists/ShortlistRow.vue';
import { openShortlistDb, userShortlistDbName, type ShortlistDb } from '../../../renderer/src/db/shortlistDb.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { nameOnlySnapshot } from '../../../renderer/src/sync/officeListDoc.ts';
import { memberCredentials, officeStoreApp, useOfficeServer } from './officeAppHarness.ts';

const server = useOfficeServer('castdesk-office-overview-');

let app: ReturnType<typeof officeStoreApp> | null = null;
let db: ShortlistDb | null = null;
const unmounts: (() => void)[] = [];
afterEach(async () => {
  for (const unmount of unmounts.splice(0)) unmount();
  db?.close();
  db = null;
  app?.store.close();
  app = null;
  await Dexie.delete(userShortlistDbName);
});

const RouterLinkDouble = defineComponent({ props: { to: { type: Object, required: true } }, setup: (_props, { slots }) => () => h('a', slots.default?.()) });
const at = '2026-01-01T00:00:00.000Z';

async function list(name: string): Promise<number> {
  const id = await db!.shortlists.add({ name, castingCallId: null, roleId: null, castingCallName: null, roleName: null, createdAt: at, updatedAt: at });
  await db!.entries.add({ shortlistId: id, directoryOrigin: 'https://d.example', actorId: 1, position: 1, note: '', rating: null, colours: [], tags: [], status: 'considering', addedAt: at, updatedAt: at, snapshot: nameOnlySnapshot('Anna') });
  return id;
}

const mountOptions = () => ({ plugins: [app!.pinia, createCastdeskI18n('en')], provide: { [castdeskBridgeKey as symbol]: app!.bridge }, stubs: { RouterLink: RouterLinkDouble } });
function kept<W extends { unmount(): void }>(wrapper: W): W {
  unmounts.push(() => wrapper.unmount());
  return wrapper;
}

/** List `id`'s row in the overview of lists. */
const rowOf = (id: number, name: string) =>
  kept(mount(ShortlistRow, { props: { list: { id, name, castingCallId: null, roleId: null, castingCallName: null, roleName: null, createdAt: at, updatedAt: at, count: 1 }, renaming: false }, global: mountOptions() }));

it('each row of the overview says personal, synced when or not synced yet, as the list page does', async () => {
  const { grant, view } = memberCredentials(server, await server.join('Lea'), 'Lea');
  app = officeStoreApp(grant, [view]);
  db = await openShortlistDb();
  const personal = await list('Personal');
  const synced = await list('Synced');
  const waiting = await list('Waiting');
  // Shared on this computer while the office was out of reach: the office row, never synced.
  await db.officeLists.add({ shortlistId: waiting, officeRecordId: view.id, officeId: view.officeId, listId: 'neversynced1', sharedAt: '2026-02-03T10:00:00.000Z', syncedAt: null });

  const rows = [rowOf(personal, 'Personal'), rowOf(synced, 'Synced'), rowOf(waiting, 'Waiting')];
  // The overview reads the shared lists' state as it opens (ShortlistsView), then Lea shares "Synced".
  await app.store.refresh();
  expect(await app.store.share(synced, view.id)).toBe(true);
  await vi.waitFor(() => expect(rows[1].get('[data-testid="office-badge"]').attributes('data-sharing')).toBe('synced'), { timeout: 30_000, interval: 10 });
  await flushPromises();

  expect(rows.map((row) => row.get('[data-testid="office-badge"]').attributes('data-sharing'))).toEqual(['personal', 'synced', 'waiting']);
  expect(rows[0].get('[data-testid="office-badge"]').text()).toBe('Personal list: only on this computer');
  expect(rows[1].get('[data-testid="office-badge"]').text()).toMatch(/^Shared with the office · synced /);
  // Never synced: no time is offered as if it were one (before, "waiting to sync since" the time it was shared).
  expect(rows[2].get('[data-testid="office-badge"]').text()).toBe('Shared with the office · not synced yet; waiting to sync');
  // The list's own page says the same.
  for (const [index, id] of [personal, synced].entries()) {
    const page = kept(mount(OfficeSharing, { props: { listId: id }, global: mountOptions() }));
    await flushPromises();
    expect(page.get('[data-testid="office-badge"]').text()).toBe(rows[index].get('[data-testid="office-badge"]').text());
  }
});

it('a shared list of an office this computer holds no token for says it cannot sync and why, in its row and on its page, never "synced"', async () => {
  const { grant, view } = memberCredentials(server, await server.join('Ben'), 'Ben');
  // As the back end answers once the keychain lost the office's token: listed without one, and none handed out.
  const tokenLost: OfficeView = { ...view, tokenState: 'missing' };
  app = officeStoreApp(grant, [tokenLost], { getOfficeToken: () => ({ ok: false, error: { code: 'office_token_missing', message: 'This office has no token on this computer; join it again.' } }) });
  db = await openShortlistDb();
  const syncedBefore = await list('Synced before');
  const neverSynced = await list('Never synced');
  const lastSynced = '2026-02-03T10:00:00.000Z';
  await db.officeLists.add({ shortlistId: syncedBefore, officeRecordId: view.id, officeId: view.officeId, listId: 'syncedbefore1', sharedAt: '2026-02-01T10:00:00.000Z', syncedAt: lastSynced });
  await db.officeLists.add({ shortlistId: neverSynced, officeRecordId: view.id, officeId: view.officeId, listId: 'neversynced2', sharedAt: '2026-02-01T10:00:00.000Z', syncedAt: null });
  const rows = [rowOf(syncedBefore, 'Synced before'), rowOf(neverSynced, 'Never synced')];
  await app.store.refresh();
  await flushPromises();

  const badges = rows.map((row) => row.get('[data-testid="office-badge"]'));
  // Before, the list that synced once said "synced" although nothing could sync.
  expect(badges.map((badge) => badge.attributes('data-sharing'))).toEqual(['signedOut', 'signedOut']);
  const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(lastSynced));
  expect(badges[0].text()).toBe(`Shared with the office · cannot sync: this computer is not signed in to the office; join it again on Connections · last synced ${when}`);
  expect(badges[1].text()).toBe('Shared with the office · cannot sync: this computer is not signed in to the office; join it again on Connections · not synced yet');
  // The list's page (which tries to attach the list) says the same.
  for (const [index, id] of [syncedBefore, neverSynced].entries()) {
    const page = kept(mount(OfficeSharing, { props: { listId: id }, global: mountOptions() }));
    await flushPromises();
    expect(page.get('[data-testid="office-badge"]').text()).toBe(badges[index].text());
  }
});

it('a shared list of an office whose token the keychain cannot give now (locked, not started) says the keychain is unavailable, not to join again', async () => {
  const { grant, view } = memberCredentials(server, await server.join('Cleo'), 'Cleo');
  // As the back end answers while its keychain does not answer: whether it holds the token is not known.
  const keychainAway: OfficeView = { ...view, tokenState: 'keychainUnavailable' };
  app = officeStoreApp(grant, [keychainAway], {
    getOfficeToken: () => ({ ok: false, error: { code: 'office_keychain_unavailable', message: 'The office token cannot be read: the system keychain did not answer.' } }),
  });
  db = await openShortlistDb();
  const syncedBefore = await list('Synced before');
  const neverSynced = await list('Never synced');
  const lastSynced = '2026-02-03T10:00:00.000Z';
  await db.officeLists.add({ shortlistId: syncedBefore, officeRecordId: view.id, officeId: view.officeId, listId: 'syncedbefore3', sharedAt: '2026-02-01T10:00:00.000Z', syncedAt: lastSynced });
  await db.officeLists.add({ shortlistId: neverSynced, officeRecordId: view.id, officeId: view.officeId, listId: 'neversynced3', sharedAt: '2026-02-01T10:00:00.000Z', syncedAt: null });
  const rows = [rowOf(syncedBefore, 'Synced before'), rowOf(neverSynced, 'Never synced')];
  await app.store.refresh();
  await flushPromises();

  const badges = rows.map((row) => row.get('[data-testid="office-badge"]'));
  // Before, "join it again on Connections": a second membership, while the token waits in the keychain.
  expect(badges.map((badge) => badge.attributes('data-sharing'))).toEqual(['keychainUnavailable', 'keychainUnavailable']);
  const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(lastSynced));
  const why = 'Shared with the office · cannot sync: this computer’s keychain is locked or not running, so the office token cannot be read; unlock it, then choose Check again on Connections';
  expect(badges[0].text()).toBe(`${why} · last synced ${when}`);
  expect(badges[1].text()).toBe(`${why} · not synced yet`);
  for (const [index, id] of [syncedBefore, neverSynced].entries()) {
    const page = kept(mount(OfficeSharing, { props: { listId: id }, global: mountOptions() }));
    await flushPromises();
    expect(page.get('[data-testid="office-badge"]').text()).toBe(badges[index].text());
  }
});
