/**
 * `npm run web -- [--port 5185] [--no-open] [--user-data-dir DIR]`: the browser shell. Builds the
 * renderer when it is missing, prints the address with the launch token, opens the default browser
 * and stops cleanly (closing the back end and the demo directory) on Ctrl+C or SIGTERM.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openInBrowser } from './openBrowser.ts';
import { defaultUserDataDir } from './userDataDir.ts';
import { defaultRendererDir, defaultWebPort, startWebShell } from './webShell.ts';

const usage = 'Usage: npm run web -- [--port 5185] [--no-open] [--user-data-dir DIR]';
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

function fail(message: string): never {
  process.stderr.write(`${message}\n${usage}\n`);
  process.exit(2);
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) fail(`--port takes a whole number from 0 to 65535, not ${JSON.stringify(value)}.`);
  return port;
}

/** Runs `electron-vite build` once when out/renderer is missing. */
async function buildRenderer(): Promise<void> {
  process.stdout.write('No built renderer yet: running `electron-vite build` …\n');
  const bin = path.join(repoRoot, 'node_modules', '.bin', process.platform === 'win32' ? 'electron-vite.cmd' : 'electron-vite');
  const code = await new Promise<number>((resolve) => {
    const child = spawn(bin, ['build'], { cwd: repoRoot, stdio: 'inherit', shell: process.platform === 'win32' });
    child.once('error', () => resolve(1));
    child.once('exit', (exitCode) => resolve(exitCode ?? 1));
  });
  if (code !== 0) {
    process.stderr.write('The build failed; run `npm run build` and try again.\n');
    process.exit(1);
  }
}

async function main(): Promise<void> {
  let values;
  try {
    values = parseArgs({
      options: {
        port: { type: 'string', default: String(defaultWebPort) },
        'no-open': { type: 'boolean', default: false },
        'user-data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  const port = parsePort(values.port);
  const userDataDir = path.resolve(values['user-data-dir'] ?? defaultUserDataDir());
  if (!existsSync(path.join(defaultRendererDir, 'index.html'))) await buildRenderer();

  const shell = await startWebShell({ port, userDataDir, log: (line) => process.stderr.write(`${line}\n`) });
  process.stdout.write(`Castdesk (web shell) is running; user data in ${userDataDir}\n`);
  process.stdout.write(`Open: ${shell.url}\n`);
  if (!values['no-open']) await openInBrowser(shell.url, (line) => process.stderr.write(`${line}\n`));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal}: stopping …\n`);
    shell.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Stopping failed: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') process.stderr.write('The port is in use (another Castdesk web shell?); pick another with --port.\n');
  else process.stderr.write(`The web shell could not start: ${(error as Error).message}\n`);
  process.exit(1);
});
