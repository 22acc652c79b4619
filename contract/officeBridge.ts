/**
 * The bridge channels of casting offices (issue 25), spread into contract/bridge.ts's table. The
 * back end joins an office and keeps the member's token in the OS keychain, bound to the office's
 * origin. Unlike an API key, the token does come out, through `getOfficeToken` only, and only
 * together with the one origin it may be sent to: the renderer holds the office WebSocket (see
 * renderer/src/sync/OFFICE.md) and opens it to `socketUrl` alone.
 */
import { z } from 'zod';

const nothing = z.object({}).strict();
/** This computer's id of a joined office (a UUID; the keychain account is `office-<id>`). */
const officeRecordId = z.uuid();
/** The office's id on its server. */
const officeId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'an office id');
const officeUrl = z.string().min(1).max(2048);
const memberName = z.string().trim().min(1).max(200);

/** What the keychain says about an office's token on this computer (OfficeView.tokenState). */
export const officeTokenStates = ['held', 'missing', 'keychainUnavailable'] as const;
export type OfficeTokenState = (typeof officeTokenStates)[number];

export const officeViewSchema = z.object({
  id: officeRecordId,
  officeId,
  /** The office server's address (https, or http on loopback). */
  url: z.string(),
  memberId: z.string().nullable(),
  memberName: z.string(),
  isOwner: z.boolean(),
  joinedAt: z.string(),
  /**
   * Whether this computer can read the office's token (the token itself comes out only through
   * getOfficeToken): `held`; `missing`, the keychain answered without it (lost, or the records came
   * from another computer: joining again stores one); `keychainUnavailable`, the keychain did not
   * answer (locked, not started yet), so whether it holds the token is not known, and joining again
   * would be the wrong advice: once it answers (a recheck), the token is read as before.
   */
  tokenState: z.enum(officeTokenStates),
});
export type OfficeView = z.infer<typeof officeViewSchema>;

export const officeTokenSchema = z.object({
  token: z.string(),
  /** The only origin the token may be sent to (scheme://host[:port] of the office's address). */
  origin: z.string(),
  /** The office's WebSocket address, on `origin`'s host and port (ws: for http:, wss: for https:). */
  socketUrl: z.string(),
  officeId,
});
export type OfficeToken = z.infer<typeof officeTokenSchema>;

/** The roles the owner gives: for the whole office, or for one list. */
export const officeRoles = ['editor', 'reviewer', 'viewer'] as const;
export type OfficeRole = (typeof officeRoles)[number];
/** A list's id on the office (the second half of its document name). */
const officeListId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a list id');
const memberId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a member id');

/** One list of the office's directory, as the member's role lets them see it. */
export const officeListSummarySchema = z.object({
  id: officeListId,
  name: z.string(),
  /** Entries not deleted. */
  entries: z.number().int().nonnegative(),
  updatedAt: z.string().nullable(),
  /** The member's role on the list (its own, else the office's); an office server older than this field names none. */
  role: z.enum(officeRoles).optional(),
});
export type OfficeListSummary = z.infer<typeof officeListSummarySchema>;

/**
 * A member as the owner sees them (`GET /offices/:office/members`, in the order they joined);
 * `officeRole` 'none' means roles on single lists only. When they joined and when the office last
 * let their token in tell two members of one name apart: a colleague who lost their token and
 * joined again with a new code leaves an earlier membership that is seen no more, for the owner to
 * revoke. An office server older than these fields names neither.
 */
export const officeMemberSchema = z.object({
  id: memberId,
  name: z.string(),
  officeRole: z.enum([...officeRoles, 'none']),
  isOwner: z.boolean(),
  revoked: z.boolean(),
  listRoles: z.record(z.string(), z.enum(officeRoles)),
  /** ISO 8601. */
  joinedAt: z.iso.datetime().optional(),
  /** ISO 8601, to a few minutes (a connection opened or a request made with their token); null: not since the office began keeping it. */
  lastSeenAt: z.iso.datetime().nullable().optional(),
});
export type OfficeMember = z.infer<typeof officeMemberSchema>;

/** The office's list directory with who the member is there (their role for the whole office). */
export const officeDirectorySchema = z.object({
  office: z.object({ id: officeId, name: z.string() }),
  member: z.object({ id: memberId, name: z.string(), officeRole: z.enum([...officeRoles, 'none']), isOwner: z.boolean() }),
  lists: z.array(officeListSummarySchema),
});
export type OfficeDirectory = z.infer<typeof officeDirectorySchema>;

/** A one-time invite code: shown to the owner once, to pass on. */
export const officeInviteSchema = z.object({ code: z.string().min(1), expiresAt: z.string() });
export type OfficeInvite = z.infer<typeof officeInviteSchema>;

const grant = { role: z.enum(officeRoles), listId: officeListId.optional() };

function channel<A extends z.ZodType, R extends z.ZodType>(args: A, result: R) {
  return { args, result };
}

export const officeChannels = {
  /** The offices joined on this computer. */
  listOffices: channel(nothing, z.object({ offices: z.array(officeViewSchema) })),
  /** Joins an office with an invite code from its owner (`office_invite_invalid`, `office_unreachable`). */
  joinOffice: channel(z.object({ url: officeUrl, officeId, code: z.string().trim().min(1).max(200), name: memberName }).strict(), officeViewSchema),
  /** Adds an office with a token its server printed or gave (the owner's); the server is asked whether it knows it. */
  addOfficeWithToken: channel(z.object({ url: officeUrl, officeId, token: z.string().min(1).max(200), name: memberName }).strict(), officeViewSchema),
  /** Forgets an office and deletes its token; the lists shared with it stay on this computer. */
  removeOffice: channel(z.object({ id: officeRecordId }).strict(), nothing),
  /** The office's token with the one origin and WebSocket address it may be used for. */
  getOfficeToken: channel(z.object({ id: officeRecordId }).strict(), officeTokenSchema),
  /** The office's name, the member's role there and the lists they may open (the core asks the office with the member's token). */
  listOfficeLists: channel(z.object({ id: officeRecordId }).strict(), officeDirectorySchema),
  /** Owner only (`office_forbidden` otherwise): a one-time invite code for a role, office-wide or on one list. */
  createOfficeInvite: channel(z.object({ id: officeRecordId, ...grant }).strict(), officeInviteSchema),
  /** Owner only: every member with their roles. */
  listOfficeMembers: channel(z.object({ id: officeRecordId }).strict(), z.object({ members: z.array(officeMemberSchema) })),
  /** Owner only: a member's role for the office or one list (`office_member_not_found`); their connections are closed to reopen with it. */
  setOfficeMemberRole: channel(z.object({ id: officeRecordId, memberId, ...grant }).strict(), nothing),
  /** Owner only: takes a member's role on one list back, so their office role applies there again (`office_member_not_found`); their connections reopen with it. */
  clearOfficeListRole: channel(z.object({ id: officeRecordId, memberId, listId: officeListId }).strict(), nothing),
  /** Owner only: revokes a member, whom the office disconnects at once. */
  revokeOfficeMember: channel(z.object({ id: officeRecordId, memberId }).strict(), nothing),
  /**
   * "Stop sharing" by an editor of the list (or the owner): the office takes the list out and every
   * member's app keeps its copy as a personal list (`office_forbidden` for a reviewer or viewer,
   * `office_list_not_found` when the office no longer has it).
   */
  removeOfficeList: channel(z.object({ id: officeRecordId, listId: officeListId }).strict(), nothing),
};
