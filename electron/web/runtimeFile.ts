/**
 * The running web shell's address and launch token, in a file only its user can read (0600, like
 * Jupyter's runtime files). A second `npm run web` with the same user data reads it to recognise the
 * shell that holds the port (see runningShell.ts) and to open that one instead of a stranger.
 */
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface ShellRuntime {
  pid: number;
  port: number;
  token: string;
}

const fileName = 'web-shell.json';

function runtimePath(userDataDir: string): string {
  return path.join(userDataDir, fileName);
}

/** Written to a temporary name first, so a reader never sees half a file or a wider mode. */
export async function writeShellRuntime(userDataDir: string, runtime: ShellRuntime): Promise<void> {
  const target = runtimePath(userDataDir);
  const temporary = `${target}.${process.pid}.tmp`;
  await rm(temporary, { force: true });
  await writeFile(temporary, JSON.stringify(runtime), { encoding: 'utf8', mode: 0o600, flag: 'wx' });
  await rename(temporary, target);
}

/** The runtime of the shell that wrote it, or null when there is none or it is unreadable. */
export async function readShellRuntime(userDataDir: string): Promise<ShellRuntime | null> {
  try {
    const value = JSON.parse(await readFile(runtimePath(userDataDir), 'utf8')) as Partial<ShellRuntime>;
    if (typeof value.pid !== 'number' || typeof value.port !== 'number' || typeof value.token !== 'string') return null;
    return { pid: value.pid, port: value.port, token: value.token };
  } catch {
    return null;
  }
}

/** Removes the file when it still describes this process (a later shell may have replaced it). */
export async function removeShellRuntime(userDataDir: string): Promise<void> {
  const current = await readShellRuntime(userDataDir);
  if (current?.pid === process.pid) await rm(runtimePath(userDataDir), { force: true });
}
