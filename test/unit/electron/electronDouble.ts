/**
 * A recording double of the `electron` module for the shell's unit tests (Electron's binary
 * cannot run here). It implements the few calls electron/main and electron/preload make, records
 * every registration, and lets a test fire the events Electron would fire. Use it with
 * `vi.mock('electron', async () => (await import('./electronDouble.ts')).electronDouble.module)`.
 */
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';

type Listener = (...args: never[]) => unknown;
type AnyFunction = (...args: unknown[]) => unknown;

/** The part of Node's EventEmitter the shell uses: on, once, emit (returns the listeners' results). */
class Emitter {
  readonly listeners = new Map<string, { listener: Listener; once: boolean }[]>();
  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), { listener, once: false }]);
    return this;
  }
  once(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), { listener, once: true }]);
    return this;
  }
  emit(event: string, ...args: unknown[]): unknown[] {
    const registered = this.listeners.get(event) ?? [];
    this.listeners.set(event, registered.filter((entry) => !entry.once));
    return registered.map((entry) => (entry.listener as AnyFunction)(...args));
  }
  listenerCount(event: string): number {
    return this.listeners.get(event)?.length ?? 0;
  }
}

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
  setWindowOpenHandler(handler: WebContentsDouble['windowOpenHandler']): void {
    this.windowOpenHandler = handler;
  }
}

/**
 * A utility process as utilityProcess.fork returns it, driven by the test: `say` writes a line to
 * its stdout, `exit` ends it. kill() asks it to stop (SIGTERM): the double exits with code 0, as
 * the directory service does.
 */
export class UtilityProcessDouble extends Emitter {
  static nextPid = 90_000;
  pid: number | undefined = UtilityProcessDouble.nextPid++;
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();
  killCalls = 0;
  constructor(
    readonly modulePath: string,
    readonly args: string[],
    readonly options: { cwd?: string; env?: Record<string, string | undefined>; stdio?: unknown; serviceName?: string },
  ) {
    super();
  }
  say(line: string): void {
    this.stdout.write(`${line}\n`);
  }
  exit(code: number): void {
    if (this.pid === undefined) return;
    this.pid = undefined;
    this.stdout.end();
    this.stderr.end();
    this.emit('exit', code);
  }
  kill(): boolean {
    this.killCalls += 1;
    queueMicrotask(() => this.exit(0));
    return this.pid !== undefined;
  }

  // --- UtilityProcess.postMessage (added for the demo's clean stop; Electron's "utilityProcess" and
  // "parentPort" documents: the child receives it as a 'message' event on process.parentPort, the
  // message in the event's `data`). The double only records it and emits 'posted', so a test can
  // answer as the child would.
  readonly posted: unknown[] = [];
  postMessage(message: unknown): void {
    this.posted.push(message);
    this.emit('posted', message);
  }
}

interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

function createRecording() {
  return {
    privilegedSchemes: [] as { scheme: string; privileges: Record<string, boolean> }[],
    /** Whether the app was already ready when the schemes were registered (Electron requires: not yet). */
    schemesRegisteredWhenReady: undefined as boolean | undefined,
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
    exposedInMainWorld: new Map<string, unknown>(),
    invoked: [] as { channel: string; args: unknown[] }[],
    userDataPath: undefined as string | undefined,
    appName: 'castdesk',
    sandboxEnabled: false,
    singleInstanceLockRequested: false,
    quitCalls: 0,
    exitCodes: [] as number[],
    defaultSession: new SessionDouble(),
    displays: [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] as { workArea: Rectangle }[],
    ready: false,
  };
}
export const recorded = createRecording();

