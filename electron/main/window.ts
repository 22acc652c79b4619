/**
 * The main window: the renderer isolated from Node (context isolation, OS sandbox, no Node, no
 * <webview>), reaching the back end only through the preload's `window.castdesk`. It never
 * navigates away from the app nor opens other windows; safe links go to the OS browser.
 */
import { BrowserWindow, screen, type WebContents } from 'electron';
import { openExternalIfSafe } from './externalLinks.ts';
import { isTrustedSenderUrl } from './trustedSender.ts';
import { initialBounds, minimumWindowSize, readWindowState, writeWindowState } from './windowState.ts';

export interface MainWindowOptions {
  preloadPath: string;
  /** app://castdesk/index.html, or the dev server's URL in development. */
  startUrl: string;
  /** Where the window's size and position are remembered. */
  stateFile: string;
  /** The dev server's URL when not packaged: navigation within it is allowed too. */
  devServerUrl?: string;
}

/**
 * Keeps `contents` on the app: new windows are denied (a safe https or mailto link is handed to
 * the OS instead), navigation or redirects to another origin are cancelled, <webview> is refused.
 */
export function confineToApp(contents: WebContents, devServerUrl?: string): void {
  contents.setWindowOpenHandler(({ url }) => {
    openExternalIfSafe(url);
    return { action: 'deny' };
  });
  const stayOnApp = (event: { preventDefault(): void }, url: string): void => {
    if (isTrustedSenderUrl(url, devServerUrl)) return;
    event.preventDefault();
    openExternalIfSafe(url);
  };
  contents.on('will-navigate', stayOnApp);
  contents.on('will-redirect', (event, url) => {
    if (!isTrustedSenderUrl(url, devServerUrl)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Opens the main window where it was last time (when still on screen) and remembers its place on close. */
export async function openMainWindow({ preloadPath, startUrl, stateFile, devServerUrl }: MainWindowOptions): Promise<BrowserWindow> {
  const state = await readWindowState(stateFile);
  const workAreas = screen.getAllDisplays().map((display) => display.workArea);
  const window = new BrowserWindow({
    ...initialBounds(state, workAreas),
    minWidth: minimumWindowSize.width,
    minHeight: minimumWindowSize.height,
    show: false,
    title: 'Castdesk',
    // Every security-relevant preference spelt out (and as a literal, so electronegativity can read it).
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      // A middle click would otherwise open a link in a new window, around setWindowOpenHandler.
      disableBlinkFeatures: 'Auxclick',
      navigateOnDragDrop: false,
      safeDialogs: true,
    },
  });
  if (state?.maximized) window.maximize();
  confineToApp(window.webContents, devServerUrl);
  window.once('ready-to-show', () => window.show());
  window.on('close', () => {
    const remembered = { bounds: window.getNormalBounds(), maximized: window.isMaximized() };
    void writeWindowState(stateFile, remembered).catch((error: unknown) => console.error('Could not remember the window position:', error));
  });
  window.loadURL(startUrl).catch((error: unknown) => console.error(`Could not load ${startUrl}:`, error));
  return window;
}
