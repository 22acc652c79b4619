/**
 * The sync engine of one connection's share of the offline library. Lists first (every list field, 1000 per
 * page, each page and its checkpoint in one transaction), then details by priority within the
 * back end's rate budget, then pictures. It resumes from the checkpoint after a crash, a cancel or
 * a lost network; the directory's updated_at, never the client clock, decides what is new.
 * The sync store owns one engine per connection; components never see it.
 */
import type { KeepOfflineScope, ProfileKind } from '../db/libraryDb.ts';
import { SyncRunner } from './syncRunner.ts';
import type { ProgressListener, SyncProgress } from './syncProgress.ts';
import type { SyncEngineOptions, SyncRunOptions, SyncRunOutcome, ViewedProfile } from './types.ts';

export type { SyncProgress, SyncRunState, SyncPhase, ProgressListener } from './syncProgress.ts';
export type { KeepOfflineScope } from '../db/libraryDb.ts';
export type { SyncBridge, SyncEngineOptions, SyncRunOptions, SyncRunOutcome, ViewedProfile } from './types.ts';

export interface SyncEngine {
  /**
   * Runs one sync: lists (incremental, or full on the first run, when asked, or when the cache was
   * evicted), reconciliation, details, pictures. Resolves when done, cancelled or failed; a lost
   * network pauses it in state `offline` and it retries by itself. One run at a time: a second
   * call while one runs returns the running one.
   */
  run(options?: SyncRunOptions): Promise<SyncRunOutcome>;
  /** Stops starting requests; those in flight finish and are written. */
  pause(): void;
  resume(): void;
  /** Ends the run; the checkpoint stays, so the next run continues there. */
  cancel(): void;
  /** The directory answers again (a check said so): a run waiting out the lost network retries now. */
  retryNow(): void;
  /**
   * The user opens a profile: its detail now (priority interactive) and every picture version
   * (high), cached for offline. Serves the cached detail when the directory cannot be reached.
   */
  view(kind: ProfileKind, id: number): Promise<ViewedProfile>;
  /** Keeps a scope's details and pictures offline; remembered across runs and restarts. */
  keepOffline(scope: KeepOfflineScope): Promise<void>;
  /** Stops keeping a scope offline (what is cached stays). */
  dropKeepOffline(scope: KeepOfflineScope): Promise<void>;
  progress(): SyncProgress;
  /** Called on every progress change; returns the unsubscribe function. */
  onProgress(listener: ProgressListener): () => void;
  /** Cancels and releases timers; the db stays open (its owner closes it). */
  dispose(): void;
}

/** The engine of one connection's library. */
export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const runner = new SyncRunner(options);
  return {
    run: (runOptions) => runner.run(runOptions ?? {}),
    pause: () => runner.pause(),
    resume: () => runner.resume(),
    cancel: () => runner.cancel(),
    retryNow: () => runner.retryNow(),
    view: (kind, id) => runner.view(kind, id),
    keepOffline: (scope) => runner.keepOffline(scope),
    dropKeepOffline: (scope) => runner.dropKeepOffline(scope),
    progress: () => runner.progress.get(),
    onProgress: (listener) => runner.progress.subscribe(listener),
    dispose: () => runner.dispose(),
  };
}
