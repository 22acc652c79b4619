import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { preparedUserDataVariable } from './ownWebShell.ts';
import { prepareFirstStartUserData } from './preparedUserData.ts';

const rendererDir = fileURLToPath(new URL('../../out/renderer/', import.meta.url));

/**
 * Checks the renderer is built, and makes once, by a real first start of the web shell
 * (preparedUserData.ts), the user data folder each spec copies into a folder of its own
 * (ownWebShell.ts) and never writes to. Returns the teardown that removes it.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(`${rendererDir}index.html`)) {
    throw new Error(`No built renderer in ${rendererDir}: run \`npx electron-vite build\` first (npm test does).`);
  }
  const templateDir = mkdtempSync(path.join(tmpdir(), 'castdesk-e2e-prepared-'));
  const userDataDir = path.join(templateDir, 'user-data');
  try {
    await prepareFirstStartUserData(userDataDir);
  } catch (error) {
    rmSync(templateDir, { recursive: true, force: true });
    throw error;
  }
  process.env[preparedUserDataVariable] = userDataDir;
  return async () => {
    rmSync(templateDir, { recursive: true, force: true });
  };
}
