/**
 * Whether each connection's directory can be reached, in plain TypeScript (the reachability store
 * mirrors it for the views). Every directory answer through the observed bridge
 * (bridge/directoryAnswers.ts) updates it; for the one followed connection (the active one) a
 * cheap check — a one-item list — asks when nothing else did: after a calm interval while the
 * directory answers, with backoff while it does not, so the offline state is known on every page
 * at once and ends as soon as the directory is back.
 */
import { fullJitterDelayMs, type BackoffOptions } from '../../../contract/backoff.ts';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import type { DirectoryAnswer } from '../bridge/directoryAnswers.ts';

export interface ReachabilityTiming {
  /** How long a reachable directory may go unasked before the check asks it. */
  quietCheckMs: number;
  /** The checks while it cannot be reached. */
  backoff: Omit<BackoffOptions, 'random'>;
}

/** A check a minute at most while all is well; 2 s growing to a minute while offline. */
export const defaultReachabilityTiming: ReachabilityTiming = { quietCheckMs: 60_000, backoff: { baseMs: 2000, capMs: 60_000 } };

export interface ReachabilityOptions {
  /** The observed bridge: the check's own answer comes back through `subscribe` like any other. */
  bridge: Pick<CastdeskBridge, 'listActors'>;
  /** Hears every directory answer; returns the unsubscribe. */
  subscribe: (listener: (answer: DirectoryAnswer) => void) => () => void;
  timing?: ReachabilityTiming;
  /** Told the whole state (connection id → reached) whenever a connection's changes. */
  onChange: (reached: Readonly<Record<string, boolean>>) => void;
}

export class DirectoryReachability {
  /** Connection id → whether its directory answered the last request; absent: not asked yet. */
  private reached: Record<string, boolean> = {};
  private followed: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Checks in a row that found the followed directory away (the backoff's attempt). */
  private failedChecks = 0;
  private checking = false;
  private readonly timing: ReachabilityTiming;
  private readonly unsubscribe: () => void;

  constructor(private readonly options: ReachabilityOptions) {
    this.timing = options.timing ?? defaultReachabilityTiming;
    this.unsubscribe = options.subscribe((answer) => this.hear(answer));
  }

  /** Whether connection `id`'s directory is known to be out of reach. */
  unreachable(id: string | null): boolean {
    return id !== null && this.reached[id] === false;
  }

  /**
   * Checks the directory of connection `id` from now on (null: none). The first check waits its
   * interval: a newly active connection starts a sync, whose requests say it sooner.
   */
  follow(id: string | null): void {
    if (id === this.followed) return;
    this.followed = id;
    this.failedChecks = 0;
    this.schedule();
  }

  dispose(): void {
    this.unsubscribe();
    this.followed = null;
    this.schedule();
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.followed === null) return;
    const delay = this.unreachable(this.followed) ? fullJitterDelayMs(this.failedChecks, this.timing.backoff) : this.timing.quietCheckMs;
    this.timer = setTimeout(() => void this.check(), delay);
  }

  /** Asks the followed directory for one list item; its answer reports itself through the bridge. */
  private async check(): Promise<void> {
    this.timer = null;
    const id = this.followed;
    if (id === null || this.checking) return;
    this.checking = true;
    try {
      await this.options.bridge.listActors({ connectionId: id, params: { perPage: 1, fields: ['updated_at'] }, priority: 'background' });
    } catch {
      // A bridge answers failures as data; a broken one tells nothing about the directory.
    } finally {
      this.checking = false;
    }
    if (id !== this.followed) return;
    this.failedChecks = this.unreachable(id) ? this.failedChecks + 1 : 0;
    this.schedule();
  }

  private hear(answer: DirectoryAnswer): void {
    const was = this.reached[answer.connectionId];
    if (was !== answer.reached) {
      this.reached = { ...this.reached, [answer.connectionId]: answer.reached };
      this.options.onChange(this.reached);
    }
    if (answer.connectionId !== this.followed || this.checking) return;
    // Another request answered: the quiet interval starts again; a change starts the backoff afresh.
    if (answer.reached || was !== false) this.failedChecks = 0;
    this.schedule();
  }
}
