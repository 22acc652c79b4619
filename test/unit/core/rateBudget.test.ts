/**
 * The rate budget's arithmetic on a manual clock: assumed spacing before headers, the remaining
 * budget as the cap on starts, waiting for the reset, Retry-After, priorities, the interactive
 * slot, cancellation, stale and out-of-order reports, and the stats a sync UI reads.
 */
import { describe, expect, it } from 'vitest';
import { RateBudget, type BudgetClock, type BudgetPermit, type RequestPriority } from '../../../electron/core/directory/rateBudget.ts';

class ManualClock implements BudgetClock {
  private time = Date.UTC(2026, 5, 15, 12, 0, 0);
  private timers: { at: number; callback: () => void; id: number }[] = [];
  private nextId = 0;

  now(): number {
    return this.time;
  }

  setTimer(callback: () => void, delayMs: number): () => void {
    const id = this.nextId++;
    this.timers.push({ at: this.time + delayMs, callback, id });
    return () => {
      this.timers = this.timers.filter((timer) => timer.id !== id);
    };
  }

  /** Moves time forward, firing due timers in order and letting promises settle between them. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      await flush();
      const due = this.timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.time = Math.max(this.time, due.at);
      due.callback();
    }
    this.time = end;
    await flush();
  }
}

async function flush(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

/** Headers as the directory sends them; `resetInS` seconds from the clock's now. */
function rateHeaders(clock: ManualClock, limit: number, remaining: number, resetInS: number, extra: Record<string, string> = {}): Headers {
  return new Headers({
    'Ratelimit-Limit': String(limit),
    'Ratelimit-Remaining': String(remaining),
    'Ratelimit-Reset': String(Math.ceil((clock.now() + resetInS * 1000) / 1000)),
    Date: new Date(clock.now()).toUTCString(),
    ...extra,
  });
}

/** Acquires `count` permits and records which have been granted. */
function request(budget: RateBudget, count: number, priority: RequestPriority = 'background', signal?: AbortSignal) {
  const granted: BudgetPermit[] = [];
  const promises = Array.from({ length: count }, () =>
    budget.acquire({ priority, signal }).then((permit) => {
      granted.push(permit);
      return permit;
    }),
  );
  return { granted, promises };
}

describe('before any rate header', () => {
  it('assumes 300 per 300 s and spaces starts one second apart', async () => {
    const clock = new ManualClock();
    const budget = new RateBudget({ clock, maxInFlight: 10 });
    const { granted } = request(budget, 3);
    await clock.advance(0);
    expect(granted).toHaveLength(1);
    await clock.advance(999);
    expect(granted).toHaveLength(1);
    await clock.advance(1);
    expect(granted).toHaveLength(2);
    await clock.advance(1000);
    expect(granted).toHaveLength(3);
    expect(budget.stats()).toMatchObject({ headersSeen: false, limit: 300, used: 3, remaining: 297, inFlight: 3 });
  });

  it('never starts more than the assumed budget in its window', async () => {
    const clock = new ManualClock();
    const budget = new RateBudget({ clock, assumedLimit: 3, assumedWindowMs: 3_000, maxInFlight: 10, marginMs: 0 });
    const { granted } = request(budget, 5);
    await clock.advance(2_999);
    expect(granted).toHaveLength(3);
    await clock.advance(1); // a new assumed window
    expect(granted).toHaveLength(4);
    await clock.advance(999);
    expect(granted).toHaveLength(4);
    await clock.advance(1);
    expect(granted).toHaveLength(5);
  });
});

describe('a server that meters nothing', () => {
  async function settleWithoutHeaders(budget: RateBudget, clock: ManualClock, count: number): Promise<void> {
    for (let i = 0; i < count; i += 1) {
      const { promises } = request(budget, 1);
      await clock.advance(1000);
      (await promises[0]).settle({ headers: new Headers(), status: 200 });
    }
  }

  it('is taken at its word after three answers without rate headers: only maxInFlight bounds starts', async () => {
    const clock = new ManualClock();
    const budget = new RateBudget({ clock, maxInFlight: 4 });
    await settleWithoutHeaders(budget, clock, 3);
    const { granted } = request(budget, 10, 'interactive');
    await clock.advance(0);
    expect(granted).toHaveLength(4);
    granted.forEach((permit) => permit.settle({ headers: new Headers(), status: 200 }));
    await clock.advance(0);
    expect(granted).toHaveLength(8);
  });

  it('goes back to the assumed budget for good after a 429', async () => {
    const clock = new ManualClock();
    const budget = new RateBudget({ clock, maxInFlight: 4 });
    await settleWithoutHeaders(budget, clock, 3);
    const first = request(budget, 1, 'interactive');
    await clock.advance(0);
    (await first.promises[0]).settle({ headers: new Headers({ 'Retry-After': '5' }), status: 429 });
    const { granted } = request(budget, 3, 'interactive');
    await clock.advance(4_999);
    expect(granted).toHaveLength(0);
    // After Retry-After, starts are spaced again (unmetered they would all start at once).
    await clock.advance(1_001);
    expect(granted).toHaveLength(1);
    expect(budget.stats().rateLimitedAnswers).toBe(1);
  });
});

describe('a server that starts metering', () => {
  it('follows the rate headers from the first answer that carries them, and draws no 429', async () => {
    const clock = new ManualClock();
    const budget = new RateBudget({ clock, maxInFlight: 4, marginMs: 0 });
    for (let i = 0; i < 3; i += 1) {
      const { promises } = request(budget, 1);
      await clock.advance(1000);
      (await promises[0]).settle({ headers: new Headers(), status: 200 });
    }
    // The directory restarts with a limit of 6 per 10 s: the first answer says 5 are left.
    const { granted } = request(budget, 12);
    await clock.advance(0);
    expect(granted).toHaveLength(3); // unmetered still: maxInFlight less the interactive slot
    granted[0]!.settle({ headers: rateHeaders(clock, 6, 3, 10), status: 200 });
    await clock.advance(0);
    // 3 left by the server's count, 2 of them already in flight: one more may start, no more.
    expect(granted).toHaveLength(4);
    for (const permit of granted.slice(1)) permit.settle({ headers: rateHeaders(clock, 6, 0, 10), status: 200 });
    await clock.advance(9_999);
    expect(granted).toHaveLength(4);
    await clock.advance(1);
    expect(granted.length).toBeGreaterThan(4);
    expect(budget.stats()).toMatchObject({ headersSeen: true, limit: 6, rateLimitedAnswers: 0 });
  });
});

describe('following Ratelimit headers', () => {
  it('starts what the window has left at once, then waits for the reset', async () => {
    const clock = new ManualClock();
    const budget = new RateBudget({ clock, maxInFlight: 100, marginMs: 100 });
    const { granted } = request(budget, 30);
    await clock.advance(0);
    expect(granted).toHaveLength(1);
    granted[0]!.settle({ headers: rateHeaders(clock, 20, 19, 10), status: 200 });
    await clock.advance(0);
    expect(granted).toHaveLength(20);
    expect(budget.stats()).toMatchObject({ headersSeen: true, limit: 20, remaining: 0, used: 20, inFlight: 19 });
    for (const permit of granted.slice(1)) permit.settle({ headers: rateHeaders(clock, 20, 0, 10), status: 200 });
    await clock.advance(9_999);
    expect(granted).toHaveLength(20);
    await clock.advance(101);
    expect(granted).toHaveLength(30);
  });

  it('counts requests still in flight against the remaining budget', async () => {
    const clock = new ManualClock();
    const budget = new RateBudget({ clock, maxInFlight: 100 });
    const { granted } = request(budget, 10);
    await clock.advance(0);
    granted[0]!.settle({ headers: rateHeaders(clock, 100, 4, 60), status: 200 });
    await clock.advance(0);
    expect(granted).toHaveLength(5);
    // The server had counted only one of our four: it says 3 left, but three more are in flight.
    granted[1]!.settle({ headers: rateHeaders(clock, 100, 3, 60), status: 200 });
    await clock.advance(0);
    expect(granted).toHaveLength(5);
    expect(budget.stats().remaining).toBe(0);
  });

  it('takes the lower figure when answers of one window arrive out of order', async () => {
    const clock = new ManualClock();
    const budget = new RateBudget({ clock, maxInFlight: 2 });
    const { granted } = request(budget, 6, 'interactive');
    await clock.advance(0);
    granted[0]!.settle({ headers: rateHeaders(clock, 10, 9, 60), status: 200 });
    await clock.advance(0);
    expect(granted).toHaveLength(3);
    granted[2]!.settle({ headers: rateHeaders(clock, 10, 4, 60), status: 200 }); // the later, lower count
    granted[1]!.settle({ headers: rateHeaders(clock, 10, 8, 60), status: 200 }); // an earlier, higher one
    await clock.advance(0);
    expect(budget.stats().used).toBeGreaterThanOrEqual(10 - 4);
  });

  it('ignores late answers from a window it has already left', async () => {
    const clock = new ManualClock();
    const budget = new RateBudget({ clock, maxInFlight: 100, marginMs: 0 });
    const { granted } = request(budget, 4, 'interactive');
    await clock.advance(0);
    const oldHeaders = rateHeaders(clock, 2, 1, 1);
    granted[0]!.settle({ headers: oldHeaders, status: 200 });
    await clock.advance(0);
    expect(granted).toHaveLength(2);
    await clock.advance(1_000);
    expect(granted).toHaveLength(3); // new window: 2 - 1 still in flight
    // The new window has one left, but granted[1] is still in flight and may be counted in it.
    granted[2]!.settle({ headers: rateHeaders(clock, 2, 1, 1), status: 200 });
    granted[1]!.settle({ headers: oldHeaders, status: 200 }); // "1 left" of the old window must not count
    await clock.advance(0);
    expect(budget.stats()).toMatchObject({ remaining: 0, inFlight: 0 });
    expect(granted).toHaveLength(3);
    await clock.advance(1_000);
    expect(granted).toHaveLength(4);
  });

  it('reads a reset given as seconds from now', async () => {
    const clock = new ManualClock();
    const budget = new RateBudget({ clock, marginMs: 0 });
    const { granted } = request(budget, 2, 'interactive');
    await clock.advance(0);
    granted[0]!.settle({ headers: new Headers({ 'Ratelimit-Limit': '1', 'Ratelimit-Remaining': '0', 'Ratelimit-Reset': '5' }), status: 200 });
    await clock.advance(4_999);
    expect(granted).toHaveLength(1);
    await clock.advance(1);
    expect(granted).toHaveLength(2);
  });

  it('waits a whole observed window when answers stop carrying headers and the budget is spent', async () => {
    const clock = new ManualClock();
    const budget = new RateBudget({ clock, marginMs: 0 });
    const { granted } = request(budget, 3, 'interactive');
    await clock.advance(0);
    granted[0]!.settle({ headers: rateHeaders(clock, 2, 1, 10), status: 200 });
    await clock.advance(0);
    expect(granted).toHaveLength(2);
    await clock.advance(10_000); // the window ends; one request starts in the new one
    expect(granted).toHaveLength(3);
  });
});

describe('Retry-After', () => {
  it('holds every start until it has passed', async () => {
    const clock = new ManualClock();
    const budget = new RateBudget({ clock, maxInFlight: 10, marginMs: 0 });
    const first = request(budget, 1, 'interactive');
    await clock.advance(0);
    first.granted[0]!.settle({ headers: rateHeaders(clock, 20, 0, 7, { 'Retry-After': '7' }), status: 429 });
    const later = request(budget, 2, 'interactive');
    await clock.advance(6_999);
    expect(later.granted).toHaveLength(0);
    expect(budget.stats().blockedUntil).toBe(clock.now() + 1);
    await clock.advance(1);
    expect(later.granted).toHaveLength(2);
  });

  it('waits a penalty after a 429 that names no wait at all', async () => {
    const clock = new ManualClock();
    const budget = new RateBudget({ clock, penaltyMs: 2_000, marginMs: 0 });
    const first = request(budget, 1, 'interactive');
    await clock.advance(0);
    first.granted[0]!.settle({ headers: new Headers(), status: 429 });
    const later = request(budget, 1, 'interactive');
    await clock.advance(1_999);
    expect(later.granted).toHaveLength(0);
    await clock.advance(1);
    expect(later.granted).toHaveLength(1);
  });

  it('counts the 429 answers it settled, and nothing else', async () => {
    const clock = new ManualClock();
    const budget = new RateBudget({ clock, penaltyMs: 10, marginMs: 0 });
    const teacher = request(budget, 1, 'interactive');
    await clock.advance(0);
    teacher.granted[0]!.settle({ headers: rateHeaders(clock, 20, 10, 60), status: 200 });
    const first = request(budget, 3, 'interactive');
    await clock.advance(0);
    first.granted[0]!.settle({ headers: new Headers(), status: 429 });
    first.granted[1]!.settle({ headers: rateHeaders(clock, 20, 8, 60), status: 200 });
    expect(budget.stats().rateLimitedAnswers).toBe(1);
    first.granted[2]!.settle({ headers: rateHeaders(clock, 20, 0, 60, { 'Retry-After': '1' }), status: 429 });
    // A permit settles once: a second report of the same answer is not counted again.
    first.granted[2]!.settle({ headers: new Headers(), status: 429 });
    expect(budget.stats().rateLimitedAnswers).toBe(2);
  });

  it('also holds after a 503 with Retry-After', async () => {
    const clock = new ManualClock();
    const budget = new RateBudget({ clock });
    const first = request(budget, 1, 'interactive');
    await clock.advance(0);
    first.granted[0]!.settle({ headers: rateHeaders(clock, 20, 19, 60, { 'Retry-After': '3' }), status: 503 });
    const later = request(budget, 1, 'interactive');
    await clock.advance(2_999);
    expect(later.granted).toHaveLength(0);
    await clock.advance(1);
    expect(later.granted).toHaveLength(1);
  });
});

describe('priorities', () => {
  it('starts the best waiting priority first, in arrival order within one', async () => {
    const clock = new ManualClock();
    const budget = new RateBudget({ clock, maxInFlight: 1 });
    const order: string[] = [];
    const track = (label: string, priority: RequestPriority) =>
      budget.acquire({ priority }).then((permit) => {
        order.push(label);
        permit.settle({ headers: rateHeaders(clock, 100, 98, 60), status: 200 });
      });
    const blocker = await budget.acquire();
    const all = [
      track('background-1', 'background'),
      track('keep_offline', 'keep_offline'),
      track('background-2', 'background'),
      track('shortlist', 'shortlist'),
      track('interactive', 'interactive'),
    ];
    expect(budget.stats().waiting).toEqual({ interactive: 1, shortlist: 1, keep_offline: 1, background: 2 });
    blocker.settle({ headers: rateHeaders(clock, 100, 99, 60), status: 200 });
    await Promise.all(all);
    expect(order).toEqual(['interactive', 'shortlist', 'keep_offline', 'background-1', 'background-2']);
  });

  it('keeps the last in-flight slot for interactive requests', async () => {
    const clock = new ManualClock();
    const budget = new RateBudget({ clock, maxInFlight: 3 });
    const first = request(budget, 1, 'interactive');
    await clock.advance(0);
    first.granted[0]!.settle({ headers: rateHeaders(clock, 100, 99, 60), status: 200 });
    const sync = request(budget, 5, 'background');
    await clock.advance(0);
    expect(sync.granted).toHaveLength(2);
    const user = request(budget, 1, 'interactive');
    await clock.advance(0);
    expect(user.granted).toHaveLength(1);
    expect(budget.stats()).toMatchObject({ inFlight: 3, waiting: { background: 3 } });
  });
});

describe('cancellation', () => {
  it('an aborted waiting request leaves the queue and rejects with the abort reason', async () => {
    const clock = new ManualClock();
    const budget = new RateBudget({ clock, maxInFlight: 1 });
    const blocker = await budget.acquire();
    const controller = new AbortController();
    const waiting = budget.acquire({ priority: 'background', signal: controller.signal });
    const other = request(budget, 1, 'background');
    expect(budget.stats().waiting.background).toBe(2);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(budget.stats().waiting.background).toBe(1);
    blocker.settle({ headers: rateHeaders(clock, 10, 9, 60), status: 200 });
    await clock.advance(0);
    expect(other.granted).toHaveLength(1);
  });

  it('an already aborted signal is refused at once', async () => {
    const budget = new RateBudget({ clock: new ManualClock() });
    await expect(budget.acquire({ signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect(budget.stats().inFlight).toBe(0);
  });

  it('settling a permit twice counts once', async () => {
    const budget = new RateBudget({ clock: new ManualClock() });
    const permit = await budget.acquire();
    permit.settle();
    permit.settle();
    expect(budget.stats().inFlight).toBe(0);
  });
});

describe('stats', () => {
  it('reports the window the server described', async () => {
    const clock = new ManualClock();
    const budget = new RateBudget({ clock });
    const permit = await budget.acquire();
    const headers = rateHeaders(clock, 300, 120, 42);
    permit.settle({ headers, status: 200 });
    expect(budget.stats()).toEqual({
      headersSeen: true,
      limit: 300,
      used: 180,
      remaining: 120,
      inFlight: 0,
      waiting: { interactive: 0, shortlist: 0, keep_offline: 0, background: 0 },
      resetAt: Number(headers.get('Ratelimit-Reset')) * 1000,
      blockedUntil: null,
      rateLimitedAnswers: 0,
    });
  });
});
