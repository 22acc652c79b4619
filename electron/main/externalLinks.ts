/**
 * Links the renderer wants to open outside the app go to the OS browser or mail program, and only
 * after isSafeExternalUrl agreed; everything else is dropped.
 */
import { shell } from 'electron';
import { isSafeExternalUrl } from './safeExternalUrl.ts';

/**
 * Opens `url` with the OS default handler when it is a safe https or mailto URL. Returns whether
 * it was handed over, so callers can log refusals.
 */
export function openExternalIfSafe(url: string): boolean {
  if (!isSafeExternalUrl(url)) return false;
  // The parsed form, so the OS sees exactly what the validator saw.
  void shell.openExternal(new URL(url).href).catch(() => undefined);
  return true;
}
