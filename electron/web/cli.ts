/**
 * `npm run web -- [--port 5185] [--no-open] [--user-data-dir DIR]`: the browser shell. Builds the
 * renderer when it is missing, prints the address with the launch token, opens the default browser
 * on a one-time address (the token never goes on a command line) and stops cleanly (closing the
 * back end and the demo directory) on Ctrl+C or SIGTERM. Without `--port` (or with `--port 0`) it
 * takes the port of its last start, where the offline library lives (libraryPort.ts). When the port
 * is taken it opens the browser only if the listener proves to be this user's running shell;
 * anything else is refused, saying where the library lives and how to free the port.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chooseWebPort, libraryPortTakenMessage, rememberedLibraryPort, rememberLibraryPort } from './libraryPort.ts';
import { openInBrowser } from './openBrowser.ts';
import { launchUrlOfShell, listenerIsShell } from './runningShell.ts';
import { readShellRuntime, removeShellRuntime, writeShellRuntime } from './runtimeFile.ts';
import { defaultUserDataDir } from './userDataDir.ts';
import { defaultRendererDir, defaultWebPort, startWebShell } from './webShell.ts';

const usage = 'Usage: npm run web -- [--port N] [--no-open] [--user-data-dir DIR]  (without --port, or with 0: the port of the last start, else 5185 on a first start, 0 a free one)';
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

const report = (line: string) => process.stderr.write(`${line}\n`);

/**
 * The port is taken. When the listener proves it is the shell of this user data (runtime file), the
 * browser opens there; otherwise it may be another user's program waiting for our page, so nothing
 * opens and the shell stops with a message that says why (and, when the library lives at that port,
 * how to free it).
 */
async function joinRunningShell(port: number, userDataDir: string, open: boolean, libraryLivesThere: boolean): Promise<never> {
  const runtime = await readShellRuntime(userDataDir);
  if (runtime?.port === port && (await listenerIsShell(port, runtime.token))) {
    process.stdout.write(`Castdesk (web shell) is already running on port ${port}; user data in ${userDataDir}\n`);
    process.stdout.write(`Open: http://127.0.0.1:${port}/#token=${runtime.token}\n`);
    const launchUrl = open ? await launchUrlOfShell(port, runtime.token) : null;
    if (launchUrl) await openInBrowser(launchUrl, report);
    process.exit(0);
  }
  report(
    `Port ${port} on 127.0.0.1 is held by another program, not by the Castdesk web shell of ${userDataDir}. ` +
      'Castdesk does not open the browser there: a page at that address could read your offline library and ask for your API key. ' +
      (libraryLivesThere
        ? `${libraryPortTakenMessage(port)} (On a machine with several users, prefer the desktop app.)`
        : 'Stop that program, or start with another --port (on a machine with several users, prefer the desktop app).'),
  );
  process.exit(1);
}

async function main(): Promise<void> {
  let values;
  try {
    values = parseArgs({
      options: {
        port: { type: 'string' },
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
  const userDataDir = path.resolve(values['user-data-dir'] ?? defaultUserDataDir());
  const remembered = await rememberedLibraryPort(userDataDir);
  const { port, notice } = chooseWebPort(values.port === undefined ? undefined : parsePort(values.port), remembered, defaultWebPort);
  if (notice) report(notice);
  if (!existsSync(path.join(defaultRendererDir, 'index.html'))) await buildRenderer();

  let shell;
  try {
    shell = await startWebShell({ port, userDataDir, log: report });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') await joinRunningShell(port, userDataDir, !values['no-open'], port === remembered);
    throw error;
  }
  await rememberLibraryPort(userDataDir, shell.port);
  await writeShellRuntime(userDataDir, { pid: process.pid, port: shell.port, token: shell.token });
  process.stdout.write(`Castdesk (web shell) is running; user data in ${userDataDir}\n`);
  process.stdout.write(`Open: ${shell.url}\n`);
  if (!values['no-open']) await openInBrowser(shell.launchUrl(), report);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal}: stopping …\n`);
    Promise.all([shell.close(), removeShellRuntime(userDataDir)]).then(
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
  process.stderr.write(`The web shell could not start: ${(error as Error).message}\n`);
  process.exit(1);
});
