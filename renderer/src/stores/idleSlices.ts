/**
 * Runs `step` in the page's idle time, one slice per idle period, until it says it is done: work
 * that makes later keystrokes cheaper must never hold back a frame or an input. `step` is asked
 * `stillIdle()` as it goes, true while the idle period has time left and the slice is short.
 * Without requestIdleCallback (a test environment) each slice is a task of a few milliseconds.
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
        requestIdleCallback((deadline) => {
          // An idle period can last 50 ms; a key pressed meanwhile waits for the slice to end.
          const end = performance.now() + sliceMs;
          run(() => deadline.timeRemaining() > reserveMs && performance.now() < end);
        });
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

/** A slice's longest run. */
const sliceMs = 5;
