/**
 * Links the renderer wants to open outside the app go to the OS browser or mail program, and only
 * in the form externalUrlToOpen allows; everything else is dropped. The bridge's `openExternal` channel
 * validates in the back end and then calls openWithOs; a link that escapes as a new window or a
 * navigation goes through openExternalIfSafe.
 */
import { shell } from 'electron';
import { externalUrlToOpen } from '../../contract/external-url.ts';
import type { ExternalOpener } from '../core/bridge/ports.ts';

/** The back end's opener in Electron: the OS default handler; false when it has none for the link. */
export const openWithOs: ExternalOpener = (url) => shell.openExternal(url).then(() => true, () => false);

/**
 * Opens `url` with the OS default handler when it is a safe https or mailto URL. Returns whether
 * it was handed over, so callers can log refusals.
 */
export function openExternalIfSafe(url: string): boolean {
  const safe = externalUrlToOpen(url);
  if (safe === null) return false;
  void openWithOs(safe);
  return true;
}
