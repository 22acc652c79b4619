/**
 * Issue 21, item 6: the demo directory stops cleanly on every OS. A signal cannot promise that (on
 * Windows, kill() is TerminateProcess, a hard kill while PGlite may be writing), so the app sends
 * the stop request of contract/service-stop.ts over the child's channel. Here against the real
 * service (server/cli.ts with PGlite, in a Node child started by electron/core's own starter):
 * terminate() makes it say it stops on the request (not on a signal), close its database and exit
 * with 0; the same data folder then reopens with the same data and key, and stops again cleanly.
 * Asked while it still writes its demo data, it finishes them and closes the database rather than
 * dying mid-write, and the folder reopens complete.
 * The utility-process starter sends the same request (demoUtilityProcess.test.ts).
 */
import { createInterface } from 'node:readline';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeDemoProcess, type DemoExit, type DemoProcess } from '../../electron/core/demo/demoProcess.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const startService = nodeDemoProcess(process.execPath, ['--import', 'tsx', join(repoRoot, 'server/cli.ts')]);
/** Generating even a small demo into PGlite takes many seconds on a loaded 2-core machine. */
const serviceTimeoutMs = 180_000;

interface RunningService {
  child: DemoProcess;
  lines: string[];
  exited: Promise<DemoExit>;
  baseUrl: string;
  key: string;
}

const running = new Set<DemoProcess>();
let userDataDir: string;

beforeAll(async () => {
  userDataDir = await mkdtemp(join(tmpdir(), 'castdesk-clean-stop-'));
});

afterAll(async () => {
  for (const child of running) child.kill();
  await rm(userDataDir, { recursive: true, force: true });
});

/**
 * Starts the demo service on `dataDir` and resolves once it has printed its address and the
 * casting professional's key.
 * `onLine` sees every line as it comes (to act in the middle of the start).
 */
async function start(dataDir: string, onLine: (line: string, child: DemoProcess) => void = () => undefined, actors = 30): Promise<RunningService> {
  const child = startService({
    serviceArgs: ['--demo', '--actors', String(actors), '--crew', '5', '--casting-calls', '3', '--port', '0', '--data-dir', dataDir, '--rate-limit', 'off'],
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: '' },
  });
  running.add(child);
  const exited = new Promise<DemoExit>((resolve) => child.onExit(resolve));
  void exited.then(() => running.delete(child));
  const lines: string[] = [];
  const ready = new Promise<{ baseUrl: string; key: string }>((resolve, reject) => {
    let baseUrl = '';
    createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line);
      onLine(line, child);
      baseUrl ||= /^Directory service listening on (\S+)/.exec(line)?.[1] ?? '';
      // The casting professional's key sees every actor.
      const key = /^ {2}(demo-casting-pro-\S+) {2}/.exec(line)?.[1];
      if (baseUrl && key) resolve({ baseUrl, key });
    });
    void exited.then((exit) => reject(new Error(`the service exited before it listened (${JSON.stringify(exit)}):\n${lines.join('\n')}`)));
  });
  return { child, lines, exited, ...(await ready) };
}

/** Starts the service and asks it to stop while it writes its demo data; resolves when it has exited. */
async function stopWhileGenerating(dataDir: string): Promise<{ exit: DemoExit; lines: string[] }> {
  let exited: Promise<DemoExit> | undefined;
  const lines: string[] = [];
  const started = start(
    dataDir,
    (line, child) => {
      lines.push(line);
      if (line.startsWith('Generating demo data')) child.terminate();
      exited ??= new Promise<DemoExit>((resolve) => child.onExit(resolve));
    },
    200,
  );
  await expect(started).rejects.toThrow(/exited before it listened/);
  return { exit: await exited!, lines };
}

/** How many actors the service says it has (the Total header of a one-item page). */
async function actorCount(service: RunningService): Promise<string | null> {
  const response = await fetch(`${service.baseUrl}/api/v1/actor_profiles?per_page=1`, { headers: { Authorization: `Token token=${service.key}` } });
  expect(response.status).toBe(200);
  return response.headers.get('total');
}

describe('the demo directory’s stop request, against the real service', () => {
  it('closes the database and exits 0; the data folder reopens with its data and stops cleanly again', async () => {
    const dataDir = join(userDataDir, 'demo-directory');
    const first = await start(dataDir);
    const actors = await actorCount(first);
    expect(Number(actors)).toBeGreaterThan(0);

    first.child.terminate();
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(first.lines).toContain('stop request: stopping the directory service …');

    const second = await start(dataDir);
    expect(second.lines).toContain('Reusing the demo data already in the data folder.');
    expect(second.key).toBe(first.key);
    expect(await actorCount(second)).toBe(actors);
    second.child.terminate();
    expect(await second.exited).toEqual({ code: 0, signal: null });
    expect(second.lines).toContain('stop request: stopping the directory service …');
  }, 2 * serviceTimeoutMs);

  it('asked while it writes its demo data, finishes the data, closes the database and exits 0; the folder then reopens', async () => {
    // The same demo (same size and seed) written without interruption, for comparison.
    const reference = await start(join(userDataDir, 'written-whole'), () => undefined, 200);
    const expectedActors = await actorCount(reference);
    reference.child.terminate();
    await reference.exited;

    const dataDir = join(userDataDir, 'stopped-while-generating');
    const { exit, lines } = await stopWhileGenerating(dataDir);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(lines).toContain('stop request: stopping the directory service …');
    expect(lines.some((line) => line.startsWith('Directory service listening'))).toBe(false);

    const reopened = await start(dataDir, () => undefined, 200);
    expect(reopened.lines).toContain('Reusing the demo data already in the data folder.');
    expect(await actorCount(reopened)).toBe(expectedActors);
    reopened.child.terminate();
    expect(await reopened.exited).toEqual({ code: 0, signal: null });
  }, 3 * serviceTimeoutMs);
});
