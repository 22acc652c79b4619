import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDemoDirectory } from '../../electron/core/demo/demoLauncher.ts';
import { preparedDemoVariable } from './ownWebShell.ts';
import { smallDemoArgs } from './webShellProcess.ts';

const rendererDir = fileURLToPath(new URL('../../out/renderer/', import.meta.url));

/**
 * Checks the renderer is built, and generates the small demo directory's data once, as the web
 * shell's embedded demo would (same launcher, same arguments), in a folder each spec copies into a
 * user data folder of its own (ownWebShell.ts) and never writes to. Returns the teardown that
 * removes it.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(`${rendererDir}index.html`)) {
    throw new Error(`No built renderer in ${rendererDir}: run \`npx electron-vite build\` first (npm test does).`);
  }
  const templateDir = mkdtempSync(path.join(tmpdir(), 'castdesk-e2e-prepared-'));
  const demo = await startDemoDirectory({ userDataDir: templateDir, extraArgs: smallDemoArgs.split(' ') });
  await demo.stop();
  process.env[preparedDemoVariable] = demo.dataDir;
  return async () => {
    rmSync(templateDir, { recursive: true, force: true });
  };
}
