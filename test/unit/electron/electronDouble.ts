/**
 * A double of the `electron` module for the shell's tests (Electron's binary cannot run here). It
 * implements the calls electron/main and electron/preload make, records every registration, lets a
 * test fire the events Electron would fire, and keeps the rules of Electron that the app depends on,
 * each with the Electron document it follows:
 * - `ready` (and whenReady()) only after the app's ES-module entry has finished evaluating
 *   (Electron's "ES Modules (ESM) in Electron" guide, https://www.electronjs.org/docs/latest/tutorial/esm;
 *   electron/electron#40719, #41369): load the entry with `electronDouble.loadEntry(url)`, or
 *   `runEntry(evaluate)` for a test that is its own entry. An entry whose top-level await waits
 *   for `ready` therefore never settles, as in Electron.
 * - protocol.registerSchemesAsPrivileged throws once the app is ready (Electron's protocol docs:
 *   "can only be used before the ready event of the app module gets emitted").
 * - utilityProcess.fork only after ready, and it runs the module for real as Node with the given
 *   argv, env, cwd and pipes (utilityProcessDouble.ts, Electron's utilityProcess docs).
 * - A window's preload runs when a page loads, sandboxed (sandboxedPreload.ts, Electron's
 *   "Process Sandboxing" guide): `require` gives only `electron` and events, timers, url.
 * - contextBridge.exposeInMainWorld copies the API into the page's world (functions are proxied,
 *   arguments and answers structured-cloned, no prototypes) and refuses a key the world already has
 *   (Electron's contextBridge docs); ipcRenderer.invoke reaches the ipcMain handler with the frame's
 *   URL as senderFrame.url and fails as Electron does when no handler is registered (ipcRenderer docs).
 * Tests use it with `vi.mock('electron', async () => (await import('./electronDouble.ts')).electronDouble.module)`;
 * a Node process maps 'electron' to it with electronEntryRunner.ts. Erasable TypeScript that imports
 * nothing but Node and its siblings, so plain Node runs it outside the repository too.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Emitter } from './doubleEmitter.ts';
import { runSandboxedPreload } from './sandboxedPreload.ts';
import { UtilityProcessDouble, type UtilityProcessOptions } from './utilityProcessDouble.ts';

export { UtilityProcessDouble };

type AnyFunction = (...args: unknown[]) => unknown;

/** A cancellable event as Electron passes it to will-navigate, before-quit and friends. */
export function electronEvent(): { preventDefault: () => void; defaultPrevented: boolean } {
  const event = {
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event;
}

export class SessionDouble {
  permissionRequestHandler?: (webContents: unknown, permission: string, callback: (granted: boolean) => void, details: unknown) => void;
  permissionCheckHandler?: (webContents: unknown, permission: string, origin: string, details: unknown) => boolean;
  devicePermissionHandler?: (details: unknown) => boolean;
  setPermissionRequestHandler(handler: SessionDouble['permissionRequestHandler']): void {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: SessionDouble['permissionCheckHandler']): void {
    this.permissionCheckHandler = handler;
  }
  setDevicePermissionHandler(handler: SessionDouble['devicePermissionHandler']): void {
    this.devicePermissionHandler = handler;
  }
}

export class WebContentsDouble extends Emitter {
  windowOpenHandler?: (details: { url: string }) => { action: 'allow' | 'deny' };
  url = '';
  setWindowOpenHandler(handler: WebContentsDouble['windowOpenHandler']): void {
    this.windowOpenHandler = handler;
  }
  getURL(): string {
    return this.url;
  }
}

interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A renderer frame as the preload and the main process see it: its URL and its page's world. */
export interface FrameDouble {
  readonly url: string;
  /** The page's `window`: what the preload exposed with contextBridge. */
  readonly mainWorld: Record<string, unknown>;
  readonly webContents?: WebContentsDouble;
}

function createRecording() {
  return {
    privilegedSchemes: [] as { scheme: string; privileges: Record<string, boolean> }[],
    protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
    ipcHandlers: new Map<string, AnyFunction>(),
    removedIpcHandlers: [] as string[],
    openedExternally: [] as string[],
    openedPaths: [] as string[],
    notifications: [] as { title: string; body: string }[],
    windows: [] as BrowserWindowDouble[],
    utilityProcesses: [] as UtilityProcessDouble[],
    applicationMenu: undefined as { template: unknown[] } | undefined,
    errorBoxes: [] as { title: string; content: string }[],
    userDataPath: undefined as string | undefined,
    appName: 'castdesk',
    sandboxEnabled: false,
    singleInstanceLockRequested: false,
    quitCalls: 0,
    exitCodes: [] as number[],
    defaultSession: new SessionDouble(),
    displays: [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] as { workArea: Rectangle }[],
  };
}
export const recorded = createRecording();

/** Copies a value into another JavaScript world as the context bridge does: functions proxied, the rest cloned. */
function copyAcrossBridge(value: unknown): unknown {
  if (typeof value === 'function') {
    const target = value as AnyFunction;
    return (...args: unknown[]) => {
      const answer = target(...structuredClone(args));
      return answer instanceof Promise || (answer && typeof (answer as Promise<unknown>).then === 'function')
        ? Promise.resolve(answer).then((settled) => copyAcrossBridge(settled))
        : copyAcrossBridge(answer);
    };
  }
  if (Array.isArray(value)) return value.map(copyAcrossBridge);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, copyAcrossBridge(entry)]));
  }
  return value;
}

