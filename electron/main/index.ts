/**
 * The Electron shell's entry: wires Electron's lifecycle to the back end in electron/core. Order
 * matters: the user data folder and the privileged schemes are set before the app is ready; the
 * schemes, permission handlers and bridge handlers are in place before the window loads; the back
 * end is closed (the demo directory stopped, files flushed) before the app quits.
 */
import { app, BrowserWindow, dialog, session, type Session } from 'electron';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBackEnd, type BackEnd } from '../core/backEnd.ts';
import { appLinkWaitingChannel } from '../../contract/bridge-channels.ts';
import { appIndexUrl } from './appFiles.ts';
import { listenForAppLinks, registerAppLinkProtocol, takeAppRoute } from './appLinks.ts';
import { setWindowsAppIdentity } from './appIdentity.ts';
import { registerPrivilegedSchemes, serveAppScheme } from './appScheme.ts';
import { userDataDirFromArgs } from './commandLine.ts';
import { startLocalCrashReports } from './crashReports.ts';
import { demoUtilityProcess } from './demoUtilityProcess.ts';
import { electronDesktop } from './desktop.ts';
import { openWithOs } from './externalLinks.ts';
import { registerBridgeHandlers, removeBridgeHandlers } from './ipc.ts';
import { serveMediaScheme } from './mediaScheme.ts';
import { installApplicationMenu, setMenuLanguage } from './menu.ts';
import { denyAllPermissions } from './permissions.ts';
import { supportActions } from './supportActions.ts';
import { startUpdates } from './updates.ts';
import { openMainWindow } from './window.ts';
import { windowStateFileName } from './windowState.ts';

const productName = 'Castdesk';
const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const rendererDir = fileURLToPath(new URL('../renderer/', import.meta.url));
// `electron-vite dev` serves the renderer with hot reload and says where; never trusted when packaged.
const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL || undefined : undefined;

let mainWindow: BrowserWindow | undefined;
let backEnd: BackEnd | undefined;
let backEndClosing: Promise<void> | undefined;
let backEndClosed = false;
/** Links refused before the log was open, written to it once it is. */
const earlyLinkLog: string[] = [];

/** Shows the existing window (restored and focused), or opens one. */
async function showMainWindow(): Promise<void> {
  if (mainWindow && !mainWindow.isDestroyed()) {
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
    return;
  }
  mainWindow = await openMainWindow({
    preloadPath,
    startUrl: devServerUrl ?? appIndexUrl,
    stateFile: path.join(app.getPath('userData'), windowStateFileName),
    devServerUrl,
  });
  mainWindow.on('closed', () => {
    mainWindow = undefined;
  });
  // A crashed or hung renderer leaves a line in the log, for support.
  mainWindow.webContents.on('render-process-gone', (_event: unknown, details: unknown) => backEnd?.logShellEvent('The window’s renderer process ended.', details));
  mainWindow.on('unresponsive', () => backEnd?.logShellEvent('The window stopped responding.'));
}

/** Everything that needs a ready app: schemes, permissions, back end, bridge, menu, window. */
async function start(): Promise<void> {
  await app.whenReady();
  denyAllPermissions(session.defaultSession);
  serveAppScheme(
    rendererDir,
    () => backEnd?.directoryAddresses() ?? [],
    () => backEnd?.officeAddresses() ?? [],
  );
  try {
    backEnd = await createBackEnd({
      userDataDir: app.getPath('userData'),
      shell: 'electron',
      version: app.getVersion(),
      // The bundled directory service in a utility process (the RunAsNode fuse is off); its working
      // folder must be a real folder, not the asar.
      demoLaunch: {
        startProcess: demoUtilityProcess(path.join(app.getAppPath(), 'out/main/directory.js')),
        cwd: app.getPath('userData'),
      },
      openExternal: openWithOs,
      desktop: { ...electronDesktop, takeAppRoute, setMenuLanguage },
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    dialog.showErrorBox('Castdesk could not start', reason);
    app.exit(1);
    return;
  }
  for (const line of earlyLinkLog.splice(0)) backEnd.logShellEvent(line);
  serveMediaScheme(backEnd);
  registerBridgeHandlers(backEnd, devServerUrl);
  installApplicationMenu({
    isMac: process.platform === 'darwin',
    isDevelopment: !app.isPackaged,
    appName: app.getName(),
    locale: app.getLocale(),
    help: supportActions(backEnd),
  });
  await showMainWindow();
  startUpdates(backEnd);
}

// Development runs are named after package.json ("castdesk"); the packaged app and the web shell use
// "Castdesk". One name, so every shell shares one user data folder unless --user-data-dir says otherwise.
app.setName(productName);
setWindowsAppIdentity(app);
app.setPath('userData', userDataDirFromArgs(process.argv) ?? path.join(app.getPath('appData'), productName));
startLocalCrashReports();
registerPrivilegedSchemes();
app.enableSandbox();

// One instance per user data folder: a second start focuses the running window and exits.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppLinkProtocol();
  // A second start focuses this window; a castdesk:// link (its argv, macOS's open-url, or this
  // start's own argv) waits for the renderer, which is told once the window is there.
  listenForAppLinks({
    log: (message) => (backEnd ? backEnd.logShellEvent(message) : earlyLinkLog.push(message)),
    onSecondInstance: () => {
      if (backEnd) void showMainWindow();
    },
    onRouteWaiting: () => {
      if (backEnd) void showMainWindow().then(() => mainWindow?.webContents.send(appLinkWaitingChannel));
    },
  });
  app.on('session-created', (created: Session) => denyAllPermissions(created));
  app.on('activate', () => {
    if (backEnd && BrowserWindow.getAllWindows().length === 0) void showMainWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // Quitting waits once for the back end to close; the second quit() then goes through.
  app.on('before-quit', (event) => {
    if (!backEnd || backEndClosed) return;
    event.preventDefault();
    backEndClosing ??= backEnd
      .close()
      .catch((error: unknown) => console.error('The back end did not close cleanly:', error))
      .finally(() => {
        backEndClosed = true;
        removeBridgeHandlers();
        app.quit();
      });
  });
  // Never `await` here: Electron emits 'ready' only after this module has finished evaluating, and
  // start() waits for ready (Electron's ESM guide; electron/electron#40719). Lint refuses it.
  void start().catch((error: unknown) => {
    console.error('Castdesk could not start:', error);
    app.exit(1);
  });
}
