/**
 * What the sync engine reports to the sync store: state, phase, counts, rate and ETA. The tracker
 * keeps the figures and tells listeners on every change; rate and ETA come from the detail
 * requests finished in the last minutes, so they follow the rate budget rather than a guess.
 */
import type { KeptMediaCounts } from './mediaKeeping.ts';

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
    this.current.etaSeconds = this.current.ratePerMinute > 0 ? Math.round((this.current.details.queued / this.current.ratePerMinute) * 60) : null;
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
