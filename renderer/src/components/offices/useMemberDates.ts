/**
 * When a member joined and when the office last saw them, in a few words ("joined 3 Mar 2026, last
 * seen 4 Mar 2026, 09:12"): what tells two members of one name apart for the owner, since a
 * colleague who lost their token and joined again leaves an earlier membership seen no more.
 * Null from an office server that does not say (older than these fields).
 */
import { useI18n } from 'vue-i18n';
import type { OfficeMember } from '../../../../contract/officeBridge.ts';

export function useMemberDates(): (member: OfficeMember) => string | null {
  const { t, d } = useI18n();
  return (member) => {
    if (!member.joinedAt) return null;
    const joined = d(new Date(member.joinedAt), 'date');
    return member.lastSeenAt ? t('offices.memberDates', { joined, seen: d(new Date(member.lastSeenAt), 'dateTime') }) : t('offices.memberDatesNotSeen', { joined });
  };
}
