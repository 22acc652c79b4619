/**
 * The process the demo directory runs in, as the launcher sees it. Two kinds start it: Electron's
 * utility process (electron/main/demoUtilityProcess.ts; it dies with the app, and the packaged app
 * has no ELECTRON_RUN_AS_NODE to run Node otherwise), and a plain Node child (the web shell, tests
 * and development), started here.
 */
import { spawn } from 'node:child_process';
import { serviceStopRequest } from '../../../contract/service-stop.ts';

export interface DemoExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface DemoProcess {
  /** The OS process id; undefined while it is not (or could not be) started. */
  readonly pid: number | undefined;
  readonly stdout: NodeJS.ReadableStream | null;
  readonly stderr: NodeJS.ReadableStream | null;
  /**
   * Asks the service to stop cleanly: the stop request of contract/service-stop.ts over the
   * child's message channel, on every OS (a signal on Windows is a hard kill). It closes its
   * database, then exits.
   */
  terminate(): void;
  /** Ends the process at once. */
  kill(): void;
  /** Called once when the process has exited (also when it could not be started at all). */
  onExit(listener: (exit: DemoExit) => void): void;
  /** Called when the program could not be started (e.g. ENOENT); onExit follows. */
  onStartError(listener: (error: Error) => void): void;
}

/** What to run: the service's own flags, its working folder and environment. */
export interface DemoProcessSpec {
  serviceArgs: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/** Starts one demo directory process; called again for every restart. */
export type DemoProcessStarter = (spec: DemoProcessSpec) => DemoProcess;

/**
 * Loaded into a Node child before anything else: when the parent disappears the IPC channel
 * closes, and the child stops itself the way the CLI stops on SIGTERM (closing its database
 * cleanly), with a hard exit as the fallback. The channel is unref'd so it never keeps the child
 * alive by itself. (A utility process needs none of this: Electron ends it with the app.)
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
const parentWatchdogArgs = ['--import', `data:text/javascript,${encodeURIComponent(parentWatchdog)}`];

/**
 * A Node child running `entryArgs` (e.g. the tsx loader and server/cli.ts) with the parent
 * watchdog in front. `command` must be Node; under Electron (development only: the packaged app
 * has the RunAsNode fuse off) Electron is told to act as Node.
 */
export function nodeDemoProcess(command: string, entryArgs: string[]): DemoProcessStarter {
  return ({ serviceArgs, cwd, env }) => {
    const child = spawn(command, [...parentWatchdogArgs, ...entryArgs, ...serviceArgs], {
      cwd,
      env: { ...env, ...(process.versions.electron ? { ELECTRON_RUN_AS_NODE: '1' } : {}) },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    // SIGTERM lets the service close its database cleanly; the watchdog covers a parent killed outright.
    const killOnExit = () => child.kill('SIGTERM');
    process.on('exit', killOnExit);
    child.on('exit', () => process.off('exit', killOnExit));
    return {
      get pid() {
        return child.pid;
      },
      stdout: child.stdout,
      stderr: child.stderr,
      // A child whose channel is gone (it is on its way out) still gets the signal.
      terminate: () => void (child.connected ? child.send(serviceStopRequest) : child.kill('SIGTERM')),
      kill: () => void child.kill('SIGKILL'),
      onExit(listener) {
        child.once('exit', (code, signal) => listener({ code, signal }));
        // A program that could not be spawned never emits 'exit'.
        child.once('error', () => {
          if (child.pid === undefined) {
            process.off('exit', killOnExit);
            listener({ code: null, signal: null });
          }
        });
      },
      onStartError(listener) {
        child.once('error', (error) => {
          if (child.pid === undefined) listener(error);
        });
      },
    };
  };
}
