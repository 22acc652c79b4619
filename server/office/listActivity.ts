/**
 * What a change did to a shared list, in the terms a casting director reads: the list's entries
 * summarised before and after (contract/officeList.ts's shape), compared field by field, and
 * gathered per member into the changes of one history record ("Lea moved 3 actors to Callback").
 * An entry counts once per kind (and status or detail) however often it changed, so a burst of
 * edits (typing a note) becomes one change; a pick put on and taken back within one record is said
 * as both, each true of a moment. Pure: officeActivity.ts decides when and whose.
 */
import * as Y from 'yjs';
import { activityChangeKinds, activityNamesKept, type ActivityChange, type ActivityChangeKind, type LabelsDetail, type PickDetail } from '../../contract/officeActivity.ts';
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
  colours: string;
  tags: string;
  /** How many tags: up with a change, some were added; down, some removed (see `activityChangeDetails`). */
  tagCount: number;
  note: string;
  deleted: boolean;
  picks: string;
  /** How many members pick the actor: a member's change can only move their own pick, so up is on, down is off. */
  pickCount: number;
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
  const tags = labelsOf(entry, 'tags');
  const picks = entry.get('picks');
  return {
    name: typeof actor?.name === 'string' ? actor.name : '',
    position: String(entry.get('position') ?? ''),
    status: String(entry.get('status') ?? ''),
    rating: String(entry.get('rating') ?? null),
    // As sets: a plain array turned into the merging Y.Array with the same labels is no change.
    colours: json(labelsOf(entry, 'colours').sort()),
    tags: json(tags.sort()),
    tagCount: tags.length,
    note: hashOf(String(entry.get('note') ?? '')),
    deleted: entry.get('deleted') === true,
    picks: json(picks),
    pickCount: picks instanceof Y.Map ? [...picks.values()].filter((pick) => pick === true).length : 0,
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

/** What a change is gathered by besides its kind: the status moved to, or its detail (`activityChangeDetails`). */
interface ChangeQualifier {
  status?: string;
  detail?: string;
}

/** One member's changes gathered so far: per kind and qualifier, the entries by key. */
export class ChangeSet {
  private readonly byKind = new Map<string, { kind: ActivityChangeKind; qualifier: ChangeQualifier; entries: Map<string, string> }>();

  add(kind: ActivityChangeKind, key: string, name: string, qualifier: ChangeQualifier = {}): void {
    const id = `${kind} ${qualifier.status ?? ''} ${qualifier.detail ?? ''}`;
    let group = this.byKind.get(id);
    if (!group) {
      group = { kind, qualifier, entries: new Map() };
      this.byKind.set(id, group);
    }
    group.entries.set(key, name);
  }

  /** Adds every entry of `other`'s kinds (an entry already here counts once per kind and qualifier). */
  merge(other: ChangeSet): void {
    for (const group of other.byKind.values()) for (const [key, name] of group.entries) this.add(group.kind, key, name, group.qualifier);
  }

  get isEmpty(): boolean {
    return this.byKind.size === 0;
  }

  /** The changes in a fixed order (kinds as the contract lists them), each naming its first entries. */
  toChanges(): ActivityChange[] {
    return [...this.byKind.values()]
      .sort(
        (a, b) =>
          activityChangeKinds.indexOf(a.kind) - activityChangeKinds.indexOf(b.kind) ||
          (a.qualifier.status ?? '').localeCompare(b.qualifier.status ?? '') ||
          (a.qualifier.detail ?? '').localeCompare(b.qualifier.detail ?? ''),
      )
      .map((group) => ({
        kind: group.kind,
        count: group.entries.size,
        names: [...group.entries.values()].slice(0, activityNamesKept),
        ...group.qualifier,
      }));
  }
}

function tagsDetail(before: number, after: number): LabelsDetail {
  return after > before ? 'tagsAdded' : after < before ? 'tagsRemoved' : 'tags';
}

/** Picks that changed without their number moving (an editor's write of another key) say no more than today's record. */
function pickQualifier(before: number, after: number): ChangeQualifier {
  const detail: PickDetail | null = after > before ? 'on' : after < before ? 'off' : null;
  return detail ? { detail } : {};
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
  if (after.status !== before.status && after.status !== '') changes.add('status', key, after.name, { status: after.status });
  if (after.position !== before.position) changes.add('reordered', key, after.name);
  if (after.note !== before.note) changes.add('note', key, after.name);
  if (after.rating !== before.rating) changes.add('rating', key, after.name);
  if (after.tags !== before.tags) changes.add('labels', key, after.name, { detail: tagsDetail(before.tagCount, after.tagCount) });
  if (after.colours !== before.colours) changes.add('labels', key, after.name, { detail: 'colours' satisfies LabelsDetail });
  if (after.picks !== before.picks) changes.add('picked', key, after.name, pickQualifier(before.pickCount, after.pickCount));
  if (after.comments !== before.comments) changes.add('commented', key, after.name);
}

/** A change of the list's name: the first name is the list being shared, any later one a rename. */
export function diffName(before: string, after: string, changes: ChangeSet): void {
  if (after === before || after === '') return;
  changes.add(before === '' ? 'shared' : 'renamed', 'meta', after);
}
