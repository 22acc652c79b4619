/**
 * The worker thread of demoWorkerSource.ts: generates the demo and makes its rows while the main
 * thread writes earlier batches, never more than a few batches ahead of it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { demoFixtureSource } from './demoFixtureSource.ts';
import type { DemoOptions } from './generateDemoFixture.ts';

/** Batches sent and not yet taken: enough to keep both threads busy, few enough to bound memory. */
const batchesAhead = 2;

const port = parentPort!;
let credits = batchesAhead;
let wake: (() => void) | undefined;
port.on('message', () => {
  credits++;
  wake?.();
});

const source = demoFixtureSource(workerData as DemoOptions);
for await (const batch of source.actorRowBatches) {
  while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
  credits--;
  port.postMessage({ batch });
}
port.postMessage({ remainder: await source.remainder() });
port.close();
