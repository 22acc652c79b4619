/**
 * The media cache's rules with an injected fetch answering real Response objects: type checks by
 * header and bytes, content addressing, the persisted index, LRU eviction, shared downloads,
 * cancellation, and the HTTP answers of serveCached. Real HTTP is in test/integration.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sniffImageType } from '../../../electron/core/media/imageType.ts';
import { MediaCache, type MediaCacheOptions } from '../../../electron/core/media/mediaCache.ts';
import { MediaCacheError } from '../../../electron/core/media/mediaCacheError.ts';
import type { MediaFetch } from '../../../electron/core/media/downloadImage.ts';
import { serveCached } from '../../../electron/core/media/serveCached.ts';

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Bytes that sniff as PNG: the signature, then `size - 8` bytes derived from `seed`. */
function png(size: number, seed = 1): Buffer {
  const bytes = Buffer.alloc(size);
  bytes.set(pngSignature);
  for (let index = 8; index < size; index += 1) bytes[index] = (index * 31 + seed * 17) & 0xff;
  return bytes;
}
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface Route {
  status?: number;
  type?: string;
  body: Uint8Array | string;
  /** Leaves out Content-Length (a streamed answer). */
  chunked?: boolean;
}

/** A fetch over an in-memory table of routes that counts requests and records what it was given. */
function fakeNetwork(routes: Record<string, Route>) {
  const requests: string[] = [];
  const signals: AbortSignal[] = [];
  let gate: Promise<void> = Promise.resolve();
  const fetchMedia: MediaFetch = async (url, init) => {
    requests.push(url);
    signals.push(init.signal);
    await gate;
    init.signal.throwIfAborted();
    const route = routes[url];
    if (!route) throw new TypeError('fetch failed');
    const bytes = typeof route.body === 'string' ? Buffer.from(route.body) : route.body;
    const headers: Record<string, string> = { 'content-type': route.type ?? 'image/png' };
    if (!route.chunked) headers['content-length'] = String(bytes.length);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < bytes.length; offset += 4096) controller.enqueue(bytes.subarray(offset, offset + 4096));
        controller.close();
      },
    });
    return new Response(body, { status: route.status ?? 200, headers });
  };
  return {
    fetchMedia,
    requests,
    signals,
    /** Holds every answer until the returned function is called. */
    hold() {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return release;
    },
  };
}

const dirs: string[] = [];
const caches: MediaCache[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'castdesk-media-unit-'));
  dirs.push(dir);
  return dir;
}
async function openCache(options: MediaCacheOptions): Promise<MediaCache> {
  const cache = await MediaCache.open(options);
  caches.push(cache);
  return cache;
}
afterEach(async () => {
  for (const cache of caches.splice(0)) await cache.flush();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Every file under `dir`, relative paths. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

async function refusal(promise: Promise<unknown>): Promise<MediaCacheError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MediaCacheError);
  return error as MediaCacheError;
}

