/**
 * The request budget of one connection, shared by every call made with its key. The directory
 * limits requests per fixed window (the provider: 300 per 5 minutes); a long sync must never draw
 * a 429, and what the user is looking at must not wait behind it. So every request first asks the
 * budget for a permit, and reports the answer's rate headers when it settles:
 *
 * - Before any `Ratelimit-*` header has been seen, it assumes `assumedLimit` per `assumedWindowMs`
 *   and spaces starts evenly (300 per 300 s: one a second), so the first answer teaches it the
 *   real figures before a second request leaves.
 * - Afterwards it never starts more requests than the window has left (`Ratelimit-Remaining`,
 *   less what is still in flight), and waits for `Ratelimit-Reset` when the window is spent.
 * - `Retry-After` (on 429 or 503) stops every start until it has passed.
 * - Waiting requests start by priority (interactive > shortlist > keep_offline > background), in
 *   arrival order within one priority; the last in-flight slot is kept for interactive requests.
 * - A waiting request leaves the queue when its AbortSignal fires.
 * - A server that answers `unmeteredAfter` times without any rate header and has never refused a
 *   request is taken at its word: it meters nothing (a local or demo directory with its limit
 *   off), and requests are bounded only by `maxInFlight`. A 429 or an answer with rate headers
 *   ends that for good.
 */
import { requestPriorities, type RequestPriority } from '../../../contract/bridge-channels.ts';
import { readRateReport, type HeaderReader } from './rateHeaders.ts';

export { requestPriorities, type RequestPriority } from '../../../contract/bridge-channels.ts';

/** The clock and timer the budget runs on; tests pass a manual one. */
export interface BudgetClock {
  now(): number;
  /** Calls `callback` after `delayMs`; the returned function cancels it. */
  setTimer(callback: () => void, delayMs: number): () => void;
}

export const systemClock: BudgetClock = {
  now: () => Date.now(),
  setTimer(callback, delayMs) {
    const handle = setTimeout(callback, delayMs);
    return () => clearTimeout(handle);
  },
};

export interface RateBudgetOptions {
  /** Budget assumed until the server reports one (default 300 per 300 s, the provider's limit). */
  assumedLimit?: number;
  assumedWindowMs?: number;
  /** Most requests in flight at once, whatever the budget (default 6). */
  maxInFlight?: number;
  /** Waited after a reported reset before counting on the new window (default 250 ms). */
  marginMs?: number;
  /** Wait after a 429 that names no Retry-After and no reset (default 2 s). */
  penaltyMs?: number;
  /** Answers without rate headers after which the server counts as unmetered (default 3). */
  unmeteredAfter?: number;
  clock?: BudgetClock;
}

/** How a permitted request ended; answers carry headers, network failures none. */
export interface PermitOutcome {
  headers?: HeaderReader;
  status?: number;
}

export interface BudgetPermit {
  /** Returns the permit; call exactly once per request (later calls are ignored). */
  settle(outcome?: PermitOutcome): void;
}

export interface AcquireOptions {
  priority?: RequestPriority;
  signal?: AbortSignal;
}

export interface RateBudgetStats {
  /** False while the budget still runs on its assumption. */
  headersSeen: boolean;
  limit: number;
  /** Requests counted against the current window. */
  used: number;
  /** Requests that may still start in the current window. */
  remaining: number;
  inFlight: number;
  waiting: Record<RequestPriority, number>;
  /** Local epoch ms at which the current window ends, when known. */
  resetAt: number | null;
  /** Local epoch ms until which Retry-After holds every request, when it does. */
  blockedUntil: number | null;
  /** Answers 429 settled on this budget since it was created: a polite client keeps this at 0. */
  rateLimitedAnswers: number;
}

interface Waiter {
  resolve(permit: BudgetPermit): void;
  reject(reason: unknown): void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/** Two reports whose resets differ by less than this describe the same window. */
const sameWindowToleranceMs = 1_500;

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

export class RateBudget {
  private readonly clock: BudgetClock;
  private readonly assumedWindowMs: number;
  private readonly spacingMs: number;
  private readonly maxInFlight: number;
  private readonly marginMs: number;
  private readonly penaltyMs: number;
  private readonly queues: Record<RequestPriority, Waiter[]> = { interactive: [], shortlist: [], keep_offline: [], background: [] };

