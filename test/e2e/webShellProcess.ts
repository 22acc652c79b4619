import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startPrivateBus } from '../support/privateKeychain.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The small demo directory's size: generated in a few seconds instead of a minute. */
export const smallDemo = { actors: 60, crew: 10, castingCalls: 8, seed: 1 } as const;
/**
 * The small demo, as the web shell passes it on to the demo directory (CASTDESK_DEMO_ARGS). Its
 * live changes are off: specs compare what the app shows with the directory's data read once,
 * and a profile retired or renamed a quarter of an hour into the run broke them (research's
 * name search and role matching did in CI).
 */
export const smallDemoArgs = `--actors ${smallDemo.actors} --crew ${smallDemo.crew} --casting-calls ${smallDemo.castingCalls} --seed ${smallDemo.seed} --live-changes off`;

export interface WebShellOptions {
  /** Extra environment for the shell (e.g. CASTDESK_EXTERNAL_OPEN_LOG). */
  env?: NodeJS.ProcessEnv;
  /** CASTDESK_DEMO_ARGS for its embedded demo directory; default `smallDemoArgs`. */
  demoArgs?: string;
  /** A fixed port; default `--port 0`: a free one on a fresh user data folder, the last start's port on a restart. */
  port?: number;
}

export interface WebShellProcess {
  /** The address with the launch token in its fragment, as the shell printed it. */
  url: string;
  child: ChildProcess;
  /** SIGTERM (the graceful stop), SIGKILL after 15 s; resolves once the process has exited and its keychain stopped. */
  stop(): Promise<void>;
}

/** The keychain folders of this run's shells, beside their user data folders; removed when the run ends. */
const keychainFolders = new Set<string>();
process.once('exit', () => {
  for (const folder of keychainFolders) rmSync(folder, { recursive: true, force: true });
});

/**
 * Starts `npm run web`'s entry (electron/web/cli.ts) as a real process on a free port with its own
 * user data folder and without opening a browser, and waits for the address it prints. Each shell
 * is a computer of its own, with a keychain of its own (test/support/privateKeychain.ts): its
 * files beside the user data folder (`<folder>.keychain`, never inside it), so a shell started
 * again on the same folder finds the keys of the last one, and no spec depends on a keychain
 * every other spec has used.
 */
export async function startWebShellProcess(userDataDir: string, options: WebShellOptions = {}): Promise<WebShellProcess> {
  const keychainFolder = `${userDataDir}.keychain`;
  keychainFolders.add(keychainFolder);
  const bus = await startPrivateBus(keychainFolder);
  try {
    await bus.startKeychain();
  } catch (error) {
    await bus.stop();
    throw error;
  }
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'electron/web/cli.ts', '--port', String(options.port ?? 0), '--no-open', '--user-data-dir', userDataDir],
    { cwd: repoRoot, env: { ...process.env, ...bus.env, CASTDESK_DEMO_ARGS: options.demoArgs ?? smallDemoArgs, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // The computer's keychain goes with its shell, however the shell ended (a stop, a kill, a crash).
  const keychainStopped = exited.then(() => bus.stop());
  const output: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The web shell printed no address within 60 s:\n${output.join('')}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString('utf8'));
      const match = /Open: (http:\/\/\S+)/.exec(output.join(''));
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`The web shell exited before it printed an address:\n${output.join('')}`));
    });
  });
  // Keep draining the pipes so the shell never blocks on a full one.
  child.stdout?.resume();
  child.stderr?.resume();
  return {
    url,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const hardKill = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(hardKill);
      }
      await keychainStopped;
    },
  };
}
