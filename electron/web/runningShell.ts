/**
 * Talking to a web shell that is already running. Who holds the port? The page's origin (and with
 * it the offline library in IndexedDB) is `http://127.0.0.1:<port>`, so a program of another user
 * that holds the port could read the library and ask for the API key. Before a new shell opens the browser on a port it could not bind,
 * it asks the listener to prove it knows the running shell's launch token (from the 0600 runtime
 * file): an HMAC over a fresh challenge, so the token itself is never sent to a stranger.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const identityPath = '/identity';
const proofLabel = 'castdesk-web-shell-identity\n';
/** Generous for a loaded machine; a listener that takes longer is treated as no Castdesk of ours. */
const probeTimeoutMs = 10_000;

/** The answer a shell holding `token` gives to `challenge`. */
export function identityProof(token: string, challenge: string): string {
  return createHmac('sha256', token).update(proofLabel + challenge, 'utf8').digest('base64url');
}

/**
 * True when the listener on 127.0.0.1:`port` proves it is the shell whose launch token is `token`;
 * false for anything else (another program, another shell, no answer).
 */
export async function listenerIsShell(port: number, token: string): Promise<boolean> {
  const challenge = randomBytes(24).toString('base64url');
  try {
    const response = await fetch(`http://127.0.0.1:${port}${identityPath}?challenge=${challenge}`, {
      redirect: 'manual',
      signal: AbortSignal.timeout(probeTimeoutMs),
    });
    if (response.status !== 200) return false;
    const body = (await response.json()) as { proof?: unknown };
    if (typeof body.proof !== 'string') return false;
    const expected = Buffer.from(identityProof(token, challenge));
    const given = Buffer.from(body.proof);
    return given.length === expected.length && timingSafeEqual(given, expected);
  } catch {
    return false;
  }
}

/** A fresh one-time launch address from the shell on `port` (proven ours first), or null. */
export async function launchUrlOfShell(port: number, token: string): Promise<string | null> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/launch`, {
      method: 'POST',
      headers: { 'X-Castdesk-Token': token },
      signal: AbortSignal.timeout(probeTimeoutMs),
    });
    const body = (await response.json()) as { url?: unknown };
    return response.status === 200 && typeof body.url === 'string' ? body.url : null;
  } catch {
    return null;
  }
}
