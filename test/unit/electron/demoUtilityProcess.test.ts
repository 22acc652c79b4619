/**
 * The demo directory in Electron's utility process (the packaged app has the RunAsNode fuse off):
 * electron/main/demoUtilityProcess.ts with the `electron` double, whose utility processes run for
 * real, driven by the real launcher from electron/core/demo. The forked module is a stand-in for the
 * directory service that prints what the service prints once it listens, stops with exit code 0 on
 * the stop request arriving on process.parentPort (as the service does after closing its database:
 * server/src/stopRequests.ts; demoCleanStop.test.ts proves that of the real service), dies with exit
 * code 1 on SIGUSR2, and writes where it runs to started-<pid>.json.
 * What is forked and with which environment, that a process that dies is restarted on the same
 * port, and that stop() sends the stop request (a message, never kill(), which is TerminateProcess
 * on Windows) and does not restart it.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { electronDouble, type UtilityProcessDouble } from './electronDouble.ts';
import { startDemoDirectory, type DemoDirectory } from '../../../electron/core/demo/demoLauncher.ts';
import { demoUtilityProcess } from '../../../electron/main/demoUtilityProcess.ts';
import { serviceStopRequest } from '../../../contract/service-stop.ts';

vi.mock('electron', async () => (await import('./electronDouble.ts')).electronDouble.module);

const { recorded } = electronDouble;
const standInService = `
const port = process.argv[process.argv.indexOf('--port') + 1];
require('node:fs').writeFileSync('started-' + process.pid + '.json', JSON.stringify({ cwd: process.cwd(), runAsNode: process.env.ELECTRON_RUN_AS_NODE ?? null, args: process.argv.slice(2) }));
console.log('Directory service listening on http://127.0.0.1:' + (port === '0' ? 43210 : port));
console.log('API keys (send "Authorization: Token token=<KEY>"):');
console.log('  demo-casting-pro-0123456789abcdef  Casting professional');
process.parentPort.on('message', (event) => {
  if (event.data && event.data.type === 'castdesk-service-stop') process.exit(0);
});
process.on('SIGUSR2', () => process.exit(1));
setInterval(() => {}, 60_000);
`;
let userDataDir: string;
let entry: string;

beforeAll(async () => {
  await electronDouble.runEntry(async () => {});
  userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-utility-'));
  entry = path.join(userDataDir, 'directory.cjs');
  await writeFile(entry, standInService);
});

afterAll(async () => {
  for (const child of recorded.utilityProcesses) child.kill();
  await rm(userDataDir, { recursive: true, force: true });
});

/** The n-th fork. */
async function serviceStarts(index: number): Promise<UtilityProcessDouble> {
  await vi.waitFor(() => expect(recorded.utilityProcesses.length).toBeGreaterThan(index), { timeout: 10_000 });
  return recorded.utilityProcesses[index]!;
}

describe('the demo directory in a utility process', () => {
  let demo: DemoDirectory;
  const log: string[] = [];

  it('forks the bundled service with the demo flags, stdout piped, a name, and no ELECTRON_RUN_AS_NODE', async () => {
    // As a development start under `electron` may have it in the environment.
    process.env.ELECTRON_RUN_AS_NODE = '1';
    const starting = startDemoDirectory({ userDataDir, cwd: userDataDir, startProcess: demoUtilityProcess(entry), log: (line) => log.push(line) });
    const first = await serviceStarts(0).finally(() => delete process.env.ELECTRON_RUN_AS_NODE);
    demo = await starting;
    expect(demo).toMatchObject({ baseUrl: 'http://127.0.0.1:43210', key: 'demo-casting-pro-0123456789abcdef', pid: first.pid });
    expect(first.modulePath).toBe(entry);
    expect(first.args).toEqual(['--demo', '--port', '0', '--data-dir', path.join(userDataDir, 'demo-directory'), '--rate-limit', 'off', '--live-changes', '60s']);
    expect(first.options).toMatchObject({ cwd: userDataDir, stdio: 'pipe', serviceName: 'Castdesk demo directory' });
    // The utility process is Node already; inherited, the variable would make its Electron plain Node.
    expect(first.options.env?.ELECTRON_RUN_AS_NODE).toBeUndefined();
    expect(first.options.env?.PATH).toBe(process.env.PATH);
    expect(first.options.env?.DATABASE_URL).toBe('');
    // It ran as Node on the module, in that folder, with those arguments.
    const started = JSON.parse(await readFile(path.join(userDataDir, `started-${first.pid}.json`), 'utf8')) as unknown;
    expect(started).toEqual({ cwd: userDataDir, runAsNode: null, args: first.args });
    expect(log.join('\n')).not.toContain('demo-casting-pro-0123456789abcdef');
  });

  it('restarts a process that died, on the same port, so the demo connection keeps its address', async () => {
    const first = recorded.utilityProcesses[0]!;
    const exited = new Promise((resolve) => first.once('exit', resolve));
    process.kill(first.pid!, 'SIGUSR2');
    expect(await exited).toBe(1);
    const second = await serviceStarts(1);
    expect(second.args.slice(0, 3)).toEqual(['--demo', '--port', '43210']);
    await vi.waitFor(() => expect(demo.pid).toBe(second.pid));
    expect(demo.baseUrl).toBe('http://127.0.0.1:43210');
    expect(log.join('\n')).toMatch(/stopped unexpectedly \(exit code 1\)[\s\S]*restarted on http:\/\/127\.0\.0\.1:43210/);
  });

  it('stop() sends the current process the stop request, never kill(), and does not restart it', async () => {
    const second = recorded.utilityProcesses[1]!;
    await demo.stop();
    expect(second.posted).toEqual([serviceStopRequest]);
    expect(second.killCalls).toBe(0);
    expect(await demo.exited).toEqual({ code: 0, signal: null });
    expect(second.exited).toBe(true);
    expect(recorded.utilityProcesses).toHaveLength(2);
  });
});
