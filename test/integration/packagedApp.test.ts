/**
 * The app as it ships, run: the working tree is copied to a temporary project and built there
 * (`electron-vite build`, leaving the repository's out/ to the packaging test), and that out/ is
 * packaged with the repository's production dependencies by electron-builder's own `--dir` run
 * against a stand-in for Electron's binary (standInPackage.ts); its app.asar (and app.asar.unpacked) is extracted with
 * @electron/asar into a folder outside the repository, so nothing but the production dependencies
 * is reachable from it. There:
 * (a) the bundled directory service, out/main/directory.js, runs as the utility process runs it
 *     (electron/main/demoUtilityProcess.ts started by electron/core/demo's launcher, with the
 *     `electron` double, whose utility processes are Node on the module) and serves actors on /api/v1;
 * (b) the built main entry, out/main/index.js, runs in Node under the `electron` double as Electron
 *     runs it ('ready' after it evaluated) and loads app://castdesk/index.html from the packaged
 *     renderer, with the packaged preload run sandboxed (window.castdesk and window.castdeskLinks);
 * (c) the page's bridge takes the castdesk:// link the app was started with, opens the demo
 *     directory through the IPC handler (trusted frame app://castdesk/index.html) and lists its actors.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { extractAll } from '@electron/asar';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { channelNames } from '../../contract/bridge-channels.ts';
import { startDemoDirectory, type DemoDirectory } from '../../electron/core/demo/demoLauncher.ts';
import { demoUtilityProcess } from '../../electron/main/demoUtilityProcess.ts';
import { electronDouble } from '../unit/electron/electronDouble.ts';
import { startEntryUnderDouble, type EntryUnderDouble } from '../unit/electron/entryUnderDouble.ts';
import { packWithStandInElectron } from '../unit/electron/standInPackage.ts';

vi.mock('electron', async () => (await import('../unit/electron/electronDouble.ts')).electronDouble.module);

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);
/** Creating the demo's database and generating it takes about 15 s alone, minutes on a loaded 2-core machine. */
const demoStartTimeout = 300_000;
let workDir: string;
/** The extracted app.asar: package.json, out/, node_modules/ (production dependencies only). */
let appDir: string;

/** The working tree (tracked and new files, not ignored ones) as a project of its own to build, with the repository's node_modules. */
async function copyProject(target: string): Promise<void> {
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024 });
  const files = stdout.split('\0').filter(Boolean);
  for (const file of files) {
    await mkdir(path.dirname(path.join(target, file)), { recursive: true });
    // A file deleted but not yet committed is listed too.
    await cp(path.join(repoRoot, file), path.join(target, file)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
  await symlink(path.join(repoRoot, 'node_modules'), path.join(target, 'node_modules'), 'dir');
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'castdesk-shipped-'));
  const projectDir = path.join(workDir, 'project');
  await copyProject(projectDir);
  await run(path.join(projectDir, 'node_modules/.bin/electron-vite'), ['build'], { cwd: projectDir, maxBuffer: 16 * 1024 * 1024 });
  const unpacked = await packWithStandInElectron(repoRoot, workDir, { out: path.join(projectDir, 'out') });
  appDir = path.join(workDir, 'app');
  extractAll(path.join(unpacked, 'resources', 'app.asar'), appDir);
  await electronDouble.runEntry(async () => {});
}, 600_000);

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('the extracted package', () => {
  it('reaches its production dependencies and no development tool', () => {
    const fromMain = createRequire(path.join(appDir, 'out/main/index.js'));
    expect(fromMain.resolve('fastify')).toBe(path.join(appDir, 'node_modules/fastify/fastify.js'));
    for (const tool of ['tsx', 'vitest', 'electron', 'electron-vite']) expect(() => fromMain.resolve(tool), tool).toThrow();
  });
});