/** The `electron` module as a preload in `frame` sees it: the renderer modules only. */
export function rendererElectron(frame: FrameDouble) {
  const rendererModule = {
    contextBridge: {
      exposeInMainWorld(key: string, api: unknown) {
        if (key in frame.mainWorld) throw new Error('Cannot bind an API on top of an existing property on the window object');
        frame.mainWorld[key] = copyAcrossBridge(api);
      },
    },
    ipcRenderer: {
      async invoke(channel: string, ...args: unknown[]) {
        const sent = structuredClone(args);
        const handler = recorded.ipcHandlers.get(channel);
        if (!handler) throw new Error(`Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`);
        const event = { sender: frame.webContents, senderFrame: { url: frame.url }, frameId: 1, processId: 1 };
        try {
          return structuredClone(await handler(event, ...sent));
        } catch (error) {
          throw new Error(`Error invoking remote method '${channel}': ${String(error)}`, { cause: error });
        }
      },
    },
  };
  return { ...rendererModule, default: rendererModule };
}

export class BrowserWindowDouble extends Emitter {
  static getAllWindows(): BrowserWindowDouble[] {
    return recorded.windows.filter((window) => !window.destroyed);
  }
  readonly options: Record<string, unknown> & Partial<Rectangle> & { webPreferences?: Record<string, unknown> };
  readonly webContents = new WebContentsDouble();
  /** The page's world: what its preload exposed. */
  readonly mainWorld: Record<string, unknown> = {};
  /** Why the preload did not run (Electron logs "Unable to load preload script" and loads the page anyway). */
  readonly preloadErrors: unknown[] = [];
  loadedUrl?: string;
  /** The status the app's protocol handler answered the page with. */
  pageStatus?: number;
  shown = false;
  focused = false;
  maximized = false;
  destroyed = false;
  /** The taskbar progress last set (-1: none). */
  progress: number | undefined;
  constructor(options: BrowserWindowDouble['options']) {
    super();
    this.options = options;
    recorded.windows.push(this);
    electronModule.app.emit('browser-window-created', electronEvent(), this);
  }
  /**
   * Loads a page: a custom scheme through its protocol handler (Electron fails with
   * ERR_UNKNOWN_URL_SCHEME when none is registered; http(s) is not fetched), then the preload in a
   * sandbox, then 'did-finish-load'. Resolves when the page has loaded, as Electron's loadURL does.
   */
  async loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
    this.webContents.url = url;
    const scheme = new URL(url).protocol.slice(0, -1);
    const handler = recorded.protocolHandlers.get(scheme);
    if (handler) {
      const response = await handler(new Request(url));
      await response.arrayBuffer();
      this.pageStatus = response.status;
    } else if (scheme !== 'http' && scheme !== 'https') {
      this.webContents.emit('did-fail-load', electronEvent(), -302, 'ERR_UNKNOWN_URL_SCHEME', url);
      throw new Error(`ERR_UNKNOWN_URL_SCHEME (-302) loading '${url}'`);
    }
    this.runPreload();
    this.webContents.emit('did-finish-load');
  }
  loadFile(): Promise<void> {
    return Promise.reject(new Error('the shell loads app://, never a file'));
  }
  private runPreload(): void {
    const preferences = this.options.webPreferences ?? {};
    const preload = preferences.preload;
    if (typeof preload !== 'string') return;
    // Since Electron 20 renderers are sandboxed unless a window turns it off; enableSandbox forces it.
    if (preferences.sandbox === false && !recorded.sandboxEnabled) {
      this.preloadErrors.push(new Error('the double runs sandboxed preloads only'));
      return;
    }
    if (!existsSync(preload)) {
      this.preloadErrors.push(new Error(`Unable to load preload script: ${preload}`));
      return;
    }
    const { webContents } = this;
    const frame: FrameDouble = {
      get url() {
        return webContents.url;
      },
      mainWorld: this.mainWorld,
      webContents,
    };
    try {
      runSandboxedPreload(preload, rendererElectron(frame));
    } catch (error) {
      this.preloadErrors.push(error);
    }
  }
  show(): void {
    this.shown = true;
  }
  setProgressBar(fraction: number): void {
    this.progress = fraction;
  }
  focus(): void {
    this.focused = true;
  }
  restore(): void {}
  isMinimized(): boolean {
    return false;
  }
  maximize(): void {
    this.maximized = true;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  getNormalBounds(): Rectangle {
    const { x = 100, y = 100, width = 0, height = 0 } = this.options;
    return { x, y, width, height };
  }
  /** What a user closing the window causes: 'close', then 'closed'. */
  close(): void {
    const event = electronEvent();
    this.emit('close', event);
    if (event.defaultPrevented) return;
    this.destroyed = true;
    this.emit('closed');
  }
}

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The folder of the package.json nearest above `file`: Electron's app path for that entry. */
function appFolderOf(file: string): string {
  for (let folder = path.dirname(file); ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'package.json'))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`no package.json above ${file}`);
  }
}

