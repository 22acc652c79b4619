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
 *   their arguments and answers copied the same way, no prototypes) and refuses a key the world
 *   already has (Electron's contextBridge docs); ipcRenderer.invoke reaches the ipcMain handler with
 *   the frame's URL as senderFrame.url and fails as Electron does when no handler is registered
 *   (ipcRenderer docs).
 * - webContents.send structured-clones its arguments and delivers them later (a message to another
 *   process) to the ipcRenderer.on listeners of the page loaded in it, with an IpcRendererEvent
 *   (`sender`: that ipcRenderer) first; a page that reloads starts without listeners (web-contents
 *   and ipcRenderer docs).
 * - app.quit: 'before-quit', then (unless prevented) 'will-quit', then (unless prevented) 'quit' with
 *   the exit code 0 (app docs: events before-quit, will-quit, quit; method quit).
 * - crashReporter.start needs a submitURL unless uploadToServer is false (crashReporter docs:
 *   "Required unless uploadToServer is false"); the double records whether it ran before ready,
 *   as the docs ask ("as early as possible … preferably before app.on('ready')").
 * - app.setAsDefaultProtocolClient(protocol[, path, args]), app.getPath('desktop'),
 *   clipboard.writeText, dialog.showMessageBox/showOpenDialog (an optional parent window first; the
 *   open dialog answers { canceled, filePaths }, which a test sets) and shell.showItemInFolder are
 *   recorded with their arguments (app, clipboard, dialog and shell docs).
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

/** Hands a message from the main process to the page's ipcRenderer listeners. */
type RendererDelivery = (channel: string, args: unknown[]) => void;

export class WebContentsDouble extends Emitter {
  windowOpenHandler?: (details: { url: string }) => { action: 'allow' | 'deny' };
  url = '';
  /** Every message the main process sent to this page, as cloned. */
  readonly sent: { channel: string; args: unknown[] }[] = [];
  /** The ipcRenderer of the page now loaded (its preload's), if any. */
  #deliverToRenderer?: RendererDelivery;
  /** A page loaded: its renderer (and so its listeners) replaces the last page's. */
  connectRenderer(deliver: RendererDelivery | undefined): void {
    this.#deliverToRenderer = deliver;
  }
  /**
   * Like Electron: the arguments are structured-cloned now (a function throws) and reach the page's
   * ipcRenderer.on listeners later, as a message to the renderer process does.
   */
  send(channel: string, ...args: unknown[]): void {
    const cloned = structuredClone(args);
    this.sent.push({ channel, args: cloned });
    const deliver = this.#deliverToRenderer;
    if (deliver) setImmediate(() => deliver(channel, structuredClone(cloned)));
  }
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

/** What the open dialog answers when the user picked nothing. */
const canceledOpenDialog = { canceled: true, filePaths: [] as string[] };

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
    protocolClients: [] as { protocol: string; path?: string; args?: string[] }[],
    crashReporterStarts: [] as { options: Record<string, unknown>; beforeReady: boolean }[],
    clipboardText: [] as string[],
    messageBoxes: [] as Record<string, unknown>[],
    openDialogs: [] as Record<string, unknown>[],
    /** What the next showOpenDialog answers (the user's choice). */
    openDialogAnswer: canceledOpenDialog,
    shownInFolder: [] as string[],
    defaultSession: new SessionDouble(),
    displays: [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] as { workArea: Rectangle }[],
  };
}
export const recorded = createRecording();

/**
 * Copies a value into another JavaScript world as the context bridge does: functions proxied (their
 * arguments, such as a page's listener, and answers copied the same way), the rest cloned.
 */
function copyAcrossBridge(value: unknown): unknown {
  if (typeof value === 'function') {
    const target = value as AnyFunction;
    return (...args: unknown[]) => {
      const answer = target(...args.map(copyAcrossBridge));
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
  const listeners = new Emitter();
  const ipcRenderer = {
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
    /** Listens for the main process's webContents.send on `channel`; the listener gets (event, ...args). */
    on(channel: string, listener: (event: { sender: unknown; ports: unknown[] }, ...args: unknown[]) => void) {
      listeners.on(channel, listener);
      return ipcRenderer;
    },
  };
  frame.webContents?.connectRenderer((channel, args) => listeners.emit(channel, { sender: ipcRenderer, ports: [] }, ...args));
  const rendererModule = {
    contextBridge: {
      exposeInMainWorld(key: string, api: unknown) {
        if (key in frame.mainWorld) throw new Error('Cannot bind an API on top of an existing property on the window object');
        frame.mainWorld[key] = copyAcrossBridge(api);
      },
    },
    ipcRenderer,
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
    this.webContents.connectRenderer(undefined);
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
    // The problem report's folder dialog starts on the desktop.
    if (name === 'desktop') return '/home/double/Desktop';
    if (name !== 'userData' || !recorded.userDataPath) throw new Error(`the double knows appData, desktop and a userData set by the app, not ${name}`);
    return recorded.userDataPath;
  }
  /** Registers the app (or `path` with `args`, in a development run) for `protocol` links; true when it could. */
  setAsDefaultProtocolClient(protocol: string, path?: string, args?: string[]): boolean {
    recorded.protocolClients.push({ protocol, ...(path === undefined ? {} : { path }), ...(args === undefined ? {} : { args }) });
    return true;
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
  /**
   * Like Electron: 'before-quit' first; only when nobody prevented it 'will-quit', and only when
   * nobody prevented that 'quit' with the exit code (0 for quit()), where the app then terminates.
   */
  quit(): void {
    recorded.quitCalls += 1;
    const beforeQuit = electronEvent();
    this.emit('before-quit', beforeQuit);
    if (beforeQuit.defaultPrevented) return;
    const willQuit = electronEvent();
    this.emit('will-quit', willQuit);
    if (!willQuit.defaultPrevented) this.emit('quit', electronEvent(), 0);
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

/** A dialog's options: its last argument (Electron's dialogs take an optional parent window first). */
function dialogOptions(windowAndOptions: unknown[]): Record<string, unknown> {
  return windowAndOptions.at(-1) as Record<string, unknown>;
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
    showItemInFolder(fullPath: string) {
      recorded.shownInFolder.push(fullPath);
    },
  },
  crashReporter: {
    start(options: Record<string, unknown>) {
      if (options.uploadToServer !== false && typeof options.submitURL !== 'string') throw new Error('submitURL is required unless uploadToServer is false');
      recorded.crashReporterStarts.push({ options, beforeReady: !electronModule.app.isReady() });
    },
  },
  clipboard: {
    writeText(text: string) {
      recorded.clipboardText.push(text);
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
    /** Answers the first button, as a user pressing Enter. */
    showMessageBox(...windowAndOptions: unknown[]) {
      recorded.messageBoxes.push(dialogOptions(windowAndOptions));
      return Promise.resolve({ response: 0, checkboxChecked: false });
    },
    showOpenDialog(...windowAndOptions: unknown[]) {
      recorded.openDialogs.push(dialogOptions(windowAndOptions));
      return Promise.resolve(structuredClone(recorded.openDialogAnswer));
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
