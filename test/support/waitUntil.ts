/**
 * The one polling loop the tests share: for what neither an event nor `vi.waitFor` /
 * `expect.poll` fits, typically a process's output that must stop being awaited the moment the
 * process exits (vi.waitFor would keep retrying until its timeout). The timeout is a safety net
 * around process starts and the like, never a speed check: keep it generous.
 */

export interface WaitOptions {
  /** What is awaited, for the error message (a function is called only when it fails, e.g. to show the output so far). */
  what: string | (() => string);
  /** How long before giving up; generous, for a loaded 2-core machine. */
  timeoutMs: number;
  /** Fails at once (with this message) when it returns a string, e.g. when the awaited process has exited. */
  giveUpIf?: () => string | undefined;
  /** Pause between probes; default 50 ms. */
  intervalMs?: number;
}

/**
 * Calls `probe` until it returns a truthy value and returns that value; fails when `giveUpIf`
 * says so or after `timeoutMs`.
 */
export async function waitUntil<T>(probe: () => T | Promise<T>, options: WaitOptions): Promise<NonNullable<T>> {
  const deadline = performance.now() + options.timeoutMs;
  const describe = () => (typeof options.what === 'string' ? options.what : options.what());
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    const reason = options.giveUpIf?.();
    if (reason) throw new Error(`${reason} while waiting until ${describe()}`);
    if (performance.now() > deadline) throw new Error(`timed out after ${options.timeoutMs} ms waiting until ${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 50));
  }
}
