/**
 * A folder only its owner can enter (0700): the directory's data folder and the app's user data
 * folder. PGlite creates its data files 0666 whatever the umask, and a profile's contacts, key
 * hashes and demo keys sit in there, so the folder's mode is what keeps other local users out; the
 * files' own modes are never relied on. A folder that exists with a looser mode and belongs to
 * this user is tightened on every start; one that belongs to someone else is left as it is (it
 * cannot be changed) and reported, so the caller can say so.
 */
import { chmod, mkdir, stat } from 'node:fs/promises';

/** Owner only: read, write, enter. */
export const privateFolderMode = 0o700;

export interface PrivateFolderResult {
  /** The folder's permission bits after the call. */
  mode: number;
  /** Set when the folder belongs to another user and lets others in: it could not be tightened. */
  problem?: string;
}

/**
 * Creates `path` (and missing parents, each 0700) when missing, and takes group and other
 * permissions off it when it exists with them and belongs to this process's user. On Windows,
 * where modes mean little, it only creates the folder.
 */
export async function ensurePrivateFolder(path: string): Promise<PrivateFolderResult> {
  await mkdir(path, { recursive: true, mode: privateFolderMode });
  if (process.platform === 'win32') return { mode: (await stat(path)).mode & 0o777 };
  const found = await stat(path);
  const mode = found.mode & 0o777;
  if ((mode & 0o077) === 0) return { mode };
  if (process.getuid && found.uid !== process.getuid()) {
    return { mode, problem: `${path} belongs to another user and is open to others (mode ${mode.toString(8)}); it was left as it is.` };
  }
  await chmod(path, mode & privateFolderMode);
  return { mode: mode & privateFolderMode };
}
