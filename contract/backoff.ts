/**
 * The one backoff of the app, used by the back end's directory requests, the renderer's wait for a
 * lost network, the media keeper's retries of missing pictures, the restarts of the demo
 * directory and the shortlists' second try of a failed keystroke write: "full jitter" (a random delay between 0 and base·2^attempt, capped), so many clients
 * retrying after the same failure spread out instead of returning together. It lives in contract/
 * because it is the only folder both halves may import; it needs nothing but timers.
 */

export interface BackoffOptions {
  baseMs?: number;
  capMs?: number;
  /** A number in [0, 1); tests pass a fixed one. */
  random?: () => number;
}

/**
 * The longest wait before retry number `attempt + 1` (attempt 0 is the first retry): base·2^attempt,
 * capped. Alone it is the wait of a retry nobody else makes at the same time (restarting our own
 * demo directory, writing a failed keystroke again), where jitter would only risk an immediate retry.
 */
export function backoffCeilingMs(attempt: number, options: Omit<BackoffOptions, 'random'> = {}): number {
  const { baseMs = 500, capMs = 30_000 } = options;
  return Math.min(capMs, baseMs * 2 ** Math.min(attempt, 30));
}

/** The delay before retry number `attempt + 1` (attempt 0 is the first retry). */
export function fullJitterDelayMs(attempt: number, options: BackoffOptions = {}): number {
  return Math.floor((options.random ?? Math.random)() * backoffCeilingMs(attempt, options));
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
