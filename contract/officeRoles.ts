/**
 * A member's role on a shared list as the app learns it (issue 25): the office server tells each
 * connection its role in a stateless message right after authentication (Hocuspocus's own
 * "authorized scope" says only read-only or not, which cannot tell a reviewer from an editor), and
 * the app offers only what the role may do. A local change the server refused is reverted in the
 * list with one of the refusal codes below, each an i18n key `officeRoles.refusals.<code>`.
 */
import { z } from 'zod';

export const officeRoles = ['editor', 'reviewer', 'viewer'] as const;
export type OfficeRole = (typeof officeRoles)[number];

/** The stateless message's `type`: other stateless messages (a newer server's) are left alone. */
export const officeRoleMessageType = 'castdesk-role';

/** What the server sends each connection: the role on this list and the member id picks and comments go under. */
export const officeRoleMessageSchema = z.strictObject({
  type: z.literal(officeRoleMessageType),
  role: z.enum(officeRoles),
  memberId: z.string().min(1).max(64),
});
export type OfficeRoleMessage = z.infer<typeof officeRoleMessageSchema>;

/**
 * Why a local change went back to the office's version: the connection is read-only (a viewer,
 * or a role lowered while offline), a reviewer changed more than their picks and comments, or the
 * server refused the write for another reason (too large, malformed, rate limited).
 */
export const officeRefusalCodes = ['office_read_only', 'office_reviewer_limited', 'office_write_refused'] as const;
export type OfficeRefusalCode = (typeof officeRefusalCodes)[number];

/**
 * The authentication failure the office answers when the member may not open the list at all: the
 * list is gone from the office, their role on it was taken away, or they were revoked
 * (server/office/officeAuthentication.ts). Never a passing state (an unreachable database answers
 * `unavailable`), so the app keeps the list as a personal copy (`office_access_removed`).
 */
export const accessRemovedReason = 'permission-denied';

/**
 * Why a shared list is a personal copy on this computer now, told on the list until the user
 * dismisses it (stored with the list, so a restart keeps it); i18n `officeRoles.kept.<code>`. The
 * office let go of it by itself (`office_access_removed`), or the user stopped sharing it and the
 * office could not take it out, so it still has it and colleagues keep theirs (`office_still_has_list`).
 */
export const officeListKeptCodes = ['office_access_removed', 'office_still_has_list'] as const;
export type OfficeListKeptCode = (typeof officeListKeptCodes)[number];

/** The close reasons of the office's write gate (server/office/writeGate.ts) that refuse a change. */
export const refusedWriteReasons: Readonly<Record<string, OfficeRefusalCode>> = {
  'reviewer-limited': 'office_reviewer_limited',
  'message-too-large': 'office_write_refused',
  'document-too-large': 'office_write_refused',
  'malformed-update': 'office_write_refused',
};

/**
 * The names of the office's members, asked for by a member's app in a stateless message (the
 * membership API's list is the owner's): a list shows who picked an entry and who commented. The
 * live members come in the order they joined, the owner first, as the owner's list has them: two
 * members of one name (a colleague who joined again with a new code) are told apart by that order.
 */
export const officeMembersMessageType = 'castdesk-members';
export const officeMembersRequestSchema = z.strictObject({ type: z.literal(officeMembersMessageType) });
export const officeMembersAnswerSchema = z.strictObject({
  type: z.literal(officeMembersMessageType),
  members: z.array(z.strictObject({ id: z.string().min(1).max(64), name: z.string().max(200) })).max(10_000),
});
export type OfficeMembersAnswer = z.infer<typeof officeMembersAnswerSchema>;
