/**
 * The `electron` double keeps the rules of Electron the app depends on (electronDouble.ts names the
 * Electron document of each), so a test against it fails where Electron would fail:
 * 'ready' only after the entry has evaluated (and the old electron/main/index.ts, whose top-level
 * `await start()` waits for ready, hangs under it while the fixed one opens its window); privileged
 * schemes only before ready; utility processes only after ready, run for real as Node; preloads
 * sandboxed (`require` of electron, events, timers and url only); the context bridge and IPC as
 * Electron's.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { electronDouble, type BrowserWindowDouble, type UtilityProcessDouble } from './electronDouble.ts';
import { startEntryUnderDouble, type EntryUnderDouble } from './entryUnderDouble.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const { app, recorded } = electronDouble;
const { protocol, utilityProcess, BrowserWindow, ipcMain } = electronDouble.module;
let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'castdesk-double-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** Ends when the utility process exits; resolves with its code. */
const exitOf = (child: UtilityProcessDouble) => new Promise<number>((resolve) => child.once('exit', resolve));
/** Everything a stream says, once it has ended. */
function textOf(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return new Promise((resolve) => stream.once('end', () => resolve(text)));
}

describe('the `electron` module of a Node process (electronModule.ts)', () => {
  it('exports every module of the double by name, as Electron does', async () => {
    const esm = await import('./electronModule.ts');
    const named = (module: object) => Object.keys(module).filter((name) => name !== 'default').sort();
    expect(named(esm)).toEqual(named(electronDouble.module));
  });
});

describe('the app’s lifecycle', () => {
  it('emits ready only after the entry has finished evaluating, however long it awaits', async () => {
    const seen: string[] = [];
    app.on('ready', () => seen.push('ready'));
    void app.whenReady().then(() => seen.push('whenReady'));
    await electronDouble.runEntry(async () => {
      // What an entry may do before ready, and may not.
      protocol.registerSchemesAsPrivileged([{ scheme: 'early', privileges: { standard: true } }]);
      expect(() => utilityProcess.fork(path.join(workDir, 'none.mjs'))).toThrow('utilityProcess cannot be created before app is ready.');
      // The double before this rule became ready on a microtask; here neither turns nor I/O make it ready.
      for (let turn = 0; turn < 20; turn++) await Promise.resolve();
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(`evaluated (ready: ${app.isReady()})`);
    });
    await app.whenReady();
    expect(seen).toEqual(['evaluated (ready: false)', 'ready', 'whenReady']);
    expect(recorded.privilegedSchemes.map((entry) => entry.scheme)).toContain('early');
  });

  it('refuses privileged schemes once ready', () => {
    expect(() => protocol.registerSchemesAsPrivileged([{ scheme: 'late', privileges: { standard: true } }])).toThrow('should be called before app is ready');
    expect(recorded.privilegedSchemes.map((entry) => entry.scheme)).not.toContain('late');
  });
});

describe('a utility process', () => {
  it('runs the module for real as Node, with its arguments, environment, folder and piped output', async () => {
    const module = path.join(workDir, 'service.mjs');
    await writeFile(module, "console.log(JSON.stringify({ args: process.argv.slice(2), cwd: process.cwd(), color: process.env.COLOR ?? null, home: process.env.HOME ?? null })); console.error('to stderr'); process.exit(7);");
    const child = utilityProcess.fork(module, ['--demo', '--port', '0'], { cwd: workDir, env: { COLOR: 'blue' }, stdio: 'pipe' });
    const stdout = textOf(child.stdout!);
    const stderr = textOf(child.stderr!);
    const spawned = new Promise<number | undefined>((resolve) => child.once('spawn', () => resolve(child.pid)));
    expect(child.pid).toBeUndefined();
    expect(await spawned).toBeGreaterThan(0);
    expect(await exitOf(child)).toBe(7);
    expect(child.pid).toBeUndefined();
    expect(JSON.parse(await stdout)).toEqual({ args: ['--demo', '--port', '0'], cwd: workDir, color: 'blue', home: null });
    expect(await stderr).toContain('to stderr');
  });

  it('fails like Electron’s on a module that does not exist: it starts, cannot load it and exits with a code', async () => {
    const child = utilityProcess.fork(path.join(workDir, 'missing.mjs'), [], { stdio: 'pipe' });
    const stderr = textOf(child.stderr!);
    expect(await exitOf(child)).toBe(1);
    expect(await stderr).toContain("Cannot find module '" + path.join(workDir, 'missing.mjs'));
  });

  it('asks the process to stop with SIGTERM on kill()', async () => {
    const module = path.join(workDir, 'stoppable.mjs');
    await writeFile(module, "process.on('SIGTERM', () => process.exit(0)); console.log('up'); setInterval(() => {}, 60_000);");
    const child = utilityProcess.fork(module, [], { stdio: 'pipe' });
    await new Promise((resolve) => child.stdout!.once('data', resolve));
    const exited = exitOf(child);
    expect(child.kill()).toBe(true);
    expect(await exited).toBe(0);
    expect(child.kill()).toBe(false);
  });
});

