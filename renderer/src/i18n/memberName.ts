/**
 * The name an office member is shown by: as they gave it, with their number when other live
 * members of the office share it ("Ben (2)", stores/namesakes.ts), so picks, comments, history and
 * the owner's members panel tell them apart the same way.
 */
import type { Translate } from './connectionName.ts';

export function shownMemberName(name: string, number: number | undefined, t: Translate): string {
  return number === undefined ? name : t('officeRoles.namesake', { name, number });
}
