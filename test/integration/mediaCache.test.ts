/**
 * The media cache over real HTTP on 127.0.0.1: PNGs from the directory service's media host, and a
 * small node:http server of our own for the answers the cache must refuse. Ends with both servers
 * closed, to show cached pictures are still served offline.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MediaCache } from '../../electron/core/media/mediaCache.ts';
import { MediaCacheError } from '../../electron/core/media/mediaCacheError.ts';
import { serveCached } from '../../electron/core/media/serveCached.ts';
import { startDirectory, type RunningDirectory } from '../../server/src/startDirectory.ts';

let directory: RunningDirectory;
let directoryOpen = false;
let ownServer: Server;
let ownUrl: string;
let ownServerOpen = false;
/** Requests our own server received, by path. */
const hits = new Map<string, number>();
let samplePng: Buffer;

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'castdesk-media-int-'));
  dirs.push(dir);
  return dir;
}
const picture = (id: number, version = 'thumb') => `${directory.baseUrl}/media/pictures/${id}/${version}.png`;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const objectFiles = (dir: string) =>
  readdirSync(join(dir, 'objects'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());

beforeAll(async () => {
  directory = await startDirectory({ port: 0, fixture: 'test/conformance/fixtures/directory.json', rateLimit: false });
  directoryOpen = true;
  samplePng = Buffer.from(await (await fetch(picture(7, 'large'))).arrayBuffer());

  ownServer = createServer((request, response) => {
    const path = request.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const send = (status: number, type: string, body: Buffer | string, delayMs = 0) =>
      setTimeout(() => response.writeHead(status, { 'content-type': type }).end(body), delayMs);
    if (path === '/same.png') return send(200, 'image/png', samplePng);
    if (path === '/slow.png') return send(200, 'image/png', samplePng, 300);
    if (path === '/page.html') return send(200, 'text/html; charset=utf-8', '<!doctype html><p>not a picture</p>');
    if (path === '/logo.svg') return send(200, 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    if (path === '/fake.png') return send(200, 'image/png', '<html><body><script>alert(1)</script></body></html>');
    if (path === '/huge.png') return send(200, 'image/png', Buffer.concat([samplePng, Buffer.alloc(3 * 1024 * 1024)]));
    if (path === '/streamed-huge.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.write(samplePng);
      for (let n = 0; n < 48; n += 1) response.write(Buffer.alloc(64 * 1024));
      return response.end();
    }
    if (path === '/error.png') return send(500, 'text/plain', 'internal error');
    return send(404, 'text/plain', 'not found');
  });
  ownServer.listen(0, '127.0.0.1');
  await once(ownServer, 'listening');
  ownServerOpen = true;
  ownUrl = `http://127.0.0.1:${(ownServer.address() as AddressInfo).port}`;
});

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

afterAll(async () => {
  if (ownServerOpen) {
    ownServer.closeAllConnections();
    ownServer.close();
  }
  if (directoryOpen) await directory.close();
});

describe('media cache over HTTP', () => {
  it('fetches a real PNG from the directory once, stored under its hash, then serves it from disk', async () => {
    const dir = tempDir();
    const cache = await MediaCache.open({ dir });
    const first = await cache.get(picture(1));
    const bytes = readFileSync(first.path);
    const expected = Buffer.from(await (await fetch(picture(1))).arrayBuffer());
    expect(bytes.equals(expected)).toBe(true);
    expect(first).toMatchObject({ contentType: 'image/png', size: expected.length, fromCache: false, hash: sha256(expected) });
    expect(first.path).toBe(join(dir, 'objects', first.hash.slice(0, 2), first.hash.slice(2, 4), first.hash));
    expect((await cache.get(picture(1))).fromCache).toBe(true);

    const answer = await serveCached(cache, picture(1));
    expect(answer.status).toBe(200);
    expect(answer.headers['Content-Type']).toBe('image/png');
    expect(answer.headers['Cache-Control']).toBe('private, max-age=31536000, immutable');
    expect(answer.headers['X-Content-Type-Options']).toBe('nosniff');
    expect(answer.body.equals(expected)).toBe(true);
  });

  it('stores the same bytes served at different URLs once', async () => {
    const dir = tempDir();
    const cache = await MediaCache.open({ dir });
    const a = await cache.get(picture(7, 'large'));
    const b = await cache.get(`${picture(7, 'large')}?copy=1`);
    const c = await cache.get(`${ownUrl}/same.png`);
    expect(new Set([a.path, b.path, c.path]).size).toBe(1);
    expect(cache.stats()).toMatchObject({ count: 3, files: 1, bytes: samplePng.length });
    expect(objectFiles(dir)).toHaveLength(1);
  });

  it.each([
    ['text/html', '/page.html', 'unsupported_type', 415],
    ['image/svg+xml', '/logo.svg', 'unsupported_type', 415],
    ['image/png with HTML bytes', '/fake.png', 'unsupported_type', 415],
    ['an oversize picture (with Content-Length)', '/huge.png', 'too_large', 413],
    ['an oversize picture (chunked)', '/streamed-huge.png', 'too_large', 413],
    ['HTTP 500', '/error.png', 'upstream_status', 502],
    ['HTTP 404', '/missing.png', 'upstream_status', 404],
  ])('refuses %s and stores nothing', async (_name, path, code, status) => {
    const dir = tempDir();
    const cache = await MediaCache.open({ dir, maxPictureBytes: 2 * 1024 * 1024 });
    const error = await cache.get(`${ownUrl}${path}`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MediaCacheError);
    expect((error as MediaCacheError).code).toBe(code);
    expect(cache.has(`${ownUrl}${path}`)).toBe(false);
    expect(objectFiles(dir)).toEqual([]);
    expect(readdirSync(join(dir, 'tmp'))).toEqual([]);
    const answer = await serveCached(cache, `${ownUrl}${path}`);
    expect(answer.status).toBe(status);
    expect(answer.headers['Content-Type']).toBe('text/plain; charset=utf-8');
    expect(objectFiles(dir)).toEqual([]);
  });

  it('evicts the least recently used pictures when the cap is reached', async () => {
    const dir = tempDir();
    const sizes = await Promise.all([11, 12, 13].map(async (id) => (await (await fetch(picture(id))).arrayBuffer()).byteLength));
    let clock = 0;
    const cache = await MediaCache.open({ dir, capBytes: sizes[0]! + sizes[1]! + sizes[2]! - 1, now: () => (clock += 1) });
    await cache.get(picture(11));
    await cache.get(picture(12));
    await cache.get(picture(11));
    await cache.get(picture(13));
    expect([11, 12, 13].map((id) => cache.has(picture(id)))).toEqual([true, false, true]);
    expect(objectFiles(dir)).toHaveLength(2);
    expect(cache.stats().bytes).toBeLessThanOrEqual(cache.stats().cap);
  });

  it('shares one request between concurrent gets of one URL', async () => {
    const cache = await MediaCache.open({ dir: tempDir() });
    hits.delete('/slow.png');
    const results = await Promise.all(Array.from({ length: 6 }, () => cache.get(`${ownUrl}/slow.png`)));
    expect(hits.get('/slow.png')).toBe(1);
    expect(new Set(results.map((result) => result.path)).size).toBe(1);
  });

  it('serves cached pictures offline from a reloaded index, and says clearly what it cannot serve', async () => {
    const dir = tempDir();
    const cache = await MediaCache.open({ dir });
    await cache.get(picture(21));
    await cache.get(`${ownUrl}/same.png`);
    await cache.flush();

    ownServer.closeAllConnections();
    ownServer.close();
    ownServerOpen = false;
    await directory.close();
    directoryOpen = false;

    const reopened = await MediaCache.open({ dir });
    expect(await reopened.get(picture(21))).toMatchObject({ fromCache: true, contentType: 'image/png' });
    const offlineAnswer = await serveCached(reopened, `${ownUrl}/same.png`);
    expect(offlineAnswer.status).toBe(200);
    expect(offlineAnswer.body.equals(samplePng)).toBe(true);

    const error = await reopened.get(picture(22)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MediaCacheError);
    expect((error as MediaCacheError).code).toBe('unreachable');
    expect((error as MediaCacheError).message).toMatch(/Could not reach .*\/media\/pictures\/22\/thumb\.png and the picture is not cached/);
    const answer = await serveCached(reopened, picture(22));
    expect(answer.status).toBe(502);
    expect(answer.body.toString()).toMatch(/cannot be reached/);
  });
});
