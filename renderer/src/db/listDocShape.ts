/**
 * How a list is written into its Yjs document (the shape contract/officeList.ts names): the entry
 * key of an actor, an entry with every field, a whole list in its order as fractional positions
 * (sync/officePositions.ts's alphabet). In db/ because the database's own upgrade builds every
 * list's document with it (db/listDocMigration.ts); the renderer's other Yjs helpers are in
 * sync/officeListDoc.ts. Rows are typed by the fields used, so this imports nothing of the
 * database's schema.
 */
import * as Y from 'yjs';
import { entriesKey, metaKey, type LabelSetFieldName } from '../../../contract/officeList.ts';

/** What of a shortlist entry row goes into its document (the snapshot's name only: never a profile). */
export interface DocEntryFields {
  directoryOrigin: string;
  actorId: number;
  position: number;
  note: string;
  rating: number | null;
  colours: readonly string[];
  tags: readonly string[];
  status: string;
  snapshot: { name: string };
}

const digits = '0123456789abcdefghijklmnopqrstuvwxyz';
const base = digits.length;

/** `count` positions in ascending order, evenly spread and short: for a list shared as a whole. */
export function spreadPositions(count: number): string[] {
  let width = 1;
  while (base ** width < (count + 1) * 4) width += 1;
  const step = Math.floor(base ** width / (count + 1));
  return Array.from({ length: count }, (_, index) => ((index + 1) * step).toString(base).padStart(width, '0').replace(/0+$/, ''));
}

export function entriesOf(doc: Y.Doc): Y.Map<Y.Map<unknown>> {
  return doc.getMap<Y.Map<unknown>>(entriesKey);
}

/** The entry key of an actor: one entry per actor in a list, whoever adds it. */
export function officeEntryKey(directoryOrigin: string, actorId: number): string {
  return `${directoryOrigin} ${actorId}`;
}

/** A label set as a new entry holds it: a Y.Array, so members' concurrent adds merge (contract/officeList.ts). */
export function newLabelSet(labels: readonly string[]): Y.Array<string> {
  return Y.Array.from([...new Set(labels)]);
}

/**
 * An entry's label set as stored, for the contract's schemas to read: the Y.Array's items, or the
 * plain array of a document written before label sets merged; undefined when the entry lacks it.
 */
export function labelItems(entry: Y.Map<unknown>, field: LabelSetFieldName): unknown[] | undefined {
  const stored = entry.get(field);
  return stored instanceof Y.Array ? stored.toArray() : Array.isArray(stored) ? stored : undefined;
}

/** Writes one personal entry into the document under its actor's key, every field. */
export function writeEntry(doc: Y.Doc, row: DocEntryFields, position: string): void {
  const entry = new Y.Map<unknown>();
  entriesOf(doc).set(officeEntryKey(row.directoryOrigin, row.actorId), entry);
  entry.set('position', position);
  entry.set('actor', { origin: row.directoryOrigin, id: row.actorId, name: row.snapshot.name });
  entry.set('note', new Y.Text(row.note));
  entry.set('rating', row.rating);
  entry.set('colours', newLabelSet(row.colours));
  entry.set('tags', newLabelSet(row.tags));
  entry.set('status', row.status);
  entry.set('deleted', false);
  entry.set('picks', new Y.Map<boolean>());
  entry.set('comments', new Y.Map<string>());
}

/**
 * "Share with the office": the list's name and its entries (in their order, as fractional
 * positions; note as Y.Text; rating, colours, tags, status) written into `doc` in one transaction.
 * Only what the office shares goes in: the actor's origin, id and name, never the snapshot.
 */
export function writeListIntoDoc(doc: Y.Doc, list: { name: string }, rows: readonly DocEntryFields[]): void {
  const ordered = [...rows].sort((a, b) => a.position - b.position);
  const positions = spreadPositions(ordered.length);
  doc.transact(() => {
    doc.getMap(metaKey).set('name', list.name);
    ordered.forEach((row, index) => writeEntry(doc, row, positions[index]));
  });
}
