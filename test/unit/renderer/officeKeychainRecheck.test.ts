/**
 * A keychain that did not answer when the app started (locked, still starting at login) holds the
 * office's token all the same: the member's shared lists say the keychain is unavailable, and once
 * it answers and the keychain is asked again (the Connections page as it opens, Check again), the
 * offices are read again and the lists sync, without a restart. A real office server on 127.0.0.1,
 * real Dexie, and the core's office membership and handlers answering the stores' bridge calls over
 * a key store that answers later as the back end's does (officeKeychain.test.ts runs the real one
 * against gnome-keyring).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import type { OfficeView } from '../../../contract/officeBridge.ts';
import { officeEntryKey } from '../../../renderer/src/db/listDocShape.ts';
import { openShortlistDb } from '../../../renderer/src/db/shortlistDb.ts';
import { addEntry } from '../../../server/office/listDocument.ts';
import { acknowledged } from '../../integration/office/officeSupport.ts';
import { closedAfterEach, keychainAnsweringLater, memberComputer, officeStoreAppOn, ownersList, useOfficeServer } from './officeAppHarness.ts';

const server = useOfficeServer('castdesk-office-keychain-recheck-');
const open = closedAfterEach();
const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

const origin = 'https://d.example';

it('a keychain that answers only after the app started: the shared list says the keychain is unavailable, and a recheck that finds it syncs the list, a colleague’s change too, without a restart', async () => {
  const userDataDir = await mkdtemp(join(tmpdir(), 'castdesk-member-'));
  folders.push(userDataDir);
  const { listId, owner } = await ownersList(server, origin, { name: 'Callbacks', count: 2 });
  open.clients.push(owner);
  const keychain = keychainAnsweringLater();

  // Ben joins with the keychain answering; the sweep brings the office's list onto his computer.
  const firstStart = officeStoreAppOn(await memberComputer(keychain.keys, userDataDir));
  open.store = firstStart.store;
  const { code } = await server.office.members.invite(server.officeId, { role: 'editor' });
  expect(await firstStart.store.join({ url: server.httpUrl, officeId: server.officeId, code, name: 'Ben' })).toBe(true);
  await firstStart.store.sweep();
  const shortlistDb = await openShortlistDb();
  open.db = shortlistDb;
  const row = (await shortlistDb.officeLists.toArray()).find((shared) => shared.listId === listId)!;
  expect(row.syncedAt).not.toBeNull();
  firstStart.store.close();

  // The app starts again while the keychain does not answer; the list's page keeps it attached.
  keychain.awayAtStart();
  const app = officeStoreAppOn(await memberComputer(keychain.keys, userDataDir));
  open.store = app.store;
  await app.store.refresh();
  expect(app.store.offices.map((office: OfficeView) => office.tokenState)).toEqual(['keychainUnavailable']);
  await app.store.attach(row.shortlistId);
  await app.store.sweep();
  expect(app.store.sharingOf(row.shortlistId)).toEqual({ kind: 'keychainUnavailable', lastSynced: row.syncedAt });
  // Nothing asked for a token the back end cannot read: no refusal left on the list's page.
  expect(app.calls.filter((call) => call.channel === 'getOfficeToken')).toEqual([]);
  expect(app.store.error).toBeNull();

  // Meanwhile a colleague adds an actor, and the keychain is unlocked; the Connections page asks it again.
  addEntry(owner.doc, officeEntryKey(origin, 9), { position: 'a9', actor: { origin, id: 9, name: 'Dora' } });
  await acknowledged(owner);
  keychain.start();
  const connections = app.connections();
  await connections.recheckKeychain();
  expect(connections.keychain).toEqual({ available: true });

  // Before: the offices were not read again, and the list kept saying it could not sync until a restart.
  await vi.waitFor(() => expect(app.store.sharingOf(row.shortlistId)).toMatchObject({ kind: 'synced' }), { timeout: 30_000, interval: 10 });
  await vi.waitFor(async () => expect((await shortlistDb.entries.where('shortlistId').equals(row.shortlistId).toArray()).map((entry) => entry.snapshot.name).sort()).toEqual(['Actor 1', 'Actor 2', 'Dora']), { timeout: 30_000, interval: 10 });
  // The list the page keeps stays attached: the colleague's next change arrives without a sweep.
  expect(app.store.attachedLists.has(row.shortlistId)).toBe(true);
  expect(app.store.error).toBeNull();
}, 90_000);
