/**
 * The offices section of the Connections page: the join form sends what was typed and the page
 * reloads after a join (not after a refusal, which is shown and keeps the code to correct); each
 * office shows who the user is there; only the owner sees members, invites (the code shown once),
 * role changes (for the office, on one list, a list's role taken back) and revoking; removing asks first; the
 * members panel reads the members again one request at a time and shows a failure only once it persists; an owner's office whose token is gone
 * says so and is added again with the owner token, the form filled in. The bridge is the recording double of the store
 * tests (the stores against a real office and back end: officeMembershipStore.test.ts).
 */
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { afterEach, expect, it, vi } from 'vitest';
import type { OfficeDirectory, OfficeMember, OfficeView } from '../../../contract/officeBridge.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import OfficesSection from '../../../renderer/src/components/offices/OfficesSection.vue';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { pageReloadKey } from '../../../renderer/src/stores/officeMembership.ts';
import { officeMembersFailuresShown } from '../../../renderer/src/stores/officeSchedule.ts';
import { fakeBridge } from './fakeBridge.ts';

let wrapper: VueWrapper | undefined;
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

const record = (id: string, isOwner: boolean): OfficeView => ({
  id,
  officeId: `office${id.slice(0, 4)}`,
  url: 'http://127.0.0.1:8790',
  memberId: isOwner ? null : 'ben1',
  memberName: isOwner ? 'Lea' : 'Ben',
  isOwner,
  joinedAt: '2026-01-01T00:00:00.000Z',
  tokenState: 'held',
});
const owned = record('11111111-1111-4111-8111-111111111111', true);
const joined = record('22222222-2222-4222-8222-222222222222', false);
const directoryOf = (office: OfficeView): OfficeDirectory => ({
  office: { id: office.officeId, name: office.isOwner ? 'Berlin office' : 'Paris office' },
  member: { id: office.memberId ?? 'lea1', name: office.memberName, officeRole: office.isOwner ? 'editor' : 'reviewer', isOwner: office.isOwner },
  lists: [{ id: 'finals', name: 'Finals', entries: 3, updatedAt: null, role: office.isOwner ? 'editor' : 'reviewer' }, ...(office.isOwner ? [{ id: 'callbacks', name: 'Callbacks', entries: 2, updatedAt: null, role: 'editor' as const }] : [])],
});
const members: OfficeMember[] = [
  { id: 'lea1', name: 'Lea', officeRole: 'editor', isOwner: true, revoked: false, listRoles: {} },
  { id: 'ben1', name: 'Ben', officeRole: 'viewer', isOwner: false, revoked: false, listRoles: { finals: 'reviewer' } },
];

async function mountSection(overrides: Parameters<typeof fakeBridge>[0] = {}, everyOfficeAnswers = true) {
  const offices = [owned, joined];
  const double = fakeBridge({
    listOffices: () => ({ ok: true, value: { offices } }),
    listOfficeLists: ({ id }: { id: string }) => ({ ok: true, value: directoryOf(offices.find((office) => office.id === id)!) }),
    listOfficeMembers: () => ({ ok: true, value: { members } }),
    createOfficeInvite: () => ({ ok: true, value: { code: 'code-shown-once', expiresAt: '2026-01-02T00:00:00.000Z' } }),
    setOfficeMemberRole: () => ({ ok: true, value: {} }),
    clearOfficeListRole: () => ({ ok: true, value: {} }),
    revokeOfficeMember: () => ({ ok: true, value: {} }),
    ...overrides,
  });
  const reloads: number[] = [];
  wrapper = mount(OfficesSection, {
    props: { headingTag: 'h2' },
    global: {
      plugins: [createPinia(), createCastdeskI18n('en')],
      provide: { [castdeskBridgeKey as symbol]: double.bridge, [pageReloadKey as symbol]: () => void reloads.push(1) },
    },
    attachTo: document.body,
  });
  const view = wrapper;
  // The offices are read from the shortlist database and the bridge, then each office is asked about the user.
  await vi.waitFor(() => expect(view.findAll('[data-testid="office-item"]').filter((office) => /Lists you may open: \d/.test(office.text()))).toHaveLength(everyOfficeAnswers ? 2 : 1));
  await vi.waitFor(() => expect(view.findAll('[data-testid="office-member"]')).toHaveLength(2));
  return { view, calls: double.calls, reloads };
}