class AppDouble extends Emitter {
  isPackaged = true;
  /** Where package.json is: the repository for a test that is its own entry, else the entry's app. */
  appPath = repoRoot;
  readonly #readyPromise: Promise<void>;
  #markReady!: () => void;
  #ready = false;
  #entryStarted = false;
  constructor() {
    super();
    this.#readyPromise = new Promise((resolve) => {
      this.#markReady = resolve;
    });
  }
  /**
   * What Electron does with the app's ES-module entry: evaluate it to the end (top-level await
   * included), then emit 'ready'. Also when the entry failed (Electron reports it as an uncaught
   * exception and goes on); the failure is thrown after ready.
   */
  async runEntry(evaluate: () => Promise<unknown>): Promise<void> {
    if (this.#entryStarted) throw new Error('Electron loads one entry per app');
    this.#entryStarted = true;
    let failure: { error: unknown } | undefined;
    try {
      await evaluate();
    } catch (error) {
      failure = { error };
    }
    this.#ready = true;
    this.emit('ready', electronEvent(), {});
    this.#markReady();
    if (failure) throw failure.error;
  }
  isReady(): boolean {
    return this.#ready;
  }
  whenReady(): Promise<void> {
    return this.#readyPromise;
  }
  setPath(name: string, value: string): void {
    if (name === 'userData') recorded.userDataPath = value;
  }
  getPath(name: string): string {
    if (name === 'appData') return '/home/double/.config';
    if (name !== 'userData' || !recorded.userDataPath) throw new Error(`the double knows appData and a userData set by the app, not ${name}`);
    return recorded.userDataPath;
  }
  setName(name: string): void {
    recorded.appName = name;
  }
  getAppPath(): string {
    return this.appPath;
  }
  /** The version in the app's package.json, as Electron reads it. */
  getVersion(): string {
    return (JSON.parse(readFileSync(path.join(this.appPath, 'package.json'), 'utf8')) as { version: string }).version;
  }
  getName(): string {
    return recorded.appName;
  }
  /** The system's language, as Electron reports it. */
  getLocale(): string {
    return 'de-DE';
  }
  enableSandbox(): void {
    recorded.sandboxEnabled = true;
  }
  requestSingleInstanceLock(): boolean {
    recorded.singleInstanceLockRequested = true;
    return true;
  }
  /** Like Electron: 'before-quit' first; only when nobody prevented it does the app go on quitting. */
  quit(): void {
    recorded.quitCalls += 1;
    const event = electronEvent();
    this.emit('before-quit', event);
    if (!event.defaultPrevented) this.emit('will-quit', electronEvent());
  }
  exit(code = 0): void {
    recorded.exitCodes.push(code);
  }
}

