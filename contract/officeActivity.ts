/**
 * Who is looking at a shared list, and who changed what in it (issue 25, item 4), as the office
 * server sends them and the renderer reads them.
 *
 * Presence rides on Hocuspocus awareness: a member's app sets `looking: true` in its awareness
 * state while the list is open. The server overwrites `member` in every awareness state a
 * connection sends with the member it authenticated (server/office/officePresence.ts), so a name
 * shown beside a list is never one a client chose.
 *
 * The history is written by the server only: it summarises each accepted change of a list per
 * member (server/office/listActivity.ts), keeps the records in its database, and sends them as
 * Hocuspocus stateless messages: the last records when a member asks (`activityRequest`), each new
 * record to every member with the list attached (`activityMessage`). A client cannot write a record.
 */
import { z } from 'zod';

/** The awareness field the server stamps with the authenticated member. */
export const presenceMemberField = 'member';
/** The awareness field a member's app sets while the list is open on screen. */
export const presenceLookingField = 'looking';

export const presenceMemberSchema = z.object({ id: z.string().min(1).max(64), name: z.string().max(200) });
export type PresenceMember = z.infer<typeof presenceMemberSchema>;

/** What a change did to entries; `status` moves carry the status the entries moved to. */
export const activityChangeKinds = ['shared', 'renamed', 'added', 'removed', 'restored', 'status', 'reordered', 'note', 'rating', 'labels', 'picked', 'commented'] as const;
export type ActivityChangeKind = (typeof activityChangeKinds)[number];

/**
 * The details of a change (`ActivityChange.detail`): `picked` says whether the member's pick was
 * put on or taken back; `labels` says which labels changed, and for tags whether some were added
 * (their number went up), removed (it went down) or both (it stayed, the tags differ). A change
 * that did several (tags and colour labels of one actor) is one change per detail.
 */
export const activityChangeDetails = {
  picked: ['on', 'off'],
  labels: ['tagsAdded', 'tagsRemoved', 'tags', 'colours'],
} as const;
export type PickDetail = (typeof activityChangeDetails.picked)[number];
export type LabelsDetail = (typeof activityChangeDetails.labels)[number];

/** Names of entries a change names at most (the count says how many there were). */
export const activityNamesKept = 3;

export const activityChangeSchema = z.object({
  kind: z.enum(activityChangeKinds),
  /** How many entries (for `renamed` and `shared`: 1). */
  count: z.number().int().nonnegative(),
  /** The first entries' actor names (for `renamed`: the list's new name). */
  names: z.array(z.string().max(500)).max(activityNamesKept),
  /** For `status`: the status the entries moved to. */
  status: z.string().max(50).optional(),
  /**
   * What the change did, where its kind alone is vague (`activityChangeDetails`). Optional both
   * ways: records written before it lack it and are said as before, and an app from before it
   * ignores it (zod drops unknown keys), so a plain string here, never an enum an older app would
   * refuse a whole record for.
   */
  detail: z.string().max(20).optional(),
});
export type ActivityChange = z.infer<typeof activityChangeSchema>;

export const activityRecordSchema = z.object({
  id: z.string().min(1).max(40),
  /** When the server accepted the last change of the record (ISO 8601). */
  at: z.string().min(1).max(40),
  memberId: z.string().min(1).max(64),
  memberName: z.string().max(200),
  changes: z.array(activityChangeSchema).min(1).max(activityChangeKinds.length + 20),
});
export type ActivityRecord = z.infer<typeof activityRecordSchema>;

/** Records newest first, as the office orders them (ids grow with time on one office). */
export function activityNewestFirst(a: ActivityRecord, b: ActivityRecord): number {
  return b.at.localeCompare(a.at) || Number(b.id) - Number(a.id);
}

/** A member's app asks for the list's last records. */
export const activityRequest = JSON.stringify({ type: 'activity-request' });
export const activityRequestSchema = z.object({ type: z.literal('activity-request') });

/** The server's answer, and each new record: records oldest first. */
export const activityMessageSchema = z.object({ type: z.literal('activity'), records: z.array(activityRecordSchema).max(500) });
export type ActivityMessage = z.infer<typeof activityMessageSchema>;

/** How many records the server sends on a request. */
export const activitySentOnRequest = 100;