describe('sniffImageType', () => {
  it('recognises each accepted format by its leading bytes', () => {
    expect(sniffImageType(png(40))).toBe('image/png');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('image/webp');
    const avif = Buffer.alloc(32);
    avif.writeUInt32BE(28, 0);
    avif.write('ftypavif\x00\x00\x00\x00avifmif1miaf', 4, 'latin1');
    expect(sniffImageType(avif)).toBe('image/avif');
    const heicWithAvifBrand = Buffer.from(avif);
    heicWithAvifBrand.write('heic', 8, 'latin1');
    expect(sniffImageType(heicWithAvifBrand)).toBe('image/avif');
  });

  it('refuses SVG, HTML, other ISO-BMFF files, truncated signatures and nothing', () => {
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(sniffImageType(Buffer.from('<!doctype html><title>x</title>'))).toBeNull();
    const mp4 = Buffer.alloc(24);
    mp4.writeUInt32BE(24, 0);
    mp4.write('ftypisom\x00\x00\x00\x00isommp41', 4, 'latin1');
    expect(sniffImageType(mp4)).toBeNull();
    expect(sniffImageType(Buffer.from(pngSignature.slice(0, 5)))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('MediaCache', () => {
  it('stores a picture under the SHA-256 of its bytes, sharded, and serves it from the cache next time', async () => {
    const dir = tempDir();
    const bytes = png(5000);
    const net = fakeNetwork({ 'https://img.example/a.png': { body: bytes } });
    const cache = await openCache({ dir, fetch: net.fetchMedia });
    const first = await cache.get('https://img.example/a.png');
    const hash = sha256(bytes);
    expect(first).toEqual({ path: join(dir, 'objects', hash.slice(0, 2), hash.slice(2, 4), hash), contentType: 'image/png', size: 5000, hash, fromCache: false });
    expect(readFileSync(first.path).equals(bytes)).toBe(true);
    const second = await cache.get('https://img.example/a.png#fragment-ignored');
    expect(second).toMatchObject({ path: first.path, fromCache: true });
    expect(net.requests).toEqual(['https://img.example/a.png']);
    expect(cache.has('https://img.example/a.png')).toBe(true);
    expect(cache.has('https://img.example/b.png')).toBe(false);
    expect(filesUnder(join(dir, 'tmp'))).toEqual([]);
  });

  it('keeps the same bytes reached through two URLs once', async () => {
    const dir = tempDir();
    const bytes = png(3000);
    const net = fakeNetwork({ 'http://a.example/x.png': { body: bytes }, 'http://b.example/y.png': { body: bytes } });
    const cache = await openCache({ dir, fetch: net.fetchMedia });
    const a = await cache.get('http://a.example/x.png');
    const b = await cache.get('http://b.example/y.png');
    expect(b.path).toBe(a.path);
    expect(cache.stats()).toEqual({ count: 2, files: 1, bytes: 3000, cap: 2 * 1024 ** 3, keptFiles: 0, keptBytes: 0 });
    expect(filesUnder(join(dir, 'objects'))).toHaveLength(1);
  });

  it('types the stored picture by its bytes, not by the declared image type', async () => {
    const net = fakeNetwork({ 'https://img.example/p': { type: 'image/jpeg; charset=binary', body: png(100) } });
    const cache = await openCache({ dir: tempDir(), fetch: net.fetchMedia });
    expect((await cache.get('https://img.example/p')).contentType).toBe('image/png');
  });

  it.each([
    ['file:///etc/passwd'],
    ['data:image/png;base64,iVBORw0KGgo='],
    ['javascript:alert(1)'],
    ['ftp://img.example/a.png'],
    ['/media/pictures/1/thumb.png'],
    ['not a url'],
  ])('refuses %s as invalid_url without any request', async (url) => {
    const net = fakeNetwork({});
    const cache = await openCache({ dir: tempDir(), fetch: net.fetchMedia });
    expect((await refusal(cache.get(url))).code).toBe('invalid_url');
    expect(cache.has(url)).toBe(false);
    expect(net.requests).toEqual([]);
  });

  it.each<[string, Route, string]>([
    ['HTML', { type: 'text/html; charset=utf-8', body: '<!doctype html><p>hi</p>' }, 'unsupported_type'],
    ['SVG', { type: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' }, 'unsupported_type'],
    ['no content type', { type: '', body: png(100) }, 'unsupported_type'],
    ['octet-stream PNG bytes', { type: 'application/octet-stream', body: png(100) }, 'unsupported_type'],
    ['HTML labelled image/png', { type: 'image/png', body: '<html><script>alert(1)</script></html>'.repeat(5) }, 'unsupported_type'],
    ['an empty image/png', { type: 'image/png', body: '' }, 'unsupported_type'],
    ['oversize (declared length)', { body: png(2048) }, 'too_large'],
    ['oversize (streamed, no length)', { body: png(2048), chunked: true }, 'too_large'],
    ['HTTP 500', { status: 500, type: 'text/plain', body: 'boom' }, 'upstream_status'],
    ['HTTP 404 with a picture body', { status: 404, body: png(100) }, 'upstream_status'],
  ])('refuses %s and stores nothing', async (_name, route, code) => {
    const dir = tempDir();
    const net = fakeNetwork({ 'https://img.example/x': route });
    const cache = await openCache({ dir, fetch: net.fetchMedia, maxPictureBytes: 1024 });
    const error = await refusal(cache.get('https://img.example/x'));
    expect(error.code).toBe(code);
    expect(error.url).toBe('https://img.example/x');
    expect(error.message).toContain('https://img.example/x');
    expect(cache.has('https://img.example/x')).toBe(false);
    expect(cache.stats()).toMatchObject({ count: 0, files: 0, bytes: 0 });
    expect(filesUnder(join(dir, 'objects'))).toEqual([]);
    expect(filesUnder(join(dir, 'tmp'))).toEqual([]);
  });

  it('persists the index, so a new instance serves stored pictures without the network', async () => {
    const dir = tempDir();
    const net = fakeNetwork({ 'https://img.example/1.png': { body: png(700, 1) }, 'https://img.example/2.png': { body: png(800, 2) } });
    const cache = await openCache({ dir, fetch: net.fetchMedia });
    await cache.get('https://img.example/1.png');
    await cache.get('https://img.example/2.png');
    const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));
    expect(index.version).toBe(1);
    expect(Object.keys(index.entries).sort()).toEqual(['https://img.example/1.png', 'https://img.example/2.png']);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    const offline = fakeNetwork({});
    const reopened = await openCache({ dir, fetch: offline.fetchMedia });
    expect(reopened.stats()).toMatchObject({ count: 2, files: 2, bytes: 1500 });
    expect(await reopened.get('https://img.example/2.png')).toMatchObject({ fromCache: true, size: 800 });
    expect(offline.requests).toEqual([]);
    const missing = await refusal(reopened.get('https://img.example/3.png'));
    expect(missing.code).toBe('unreachable');
    expect(missing.message).toMatch(/not cached/);
  });

  it('sets a damaged index aside, says so, and starts empty', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'index.json'), '{"version":1,"entries":{"https://x/":{"hash":"nope"}}}');
    const lines: string[] = [];
    const cache = await openCache({ dir, fetch: fakeNetwork({}).fetchMedia, log: (line) => lines.push(line) });
    expect(cache.stats().count).toBe(0);
    expect(lines.join('\n')).toMatch(/index was damaged .*entries\.https:\/\/x\/\.hash/);
    const setAside = readdirSync(dir).filter((name) => name.startsWith('index.json.damaged-'));
    expect(setAside).toHaveLength(1);
    expect(readFileSync(join(dir, setAside[0]!), 'utf8')).toContain('"nope"');
  });

  it('drops index entries whose file vanished and removes files and leftovers no entry names', async () => {
    const dir = tempDir();
    const net = fakeNetwork({ 'https://img.example/1.png': { body: png(700, 1) }, 'https://img.example/2.png': { body: png(800, 2) } });
    const cache = await openCache({ dir, fetch: net.fetchMedia });
    const one = await cache.get('https://img.example/1.png');
    const two = await cache.get('https://img.example/2.png');
    rmSync(one.path);
    const stray = join(dir, 'objects', 'ff', 'ff', 'f'.repeat(64));
    mkdirSync(join(stray, '..'), { recursive: true });
    writeFileSync(stray, 'stray');
    writeFileSync(join(dir, 'tmp', 'half.part'), 'half');
    const reopened = await openCache({ dir, fetch: net.fetchMedia });
    expect(reopened.has('https://img.example/1.png')).toBe(false);
    expect(reopened.has('https://img.example/2.png')).toBe(true);
    expect(existsSync(stray)).toBe(false);
    expect(filesUnder(join(dir, 'tmp'))).toEqual([]);
    expect(filesUnder(join(dir, 'objects'))).toEqual([two.path.slice(join(dir, 'objects').length + 1)]);
  });

  it('evicts the least recently used pictures down to the cap', async () => {
    const dir = tempDir();
    let clock = 1000;
    const routes: Record<string, Route> = {};
    for (const n of [1, 2, 3, 4]) routes[`https://img.example/${n}.png`] = { body: png(1000, n) };
    const net = fakeNetwork(routes);
    const cache = await openCache({ dir, fetch: net.fetchMedia, capBytes: 3000, now: () => clock });
    for (const n of [1, 2, 3]) {
      clock += 10;
      await cache.get(`https://img.example/${n}.png`);
    }
    clock += 10;
    await cache.get('https://img.example/1.png'); // 1 is now the most recently used; 2 the least
    clock += 10;
    await cache.get('https://img.example/4.png');
    expect([1, 2, 3, 4].map((n) => cache.has(`https://img.example/${n}.png`))).toEqual([true, false, true, true]);
    expect(cache.stats()).toEqual({ count: 3, files: 3, bytes: 3000, cap: 3000, keptFiles: 0, keptBytes: 0 });
    expect(filesUnder(join(dir, 'objects'))).toHaveLength(3);

    await cache.setCap(1500);
    expect([1, 2, 3, 4].map((n) => cache.has(`https://img.example/${n}.png`))).toEqual([false, false, false, true]);
    const reopened = await openCache({ dir, fetch: net.fetchMedia, capBytes: 1500 });
    expect(reopened.stats()).toMatchObject({ count: 1, bytes: 1000 });
    await expect(cache.setCap(-1)).rejects.toThrow(/whole number of bytes/);
  });

  it('never evicts a file kept offline while one that is not kept can go, and keeps the mark across a reopen', async () => {
    const dir = tempDir();
    let clock = 1000;
    const routes: Record<string, Route> = {};
    for (const n of [1, 2, 3, 4, 5]) routes[`https://img.example/${n}.png`] = { body: png(1000, n) };
    const net = fakeNetwork(routes);
    const cache = await openCache({ dir, fetch: net.fetchMedia, capBytes: 3000, now: () => clock });
    // 1 and 2 are kept and the least recently used; 3 is not kept and used later.
    for (const n of [1, 2]) {
      clock += 10;
      await cache.get(`https://img.example/${n}.png`, { keep: { owner: 'c1', generation: 1 } });
    }
    clock += 10;
    await cache.get('https://img.example/3.png');
    expect(cache.stats()).toMatchObject({ files: 3, keptFiles: 2, keptBytes: 2000 });
    // Over the cap: 3 goes although it was used after the kept ones.
    clock += 10;
    await cache.get('https://img.example/4.png');
    expect(cache.present(['https://img.example/1.png', 'https://img.example/2.png', 'https://img.example/3.png', 'https://img.example/4.png'])).toEqual([
      'https://img.example/1.png',
      'https://img.example/2.png',
      'https://img.example/4.png',
    ]);
    await cache.flush();
    const reopened = await openCache({ dir, fetch: net.fetchMedia, capBytes: 3000, now: () => clock });
    expect(reopened.stats()).toMatchObject({ files: 3, bytes: 3000, keptFiles: 2 });
    // Only kept files left beyond the cap: the least recently used kept one goes last of all, but goes.
    await reopened.setCap(2000);
    expect(reopened.present(['https://img.example/1.png', 'https://img.example/2.png', 'https://img.example/4.png'])).toEqual(['https://img.example/1.png', 'https://img.example/2.png']);
    await reopened.setCap(1000);
    expect(reopened.present(['https://img.example/1.png', 'https://img.example/2.png'])).toEqual(['https://img.example/2.png']);
  });

  it('releases an owner\'s older marks only, so a file another connection keeps stays kept', async () => {
    const dir = tempDir();
    const net = fakeNetwork({ 'https://img.example/a.png': { body: png(400, 1) }, 'https://img.example/b.png': { body: png(400, 2) } });
    const cache = await openCache({ dir, fetch: net.fetchMedia });
    await cache.get('https://img.example/a.png', { keep: { owner: 'c1', generation: 1 } });
    await cache.get('https://img.example/b.png', { keep: { owner: 'c1', generation: 1 } });
    cache.present(['https://img.example/b.png'], { keep: { owner: 'c2', generation: 5 } });
    // c1's next pass keeps only a.
    cache.present(['https://img.example/a.png'], { keep: { owner: 'c1', generation: 2 } });
    expect(cache.releaseKept('c1', 2)).toBe(1);
    expect(cache.stats()).toMatchObject({ keptFiles: 2 });
    expect(cache.releaseKept('c2', 6)).toBe(1);
    expect(cache.stats()).toMatchObject({ keptFiles: 1, keptBytes: 400 });
    await cache.flush();
    expect((await openCache({ dir, fetch: net.fetchMedia })).stats()).toMatchObject({ files: 2, keptFiles: 1 });
  });

  it('marks a stored picture kept when a keeping caller asks for it again', async () => {
    const dir = tempDir();
    const net = fakeNetwork({ 'https://img.example/a.png': { body: png(500) } });
    const cache = await openCache({ dir, fetch: net.fetchMedia });
    await cache.get('https://img.example/a.png');
    expect(cache.stats().keptFiles).toBe(0);
    await cache.get('https://img.example/a.png', { keep: { owner: 'c1', generation: 1 } });
    expect(cache.stats()).toMatchObject({ files: 1, keptFiles: 1, keptBytes: 500 });
    expect(net.requests).toHaveLength(1);
  });

  it('stores showreel media by its bytes within the caller\'s size limit, and refuses audio where a picture is asked for', async () => {
    const dir = tempDir();
    const wav = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), Buffer.alloc(2000, 1)]);
    const net = fakeNetwork({
      'https://media.example/reel.wav': { type: 'audio/x-wav', body: wav },
      'https://media.example/fake.wav': { type: 'audio/wav', body: '<html>not audio</html>' },
    });
    const cache = await openCache({ dir, fetch: net.fetchMedia });
    expect((await refusal(cache.get('https://media.example/reel.wav'))).code).toBe('unsupported_type');
    expect((await refusal(cache.get('https://media.example/reel.wav', { kind: 'showreel', maxBytes: 1000 }))).code).toBe('too_large');
    const reel = await cache.get('https://media.example/reel.wav', { kind: 'showreel', maxBytes: 10_000, keep: { owner: 'c1', generation: 1 } });
    expect(reel).toMatchObject({ contentType: 'audio/wav', size: wav.length });
    expect((await refusal(cache.get('https://media.example/fake.wav', { kind: 'showreel', maxBytes: 10_000 }))).code).toBe('unsupported_type');
    const served = await serveCached(cache, 'https://media.example/reel.wav', { kind: 'showreel' });
    expect(served.status).toBe(200);
    expect(served.headers['Content-Type']).toBe('audio/wav');
    // A showreel not stored goes to its host rather than being downloaded whole first.
    const elsewhere = await serveCached(cache, 'https://media.example/other.wav', { kind: 'showreel' });
    expect(elsewhere).toMatchObject({ status: 307, headers: { Location: 'https://media.example/other.wav' } });
  });

  it('keeps a picture just stored even when it alone exceeds the cap', async () => {
    const net = fakeNetwork({ 'https://img.example/big.png': { body: png(5000) } });
    const cache = await openCache({ dir: tempDir(), fetch: net.fetchMedia, capBytes: 1000 });
    const big = await cache.get('https://img.example/big.png');
    expect(existsSync(big.path)).toBe(true);
    expect(await cache.evictToCap()).toEqual({ files: 1, bytes: 5000 });
    expect(cache.stats()).toMatchObject({ count: 0, bytes: 0 });
  });

  it('clear() removes every picture and the index entries', async () => {
    const dir = tempDir();
    const net = fakeNetwork({ 'https://img.example/1.png': { body: png(700) } });
    const cache = await openCache({ dir, fetch: net.fetchMedia });
    await cache.get('https://img.example/1.png');
    await cache.clear();
    expect(cache.stats()).toMatchObject({ count: 0, files: 0, bytes: 0 });
    expect(filesUnder(join(dir, 'objects'))).toEqual([]);
    expect(JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')).entries).toEqual({});
    expect((await cache.get('https://img.example/1.png')).fromCache).toBe(false);
  });

  it('shares one download between concurrent requests for a URL', async () => {
    const net = fakeNetwork({ 'https://img.example/1.png': { body: png(900) } });
    const cache = await openCache({ dir: tempDir(), fetch: net.fetchMedia });
    const release = net.hold();
    const pending = Array.from({ length: 5 }, () => cache.get('https://img.example/1.png', { priority: 'high' }));
    await vi.waitFor(() => expect(net.requests).toHaveLength(1));
    release();
    const results = await Promise.all(pending);
    expect(net.requests).toHaveLength(1);
    expect(new Set(results.map((result) => result.path)).size).toBe(1);
  });

  it('cancels a shared download only when every caller has aborted', async () => {
    const net = fakeNetwork({ 'https://img.example/1.png': { body: png(900) } });
    const cache = await openCache({ dir: tempDir(), fetch: net.fetchMedia });
    const release = net.hold();
    const first = new AbortController();
    const second = new AbortController();
    const a = cache.get('https://img.example/1.png', { signal: first.signal });
    const b = cache.get('https://img.example/1.png', { signal: second.signal });
    await vi.waitFor(() => expect(net.requests).toHaveLength(1));
    first.abort();
    expect((await refusal(a)).code).toBe('aborted');
    expect(net.signals[0]!.aborted).toBe(false);
    release();
    expect((await b).fromCache).toBe(false);

    const hold = net.hold();
    const lone = new AbortController();
    const c = cache.get('https://img.example/other.png', { signal: lone.signal });
    await vi.waitFor(() => expect(net.requests).toHaveLength(2));
    lone.abort();
    expect((await refusal(c)).code).toBe('aborted');
    expect(net.signals[1]!.aborted).toBe(true);
    hold();
    const already = AbortSignal.abort();
    expect((await refusal(cache.get('https://img.example/1.png', { signal: already }))).code).toBe('aborted');
  });

  it('passes the priority to the injected fetch', async () => {
    const seen: unknown[] = [];
    const net = fakeNetwork({ 'https://img.example/1.png': { body: png(100) } });
    const cache = await openCache({
      dir: tempDir(),
      fetch: (url, init) => {
        seen.push(init.priority);
        return net.fetchMedia(url, init);
      },
    });
    await cache.get('https://img.example/1.png', { priority: 'low' });
    expect(seen).toEqual(['low']);
  });
});

