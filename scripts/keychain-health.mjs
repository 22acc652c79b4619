#!/usr/bin/env node
/**
 * Says whether the session's keychain answers now, for `npm test`'s log: one line, never a test.
 * A keychain that stops answering in the middle of a run fails every later test that stores a
 * key, each with a timeout that does not say why; this line, printed between the steps, does,
 * with the keychain daemons running and this process's file descriptor limit.
 *   node scripts/keychain-health.mjs <moment>
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

const moment = process.argv[2] ?? 'now';
/** @param {string} command @param {string[]} args */
const quietly = (command, args) => {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
};
const started = performance.now();
let verdict;
if (!process.env.DBUS_SESSION_BUS_ADDRESS) {
  verdict = 'no D-Bus session';
} else {
  try {
    const { AsyncEntry } = await import('@napi-rs/keyring');
    const entry = new AsyncEntry('castdesk', `health-${randomUUID()}`, { linux: { store: 'secret-service' } });
    const signal = AbortSignal.timeout(10_000);
    await entry.setPassword('health', signal);
    const back = await entry.getPassword(signal);
    await entry.deleteCredential(signal);
    verdict = back === 'health' ? `answers (${Math.round(performance.now() - started)} ms)` : 'answers, but not what was stored';
  } catch (error) {
    verdict = `DOES NOT ANSWER after ${Math.round(performance.now() - started)} ms: ${error instanceof Error ? error.message : String(error)}`;
  }
}
const daemons = quietly('pgrep', ['-a', 'gnome-keyring-d']).split('\n').filter(Boolean).join('; ') || 'none running';
const limit = /Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? '?';
console.log(`[test] keychain ${moment}: ${verdict}; gnome-keyring daemons: ${daemons}; open files limit ${limit}`);
process.exit(0);
