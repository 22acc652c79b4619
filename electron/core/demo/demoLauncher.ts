/**
 * The embedded demo directory: the directory service from server/ with generated demo data,
 * started in a process of its own on a loopback port, so a first start without a connection (or a
 * user who picks "Demo directory") has something real to browse. The data lives in
 * `<userData>/demo-directory/` and is reused, so only the first start pays for generating it.
 *
 * The process must never outlive the app: stop() ends it, and so does the app ending (a utility
 * process dies with Electron; a Node child has a watchdog, see demoProcess.ts). A process that dies
 * while the app runs is restarted on the same port, so the demo connection's address stays valid;
 * the next app run asks for the same port again (demoPort.ts), and takes a free one only when
 * another program holds it.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { backoffCeilingMs } from '../../../contract/backoff.ts';
import { ensurePrivateFolder } from '../../../server/src/privateFolder.ts';
import { demoDirectoryOrigin, isLoopbackPortFree, rememberDemoPort, rememberedDemoPort } from './demoPort.ts';
import { nodeDemoProcess, type DemoExit, type DemoProcess, type DemoProcessStarter } from './demoProcess.ts';

export interface DemoLaunchOptions {
  /** The app's user data folder; the demo data goes to `<userDataDir>/demo-directory/`. */
  userDataDir: string;
  /**
   * Starts the service's process. Default: a Node child (`command` with `args` in front of the
   * service's flags). The Electron app passes a utility-process starter for its bundled service.
   */
  startProcess?: DemoProcessStarter;
  /** For the default Node child: the program; default `process.execPath`. */
  command?: string;
  /** For the default Node child: the entry before the service's flags; default tsx and server/cli.ts. */
  args?: string[];
  /** Appended after the standard flags, e.g. `['--actors', '40']` for a small demo. */
  extraArgs?: string[];
  /** Working folder of the process; default the repository root (where tsx resolves). */
  cwd?: string;
  /** Extra environment for the process. */
  env?: NodeJS.ProcessEnv;
  /** How long generating or reopening the data may take; default 5 minutes. */
  startupTimeoutMs?: number;
  /** How often a demo directory that died is restarted during one app run; default 5. */
  maxRestarts?: number;
  /** Progress lines (the process's output with keys removed). */
  log?: (line: string) => void;
}

export interface DemoDirectory {
  /** The loopback base URL, e.g. http://127.0.0.1:41234; a restart keeps it. */
  readonly baseUrl: string;
  /** Which directory this is for the offline library: the origin its data folder was first served at. */
  readonly directoryOrigin: string;
  /** The casting-professional demo key (starts with `demo-casting-pro`). Never log it. */
  readonly key: string;
  readonly dataDir: string;
  /** The current process (a restart replaces it). */
  readonly pid: number;
  /** Settles when the demo directory has ended for good: stopped, or dead and not restarted. */
  readonly exited: Promise<DemoExit>;
  /** Stops the service (SIGTERM, then a hard kill after a grace period) and waits for the end. */
  stop(): Promise<void>;
}

/** The demo could not start; `output` holds the process's last lines (keys removed). */
export class DemoLaunchError extends Error {
  override readonly name = 'DemoLaunchError';
  constructor(
    message: string,
    readonly output: string[],
  ) {
    super(output.length ? `${message}\nLast output of the demo directory:\n${output.join('\n')}` : message);
  }
}

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const outputLinesKept = 30;
const stopGraceMs = 10_000;
/** Restarts in a row wait 1, 2, 4 … s (the app's one backoff): a service that keeps dying does not spin. */
const restartBackoff = { baseMs: 1000, capMs: 30_000 };
const listeningLine = /listening on (http:\/\/\S+)/;
const castingProKeyLine = /^ {2}(demo-casting-pro\S*) {2}/;
/** Key lines the CLI prints: two spaces, the key, two spaces, its description. */
const anyKeyLine = /^ {2}\S+ {2}/;

function redact(line: string): string {
  return anyKeyLine.test(line) ? line.replace(/^ {2}\S+/, '  <key>') : line;
}

function describeExit({ code, signal }: DemoExit): string {
  return signal ?? `exit code ${code}`;
}

/** The demo starting or running, if any; cleared when it has ended for good. */
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

interface StartedProcess {
  process: DemoProcess;
  baseUrl: string;
  key: string;
  exited: Promise<DemoExit>;
}

/**
 * Starts one service process and waits until it says where it listens and which key it serves.
 * `onProcess` learns the process at once, so a stop() during startup can end it.
 */
async function startProcessOnce(
  startProcess: DemoProcessStarter,
  spec: Parameters<DemoProcessStarter>[0],
  options: { startupTimeoutMs: number; log: (line: string) => void; what: string; onProcess: (process: DemoProcess) => void },
): Promise<StartedProcess> {
  const { log } = options;
  const child = startProcess(spec);
  options.onProcess(child);
  const exited = new Promise<DemoExit>((resolve) => child.onExit(resolve));

  const output: string[] = [];
  const lineListeners = new Set<(line: string) => void>();
  const onLine = (line: string) => {
    const safe = redact(line);
    output.push(safe);
    if (output.length > outputLinesKept) output.shift();
    for (const listener of lineListeners) listener(line);
    if (!anyKeyLine.test(line) && line.trim()) log(`Demo directory: ${safe}`);
  };
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
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

  let baseUrl: string | undefined;
  let key: string | undefined;
  const { startupTimeoutMs } = options;
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
      child.onStartError((error) => finish(new DemoLaunchError(`The demo directory could not be started (${options.what}): ${error.message}`, [...output])));
      void exited.then((exit) => {
        // Let the last output lines arrive before reporting them.
        setImmediate(() => finish(new DemoLaunchError(`The demo directory exited during startup (${describeExit(exit)}).`, [...output])));
      });
    });
  } catch (error) {
    child.kill();
    await exited;
    throw error;
  }
  return { process: child, baseUrl: baseUrl!, key: key!, exited };
}

