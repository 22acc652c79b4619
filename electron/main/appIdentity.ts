/**
 * The app's identity on Windows. Windows shows a notification only for an app whose
 * AppUserModelID matches a Start-menu shortcut's (Electron's "Notifications" guide, Windows); the
 * NSIS installer gives the shortcut electron-builder's `appId`, so the running app takes the same.
 */
import type { App } from 'electron';

/** electron-builder.config.cjs's appId; packaging.test.ts holds them equal. */
export const appUserModelId = 'eu.castdesk.app';

/** Sets the AppUserModelID on Windows; Electron defines app.setAppUserModelId only there. */
export function setWindowsAppIdentity(app: Pick<App, 'setAppUserModelId'>, platform: NodeJS.Platform = process.platform): void {
  if (platform === 'win32') app.setAppUserModelId(appUserModelId);
}
