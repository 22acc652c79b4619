/**
 * The sync box's time estimate over a recorded sequence like the walk of 28.11.2026 (issue 22,
 * item 20): 15 list requests in 3 s, then 332 profiles queued and read at about 338 requests a
 * minute, done a minute later. The old estimate said "about 17 min" three seconds in; an estimate
 * must wait for enough observed work and then stay near the real remaining time.
 */
import { expect, it } from 'vitest';
import { ProgressTracker } from '../../../renderer/src/sync/syncProgress.ts';

it('shows no estimate until enough work was observed, then one near the real remaining time', () => {
  let now = 0;
  const tracker = new ProgressTracker(() => now);
  const estimates: { at: number; eta: number | null; remaining: number }[] = [];
  // The lists: 15 requests, 200 ms apart, nothing queued yet.
  tracker.update({ state: 'syncing', phase: 'lists' });
  for (let request = 0; request < 15; request++) {
    now += 200;
    tracker.countRequest();
    expect(tracker.get().etaSeconds).toBeNull();
  }
  // The details: 332 queued, one request every 177 ms (about 338 a minute).
  const total = 332;
  const intervalMs = 177;
  tracker.update({ phase: 'details', details: { done: 0, queued: total } });
  for (let done = 1; done <= total; done++) {
    now += intervalMs;
    tracker.update({ details: { done, queued: total - done } });
    tracker.countRequest();
    estimates.push({ at: now, eta: tracker.get().etaSeconds, remaining: ((total - done) * intervalMs) / 1000 });
  }
  // Not before 10 s of observed work.
  expect(estimates.filter((step) => step.at < 10_000).every((step) => step.eta === null)).toBe(true);
  const shown = estimates.filter((step) => step.eta !== null);
  expect(shown.length).toBeGreaterThan(200);
  // Every estimate shown is within 30 s (or a third) of the real remaining time: never "17 min" for one.
  for (const step of shown) expect(Math.abs(step.eta! - step.remaining), `at ${step.at} ms`).toBeLessThanOrEqual(Math.max(30, step.remaining / 3));
});
