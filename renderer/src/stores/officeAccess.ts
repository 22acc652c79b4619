/**
 * What the member may do on a list, from the role the office named (contract/officeRoles.ts): an
 * editor changes the list and marks picks and comments; a reviewer marks their own picks and
 * comments only; a viewer only reads. A personal list is the user's own. A shared list whose role
 * was never named yet (opened offline, before its first connection) is offered as editable: the
 * office refuses what the role cannot do, and the list goes back to the office's version.
 */
import type { OfficeRole } from '../../../contract/officeRoles.ts';

export interface ListAccess {
  shared: boolean;
  role: OfficeRole | null;
  /** The id the member's picks and comments go under (null: not known yet, or a personal list). */
  memberId: string | null;
  /** Change entries: note, rating, colours, tags, status, order; add and remove actors. */
  edit: boolean;
  /** Mark their own picks and write their own comments. */
  annotate: boolean;
}

export const personalAccess: ListAccess = { shared: false, role: null, memberId: null, edit: true, annotate: false };

export function sharedAccess(role: OfficeRole | null, memberId: string | null): ListAccess {
  return { shared: true, role, memberId, edit: role === null || role === 'editor', annotate: memberId !== null && (role === 'editor' || role === 'reviewer') };
}
