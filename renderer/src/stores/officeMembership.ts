/**
 * The offices page's store (issue 25): joining an office (invite code) or adding it with the
 * owner's token, the joined offices with who the user is there, removing one (its lists stay here
 * as personal lists: officeLists.removeOffice), and the owner's member management: invite codes,
 * members (read again while the owner's panel is open), roles, revoking, and which members of one
 * name the owner said are different people (namesakes.ts). Every call goes through the bridge; the core makes the office's HTTP
 * calls with the token, which stays bound to the office's origin.
 *
 * After a join the page is reloaded: the page's CSP names the offices' WebSocket origins as the
 * page is served (OFFICE.md), so the new office's socket opens only on a page served after the
 * join. What is typed but not stored yet is written first.
 */
import { defineStore, getActivePinia } from 'pinia';
import { inject, ref, shallowRef, toRaw, watch, type InjectionKey } from 'vue';
import type { BridgeError } from '../../../contract/bridge-errors.ts';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import type { OfficeDirectory, OfficeInvite, OfficeMember, OfficeRole } from '../../../contract/officeBridge.ts';
import { useBridge } from '../bridge/bridgeInjection.ts';
import { saveKeptNamesakes, savedKeptNamesakes, type KeptNamesakes } from './keptNamesakes.ts';
import { useOfficeListsStore } from './officeLists.ts';
import { officeMembersFailuresShown } from './officeSchedule.ts';
import { useShortlistsStore } from './shortlists.ts';

/** Reloads the page; provided by tests, which cannot reload. */
export const pageReloadKey: InjectionKey<() => void> = Symbol('castdesk-page-reload');

export interface OfficeGrant {
  role: OfficeRole;
  listId?: string;
}

type MembersAnswer = Awaited<ReturnType<CastdeskBridge['listOfficeMembers']>>;

/**
 * An invite code as made: shown once, to copy, with the office's members just before it was made.
 * The office does not say which code a member joined with, so a member not among them may have
 * used it: the code is then no longer shown (`inviteMaybeUsed`).
 */
export type ShownInvite = OfficeInvite & { officeRecordId: string; membersBefore: readonly string[] } & OfficeGrant;

/** Members who joined since the shown code was made, by name: the code may have been used, so it was taken off the screen. */
export interface InviteMaybeUsed {
  officeRecordId: string;
  names: string[];
}