describe('serveCached', () => {
  it('answers a picture with its type, length, ETag and immutable caching headers', async () => {
    const bytes = png(1234);
    const net = fakeNetwork({ 'https://img.example/1.png': { type: 'image/png', body: bytes } });
    const cache = await openCache({ dir: tempDir(), fetch: net.fetchMedia });
    const answer = await serveCached(cache, 'https://img.example/1.png');
    expect(answer.status).toBe(200);
    expect(answer.headers).toEqual({
      'Content-Type': 'image/png',
      'Content-Length': '1234',
      'Cache-Control': 'private, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      ETag: `"${sha256(bytes)}"`,
    });
    expect(answer.body.equals(bytes)).toBe(true);
  });

  it.each<[string, Route | null, number, RegExp]>([
    ['not found upstream', { status: 404, type: 'text/plain', body: 'nope' }, 404, /not found/i],
    ['gone upstream', { status: 410, type: 'text/plain', body: 'gone' }, 404, /not found/i],
    ['a refused type', { type: 'image/svg+xml', body: '<svg/>' }, 415, /PNG, JPEG, WebP, GIF or AVIF/],
    ['a picture over the limit', { body: png(4096) }, 413, /too large/],
    ['a server error', { status: 503, type: 'text/plain', body: 'busy' }, 502, /HTTP 503/],
    ['an unreachable server', null, 502, /cannot be reached/],
  ])('answers %s with a short text', async (_name, route, status, text) => {
    const net = fakeNetwork(route ? { 'https://img.example/x': route } : {});
    const cache = await openCache({ dir: tempDir(), fetch: net.fetchMedia, maxPictureBytes: 1024 });
    const answer = await serveCached(cache, 'https://img.example/x');
    expect(answer.status).toBe(status);
    expect(answer.headers['Content-Type']).toBe('text/plain; charset=utf-8');
    expect(answer.headers['X-Content-Type-Options']).toBe('nosniff');
    expect(answer.headers['Cache-Control']).toBe('no-store');
    expect(answer.body.toString()).toMatch(text);
    expect(answer.body.length).toBeLessThan(200);
  });

  it('falls back to the best stored version of a picture when the one asked for cannot be had', async () => {
    const dir = tempDir();
    const thumb = png(300, 3);
    const net = fakeNetwork({ 'https://img.example/p/thumb.png': { body: thumb } });
    const cache = await openCache({ dir, fetch: net.fetchMedia });
    await cache.get('https://img.example/p/thumb.png');
    // The large version is not stored and its host is away: the stored thumbnail stands in, not remembered as the large one.
    const answer = await serveCached(cache, 'https://img.example/p/large.png', {
      fallbacks: ['https://img.example/p/original.png', 'https://img.example/p/thumb.png'],
    });
    expect(answer.status).toBe(200);
    expect(Buffer.compare(answer.body, thumb)).toBe(0);
    expect(answer.headers['Cache-Control']).toBe('no-store');
    // Without a stored fallback it stays an error answer.
    expect((await serveCached(cache, 'https://img.example/p/large.png', { fallbacks: ['https://img.example/p/original.png'] })).status).toBe(502);
  });

  it('answers 400 for a URL that is not http(s)', async () => {
    const cache = await openCache({ dir: tempDir(), fetch: fakeNetwork({}).fetchMedia });
    expect((await serveCached(cache, 'file:///etc/passwd')).status).toBe(400);
  });

  it('refetches a picture whose file was removed behind the index', async () => {
    const bytes = png(600);
    const net = fakeNetwork({ 'https://img.example/1.png': { body: bytes } });
    const cache = await openCache({ dir: tempDir(), fetch: net.fetchMedia });
    rmSync((await cache.get('https://img.example/1.png')).path);
    const answer = await serveCached(cache, 'https://img.example/1.png');
    expect(answer.status).toBe(200);
    expect(answer.body.equals(bytes)).toBe(true);
    expect(net.requests).toHaveLength(2);
  });
});
