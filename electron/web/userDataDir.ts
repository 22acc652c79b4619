/**
 * Where Castdesk keeps its settings, media cache and demo data when no `--user-data-dir` is given:
 * the same folder Electron would pick for an app named "Castdesk", so both shells share one.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

export const appFolderName = 'Castdesk';

/** `%APPDATA%\Castdesk`, `~/Library/Application Support/Castdesk`, or `$XDG_CONFIG_HOME/Castdesk` (default `~/.config`). */
export function defaultUserDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), appFolderName);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', appFolderName);
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), appFolderName);
}
