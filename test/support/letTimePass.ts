/**
 * Lets time pass on purpose, where the time passing is the scenario under test: a user who
 * reloads 200 ms after the last keystroke, a client that honours a real server's Retry-After.
 * Never a way to wait for the app: that is `waitUntil`, `vi.waitFor` or `expect.poll` on
 * something observable. Lint refuses every other sleep in test/ (eslint.config.js), so each
 * deliberate pause is a call to this function with its reason beside it.
 */
export async function letTimePass(ms: number, _scenario: string): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}
