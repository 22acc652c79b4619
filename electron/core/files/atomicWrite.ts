/**
 * Replaces a file so that a crash or power cut at any moment leaves either the old or the new
 * content, never a torn file: write a temp file in the same folder, fsync it, rename it over the
 * target, fsync the folder so the rename itself is durable.
 */
import { randomUUID } from 'node:crypto';
import { open, readdir, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

const tempSuffix = '.tmp';

function tempPrefix(file: string): string {
  return `.${basename(file)}.`;
}

/** Some platforms (Windows) cannot open or fsync a folder; the rename is then as durable as they allow. */
async function syncFolder(folder: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(folder, 'r');
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (!['EISDIR', 'EPERM', 'EACCES', 'EINVAL', 'EBADF', 'ENOTSUP'].includes(code ?? '')) throw error;
  } finally {
    await handle?.close();
  }
}

/** Writes `data` to `file` atomically and durably, readable by the owner only. */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  const folder = dirname(file);
  const temp = join(folder, `${tempPrefix(file)}${process.pid}-${randomUUID()}${tempSuffix}`);
  let handle: FileHandle | undefined;
  try {
    handle = await open(temp, 'wx', 0o600);
    await handle.writeFile(data);
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(temp, file);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw error;
  }
  await syncFolder(folder);
}

/** Removes temp files a crash left behind during an earlier `writeFileAtomic(file, …)`. */
export async function removeStaleTempFiles(file: string): Promise<void> {
  const prefix = tempPrefix(file);
  const names = await readdir(dirname(file)).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(prefix) && name.endsWith(tempSuffix))
      .map((name) => rm(join(dirname(file), name), { force: true })),
  );
}