class NotificationDouble {
  static isSupported(): boolean {
    return true;
  }
  readonly #options: { title: string; body: string };
  constructor(options: { title: string; body: string }) {
    this.#options = options;
  }
  show(): void {
    recorded.notifications.push({ title: this.#options.title, body: this.#options.body });
  }
}

const electronModule = {
  app: new AppDouble(),
  BrowserWindow: BrowserWindowDouble,
  protocol: {
    registerSchemesAsPrivileged(schemes: { scheme: string; privileges: Record<string, boolean> }[]) {
      if (electronModule.app.isReady()) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
      recorded.privilegedSchemes.push(...schemes);
    },
    handle(scheme: string, handler: (request: Request) => Promise<Response>) {
      if (recorded.protocolHandlers.has(scheme)) throw new Error(`a handler for ${scheme} is already registered`);
      recorded.protocolHandlers.set(scheme, handler);
    },
  },
  ipcMain: {
    handle(channel: string, handler: AnyFunction) {
      // Electron throws on a second handler for one channel; so does the double.
      if (recorded.ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      recorded.ipcHandlers.set(channel, handler);
    },
    removeHandler(channel: string) {
      recorded.ipcHandlers.delete(channel);
      recorded.removedIpcHandlers.push(channel);
    },
  },
  shell: {
    openExternal(url: string) {
      recorded.openedExternally.push(url);
      return Promise.resolve();
    },
    /** Like Electron: '' when the folder opened, else an error message. */
    openPath(folder: string) {
      recorded.openedPaths.push(folder);
      return Promise.resolve('');
    },
  },
  Notification: NotificationDouble,
  utilityProcess: {
    fork(modulePath: string, args: string[] = [], options: UtilityProcessOptions = {}) {
      if (!electronModule.app.isReady()) throw new Error('utilityProcess cannot be created before app is ready.');
      const child = new UtilityProcessDouble(modulePath, args, options);
      recorded.utilityProcesses.push(child);
      return child;
    },
  },
  session: {
    get defaultSession() {
      return recorded.defaultSession;
    },
  },
  screen: {
    getAllDisplays: () => recorded.displays,
  },
  Menu: {
    buildFromTemplate: (template: unknown[]) => ({ template }),
    setApplicationMenu(menu: { template: unknown[] }) {
      recorded.applicationMenu = menu;
    },
  },
  dialog: {
    showErrorBox(title: string, content: string) {
      recorded.errorBoxes.push({ title, content });
    },
  },
};

const { app } = electronModule;

/** Loads the app's entry (a file URL) as Electron does: app path from its package.json, 'ready' after it evaluated. */
function loadEntry(entryUrl: string): Promise<void> {
  app.appPath = appFolderOf(fileURLToPath(entryUrl));
  return app.runEntry(() => import(entryUrl));
}

export const electronDouble = {
  /** The main process's `electron`. */
  module: { ...electronModule, default: electronModule },
  recorded,
  app,
  loadEntry,
  /** A test that is its own entry: `runEntry(() => import(…))`, or `runEntry(async () => {})` for an empty one. */
  runEntry: (evaluate: () => Promise<unknown>) => app.runEntry(evaluate),
  rendererElectron,
};
