#!/usr/bin/env node
/**
 * `npm start [-- ARGS]`: builds when out/ is missing or older than the sources, then starts the
 * Electron app with ARGS (e.g. `--user-data-dir DIR`). When Electron's binary is not installed and
 * cannot be fetched (no internet, or ELECTRON_SKIP_BINARY_DOWNLOAD), it says so in one line and
 * starts the web shell instead (`npm run web -- ARGS`), which prints its URL and opens the browser.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronBinary, fetchElectronBinary } from './electron-binary.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const fromRoot = (/** @type {string} */ relativePath) => path.join(repoRoot, relativePath);
const builtEntries = ['out/main/index.js', 'out/main/directory.js', 'out/preload/index.cjs', 'out/renderer/index.html'].map(fromRoot);
const sources = ['electron', 'renderer', 'contract', 'server', 'resources', 'electron.vite.config.ts', 'package.json'].map(fromRoot);
const passThrough = process.argv.slice(2);

/**
 * The newest modification time of a file or of any file below a folder (0 when absent).
 * @param {string} target
 * @returns {number}
 */
function newestModification(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestModification(path.join(target, name))), 0);
}

function buildIsCurrent() {
  if (!builtEntries.every((entry) => existsSync(entry))) return false;
  const oldestOutput = Math.min(...builtEntries.map((entry) => statSync(entry).mtimeMs));
  return sources.every((source) => newestModification(source) <= oldestOutput);
}

/**
 * Runs a command with inherited output, forwarding Ctrl+C, and resolves to its exit code.
 * @param {string} command
 * @param {string[]} args
 * @returns {Promise<number>}
 */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit' });
    child.once('error', (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(1);
    });
    /** @param {NodeJS.Signals} signal */
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward).on('SIGTERM', forward);
    child.once('exit', (code, signal) => {
      process.off('SIGINT', forward).off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

if (!buildIsCurrent()) {
  console.log('Building Castdesk…');
  const buildExit = await run(fromRoot('node_modules/.bin/electron-vite'), ['build']);
  if (buildExit !== 0) {
    console.error('The build failed; see the messages above.');
    process.exit(buildExit);
  }
}

const electron = electronBinary() ?? (await fetchElectronBinary());
if (electron) {
  // Chromium refuses to start as root unless its OS-level sandbox is switched off.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) console.log('Running as root: starting Electron with --no-sandbox.');
  process.exitCode = await run(electron, ['.', ...(asRoot ? ['--no-sandbox'] : []), ...passThrough]);
} else {
  console.log("Electron's binary is not installed and could not be downloaded, so Castdesk starts in your browser instead (the web shell):");
  process.exitCode = await run(fromRoot('node_modules/.bin/tsx'), [fromRoot('electron/web/cli.ts'), ...passThrough]);
}
