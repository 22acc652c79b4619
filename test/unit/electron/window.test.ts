/**
 * The main window against the recording double: its web preferences exactly, no way out of the
 * app (window.open, navigation, redirects, <webview>), and its place remembered between runs.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { electronDouble, electronEvent, type BrowserWindowDouble } from './electronDouble.ts';
import { openMainWindow } from '../../../electron/main/window.ts';

vi.mock('electron', async () => (await import('./electronDouble.ts')).electronDouble.module);

const { recorded } = electronDouble;
let stateDir: string;
let stateFile: string;

async function open(devServerUrl?: string): Promise<BrowserWindowDouble> {
  return (await openMainWindow({
    preloadPath: '/app/out/preload/index.cjs',
    startUrl: 'app://castdesk/index.html',
    stateFile,
    devServerUrl,
  })) as unknown as BrowserWindowDouble;
}

// The window loads its page through the app:// handler, as index.ts registers it before opening one.
beforeAll(() => {
  electronDouble.module.protocol.handle('app', () => Promise.resolve(new Response('<!doctype html><title>Castdesk</title>')));
});

beforeEach(async () => {
  stateDir = await mkdtemp(path.join(tmpdir(), 'castdesk-window-'));
  stateFile = path.join(stateDir, 'window-state.json');
  recorded.windows.length = 0;
  recorded.openedExternally.length = 0;
  recorded.displays = [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }];
});
afterEach(async () => {
  await rm(stateDir, { recursive: true, force: true });
});

describe('the main window', () => {
  it('has exactly the secure web preferences', async () => {
    const window = await open();
    expect(window.options.webPreferences).toEqual({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      disableBlinkFeatures: 'Auxclick',
      navigateOnDragDrop: false,
      safeDialogs: true,
    });
    expect(window.loadedUrl).toBe('app://castdesk/index.html');
    expect(window.shown).toBe(false);
    window.emit('ready-to-show');
    expect(window.shown).toBe(true);
  });

  it('denies every window.open; safe links go to the OS browser, others nowhere', async () => {
    const { webContents } = await open();
    for (const url of ['https://example.com/profile', 'mailto:a@example.com', 'javascript:alert(1)', 'file:///etc/passwd', 'app://castdesk/index.html', 'about:blank']) {
      expect(webContents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' });
    }
    expect(recorded.openedExternally).toEqual(['https://example.com/profile', 'mailto:a@example.com']);
  });

  it('cancels navigation and redirects to any other origin', async () => {
    const { webContents } = await open();
    for (const url of ['https://example.com/', 'file:///etc/passwd', 'http://localhost:5173/', 'app://castdesk.evil/', 'data:text/html,x']) {
      const navigation = electronEvent();
      webContents.emit('will-navigate', navigation, url);
      expect(navigation.defaultPrevented, url).toBe(true);
      const redirect = electronEvent();
      webContents.emit('will-redirect', redirect, url);
      expect(redirect.defaultPrevented, url).toBe(true);
    }
    expect(recorded.openedExternally).toEqual(['https://example.com/']);
    const inApp = electronEvent();
    webContents.emit('will-navigate', inApp, 'app://castdesk/index.html');
    expect(inApp.defaultPrevented).toBe(false);
  });

  it('lets the dev server navigate within itself only when it is given', async () => {
    const { webContents } = await open('http://localhost:5173');
    const devNavigation = electronEvent();
    webContents.emit('will-navigate', devNavigation, 'http://localhost:5173/#/actors');
    expect(devNavigation.defaultPrevented).toBe(false);
    const away = electronEvent();
    webContents.emit('will-navigate', away, 'http://localhost:8080/');
    expect(away.defaultPrevented).toBe(true);
  });

  it('refuses to attach a <webview>', async () => {
    const { webContents } = await open();
    const attach = electronEvent();
    webContents.emit('will-attach-webview', attach, {}, {});
    expect(attach.defaultPrevented).toBe(true);
  });
});

describe('the window’s place', () => {
  it('opens at the default size the first time, and remembers its place on close', async () => {
    const first = await open();
    expect(first.options).toMatchObject({ width: 1280, height: 800 });
    expect(first.options.x).toBeUndefined();
    first.options.x = 200;
    first.options.y = 150;
    first.maximized = true;
    first.close();
    await vi.waitFor(async () => expect(JSON.parse(await readFile(stateFile, 'utf8'))).toMatchObject({ maximized: true }));
    expect((await readdir(stateDir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    const second = await open();
    expect(second.options).toMatchObject({ x: 200, y: 150, width: 1280, height: 800 });
    expect(second.maximized).toBe(true);
  });

  it('ignores a remembered place on a display that is gone', async () => {
    await writeFile(stateFile, JSON.stringify({ version: 1, bounds: { x: 3000, y: 100, width: 1000, height: 700 }, maximized: false }));
    recorded.displays = [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }];
    const window = await open();
    expect(window.options).toMatchObject({ width: 1280, height: 800 });
    expect(window.options.x).toBeUndefined();
  });

  it('uses it while that display is connected', async () => {
    await writeFile(stateFile, JSON.stringify({ version: 1, bounds: { x: 3000, y: 100, width: 1000, height: 700 }, maximized: false }));
    recorded.displays = [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }, { workArea: { x: 1920, y: 0, width: 2560, height: 1440 } }];
    const window = await open();
    expect(window.options).toMatchObject({ x: 3000, y: 100, width: 1000, height: 700 });
  });
});
