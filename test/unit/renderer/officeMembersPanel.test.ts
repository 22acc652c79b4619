/**
 * The owner's members panel on the Connections page against a real office: the section mounted
 * whole, its bridge answered by the core's office handlers with the owner's token. The panel shows
 * a colleague who joins (and a member revoked elsewhere) while it stays open: when the owner comes
 * back to the window, and every officeMembersEveryMs; once it is closed it asks nothing more. Taking
 * a list's role back to the office role asks first when the member's office role opens nothing.
 */
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { afterEach, expect, it, vi } from 'vitest';
import { officeMembersEveryMs } from '../../../renderer/src/stores/officeSchedule.ts';
import { openMembersPanel, useOfficeServer } from './officeAppHarness.ts';

const server = useOfficeServer('castdesk-office-members-panel-', 'Lea');

let wrapper: VueWrapper | undefined;
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  vi.useRealTimers();
});

/** A safety net for a loaded machine, not a budget. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 20 });

/** Lea's Connections page with her office's members panel open, once it shows the members the office has now. */
async function openPanel() {
  const opened = await openMembersPanel(server, 'Lea');
  wrapper = opened.panel;
  return opened;
}

const shownMember = (panel: VueWrapper, memberId: string) => panel.find(`[data-testid="office-member"][data-member-id="${memberId}"]`);
const membersReads = (calls: { channel: string }[]) => calls.filter((call) => call.channel === 'listOfficeMembers').length;

it('a colleague who joins shows when the owner comes back to the window, without reopening the panel', async () => {
  const { panel } = await openPanel();
  const ugo = await server.join('Ugo', 'reviewer');
  expect(shownMember(panel, ugo.memberId).exists()).toBe(false);

  window.dispatchEvent(new Event('focus'));
  await eventually(() => expect(shownMember(panel, ugo.memberId).text()).toContain('Ugo'));
  expect((shownMember(panel, ugo.memberId).find('select[name="member-role"]').element as HTMLSelectElement).value).toBe('reviewer');
});

it('a member revoked from elsewhere shows as revoked when the window is visible again', async () => {
  const vera = await server.join('Vera', 'viewer');
  const { panel } = await openPanel();
  expect(shownMember(panel, vera.memberId).text()).not.toContain('revoked');
  expect(await server.office.members.revoke(server.officeId, vera.memberId)).toBe(true);

  document.dispatchEvent(new Event('visibilitychange'));
  await eventually(() => expect(shownMember(panel, vera.memberId).text()).toContain('revoked'));
});

it('the open panel reads the members every officeMembersEveryMs, and not once it is closed', async () => {
  // Only the panel's interval is faked: the office and its HTTP side run on real timers.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const { panel, calls } = await openPanel();
  const ida = await server.join('Ida', 'editor');

  vi.advanceTimersByTime(officeMembersEveryMs);
  await eventually(() => expect(shownMember(panel, ida.memberId).text()).toContain('Ida'));

  panel.unmount();
  wrapper = undefined;
  const readsWhenClosed = membersReads(calls);
  vi.advanceTimersByTime(officeMembersEveryMs * 3);
  window.dispatchEvent(new Event('focus'));
  await flushPromises();
  expect(membersReads(calls)).toBe(readsWhenClosed);
});

/** A member invited to the list `listId` only (no office role), as an invite for one list makes them. */
async function joinedToOneList(name: string, listId: string): Promise<string> {
  const { code } = await server.office.members.invite(server.officeId, { role: 'reviewer', listId });
  return (await server.office.members.join(server.officeId, code, name))!.memberId;
}
const listRolesOnOffice = async (memberId: string) => (await server.office.members.list(server.officeId)).find((member) => member.id === memberId)!.listRoles;