const item = (view: VueWrapper, office: OfficeView) => view.find(`[data-office-id="${office.officeId}"]`);

it('shows each office with who the user is there; only the owner’s shows members', async () => {
  const { view } = await mountSection();
  expect(item(view, owned).text()).toContain('Berlin office');
  expect(item(view, owned).find('[data-testid="office-role"]').text()).toMatch(/You are Lea\s*·\s*Owner/);
  expect(item(view, joined).find('[data-testid="office-role"]').text()).toMatch(/You are Ben\s*·\s*Reviewer/);
  expect(item(view, owned).find('[data-testid="office-members"]').exists()).toBe(true);
  expect(item(view, joined).find('[data-testid="office-members"]').exists()).toBe(false);
  expect(item(view, owned).findAll('[data-testid="office-member"]').map((member) => member.text())).toEqual([expect.stringContaining('Lea'), expect.stringContaining('Ben')]);
  const finals = item(view, owned).find('[data-member-id="ben1"] select[name="member-list-role"]');
  expect(finals.attributes('aria-label')).toBe('Role of Ben on Finals');
  expect((finals.element as HTMLSelectElement).value).toBe('reviewer');
});

it('an office that no longer knows the user\'s token says so, not that their role is still to learn', async () => {
  const { view } = await mountSection(
    {
      listOfficeLists: ({ id }: { id: string }) =>
        id === joined.id ? { ok: false, error: { code: 'office_token_refused', message: 'refused' } } : { ok: true, value: directoryOf(owned) },
    },
    false,
  );
  const refused = item(view, joined);
  await vi.waitFor(() => expect(refused.find('[data-testid="office-failure"]').attributes('data-code')).toBe('office_token_refused'));
  expect(refused.find('[data-testid="office-failure"]').text()).toContain('The office does not know this token');
  expect(refused.find('[data-testid="office-role"]').text()).not.toContain('could not be asked');
});

it('an invite has no role until the owner chooses one: the code cannot be made before, and each role says what it allows', async () => {
  const { view, calls } = await mountSection();
  const owner = item(view, owned);
  const role = owner.find('select[name="invite-role"]');
  const submit = owner.find('[data-testid="office-invite"] button[type="submit"]');
  expect((role.element as HTMLSelectElement).value).toBe('');
  expect(role.attributes('required')).toBeDefined();
  expect(role.findAll('option').map((option) => [option.text(), option.attributes('disabled') !== undefined])).toEqual([
    ['Choose a role', true],
    ['Editor: changes the lists', false],
    ['Reviewer: marks picks and comments', false],
    ['Viewer: only reads', false],
  ]);
  expect(submit.attributes('disabled')).toBeDefined();
  // A submit that gets through anyway (Enter in a browser without validation) makes nothing.
  await owner.find('[data-testid="office-invite"]').trigger('submit');
  await flushPromises();
  expect(calls.some((call) => call.channel === 'createOfficeInvite')).toBe(false);

  await role.setValue('viewer');
  expect(submit.attributes('disabled')).toBeUndefined();
  await submit.trigger('click');
  await flushPromises();
  expect(calls.filter((call) => call.channel === 'createOfficeInvite').map((call) => call.args)).toEqual([{ id: owned.id, role: 'viewer' }]);
});