describe('a window’s preload, sandboxed', () => {
  let pageRequests = 0;
  beforeAll(() => {
    protocol.handle('app', () => {
      pageRequests += 1;
      return Promise.resolve(new Response('<!doctype html><title>page</title>', { headers: { 'content-type': 'text/html' } }));
    });
  });

  /** A window with `source` as its preload, loaded on app://castdesk/index.html. */
  async function windowWithPreload(name: string, source: string): Promise<BrowserWindowDouble> {
    const preload = path.join(workDir, `${name}.cjs`);
    await writeFile(preload, source);
    const window = new BrowserWindow({ webPreferences: { preload, sandbox: true, contextIsolation: true } });
    await window.loadURL('app://castdesk/index.html');
    return window;
  }

  it('may require electron (renderer modules only), events, timers and url, and sees the polyfilled globals', async () => {
    const window = await windowWithPreload(
      'allowed',
      `const { contextBridge, ipcRenderer, app } = require('electron');
       const { EventEmitter } = require('events');
       const { setTimeout: later } = require('node:timers');
       const { URL: Url } = require('url');
       contextBridge.exposeInMainWorld('probe', {
         facts: () => ({ hasApp: app !== undefined, hasIpc: typeof ipcRenderer.invoke, emitter: typeof EventEmitter, timers: typeof later, url: new Url('app://castdesk/x').host,
           processType: process.type, sandboxed: process.sandboxed, binding: typeof process.binding, buffer: typeof Buffer, immediate: typeof setImmediate,
           dirname: typeof __dirname, nodeGlobalRequire: typeof globalThis.require, fetchOfNode: typeof globalThis.process }),
       });`,
    );
    expect(pageRequests).toBe(1);
    expect(window.pageStatus).toBe(200);
    expect(window.preloadErrors).toEqual([]);
    const probe = window.mainWorld.probe as { facts: () => unknown };
    expect(probe.facts()).toEqual({
      hasApp: false,
      hasIpc: 'function',
      emitter: 'function',
      timers: 'function',
      url: 'castdesk',
      processType: 'renderer',
      sandboxed: true,
      binding: 'undefined',
      buffer: 'function',
      immediate: 'function',
      dirname: 'undefined',
      nodeGlobalRequire: 'undefined',
      fetchOfNode: 'undefined',
    });
  });

  it.each(['fs', 'node:fs', 'path', 'child_process', 'zod', './bridge.cjs'])('may not require %s: the preload fails as in Electron, the page still loads', async (name) => {
    const window = await windowWithPreload(`refused-${name.replaceAll(/\W/g, '_')}`, `require(${JSON.stringify(name)}); require('electron').contextBridge.exposeInMainWorld('castdesk', {});`);
    expect(window.preloadErrors.map(String)).toEqual([`Error: module not found: ${name}`]);
    expect(window.mainWorld).toEqual({});
    expect(window.pageStatus).toBe(200);
  });

  it('copies an exposed API into the page (functions proxied, no prototypes) and refuses a key the page already has', async () => {
    const window = await windowWithPreload(
      'bridge',
      `class Api { greet(name) { return 'hello ' + name; } }
       const api = new Api();
       require('electron').contextBridge.exposeInMainWorld('castdesk', { greet: (name) => api.greet(name), nested: { answer: () => Promise.resolve({ at: new Date(0) }) } });
       require('electron').contextBridge.exposeInMainWorld('castdesk', {});`,
    );
    expect(window.preloadErrors.map(String)).toEqual(['Error: Cannot bind an API on top of an existing property on the window object']);
    const castdesk = window.mainWorld.castdesk as { greet: (name: string) => string; nested: { answer: () => Promise<{ at: Date }> } };
    expect(Object.getPrototypeOf(castdesk)).toBe(Object.prototype);
    expect(castdesk.greet('Ada')).toBe('hello Ada');
    expect(await castdesk.nested.answer()).toEqual({ at: {} });
  });

  it('invokes the main process’s handler with the frame’s URL, cloned arguments and answer; no handler is an error', async () => {
    const window = await windowWithPreload(
      'ipc',
      `const { contextBridge, ipcRenderer } = require('electron');
       contextBridge.exposeInMainWorld('castdesk', { ask: (args) => ipcRenderer.invoke('double:ask', args), unknown: () => ipcRenderer.invoke('double:none') });`,
    );
    const sent = { list: [1, 2] };
    let received: { url: string; args: unknown } | undefined;
    ipcMain.handle('double:ask', (event: unknown, args: unknown) => {
      received = { url: (event as { senderFrame: { url: string } }).senderFrame.url, args };
      return { ok: true };
    });
    const castdesk = window.mainWorld.castdesk as { ask: (args: unknown) => Promise<unknown>; unknown: () => Promise<unknown> };
    expect(await castdesk.ask(sent)).toEqual({ ok: true });
    expect(received).toEqual({ url: 'app://castdesk/index.html', args: { list: [1, 2] } });
    expect(received!.args).not.toBe(sent);
    await expect(castdesk.unknown()).rejects.toThrow("Error invoking remote method 'double:none': Error: No handler registered for 'double:none'");
  });
});

