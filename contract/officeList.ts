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
 *   `status` and `deleted` are plain values (last writer wins per field); `actor` names the profile
 *   by directory origin, id and display name only (profile data and pictures stay in each member's
 *   own library).
 * - `colours` and `tags` (`labelSetFieldNames`) are sets that merge: a `Y.Array<string>` each.
 *   Adding a label appends it (unless the array holds it already); removing one deletes every
 *   occurrence the remover's copy holds; readers take each label once, in the order first seen
 *   (two members adding the same label at once leave it twice in the array). So two members'
 *   concurrent adds both stay, and a removal concurrent with an add of another label keeps that
 *   label. The same label removed by one member while another adds it again wins for the add: the
 *   removal deletes only the occurrences it saw, never the new one. Documents written before hold
 *   a plain JSON array here (stored by members' apps and by the office), and every reader takes
 *   both; the first edit of such a field replaces it with the Y.Array (its labels with the change).
 *   Two members converting the same entry's field at the very same moment end with one member's
 *   array (the map's last writer), once per field: the rare price of keeping old documents as
 *   they are.
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

/** The entry fields that are label sets (a Y.Array<string> each, or a plain array in a document written before). */
export const labelSetFieldNames = ['colours', 'tags'] as const;
export type LabelSetFieldName = (typeof labelSetFieldNames)[number];

/**
 * A label set as read, from its items (a Y.Array's, or a plain array's): each label once in the
 * order first seen, at most `count`. A label that does not fit (not a string, too long) is left
 * out, never the entry: merged sets can hold what no single app wrote (two members' labels
 * together), and an actor must not vanish from the list for a label.
 */
function labelSetSchema(length: number, count: number) {
  return z
    .unknown()
    .transform((items) => [...new Set((Array.isArray(items) ? items : []).filter((label): label is string => typeof label === 'string' && label.length <= length))].slice(0, count));
}
export const officeColoursSchema = labelSetSchema(50, 50);
/**
 * The most tags an entry holds, and the longest: more than one app lets a user type, since a set
 * holds every member's tags together. What an entry can hold, a backup of it must read back.
 */
export const entryTagsHeld = { count: 200, length: 200 } as const;
export const officeTagsSchema = labelSetSchema(entryTagsHeld.length, entryTagsHeld.count);

/**
 * The plain-value fields of an entry, with the label sets given as their items; `note`, `picks`
 * and `comments` are Yjs types. Where the entry is and who it is cannot be guessed; a field that is
 * missing (a colleague's newer or older app, a change the office holds only in part) reads as a
 * new entry's, so the actor stays on the list rather than vanishing from it for a label.
 */
export const officeEntryValuesSchema = z.object({
  position: z.string().min(1).max(200),
  actor: officeActorSchema,
  rating: z.number().int().min(1).max(5).nullable().default(null),
  colours: officeColoursSchema,
  tags: officeTagsSchema,
  status: z.string().min(1).max(50).default('considering'),
  deleted: z.boolean().default(false),
});
export type OfficeEntryValues = z.infer<typeof officeEntryValuesSchema>;

/** A pick (a member's yes) and a comment, each under the member's id in the entry's maps. */
export const officePickSchema = z.boolean();
export const officeCommentSchema = z.string().max(10_000);

/** The status a new entry starts with. */
export const newEntryStatus = 'new';
