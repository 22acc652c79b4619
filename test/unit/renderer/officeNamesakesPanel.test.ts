/**
 * A colleague who lost their token joins again with a new invite code and is a second member of
 * the same name. The owner's members panel, against a real office (the section mounted whole over
 * the core's office handlers), numbers the two ("Ben (1)", "Ben (2)"), says when each joined and
 * was last seen, and asks whether it is one person joined again: the earlier membership, seen no
 * more, is revoked from there after a question that names it by its dates; "They are different
 * people" stops the question, remembered on this computer, until another joins under that name.
 */
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { afterEach, expect, it, vi } from 'vitest';
import { openMembersPanel, useOfficeServer, type JoinedMember } from './officeAppHarness.ts';

const server = useOfficeServer('castdesk-office-namesakes-panel-', 'Lea');

let wrapper: VueWrapper | undefined;
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  localStorage.clear();
});

/** A safety net for a loaded machine, not a budget. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 20 });

/** Lea's office, as her computer knows it from one start to the next. */
const leasRecordId = crypto.randomUUID();

async function openPanel(): Promise<VueWrapper> {
  wrapper = (await openMembersPanel(server, 'Lea', leasRecordId)).panel;
  return wrapper;
}

const row = (panel: VueWrapper, memberId: string) => panel.get(`[data-testid="office-member"][data-member-id="${memberId}"]`);
/** The question about `laterId`, the last to join under a name others have. */
const notice = (panel: VueWrapper, laterId: string) => panel.find(`[data-testid="office-namesake"][data-member-id="${laterId}"]`);
const onDay = (iso: string) => new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(iso));
const atTime = (iso: string) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** A member who joined and whose app reached the office once (their token let in: seen). */
async function joinedAndSeen(name: string): Promise<JoinedMember> {
  const member = await server.join(name, 'editor');
  expect(await server.office.members.authenticate(member.token)).not.toBeNull();
  return member;
}
const listed = async (memberId: string) => (await server.office.members.list(server.officeId)).find((member) => member.id === memberId)!;

it('two members of one name are numbered, each with when they joined and was last seen, and the owner revokes the earlier one by its dates', async () => {
  const earlier = await joinedAndSeen('Ben');
  // His laptop is gone with the token; he joins again on his new one with a new code.
  const later = await server.join('ben', 'editor');
  const [first, second] = [await listed(earlier.memberId), await listed(later.memberId)];
  const panel = await openPanel();

  expect(row(panel, earlier.memberId).get('[data-testid="office-member-name"]').text()).toBe('Ben (1)');
  expect(row(panel, later.memberId).get('[data-testid="office-member-name"]').text()).toBe('ben (2)');
  const firstDates = `joined ${onDay(first.joinedAt)}, last seen ${atTime(first.lastSeenAt!)}`;
  expect(row(panel, earlier.memberId).get('[data-testid="office-member-dates"]').text()).toBe(`· ${firstDates}`);
  expect(row(panel, later.memberId).get('[data-testid="office-member-dates"]').text()).toBe(`· joined ${onDay(second.joinedAt)}, not seen yet`);
  expect(row(panel, earlier.memberId).get('select[name="member-role"]').attributes('aria-label')).toBe('Role of Ben (1)');

  // The panel asks, listing both memberships; only the earlier one can be revoked from there.
  const asked = notice(panel, later.memberId);
  expect(asked.text()).toContain('ben (2) joined after Ben (1), under the same name. Is it one person who joined again (a new computer, a lost token)? Then revoke the earlier membership: the one no longer seen.');
  expect(asked.findAll('[data-testid="office-namesake-membership"]').map((membership) => membership.attributes('data-member-id'))).toEqual([earlier.memberId, later.memberId]);
  expect(asked.findAll('[data-testid="office-namesake-revoke"]').map((button) => button.text())).toEqual(['Revoke Ben (1)']);

  await asked.get('[data-testid="office-namesake-revoke"]').trigger('click');
  expect(asked.get('[role="group"]').text()).toContain(`Revoke Ben (1) (${firstDates})? They are disconnected at once and need a new invite code to come back.`);
  expect((await listed(earlier.memberId)).revoked).toBe(false);
  await asked.get('[data-testid="office-namesake-revoke-confirm"]').trigger('click');

  await eventually(() => expect(row(panel, earlier.memberId).text()).toContain('revoked'));
  expect((await listed(earlier.memberId)).revoked).toBe(true);
  expect((await listed(later.memberId)).revoked).toBe(false);
  expect(notice(panel, later.memberId).exists()).toBe(false);
  // One Ben is left in the office: no number any more, as in the members' lists.
  expect(row(panel, later.memberId).get('[data-testid="office-member-name"]').text()).toBe('ben');
  expect(row(panel, earlier.memberId).get('[data-testid="office-member-name"]').text()).toBe('Ben');
});

it('a namesake\'s own revoke button asks with the dates too, and a member of a name nobody else has is asked about plainly', async () => {
  const earlier = await joinedAndSeen('Rosa');
  const later = await server.join('Rosa', 'reviewer');
  const ida = await server.join('Ida', 'viewer');
  const panel = await openPanel();

  await row(panel, later.memberId).get('[data-testid="office-member-revoke"]').trigger('click');
  const second = await listed(later.memberId);
  expect(row(panel, later.memberId).get('[role="group"]').text()).toContain(`Revoke Rosa (2) (joined ${onDay(second.joinedAt)}, not seen yet)?`);
  await row(panel, ida.memberId).get('[data-testid="office-member-revoke"]').trigger('click');
  expect(row(panel, ida.memberId).get('[role="group"]').text()).toContain('Revoke Ida? They are disconnected at once');
  expect(row(panel, earlier.memberId).find('[role="group"]').exists()).toBe(false);
  // Both asked, nothing revoked until a yes.
  await flushPromises();
  expect((await server.office.members.list(server.officeId)).filter((member) => member.revoked).map((member) => member.name)).not.toContain('Rosa');
});

it('"They are different people" stops the question, after a restart too, until another joins under that name', async () => {
  const first = await joinedAndSeen('Otto');
  const second = await server.join('Otto', 'viewer');
  let panel = await openPanel();
  await notice(panel, second.memberId).get('[data-testid="office-namesake-keep"]').trigger('click');
  expect(notice(panel, second.memberId).exists()).toBe(false);
  // Still two of them, told apart by their numbers.
  expect(row(panel, first.memberId).get('[data-testid="office-member-name"]').text()).toBe('Otto (1)');
  expect(row(panel, second.memberId).get('[data-testid="office-member-name"]').text()).toBe('Otto (2)');

  // The app starts again: the answer was kept.
  wrapper!.unmount();
  panel = await openPanel();
  expect(notice(panel, second.memberId).exists()).toBe(false);

  const third = await server.join('Otto', 'viewer');
  window.dispatchEvent(new Event('focus'));
  await eventually(() => expect(notice(panel, third.memberId).exists()).toBe(true));
  expect(notice(panel, third.memberId).text()).toContain('Otto (3) joined after Otto (1) and Otto (2), under the same name.');
});

it('a member named like the owner is numbered, but never offered the owner to revoke', async () => {
  const namesake = await server.join('Lea', 'reviewer');
  const panel = await openPanel();
  expect(row(panel, server.ownerId).get('[data-testid="office-member-name"]').text()).toBe('Lea (1)');
  expect(row(panel, namesake.memberId).get('[data-testid="office-member-name"]').text()).toBe('Lea (2)');
  expect(notice(panel, namesake.memberId).exists()).toBe(false);
});
