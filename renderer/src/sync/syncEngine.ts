/**
 * The sync engine of one connection's share of the offline library. Lists first (every list field, 1000 per
 * page, each page and its checkpoint in one transaction), then details by priority within the
 * back end's rate budget, then pictures. It resumes from the checkpoint after a crash, a cancel or
 * a lost network; the directory's updated_at, never the client clock, decides what is new.
 * The sync store owns one engine per connection; components never see it.
 */
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import type { ActorDetail, ContentLocale, CrewDetail } from '../../../contract/directory-api.ts';
import type { KeepOfflineScope, LibraryDb, ProfileKind } from '../db/libraryDb.ts';
import { SyncRunner } from './syncRunner.ts';
import type { ProgressListener, SyncProgress } from './syncProgress.ts';

export type { SyncProgress, SyncRunState, SyncPhase, ProgressListener } from './syncProgress.ts';
export type { KeepOfflineScope } from '../db/libraryDb.ts';

/** The bridge channels the engine uses. */
export type SyncBridge = Pick<
  CastdeskBridge,
  | 'listActors'
  | 'getActor'
  | 'listCrew'
  | 'getCrew'
  | 'listCastingCalls'
  | 'getCastingCall'
  | 'prefetchMedia'
  | 'getMediaPresence'
  | 'releaseKeptMedia'
  | 'getMediaCacheStats'
  | 'getRateBudget'
  | 'getSyncMemory'
  | 'setSyncMemory'
>;

export interface SyncEngineOptions {
  /** The one library; the engine writes its connection's share of it. */
  db: LibraryDb;
  bridge: SyncBridge;
  connectionId: string;
  /** The connection's directory (db/directoryOrigin.ts); default: one of its own, unknownOriginOf. */
  origin?: string;
  /**
   * The connection's content language, read at every detail request and named in it; the library
   * records it with the detail (the change history compares only details of one language). Default:
   * none named, the back end asks in the connection's language and the library records none.
   */
  contentLocale?: () => ContentLocale | undefined;
  /** Epoch milliseconds; for timestamps the UI shows and for backoff only, never for what is new. */
  now?: () => number;
  /** Subtracted from the watermark for incremental runs (default 3600 s). */
  lookbackSeconds?: number;
  /** List page size (default 1000, the API's maximum); tests use small pages to cross boundaries. */
  perPage?: number;
  /** Detail requests the engine keeps in flight (default 4; the back end's budget paces them). */
  detailConcurrency?: number;
  /** A cached detail older than this is refreshed in the background (default 7 days). */
  staleDetailMs?: number;
  /**
   * The actors on the user's shortlists (their own database): their details and every picture
   * version are kept, before anything kept offline. Default: none.
   */
  shortlistedActorIds?: () => Promise<number[]>;
  /** Whether runs fetch details and pictures after the lists (default true). */
  details?: boolean;
  media?: boolean;
  /** The user's limit for one showreel file kept offline, read at each pass (default 100 MB; 0: none). */
  showreelMaxBytes?: () => number;
  /** Retrying kept files that wait (default 2 s growing to 30 s, full jitter). */
  mediaRetryBackoff?: { baseMs?: number; capMs?: number };
  /** Backoff after a lost network: full jitter between 0 and min(cap, base·2^attempt). */
  backoff?: { baseMs?: number; capMs?: number };
  /** For tests: the random source of the jitter. */
  random?: () => number;
  /** Waits; tests may pass a faster one. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export interface SyncRunOptions {
  /** A full list run with reconciliation, whatever the state says. */
  full?: boolean;
}

/** How a run ended. */
export type SyncRunOutcome = 'done' | 'cancelled' | 'error';

export interface ViewedProfile {
  kind: ProfileKind;
  id: number;
  detail: ActorDetail | CrewDetail | null;
  /** Set when the profile is gone; `merged` followed to `newId` (whose detail is then `detail`). */
  removed?: { reason: 'deleted' | 'merged' | 'missing'; newId?: number };
  /** Whether `detail` came from the cache because the directory could not be reached. */
  fromCache: boolean;
  /** Set when asking the directory failed and the saved copy stands in: why, and when that copy was fetched. */
  refreshFailed?: { code: string; message: string; copyFrom: string | null };
}

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
