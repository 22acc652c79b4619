/**
 * What the sync engine reports to the sync store: state, phase, counts, rate and ETA. The tracker
 * keeps the figures and tells listeners on every change; rate and ETA come from the detail
 * requests finished in the last minutes, so they follow the rate budget rather than a guess, and
 * the ETA waits until enough requests over enough time were seen.
 */
import type { KeptMediaCounts } from './types.ts';

/** `incomplete`: lists and profiles are synced, but kept files still wait (see `keptMedia`). */
export type SyncRunState = 'idle' | 'syncing' | 'paused' | 'offline' | 'error' | 'done' | 'incomplete';
export type SyncPhase = 'idle' | 'lists' | 'reconcile' | 'details' | 'media';

export interface SyncProgress {
  state: SyncRunState;
  phase: SyncPhase;
  /** Which list is being read now, e.g. 'actors'. */
  resource: string | null;
  list: { done: number; total: number };
  details: { done: number; queued: number };
  media: { done: number; queued: number };
  /** What is kept offline of pictures and showreels, counted on disk; null until a run counted it. */
  keptMedia: KeptMediaCounts | null;
  /** Directory requests finished per minute, over the last five minutes. */
  ratePerMinute: number;
  /** Seconds until the detail queue is empty at the current rate; null when unknown. */
  etaSeconds: number | null;
  online: boolean;
  /** Whether this run is a full one (first sync, asked for, or the cache was evicted). */
  full: boolean;
  lastError: { code: string; message: string } | null;
}

export type ProgressListener = (progress: SyncProgress) => void;

const rateWindowMs = 5 * 60_000;
/**
 * An ETA needs this much observed work first: the first seconds are the lists (a few fast
 * requests), and a rate from them over-states the time by 20 times (the walk of 28.11.2026 saw
 * "less than a minute", then "about 17 min" for a minute of work).
 */
const etaMinRequests = 10;
const etaMinObservedMs = 10_000;

export function initialProgress(): SyncProgress {
  return {
    state: 'idle',
    phase: 'idle',
    resource: null,
    list: { done: 0, total: 0 },
    details: { done: 0, queued: 0 },
    media: { done: 0, queued: 0 },
    keptMedia: null,
    ratePerMinute: 0,
    etaSeconds: null,
    online: true,
    full: false,
    lastError: null,
  };
}

export class ProgressTracker {
  private current = initialProgress();
  private readonly listeners = new Set<ProgressListener>();
  private readonly requestTimes: number[] = [];

  constructor(private readonly clock: () => number) {}

  get(): SyncProgress {
    return structuredClone(this.current);
  }

  update(change: Partial<SyncProgress>): void {
    this.current = { ...this.current, ...change };
    this.emit();
  }

  /** Counts one finished directory request for the rate. */
  countRequest(): void {
    const now = this.clock();
    this.requestTimes.push(now);
    while (this.requestTimes.length > 0 && this.requestTimes[0]! < now - rateWindowMs) this.requestTimes.shift();
    const spanMs = Math.max(60_000, Math.min(rateWindowMs, now - (this.requestTimes[0] ?? now)));
    this.current.ratePerMinute = Math.round((this.requestTimes.length / spanMs) * 60_000 * 10) / 10;
    this.current.etaSeconds = this.eta(now);
  }

  /**
   * Seconds until the detail queue is empty at the rate observed over the window (its average
   * smooths single slow or fast requests), measured over the time really observed rather than a
   * minute at least; null until enough work was observed to base it on.
   */
  private eta(now: number): number | null {
    const first = this.requestTimes[0];
    if (first === undefined || this.requestTimes.length < etaMinRequests || now - first < etaMinObservedMs) return null;
    const perSecond = (this.requestTimes.length - 1) / ((now - first) / 1000);
    return Math.round(this.current.details.queued / perSecond);
  }

  subscribe(listener: ProgressListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(): void {
    const snapshot = this.get();
    for (const listener of this.listeners) listener(snapshot);
  }
}

/** What the sync box's bar shows: `value` done of `max` planned. */
export interface ProgressBar {
  value: number;
  max: number;
}

/**
 * The bar for the phase under way (profiles read from the lists, then details, then pictures): done
 * of what that phase planned. Kept files count as done once settled (saved or refused for good);
 * those left out for the cap were never planned. The bar is full only when nothing is left, so a
 * finished list read never shows 100 % while pictures are still being kept.
 */
export function progressBarOf(progress: SyncProgress): ProgressBar {
  const kept = progress.keptMedia;
  const keptBar = kept ? { value: kept.saved + kept.tooLarge + kept.notImage + kept.failed, max: kept.planned } : null;
  let bar: ProgressBar;
  if (keptBar && (progress.phase === 'media' || progress.state === 'incomplete' || progress.state === 'done')) bar = keptBar;
  else if (progress.phase === 'media') bar = { value: progress.media.done, max: progress.media.done + progress.media.queued };
  else if (progress.phase === 'details') bar = { value: progress.details.done, max: progress.details.done + progress.details.queued };
  else if (progress.state === 'done') bar = { value: 1, max: 1 };
  else bar = { value: progress.list.done, max: progress.list.total };
  const max = Math.max(bar.max, 1);
  const finished = progress.state === 'done' && (!kept || kept.waiting + kept.pending === 0);
  if (finished) return { value: max, max };
  // Work remains: one short of full at most, however close the counts are.
  return { value: Math.min(bar.value, max - 1), max };
}
