/**
 * The `npm run directory` command as a user runs it: a real child process, real HTTP, real signals.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../support/waitUntil.ts';

const root = new URL('../../', import.meta.url).pathname;
const workDir = mkdtempSync(join(tmpdir(), 'castdesk-cli-'));
const children = new Set<ChildProcessWithoutNullStreams>();

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(workDir, { recursive: true, force: true });
});

/** `umask` set: through a shell that sets it and then becomes Node (exec), still one process. */
function runCli(args: string[], umask?: string) {
  // Node itself with tsx's loader: one process, so a kill at clean-up leaves no orphan behind.
  const node = [process.execPath, '--import', 'tsx', 'server/cli.ts', ...args];
  const env = { ...process.env, DATABASE_URL: '' };
  const child = umask ? spawn('/bin/sh', ['-c', `umask ${umask} && exec "$@"`, 'sh', ...node], { cwd: root, env }) : spawn(node[0]!, node.slice(1), { cwd: root, env });
  children.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => { children.delete(child); resolve(code); }));
  // Generous: a process start (tsx, PGlite, the demo) takes seconds quiet and a minute or more under load.
  const waitFor = (pattern: RegExp, timeoutMs = 240_000) =>
    waitUntil(() => pattern.exec(output), {
      what: () => `${pattern} is printed; output so far:\n${output}`,
      timeoutMs,
      giveUpIf: () => (child.exitCode !== null ? `exited with ${child.exitCode}` : undefined),
    });
  return { child, exited, waitFor, output: () => output };
}

const example = /```json\n([\s\S]*?)```/.exec(readFileSync(join(root, 'server/FIXTURES.md'), 'utf8'))![1];

// Every test starts the CLI as a process: generous timeouts, as for any process start.
describe('npm run directory', { timeout: 600_000 }, () => {
  it('serves a fixture, prints its URL and keys, and stops cleanly on SIGTERM', async () => {
    const fixture = join(workDir, 'fixture.json');
    writeFileSync(fixture, example);
    const cli = runCli(['--port', '0', '--fixture', fixture, '--rate-limit', 'off']);
    const [, baseUrl] = await cli.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    await cli.waitFor(/k-casting-pro\s+A casting director/);
    expect(cli.output()).toMatch(/k-agency-1\s+Agentur Sonnenschein/);
    expect(cli.output()).toMatch(/Rate limit: off/);
    const response = await fetch(`${baseUrl}/api/v1/actor_profiles`, { headers: { authorization: 'Token token=k-agency-1' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ id: 1, name: 'Jonas Müller', gender: 'm' }]);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    expect(cli.output()).toMatch(/SIGTERM: stopping/);
  });

  it('rejects a malformed fixture with the JSON path and loads nothing', async () => {
    const fixture = join(workDir, 'broken.json');
    writeFileSync(fixture, example.replace('"primary_agency"', '"main_agency"'));
    const cli = runCli(['--port', '0', '--fixture', fixture]);
    expect(await cli.exited).toBe(1);
    expect(cli.output()).toMatch(/\$\.actor_profiles\[0\]\.talent_agency_connections\[0\]\.connection_type/);
    expect(cli.output()).toMatch(/nothing was loaded/);
  });

  it.each([
    [['--port', 'eighty']],
    [['--rate-limit', 'lots']],
    [['--media-rate-limit', '5']],
    [['--public-url', 'ftp://directory.example']],
    [['--public-url', 'https://directory.example/?q=1']],
    [['--actors', '10']],
    [['--demo', '--fixture', 'x.json']],
    [['--no-such-flag']],
  ])('refuses bad arguments %j with usage and exit code 2', async (args) => {
    const cli = runCli(args);
    expect(await cli.exited).toBe(2);
    expect(cli.output()).toMatch(/Usage: npm run directory/);
  });

  it('generates demo data into a data folder once and reuses it on the next start', async () => {
    const dataDir = join(workDir, 'data');
    const args = ['--port', '0', '--data-dir', dataDir, '--demo', '--actors', '40', '--crew', '8', '--casting-calls', '6', '--seed', '3'];
    const first = runCli(args);
    const [, baseUrl] = await first.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    expect(first.output()).toMatch(/Generating demo data: 40 actors/);
    // How far the generation is, for the app's first start.
    expect(first.output()).toMatch(/Demo data: 40 of 40 actors written\./);
    const [, key] = await first.waitFor(/^\s+(demo-casting-pro\S*)/m);
    const total = (await fetch(`${baseUrl}/api/v1/actor_profiles`, { headers: { authorization: `Token token=${key}` } })).headers.get('total');
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);

    const second = runCli(args);
    const [, secondUrl] = await second.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    expect(second.output()).toMatch(/Reusing the demo data/);
    expect(second.output()).not.toMatch(/Generating/);
    const again = await fetch(`${secondUrl}/api/v1/actor_profiles`, { headers: { authorization: `Token token=${key}` } });
    expect(again.headers.get('total')).toBe(total);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('keeps its data folder owner-only (0700) under umask 022, and tightens a looser one on the next start', async () => {
    // PGlite writes its files 0666 whatever the umask: only the folder's mode keeps other users out.
    const dataDir = join(workDir, 'private', 'data');
    const args = ['--port', '0', '--data-dir', dataDir, '--demo', '--actors', '20', '--crew', '4', '--casting-calls', '3', '--seed', '5'];
    const modeOf = (path: string) => statSync(path).mode & 0o777;
    const first = runCli(args, '022');
    await first.waitFor(/^\s+demo-casting-pro\S*/m);
    expect(modeOf(dataDir)).toBe(0o700);
    // The folder it created on the way is private too.
    expect(modeOf(join(workDir, 'private'))).toBe(0o700);
    expect(modeOf(join(dataDir, 'demo-keys.json'))).toBe(0o600);
    // The reason the folder must be private: what PGlite wrote inside is open to everyone.
    expect(readdirSync(dataDir, { recursive: true }).some((name) => (modeOf(join(dataDir, String(name))) & 0o006) !== 0)).toBe(true);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    chmodSync(dataDir, 0o755);
    const second = runCli(args, '022');
    await second.waitFor(/^\s+demo-casting-pro\S*/m);
    expect(second.output()).toMatch(/Reusing the demo data/);
    expect(modeOf(dataDir)).toBe(0o700);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