export const useOfficeMembershipStore = defineStore('officeMembership', () => {
  const bridge = useBridge();
  const officeLists = useOfficeListsStore();
  const reloadPage = inject(pageReloadKey, () => window.location.reload());
  const error = ref<BridgeError | null>(null);
  /** Each office's name, the user's role there and its lists, by office record id (asked of the office). */
  const directories = shallowRef<ReadonlyMap<string, OfficeDirectory>>(new Map());
  /** Why an office could not say it, by office record id: unreachable, or it no longer knows the user's token (revoked). */
  const directoryFailures = shallowRef<ReadonlyMap<string, BridgeError>>(new Map());
  /** The office's members as its owner sees them, by office record id. */
  const members = shallowRef<ReadonlyMap<string, OfficeMember[]>>(new Map());
  const invite = ref<ShownInvite | null>(null);
  /** The office record whose new code is being made: the old code is off the screen meanwhile, so it is never copied for the new one. */
  const inviteMaking = ref<string | null>(null);
  const inviteMaybeUsed = ref<InviteMaybeUsed | null>(null);
  /** The read of an office's members on its way, by office record id: one at a time per office. */
  const membersReads = new Map<string, Promise<MembersAnswer>>();
  /** The background reads of an office's members that failed in a row, and the last failure. */
  const membersRefreshFailures = new Map<string, { inARow: number; last: BridgeError }>();
  /** Members the owner said are another person of a name others have, not someone who joined again, by office record id (keptNamesakes.ts). */
  const keptNamesakes = shallowRef<KeptNamesakes>(savedKeptNamesakes());

  function withEntry<T>(map: ReadonlyMap<string, T>, key: string, value: T | null): ReadonlyMap<string, T> {
    const next = new Map(map);
    if (value === null) next.delete(key);
    else next.set(key, value);
    return next;
  }

  /** Runs one bridge call; a failure becomes `error` (shown on the page) and answers null. */
  async function run<T>(call: () => Promise<{ ok: true; value: T } | { ok: false; error: BridgeError }>): Promise<T | null> {
    const answer = await call();
    if (!answer.ok) {
      error.value = answer.error;
      return null;
    }
    error.value = null;
    return answer.value;
  }

  /**
   * The joined offices, and what each says about the user (asked side by side; an unreachable one
   * keeps its record). An office whose token cannot be read here is not asked (the back end could
   * not): its entry says why instead (OfficeTokenNotice).
   */
  async function start(): Promise<void> {
    await officeLists.refresh();
    await Promise.all(officeLists.offices.filter((office) => office.tokenState === 'held').map((office) => loadDirectory(office.id)));
  }

  // An office whose token is readable again (a recheck found the keychain: officeLists.readTokensAgain) is asked, as at start.
  watch(
    () => officeLists.offices,
    (now, before) => {
      const unreadable = new Set(before.filter((office) => office.tokenState !== 'held').map((office) => office.id));
      for (const office of now) if (office.tokenState === 'held' && unreadable.has(office.id)) void loadDirectory(office.id);
    },
  );

  async function loadDirectory(officeRecordId: string): Promise<void> {
    const answer = await bridge.listOfficeLists({ id: officeRecordId });
    directories.value = withEntry(directories.value, officeRecordId, answer.ok ? answer.value : null);
    directoryFailures.value = withEntry(directoryFailures.value, officeRecordId, answer.ok ? null : answer.error);
    if (answer.ok) await officeLists.countRemovedHere(officeRecordId, new Set(answer.value.lists.map((list) => list.id)));
  }

  /** How many lists the last "Bring back" brought to this computer, by office record id (said until the page is left). */
  const broughtBack = shallowRef<ReadonlyMap<string, number>>(new Map());

  /** Brings back the office's lists deleted on this computer (officeLists.bringBackRemoved); why not, when the office cannot be asked. */
  async function bringBack(officeRecordId: string): Promise<boolean> {
    const answer = await officeLists.bringBackRemoved(officeRecordId);
    if ('error' in answer) {
      error.value = answer.error;
      return false;
    }
    error.value = null;
    broughtBack.value = withEntry(broughtBack.value, officeRecordId, answer.broughtBack);
    // The undo of deleting one of them would put the old copy back beside the office's list brought back.
    const shortlists = getActivePinia()?.state.value.shortlists ? useShortlistsStore() : null;
    if (shortlists?.lastRemoval?.office?.officeRecordId === officeRecordId) shortlists.dismissUndo();
    return true;
  }

  /** Writes what is typed but not stored, then reloads the page so its CSP lets the new office's socket open. */
  async function reloadForNewOffice(): Promise<void> {
    if (getActivePinia()?.state.value.shortlists) await useShortlistsStore().flushPendingWrites();
    reloadPage();
  }

  async function join(input: { url: string; officeId: string; code: string; name: string }): Promise<boolean> {
    if (!(await run(() => bridge.joinOffice(input)))) return false;
    await reloadForNewOffice();
    return true;
  }

  async function addWithToken(input: { url: string; officeId: string; token: string; name: string }): Promise<boolean> {
    if (!(await run(() => bridge.addOfficeWithToken(input)))) return false;
    await reloadForNewOffice();
    return true;
  }

  /** Leaves the office on this computer: its token goes, its lists stay here as personal lists. */
  async function remove(officeRecordId: string): Promise<boolean> {
    const removed = await officeLists.removeOffice(officeRecordId);
    if (!removed) {
      error.value = officeLists.error;
      return false;
    }
    directories.value = withEntry(directories.value, officeRecordId, null);
    directoryFailures.value = withEntry(directoryFailures.value, officeRecordId, null);
    members.value = withEntry(members.value, officeRecordId, null);
    membersRefreshFailures.delete(officeRecordId);
    if (keptNamesakes.value.has(officeRecordId)) {
      keptNamesakes.value = withEntry(keptNamesakes.value, officeRecordId, null);
      saveKeptNamesakes(keptNamesakes.value);
    }
    if (invite.value?.officeRecordId === officeRecordId) invite.value = null;
    if (inviteMaybeUsed.value?.officeRecordId === officeRecordId) inviteMaybeUsed.value = null;
    return true;
  }

  /**
   * Reads the office's members and shows them. A refresh joins a read on its way; a read after the
   * owner's change (`afterChange`) waits for it and asks again, so it sees the change, only one
   * request is on its way, and the answers are shown in the order they were asked.
   */
  function readMembers(officeRecordId: string, afterChange: boolean): Promise<MembersAnswer> {
    const onItsWay = membersReads.get(officeRecordId);
    if (onItsWay && !afterChange) return onItsWay;
    const read = (async () => {
      await onItsWay;
      const answer = await bridge.listOfficeMembers({ id: officeRecordId });
      if (answer.ok) {
        members.value = withEntry(members.value, officeRecordId, answer.value.members);
        takeUsedInviteOff(officeRecordId, answer.value.members);
      }
      return answer;
    })().finally(() => {
      if (membersReads.get(officeRecordId) === read) membersReads.delete(officeRecordId);
    });
    membersReads.set(officeRecordId, read);
    return read;
  }

  /** The members as the office has them now: as the owner's panel opens and after each of the owner's changes; a failure is shown. */
  async function loadMembers(officeRecordId: string): Promise<void> {
    await run(() => readMembers(officeRecordId, true));
  }

  /**
   * Reads the members again while the owner's panel is open, so a colleague who joined (or a member
   * revoked from another computer) shows without reopening it. A failure keeps what is shown and
   * says nothing until it persists (officeMembersFailuresShown reads in a row); then it is shown as
   * the page's office error, until a read succeeds.
   */
  async function refreshMembers(officeRecordId: string): Promise<void> {
    const answer = await readMembers(officeRecordId, false);
    const failures = membersRefreshFailures.get(officeRecordId);
    if (answer.ok) {
      if (failures && toRaw(error.value) === failures.last) error.value = null;
      membersRefreshFailures.delete(officeRecordId);
      return;
    }
    const inARow = (failures?.inARow ?? 0) + 1;
    membersRefreshFailures.set(officeRecordId, { inARow, last: answer.error });
    if (inARow >= officeMembersFailuresShown) error.value = answer.error;
  }

  /**
   * The shown code of the office is taken off the screen once its members include one who was not
   * a member just before the code was made: that member may have joined with it (the office does
   * not say with which code), and a used code copied for the next colleague fails their join. A
   * member who joined with an older code in that moment takes it off too: a new code costs the
   * owner one click, a used one shown costs a colleague a failed join.
   */
  function takeUsedInviteOff(officeRecordId: string, now: readonly OfficeMember[]): void {
    const shown = invite.value;
    if (shown?.officeRecordId !== officeRecordId) return;
    const joined = now.filter((member) => !shown.membersBefore.includes(member.id));
    if (joined.length === 0) return;
    invite.value = null;
    inviteMaybeUsed.value = { officeRecordId, names: joined.map((member) => member.name) };
  }

  /**
   * Makes a new invite code. The code shown before leaves the screen at once (the new one is being
   * made meanwhile), and the members are read first, so a colleague who joins later is known as
   * new. If they cannot be read, the members shown stand in: a member missing from them only takes
   * the code off the screen sooner.
   */
  async function createInvite(officeRecordId: string, grant: OfficeGrant): Promise<boolean> {
    invite.value = null;
    inviteMaybeUsed.value = null;
    inviteMaking.value = officeRecordId;
    try {
      const before = await readMembers(officeRecordId, true);
      const membersBefore = (before.ok ? before.value.members : (members.value.get(officeRecordId) ?? [])).map((member) => member.id);
      const made = await run(() => bridge.createOfficeInvite({ id: officeRecordId, ...grant }));
      invite.value = made ? { ...made, officeRecordId, membersBefore, ...grant } : null;
      return made !== null;
    } finally {
      inviteMaking.value = null;
    }
  }

  /** Forgets the shown code (it is shown once), or the word that it may have been used. */
  function dismissInvite(): void {
    invite.value = null;
    inviteMaybeUsed.value = null;
  }

  async function setRole(officeRecordId: string, memberId: string, grant: OfficeGrant): Promise<boolean> {
    if (!(await run(() => bridge.setOfficeMemberRole({ id: officeRecordId, memberId, ...grant })))) return false;
    await loadMembers(officeRecordId);
    return true;
  }

  /** Takes a member's role on one list back: their office role applies there again. */
  async function clearListRole(officeRecordId: string, memberId: string, listId: string): Promise<boolean> {
    if (!(await run(() => bridge.clearOfficeListRole({ id: officeRecordId, memberId, listId })))) return false;
    await loadMembers(officeRecordId);
    return true;
  }

  /**
   * The owner's answer that member `memberId`, who joined under a name other members have, is
   * another person: the panel stops asking whether to revoke the earlier ones, here and after a
   * restart (remembered on this computer; if it cannot be, for this session).
   */
  function keepNamesakes(officeRecordId: string, memberId: string): void {
    const kept = new Set(keptNamesakes.value.get(officeRecordId)).add(memberId);
    keptNamesakes.value = withEntry(keptNamesakes.value, officeRecordId, kept);
    saveKeptNamesakes(keptNamesakes.value);
  }

  async function revoke(officeRecordId: string, memberId: string): Promise<boolean> {
    if (!(await run(() => bridge.revokeOfficeMember({ id: officeRecordId, memberId })))) return false;
    await loadMembers(officeRecordId);
    return true;
  }

  return {
    error,
    directories,
    directoryFailures,
    members,
    invite,
    inviteMaking,
    inviteMaybeUsed,
    broughtBack,
    keptNamesakes,
    start,
    loadDirectory,
    bringBack,
    join,
    addWithToken,
    remove,
    loadMembers,
    refreshMembers,
    createInvite,
    dismissInvite,
    setRole,
    clearListRole,
    keepNamesakes,
    revoke,
  };
});