it('Copy puts the invite code on the clipboard through the back end (the page\'s own is denied in Electron) and says so, or that it could not', async () => {
  let backEndCopies = true;
  const { view, calls } = await mountSection({ copyText: () => (backEndCopies ? { ok: true, value: { copied: true } } : { ok: false, error: { code: 'internal', message: 'no clipboard' } }) });
  const owner = item(view, owned);
  await owner.find('select[name="invite-role"]').setValue('editor');
  await owner.find('[data-testid="office-invite"]').trigger('submit');
  await flushPromises();
  const said = () => owner.get('[data-testid="office-invite-copied"]').text();
  expect(said()).toBe('');
  await owner.get('[data-testid="office-invite-copy"]').trigger('click');
  await flushPromises();
  expect(calls.filter((call) => call.channel === 'copyText').map((call) => call.args)).toEqual([{ text: 'code-shown-once' }]);
  expect(said()).toBe('Copied');
  backEndCopies = false;
  await owner.get('[data-testid="office-invite-copy"]').trigger('click');
  await flushPromises();
  expect(said()).toBe('The code could not be copied: select it and copy it yourself.');
});

it('the owner invites for one list and sees the code once; changes a role; revokes', async () => {
  const { view, calls } = await mountSection();
  const owner = item(view, owned);
  await owner.find('select[name="invite-role"]').setValue('reviewer');
  await owner.find('select[name="invite-list"]').setValue('finals');
  await owner.find('[data-testid="office-invite"]').trigger('submit');
  await flushPromises();
  expect(calls.filter((call) => call.channel === 'createOfficeInvite').map((call) => call.args)).toEqual([{ id: owned.id, role: 'reviewer', listId: 'finals' }]);
  expect((owner.find('input[name="invite-code"]').element as HTMLInputElement).value).toBe('code-shown-once');
  await owner.findAll('[data-testid="office-invite-code"] button').at(-1)!.trigger('click');
  expect(view.text()).not.toContain('code-shown-once');
  expect(owner.find('input[name="invite-code"]').exists()).toBe(false);

  const ben = owner.find('[data-member-id="ben1"]');
  await ben.find('select[name="member-role"]').setValue('editor');
  // Revoking is never one click: the owner says yes to what it does first.
  await ben.find('[data-testid="office-member-revoke"]').trigger('click');
  await flushPromises();
  expect(calls.some((call) => call.channel === 'revokeOfficeMember')).toBe(false);
  expect(ben.text()).toContain('Revoke Ben? They are disconnected at once and need a new invite code to come back.');
  await ben.find('[data-testid="office-member-revoke-confirm"]').trigger('click');
  await flushPromises();
  expect(calls.filter((call) => call.channel === 'setOfficeMemberRole' || call.channel === 'revokeOfficeMember').map((call) => call.args)).toEqual([
    { id: owned.id, memberId: 'ben1', role: 'editor' },
    { id: owned.id, memberId: 'ben1' },
  ]);
});

it('the owner\'s office whose owner token is gone from this computer says so and adds it again with the owner token, the form filled in for it', async () => {
  const ownerTokenLost: OfficeView = { ...owned, tokenState: 'missing' };
  const { view, calls, reloads } = await mountSection(
    {
      listOffices: () => ({ ok: true, value: { offices: [ownerTokenLost, joined] } }),
      addOfficeWithToken: () => ({ ok: true, value: { ...owned, joinedAt: '2026-03-01T00:00:00.000Z' } }),
    },
    false,
  );
  const entry = item(view, owned);
  expect(entry.get('[data-testid="office-token"]').text()).toContain('This computer holds no owner token for this office');
  expect(entry.get('[data-testid="office-token"]').text()).toContain('Add it again with the owner token printed when the office was created');
  // Not asked about the user: the back end holds no token to ask with.
  expect(calls.filter((call) => call.channel === 'listOfficeLists').map((call) => call.args)).toEqual([{ id: joined.id }]);
  await entry.get('[data-testid="office-join-again"]').trigger('click');
  await flushPromises();
  const form = view.get('[data-testid="office-join"]');
  expect((form.get('input[name="office-with-token"]').element as HTMLInputElement).checked).toBe(true);
  expect(form.get('[data-testid="office-join-again-hint"]').text()).toBe(`Adding ${owned.officeId} again: its address, its id and your name are filled in. Enter the owner token.`);
  await form.get('input[name="office-secret"]').setValue('the-owner-token');
  await form.trigger('submit');
  await flushPromises();
  // An invite code would have made the owner a member of their own office.
  expect(calls.filter((call) => call.channel === 'addOfficeWithToken' || call.channel === 'joinOffice').map((call) => [call.channel, call.args])).toEqual([
    ['addOfficeWithToken', { url: owned.url, officeId: owned.officeId, token: 'the-owner-token', name: 'Lea' }],
  ]);
  expect(reloads).toEqual([1]);
  expect(form.find('[data-testid="office-join-again-hint"]').exists()).toBe(false);
});

