/**
 * The embedded demo directory: the directory service from server/ with generated demo data,
 * started in a child process on a loopback port, so a first start without a connection (or a user
 * who picks "Demo directory") has something real to browse. The data lives in
 * `<userData>/demo-directory/` and is reused, so only the first start pays for generating it.
 *
 * The child must never outlive the app: it is killed on stop(), on this process's 'exit', and,
 * when this process dies without running exit handlers, it notices its IPC channel closing and
 * stops itself (see parentWatchdogArgs).
 */
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface DemoLaunchOptions {
  /** The app's user data folder; the demo data goes to `<userDataDir>/demo-directory/`. */
  userDataDir: string;
  /** The program to run; default `process.execPath` (with ELECTRON_RUN_AS_NODE=1 under Electron). */
  command?: string;
  /**
   * The entry: arguments before the service's own flags. Default: the parent watchdog, the tsx
   * loader and server/cli.ts (development). The packaged app passes its bundled server here and
   * should keep `parentWatchdogArgs` in front when the command is Node.
   */
  args?: string[];
  /** Appended after the standard flags, e.g. `['--actors', '40']` for a small demo. */
  extraArgs?: string[];
  /** Working folder of the child; default the repository root (where tsx resolves). */
  cwd?: string;
  /** Extra environment for the child. */
  env?: NodeJS.ProcessEnv;
  /** How long generating or reopening the data may take; default 5 minutes. */
  startupTimeoutMs?: number;
  /** Progress lines (the child's output with keys removed). */
  log?: (line: string) => void;
}

export interface DemoDirectory {
  /** The loopback base URL, e.g. http://127.0.0.1:41234. */
  baseUrl: string;
  /** The casting-professional demo key (starts with `demo-casting-pro`). Never log it. */
  key: string;
  dataDir: string;
  pid: number;
  /** Settles when the child has exited, for whatever reason. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Stops the service (SIGTERM, then SIGKILL after a grace period) and waits for the exit. */
  stop(): Promise<void>;
}

/** The demo could not start; `output` holds the child's last lines (keys removed). */
export class DemoLaunchError extends Error {
  override readonly name = 'DemoLaunchError';
  constructor(
    message: string,
    readonly output: string[],
  ) {
    super(output.length ? `${message}\nLast output of the demo directory:\n${output.join('\n')}` : message);
  }
}

/**
 * Loaded into the child before anything else: when the parent disappears the IPC channel closes,
 * and the child stops itself the way the CLI stops on SIGTERM (closing its database cleanly), with
 * a hard exit as the fallback. The channel is unref'd so it never keeps the child alive by itself.
 */
const parentWatchdog = `
if (process.channel) {
  process.channel.unref();
  process.on('disconnect', () => {
    setTimeout(() => process.exit(1), 5000).unref();
    process.kill(process.pid, 'SIGTERM');
  });
}
`;
export const parentWatchdogArgs = ['--import', `data:text/javascript,${encodeURIComponent(parentWatchdog)}`];

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const outputLinesKept = 30;
const stopGraceMs = 10_000;
const listeningLine = /listening on (http:\/\/\S+)/;
const castingProKeyLine = /^ {2}(demo-casting-pro\S*) {2}/;
/** Key lines the CLI prints: two spaces, the key, two spaces, its description. */
const anyKeyLine = /^ {2}\S+ {2}/;

function redact(line: string): string {
  return anyKeyLine.test(line) ? line.replace(/^ {2}\S+/, '  <key>') : line;
}

/** The demo starting or running, if any; cleared when its child exits. */
let current: Promise<DemoDirectory> | null = null;

/** Forgets `starting` as the current demo, unless another one has replaced it meanwhile. */
function forget(starting: Promise<DemoDirectory>): void {
  if (current === starting) current = null;
}

/**
 * Starts the demo directory, or returns the one already running or starting: there is only ever
 * one per app, whatever options a second call passes.
 */
