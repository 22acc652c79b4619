/**
 * The Electron shell's entry: one secure window showing the renderer. Logic belongs in
 * electron/core; this file only wires Electron's lifecycle to it.
 */
import { app, BrowserWindow } from 'electron';
import { fileURLToPath } from 'node:url';

const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const rendererIndexPath = fileURLToPath(new URL('../renderer/index.html', import.meta.url));

/** Opens the main window with the renderer isolated from Node: it reaches the back end only through the preload's bridge. */
function createMainWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    show: false,
    title: 'Castdesk',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  });
  window.once('ready-to-show', () => window.show());
  // The renderer is a single page: it never opens other windows nor navigates away.
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  window.webContents.on('will-navigate', (event) => event.preventDefault());

  // `electron-vite dev` serves the renderer with hot reload and tells us where.
  const devServerUrl = process.env.ELECTRON_RENDERER_URL;
  if (devServerUrl && !app.isPackaged) {
    void window.loadURL(devServerUrl);
  } else {
    void window.loadFile(rendererIndexPath);
  }
  return window;
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

app.on('activate', () => {
  if (BrowserWindow.getAllWindows().length === 0) createMainWindow();
});

await app.whenReady();
createMainWindow();
