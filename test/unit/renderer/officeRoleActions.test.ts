/**
 * What the app offers a member on lists the office lets them only review or view, in the overview
 * of lists and in "Add to shortlist": nothing the store would refuse, and why. Pia, a producer the
 * office invited as a reviewer, brings in two lists the owner shares (a real office server on
 * 127.0.0.1, her directory asked through the core's handlers, real Dexie); an editor's lists stay
 * renameable. A rename the store refuses for the role anyway (lowered while the field is open) is
 * said on the row.
 */
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { afterEach, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import AddToShortlist from '../../../renderer/src/components/shortlists/AddToShortlist.vue';
import ShortlistRow from '../../../renderer/src/components/shortlists/ShortlistRow.vue';
import { openShortlistDb } from '../../../renderer/src/db/shortlistDb.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { closedAfterEach, memberBackEnd, memberCredentials, officeStoreApp, ownersList, useOfficeServer, type OfficeRoleName } from './officeAppHarness.ts';

const server = useOfficeServer('castdesk-office-role-actions-');
const open = closedAfterEach();
const wrappers: VueWrapper[] = [];
afterEach(() => {
  for (const wrapper of wrappers.splice(0)) wrapper.unmount();
});

const RouterLinkDouble = defineComponent({ props: { to: { type: Object, required: true } }, setup: (_props, { slots }) => () => h('a', slots.default?.()) });
const origin = 'https://d.example';

/** A member with `role` for the whole office, whose app has brought in the owner's new lists "Ophelia" and "Hamlet" (`lists`, by the sweep's look for new lists). */
async function memberWithTwoLists(name: string, role: OfficeRoleName) {
  const shared = [await ownersList(server, origin, { name: 'Ophelia' }), await ownersList(server, origin, { name: 'Hamlet' })];
  for (const { owner } of shared) open.clients.push(owner);
  const member = await server.join(name, role);
  const { grant, view } = memberCredentials(server, member, name);
  const backEnd = memberBackEnd(server, view, member.token);
  const app = officeStoreApp(grant, [view], { listOfficeLists: (args: { id: string }) => backEnd.bridge.listOfficeLists(args) });
  open.store = app.store;
  const shortlists = app.shortlists();
  await vi.waitFor(() => expect(shortlists.ready).toBe(true));
  open.db = await openShortlistDb();
  await app.store.lookForNewLists();
  // The office keeps the lists of the file's earlier tests too: the member opens them all.
  const here = await Promise.all(shared.map(async ({ listId }) => (await open.db!.officeLists.where('[officeId+listId]').equals([server.officeId, listId]).first())!.shortlistId));
  await vi.waitFor(() => expect(here.map((id) => shortlists.lists.find((list) => list.id === id)?.name)).toEqual(['Ophelia', 'Hamlet']));
  const lists = here.map((id) => shortlists.lists.find((list) => list.id === id)!);
  const mountOptions = { plugins: [app.pinia, createCastdeskI18n('en')], provide: { [castdeskBridgeKey as symbol]: app.bridge }, stubs: { RouterLink: RouterLinkDouble } };
  return { app, shortlists, lists, member, shared, mountOptions };
}

function kept<W extends VueWrapper>(wrapper: W): W {
  wrappers.push(wrapper);
  return wrapper;
}

it('a reviewer’s overview offers no rename of the office’s lists, and says why', async () => {
  const pia = await memberWithTwoLists('Pia', 'reviewer');
  const rows = pia.lists.map((list) => kept(mount(ShortlistRow, { props: { list, renaming: false }, global: pia.mountOptions })));
  await flushPromises();
  for (const row of rows) {
    const rename = row.get('[data-testid="rename-shortlist"]');
    expect(rename.attributes('disabled')).toBeDefined();
    const reason = 'You review this shared list: only the office’s editors can rename it.';
    expect(rename.attributes('title')).toBe(reason);
    expect(row.get(`#${rename.attributes('aria-describedby')!}`).text()).toBe(reason);
    // Deleting stays: it removes the list from this computer only.
    expect(row.get('[data-testid="delete-shortlist"]').attributes('disabled')).toBeUndefined();
  }
  await rows[0].get('[data-testid="rename-shortlist"]').trigger('click');
  expect(rows[0].emitted('rename-start')).toBeUndefined();
});

it('an editor renames the office’s lists from the overview', async () => {
  const eddie = await memberWithTwoLists('Eddie', 'editor');
  const row = kept(mount(ShortlistRow, { props: { list: eddie.lists[0], renaming: false }, global: eddie.mountOptions }));
  await flushPromises();
  const rename = row.get('[data-testid="rename-shortlist"]');
  expect(rename.attributes('disabled')).toBeUndefined();
  expect(rename.attributes('title')).toBeUndefined();
  expect(row.find('[data-testid="rename-blocked"]').exists()).toBe(false);
});

it('a rename refused for the role while the field was open is said on the row', async () => {
  const vera = await memberWithTwoLists('Vera', 'editor');
  const [list] = vera.lists;
  const row = kept(mount(ShortlistRow, { props: { list, renaming: false }, global: vera.mountOptions, attachTo: document.body }));
  await row.setProps({ renaming: true });
  await flushPromises();
  // The owner makes Vera a viewer of the list while she types; her app learns it at the next look.
  await server.changeRole(vera.member.memberId, 'viewer', vera.shared[0].listId);
  await vera.app.store.lookForNewLists();
  expect(vera.app.store.accessOf(list.id)).toMatchObject({ role: 'viewer', edit: false });
  await row.get('[data-testid="rename-input"]').setValue('Ophelia, second round');
  await row.get('form').trigger('submit');
  await flushPromises();
  await row.setProps({ renaming: false });
  expect(row.get('[data-testid="office-refusal"]').text()).toContain('The office lets you only view this list, so your change was not kept');
  expect((await open.db!.shortlists.get(list.id))!.name).toBe('Ophelia');
  expect(row.get('[data-testid="rename-shortlist"]').attributes('title')).toBe('You view this shared list: only the office’s editors can rename it.');
});

it('"Add to shortlist" tells a reviewer whose lists are all read-only so, and still offers a new list', async () => {
  const pia = await memberWithTwoLists('Pia', 'reviewer');
  const add = kept(mount(AddToShortlist, { props: { actorIds: [7], directoryOrigin: origin }, global: pia.mountOptions, attachTo: document.body }));
  await add.get('[data-testid="add-to-shortlist"]').trigger('click');
  await flushPromises();
  expect(add.get('[data-testid="add-to-shortlist-none"]').text()).toBe(
    'None of your shortlists can be changed by you: the office lets you only review or view them. Add to a new shortlist instead.',
  );
  expect(add.findAll('[data-testid="add-to-list"]')).toHaveLength(0);
  await add.get('[data-testid="add-new-list-name"]').setValue('My picks');
  await add.get('form').trigger('submit');
  await vi.waitFor(() => expect(add.get('[data-testid="add-to-shortlist-result"]').text()).toContain('Added to “My picks”: 1 new'));
});
