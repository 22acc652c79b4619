/**
 * The order casting calls are listed and offered in, and which of them need more than their title
 * to be told apart. A casting director works against deadlines: open calls first, the nearest
 * deadline first; closed ones after, the most recently closed first. Productions often post several
 * calls under near-identical titles ("Tatort Kiel", "Tatort: Kiel"), so those are named with more.
 */
import { foldQuery } from './foldName.ts';
import { boundedDistance } from './editDistance.ts';

export const callSorts = ['deadline', 'name'] as const;
export type CallSort = (typeof callSorts)[number];

export interface SortableCall {
  id: number;
  name: string;
  /** Still takes applications for at least one role (castingCallStatus.ts). */
  open: boolean;
  /**
   * The deadline that matters (the next open role's, else the call's), null when none or hidden:
   * a hidden deadline sorts like none, so a call's place does not give it away.
   */
  deadline: string | null;
}

function time(deadline: string | null): number {
  const parsed = deadline ? Date.parse(deadline) : Number.NaN;
  return Number.isNaN(parsed) ? Number.POSITIVE_INFINITY : parsed;
}

/** Open first, nearest deadline first; then closed, latest deadline first; without deadline last in each. */
function byDeadline(a: SortableCall, b: SortableCall): number {
  if (a.open !== b.open) return a.open ? -1 : 1;
  const [timeA, timeB] = [time(a.deadline), time(b.deadline)];
  if (timeA === timeB) return 0;
  if (timeA === Number.POSITIVE_INFINITY) return 1;
  if (timeB === Number.POSITIVE_INFINITY) return -1;
  return a.open ? timeA - timeB : timeB - timeA;
}

/** The calls in the chosen order; ties by name in the UI language, then by id. */
export function sortCalls<T extends SortableCall>(calls: readonly T[], sort: CallSort, collator: Intl.Collator): T[] {
  return [...calls].sort((a, b) => (sort === 'deadline' ? byDeadline(a, b) : 0) || collator.compare(a.name, b.name) || a.id - b.id);
}

/** Longer titles may differ by this many typed letters and still read as the same. */
const nearBound = 2;
/** Titles shorter than this must match exactly (folded) to be the same: "Mia" and "Max" are not. */
const nearMinLength = 8;

/** The folded title: case, accents, umlauts and punctuation left out. */
function folded(name: string): string {
  return foldQuery(name).replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The ids of calls whose titles are the same or near-identical to another call's. */
export function nearIdenticalCalls(calls: readonly { id: number; name: string }[]): Set<number> {
  const keys = calls.map((call) => ({ id: call.id, key: folded(call.name) }));
  const near = new Set<number>();
  for (let i = 0; i < keys.length; i++) {
    for (let j = i + 1; j < keys.length; j++) {
      const [a, b] = [keys[i]!, keys[j]!];
      const same = a.key === b.key || (Math.min(a.key.length, b.key.length) >= nearMinLength && boundedDistance(a.key, b.key, nearBound, false) <= nearBound);
      if (same) {
        near.add(a.id);
        near.add(b.id);
      }
    }
  }
  return near;
}
