/**
 * The Connections page's entry of an office whose token cannot be read on this computer, where the
 * lists' badge sends the user: gone from the keychain, it says so and Join again fills in the join
 * form for it (address, id, name: the back end keeps the office's record only for that address and
 * id), and joining with a new code keeps the record, so the lists sync again; with a keychain that
 * does not answer, it says that instead, never to join again, and its Check again, once the keychain
 * answers, reads the token and syncs the lists. The offices section mounted whole over a real office
 * server, real Dexie, and the core's office membership and handlers over a key store that answers
 * later as the back end's does (officeKeychain.test.ts runs the real one against gnome-keyring).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { afterEach, expect, it, vi } from 'vitest';
import type { OfficeView } from '../../../contract/officeBridge.ts';
import { keychainAccountOf } from '../../../electron/core/office/officeMembership.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import OfficesSection from '../../../renderer/src/components/offices/OfficesSection.vue';
import { officeEntryKey } from '../../../renderer/src/db/listDocShape.ts';
import { openShortlistDb, type ShortlistDb } from '../../../renderer/src/db/shortlistDb.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { pageReloadKey } from '../../../renderer/src/stores/officeMembership.ts';
import { addEntry } from '../../../server/office/listDocument.ts';
import { acknowledged } from '../../integration/office/officeSupport.ts';
import { closedAfterEach, keychainAnsweringLater, memberComputer, officeStoreAppOn, ownersList, useOfficeServer } from './officeAppHarness.ts';

const server = useOfficeServer('castdesk-office-token-notice-');
const open = closedAfterEach();
const folders: string[] = [];
let section: VueWrapper | undefined;
afterEach(async () => {
  section?.unmount();
  section = undefined;
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

const origin = 'https://d.example';

/**
 * Ben's computer with the office's list "Callbacks" (two actors) synced onto it: joined through the
 * core, the list brought in and synced by a sweep. `keychain` holds his token.
 */
async function benWithTheList(keychain: ReturnType<typeof keychainAnsweringLater>) {
  const userDataDir = await mkdtemp(join(tmpdir(), 'castdesk-member-'));
  folders.push(userDataDir);
  const { listId, owner } = await ownersList(server, origin, { name: 'Callbacks', count: 2 });
  open.clients.push(owner);
  const app = officeStoreAppOn(await memberComputer(keychain.keys, userDataDir));
  open.store = app.store;
  expect(await app.store.join({ url: server.httpUrl, officeId: server.officeId, code: await inviteCode(), name: 'Ben' })).toBe(true);
  await app.store.sweep();
  const office = app.store.offices[0];
  app.store.close();
  const shortlistDb = await openShortlistDb();
  open.db = shortlistDb;
  const row = (await shortlistDb.officeLists.toArray()).find((shared) => shared.listId === listId)!;
  expect(row.syncedAt).not.toBeNull();
  return { userDataDir, owner, office, shortlistId: row.shortlistId, shortlistDb };
}

async function inviteCode(): Promise<string> {
  return (await server.office.members.invite(server.officeId, { role: 'editor' })).code;
}

/** Ben's app started again (its office record read anew), with the Connections page's offices section open; page reloads counted. */
async function connectionsPage(keychain: ReturnType<typeof keychainAnsweringLater>, userDataDir: string) {
  open.store?.close();
  const app = officeStoreAppOn(await memberComputer(keychain.keys, userDataDir));
  open.store = app.store;
  const reloads: number[] = [];
  section = mount(OfficesSection, {
    props: { headingTag: 'h2' },
    global: { plugins: [app.pinia, createCastdeskI18n('en')], provide: { [castdeskBridgeKey as symbol]: app.bridge, [pageReloadKey as symbol]: () => void reloads.push(1) } },
    attachTo: document.body,
  });
  const page = section;
  await vi.waitFor(() => expect(page.findAll('[data-testid="office-item"]')).toHaveLength(1));
  return { app, page, reloads, entry: () => page.get('[data-testid="office-item"]') };
}

/** Ben's colleague adds Dora to the office's list. */
async function colleagueAddsDora(owner: Awaited<ReturnType<typeof benWithTheList>>['owner']): Promise<void> {
  addEntry(owner.doc, officeEntryKey(origin, 9), { position: 'a9', actor: { origin, id: 9, name: 'Dora' } });
  await acknowledged(owner);
}

async function namesOn(shortlistDb: ShortlistDb, shortlistId: number): Promise<string[]> {
  return (await shortlistDb.entries.where('shortlistId').equals(shortlistId).toArray()).map((entry) => entry.snapshot.name).sort();
}

const inputValue = (page: VueWrapper, name: string) => (page.get(`input[name="${name}"]`).element as HTMLInputElement);

