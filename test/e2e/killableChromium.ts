/**
 * Debian's Chromium as a process of its own (a profile folder of its own, driven over CDP), so an
 * e2e test can kill it outright like a crash: SIGKILL to its process group, no pagehide, no unload.
 * Used by the typed-note specs, personal (typedNotes.spec.ts) and shared (officeShared.spec.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../chromium.ts';

/** A loopback port free right now, so a restarted shell can take the same one (same origin, same IndexedDB). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface RunningChromium {
  process: ChildProcess;
  browser: Browser;
  exited: Promise<void>;
}

/** Debian's Chromium with a profile folder of its own, driven over CDP, so the test can SIGKILL it like a crash. */
export async function startChromium(profileDir: string): Promise<RunningChromium> {
  const child = spawn(chromiumExecutable, [...chromiumArgs, '--headless=new', '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, 'about:blank'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const endpoint = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium printed no DevTools address within 60 s:\n${output}`)), 60_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited before it listened:\n${output}`));
    });
  });
  child.stderr!.resume();
  return { process: child, browser: await chromium.connectOverCDP(endpoint), exited };
}

/** Kills Chromium's process group (the browser and its renderers) at once, as a crash would. */
export async function crash(running: RunningChromium): Promise<void> {
  if (running.process.exitCode === null && running.process.signalCode === null) process.kill(-running.process.pid!, 'SIGKILL');
  await running.exited;
}

/** The page Chromium opened with (about:blank), or a new one. */
export async function firstPage(running: RunningChromium): Promise<Page> {
  const context = running.browser.contexts()[0]!;
  return context.pages()[0] ?? (await context.newPage());
}
