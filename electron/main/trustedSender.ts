/**
 * Which frames may use the bridge: pages of our own app:// origin, and in development (never when
 * packaged) the electron-vite dev server. Anything else — an injected iframe, a page reached by a
 * navigation that slipped through — gets forbidden_sender.
 */
import { appOrigin } from './appFiles.ts';

/** Whether a frame at `frameUrl` may call the back end. `devServerUrl` is only given when not packaged. */
export function isTrustedSenderUrl(frameUrl: string | undefined, devServerUrl?: string): boolean {
  if (!frameUrl) return false;
  if (frameUrl.startsWith(`${appOrigin}/`)) return true;
  if (!devServerUrl) return false;
  try {
    const frame = new URL(frameUrl);
    const dev = new URL(devServerUrl);
    return frame.protocol === dev.protocol && frame.host === dev.host;
  } catch {
    return false;
  }
}
