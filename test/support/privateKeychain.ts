/**
 * A keychain of a test's own, as a computer of its own has: a D-Bus session bus with no service
 * files (so nothing is started on it by activation) and, when asked, gnome-keyring on it with a
 * login keyring unlocked by a fixed password. Its keyring files live in `dataDir`, which outlives
 * the bus: a keychain started again on the same folder holds the same keys, as after a restart.
 * Stopping the bus ends its keyring daemon too (gnome-keyring leaves when its bus goes).
 *
 * Why not the session's keychain: every process of a test run shares that one daemon, and when it
 * dies D-Bus activation replaces it with one whose keyring is locked, so every later test that
 * stores a key fails with a timeout that does not say why.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { waitUntil } from './waitUntil.ts';

const run = promisify(execFile);

/** Starting the bus and the daemon: quick, but generous on a loaded 2-core machine. */
const startTimeoutMs = 60_000;

export interface PrivateBus {
  /** The environment a process needs to use this bus (and its keychain). */
  env: { DBUS_SESSION_BUS_ADDRESS: string; XDG_DATA_HOME: string; XDG_RUNTIME_DIR: string };
  /** Starts gnome-keyring on the bus, its login keyring created or unlocked. */
  startKeychain(): Promise<void>;
  /** Stops the bus (and so its keychain); the keyring files stay in `dataDir`. */
  stop(): Promise<void>;
}

/**
 * The lines a child prints, one at a time, for a test that talks with it (it waits on stdin for the
 * test to start a keychain, then says what it found); a line rejects when the child exits first,
 * and a child that prints nothing for `timeoutMs` is killed.
 */
export function linesOf(child: ChildProcess, timeoutMs = startTimeoutMs): { next(): Promise<string> } {
  const waiting: string[] = [];
  let buffered = '';
  let wake = () => {};
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    waiting.push(...parts.filter((line) => line.trim() !== ''));
    wake();
  });
  const exited = once(child, 'exit');
  return {
    async next() {
      const deadline = setTimeout(() => child.kill(), timeoutMs);
      try {
        while (waiting.length === 0) {
          const arrived = new Promise<void>((resolve) => (wake = resolve));
          const [, code] = await Promise.race([arrived.then(() => [false, null] as const), exited.then(([code]) => [true, code] as const)]);
          if (waiting.length === 0 && code !== null) throw new Error(`the child exited (${String(code)}) before printing a line`);
        }
        return waiting.shift()!;
      } finally {
        clearTimeout(deadline);
      }
    },
  };
}

/** Starts a session bus of its own (sockets in a fresh folder under `dataDir`); see the file's note. */
export async function startPrivateBus(dataDir: string): Promise<PrivateBus> {
  await mkdir(dataDir, { recursive: true });
  const runDir = await mkdtemp(join(dataDir, 'run-'));
  const config = join(runDir, 'session.conf');
  await writeFile(
    config,
    `<busconfig><type>session</type><listen>unix:path=${join(runDir, 'bus')}</listen><auth>EXTERNAL</auth>` +
      '<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy></busconfig>',
  );
  const daemon = spawn('dbus-daemon', [`--config-file=${config}`, '--nofork', '--print-address'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const exited = once(daemon, 'exit');
  const address = await linesOf(daemon).next();
  daemon.stdout?.resume();
  const env = { DBUS_SESSION_BUS_ADDRESS: address, XDG_DATA_HOME: join(dataDir, 'data'), XDG_RUNTIME_DIR: join(runDir, 'runtime') };
  await mkdir(env.XDG_RUNTIME_DIR, { mode: 0o700 });
  return {
    env,
    async startKeychain() {
      const onBus = { env: { ...process.env, ...env }, timeout: startTimeoutMs };
      await run('sh', ['-c', 'printf pw | gnome-keyring-daemon --unlock --components=secrets'], onBus);
      // The command can return before the daemon it started owns the Secret Service's name on the
      // bus: a keychain asked in that moment is not there yet, and a test asking once failed.
      const owned = ['--session', '--print-reply', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus.NameHasOwner', 'string:org.freedesktop.secrets'];
      await waitUntil(async () => (await run('dbus-send', owned, onBus)).stdout.includes('boolean true'), { what: 'gnome-keyring owns org.freedesktop.secrets on the bus', timeoutMs: startTimeoutMs });
    },
    async stop() {
      if (daemon.exitCode === null && daemon.signalCode === null) daemon.kill();
      await exited;
      await rm(runDir, { recursive: true, force: true });
    },
  };
}
