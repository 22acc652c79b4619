/**
 * The embedded demo directory as the app starts it: a real child process running server/cli.ts
 * with a small demo, real HTTP, a data folder reused across starts, and a child that never
 * outlives its parent. Prints the cold and warm start times (figures, not assertions).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DemoLaunchError, startDemoDirectory, type DemoDirectory } from '../../electron/core/demo/demoLauncher.ts';
import { waitUntil } from '../support/waitUntil.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const userDataDir = mkdtempSync(join(tmpdir(), 'castdesk-demo-'));
const smallDemo = ['--actors', '40', '--crew', '8', '--casting-calls', '6'];
const started = new Set<DemoDirectory>();
const strayPids = new Set<number>();

afterAll(async () => {
  for (const demo of started) await demo.stop();
  for (const pid of strayPids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(userDataDir, { recursive: true, force: true });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const refusesConnections = async (baseUrl: string) =>
  fetch(`${baseUrl}/api/v1/actor_profiles`, { signal: AbortSignal.timeout(2000) }).then(
    () => false,
    () => true,
  );

async function start(log: string[] = []): Promise<{ demo: DemoDirectory; ms: number }> {
  const began = performance.now();
  const demo = await startDemoDirectory({ userDataDir, extraArgs: smallDemo, log: (line) => log.push(line) });
  const ms = performance.now() - began;
  started.add(demo);
  return { demo, ms };
}

describe('demo directory launcher', () => {
  let firstKey = '';
  let firstTotal = '';

  it('starts the service with demo data in a child process and hands out the casting-pro key', async () => {
    const log: string[] = [];
    const { demo, ms } = await start(log);
    console.info(`demo directory cold start (40 actors, new data folder): ${Math.round(ms)} ms`);
    expect(demo.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(demo.key).toMatch(/^demo-casting-pro/);
    expect(demo.dataDir).toBe(join(userDataDir, 'demo-directory'));
    expect(demo.pid).not.toBe(process.pid);

    const response = await fetch(`${demo.baseUrl}/api/v1/actor_profiles`, { headers: { authorization: `Token token=${demo.key}` } });
    expect(response.status).toBe(200);
    firstTotal = response.headers.get('total')!;
    expect(Number(firstTotal)).toBeGreaterThan(0);
    expect(Number(firstTotal)).toBeLessThanOrEqual(40);
    firstKey = demo.key;

    expect(log.join('\n')).toMatch(/Generating demo data: 40 actors/);
    expect(log.join('\n')).toMatch(/a demo key was obtained/);
    expect(log.join('\n')).not.toMatch(/demo-(casting|agency)-\w/);

    // One demo per app: a second call, even with other options, gets the running one.
    expect(await startDemoDirectory({ userDataDir: join(userDataDir, 'elsewhere') })).toBe(demo);
  }, 240_000);

  it('stop() ends the child: the port is closed and the process is gone', async () => {
    const demo = await startDemoDirectory({ userDataDir });
    await demo.stop();
    expect(await demo.exited).toEqual({ code: 0, signal: null });
    expect(isAlive(demo.pid)).toBe(false);
    expect(await refusesConnections(demo.baseUrl)).toBe(true);
    await demo.stop(); // idempotent
  });

  it('reuses the data folder on the next start, with the same key and data', async () => {
    const log: string[] = [];
    const { demo, ms } = await start(log);
    console.info(`demo directory warm start (reused data folder): ${Math.round(ms)} ms`);
    expect(log.join('\n')).toMatch(/Reusing the demo data/);
    expect(log.join('\n')).not.toMatch(/Generating/);
    expect(demo.key).toBe(firstKey);
    const response = await fetch(`${demo.baseUrl}/api/v1/actor_profiles`, { headers: { authorization: `Token token=${demo.key}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('total')).toBe(firstTotal);
    await demo.stop();
  }, 240_000);

  it('listens on the port it had last time, and on a free one while another program holds it', async () => {
    const first = (await start()).demo;
    const port = new URL(first.baseUrl).port;
    await first.stop();
    const again = (await start()).demo;
    // One address across app runs: stored media URLs and the page's media policy stay valid.
    expect(again.baseUrl).toBe(first.baseUrl);
    await again.stop();

    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen({ host: '127.0.0.1', port: Number(port) }, resolve));
    try {
      const log: string[] = [];
      const moved = (await start(log)).demo;
      expect(new URL(moved.baseUrl).port).not.toBe(port);
      expect(log.join('\n')).toMatch(new RegExp(`Port ${port} of the demo directory is taken`));
      await moved.stop();
      // The new port is the one remembered from now on.
      const after = (await start()).demo;
      expect(after.baseUrl).toBe(moved.baseUrl);
      await after.stop();
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  }, 300_000);

  it('restarts a child that died on the same address, with the same key and data', async () => {
    const log: string[] = [];
    const { demo } = await start(log);
    const firstPid = demo.pid;
    process.kill(firstPid, 'SIGKILL');
    await vi.waitFor(() => expect(demo.pid).not.toBe(firstPid), { timeout: 200_000, interval: 100 });
    strayPids.add(demo.pid);
    await vi.waitFor(
      async () => {
        const response = await fetch(`${demo.baseUrl}/api/v1/actor_profiles`, { headers: { authorization: `Token token=${demo.key}` } });
        expect(response.status).toBe(200);
        expect(response.headers.get('total')).toBe(firstTotal);
      },
      { timeout: 60_000, interval: 200 },
    );
    expect(demo.key).toBe(firstKey);
    expect(isAlive(firstPid)).toBe(false);
    expect(log.join('\n')).toMatch(/stopped unexpectedly \(SIGKILL\)[\s\S]*restarted on/);
    // Still one demo per app: the restarted one is the running one.
    expect(await startDemoDirectory({ userDataDir })).toBe(demo);
    await demo.stop();
    expect(isAlive(demo.pid)).toBe(false);
  }, 300_000);

  it('reports a child that fails with its exit code and its last output lines', async () => {
    const error = await startDemoDirectory({ userDataDir, extraArgs: ['--no-such-flag'] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DemoLaunchError);
    expect((error as DemoLaunchError).message).toMatch(/exited during startup \(exit code 2\)/);
    expect((error as DemoLaunchError).message).toMatch(/Last output of the demo directory:[\s\S]*no-such-flag[\s\S]*Usage: npm run directory/);
    expect((error as DemoLaunchError).output.length).toBeGreaterThan(0);
  });

  it('reports a program that cannot be started, and a child that never says it listens', async () => {
    const missing = await startDemoDirectory({ userDataDir, command: join(userDataDir, 'no-such-program') }).catch((caught: unknown) => caught);
    expect(missing).toBeInstanceOf(DemoLaunchError);
    expect((missing as Error).message).toMatch(/could not be started .*no-such-program.*ENOENT/);

    const silent = await startDemoDirectory({
      userDataDir,
      args: ['-e', 'console.log("warming up"); setInterval(() => {}, 1000)', '--'],
      startupTimeoutMs: 1500,
    }).catch((caught: unknown) => caught);
    expect(silent).toBeInstanceOf(DemoLaunchError);
    expect((silent as Error).message).toMatch(/did not start within 2 s[\s\S]*warming up/);
  });

  it.each([
    ['killed outright (SIGKILL)', 'hang'],
    ['exiting normally', 'exit'],
  ])('the child does not outlive a parent %s', async (_name, mode) => {
    const script = join(userDataDir, `parent-${mode}.mts`);
    writeFileSync(
      script,
      `import { startDemoDirectory } from ${JSON.stringify(join(repoRoot, 'electron/core/demo/demoLauncher.ts'))};
const demo = await startDemoDirectory({ userDataDir: process.argv[2], extraArgs: ${JSON.stringify(smallDemo)} });
console.log(\`CHILD \${demo.pid} \${demo.baseUrl}\`);
if (process.argv[3] === 'exit') setTimeout(() => process.exit(0), 200);
else setInterval(() => {}, 1000);
`,
    );
    const parent = spawn(process.execPath, ['--import', 'tsx', script, userDataDir, mode], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    strayPids.add(parent.pid!);
    let output = '';
    parent.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    parent.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitUntil(() => /CHILD \d+ http/.test(output) || parent.exitCode !== null, { timeoutMs: 240_000, what: 'the parent reports its demo child' });
    const [, pid, baseUrl] = /CHILD (\d+) (\S+)/.exec(output) ?? [];
    expect(pid, output).toBeDefined();
    strayPids.add(Number(pid));
    expect(isAlive(Number(pid))).toBe(true);
    if (mode === 'hang') parent.kill('SIGKILL');
    await waitUntil(() => parent.exitCode !== null || parent.signalCode !== null, { timeoutMs: 60_000, what: 'the parent is gone' });
    await waitUntil(() => !isAlive(Number(pid)), { timeoutMs: 60_000, what: 'the demo child is gone' });
    expect(await refusesConnections(baseUrl!)).toBe(true);
  }, 300_000);
});
