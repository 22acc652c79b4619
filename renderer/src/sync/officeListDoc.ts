/**
 * The renderer's Yjs helpers for a shared shortlist, in the shape contract/officeList.ts defines
 * (the office server checks writes against the same names). "Share with the office" writes a
 * personal list into a document here; reading a document back gives what the list shows and what
 * "Stop sharing" keeps as a personal copy. An entry's key is its actor (directory origin and
 * profile id), as a personal list holds an actor once: two members adding the same actor meet in
 * one entry instead of two.
 */
import * as Y from 'yjs';
import {
  metaKey,
  officeCommentSchema,
  officeEntryValuesSchema,
  officePickSchema,
  type OfficeEntryValues,
} from '../../../contract/officeList.ts';
import { entriesOf, labelItems, officeEntryKey } from '../db/listDocShape.ts';
import type { ActorSnapshot, ShortlistEntryRow } from '../db/shortlistDb.ts';
import { shortlistColours, shortlistStatuses, type ShortlistColour, type ShortlistStatus } from '../shortlists/shortlistOptions.ts';

/** One entry of a shared list as the app reads it. */
export interface OfficeListEntry extends Omit<OfficeEntryValues, 'deleted'> {
  key: string;
  note: string;
  /** Member id → picked (true) or not. */
  picks: Record<string, boolean>;
  /** Member id → comment. */
  comments: Record<string, string>;
}

/** What a document holds: its name, live entries in list order, and entries that could not be read. */
export interface OfficeListView {
  name: string;
  entries: OfficeListEntry[];
  /** Keys of entries whose fields do not fit the contract: skipped, never blocking the rest. */
  unreadable: string[];
}

function plainMap<T>(value: unknown, schema: { safeParse(input: unknown): { success: boolean; data?: T } }): Record<string, T> {
  const result: Record<string, T> = {};
  if (!(value instanceof Y.Map)) return result;
  for (const [member, item] of value.entries()) {
    const parsed = schema.safeParse(item);
    if (parsed.success) result[member] = parsed.data as T;
  }
  return result;
}

/** The document as the list shows it: live entries by position (key breaking ties). */
export function readListDoc(doc: Y.Doc): OfficeListView {
  const entries: OfficeListEntry[] = [];
  const unreadable: string[] = [];
  for (const [key, entry] of entriesOf(doc).entries()) {
    if (!(entry instanceof Y.Map)) {
      unreadable.push(key);
      continue;
    }
    const values = officeEntryValuesSchema.safeParse({
      ...Object.fromEntries(['position', 'actor', 'rating', 'status', 'deleted'].map((field) => [field, entry.get(field)])),
      colours: labelItems(entry, 'colours'),
      tags: labelItems(entry, 'tags'),
    });
    const note = entry.get('note');
    if (!values.success || !(note instanceof Y.Text)) {
      unreadable.push(key);
      continue;
    }
    if (values.data.deleted) continue;
    const { deleted: _deleted, ...shown } = values.data;
    entries.push({ ...shown, key, note: note.toString(), picks: plainMap(entry.get('picks'), officePickSchema), comments: plainMap(entry.get('comments'), officeCommentSchema) });
  }
  entries.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const name = doc.getMap(metaKey).get('name');
  return { name: typeof name === 'string' ? name : '', entries, unreadable };
}

/** A snapshot with the name only. */
export function nameOnlySnapshot(name: string): ActorSnapshot {
  return { name, actingAgeFrom: null, actingAgeTo: null, age: null, height: null, gender: null, agencies: [], languages: {}, thumbUrl: null, pictureUrl: null, updatedAt: null };
}

/** The snapshot of an actor this member's own library lacks: the office's name, marked so the entry says why nothing else shows. */
export function notInLibrarySnapshot(name: string): ActorSnapshot {
  return { ...nameOnlySnapshot(name), notInLibrary: true };
}

/** A status the personal list knows, or 'considering' for any other (the server's 'new', a newer app's). */
function personalStatus(status: string): ShortlistStatus {
  return (shortlistStatuses as readonly string[]).includes(status) ? (status as ShortlistStatus) : 'considering';
}

/**
 * "Stop sharing": the document's live entries as personal rows of list `shortlistId`, in the
 * document's order. Profiles are never copied through the office, so an entry's snapshot is this
 * member's own: from their library (`own`, by entry key) when it holds the actor, else the one this
 * computer had on the list (`known`, which also keeps `addedAt`), else the name alone, marked
 * `notInLibrary`.
 */
export function personalRowsFromDoc(
  doc: Y.Doc,
  shortlistId: number,
  known: readonly ShortlistEntryRow[],
  at: string,
  own: ReadonlyMap<string, ActorSnapshot> = new Map(),
): ShortlistEntryRow[] {
  const byActor = new Map(known.map((row) => [officeEntryKey(row.directoryOrigin, row.actorId), row]));
  return readListDoc(doc).entries.map((entry, index) => {
    const key = officeEntryKey(entry.actor.origin, entry.actor.id);
    const earlier = byActor.get(key);
    const kept = earlier && !earlier.snapshot.notInLibrary ? earlier.snapshot : undefined;
    return {
      shortlistId,
      directoryOrigin: entry.actor.origin,
      actorId: entry.actor.id,
      position: index + 1,
      note: entry.note,
      rating: entry.rating,
      colours: entry.colours.filter((colour): colour is ShortlistColour => (shortlistColours as readonly string[]).includes(colour)),
      tags: entry.tags,
      status: personalStatus(entry.status),
      addedAt: earlier?.addedAt ?? at,
      updatedAt: at,
      snapshot: own.get(key) ?? kept ?? notInLibrarySnapshot(entry.actor.name),
    };
  });
}
