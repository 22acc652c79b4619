/**
 * Deleting a shared list removes it from this computer only (shortlists.removeList): the office
 * and the colleagues keep it, and the sweep never brings it back by itself. The undo message says
 * so (and tells an editor how the list leaves the office for everyone instead), and the office's
 * entry on the Connections page counts the lists deleted here and brings them back. A real office
 * server on 127.0.0.1; the member's directory is asked through the core's handlers; real Dexie.
 */
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { afterEach, expect, it, vi } from 'vitest';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import OfficesSection from '../../../renderer/src/components/offices/OfficesSection.vue';
import UndoToastMessage from '../../../renderer/src/components/shortlists/UndoToastMessage.vue';
import { openShortlistDb } from '../../../renderer/src/db/shortlistDb.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { closedAfterEach, memberBackEnd, memberCredentials, officeStoreApp, ownersList, useOfficeServer, type OfficeRoleName } from './officeAppHarness.ts';

const server = useOfficeServer('castdesk-office-deleted-here-');
const open = closedAfterEach();
const wrappers: VueWrapper[] = [];
afterEach(() => {
  for (const wrapper of wrappers.splice(0)) wrapper.unmount();
});

const origin = 'https://d.example';

/** A member with `role` for the whole office whose app brought in the owner's new lists named `names` (their ids here, in that order). */
async function memberWithLists(name: string, role: OfficeRoleName, names: string[]) {
  const shared = [];
  for (const listName of names) shared.push(await ownersList(server, origin, { name: listName }));
  for (const { owner } of shared) open.clients.push(owner);
  const member = await server.join(name, role);
  const { grant, view } = memberCredentials(server, member, name);
  const backEnd = memberBackEnd(server, view, member.token);
  const office = { reachable: true };
  const unreachable = { ok: false, error: { code: 'office_unreachable', message: 'The office did not answer.' } };
  const app = officeStoreApp(grant, [view], { listOfficeLists: (args: { id: string }) => (office.reachable ? backEnd.bridge.listOfficeLists(args) : unreachable) });
  open.store = app.store;
  const shortlists = app.shortlists();
  await vi.waitFor(() => expect(shortlists.ready).toBe(true));
  open.db = await openShortlistDb();
  await app.store.lookForNewLists();
  const idOf = async (listId: string) => (await open.db!.officeLists.where('[officeId+listId]').equals([server.officeId, listId]).first())?.shortlistId;
  const ids = await Promise.all(shared.map(({ listId }) => idOf(listId)));
  const mountOptions = { plugins: [app.pinia, createCastdeskI18n('en')], provide: { [castdeskBridgeKey as symbol]: app.bridge } };
  return { app, office, shortlists, ids: ids.map((id) => id!), shared, idOf, mountOptions };
}

it('a reviewer deletes a shared list here: told the office keeps it, and the Connections page brings it back', async () => {
  const ben = await memberWithLists('Ben', 'reviewer', ['Ophelia', 'Hamlet']);
  const [ophelia, hamlet] = ben.ids;
  expect(await ben.shortlists.removeList(ophelia)).toBe(true);
  const toast = mount(UndoToastMessage, { global: ben.mountOptions });
  wrappers.push(toast);
  await flushPromises();
  expect(toast.get('[data-testid="undo-toast"] p').text()).toContain(
    'Deleted “Ophelia” from this computer only: the office and your colleagues keep it. To have it here again, undo, or bring it back from the office on the Connections page.',
  );
  // Hamlet stops being shared here: its personal copy stays, so it is not one to bring back.
  await ben.app.store.unshare(hamlet);
  // The look for new lists leaves both alone.
  await ben.app.store.lookForNewLists();
  expect(await ben.idOf(ben.shared[0].listId)).toBeUndefined();

  const section = mount(OfficesSection, { props: { headingTag: 'h2' }, global: ben.mountOptions, attachTo: document.body });
  wrappers.push(section);
  await vi.waitFor(() => expect(section.get('[data-testid="office-removed-here"]').text()).toContain('Deleted on this computer: 1 list the office still has.'));
  const bringBack = section.get('[data-testid="office-bring-back"]');
  expect(bringBack.text()).toBe('Bring it back');
  await bringBack.trigger('click');
  await vi.waitFor(() => expect(section.get('[data-testid="office-brought-back"]').text()).toBe('Brought back 1 list: it is on the Shortlists page again.'));
  expect(section.find('[data-testid="office-removed-here"]').exists()).toBe(false);
  // The undo would put the old copy back beside it: it is gone.
  expect(ben.shortlists.lastRemoval).toBeNull();

  // Ophelia is here again, shared, with the office's entries; Hamlet stays stopped here.
  const back = await ben.idOf(ben.shared[0].listId);
  expect(back).toBeDefined();
  expect((await open.db!.shortlists.get(back!))!.name).toBe('Ophelia');
  // Its entries come with the sweep that syncs it, as for any list the office newly lets the member open.
  await ben.app.store.sweep();
  await vi.waitFor(async () => expect(await open.db!.entries.where('shortlistId').equals(back!).count()).toBe(3), { timeout: 20_000, interval: 10 });
  expect((await open.db!.officeListsLetGo.toArray()).map((row) => row.listId)).toEqual([ben.shared[1].listId]);
});

it('an editor who deletes a shared list is told it stays in the office, and how it leaves it for everyone', async () => {
  const eddie = await memberWithLists('Eddie', 'editor', ['Laertes']);
  expect(await eddie.shortlists.removeList(eddie.ids[0])).toBe(true);
  const toast = mount(UndoToastMessage, { global: eddie.mountOptions });
  wrappers.push(toast);
  await flushPromises();
  expect(toast.get('[data-testid="undo-toast"] p').text()).toContain(
    'Deleted “Laertes” from this computer only: the office and your colleagues keep it. To take it out of the office for everyone, undo and choose “Stop sharing” on the list instead.',
  );
  // The office still lists it: deleting asked the office nothing.
  const directory = await eddie.app.bridge.listOfficeLists({ id: eddie.app.store.offices[0].id });
  expect(directory.ok && directory.value.lists.map((list) => list.id)).toContain(eddie.shared[0].listId);
  expect(eddie.app.calls.filter((call) => call.channel === 'removeOfficeList')).toEqual([]);
});

it('bringing back while the office cannot be asked keeps the lists let go of, and says why', async () => {
  const vera = await memberWithLists('Vera', 'viewer', ['Polonius']);
  expect(await vera.shortlists.removeList(vera.ids[0])).toBe(true);
  vera.office.reachable = false;
  expect(await vera.app.store.bringBackRemoved(vera.app.store.offices[0].id)).toEqual({ error: { code: 'office_unreachable', message: 'The office did not answer.' } });
  // Still let go of: a later sweep does not bring it in unasked.
  expect((await open.db!.officeListsLetGo.toArray()).map((row) => row.listId)).toEqual([vera.shared[0].listId]);
  vera.office.reachable = true;
  await vera.app.store.lookForNewLists();
  expect(await vera.idOf(vera.shared[0].listId)).toBeUndefined();
  expect(await vera.app.store.bringBackRemoved(vera.app.store.offices[0].id)).toEqual({ broughtBack: 1 });
  expect(await vera.idOf(vera.shared[0].listId)).toBeDefined();
});
