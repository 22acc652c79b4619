/**
 * electron/main/index.ts end to end against the `electron` double (loaded as Electron loads its entry:
 * 'ready' once the module has evaluated) and the real back
 * end (electron/core, in plain Node, on a throwaway user data folder given by --user-data-dir):
 * what happens before ready, what is in place before the window loads, that a trusted frame reaches
 * the back end through IPC, and that quitting waits for the back end to close.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { electronDouble, electronEvent, type BrowserWindowDouble } from './electronDouble.ts';
import { channelNames, ipcChannel } from '../../../contract/bridge.ts';
import { rendererContentSecurityPolicy } from '../../../electron/core/files/contentSecurityPolicy.ts';

vi.mock('electron', async () => (await import('./electronDouble.ts')).electronDouble.module);

const { recorded, app } = electronDouble;
let userDataDir: string;
const originalArgv = process.argv;

beforeAll(async () => {
  userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-main-'));
  process.argv = [...originalArgv, '--user-data-dir', userDataDir];
  // start() goes on after the entry evaluated: the window's page loading is the end of it.
  const windowLoaded = new Promise((resolve) => app.once('browser-window-created', (_event: unknown, window: BrowserWindowDouble) => window.webContents.once('did-finish-load', resolve)));
  await electronDouble.runEntry(() => import('../../../electron/main/index.ts'));
  await windowLoaded;
}, 30_000);

afterAll(async () => {
  process.argv = originalArgv;
  await rm(userDataDir, { recursive: true, force: true });
});

const trustedFrame = { senderFrame: { url: 'app://castdesk/index.html' } };

describe('before the app is ready', () => {
  it('moves user data to --user-data-dir, is named Castdesk, registers the privileged schemes, enables the sandbox and takes the instance lock', () => {
    expect(recorded.userDataPath).toBe(userDataDir);
    expect(recorded.appName).toBe('Castdesk');
    expect(recorded.privilegedSchemes.map((entry) => entry.scheme)).toEqual(['app', 'castdesk-media']);
    expect(recorded.sandboxEnabled).toBe(true);
    expect(recorded.singleInstanceLockRequested).toBe(true);
  });
});

describe('once ready', () => {
  it('denies permissions on the default session and on every later session', () => {
    const callback = vi.fn();
    recorded.defaultSession.permissionRequestHandler?.({}, 'media', callback, {});
    expect(callback).toHaveBeenCalledWith(false);
    expect(recorded.defaultSession.permissionCheckHandler?.({}, 'notifications', 'app://castdesk', {})).toBe(false);
    expect(app.listenerCount('session-created')).toBe(1);
  });

  it('serves app:// (the built renderer, with its CSP) and castdesk-media:', async () => {
    expect([...recorded.protocolHandlers.keys()].sort()).toEqual(['app', 'castdesk-media']);
    const response = await recorded.protocolHandlers.get('app')!(new Request('app://castdesk/..%2f..%2fpackage.json'));
    expect(response.status).toBe(403);
    expect(response.headers.get('content-security-policy')).toBe(rendererContentSecurityPolicy());
  });

  it('registers one IPC handler per contract channel and no other', () => {
    expect([...recorded.ipcHandlers.keys()].sort()).toEqual(channelNames.map(ipcChannel).sort());
  });

  it('answers a trusted frame from the real back end, and validates its arguments there', async () => {
    const info = await recorded.ipcHandlers.get(ipcChannel('getAppInfo'))!(trustedFrame, {});
    expect(info).toMatchObject({ ok: true, value: { shell: 'electron', version: '0.1.0' } });
    const bad = await recorded.ipcHandlers.get(ipcChannel('getActor'))!(trustedFrame, { connectionId: 'demo', id: -1 });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
  });

  it('hands a safe link from openExternal to shell.openExternal, as parsed, and refuses an unsafe one', async () => {
    recorded.openedExternally.length = 0;
    const open = recorded.ipcHandlers.get(ipcChannel('openExternal'))!;
    expect(await open(trustedFrame, { url: 'https://example.com/a b' })).toEqual({ ok: true, value: { opened: true } });
    expect(await open(trustedFrame, { url: 'javascript:alert(1)' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await open({ senderFrame: { url: 'https://evil.example/' } }, { url: 'https://example.com/' })).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    expect(recorded.openedExternally).toEqual(['https://example.com/a%20b']);
  });

  it('starts the demo directory as the bundled service in a utility process, not as Node through ELECTRON_RUN_AS_NODE', async () => {
    const opening = recorded.ipcHandlers.get(ipcChannel('openDemoDirectory'))!(trustedFrame, {});
    await vi.waitFor(() => expect(recorded.utilityProcesses).toHaveLength(1));
    const [demo] = recorded.utilityProcesses;
    expect(demo?.modulePath).toBe(path.join(app.getAppPath(), 'out/main/directory.js'));
    expect(demo?.args).toEqual(expect.arrayContaining(['--demo', '--data-dir', path.join(userDataDir, 'demo-directory')]));
    expect(demo?.options.cwd).toBe(userDataDir);
    // A service that fails during startup is reported, not restarted. The utility process runs the
    // built out/main/directory.js for real (or fails at once where it is not built): end it now.
    await vi.waitFor(() => expect(demo!.pid !== undefined || demo!.exited).toBe(true));
    try {
      if (demo?.pid !== undefined) process.kill(demo.pid, 'SIGKILL');
    } catch {
      // It ended on its own.
    }
    expect(await opening).toMatchObject({ ok: false, error: { code: 'demo_failed' } });
    expect(recorded.utilityProcesses).toHaveLength(1);
  });

  it('opens the log and data folders, shows taskbar progress and notifications, and logs a renderer that died', async () => {
    const call = (channel: string, args: unknown) => recorded.ipcHandlers.get(ipcChannel(channel as never))!(trustedFrame, args);
    const info = (await call('getAppInfo', {})) as { value: { folders: { data: string; logs: string } } };
    expect(info.value.folders).toEqual({ data: userDataDir, logs: path.join(userDataDir, 'logs') });
    expect(await call('openFolder', { folder: 'logs' })).toEqual({ ok: true, value: { opened: true } });
    expect(await call('openFolder', { folder: 'data' })).toEqual({ ok: true, value: { opened: true } });
    expect(recorded.openedPaths).toEqual([path.join(userDataDir, 'logs'), userDataDir]);

    await vi.waitFor(() => expect(recorded.windows.length).toBeGreaterThan(0));
    const [window] = recorded.windows;
    await call('setTaskbarProgress', { fraction: 0.4 });
    expect(window!.progress).toBe(0.4);
    await call('setTaskbarProgress', { fraction: null });
    expect(window!.progress).toBe(-1);

    expect(await call('showNotification', { title: 'Sync complete', body: '1,942 actors saved' })).toEqual({ ok: true, value: { shown: true } });
    expect(recorded.notifications).toEqual([{ title: 'Sync complete', body: '1,942 actors saved' }]);

    await call('logRendererError', { message: 'TypeError: row is undefined', detail: 'at ProfileRow.vue:12' });
    window!.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 133 });
    const log = await readFile(path.join(userDataDir, 'logs', 'castdesk.log'), 'utf8');
    expect(log).toContain('Renderer: TypeError: row is undefined');
    expect(log).toContain('renderer process ended');
    expect(log).toContain('crashed');
  });

  it('refuses a foreign frame with forbidden_sender', async () => {
    const answer = await recorded.ipcHandlers.get(ipcChannel('listConnections'))!({ senderFrame: { url: 'https://evil.example/' } }, {});
    expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
  });

  it('installs the menu and opens one window on app://castdesk/ with the built preload', () => {
    expect(recorded.applicationMenu?.template.length).toBeGreaterThan(0);
    expect(recorded.windows).toHaveLength(1);
    const [window] = recorded.windows;
    expect(window?.loadedUrl).toBe('app://castdesk/index.html');
    expect(String(window?.options.webPreferences?.preload)).toMatch(/[/\\]out[/\\]preload[/\\]index\.cjs$|[/\\]electron[/\\]preload[/\\]index\.cjs$/);
  });

  it('focuses the existing window when a second instance starts', async () => {
    const [window] = recorded.windows;
    window!.focused = false;
    app.emit('second-instance', electronEvent(), [], '/');
    await vi.waitFor(() => expect(window?.focused).toBe(true));
    expect(recorded.windows).toHaveLength(1);
  });
});

describe('quitting', () => {
  it('remembers the window place and waits for the back end to close before quitting', async () => {
    recorded.windows[0]?.close();
    await vi.waitFor(async () => expect(JSON.parse(await readFile(path.join(userDataDir, 'window-state.json'), 'utf8'))).toMatchObject({ version: 1 }));
    const quitsBefore = recorded.quitCalls;
    let willQuit = 0;
    app.on('will-quit', () => (willQuit += 1));
    app.quit();
    // The first quit is held back while the back end closes, then quit() runs again and goes through.
    await vi.waitFor(() => expect(willQuit).toBe(1));
    expect(recorded.quitCalls).toBe(quitsBefore + 2);
    expect(recorded.ipcHandlers.size).toBe(0);
    expect(recorded.exitCodes).toEqual([]);
  });
});
