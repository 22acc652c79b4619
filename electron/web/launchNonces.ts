/**
 * One-time launch addresses. The browser is opened by another program (`xdg-open`, `open`), and a
 * program's arguments are readable by every user of the machine (/proc/<pid>/cmdline, `ps`), so the
 * long-lived launch token never goes there. The opener gets `/launch/<nonce>` instead: the shell
 * redeems it once, within seconds, for a redirect that hands the page the token.
 */
import { randomBytes } from 'node:crypto';

/** Long enough for a cold browser start on a slow machine, short enough to be worthless in a log. */
export const defaultLaunchNonceTtlMs = 30_000;

/** Why a nonce was not accepted: it never existed, it was redeemed already, or it is too old. */
export type NonceRefusal = 'unknown' | 'used' | 'expired';

export interface LaunchNonces {
  /** A fresh nonce, valid once for `ttlMs`. */
  issue(): string;
  /** Consumes `nonce`: null when it was valid (and is now spent), else why not. */
  redeem(nonce: string): NonceRefusal | null;
}

/** `now` is injectable so expiry can be tested without waiting. */
export function createLaunchNonces(ttlMs: number = defaultLaunchNonceTtlMs, now: () => number = Date.now): LaunchNonces {
  const issued = new Map<string, { expiresAt: number; used: boolean }>();
  return {
    issue() {
      const nonce = randomBytes(24).toString('base64url');
      issued.set(nonce, { expiresAt: now() + ttlMs, used: false });
      return nonce;
    },
    redeem(nonce) {
      const entry = issued.get(nonce);
      if (!entry) return 'unknown';
      if (entry.used) return 'used';
      entry.used = true;
      return now() > entry.expiresAt ? 'expired' : null;
    },
  };
}
