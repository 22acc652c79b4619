import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultUserDataDir } from '../../electron/web/userDataDir.ts';
import { waitUntil } from '../support/waitUntil.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** `umask` set: through a shell that sets it and then becomes Node (exec), still one process. */
function startCli(args: string[], env: NodeJS.ProcessEnv = {}, umask?: string) {
  const node = [process.execPath, '--import', 'tsx', 'electron/web/cli.ts', ...args];
  const options = { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'] };
  const child = umask ? spawn('/bin/sh', ['-c', `umask ${umask} && exec "$@"`, 'sh', ...node], options) : spawn(node[0]!, node.slice(1), options);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  /** Waits until stdout matches `pattern`; fails at once if the shell exits first. Generous: a process start. */
  const printed = (pattern: RegExp, timeoutMs: number) =>
    waitUntil(() => pattern.test(stdout), {
      what: () => `the shell prints ${pattern}; output so far:\n${JSON.stringify({ stdout, stderr })}`,
      timeoutMs,
      giveUpIf: () => (child.exitCode !== null ? `the shell exited with ${child.exitCode}` : undefined),
    });
  return { child, exited, printed, output: () => ({ stdout, stderr }) };
}

describe('npm run web', () => {
  let userDataDir: string;
  beforeAll(async () => {
    userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-web-cli-'));
  });
  afterAll(async () => {
    await rm(userDataDir, { recursive: true, force: true });
  });

  it('prints the address with the token, serves the bridge and stops cleanly on SIGTERM', async () => {
    const cli = startCli(['--port', '0', '--no-open', '--user-data-dir', userDataDir]);
    try {
      await cli.printed(/Open: http:\/\/127\.0\.0\.1:\d+\/#token=\S+/, 60_000);
      expect(cli.output().stdout).toContain(`user data in ${userDataDir}`);
      const url = /Open: (\S+)/.exec(cli.output().stdout)![1]!;
      const [origin, token] = url.split('/#token=') as [string, string];
      const answer = await fetch(`${origin}/bridge/getAppInfo`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Castdesk-Token': token }, body: '{}' });
      expect(await answer.json()).toMatchObject({ ok: true, value: { shell: 'web' } });
    } finally {
      cli.child.kill('SIGTERM');
    }
    expect(await cli.exited).toBe(0);
    expect(cli.output().stdout).toContain('SIGTERM: stopping');
  });

  // Issue 23, item 1: settings, log, media cache and the demo's data are the user's alone.
  it('makes the user data folder owner-only (0700) under umask 022, tightening one that was open to others', async () => {
    const loose = path.join(userDataDir, 'loose');
    await mkdir(loose, { mode: 0o755 });
    await chmod(loose, 0o755);
    const fresh = path.join(userDataDir, 'fresh', 'Castdesk');
    for (const folder of [loose, fresh]) {
      const cli = startCli(['--port', '0', '--no-open', '--user-data-dir', folder], {}, '022');
      try {
        await cli.printed(/Open: http/, 120_000);
        expect(((await stat(folder)).mode & 0o777).toString(8)).toBe('700');
      } finally {
        cli.child.kill('SIGTERM');
      }
      expect(await cli.exited).toBe(0);
    }
    // Two process starts: generous, for a loaded machine.
  }, 300_000);

  it('refuses a bad port with a clear message', async () => {
    const cli = startCli(['--port', 'eighty', '--no-open', '--user-data-dir', userDataDir]);
    expect(await cli.exited).toBe(2);
    expect(cli.output().stderr).toContain('--port takes a whole number');
  });
});

/**
 * The browser opener, faked: `xdg-open` (and `open`) on PATH that append each argument they get as
 * one line to a file, as /proc/<pid>/cmdline would show them to every user of the machine.
 */
async function fakeOpener(dir: string): Promise<{ env: NodeJS.ProcessEnv; calls: () => Promise<string[]> }> {
  const bin = path.join(dir, 'bin');
  const log = path.join(dir, 'opener-argv.txt');
  await mkdir(bin, { recursive: true });
  for (const name of ['xdg-open', 'open']) {
    await writeFile(path.join(bin, name), `#!/bin/sh\nfor argument in "$@"; do printf '%s\\n' "$argument" >> '${log}'; done\n`);
    await chmod(path.join(bin, name), 0o755);
  }
  return {
    env: { PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` },
    calls: async () => (await readFile(log, 'utf8').catch(() => '')).split('\n').filter((line) => line !== ''),
  };
}

async function printedAddress(cli: ReturnType<typeof startCli>): Promise<string> {
  await expect.poll(() => /Open: (\S+)/.exec(cli.output().stdout)?.[1] ?? (cli.child.exitCode !== null ? 'exited' : null), { timeout: 60_000 }).toBeTruthy();
  const match = /Open: (\S+)/.exec(cli.output().stdout);
  if (!match?.[1]) throw new Error(`No address printed:\n${JSON.stringify(cli.output())}`);
  return match[1];
}

async function stopCli(cli: ReturnType<typeof startCli>): Promise<void> {
  if (cli.child.exitCode === null && cli.child.signalCode === null) cli.child.kill('SIGTERM');
  await cli.exited;
}

describe('npm run web: what the browser opener sees', () => {
  let workDir: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'castdesk-web-opener-'));
  });
  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it('hands the opener a one-time address, never the launch token; the address works once', async () => {
    const opener = await fakeOpener(path.join(workDir, 'one-time'));
    const userDataDir = path.join(workDir, 'one-time', 'data');
    const cli = startCli(['--port', '0', '--user-data-dir', userDataDir], opener.env);
    try {
      const printed = await printedAddress(cli);
      const [origin, token] = printed.split('/#token=') as [string, string];
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      await expect.poll(opener.calls, { timeout: 30_000 }).toHaveLength(1);
      const [argument] = await opener.calls();
      expect(argument).not.toContain(token);
      expect(argument).toMatch(new RegExp(`^${origin.replace(/\./g, '\\.')}/launch/[A-Za-z0-9_-]{32}$`));

      // The browser's first visit is sent on to the page with the token in the fragment …
      const first = await fetch(argument!, { redirect: 'manual' });
      expect(first.status).toBe(303);
      expect(first.headers.get('location')).toBe(`/#token=${token}`);
      expect(first.headers.get('cache-control')).toBe('no-store');
      // … and a second visit (someone who read the command line) gets nothing.
      const second = await fetch(argument!, { redirect: 'manual' });
      expect(second.status).toBe(410);
      expect(second.headers.get('location')).toBeNull();
      expect(await second.text()).not.toContain(token);

      // The runtime file that lets a second start recognise this shell is for the user alone.
      expect((await stat(path.join(userDataDir, 'web-shell.json'))).mode & 0o077).toBe(0);
    } finally {
      await stopCli(cli);
    }
  });

  it('refuses a port held by another program and never calls the opener', async () => {
    const opener = await fakeOpener(path.join(workDir, 'squatted'));
    const seen: string[] = [];
    // A squatter: answers everything with a page, as a phishing copy of Castdesk would.
    const squatter: Server = createServer((request, response) => {
      seen.push(request.url ?? '');
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end('{"proof":"AAAA"}');
    });
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const { port } = squatter.address() as AddressInfo;
    // A runtime file left by an earlier shell names this port: the squatter must prove it is that shell.
    const userDataDir = path.join(workDir, 'squatted', 'data');
    const staleToken = 'S'.repeat(43);
    await mkdir(userDataDir, { recursive: true });
    await writeFile(path.join(userDataDir, 'web-shell.json'), JSON.stringify({ pid: 1, port, token: staleToken }), { mode: 0o600 });
    try {
      const cli = startCli(['--port', String(port), '--user-data-dir', userDataDir], opener.env);
      expect(await cli.exited).toBe(1);
      expect(cli.output().stderr).toContain(`Port ${port} on 127.0.0.1 is held by another program`);
      expect(cli.output().stderr).toContain('does not open the browser there');
      expect(cli.output().stdout).not.toContain('Open:');
      expect(await opener.calls()).toEqual([]);
      // It was only challenged; it never saw the token.
      expect(seen).toEqual([expect.stringMatching(/^\/identity\?challenge=[A-Za-z0-9_-]+$/)]);
      expect(seen.join('')).not.toContain(staleToken);
    } finally {
      await new Promise<void>((resolve) => squatter.close(() => resolve()));
    }
  });

  it('opens the running shell of the same user data when it holds the port (after it proves who it is)', async () => {
    const opener = await fakeOpener(path.join(workDir, 'running'));
    const userDataDir = path.join(workDir, 'running', 'data');
    const first = startCli(['--port', '0', '--no-open', '--user-data-dir', userDataDir]);
    try {
      const printed = await printedAddress(first);
      const [origin, token] = printed.split('/#token=') as [string, string];
      const port = new URL(origin).port;
      const second = startCli(['--port', port, '--user-data-dir', userDataDir], opener.env);
      expect(await second.exited, second.output().stderr).toBe(0);
      expect(second.output().stdout).toContain(`already running on port ${port}`);
      const calls = await opener.calls();
      expect(calls).toHaveLength(1);
      expect(calls[0]).not.toContain(token);
      const redirect = await fetch(calls[0]!, { redirect: 'manual' });
      expect(redirect.status).toBe(303);
      expect(redirect.headers.get('location')).toBe(`/#token=${token}`);
    } finally {
      await stopCli(first);
    }
  });
});

/**
 * Issue 22 (walk N1): the offline library lives in the browser storage of the page's origin, so a
 * shell that came back on another port showed no shortlists on day two. A second start with the
 * same user data takes the port of the first (also with `--port 0`), and when another program holds
 * that port the shell says where the library lives and how to free the port, instead of starting on
 * a new, empty origin.
 */
describe('npm run web: the library keeps its address', () => {
  let workDir: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'castdesk-web-address-'));
  });
  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it('starts again on the port of the last start, with --port 0 and without --port, and refuses to move when another program holds it', async () => {
    const userDataDir = path.join(workDir, 'data');
    const first = startCli(['--port', '0', '--no-open', '--user-data-dir', userDataDir]);
    let origin: string;
    try {
      origin = new URL(await printedAddress(first)).origin;
    } finally {
      await stopCli(first);
    }
    const port = Number(new URL(origin).port);

    for (const args of [['--port', '0'], []]) {
      const again = startCli([...args, '--no-open', '--user-data-dir', userDataDir]);
      try {
        expect(new URL(await printedAddress(again)).origin, `npm run web -- ${args.join(' ')}`).toBe(origin);
      } finally {
        await stopCli(again);
      }
    }

    // Another program takes the port while Castdesk is stopped.
    const squatter: Server = createServer((_request, response) => response.end('not Castdesk'));
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    try {
      const refused = startCli(['--port', '0', '--no-open', '--user-data-dir', userDataDir]);
      expect(await refused.exited).toBe(1);
      const { stdout, stderr } = refused.output();
      expect(stdout).not.toContain('Open:');
      expect(stderr).toContain(`Port ${port} on 127.0.0.1 is held by another program`);
      expect(stderr).toContain(`lives in the browser at ${origin}`);
      expect(stderr).toContain(`lsof -nP -iTCP:${port} -sTCP:LISTEN`);
    } finally {
      await new Promise<void>((resolve) => squatter.close(() => resolve()));
    }

    // An explicit other port is the user's choice: the shell starts there and says where the library is.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const otherPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const elsewhere = startCli(['--port', String(otherPort), '--no-open', '--user-data-dir', userDataDir]);
    try {
      await printedAddress(elsewhere);
      expect(elsewhere.output().stderr).toContain(`lives in the browser at ${origin}, where Castdesk ran last time`);
      expect(elsewhere.output().stderr).toContain(`start with --port ${port}`);
    } finally {
      await stopCli(elsewhere);
    }
    // Four process starts: generous, for a loaded machine.
  }, 300_000);
});

describe('default user data folder', () => {
  it('follows each platform’s convention', () => {
    expect(defaultUserDataDir({ XDG_CONFIG_HOME: '/x/config' }, 'linux', '/home/ada')).toBe(path.join('/x/config', 'Castdesk'));
    expect(defaultUserDataDir({}, 'linux', '/home/ada')).toBe(path.join('/home/ada', '.config', 'Castdesk'));
    expect(defaultUserDataDir({}, 'darwin', '/Users/ada')).toBe(path.join('/Users/ada', 'Library', 'Application Support', 'Castdesk'));
    expect(defaultUserDataDir({ APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, 'win32', 'C:\\Users\\ada')).toBe(path.join('C:\\Users\\ada\\AppData\\Roaming', 'Castdesk'));
  });
});
