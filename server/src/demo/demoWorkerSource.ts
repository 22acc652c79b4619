/**
 * The demo generated on a worker thread: making 50,000 profiles and their JSON takes about as long
 * as writing them, so the two overlap (and the generator starts while the database is still being
 * created). From the sources (tsx: development, the web shell, tests) the worker registers tsx itself,
 * since a worker thread does not inherit the loader hooks of the thread that starts it; the built
 * directory service (out/main/directory.js, in the packaged app) has neither tsx nor .ts files and
 * starts the worker's own build entry, out/main/demoRowsWorker.js (electron.vite.config.ts).
 */
import { Worker } from 'node:worker_threads';
import type { FixtureRemainder, FixtureSource } from '../fixture/fixtureSource.ts';
import type { ActorRow } from '../fixture/storedRows.ts';
import type { DemoOptions } from './generateDemoFixture.ts';

type WorkerMessage = { batch: ActorRow[] } | { remainder: FixtureRemainder };

/** The worker's entry: the built one beside the bundle, or the TypeScript source through tsx. */
function workerEntry(): URL {
  if (!import.meta.url.endsWith('.ts')) return new URL('./demoRowsWorker.js', import.meta.url);
  const entry = new URL('./demoRowsWorker.ts', import.meta.url).href;
  const code = `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))};\nregister();\nawait import(${JSON.stringify(entry)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

/** Starts generating at once; read it (or call `stop`) so the worker ends. */
export function demoWorkerSource(options: DemoOptions): FixtureSource & { stop(): Promise<void> } {
  const worker = new Worker(workerEntry(), { workerData: options });
  const queue: WorkerMessage[] = [];
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  worker.on('message', (message: WorkerMessage) => {
    queue.push(message);
    wake?.();
  });
  worker.on('error', (error) => {
    failure = error;
    wake?.();
  });
  worker.on('exit', (code) => {
    failure ??= new Error(`The demo generator stopped early (exit code ${code}).`);
    wake?.();
  });

  async function next(): Promise<WorkerMessage> {
    while (queue.length === 0) {
      if (failure) throw failure;
      await new Promise<void>((resolve) => (wake = resolve));
    }
    return queue.shift()!;
  }

  let remainder: FixtureRemainder | undefined;
  async function* actorRowBatches(): AsyncGenerator<ActorRow[]> {
    try {
      for (;;) {
        const message = await next();
        if ('remainder' in message) {
          remainder = message.remainder;
          return;
        }
        worker.postMessage('next');
        yield message.batch;
      }
    } finally {
      // A load that failed half-way stops the generator too.
      if (!remainder) await worker.terminate();
    }
  }

  return {
    actorRowBatches: actorRowBatches(),
    async remainder() {
      if (!remainder) throw new Error('demoWorkerSource: read every actor batch before the rest');
      await worker.terminate();
      return remainder;
    },
    async stop() {
      await worker.terminate();
    },
  };
}
