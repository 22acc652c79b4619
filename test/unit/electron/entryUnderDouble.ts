/**
 * Starts an app's main entry in a child Node process under the `electron` double
 * (electronEntryRunner.ts) and follows what it reports: 'ready', each loaded window, answers of
 * calls into the page's bridge, and how the process ended. For the built app plain Node runs it
 * (nodeArgs empty); for the sources, tsx (`['--import', 'tsx']`, from cwd).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface DoubleEvent {
  event: string;
  [detail: string]: unknown;
}

const runner = fileURLToPath(new URL('./electronEntryRunner.ts', import.meta.url));

export interface EntryUnderDouble {
  readonly events: DoubleEvent[];
  readonly output: () => string;
  /** Resolves with the first event of that name (also one already seen); rejects if the process ends first. */
  next(event: string): Promise<DoubleEvent>;
  /** Calls window.castdesk[name](args) in the first window's page; resolves with its answer. */
  call(name: string, args: unknown): Promise<unknown>;
  /** Ends stdin (the runner quits the app) and resolves with the exit. */
  quit(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Ends the process (SIGTERM: the runner exits, and its utility processes with it), if still running (cleanup). */
  kill(): void;
}

export function startEntryUnderDouble(entry: string, appArgs: string[], options: { cwd: string; nodeArgs?: string[]; env?: NodeJS.ProcessEnv }): EntryUnderDouble {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), runner, entry, ...appArgs], {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const events: DoubleEvent[] = [];
  const waiting: { event: string; resolve: (event: DoubleEvent) => void }[] = [];
  let output = '';
  let pending = '';
  // A call written after the process ended: its end is reported through `exited`.
  child.stdin.on('error', () => undefined);
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines.filter((each) => each.startsWith('@double '))) {
      const event = JSON.parse(line.slice('@double '.length)) as DoubleEvent;
      events.push(event);
      for (const waiter of waiting.filter((each) => each.event === event.event || (each.event === `answer:${String(event.id)}` && event.event === 'answer'))) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  function next(event: string): Promise<DoubleEvent> {
    const seen = events.find((each) => each.event === event || (event === `answer:${String(each.id)}` && each.event === 'answer'));
    if (seen) return Promise.resolve(seen);
    return Promise.race([
      new Promise<DoubleEvent>((resolve) => waiting.push({ event, resolve })),
      exited.then(({ code, signal }) => {
        throw new Error(`The app ended (${signal ?? `exit code ${code}`}) before '${event}':\n${output}`);
      }),
    ]);
  }

  let nextCallId = 1;
  return {
    events,
    output: () => output,
    next,
    async call(name, args) {
      const id = nextCallId++;
      child.stdin.write(`${JSON.stringify({ id, call: name, args })}\n`);
      const answer = await next(`answer:${id}`);
      if ('thrown' in answer) throw new Error(String(answer.thrown));
      return answer.value;
    },
    quit() {
      child.stdin.end();
      return exited;
    },
    exited,
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    },
  };
}
