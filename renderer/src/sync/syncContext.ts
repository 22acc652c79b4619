/**
 * What the engine's parts share: the library, the bridge, the connection and `call`, which runs a
 * bridge request under the engine's rules (pause, cancel, offline backoff, retries).
 */
import type { BridgeResult } from '../../../contract/bridge-errors.ts';
import type { ContentLocale } from '../../../contract/directory-api.ts';
import type { ConnectionLibrary } from '../db/connectionLibrary.ts';
import type { LibraryDb } from '../db/libraryDb.ts';
import type { SyncBridge } from './types.ts';
import type { ProgressTracker } from './syncProgress.ts';

export interface SyncContext {
  /** The one library (every connection's). */
  db: LibraryDb;
  /** This connection's share of it: what the engine writes and reconciles. */
  library: ConnectionLibrary;
  bridge: SyncBridge;
  connectionId: string;
  perPage: number;
  lookbackSeconds: number;
  staleDetailMs: number;
  /**
   * The content language profile details are asked in (the connection's, read at each request), so
   * the library keeps which language a detail is in; undefined: the back end's choice, unrecorded.
   */
  contentLocale(): ContentLocale | undefined;
  progress: ProgressTracker;
  now(): number;
  nowIso(): string;
  /** Runs a directory request: waits while paused, throws SyncCancelled, backs off while offline. */
  call<T>(request: () => Promise<BridgeResult<T>>): Promise<T>;
}

/** A run id unique enough to tell two runs of one library apart. */
export function newRunId(now: number): string {
  return `${now.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
