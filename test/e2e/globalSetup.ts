import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startWebShellProcess } from './webShellProcess.ts';

const rendererDir = fileURLToPath(new URL('../../out/renderer/', import.meta.url));

/**
 * Starts the web shell (`npm run web` with `--no-open`) on a free loopback port with a fresh user
 * data folder and a small demo directory, for the whole run, and tells the tests where (workers
 * inherit the environment set here). Returns the teardown that stops it (and with it the demo)
 * and removes the folder.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(`${rendererDir}index.html`)) {
    throw new Error(`No built renderer in ${rendererDir}: run \`npx electron-vite build\` first (npm test does).`);
  }
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'castdesk-e2e-'));
  const shell = await startWebShellProcess(userDataDir);
  process.env.CASTDESK_E2E_RENDERER_URL = shell.url;
  process.env.CASTDESK_E2E_USER_DATA_DIR = userDataDir;
  return async () => {
    await shell.stop();
    rmSync(userDataDir, { recursive: true, force: true });
  };
}
