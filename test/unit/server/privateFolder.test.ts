/**
 * The owner-only folder of the directory's data and the app's user data (issue 23, item 1), on
 * real folders: created 0700 whatever the umask allows, tightened when open to others, and left as
 * it is (with a reason) when it belongs to another user.
 */
import { chmod, chown, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePrivateFolder } from '../../../server/src/privateFolder.ts';

let root = '';
const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'castdesk-private-folder-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('ensurePrivateFolder', () => {
  it('creates a missing folder and its missing parents 0700', async () => {
    const folder = join(root, 'a', 'b', 'data');
    expect(await ensurePrivateFolder(folder)).toEqual({ mode: 0o700 });
    expect(await modeOf(folder)).toBe(0o700);
    expect(await modeOf(join(root, 'a'))).toBe(0o700);
  });

  it('takes group and other permissions off an existing folder of this user', async () => {
    const folder = join(root, 'open');
    await mkdir(folder);
    await chmod(folder, 0o777);
    expect(await ensurePrivateFolder(folder)).toEqual({ mode: 0o700 });
    expect(await modeOf(folder)).toBe(0o700);
  });

  // Only root can give a folder to another user.
  it.runIf(process.getuid?.() === 0)('leaves a folder of another user as it is and says why', async () => {
    const folder = join(root, 'theirs');
    await mkdir(folder);
    await chmod(folder, 0o755);
    await chown(folder, 65534, 65534);
    const result = await ensurePrivateFolder(folder);
    expect(result.mode).toBe(0o755);
    expect(result.problem).toMatch(/belongs to another user/);
    expect(await modeOf(folder)).toBe(0o755);
  });
});
