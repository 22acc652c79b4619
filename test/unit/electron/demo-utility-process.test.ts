/**
 * The demo directory in Electron's utility process (the packaged app has the RunAsNode fuse off):
 * electron/main/demoUtilityProcess.ts with the recording double of `electron`, driven by the real
 * launcher from electron/core/demo. What is forked and with which environment, that a process that
 * dies is restarted on the same port, and that stop() asks it to stop with the stop request (a
 * message, never kill(), which is TerminateProcess on Windows) and does not restart it.
 * demoCleanStop.test.ts proves the real service answers that request by closing its database.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { electronDouble, type UtilityProcessDouble } from './electronDouble.ts';
import { startDemoDirectory, type DemoDirectory } from '../../../electron/core/demo/demoLauncher.ts';
import { demoUtilityProcess } from '../../../electron/main/demoUtilityProcess.ts';
import { isServiceStopRequest, serviceStopRequest } from '../../../contract/service-stop.ts';

vi.mock('electron', async () => (await import('./electronDouble.ts')).electronDouble.module);

const { recorded, app } = electronDouble;
const entry = '/opt/Castdesk/resources/app.asar/out/main/directory.js';
let userDataDir: string;

beforeAll(async () => {
  await app.whenReady();
  userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-utility-'));
});

afterAll(async () => {
  await rm(userDataDir, { recursive: true, force: true });
});

/** Waits for the n-th fork and lets it say what the directory service says once it listens. */
async function serviceStarts(index: number, port: number): Promise<UtilityProcessDouble> {
  await vi.waitFor(() => expect(recorded.utilityProcesses.length).toBeGreaterThan(index), { timeout: 10_000 });
  const child = recorded.utilityProcesses[index]!;
  child.say(`Directory service listening on http://127.0.0.1:${port}`);
  child.say('API keys (send "Authorization: Token token=<KEY>"):');
  child.say('  demo-casting-pro-0123456789abcdef  Casting professional');
  return child;
}

describe('the demo directory in a utility process', () => {
  let demo: DemoDirectory;
  const log: string[] = [];

  it('forks the bundled service with the demo flags, stdout piped, a name, and no ELECTRON_RUN_AS_NODE', async () => {
    // As a development start under `electron` may have it in the environment.
    process.env.ELECTRON_RUN_AS_NODE = '1';
    const starting = startDemoDirectory({ userDataDir, cwd: userDataDir, startProcess: demoUtilityProcess(entry), log: (line) => log.push(line) });
    const first = await serviceStarts(0, 43_210).finally(() => delete process.env.ELECTRON_RUN_AS_NODE);
    demo = await starting;
    expect(demo).toMatchObject({ baseUrl: 'http://127.0.0.1:43210', key: 'demo-casting-pro-0123456789abcdef', pid: first.pid });
    expect(first.modulePath).toBe(entry);
    expect(first.args).toEqual(['--demo', '--port', '0', '--data-dir', path.join(userDataDir, 'demo-directory'), '--rate-limit', 'off']);
    expect(first.options).toMatchObject({ cwd: userDataDir, stdio: 'pipe', serviceName: 'Castdesk demo directory' });
    // The utility process is Node already; inherited, the variable would make its Electron plain Node.
    expect(first.options.env?.ELECTRON_RUN_AS_NODE).toBeUndefined();
    expect(first.options.env?.PATH).toBe(process.env.PATH);
    expect(first.options.env?.DATABASE_URL).toBe('');
    expect(log.join('\n')).not.toContain('demo-casting-pro-0123456789abcdef');
  });

  it('restarts a process that died, on the same port, so the demo connection keeps its address', async () => {
    const first = recorded.utilityProcesses[0]!;
    first.exit(1);
    const second = await serviceStarts(1, 43_210);
    expect(second.args.slice(0, 3)).toEqual(['--demo', '--port', '43210']);
    await vi.waitFor(() => expect(demo.pid).toBe(second.pid));
    expect(demo.baseUrl).toBe('http://127.0.0.1:43210');
    expect(log.join('\n')).toMatch(/stopped unexpectedly \(exit code 1\)[\s\S]*restarted on http:\/\/127\.0\.0\.1:43210/);
  });

  it('stop() sends the current process the stop request, never kill(), and does not restart it', async () => {
    const second = recorded.utilityProcesses[1]!;
    // The service's answer (server/src/stopRequests.ts): it closes its database, then exits with 0.
    second.on('posted', (message: unknown) => {
      if (isServiceStopRequest(message)) queueMicrotask(() => second.exit(0));
    });
    await demo.stop();
    expect(second.posted).toEqual([serviceStopRequest]);
    expect(second.killCalls).toBe(0);
    expect(await demo.exited).toEqual({ code: 0, signal: null });
    expect(recorded.utilityProcesses).toHaveLength(2);
  });
});
