/**
 * The Electron shell against a recording double of the `electron` module (its binary cannot run
 * here): the window it opens must be isolated from Node and never leave the renderer.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';

const recorded = vi.hoisted(() => ({
  windows: [] as { options: Record<string, unknown>; loadedFile?: string; handlers: Map<string, (...args: unknown[]) => unknown> }[],
  appHandlers: new Map<string, () => void>(),
}));

vi.mock('electron', () => {
  class BrowserWindow {
    static getAllWindows = () => recorded.windows;
    private readonly record: (typeof recorded.windows)[number];
    readonly webContents: Record<string, (...args: never[]) => void>;
    constructor(options: Record<string, unknown>) {
      this.record = { options, handlers: new Map() };
      recorded.windows.push(this.record);
      const handlers = this.record.handlers;
      this.webContents = {
        setWindowOpenHandler: (handler: (...args: unknown[]) => unknown) => handlers.set('window-open', handler),
        on: (event: string, handler: (...args: unknown[]) => unknown) => handlers.set(event, handler),
      };
    }
    once(event: string, handler: () => void): void {
      this.record.handlers.set(event, handler);
    }
    show(): void {}
    loadFile(file: string): Promise<void> {
      this.record.loadedFile = file;
      return Promise.resolve();
    }
    loadURL(): Promise<void> {
      throw new Error('a packaged or built app must not load a URL');
    }
  }
  const app = {
    isPackaged: true,
    on: (event: string, handler: () => void) => recorded.appHandlers.set(event, handler),
    whenReady: () => Promise.resolve(),
    quit: () => {},
  };
  return { app, BrowserWindow, default: { app, BrowserWindow } };
});

beforeAll(async () => {
  await import('../../../electron/main/index.ts');
});

describe('the main window', () => {
  it('is opened once the app is ready, isolated from Node', () => {
    expect(recorded.windows).toHaveLength(1);
    const webPreferences = recorded.windows[0]?.options.webPreferences as Record<string, unknown>;
    expect(webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    expect(String(webPreferences.preload)).toMatch(/[/\\]preload[/\\]index\.cjs$/);
  });

  it('loads the built renderer from disk', () => {
    expect(recorded.windows[0]?.loadedFile).toMatch(/[/\\]renderer[/\\]index\.html$/);
  });

  it('denies new windows and navigation away from the renderer', () => {
    const handlers = recorded.windows[0]?.handlers;
    expect(handlers?.get('window-open')?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    const preventDefault = vi.fn();
    handlers?.get('will-navigate')?.({ preventDefault }, 'https://example.com/');
    expect(preventDefault).toHaveBeenCalledOnce();
  });
});
