/**
 * The name an office member is shown by: as they gave it, with their number when other live
 * members of the office share it ("Ben (2)", stores/namesakes.ts), so picks, comments, history and
 * the owner's members panel tell them apart the same way; "A member" while the office has not
 * named them.
 */
import type { Translate } from './connectionName.ts';

export function shownMemberName(name: string | null, number: number | undefined, t: Translate): string {
  if (name === null) return t('officeRoles.unknownMember', {});
  return number === undefined ? name : t('officeRoles.namesake', { name, number });
}
