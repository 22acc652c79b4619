/**
 * The "could not read" list of one synced resource: list items the directory sent that did not
 * match the API. The sync stores the other items of their page and goes on; these are kept with the
 * resource's sync state (written in the same transaction as their page), shown in Settings, and
 * asked for again by the next sync until they read or the directory no longer has them.
 */
import type { RejectedListItem } from '../../../contract/bridge.ts';

export interface UnreadableItem {
  /** The item's id when it had a readable one; without it the next list run is the retry. */
  id: number | null;
  /** The page it came on and the JSON path of the bad field on that page (`$[3].gender_new`). */
  page: number;
  path: string;
  reason: string;
  /** When a sync last found it unreadable (ISO). */
  seenAt: string;
}

/** More would only repeat one cause; the oldest go first. */
export const maxUnreadableItems = 500;

/** The items of a page as the list keeps them. */
export function unreadableFromPage(rejected: readonly RejectedListItem[] | undefined, page: number, nowIso: string): UnreadableItem[] {
  return (rejected ?? []).map(({ id, path, reason }) => ({ id, page, path, reason, seenAt: nowIso }));
}

const keyOf = (item: UnreadableItem) => (item.id === null ? `page ${item.page} ${item.path}` : `id ${item.id}`);

/**
 * The list after a page: items read fine now leave it (`readIds`), items unreadable now join or
 * replace their earlier entry.
 */
export function mergeUnreadable(before: readonly UnreadableItem[] | undefined, readIds: Iterable<number>, now: readonly UnreadableItem[]): UnreadableItem[] {
  const read = new Set(readIds);
  const merged = new Map<string, UnreadableItem>();
  for (const item of before ?? []) if (item.id === null || !read.has(item.id)) merged.set(keyOf(item), item);
  for (const item of now) {
    merged.delete(keyOf(item));
    merged.set(keyOf(item), item);
  }
  return [...merged.values()].slice(-maxUnreadableItems);
}