describe('(a) the bundled directory service, run as the utility process runs it', () => {
  let userDataDir: string;
  let demo: DemoDirectory | undefined;

  afterAll(async () => {
    await demo?.stop();
    for (const child of electronDouble.recorded.utilityProcesses) child.kill();
    if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
  });

  it('generates the demo and serves its actors on /api/v1 with its key', async () => {
    userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-shipped-demo-'));
    const log: string[] = [];
    const entry = path.join(appDir, 'out/main/directory.js');
    demo = await startDemoDirectory({ userDataDir, cwd: userDataDir, startProcess: demoUtilityProcess(entry), log: (line) => log.push(line) }).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${log.join('\n')}`);
    });
    const [forked] = electronDouble.recorded.utilityProcesses;
    expect(forked?.modulePath).toBe(entry);
    const response = await fetch(`${demo.baseUrl}/api/v1/actor_profiles?per_page=3`, { headers: { authorization: `Token token=${demo.key}` } });
    expect(response.status).toBe(200);
    const actors = (await response.json()) as { id: number; name: string }[];
    expect(actors).toHaveLength(3);
    for (const actor of actors) expect(actor).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
  }, demoStartTimeout);
});

describe('(b, c) the built main entry under the electron double', () => {
  let userDataDir: string;
  let app: EntryUnderDouble;

  beforeAll(async () => {
    userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-shipped-user-'));
    // Plain Node, started outside the repository: only the package's own files and dependencies.
    // Started by a castdesk:// link, as the OS starts it when one is clicked.
    app = startEntryUnderDouble(path.join(appDir, 'out/main/index.js'), ['--user-data-dir', userDataDir, 'castdesk://actors/5'], { cwd: workDir });
  });

  afterAll(async () => {
    app?.kill();
    await app?.exited;
    if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
  });

  it('gets ready, and loads app://castdesk/index.html from the packaged renderer with the packaged preload', async () => {
    await app.next('ready');
    const window = await app.next('window');
    expect(window).toMatchObject({
      url: 'app://castdesk/index.html',
      pageStatus: 200,
      preload: path.join(appDir, 'out/preload/index.cjs'),
      mainWorld: ['castdesk', 'castdeskLinks'],
      links: ['onLinkWaiting:function'],
      preloadErrors: [],
    });
    // window.castdesk: one function per contract channel, nothing else.
    expect([...(window.bridge as string[])].sort()).toEqual(channelNames.map((name) => `${name}:function`).sort());
  });

  it('hands the page the castdesk:// link it was started with, once', async () => {
    expect(await app.call('takeAppLink', {})).toEqual({ ok: true, value: { route: '/actors/5' } });
    expect(await app.call('takeAppLink', {})).toEqual({ ok: true, value: { route: null } });
  });

  it('opens the demo directory through the bridge and lists its actors', async () => {
    const opened = (await app.call('openDemoDirectory', {})) as { ok: boolean; value?: { id: string; isDemo: boolean; hasKey: boolean; baseUrl: string }; error?: unknown };
    expect(opened, JSON.stringify(opened)).toMatchObject({ ok: true, value: { isDemo: true, hasKey: true, baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) } });
    const listed = (await app.call('listActors', { connectionId: opened.value!.id, params: { page: 1, perPage: 5 } })) as { ok: boolean; value?: { items: unknown[] } };
    expect(listed, JSON.stringify(listed)).toMatchObject({ ok: true });
    expect(listed.value!.items.length).toBeGreaterThan(0);
  }, demoStartTimeout);

  it('quits cleanly: the back end closes and the demo directory stops at its stop request (exit 0), not by a kill', async () => {
    expect(await app.quit()).toEqual({ code: 0, signal: null });
    const quit = await app.next('quit');
    expect(quit).toMatchObject({ exitCodes: [], errorBoxes: [] });
    // A kill after the launcher's grace period would be SIGKILL (137); the service closes its database and exits 0.
    expect(quit.utilityExitCodes).toEqual([0]);
  });
});
