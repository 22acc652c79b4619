import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serveDirectory } from '../../scripts/static-server.mjs';

const rendererDir = fileURLToPath(new URL('../../out/renderer/', import.meta.url));

/**
 * Serves the built renderer on a free loopback port for the whole run and tells the tests where
 * (workers inherit the environment set here). Returns the teardown that stops the server.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(`${rendererDir}index.html`)) {
    throw new Error(`No built renderer in ${rendererDir}: run \`npx electron-vite build\` first (npm test does).`);
  }
  const server = await serveDirectory(rendererDir);
  process.env.CASTDESK_E2E_RENDERER_URL = server.url;
  return server.close;
}
