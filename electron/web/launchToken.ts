/**
 * The launch token: a random secret that only the page the shell opened knows (it travels in the
 * URL fragment, which the browser never sends to a server). Every bridge call must present it.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function createLaunchToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison; hashing first makes the lengths equal, so the length leaks nothing either. */
export function tokensMatch(expected: string, given: string | undefined): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(expected), digest(given));
}
