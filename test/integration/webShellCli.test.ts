import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultUserDataDir } from '../../electron/web/userDataDir.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

function startCli(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/web/cli.ts', ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
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
      const deadline = Date.now() + 60_000;
      while (!/Open: http:\/\/127\.0\.0\.1:\d+\/#token=\S+/.test(cli.output().stdout)) {
        if (Date.now() > deadline || cli.child.exitCode !== null) throw new Error(`No address printed:\n${JSON.stringify(cli.output())}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
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

  it('refuses a bad port with a clear message', async () => {
    const cli = startCli(['--port', 'eighty', '--no-open', '--user-data-dir', userDataDir]);
    expect(await cli.exited).toBe(2);
    expect(cli.output().stderr).toContain('--port takes a whole number');
  });
});

describe('default user data folder', () => {
  it('follows each platform’s convention', () => {
    expect(defaultUserDataDir({ XDG_CONFIG_HOME: '/x/config' }, 'linux', '/home/ada')).toBe(path.join('/x/config', 'Castdesk'));
    expect(defaultUserDataDir({}, 'linux', '/home/ada')).toBe(path.join('/home/ada', '.config', 'Castdesk'));
    expect(defaultUserDataDir({}, 'darwin', '/Users/ada')).toBe(path.join('/Users/ada', 'Library', 'Application Support', 'Castdesk'));
    expect(defaultUserDataDir({ APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, 'win32', 'C:\\Users\\ada')).toBe(path.join('C:\\Users\\ada\\AppData\\Roaming', 'Castdesk'));
  });
});