it('joins with the typed invite code and reloads the page; a refusal shows and keeps the code to correct', async () => {
  let refuse = true;
  const { view, calls, reloads } = await mountSection({
    joinOffice: () => (refuse ? { ok: false, error: { code: 'office_invite_invalid', message: 'used' } } : { ok: true, value: joined }),
  });
  const form = view.find('[data-testid="office-join"]');
  await form.find('input[name="office-url"]').setValue('http://127.0.0.1:8790');
  await form.find('input[name="office-id"]').setValue('berlin');
  await form.find('input[name="office-member-name"]').setValue('Ben');
  await form.find('input[name="office-secret"]').setValue('abc');
  await form.trigger('submit');
  await flushPromises();
  expect(view.find('[data-error-code="office_invite_invalid"]').exists()).toBe(true);
  expect(reloads).toEqual([]);
  expect((form.find('input[name="office-secret"]').element as HTMLInputElement).value).toBe('abc');

  refuse = false;
  await form.trigger('submit');
  await flushPromises();
  expect(calls.filter((call) => call.channel === 'joinOffice').at(-1)!.args).toEqual({ url: 'http://127.0.0.1:8790', officeId: 'berlin', code: 'abc', name: 'Ben' });
  expect(reloads).toEqual([1]);
  expect((form.find('input[name="office-secret"]').element as HTMLInputElement).value).toBe('');
});

it('the owner’s token goes to addOfficeWithToken; removing an office asks first', async () => {
  const { view, calls } = await mountSection({ addOfficeWithToken: () => ({ ok: true, value: owned }), removeOffice: () => ({ ok: true, value: {} }) });
  const form = view.find('[data-testid="office-join"]');
  await form.find('input[name="office-url"]').setValue('http://127.0.0.1:8790');
  await form.find('input[name="office-id"]').setValue('berlin');
  await form.find('input[name="office-member-name"]').setValue('Lea');
  await form.find('input[name="office-with-token"]').setValue(true);
  await form.find('input[name="office-secret"]').setValue('owner-token');
  await form.trigger('submit');
  await flushPromises();
  expect(calls.find((call) => call.channel === 'addOfficeWithToken')?.args).toEqual({ url: 'http://127.0.0.1:8790', officeId: 'berlin', token: 'owner-token', name: 'Lea' });
  expect(calls.some((call) => call.channel === 'joinOffice')).toBe(false);

  // The owner is told that their token, shown once, goes with the office.
  await item(view, owned).find('[data-testid="office-remove"]').trigger('click');
  expect(item(view, owned).text()).toContain('Your owner token is deleted from this computer');
  await item(view, owned).findAll('[role="group"] button').at(-1)!.trigger('click');
  await item(view, joined).find('[data-testid="office-remove"]').trigger('click');
  expect(item(view, joined).text()).not.toContain('owner token');
  expect(calls.some((call) => call.channel === 'removeOffice')).toBe(false);
  await item(view, joined).find('[data-testid="office-remove-confirm"]').trigger('click');
  await vi.waitFor(() => expect(calls.filter((call) => call.channel === 'removeOffice').map((call) => call.args)).toEqual([{ id: joined.id }]));
});

