/**
 * Bridge results as exceptions inside the sync engine: one place decides which failures mean "the
 * network or the directory is away" (pause, back off, retry) and which end the run.
 */
import type { BridgeErrorCode, BridgeResult } from '../../../contract/bridge-errors.ts';

/** A bridge failure raised in the engine: its code is the bridge's, so it maps to the same i18n text. */
export class SyncCallError extends Error {
  constructor(
    readonly code: BridgeErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'SyncCallError';
  }
}

/** The run was cancelled; never reported as a failure. */
export class SyncCancelled extends Error {
  constructor() {
    super('The sync was cancelled.');
    this.name = 'SyncCancelled';
  }
}

/** The value of an ok result; a failure becomes a SyncCallError with the bridge's code. */
export function unwrap<T>(result: BridgeResult<T>): T {
  if (result.ok) return result.value;
  throw new SyncCallError(result.error.code, result.error.message, result.error.details);
}

/** The network or the directory cannot be reached: state offline, retry with backoff. */
export function isOfflineFailure(error: unknown): boolean {
  return error instanceof SyncCallError && (error.code === 'network' || error.code === 'timeout');
}

/** The 410 details of a gone profile: merged into newId, or deleted. */
export function goneStatus(error: unknown): { reason: 'merged'; newId: number } | { reason: 'deleted' } | null {
  if (!(error instanceof SyncCallError) || error.code !== 'gone') return null;
  const newId = error.details?.newId;
  if (error.details?.status === 'merged' && typeof newId === 'number') return { reason: 'merged', newId };
  return { reason: 'deleted' };
}
