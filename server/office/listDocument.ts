/**
 * The shape of one shared shortlist as a Yjs document, the single definition both ends follow
 * (issue 25): the server checks a reviewer's writes against it, the renderer's model builds on it.
 *
 * - `entries` (Y.Map keyed by entry id) holds one Y.Map per entry. Order is the entry's fractional
 *   `position` string, never an index in a Y.Array: moving inside a Y.Array duplicates the entry
 *   when two people move it at once.
 * - An entry's `note` is a Y.Text, so two people typing merge character by character; `rating`,
 *   `status` and `deleted` are plain values (last writer wins per field); `colours` and `tags` are
 *   JSON arrays; `actor` names the profile by directory origin, id and display name only.
 * - A delete sets `deleted: true` and keeps the entry, so a colleague's concurrent note survives
 *   and an undo restores it.
 * - `picks` and `comments` are Y.Maps keyed by member id: each member writes only their own key,
 *   which is all a reviewer may change.
 * - `meta` holds the list's own fields (title).
 */
import * as Y from 'yjs';

export const entriesKey = 'entries';
export const metaKey = 'meta';

/** The fields of one entry, each with its Yjs or JSON type. */
export const entryFields = {
  position: 'string',
  note: 'Y.Text',
  rating: 'number | null',
  colours: 'string[]',
  tags: 'string[]',
  status: 'string',
  deleted: 'boolean',
  actor: '{ origin: string; id: number; name: string }',
  picks: 'Y.Map<boolean> keyed by member id',
  comments: 'Y.Map<string> keyed by member id',
} as const;

export type EntryField = keyof typeof entryFields;

export interface NewEntry {
  position: string;
  actor: { origin: string; id: number; name: string };
  note?: string;
  rating?: number | null;
  colours?: string[];
  tags?: string[];
  status?: string;
}

export function entriesOf(doc: Y.Doc): Y.Map<Y.Map<unknown>> {
  return doc.getMap<Y.Map<unknown>>(entriesKey);
}

/** Adds an entry in the document's shape and returns its Y.Map. */
export function addEntry(doc: Y.Doc, entryId: string, entry: NewEntry): Y.Map<unknown> {
  const map = new Y.Map<unknown>();
  doc.transact(() => {
    entriesOf(doc).set(entryId, map);
    map.set('position', entry.position);
    map.set('actor', entry.actor);
    map.set('note', new Y.Text(entry.note ?? ''));
    map.set('rating', entry.rating ?? null);
    map.set('colours', entry.colours ?? []);
    map.set('tags', entry.tags ?? []);
    map.set('status', entry.status ?? 'new');
    map.set('deleted', false);
    map.set('picks', new Y.Map<boolean>());
    map.set('comments', new Y.Map<string>());
  });
  return map;
}

/** The annotation maps (picks, comments) of an entry; undefined when the entry lacks them. */
export function annotationMapsOf(entry: Y.Map<unknown>): { picks?: Y.Map<unknown>; comments?: Y.Map<unknown> } {
  const picks = entry.get('picks');
  const comments = entry.get('comments');
  return { picks: picks instanceof Y.Map ? picks : undefined, comments: comments instanceof Y.Map ? comments : undefined };
}

/** The live entries in list order: by fractional position, entry id breaking ties. */
export function orderedEntryIds(doc: Y.Doc): string[] {
  return [...entriesOf(doc).entries()]
    .filter(([, entry]) => entry.get('deleted') !== true)
    .sort(([idA, a], [idB, b]) => {
      const posA = String(a.get('position'));
      const posB = String(b.get('position'));
      return posA < posB ? -1 : posA > posB ? 1 : idA < idB ? -1 : idA > idB ? 1 : 0;
    })
    .map(([id]) => id);
}
