/**
 * A reorder made in the list view, carried into a shared list's document (issue 25). The list view
 * moves an entry by giving its row a new numeric position (and, when the gap is used up, numbers
 * every row afresh), so "which entries moved" is read from the order, not from changed numbers:
 * the entries that keep their order relative to each other (the longest run in the rows' old
 * order) stayed, every other one moved. Only a moved entry's fractional `position` is written,
 * placed after the entry now before it, so a colleague's concurrent move of another entry is kept
 * and two moves of the same entry end with one of them (last writer wins on one field), never a
 * duplicate.
 */
import type * as Y from 'yjs';
import type { ShortlistEntryRow } from '../db/shortlistDb.ts';
import { readListDoc } from './officeListDoc.ts';
import { entriesOf, officeEntryKey } from '../db/listDocShape.ts';
import { positionBetween } from './officePositions.ts';

type RowBase = ReadonlyMap<string, ShortlistEntryRow>;

const keyOf = (row: ShortlistEntryRow) => officeEntryKey(row.directoryOrigin, row.actorId);
const byPosition = (a: ShortlistEntryRow, b: ShortlistEntryRow) => a.position - b.position;

/** Indexes into `ranks` of one longest strictly increasing run (patience sorting, O(n log n)). */
function longestIncreasing(ranks: readonly number[]): Set<number> {
  const tails: number[] = [];
  const previous = new Array<number>(ranks.length).fill(-1);
  for (let index = 0; index < ranks.length; index += 1) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (ranks[tails[middle]] < ranks[index]) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[index] = tails[low - 1];
    tails[low] = index;
  }
  const kept = new Set<number>();
  for (let index = tails.at(-1) ?? -1; index >= 0; index = previous[index]) kept.add(index);
  return kept;
}

/** The entries of `rows` the user moved since `base`, in the rows' new order. */
export function movedEntries(base: RowBase, rows: readonly ShortlistEntryRow[]): { order: string[]; moved: Set<string> } {
  const baseRank = new Map([...base.values()].sort(byPosition).map((row, rank) => [keyOf(row), rank]));
  const order = [...rows].sort(byPosition).map(keyOf).filter((key) => baseRank.has(key));
  const kept = longestIncreasing(order.map((key) => baseRank.get(key)!));
  return { order, moved: new Set(order.filter((_, index) => !kept.has(index))) };
}

/** The position of a live entry of `doc`, or null. */
function positionOf(doc: Y.Doc, key: string): string | null {
  const entry = entriesOf(doc).get(key);
  const position = entry?.get('position');
  return entry && entry.get('deleted') !== true && typeof position === 'string' ? position : null;
}

/** Writes the moved entries' positions into `doc`; returns whether any moved. Call inside a transaction. */
export function writeMoves(doc: Y.Doc, base: RowBase, rows: readonly ShortlistEntryRow[]): boolean {
  const { order, moved } = movedEntries(base, rows);
  if (moved.size === 0) return false;
  for (const [index, key] of order.entries()) {
    if (!moved.has(key)) continue;
    const entry = entriesOf(doc).get(key);
    if (!entry) continue;
    const before = order.slice(0, index).reverse().map((other) => positionOf(doc, other)).find((position) => position !== null) ?? null;
    const afterKey = order.slice(index + 1).find((other) => !moved.has(other) && positionOf(doc, other) !== null) ?? null;
    let after = afterKey === null ? null : positionOf(doc, afterKey);
    if (before !== null && after !== null && before === after) {
      // Two entries share a position (two members moved entries into the same gap at once, the
      // key then orders them): the one after gets a place of its own, so the moved one fits between.
      after = positionBetween(before, nextAfter(doc, before, key));
      entriesOf(doc).get(afterKey!)!.set('position', after);
    }
    entry.set('position', positionBetween(before, before === null || after === null || before < after ? after : nextAfter(doc, before, key)));
  }
  return true;
}

/**
 * The first live position above `position` in `doc` (other than `key`'s own), for when a
 * colleague's move put the neighbours out of order: the entry then goes right after the one the
 * user put it after.
 */
function nextAfter(doc: Y.Doc, position: string, key: string): string | null {
  return readListDoc(doc).entries.find((entry) => entry.key !== key && entry.position > position)?.position ?? null;
}
