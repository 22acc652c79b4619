/**
 * The sync watermark's guards. The watermark is the largest server `updated_at` seen; incremental
 * runs ask for `updated_at[gte]` from it. One item dated in the future (a hostile or broken
 * directory: `9999-12-31T23:59:59Z`) would become the watermark, and every later incremental run
 * would ask from the year 9999, get nothing and still end "complete". So a timestamp counts for
 * the watermark only when it is finite and no later than the directory's own clock (its `Date`
 * header) plus a margin; anything else is an anomaly that makes the next run a full reconcile.
 * A full reconcile is also due every week, for whatever incremental runs miss.
 */
import type { SyncState } from './libraryDb.ts';

/**
 * How far an `updated_at` may lie after the directory's clock: no more than the incremental
 * runs' default lookback (one hour), so a watermark at the ceiling still asks from no later than
 * the directory's "now".
 */
export const watermarkMarginMs = 3600_000;

/** Incremental runs catch changes by their timestamps only; a full reconcile at least this often. */
export const fullReconcileIntervalMs = 7 * 24 * 3600_000;

/**
 * The latest `updated_at` a page may move the watermark to: the directory's `Date` header
 * (`serverTime`) plus the margin, or the local clock's when the directory sent none.
 */
export function watermarkCeiling(serverTime: string | null | undefined, localNowMs: number): number {
  const server = serverTime ? Date.parse(serverTime) : Number.NaN;
  return (Number.isFinite(server) ? server : localNowMs) + watermarkMarginMs;
}

/** Whether `updatedAt` may advance the watermark: a finite time no later than `ceilingMs`. */
export function usableTimestamp(updatedAt: string | null | undefined, ceilingMs: number): updatedAt is string {
  if (!updatedAt) return false;
  const at = Date.parse(updatedAt);
  return Number.isFinite(at) && at <= ceilingMs;
}

/**
 * Whether the next list run of `state` must be a full reconcile: never reconciled, no usable
 * watermark (none, not a time, or later than the local clock allows: stored by an earlier version
 * that took any date), an anomaly since the last reconcile, or the last one a week ago.
 */
export function fullReconcileDue(state: SyncState, localNowMs: number): boolean {
  if (!state.lastFullReconciliationAt || !state.watermark) return true;
  if (!usableTimestamp(state.watermark, localNowMs + fullReconcileIntervalMs)) return true;
  if (state.reconcileDueAt) return true;
  const last = Date.parse(state.lastFullReconciliationAt);
  return !Number.isFinite(last) || localNowMs - last >= fullReconcileIntervalMs;
}
