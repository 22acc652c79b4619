/**
 * The app's own updates, Electron side: reads the packaged app's update feed
 * (resources/app-update.yml), hands the decisions to the back end's update flow
 * (electron/core/updates) and runs electron-updater for it. The updater is made only when a check is
 * due and a feed exists, so a build without a feed never creates one and never reaches the network.
 * electron-updater downloads nothing by itself and installs nothing by itself here: the flow asks for
 * the download, and the installer runs as the app quits only when the user agreed.
 */
import { app } from 'electron';
import electronUpdater, { type AppUpdater } from 'electron-updater';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BackEnd, StartUpdatesOptions } from '../core/backEnd.ts';
import type { UpdateEngine, UpdateLog } from '../core/updates/updateFlow.ts';

/** The feed file electron-builder writes into the packaged app's resources (ElectronAppAdapter reads it there too). */
export const appUpdateFileName = 'app-update.yml';

/** The text of resources/app-update.yml; null in development runs (never updated) and in builds without a feed. */
export function readAppUpdateYml(): string | null {
  if (!app.isPackaged) return null;
  try {
    return readFileSync(path.join(process.resourcesPath, appUpdateFileName), 'utf8');
  } catch {
    return null;
  }
}

/**
 * Sets electron-updater up for the flow: the checked feed URL, no download and no install on its
 * own initiative, never a downgrade, its messages in the app's log; and installs the way the
 * library's own quit handler does (silent, no relaunch) — Squirrel.Mac through quitAndInstall,
 * which has no separate install step.
 */
export function updaterEngine(updater: AppUpdater, feedUrl: string, log: UpdateLog): UpdateEngine {
  updater.logger = {
    info: (message?: unknown) => log.info(`electron-updater: ${String(message)}`),
    warn: (message?: unknown) => log.warn(`electron-updater: ${String(message)}`),
    error: (message?: unknown) => log.error(`electron-updater: ${String(message)}`),
  };
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = false;
  updater.allowDowngrade = false;
  updater.setFeedURL({ provider: 'generic', url: feedUrl });
  return {
    checkForUpdates: () => updater.checkForUpdates(),
    downloadUpdate: () => updater.downloadUpdate(),
    installDownloaded() {
      if (updater instanceof electronUpdater.BaseUpdater) return updater.install(true, false);
      updater.quitAndInstall(true, false);
      return true;
    },
  };
}

/**
 * Starts updates once the window is open; the installer runs on 'will-quit' (after the back end
 * closed) when the user agreed. `createEngine` and `appUpdateYml` are for tests: by default the
 * platform's updater (AppImage, deb, rpm, NSIS, Squirrel.Mac) and the packaged feed file.
 */
export function startUpdates(backEnd: Pick<BackEnd, 'startUpdates'>, options: Partial<StartUpdatesOptions> = {}): void {
  const flow = backEnd.startUpdates({
    appUpdateYml: options.appUpdateYml === undefined ? readAppUpdateYml() : options.appUpdateYml,
    createEngine: options.createEngine ?? ((feedUrl, log) => updaterEngine(electronUpdater.autoUpdater, feedUrl, log)),
    now: options.now,
  });
  app.on('will-quit', () => {
    flow.installOnQuit();
  });
}
