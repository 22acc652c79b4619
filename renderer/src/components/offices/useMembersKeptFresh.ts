/**
 * Keeps the owner's members panel true while it is open: a colleague who joins with the code the
 * owner just gave, or a member revoked from another computer, shows without reopening the panel.
 * The members are read as the panel opens, then every officeMembersEveryMs while the window is
 * visible, and at once when the owner comes back to it (focus, or visible again: where an owner
 * who passed a code on by mail or chat returns). A hidden window asks nothing.
 */
import { onMounted, onUnmounted } from 'vue';
import { useOfficeMembershipStore } from '../../stores/officeMembership.ts';
import { officeMembersEveryMs } from '../../stores/officeSchedule.ts';

export function useMembersKeptFresh(officeRecordId: () => string): void {
  const membership = useOfficeMembershipStore();
  let timer: ReturnType<typeof setInterval> | undefined;

  function refresh(): void {
    if (document.visibilityState === 'visible') void membership.refreshMembers(officeRecordId());
  }

  onMounted(() => {
    void membership.loadMembers(officeRecordId());
    timer = setInterval(refresh, officeMembersEveryMs);
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
  });
  onUnmounted(() => {
    clearInterval(timer);
    window.removeEventListener('focus', refresh);
    document.removeEventListener('visibilitychange', refresh);
  });
}
