/**
 * What a change did to a shared list, in the terms a casting director reads: the list's entries
 * summarised before and after (contract/officeList.ts's shape), compared field by field, and
 * gathered per member into the changes of one history record ("Lea moved 3 actors to Callback").
 * An entry counts once per kind however often it changed, so a burst of edits (typing a note)
 * becomes one change. Pure: officeActivity.ts decides when and whose.
 */
import * as Y from 'yjs';
import { activityChangeKinds, activityNamesKept, type ActivityChange, type ActivityChangeKind } from '../../contract/officeActivity.ts';
import { metaKey } from '../../contract/officeList.ts';
import { entriesOf, labelsOf } from './listDocument.ts';

/**
 * One entry reduced to what the history compares. The note, labels, picks and comments are kept as
 * a hash, not as text: the server keeps a summary of every entry of every loaded document, and
 * the office's memory per document is measured (`office.memory_per_document_kb`).
 */
export interface EntrySummary {
  name: string;
  position: string;
  status: string;
  rating: string;
  labels: string;
  note: string;
  deleted: boolean;
  picks: string;
  comments: string;
}

/** FNV-1a, 32 bits: enough to tell that a field changed (a collision loses one history line, never data). */
function hashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${text.length}:${(hash >>> 0).toString(36)}`;
}

const json = (value: unknown) => hashOf(JSON.stringify(value instanceof Y.AbstractType ? value.toJSON() : (value ?? null)));

/** The entry's summary, or null when it is not an entry (a colleague's newer app, a malformed write). */
export function summariseEntry(entry: unknown): EntrySummary | null {
  if (!(entry instanceof Y.Map)) return null;
  const actor = entry.get('actor') as { name?: unknown } | undefined;
  return {
    name: typeof actor?.name === 'string' ? actor.name : '',
    position: String(entry.get('position') ?? ''),
    status: String(entry.get('status') ?? ''),
    rating: String(entry.get('rating') ?? null),
    // As sets: a plain array turned into the merging Y.Array with the same labels is no change.
    labels: json([labelsOf(entry, 'colours').sort(), labelsOf(entry, 'tags').sort()]),
    note: hashOf(String(entry.get('note') ?? '')),
    deleted: entry.get('deleted') === true,
    picks: json(entry.get('picks')),
    comments: json(entry.get('comments')),
  };
}

export function listName(doc: Y.Doc): string {
  const name = doc.getMap(metaKey).get('name');
  return typeof name === 'string' ? name : '';
}

/** Every entry's summary by entry key. */
export function summariseEntries(doc: Y.Doc): Map<string, EntrySummary> {
  const summaries = new Map<string, EntrySummary>();
  for (const [key, entry] of entriesOf(doc).entries()) {
    const summary = summariseEntry(entry);
    if (summary) summaries.set(key, summary);
  }
  return summaries;
}

/**
 * The keys of the entries a transaction touched: set or removed in the entries map, or changed
 * anywhere inside (a field, the note's text, a pick).
 */
export function touchedEntryKeys(doc: Y.Doc, transaction: Y.Transaction): Set<string> {
  const entries = entriesOf(doc);
  const keys = new Set<string>();
  for (const key of transaction.changed.get(entries as unknown as Parameters<typeof transaction.changed.get>[0]) ?? []) if (key !== null) keys.add(key);
  for (const type of transaction.changedParentTypes.keys()) {
    const item = type._item;
    if (item && item.parent === entries && typeof item.parentSub === 'string') keys.add(item.parentSub);
  }
  return keys;
}

/** One member's changes gathered so far: per kind (and status moved to), the entries by key. */
export class ChangeSet {
  private readonly byKind = new Map<string, { kind: ActivityChangeKind; status?: string; entries: Map<string, string> }>();

  add(kind: ActivityChangeKind, key: string, name: string, status?: string): void {
    const id = status === undefined ? kind : `${kind} ${status}`;
    let group = this.byKind.get(id);
    if (!group) {
      group = { kind, ...(status === undefined ? {} : { status }), entries: new Map() };
      this.byKind.set(id, group);
    }
    group.entries.set(key, name);
  }

  /** Adds every entry of `other`'s kinds (an entry already here counts once). */
  merge(other: ChangeSet): void {
    for (const group of other.byKind.values()) for (const [key, name] of group.entries) this.add(group.kind, key, name, group.status);
  }

  get isEmpty(): boolean {
    return this.byKind.size === 0;
  }

  /** The changes in a fixed order (kinds as the contract lists them), each naming its first entries. */
  toChanges(): ActivityChange[] {
    return [...this.byKind.values()]
      .sort((a, b) => activityChangeKinds.indexOf(a.kind) - activityChangeKinds.indexOf(b.kind) || (a.status ?? '').localeCompare(b.status ?? ''))
      .map((group) => ({
        kind: group.kind,
        count: group.entries.size,
        names: [...group.entries.values()].slice(0, activityNamesKept),
        ...(group.status === undefined ? {} : { status: group.status }),
      }));
  }
}

/** What happened to one entry between two summaries, added to `changes`. */
export function diffEntry(key: string, before: EntrySummary | undefined, after: EntrySummary | undefined, changes: ChangeSet): void {
  if (!after) return;
  const wasLive = before !== undefined && !before.deleted;
  if (!wasLive) {
    if (!after.deleted) changes.add(before ? 'restored' : 'added', key, after.name);
    return;
  }
  if (after.deleted) {
    changes.add('removed', key, after.name);
    return;
  }
  // A status taken away and none put in its place (a change held in part) moved the actor nowhere.
  if (after.status !== before.status && after.status !== '') changes.add('status', key, after.name, after.status);
  if (after.position !== before.position) changes.add('reordered', key, after.name);
  if (after.note !== before.note) changes.add('note', key, after.name);
  if (after.rating !== before.rating) changes.add('rating', key, after.name);
  if (after.labels !== before.labels) changes.add('labels', key, after.name);
  if (after.picks !== before.picks) changes.add('picked', key, after.name);
  if (after.comments !== before.comments) changes.add('commented', key, after.name);
}

/** A change of the list's name: the first name is the list being shared, any later one a rename. */
export function diffName(before: string, after: string, changes: ChangeSet): void {
  if (after === before || after === '') return;
  changes.add(before === '' ? 'shared' : 'renamed', 'meta', after);
}
