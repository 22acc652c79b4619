/**
 * `npm run bench -- demo-start`: how long the directory service with a 50,000-actor demo takes
 * from process start until it answers a request, run as the app's demo launcher runs it (Node with
 * tsx's loader on server/cli.ts). Cold: a fresh data folder, so the demo is generated and loaded;
 * warm: the same folder again, reopened. The machine is shared, so several cold starts give a
 * median and a spread, and the load average is printed beside them.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { bench, summarize } from './stats.ts';

const root = new URL('../../', import.meta.url).pathname;

/** Seconds from spawning the service until its first list request answers 200; then it is stopped. */
async function timeStart(dataDir: string, actors: number): Promise<number> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/cli.ts', '--demo', '--actors', String(actors), '--data-dir', dataDir, '--port', '0', '--rate-limit', 'off'],
    { cwd: root, env: { ...process.env, DATABASE_URL: '' } },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  try {
    const ready = new RegExp(String.raw`listening on (http://\S+)[\s\S]*?(demo-casting-pro-[0-9a-f]+)`);
    while (!ready.test(output)) {
      if (child.exitCode !== null) throw new Error(`The directory service exited before answering:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const [, baseUrl, key] = ready.exec(output)!;
    const response = await fetch(`${baseUrl}/api/v1/actor_profiles?per_page=1`, { headers: { authorization: `Token token=${key}` } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`The directory service answered ${response.status}`);
    return (performance.now() - started) / 1000;
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

export async function runDemoStartBench(): Promise<void> {
  const actors = Number(process.env.BENCH_ACTORS ?? 50_000);
  const starts = Number(process.env.BENCH_DEMO_STARTS ?? 3);
  const cold: number[] = [];
  const warm: number[] = [];
  bench('demo_start.load_average_1min_before', loadavg()[0]!, 'load');
  for (let i = 0; i < starts; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'castdesk-demo-start-'));
    try {
      cold.push(await timeStart(dataDir, actors));
      warm.push(await timeStart(dataDir, actors));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  for (const [name, samples] of [['cold', cold], ['warm', warm]] as const) {
    const summary = summarize(samples);
    bench(`demo_start.${name}.median`, summary.p50, 's');
    bench(`demo_start.${name}.min`, Math.min(...samples), 's');
    bench(`demo_start.${name}.max`, summary.max, 's');
    bench(`demo_start.${name}.n`, summary.n, 'starts');
  }
  bench('demo_start.load_average_1min_after', loadavg()[0]!, 'load');
}