describe('messages from the main process to a page', () => {
  it('delivers webContents.send to the page’s ipcRenderer.on listeners later, cloned, with the event first; a reloaded page starts without them', async () => {
    const preload = path.join(workDir, 'listening.cjs');
    await writeFile(
      preload,
      `const { contextBridge, ipcRenderer } = require('electron');
       const heard = [];
       ipcRenderer.on('double:told', (event, ...args) => heard.push({ senderIsIpc: event.sender === ipcRenderer, args }));
       contextBridge.exposeInMainWorld('probe', { heard: () => heard });`,
    );
    const window = new BrowserWindow({ webPreferences: { preload, sandbox: true, contextIsolation: true } });
    await window.loadURL('app://castdesk/index.html');
    const probe = () => (window.mainWorld.probe as { heard: () => unknown[] }).heard();
    const sent = { route: '/actors/5' };
    window.webContents.send('double:told', sent, 2);
    window.webContents.send('double:other', 'not this channel');
    expect(probe()).toEqual([]);
    await vi.waitFor(() => expect(probe()).toEqual([{ senderIsIpc: true, args: [{ route: '/actors/5' }, 2] }]));
    expect(() => window.webContents.send('double:told', () => 'a function')).toThrow();

    // The reloaded page runs no preload (its file is gone): it has no listener, and the old page's is gone.
    const before = window.mainWorld.probe as { heard: () => unknown[] };
    await rm(preload);
    await window.loadURL('app://castdesk/index.html');
    window.webContents.send('double:told', 'after reload');
    // Delivery is queued as a message; once this later turn comes, it would have happened.
    await new Promise((resolve) => setImmediate(resolve));
    expect(before.heard()).toHaveLength(1);
    expect(window.webContents.sent.map((message) => message.args)).toEqual([[{ route: '/actors/5' }, 2], ['not this channel'], ['after reload']]);
  });
});