/**
 * Starts the service on the port it had last time when that port is free, else (or when another
 * program took the port in between, so the service could not bind) on a free one.
 */
async function startOnRememberedPort(dataDir: string, startOn: (port: string) => Promise<StartedProcess>, log: (line: string) => void): Promise<StartedProcess> {
  const remembered = await rememberedDemoPort(dataDir);
  if (remembered !== null && (await isLoopbackPortFree(remembered))) {
    try {
      return await startOn(String(remembered));
    } catch (error) {
      // Any other failure (a bad program, bad flags) would fail on a free port too: say it as it is.
      if (await isLoopbackPortFree(remembered)) throw error;
      log(`Another program took port ${remembered} of the demo directory as it started; it takes a free one.`);
    }
  } else if (remembered !== null) {
    log(`Port ${remembered} of the demo directory is taken by another program; it takes a free one.`);
  }
  return startOn('0');
}
/** How often the embedded demo changes: a change to show within the first minute or two. */
const demoChangeInterval = '60s';

async function launch(options: DemoLaunchOptions, onEnd: () => void): Promise<DemoDirectory> {
  const log = options.log ?? (() => undefined);
  const dataDir = join(options.userDataDir, 'demo-directory');
  await ensurePrivateFolder(dataDir);
  const command = options.command ?? process.execPath;
  const startProcess = options.startProcess ?? nodeDemoProcess(command, options.args ?? ['--import', 'tsx', join(repoRoot, 'server/cli.ts')]);
  const maxRestarts = options.maxRestarts ?? 5;
  const spec = (port: string) => ({
    // Live changes let the demo show what changed, new matches and new casting calls (issue 22, 13b);
    // `extraArgs` may turn them off (`--live-changes off`: the last flag wins).
    serviceArgs: ['--demo', '--port', port, '--data-dir', dataDir, '--rate-limit', 'off', '--live-changes', demoChangeInterval, ...(options.extraArgs ?? [])],
    cwd: options.cwd ?? repoRoot,
    // The demo always uses its own PGlite folder, never a PostgreSQL server from the environment.
    env: { ...process.env, ...options.env, DATABASE_URL: '' },
  });

  /** The newest process: the running one, or the one a restart is starting. */
  let latest: DemoProcess | undefined;
  let stopping: Promise<void> | null = null;
  const startOptions = {
    startupTimeoutMs: options.startupTimeoutMs ?? 300_000,
    log,
    what: options.startProcess ? 'demo directory process' : command,
    onProcess: (process: DemoProcess) => (latest = process),
  };
  let running = await startOnRememberedPort(dataDir, (port) => startProcessOnce(startProcess, spec(port), startOptions), log);
  const { baseUrl } = running;
  await rememberDemoPort(dataDir, baseUrl).catch((error: unknown) => log(`The demo directory's port could not be remembered: ${(error as Error).message}`));
  const directoryOrigin = await demoDirectoryOrigin(dataDir, baseUrl).catch(() => new URL(baseUrl).origin);
  let { key } = running;
  log(`Demo directory listening on ${baseUrl}; a demo key was obtained.`);

  let endWith!: (exit: DemoExit) => void;
  const exited = new Promise<DemoExit>((resolve) => {
    endWith = (exit) => {
      // Before anyone awaiting `exited` resumes, so a start right after stop() launches anew.
      onEnd();
      resolve(exit);
    };
  });

  /** Restarts a process that died on the same port, with growing pauses, until one runs or the budget is spent. */
  let restarts = 0;
  const watch = (started: StartedProcess) => {
    void started.exited.then(async (exit) => {
      if (stopping) return endWith(exit);
      log(`Demo directory stopped unexpectedly (${describeExit(exit)}).`);
      while (!stopping && restarts < maxRestarts) {
        restarts += 1;
        await new Promise((resolve) => setTimeout(resolve, backoffCeilingMs(restarts - 1, restartBackoff)).unref());
        if (stopping) break;
        try {
          const next = await startProcessOnce(startProcess, spec(new URL(baseUrl).port), startOptions);
          running = next;
          key = next.key;
          log(`Demo directory restarted on ${baseUrl} (restart ${restarts} of at most ${maxRestarts}).`);
          if (stopping) next.process.terminate();
          return watch(next);
        } catch (error) {
          log(`The demo directory could not be restarted: ${(error as Error).message.split('\n')[0]}`);
        }
      }
      endWith(exit);
    });
  };
  watch(running);

  return {
    baseUrl,
    directoryOrigin,
    get key() {
      return key;
    },
    dataDir,
    get pid() {
      return running.process.pid!;
    },
    exited,
    stop() {
      stopping ??= (async () => {
        const process = latest;
        process?.terminate();
        const hardKill = setTimeout(() => process?.kill(), stopGraceMs);
        await exited;
        clearTimeout(hardKill);
      })();
      return stopping;
    },
  };
}