it('an office whose token is gone from this computer says so on its entry; Join again fills in the form, and joining keeps its record, so its list syncs again', async () => {
  const keychain = keychainAnsweringLater();
  const ben = await benWithTheList(keychain);
  // The keychain loses the token (another program deleted it, or the login keyring was made anew).
  expect(await keychain.keys.deleteKey(keychainAccountOf(ben.office))).toBe(true);
  await colleagueAddsDora(ben.owner);

  const { app, page, reloads, entry } = await connectionsPage(keychain, ben.userDataDir);
  // Before: nothing on the entry said the token was gone, nor what to do.
  await vi.waitFor(() => expect(entry().find('[data-testid="office-token"]').attributes('data-token-state')).toBe('missing'));
  expect(entry().get('[data-testid="office-token"]').text()).toContain(
    'This computer holds no token for this office (the keychain lost it, or the office was joined on another computer), so its lists cannot sync here. Join it again with a new invite code from the office’s owner',
  );
  // The office is not asked what it cannot be asked without a token: no second message, no role "still to learn".
  expect(app.calls.filter((call) => call.channel === 'listOfficeLists')).toEqual([]);
  expect(entry().find('[data-testid="office-failure"]').exists()).toBe(false);
  expect(entry().get('[data-testid="office-role"]').text()).toBe('You are Ben');

  await entry().get('[data-testid="office-join-again"]').trigger('click');
  await flushPromises();
  expect([inputValue(page, 'office-url').value, inputValue(page, 'office-id').value, inputValue(page, 'office-member-name').value]).toEqual([server.httpUrl, server.officeId, 'Ben']);
  expect(inputValue(page, 'office-with-token').checked).toBe(false);
  expect(document.activeElement).toBe(inputValue(page, 'office-secret'));
  expect(page.get('[data-testid="office-join-again-hint"]').text()).toBe(`Joining ${server.officeId} again: its address, its id and your name are filled in. Enter a new invite code from the office’s owner.`);

  await page.get('input[name="office-secret"]').setValue(await inviteCode());
  await page.get('[data-testid="office-join"]').trigger('submit');
  await vi.waitFor(() => expect(reloads).toHaveLength(1));
  // The same record: the lists that name it reconnect.
  const listed = await app.bridge.listOffices({});
  expect(listed.ok && listed.value.offices.map((office: OfficeView) => [office.id, office.tokenState])).toEqual([[ben.office.id, 'held']]);

  // The page reloaded: the app's next start syncs the list, with what the colleague added meanwhile.
  section?.unmount();
  section = undefined;
  const { app: reloaded } = await connectionsPage(keychain, ben.userDataDir);
  await reloaded.store.sweep();
  expect(reloaded.store.sharingOf(ben.shortlistId)).toMatchObject({ kind: 'synced' });
  expect(await namesOn(ben.shortlistDb, ben.shortlistId)).toEqual(['Actor 1', 'Actor 2', 'Dora']);
});

it('an office whose token the keychain cannot give now says the keychain is unavailable, not to join again, and its Check again syncs the list once the keychain answers', async () => {
  const keychain = keychainAnsweringLater();
  const ben = await benWithTheList(keychain);
  keychain.awayAtStart();
  await colleagueAddsDora(ben.owner);

  const { app, entry } = await connectionsPage(keychain, ben.userDataDir);
  await vi.waitFor(() => expect(entry().find('[data-testid="office-token"]').attributes('data-token-state')).toBe('keychainUnavailable'));
  expect(entry().get('[data-testid="office-token"]').text()).toContain('This computer’s keychain is locked or not running, so the office token cannot be read');
  expect(entry().find('[data-testid="office-join-again"]').exists()).toBe(false);
  await app.store.attach(ben.shortlistId);
  expect(app.store.sharingOf(ben.shortlistId)).toMatchObject({ kind: 'keychainUnavailable' });

  keychain.start();
  await entry().get('[data-testid="office-keychain-check-again"]').trigger('click');
  // The token is read: the entry no longer says it cannot be, the office is asked about the user, and the list syncs.
  await vi.waitFor(() => expect(entry().find('[data-testid="office-token"]').exists()).toBe(false));
  await vi.waitFor(() => expect(entry().get('[data-testid="office-role"]').text()).toMatch(/^You are Ben\s*·\s*Editor$/));
  await vi.waitFor(() => expect(app.store.sharingOf(ben.shortlistId)).toMatchObject({ kind: 'synced' }), { timeout: 20_000, interval: 10 });
  await vi.waitFor(async () => expect(await namesOn(ben.shortlistDb, ben.shortlistId)).toEqual(['Actor 1', 'Actor 2', 'Dora']), { timeout: 20_000, interval: 10 });
}, 60_000);
