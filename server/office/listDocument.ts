/**
 * The server's Yjs helpers for a shared shortlist. The document's shape (key and field names, the
 * JSON parts' schemas) is defined once in contract/officeList.ts, which the renderer reads too;
 * the server checks a reviewer's writes against it (reviewerUpdate.ts), and the tests and the
 * benchmark build lists with `addEntry`.
 */
import * as Y from 'yjs';
import { entriesKey, newEntryStatus, type LabelSetFieldName, type OfficeActor } from '../../contract/officeList.ts';

export interface NewEntry {
  position: string;
  actor: OfficeActor;
  note?: string;
  rating?: number | null;
  colours?: string[];
  tags?: string[];
  status?: string;
}

export function entriesOf(doc: Y.Doc): Y.Map<Y.Map<unknown>> {
  return doc.getMap<Y.Map<unknown>>(entriesKey);
}

/** Adds an entry in the document's shape (its label sets as merging Y.Arrays) and returns its Y.Map. */
export function addEntry(doc: Y.Doc, entryId: string, entry: NewEntry): Y.Map<unknown> {
  const map = new Y.Map<unknown>();
  doc.transact(() => {
    entriesOf(doc).set(entryId, map);
    map.set('position', entry.position);
    map.set('actor', entry.actor);
    map.set('note', new Y.Text(entry.note ?? ''));
    map.set('rating', entry.rating ?? null);
    map.set('colours', Y.Array.from([...new Set(entry.colours ?? [])]));
    map.set('tags', Y.Array.from([...new Set(entry.tags ?? [])]));
    map.set('status', entry.status ?? newEntryStatus);
    map.set('deleted', false);
    map.set('picks', new Y.Map<boolean>());
    map.set('comments', new Y.Map<string>());
  });
  return map;
}

/**
 * An entry's label set as members see it: each label once, in the order first seen, from the
 * merging Y.Array or from the plain array of a document written before (contract/officeList.ts).
 */
export function labelsOf(entry: Y.Map<unknown>, field: LabelSetFieldName): string[] {
  const stored = entry.get(field);
  const items: unknown[] = stored instanceof Y.Array ? stored.toArray() : Array.isArray(stored) ? stored : [];
  return [...new Set(items.filter((label): label is string => typeof label === 'string'))];
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
