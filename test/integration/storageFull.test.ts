/**
 * A full disk, on a real 12 MB tmpfs mounted for this file (we run as root; when mounting is
 * impossible the file is skipped and says why): a back end whose user data folder is full answers
 * `storage_full`, not an internal error, and loses nothing once there is room again; the media
 * cache keeps its free-space floor, evicting what is not kept and then refusing to keep more; and
 * a sync on that disk ends with `storage_full` in its status instead of a silent "complete".
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, open, rm, statfs } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelNames } from '../../contract/bridge-channels.ts';
import { createBackEnd, type BackEnd } from '../../electron/core/backEnd.ts';
import { MediaCache } from '../../electron/core/media/mediaCache.ts';
import { LibraryDb } from '../../renderer/src/db/libraryDb.ts';
import { createSyncEngine, type SyncBridge } from '../../renderer/src/sync/syncEngine.ts';
import { startHostileListDirectory, type HostileListDirectory } from './hostileListDirectory.ts';

const mib = 1024 ** 2;
const mountPoint = mkdtempSync(path.join(tmpdir(), 'castdesk-small-disk-'));
const mountFailure = (() => {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=12m', 'tmpfs', mountPoint], { stdio: 'pipe' });
    return null;
  } catch (error) {
    rmSync(mountPoint, { recursive: true, force: true });
    return error instanceof Error ? error.message : String(error);
  }
})();
if (mountFailure) console.warn(`storageFull.test.ts skipped: a 12 MB tmpfs cannot be mounted here (${mountFailure.trim()}); these tests need root and mount(8).`);

afterAll(() => {
  if (mountFailure) return;
  execFileSync('umount', [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

async function freeBytes(dir: string): Promise<number> {
  const disk = await statfs(dir);
  return disk.bavail * disk.bsize;
}

/** Writes `file` until the disk says ENOSPC. */
async function fillDisk(file: string): Promise<void> {
  const handle = await open(file, 'w');
  const chunk = Buffer.alloc(256 * 1024, 1);
  try {
    for (;;) await handle.write(chunk);
  } catch (error) {
    expect((error as { code?: string }).code).toBe('ENOSPC');
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** A 1 MiB "PNG" (the signature, then random bytes: each one its own file in the cache). */
const picture = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(mib - 8)]);

describe.skipIf(mountFailure !== null)('a 12 MB disk', () => {
  let pictureServer: Server;
  let pictureBase: string;

  beforeAll(async () => {
    pictureServer = createServer((_request, response) => {
      const body = picture();
      response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': body.length });
      response.end(body);
    });
    pictureServer.listen(0, '127.0.0.1');
    await once(pictureServer, 'listening');
    pictureBase = `http://127.0.0.1:${(pictureServer.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    pictureServer?.closeAllConnections();
    await new Promise<void>((resolve) => pictureServer?.close(() => resolve()));
  });

  it('the media cache never takes the disk below its floor: it evicts, then refuses to keep more', async () => {
    const dir = path.join(mountPoint, 'media');
    const minFreeBytes = 3 * mib;
    const cache = await MediaCache.open({ dir, minFreeBytes, maxPictureBytes: 1.5 * mib, fetch: (url, init) => fetch(url, { signal: init.signal }) });
    // Twenty pictures, far more than the disk holds: the oldest go, the floor holds after each.
    for (let n = 0; n < 20; n += 1) {
      await cache.get(`${pictureBase}/loose/${n}.png`);
      expect(await freeBytes(mountPoint)).toBeGreaterThanOrEqual(minFreeBytes);
    }
    expect(cache.has(`${pictureBase}/loose/19.png`)).toBe(true);
    expect(cache.has(`${pictureBase}/loose/0.png`)).toBe(false);

    // Kept files are not evicted for room: once the disk holds only them, keeping one more is refused.
    let refused: unknown = null;
    for (let n = 0; n < 20 && !refused; n += 1) {
      refused = await cache.get(`${pictureBase}/kept/${n}.png`, { keep: { owner: 'test', generation: 1 } }).then(() => null, (error: unknown) => error);
    }
    expect(refused).toMatchObject({ name: 'MediaCacheError', code: 'storage_full' });
    expect(await freeBytes(mountPoint)).toBeGreaterThanOrEqual(minFreeBytes);
    expect(cache.stats().keptFiles).toBeGreaterThan(3);
    await cache.clear();
    await rm(dir, { recursive: true, force: true });
  });

  describe('a back end whose user data folder is on it', () => {
    let directory: HostileListDirectory;
    let backEnd: BackEnd;
    let userDataDir: string;
    let db: LibraryDb;

    beforeAll(async () => {
      directory = await startHostileListDirectory();
      userDataDir = path.join(mountPoint, 'user-data');
      await mkdir(userDataDir);
      backEnd = await createBackEnd({ userDataDir, shell: 'web', version: 'test' });
    }, 120_000);

    afterAll(async () => {
      db?.close();
      await db?.delete();
      await backEnd?.close();
      await directory?.stop();
      await rm(userDataDir, { recursive: true, force: true });
    });

    it('answers storage_full when the disk is full, and adds the connection once there is room', async () => {
      const filler = path.join(mountPoint, 'filler');
      await fillDisk(filler);
      const input = { name: 'Full disk', baseUrl: directory.baseUrl, contentLocale: 'en', key: directory.key };
      const refused = await backEnd.call('addConnection', input);
      expect(refused).toMatchObject({ ok: false, error: { code: 'storage_full' } });
      await rm(filler);
      const added = await backEnd.call('addConnection', input);
      expect(added).toMatchObject({ ok: true });
      const listed = await backEnd.call('listConnections', {});
      expect(listed).toMatchObject({ ok: true, value: { connections: [expect.objectContaining({ name: 'Full disk' })] } });
    });

    it('a sync keeps no pictures below the free-space floor and says the disk is full', async () => {
      const listed = await backEnd.call('listConnections', {});
      if (!listed.ok) throw new Error(listed.error.message);
      // The connection of the test before, or a new one when that test failed.
      const connectionId =
        (listed.value as { connections: { id: string }[] }).connections[0]?.id ??
        (await backEnd.call('addConnection', { name: 'Small disk', baseUrl: directory.baseUrl, contentLocale: 'en', key: directory.key }).then((added) => (added.ok ? (added.value as { id: string }).id : '')));
      directory.actors = Array.from({ length: 8 }, (_, index) => ({
        id: index + 1,
        name: `Actor ${index + 1}`,
        updated_at: '2026-01-15T10:00:00.000+00:00',
        main_picture_url_tile: `${directory.baseUrl}/media/${index + 1}.png`,
      }));
      directory.override = (url, response) => {
        if (!url.pathname.startsWith('/media/')) return false;
        const body = picture();
        response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': body.length });
        response.end(body);
        return true;
      };
      db = new LibraryDb(`small-disk-${process.pid}-${Date.now().toString(36)}`, { indexedDB, IDBKeyRange });
      const bridge = Object.fromEntries(channelNames.map((name) => [name, (args: unknown) => backEnd.call(name, args)])) as unknown as SyncBridge;
      const engine = createSyncEngine({ db, bridge, connectionId, details: false, backoff: { baseMs: 50, capMs: 400 } });
      expect(await engine.run()).toBe('done');
      expect(engine.progress().lastError).toMatchObject({ code: 'storage_full' });
      // The back end's floor (512 MB) is far above this disk's size: nothing was kept.
      expect(await db.media.count()).toBe(0);
      expect(await freeBytes(mountPoint)).toBeGreaterThan(8 * mib);
      engine.dispose();
    });
  });
});
