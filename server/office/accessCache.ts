/**
 * A token's access, looked up once per WebSocket instead of once per document. A member's app
 * attaches every shared list to one socket at start; looking the token and the list role up for
 * each of them queued two queries per list and member (4,000 for the bench's 10 members and 200
 * lists) in front of every document load, and a first sync took 13–27 s instead of 2 s (issue 25).
 *
 * The answer is kept per socket (keyed by the socket's upgrade request, so it goes when the socket
 * goes; concurrent attaches share one lookup) and is never used after its member's membership
 * changed: `forget` (called by memberDisconnects.ts on every instance when a member is revoked or
 * their role changes, before their sockets are closed) makes every answer for that member looked
 * up before it stale. An answer is also dropped after `maxAgeMs`, so a change whose disconnect
 * order never reached an instance still ends there within that bound. Failed lookups are not kept.
 */
import type { MemberAccess, Members } from './members.ts';

interface CachedAccess {
  access: Promise<MemberAccess | null>;
  /** The forget counter when the lookup started: an answer older than its member's last forget is stale. */
  startedAt: number;
  expiresAt: number;
}

export const defaultAccessMaxAgeMs = 30_000;

export class AccessCache {
  private readonly bySocket = new WeakMap<object, Map<string, CachedAccess>>();
  private forgets = 0;
  private readonly forgottenAt = new Map<string, number>();

  constructor(
    private readonly members: Pick<Members, 'access'>,
    private readonly maxAgeMs = defaultAccessMaxAgeMs,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The access `token` gives on the socket that `socket` (its upgrade request) stands for. */
  async resolve(socket: object, token: string): Promise<MemberAccess | null> {
    for (;;) {
      const entry = this.entry(socket, token);
      let access: MemberAccess | null;
      try {
        access = await entry.access;
      } catch (error) {
        this.drop(socket, token, entry);
        throw error;
      }
      if (!access || (this.forgottenAt.get(access.member.id) ?? -1) <= entry.startedAt) return access;
      // The member changed after this lookup began: look again (that lookup sees the change).
      this.drop(socket, token, entry);
    }
  }

  /** Answers for this member looked up so far are stale: their role changed or they were revoked. */
  forget(memberId: string): void {
    this.forgets += 1;
    this.forgottenAt.set(memberId, this.forgets);
  }

  private entry(socket: object, token: string): CachedAccess {
    let tokens = this.bySocket.get(socket);
    if (!tokens) {
      tokens = new Map();
      this.bySocket.set(socket, tokens);
    }
    const cached = tokens.get(token);
    if (cached && cached.expiresAt > this.now()) return cached;
    const entry = { access: this.members.access(token), startedAt: this.forgets, expiresAt: this.now() + this.maxAgeMs };
    tokens.set(token, entry);
    return entry;
  }

  private drop(socket: object, token: string, entry: CachedAccess): void {
    const tokens = this.bySocket.get(socket);
    if (tokens?.get(token) === entry) tokens.delete(token);
  }
}