it('taking a list back to the office role of a member with none asks first: Cancel keeps the role on the office, yes takes the list from them', async () => {
  const noraId = await joinedToOneList('Nora', 'finals');
  const { panel, calls } = await openPanel();
  const nora = shownMember(panel, noraId);
  const finals = nora.find('select[name="member-list-role"][data-list-id="finals"]');

  await finals.setValue('');
  const question = nora.find('[role="group"]');
  expect(question.text()).toContain('Take finals back to the office role? Nora has no role for the whole office, so they will no longer be able to open finals.');
  expect((finals.element as HTMLSelectElement).value).toBe('reviewer');
  await question.findAll('button').at(-1)!.trigger('click');
  expect(nora.find('[role="group"]').exists()).toBe(false);
  expect((finals.element as HTMLSelectElement).value).toBe('reviewer');
  await flushPromises();
  expect(calls.some((call) => call.channel === 'clearOfficeListRole')).toBe(false);
  expect(await listRolesOnOffice(noraId)).toEqual({ finals: 'reviewer' });

  await finals.setValue('');
  await nora.find('[data-testid="office-member-list-role-clear-confirm"]').trigger('click');
  await eventually(() => expect(shownMember(panel, noraId).find('select[name="member-list-role"]').exists()).toBe(false));
  expect(await listRolesOnOffice(noraId)).toEqual({});
});

it('taking a list back to an office role that opens lists asks nothing', async () => {
  const otto = await server.join('Otto', 'viewer');
  await server.changeRole(otto.memberId, 'editor', 'callbacks');
  const { panel } = await openPanel();

  await shownMember(panel, otto.memberId).find('select[name="member-list-role"][data-list-id="callbacks"]').setValue('');
  expect(shownMember(panel, otto.memberId).find('[role="group"]').exists()).toBe(false);
  await eventually(() => expect(shownMember(panel, otto.memberId).find('select[name="member-list-role"]').exists()).toBe(false));
  expect(await listRolesOnOffice(otto.memberId)).toEqual({});
});

it('a code the colleague joined with leaves the screen once the panel shows them, and a new code is asked for with the old one gone at once', async () => {
  const { panel } = await openPanel();
  const codeField = () => panel.find('input[name="invite-code"]');
  await panel.get('select[name="invite-role"]').setValue('editor');
  await panel.get('[data-testid="office-invite"]').trigger('submit');
  await eventually(() => expect(codeField().exists()).toBe(true));
  const first = (codeField().element as HTMLInputElement).value;

  // Asking for another: the first code is off the screen before the office answers, and the panel says a code is being made.
  await panel.get('[data-testid="office-invite"]').trigger('submit');
  expect(codeField().exists()).toBe(false);
  expect(panel.get('[data-testid="office-invite-making"]').text()).toBe('Making a new code …');
  expect(panel.get('[data-testid="office-invite"] button[type="submit"]').attributes('disabled')).toBeDefined();
  await eventually(() => expect(codeField().exists()).toBe(true));
  const second = (codeField().element as HTMLInputElement).value;
  expect(second).not.toBe(first);
  expect(panel.find('[data-testid="office-invite-making"]').exists()).toBe(false);

  // Olga joins with it; the office says nothing of which code she used.
  const olga = await server.office.members.join(server.officeId, second, 'Olga');
  expect(olga).not.toBeNull();
  window.dispatchEvent(new Event('focus'));
  await eventually(() => expect(shownMember(panel, olga!.memberId).exists()).toBe(true));
  expect(codeField().exists()).toBe(false);
  expect(panel.get('[data-testid="office-invite-maybe-used"]').text()).toContain(
    'New in the office since this code was made: Olga. The code may have been used, so it is no longer shown: make a new one for the next colleague.',
  );
});

it('a colleague who joined before the code was made, not shown yet, does not take the new code off the screen', async () => {
  const { panel } = await openPanel();
  // Pia joins with an earlier code while the panel still shows the members from before her.
  const pia = await server.join('Pia', 'reviewer');
  expect(shownMember(panel, pia.memberId).exists()).toBe(false);
  await panel.get('select[name="invite-role"]').setValue('editor');
  await panel.get('[data-testid="office-invite"]').trigger('submit');
  await eventually(() => expect(panel.find('input[name="invite-code"]').exists()).toBe(true));
  window.dispatchEvent(new Event('focus'));
  await eventually(() => expect(shownMember(panel, pia.memberId).exists()).toBe(true));
  expect(panel.find('input[name="invite-code"]').exists()).toBe(true);
  expect(panel.find('[data-testid="office-invite-maybe-used"]').exists()).toBe(false);
});
