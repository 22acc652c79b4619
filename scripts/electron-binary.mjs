/**
 * Where Electron's binary is, without `require('electron')` (which would start a download).
 * npm start and npm run test:electron use it to decide between the real app and their fallbacks.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const electronDir = path.join(repoRoot, 'node_modules', 'electron');

/**
 * The installed Electron executable, or undefined when there is none. Honours
 * ELECTRON_OVERRIDE_DIST_PATH like the electron package does.
 * @returns {string | undefined}
 */
export function electronBinary() {
  const pathFile = path.join(electronDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const candidate = override ? path.join(override, relative || 'electron') : relative ? path.join(electronDir, 'dist', relative) : undefined;
  return candidate && existsSync(candidate) ? candidate : undefined;
}

/**
 * Tries once to download the binary with the electron package's own installer (quietly; a machine
 * without internet fails within a second). Skipped when ELECTRON_SKIP_BINARY_DOWNLOAD is set.
 * @returns {Promise<string | undefined>} the binary when it is there afterwards
 */
export async function fetchElectronBinary() {
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD || !existsSync(path.join(electronDir, 'install.js'))) return undefined;
  await new Promise((resolve) => {
    const installer = spawn(process.execPath, [path.join(electronDir, 'install.js')], { cwd: electronDir, stdio: 'ignore' });
    const timer = setTimeout(() => installer.kill(), 120_000);
    installer.once('error', resolve);
    installer.once('exit', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
  return electronBinary();
}
