import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface DirectoryProcess {
  baseUrl: string;
  /** The casting professional's key (`demo-casting-pro-…`): every agency's actors. */
  key: string;
  child: ChildProcess;
  /** SIGTERM, SIGKILL after 15 s; resolves once the process has exited. Removes its data folder. */
  stop(): Promise<void>;
  /** SIGKILL at once (a crash); keeps the data folder, so the directory can come back on it. */
  kill(): Promise<void>;
  dataDir: string;
}

/**
 * Starts the directory service (server/cli.ts) as a process of its own with a small demo on a free
 * loopback port, rate limit off, in a fresh data folder, and reads its address and the casting
 * professional's key from what it prints. A test can stop it to take the directory away.
 */
export async function startDirectoryProcess(demoArgs: string[], again?: { port: number; dataDir: string }): Promise<DirectoryProcess> {
  // `again`: the same directory back after a kill, on its port and data (its URLs stay valid).
  const dataDir = again?.dataDir ?? mkdtempSync(path.join(tmpdir(), 'castdesk-e2e-directory-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/cli.ts', '--port', String(again?.port ?? 0), '--demo', ...demoArgs, '--data-dir', dataDir, '--rate-limit', 'off'],
    { cwd: repoRoot, env: { ...process.env, DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const output: string[] = [];
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const hardKill = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(hardKill);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  try {
    const { baseUrl, key } = await new Promise<{ baseUrl: string; key: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`The directory printed no address and key within 180 s:\n${output.join('')}`)), 180_000);
      child.stdout?.on('data', (chunk: Buffer) => {
        output.push(chunk.toString('utf8'));
        const text = output.join('');
        const address = /listening on (http:\/\/\S+)/.exec(text)?.[1];
        const castingKey = /^\s+(demo-casting-pro\S*)\s/m.exec(text)?.[1];
        if (address && castingKey) {
          clearTimeout(timer);
          resolve({ baseUrl: address, key: castingKey });
        }
      });
      child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`The directory exited before it was ready:\n${output.join('')}`));
      });
    });
    child.stdout?.resume();
    child.stderr?.resume();
    return { baseUrl, key, child, stop, kill, dataDir };
  } catch (error) {
    await stop();
    throw error;
  }
}
