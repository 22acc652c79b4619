/**
 * Runs `step` in the page's idle time, one slice per idle period, until it says it is done: work
 * that makes later keystrokes cheaper must never hold back a frame or an input. `step` is asked
 * `stillIdle()` as it goes, true while the idle period has time left. Without requestIdleCallback
 * (a test environment) each slice is a task of a few milliseconds.
 */
export function inIdleSlices(step: (stillIdle: () => boolean) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const run = (stillIdle: () => boolean): void => {
      try {
        if (step(stillIdle)) resolve();
        else schedule();
      } catch (failure) {
        reject(failure);
      }
    };
    const schedule = (): void => {
      if (typeof requestIdleCallback === 'function') {
        requestIdleCallback((deadline) => run(() => deadline.timeRemaining() > reserveMs));
        return;
      }
      setTimeout(() => {
        const end = performance.now() + sliceMs;
        run(() => performance.now() < end);
      }, 0);
    };
    schedule();
  });
}

/** Idle time left to the browser at the end of a slice (for the frame's own work). */
const reserveMs = 1;

/** A slice's length without idle callbacks. */
const sliceMs = 5;
