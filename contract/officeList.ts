/**
 * The names of a shared shortlist's Yjs document (issue 25), which the office server and the
 * renderer both read: the server checks a reviewer's writes against them, the renderer builds and
 * reads lists with them. Only names and the JSON parts' schemas live here (contract/ imports zod
 * only); each side keeps its own Yjs helpers (server/office/listDocument.ts,
 * renderer/src/sync/officeListDoc.ts).
 *
 * - `entries` (a Y.Map keyed by entry id) holds one Y.Map per entry. Order is the entry's
 *   fractional `position` string, never an index in a Y.Array: moving inside a Y.Array duplicates
 *   the entry when two people move it at once.
 * - An entry's `note` is a Y.Text, so two people typing merge character by character; `rating`,
 *   `status` and `deleted` are plain values (last writer wins per field); `colours` and `tags` are
 *   JSON arrays; `actor` names the profile by directory origin, id and display name only (profile
 *   data and pictures stay in each member's own library).
 * - A delete sets `deleted: true` and keeps the entry, so a colleague's concurrent note survives
 *   and an undo restores it.
 * - `picks` and `comments` are Y.Maps keyed by member id: each member writes only their own key,
 *   which is all a reviewer may change.
 * - `meta` holds the list's own fields (`name`).
 */
import { z } from 'zod';

export const entriesKey = 'entries';
export const metaKey = 'meta';

/** The field names of one entry's Y.Map. */
export const entryFieldNames = ['position', 'note', 'rating', 'colours', 'tags', 'status', 'deleted', 'actor', 'picks', 'comments'] as const;
export type EntryFieldName = (typeof entryFieldNames)[number];

/** The fields of `meta`. */
export const metaFieldNames = ['name'] as const;

/** Who an entry is: the directory (its origin) and the profile id there, with the name to show without it. */
export const officeActorSchema = z.object({
  origin: z.string().min(1).max(2048),
  id: z.number().int().positive(),
  name: z.string().max(500),
});
export type OfficeActor = z.infer<typeof officeActorSchema>;

/**
 * The plain-value (JSON) fields of an entry; `note`, `picks` and `comments` are Yjs types. Where
 * the entry is and who it is cannot be guessed; a field that is missing (a colleague's newer or
 * older app, a change the office holds only in part) reads as a new entry's, so the actor stays on
 * the list rather than vanishing from it for a label.
 */
export const officeEntryValuesSchema = z.object({
  position: z.string().min(1).max(200),
  actor: officeActorSchema,
  rating: z.number().int().min(1).max(5).nullable().default(null),
  colours: z.array(z.string().max(50)).max(50).default([]),
  tags: z.array(z.string().max(200)).max(200).default([]),
  status: z.string().min(1).max(50).default('considering'),
  deleted: z.boolean().default(false),
});
export type OfficeEntryValues = z.infer<typeof officeEntryValuesSchema>;

/** A pick (a member's yes) and a comment, each under the member's id in the entry's maps. */
export const officePickSchema = z.boolean();
export const officeCommentSchema = z.string().max(10_000);

/** The status a new entry starts with. */
export const newEntryStatus = 'new';
