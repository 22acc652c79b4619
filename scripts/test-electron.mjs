#!/usr/bin/env node
/**
 * `npm run test:electron`: the first-start smoke in the real Electron app (test/electron, Playwright's
 * `_electron`). Builds first when out/ is missing. Where Electron's binary is not installed (it
 * cannot be downloaded on every machine) it prints that the smoke was skipped and why, and exits 0;
 * the shell's logic is covered by the unit tests against a recording double of `electron` anyway.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronBinary } from './electron-binary.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const bin = (/** @type {string} */ name) => path.join(repoRoot, 'node_modules', '.bin', name);

/**
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<number>}
 */
function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: 'inherit' });
    child.once('error', (error) => {
      console.error(`[test:electron] could not start ${command}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const electron = electronBinary();
if (!electron) {
  console.log(
    "[test:electron] skipped: Electron's binary is not installed (node_modules/electron has no dist/; it cannot be downloaded on this machine). " +
      'Install it (npx install-electron, or ELECTRON_OVERRIDE_DIST_PATH=<folder with an electron executable>) to run the real-app smoke.',
  );
  process.exit(0);
}

if (!['out/main/index.js', 'out/main/directory.js', 'out/preload/index.cjs', 'out/renderer/index.html'].every((file) => existsSync(path.join(repoRoot, file)))) {
  const buildExit = await run(bin('electron-vite'), ['build']);
  if (buildExit !== 0) process.exit(buildExit);
}
process.exitCode = await run(bin('playwright'), ['test', '-c', 'test/electron/playwright.config.ts'], { ...process.env, CASTDESK_ELECTRON_BINARY: electron });
