/**
 * The web shell's opener for the bridge's `openExternal` channel: the user's default browser (or
 * mail program, for mailto). When CASTDESK_EXTERNAL_OPEN_LOG names a file, it opens nothing and
 * appends `{"url": …}` as one JSON line per link instead, so end-to-end tests can read exactly
 * what reached the opener without a browser window popping up.
 */
import { appendFile } from 'node:fs/promises';
import type { ExternalOpener } from '../core/bridge/ports.ts';
import { openInBrowser } from './openBrowser.ts';

export const externalOpenLogVariable = 'CASTDESK_EXTERNAL_OPEN_LOG';

/** The opener for this environment; `report` hears why a browser could not be started. */
export function webExternalOpener(report: (line: string) => void, env: NodeJS.ProcessEnv = process.env): ExternalOpener {
  const logFile = env[externalOpenLogVariable];
  if (logFile) {
    return async (url) => {
      await appendFile(logFile, `${JSON.stringify({ url })}\n`, 'utf8');
      return true;
    };
  }
  return (url) => openInBrowser(url, report);
}