  private headersSeen = false;
  private limit: number;
  private available: number;
  private resetAt: number | null = null;
  private previousResetAt: number | null = null;
  /** The longest window the server has reported; a window starts right after a reset. */
  private observedWindowMs: number | null = null;
  private blockedUntil = 0;
  private inFlight = 0;
  private lastStartAt = Number.NEGATIVE_INFINITY;
  private rateLimitedAnswers = 0;
  private readonly unmeteredAfter: number;
  private answersWithoutHeaders = 0;
  private unmetered = false;
  private cancelTimer: (() => void) | null = null;

  constructor(options: RateBudgetOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.limit = options.assumedLimit ?? 300;
    this.assumedWindowMs = options.assumedWindowMs ?? 300_000;
    this.spacingMs = this.assumedWindowMs / this.limit;
    this.available = this.limit;
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 6);
    this.marginMs = options.marginMs ?? 250;
    this.penaltyMs = options.penaltyMs ?? 2_000;
    this.unmeteredAfter = options.unmeteredAfter ?? 3;
  }

  /** Resolves when the request may start; rejects with the signal's reason when it is aborted first. */
  acquire(options: AcquireOptions = {}): Promise<BudgetPermit> {
    const { signal, priority = 'interactive' } = options;
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise<BudgetPermit>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          const queue = this.queues[priority];
          const index = queue.indexOf(waiter);
          if (index < 0) return;
          queue.splice(index, 1);
          reject(abortReason(signal));
          this.pump();
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.queues[priority].push(waiter);
      this.pump();
    });
  }

  stats(): RateBudgetStats {
    const now = this.clock.now();
    this.rollOver(now);
    const remaining = Math.max(0, this.available);
    return {
      headersSeen: this.headersSeen,
      limit: this.limit,
      used: Math.max(0, this.limit - remaining),
      remaining,
      inFlight: this.inFlight,
      waiting: {
        interactive: this.queues.interactive.length,
        shortlist: this.queues.shortlist.length,
        keep_offline: this.queues.keep_offline.length,
        background: this.queues.background.length,
      },
      resetAt: this.resetAt,
      blockedUntil: this.blockedUntil > now ? this.blockedUntil : null,
      rateLimitedAnswers: this.rateLimitedAnswers,
    };
  }

  /** Starts every waiting request the budget allows, best priority first; schedules the next look. */
  private pump(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
    for (;;) {
      const priority = requestPriorities.find((name) => this.queues[name].length > 0);
      if (!priority) return;
      const now = this.clock.now();
      this.rollOver(now);
      const waitMs = this.waitBeforeStart(priority, now);
      if (waitMs === Number.POSITIVE_INFINITY) return; // a settling request will pump again
      if (waitMs > 0) {
        this.cancelTimer = this.clock.setTimer(() => {
          this.cancelTimer = null;
          this.pump();
        }, waitMs);
        return;
      }
      const waiter = this.queues[priority].shift()!;
      if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener('abort', waiter.onAbort);
      waiter.resolve(this.start(now));
    }
  }

  /** 0 to start now, ms to wait, or Infinity to wait until a request in flight settles. */
  private waitBeforeStart(priority: RequestPriority, now: number): number {
    const slots = priority === 'interactive' || this.maxInFlight === 1 ? this.maxInFlight : this.maxInFlight - 1;
    if (this.inFlight >= slots) return Number.POSITIVE_INFINITY;
    if (now < this.blockedUntil) return this.blockedUntil - now;
    if (this.unmetered) return 0;
    if (this.available < 1) {
      if (this.resetAt !== null) return Math.max(1, this.resetAt + this.marginMs - now);
      return Number.POSITIVE_INFINITY; // rollOver guarantees a reset time when nothing is in flight
    }
    if (!this.headersSeen && now < this.lastStartAt + this.spacingMs) return this.lastStartAt + this.spacingMs - now;
    return 0;
  }

  /** Opens a new window once the current one has ended. */
  private rollOver(now: number): void {
    if (this.resetAt !== null && now >= this.resetAt + this.marginMs) {
      this.previousResetAt = this.resetAt;
      this.resetAt = null;
      // The assumed budget counts starts; a server's may count requests still in flight in its new window.
      this.available = this.headersSeen ? this.limit - this.inFlight : this.limit;
    }
    if (this.resetAt === null && this.available < 1 && this.inFlight === 0) {
      // Spent, and no answer will tell us when the window ends (answers without headers): wait a whole window.
      this.resetAt = now + (this.observedWindowMs ?? this.assumedWindowMs);
    }
  }

  private start(now: number): BudgetPermit {
    this.inFlight += 1;
    this.available -= 1;
    this.lastStartAt = now;
    if (!this.headersSeen && this.resetAt === null) this.resetAt = now + this.assumedWindowMs;
    let settled = false;
    return {
      settle: (outcome = {}) => {
        if (settled) return;
        settled = true;
        this.inFlight -= 1;
        if (outcome.status === 429) this.rateLimitedAnswers += 1;
        if (outcome.headers) this.learn(outcome.headers, outcome.status);
        this.pump();
      },
    };
  }

  /** Folds one answer's rate headers into the budget. */
  private learn(headers: HeaderReader, status: number | undefined): void {
    const now = this.clock.now();
    const report = readRateReport(headers, now);
    const metered = report.limit !== undefined || report.remaining !== undefined;
    if (status === 429 || metered) {
      // A directory that starts to report a limit (restarted with it on) meters from now on.
      this.unmetered = false;
      this.answersWithoutHeaders = Number.NEGATIVE_INFINITY;
    } else if (!this.headersSeen) {
      this.answersWithoutHeaders += 1;
      if (this.answersWithoutHeaders >= this.unmeteredAfter) this.unmetered = true;
    }
    if (report.limit !== undefined) {
      if (!this.headersSeen) {
        // The assumed window is the client's own guess: the server's figures replace it.
        this.headersSeen = true;
        this.resetAt = null;
      }
      this.limit = report.limit;
      this.available = Math.min(this.available, report.limit - this.inFlight);
    }
    if (report.remaining !== undefined) this.learnRemaining(report.remaining - this.inFlight, report.resetAtMs, now);
    const rateLimited = status === 429;
    if (rateLimited) this.available = Math.min(this.available, 0);
    if (report.retryAfterMs !== undefined && (rateLimited || status === 503)) {
      this.blockedUntil = Math.max(this.blockedUntil, now + report.retryAfterMs);
    } else if (rateLimited) {
      this.blockedUntil = Math.max(this.blockedUntil, now + this.penaltyMs);
    }
    // Without a reset from the server, the refusal itself says when to try the next window.
    if (rateLimited && (this.resetAt === null || !this.headersSeen)) this.resetAt = this.blockedUntil;
  }

  /** `fresh` is the server's remaining count less our requests it may not have counted yet. */
  private learnRemaining(fresh: number, reportedResetAt: number | undefined, now: number): void {
    if (reportedResetAt === undefined) {
      this.available = Math.min(this.available, fresh);
      return;
    }
    if (this.previousResetAt !== null && reportedResetAt <= this.previousResetAt + sameWindowToleranceMs) return; // a late answer from a window we left
    if (this.resetAt !== null && Math.abs(reportedResetAt - this.resetAt) <= sameWindowToleranceMs) {
      this.available = Math.min(this.available, fresh);
      return;
    }
    if (this.resetAt !== null && reportedResetAt < this.resetAt) return; // older than what we know
    // A window we have not heard of yet: its figure is the freshest there is.
    if (this.resetAt !== null) this.previousResetAt = this.resetAt;
    this.resetAt = reportedResetAt;
    this.available = fresh;
    this.observedWindowMs = Math.max(this.observedWindowMs ?? 0, reportedResetAt - now);
  }
}
