/**
 * Electron's UtilityProcess for the `electron` double, run for real: `utilityProcess.fork(modulePath,
 * args, options)` starts Node (process.execPath) on the module with the given argv, env, cwd and
 * stdio, as Electron's utility process is Node on the module (Electron's utilityProcess docs,
 * https://www.electronjs.org/docs/latest/api/utility-process). Rules kept from those docs:
 * - stdio 'pipe' gives readable `stdout` and `stderr`; otherwise they are null; stdin is never open;
 * - `pid` is undefined until the process has spawned ('spawn') and again once it has exited;
 * - 'exit' carries the exit code; `kill()` sends SIGTERM and says whether it was sent;
 * - a module that does not exist is not refused up front: the process starts, fails to load it
 *   and exits with a code;
 * - `postMessage(message)` clones the message (a function throws) and the child receives it on
 *   `process.parentPort` as a 'message' event with the message in `data`; the child has no Node IPC
 *   channel (utilityParentPort.mjs; Electron's parentPort docs). Messages travel as JSON here, so
 *   they must be plain data.
 * Like Electron, which ends its utility processes with the app, the double ends any still
 * running when the process that forked them exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import { Emitter } from './doubleEmitter.ts';

export interface UtilityProcessOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  stdio?: 'pipe' | 'ignore' | 'inherit' | ['ignore', string, string];
  execArgv?: string[];
  serviceName?: string;
}

/** Gives the child `process.parentPort`, fed from file descriptor 3. */
const parentPortShim = new URL('./utilityParentPort.mjs', import.meta.url).href;

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export class UtilityProcessDouble extends Emitter {
  readonly modulePath: string;
  readonly args: string[];
  readonly options: UtilityProcessOptions;
  readonly stdout: Readable | null;
  readonly stderr: Readable | null;
  /** How often kill() was called. */
  killCalls = 0;
  /** Every message posted to the child, in order (the double's own record, for tests). */
  readonly posted: unknown[] = [];
  readonly #child: ChildProcess;
  #spawned = false;
  #exited = false;
  #exitCode: number | undefined;

  constructor(modulePath: string, args: string[], options: UtilityProcessOptions) {
    super();
    this.modulePath = modulePath;
    this.args = args;
    this.options = options;
    const stdio = options.stdio ?? 'inherit';
    const [out, err] = typeof stdio === 'string' ? [stdio, stdio] : [stdio[1], stdio[2]];
    this.#child = spawn(process.execPath, ['--import', parentPortShim, ...(options.execArgv ?? []), modulePath, ...args], {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', out as 'pipe', err as 'pipe', 'pipe'],
    });
    running.add(this.#child);
    this.stdout = this.#child.stdout;
    this.stderr = this.#child.stderr;
    this.#child.once('spawn', () => {
      this.#spawned = true;
      this.emit('spawn');
    });
    this.#child.once('exit', (code, signal) => {
      running.delete(this.#child);
      this.#exited = true;
      this.#exitCode = code ?? 128 + (signal ? constants.signals[signal] : 0);
      this.emit('exit', this.#exitCode);
    });
    // Node itself could not be started: for the app, a utility process that exited at once.
    this.#child.once('error', () => {
      if (this.#exited) return;
      running.delete(this.#child);
      this.#exited = true;
      this.emit('exit', 1);
    });
  }

  get pid(): number | undefined {
    return this.#spawned && !this.#exited ? this.#child.pid : undefined;
  }

  /** The code it exited with, undefined while it runs (the double's own state, for tests). */
  get exitCode(): number | undefined {
    return this.#exitCode;
  }

  /** Whether the process has ended (the double's own state, for tests). */
  get exited(): boolean {
    return this.#exited;
  }

  /** Sends `message` to the child's process.parentPort (see the rules above). */
  postMessage(message: unknown): void {
    const line = `${JSON.stringify(structuredClone(message))}\n`;
    this.posted.push(message);
    if (this.#exited) return;
    (this.#child.stdio[3] as Writable | null)?.write(line);
  }

  kill(): boolean {
    this.killCalls += 1;
    if (this.#exited) return false;
    return this.#child.kill('SIGTERM');
  }
}