describe('quitting and the main-process modules', () => {
  it('quits as Electron does: before-quit, will-quit, then quit with the exit code; each step can be stopped', () => {
    const seen: string[] = [];
    let stopAt: string | undefined;
    for (const step of ['before-quit', 'will-quit'] as const) {
      app.on(step, (event: { preventDefault(): void }) => {
        seen.push(step);
        if (stopAt === step) event.preventDefault();
      });
    }
    app.on('quit', (_event: unknown, exitCode: number) => seen.push(`quit ${exitCode}`));
    stopAt = 'before-quit';
    app.quit();
    stopAt = 'will-quit';
    app.quit();
    stopAt = undefined;
    app.quit();
    expect(seen).toEqual(['before-quit', 'before-quit', 'will-quit', 'before-quit', 'will-quit', 'quit 0']);
  });

  it('starts crash reports only with a submitURL or with uploads off, and records whether before ready', () => {
    const { crashReporter } = electronDouble.module;
    expect(() => crashReporter.start({ compress: true })).toThrow('submitURL is required unless uploadToServer is false');
    crashReporter.start({ uploadToServer: false });
    // The app became ready with the lifecycle tests' entry above.
    expect(app.isReady()).toBe(true);
    expect(recorded.crashReporterStarts).toEqual([{ options: { uploadToServer: false }, beforeReady: false }]);
  });
});

describe('electron/main/index.ts loaded as Electron loads its entry', () => {
  const runs: EntryUnderDouble[] = [];
  afterAll(async () => {
    for (const run of runs) run.kill();
    await Promise.all(runs.map((run) => run.exited));
  });

  /** The entry run by tsx from the repository under the double, with its own user data folder. */
  async function runSourceEntry(entry: string, name: string): Promise<EntryUnderDouble> {
    const userDataDir = path.join(workDir, `user-data-${name}`);
    await mkdir(userDataDir);
    const run = startEntryUnderDouble(entry, ['--user-data-dir', userDataDir], { cwd: repoRoot, nodeArgs: ['--import', 'tsx'] });
    runs.push(run);
    return run;
  }

  it('hangs with the old top-level `await start()`: Node ends on the unsettled await, never ready, no window', async () => {
    // The entry as it was before the fix, made from today's: `await start()` instead of `void start()`,
    // its relative imports pointing at the sources, in an app folder of its own (with package.json).
    const source = await readFile(path.join(repoRoot, 'electron/main/index.ts'), 'utf8');
    expect(source).toContain('void start().catch(');
    const indexUrl = pathToFileURL(path.join(repoRoot, 'electron/main/index.ts'));
    const old = source
      .replaceAll(/from '(\.\.?\/[^']+)'/g, (_match, specifier: string) => `from '${new URL(specifier, indexUrl).href}'`)
      .replace('void start().catch(', 'await start().catch(');
    const appDir = path.join(workDir, 'old-app');
    await mkdir(path.join(appDir, 'electron/main'), { recursive: true });
    await writeFile(path.join(appDir, 'package.json'), await readFile(path.join(repoRoot, 'package.json')));
    await writeFile(path.join(appDir, 'electron/main/index.mts'), old);

    const run = await runSourceEntry(path.join(appDir, 'electron/main/index.mts'), 'old');
    // Node ends a process whose event loop is empty while a top-level await is pending with 13.
    expect(await run.exited).toEqual({ code: 13, signal: null });
    expect(run.output()).toContain('unsettled top-level await');
    expect(run.events.map((event) => event.event)).toEqual([]);
  });

  it('opens its window with the fixed entry (`void start()`)', async () => {
    const run = await runSourceEntry(path.join(repoRoot, 'electron/main/index.ts'), 'fixed');
    await run.next('ready');
    expect(await run.next('window')).toMatchObject({ url: 'app://castdesk/index.html' });
    expect(await run.quit()).toEqual({ code: 0, signal: null });
  });
});