export class BrowserWindowDouble extends Emitter {
  static getAllWindows(): BrowserWindowDouble[] {
    return recorded.windows.filter((window) => !window.destroyed);
  }
  readonly webContents = new WebContentsDouble();
  loadedUrl?: string;
  shown = false;
  focused = false;
  maximized = false;
  destroyed = false;
  /** The taskbar progress last set (-1: none). */
  progress: number | undefined;
  constructor(readonly options: Record<string, unknown> & Partial<Rectangle> & { webPreferences?: Record<string, unknown> }) {
    super();
    recorded.windows.push(this);
  }
  loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
    return Promise.resolve();
  }
  loadFile(): Promise<void> {
    return Promise.reject(new Error('the shell loads app://, never a file'));
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

class AppDouble extends Emitter {
  isPackaged = true;
  private readonly readyPromise: Promise<void>;
  private markReady!: () => void;
  constructor() {
    super();
    this.readyPromise = new Promise((resolve) => {
      this.markReady = resolve;
    });
  }
  /** Electron becomes ready on its own; the double when the test says so (or at once by default). */
  becomeReady(): void {
    recorded.ready = true;
    this.markReady();
  }
  whenReady(): Promise<void> {
    queueMicrotask(() => this.becomeReady());
    return this.readyPromise;
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
  /** Where package.json is: the repository in development. */
  getAppPath(): string {
    return fileURLToPath(new URL('../../../', import.meta.url));
  }
  getVersion(): string {
    return '0.1.0';
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

const app = new AppDouble();

const electronModule = {
  app,
  BrowserWindow: BrowserWindowDouble,
  protocol: {
    registerSchemesAsPrivileged(schemes: { scheme: string; privileges: Record<string, boolean> }[]) {
      recorded.schemesRegisteredWhenReady = recorded.ready;
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
  ipcRenderer: {
    invoke(channel: string, ...args: unknown[]) {
      recorded.invoked.push({ channel, args });
      return Promise.resolve({ ok: true, value: { echoed: channel } });
    },
  },
  contextBridge: {
    exposeInMainWorld(key: string, api: unknown) {
      recorded.exposedInMainWorld.set(key, api);
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
  Notification: class {
    static isSupported(): boolean {
      return true;
    }
    constructor(private readonly options: { title: string; body: string }) {}
    show(): void {
      recorded.notifications.push({ title: this.options.title, body: this.options.body });
    }
  },
  utilityProcess: {
    fork(modulePath: string, args: string[] = [], options: ConstructorParameters<typeof UtilityProcessDouble>[2] = {}) {
      if (!recorded.ready) throw new Error('utilityProcess.fork can only be called after the ready event');
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

// ---- Links into the app and support (issue 21 items 8 and 9) ----------------------------------
// Kept apart so it merges with the rewrite of the double. Rules kept, with Electron's documents:
// - app.setAsDefaultProtocolClient(protocol[, path, args]) registers the scheme (app docs); the
//   double records each call with its arguments.
// - crashReporter.start needs a submitURL unless uploadToServer is false, and should run before
//   ready (crash-reporter docs: "Required unless uploadToServer is false"; "as early as possible
//   ... preferably before app.on('ready')"); the double throws without either and records when.
// - clipboard.writeText (clipboard docs); webContents.send delivers to the renderer only while the
//   page lives (web-contents docs), recorded per window.
// - dialog.showOpenDialog answers { canceled, filePaths } (dialog docs): the test sets the answer.
const linksAndSupport = {
  protocolClients: [] as { protocol: string; path?: string; args?: string[] }[],
  crashReporterOptions: undefined as Record<string, unknown> | undefined,
  crashReporterStartedWhenReady: undefined as boolean | undefined,
  clipboardText: [] as string[],
  sentToRenderer: [] as { channel: string; args: unknown[] }[],
  messageBoxes: [] as Record<string, unknown>[],
  openDialogs: [] as Record<string, unknown>[],
  /** What the next showOpenDialog answers. */
  openDialogAnswer: { canceled: true, filePaths: [] as string[] },
  shownInFolder: [] as string[],
  /** The preload's ipcRenderer.on listeners, by channel: a test fires them as main's send would. */
  rendererListeners: new Map<string, AnyFunction[]>(),
};
Object.assign(recorded, { linksAndSupport });
const getPathOfDouble = app.getPath.bind(app);
Object.assign(app, {
  /** The desktop folder too (the problem report's folder dialog starts there). */
  getPath(name: string): string {
    return name === 'desktop' ? '/home/double/Desktop' : getPathOfDouble(name);
  },
  setAsDefaultProtocolClient(protocol: string, path?: string, args?: string[]): boolean {
    linksAndSupport.protocolClients.push({ protocol, ...(path === undefined ? {} : { path }), ...(args === undefined ? {} : { args }) });
    return true;
  },
});
Object.assign(WebContentsDouble.prototype, {
  send(channel: string, ...args: unknown[]): void {
    linksAndSupport.sentToRenderer.push({ channel, args });
  },
});
Object.assign(electronModule, {
  crashReporter: {
    start(options: Record<string, unknown>) {
      if (options.uploadToServer !== false && typeof options.submitURL !== 'string') throw new Error('submitURL is required unless uploadToServer is false');
      linksAndSupport.crashReporterOptions = options;
      linksAndSupport.crashReporterStartedWhenReady = recorded.ready;
    },
  },
  clipboard: {
    writeText(text: string) {
      linksAndSupport.clipboardText.push(text);
    },
  },
});
Object.assign(electronModule.ipcRenderer, {
  on(channel: string, listener: AnyFunction) {
    const listeners = linksAndSupport.rendererListeners.get(channel) ?? [];
    linksAndSupport.rendererListeners.set(channel, [...listeners, listener]);
  },
});
Object.assign(electronModule.dialog, {
  showMessageBox(options: Record<string, unknown>) {
    linksAndSupport.messageBoxes.push(options);
    return Promise.resolve({ response: 0, checkboxChecked: false });
  },
  showOpenDialog(options: Record<string, unknown>) {
    linksAndSupport.openDialogs.push(options);
    return Promise.resolve(linksAndSupport.openDialogAnswer);
  },
});
Object.assign(electronModule.shell, {
  showItemInFolder(fullPath: string) {
    linksAndSupport.shownInFolder.push(fullPath);
  },
});
// ----------------------------------------------------------------------------------------------

export const electronDouble = { module: { ...electronModule, default: electronModule }, recorded, app, linksAndSupport };
