/**
 * Members of one office who share a name: a colleague who lost their token and joined again with a
 * new invite code, or two colleagues called alike. They are numbered in the order they joined,
 * "Ben (1)", "Ben (2)", alike in the owner's members panel and in every member's lists (picks,
 * comments, history, presence): both read the office's live members in that order
 * (contract/officeRoles.ts), so one number names one membership everywhere.
 */
import { foldForSearch } from '../../../contract/name-folding.ts';
import type { OfficeMember } from '../../../contract/officeBridge.ts';

/** The form names are compared in: "Ben", "ben" and "Bén" are one name, as a colleague retyping theirs may spell it. */
function nameKey(name: string): string {
  return foldForSearch(name) || name.trim();
}

/** Members grouped by name, each group in the order of `members`. */
function byName<M extends { name: string }>(members: readonly M[]): M[][] {
  const groups = new Map<string, M[]>();
  for (const member of members) {
    const key = nameKey(member.name);
    const group = groups.get(key);
    if (group) group.push(member);
    else groups.set(key, [member]);
  }
  return [...groups.values()];
}

/** Each member's number among those of their name, for names more than one member has; `members` live, in the order they joined. */
export function namesakeNumbers(members: readonly { id: string; name: string }[]): ReadonlyMap<string, number> {
  const numbers = new Map<string, number>();
  for (const group of byName(members)) if (group.length > 1) group.forEach((member, index) => numbers.set(member.id, index + 1));
  return numbers;
}

/** The last member to join under a name others already had, and those earlier ones the owner may revoke (never the owner). */
export interface JoinedAgain {
  later: OfficeMember;
  earlier: OfficeMember[];
}

/**
 * What the owner's panel asks about: for each name more than one live member has, whether the last
 * to join is the same person as the earlier ones, joined again. None for a name the owner said is
 * two people (`kept`, by the later member's id), nor when the only earlier one is the owner.
 */
export function joinedAgain(members: readonly OfficeMember[], kept: ReadonlySet<string>): JoinedAgain[] {
  return byName(members.filter((member) => !member.revoked)).flatMap((group) => {
    const later = group.at(-1)!;
    const earlier = group.slice(0, -1).filter((member) => !member.isOwner);
    return group.length > 1 && earlier.length > 0 && !kept.has(later.id) ? [{ later, earlier }] : [];
  });
}
