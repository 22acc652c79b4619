/**
 * Retry delays after a lost network: "full jitter" (a random wait between 0 and an exponentially
 * growing cap), so many clients coming back at once do not knock on the directory together.
 */
export interface BackoffSettings {
  baseMs: number;
  capMs: number;
}

export const defaultBackoff: BackoffSettings = { baseMs: 1000, capMs: 60_000 };

/** The wait before retry number `attempt` (0 for the first retry). */
export function fullJitterDelay(attempt: number, settings: BackoffSettings, random: () => number = Math.random): number {
  const ceiling = Math.min(settings.capMs, settings.baseMs * 2 ** Math.min(attempt, 30));
  return Math.floor(random() * ceiling);
}

/** Waits `ms`, or rejects when `signal` aborts. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
