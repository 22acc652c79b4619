/**
 * The sync engine's types, apart from the modules that implement it: the engine's options and
 * results (syncEngine.ts is their facade and re-exports them for its callers) and the kept-media
 * counts the progress carries. Modules of sync/ take these from here, never through the facade,
 * so sync/ has no import circle.
 */
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import type { ActorDetail, ContentLocale, CrewDetail } from '../../../contract/directory-api.ts';
import type { LibraryDb, ProfileKind } from '../db/libraryDb.ts';

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

/** Why kept files wait: the picture host cannot be reached, it fails (5xx) for now, or the disk is full. */
export type MediaWaitReason = 'unreachable' | 'server_error' | 'interrupted' | 'storage_full';

/**
 * One pass's outcome. Every wanted file is in exactly one of saved, waiting, pending, overCap,
 * tooLarge, notImage and failed.
 */
export interface KeptMediaCounts {
  /** Kept profiles whose full profile is saved (their files are counted). */
  profiles: number;
  /** Files of kept profiles the app shows. */
  wanted: number;
  /** Of those, what fits the cache's cap: what this pass keeps (saved) or tries to. */
  planned: number;
  /** Stored on disk and kept (the back end's index says so). */
  saved: number;
  /** Tried in this pass and missing for a reason that may pass: retried with backoff. */
  waiting: number;
  /** Planned but not tried yet in this pass (it stopped early or is still going). */
  pending: number;
  /** Not kept because they would take the kept files past the cache's cap. */
  overCap: number;
  /** Refused: larger than the limit for one file. */
  tooLarge: number;
  /** Refused: not a picture or showreel the app shows. */
  notImage: number;
  /** Could not be downloaded for good (gone from the host, refused, not a usable address). */
  failed: number;
  /** Why `waiting` files wait; null when none does. */
  reason: MediaWaitReason | null;
  /** The cache's cap the pass planned against; null when the back end did not say. */
  capBytes: number | null;
}