it('the owner changes a member’s role on one list, takes it back to the office role, and gives one on another list', async () => {
  const { view, calls } = await mountSection();
  const ben = item(view, owned).find('[data-member-id="ben1"]');
  await ben.find('select[name="member-list-role"][data-list-id="finals"]').setValue('viewer');
  await ben.find('select[name="member-list-role"][data-list-id="finals"]').setValue('');
  // Lists Ben has no role of his own on are offered for a new one: Callbacks, not Finals.
  const give = ben.find('[data-testid="office-member-give-list-role"]');
  expect(give.attributes('aria-label')).toBe('Give Ben a role on a list');
  expect(give.findAll('select[name="give-list"] option').map((option) => option.text())).toEqual(['Callbacks']);
  await give.find('select[name="give-role"]').setValue('editor');
  await give.trigger('submit');
  await flushPromises();
  expect(calls.filter((call) => call.channel === 'setOfficeMemberRole' || call.channel === 'clearOfficeListRole').map((call) => [call.channel, call.args])).toEqual([
    ['setOfficeMemberRole', { id: owned.id, memberId: 'ben1', role: 'viewer', listId: 'finals' }],
    ['clearOfficeListRole', { id: owned.id, memberId: 'ben1', listId: 'finals' }],
    ['setOfficeMemberRole', { id: owned.id, memberId: 'ben1', role: 'editor', listId: 'callbacks' }],
  ]);
  // After each change the members are read again from the office.
  expect(calls.filter((call) => call.channel === 'listOfficeMembers').length).toBeGreaterThanOrEqual(4);
});

it('the members panel reads the members one request at a time: a refresh joins the read on its way, the read after a change follows it', async () => {
  let hold: Promise<void> | null = null;
  const { view, calls } = await mountSection({
    listOfficeMembers: async () => {
      await hold;
      return { ok: true, value: { members } };
    },
  });
  const reads = () => calls.filter((call) => call.channel === 'listOfficeMembers').length;
  const before = reads();
  let release = () => undefined as void;
  hold = new Promise((resolve) => (release = resolve));
  window.dispatchEvent(new Event('focus'));
  document.dispatchEvent(new Event('visibilitychange'));
  window.dispatchEvent(new Event('focus'));
  await flushPromises();
  expect(reads()).toBe(before + 1);

  // The owner's change is read only after the read on its way, so its answer is the last shown.
  await item(view, owned).find('[data-member-id="ben1"] select[name="member-role"]').setValue('editor');
  await flushPromises();
  expect(calls.some((call) => call.channel === 'setOfficeMemberRole')).toBe(true);
  expect(reads()).toBe(before + 1);
  release();
  await vi.waitFor(() => expect(reads()).toBe(before + 2));
});

it('a failing refresh keeps the members and says nothing until it fails officeMembersFailuresShown times in a row; a read that works clears it, not an error of the owner’s own', async () => {
  let membersAnswer: unknown = { ok: true, value: { members } };
  const { view } = await mountSection({
    listOfficeMembers: () => membersAnswer,
    setOfficeMemberRole: () => ({ ok: false, error: { code: 'office_member_not_found', message: 'gone' } }),
  });
  const refresh = async () => {
    window.dispatchEvent(new Event('focus'));
    await flushPromises();
  };
  membersAnswer = { ok: false, error: { code: 'office_unreachable', message: 'down' } };
  for (let failure = 1; failure < officeMembersFailuresShown; failure += 1) await refresh();
  expect(view.find('[data-error-code]').exists()).toBe(false);
  expect(item(view, owned).findAll('[data-testid="office-member"]')).toHaveLength(2);
  await refresh();
  expect(view.find('[data-error-code="office_unreachable"]').exists()).toBe(true);
  expect(item(view, owned).findAll('[data-testid="office-member"]')).toHaveLength(2);

  membersAnswer = { ok: true, value: { members } };
  await refresh();
  expect(view.find('[data-error-code]').exists()).toBe(false);

  // A refused change of the owner's stays shown when the members are read again.
  await item(view, owned).find('[data-member-id="ben1"] select[name="member-role"]').setValue('editor');
  await flushPromises();
  expect(view.find('[data-error-code="office_member_not_found"]').exists()).toBe(true);
  await refresh();
  expect(view.find('[data-error-code="office_member_not_found"]').exists()).toBe(true);
});