export function startDemoDirectory(options: DemoLaunchOptions): Promise<DemoDirectory> {
  if (!current) {
    const starting: Promise<DemoDirectory> = launch(options, () => forget(starting));
    current = starting;
    starting.catch(() => forget(starting));
  }
  return current;
}

async function launch(options: DemoLaunchOptions, onExit: () => void): Promise<DemoDirectory> {
  const log = options.log ?? (() => undefined);
  const dataDir = join(options.userDataDir, 'demo-directory');
  await mkdir(dataDir, { recursive: true });
  const command = options.command ?? process.execPath;
  const entry = options.args ?? [...parentWatchdogArgs, '--import', 'tsx', join(repoRoot, 'server/cli.ts')];
  const args = [...entry, '--demo', '--port', '0', '--data-dir', dataDir, '--rate-limit', 'off', ...(options.extraArgs ?? [])];
  const child = spawn(command, args, {
    cwd: options.cwd ?? repoRoot,
    // The demo always uses its own PGlite folder, never a PostgreSQL server from the environment.
    env: { ...process.env, ...(process.versions.electron ? { ELECTRON_RUN_AS_NODE: '1' } : {}), ...options.env, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  // SIGTERM lets the service close its database cleanly; the watchdog covers a parent killed outright.
  const killOnExit = () => child.kill('SIGTERM');
  process.on('exit', killOnExit);

  const output: string[] = [];
  const lineListeners = new Set<(line: string) => void>();
  const onLine = (line: string) => {
    const safe = redact(line);
    output.push(safe);
    if (output.length > outputLinesKept) output.shift();
    for (const listener of lineListeners) listener(line);
    if (!anyKeyLine.test(line) && line.trim()) log(`Demo directory: ${safe}`);
  };
  for (const stream of [child.stdout!, child.stderr!]) {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) onLine(line.replace(/\r$/, ''));
    });
    stream.on('end', () => {
      if (pending) onLine(pending);
      pending = '';
    });
  }

  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      // Before anyone awaiting `exited` resumes, so a start right after stop() launches anew.
      onExit();
      resolve({ code, signal });
    });
    // A program that could not be spawned never emits 'exit'.
    child.on('error', () => {
      if (child.pid === undefined) resolve({ code: null, signal: null });
    });
  });
  void exited.then(() => process.off('exit', killOnExit));

  let baseUrl: string | undefined;
  let key: string | undefined;
  const startupTimeoutMs = options.startupTimeoutMs ?? 300_000;
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new DemoLaunchError(`The demo directory did not start within ${Math.round(startupTimeoutMs / 1000)} s.`, [...output]));
      }, startupTimeoutMs);
      const finish = (error?: Error) => {
        clearTimeout(timer);
        lineListeners.clear();
        if (error) reject(error);
        else resolve();
      };
      lineListeners.add((line) => {
        baseUrl ??= listeningLine.exec(line)?.[1];
        key ??= castingProKeyLine.exec(line)?.[1];
        if (baseUrl && key) finish();
      });
      child.once('error', (error) => finish(new DemoLaunchError(`The demo directory could not be started (${command}): ${error.message}`, [...output])));
      void exited.then(({ code, signal }) => {
        // Let the last output lines arrive before reporting them.
        setImmediate(() =>
          finish(new DemoLaunchError(`The demo directory exited during startup (${signal ?? `exit code ${code}`}).`, [...output])),
        );
      });
    });
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    throw error;
  }
  log(`Demo directory listening on ${baseUrl}; a demo key was obtained.`);

  let stopping: Promise<void> | null = null;
  const running: DemoDirectory = {
    baseUrl: baseUrl!,
    key: key!,
    dataDir,
    pid: child.pid!,
    exited,
    stop() {
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          const hardKill = setTimeout(() => child.kill('SIGKILL'), stopGraceMs);
          await exited;
          clearTimeout(hardKill);
        }
      })();
      return stopping;
    },
  };
  void exited.then(({ code, signal }) => {
    if (stopping === null) log(`Demo directory stopped unexpectedly (${signal ?? `exit code ${code}`}).`);
  });
  return running;
}
