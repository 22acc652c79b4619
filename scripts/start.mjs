#!/usr/bin/env node
/**
 * `npm start`: builds when out/ is missing or older than the sources, then starts Electron. When
 * Electron's binary is not installed (it cannot be downloaded on every machine), serves the built
 * renderer on http://127.0.0.1:5185 instead, until Ctrl+C.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveDirectory } from './static-server.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const fromRoot = (/** @type {string} */ relativePath) => path.join(repoRoot, relativePath);
const builtEntries = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'].map(fromRoot);
const sources = ['electron', 'renderer', 'contract', 'resources', 'electron.vite.config.ts', 'package.json'].map(fromRoot);
const browserFallback = { host: '127.0.0.1', port: 5185 };

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
 * Runs a command with inherited output and resolves to its exit code.
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

/**
 * Whether Electron's binary was installed. Checked by hand: `require('electron')` would try to download it.
 * @returns {boolean}
 */
function electronBinaryInstalled() {
  const electronDir = fromRoot('node_modules/electron');
  const pathFile = path.join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return false;
  return existsSync(path.join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim()));
}

if (!buildIsCurrent()) {
  console.log('Building Castdesk…');
  const buildExit = await run(fromRoot('node_modules/.bin/electron-vite'), ['build']);
  if (buildExit !== 0) {
    console.error('The build failed; see the messages above.');
    process.exit(buildExit);
  }
}

if (electronBinaryInstalled()) {
  // Chromium refuses to start as root unless its OS-level sandbox is switched off.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) console.log('Running as root: starting Electron with --no-sandbox.');
  process.exitCode = await run(fromRoot('node_modules/.bin/electron'), asRoot ? ['.', '--no-sandbox'] : ['.']);
} else {
  console.log("Electron's binary is not installed (it could not be downloaded); starting Castdesk in your browser instead");
  let server;
  try {
    server = await serveDirectory(fromRoot('out/renderer'), browserFallback);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`Could not serve Castdesk on ${browserFallback.host}:${browserFallback.port}: ${reason}`);
    process.exit(1);
  }
  console.log(`Castdesk is at ${server.url} (Ctrl+C stops it)`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
