/**
 * The counting rules of keeping media offline, with the back end's real media cache and
 * prefetcher and a real HTTP media host on 127.0.0.1: "saved" is what the cache's index holds,
 * a 404, an oversized showreel or a non-picture is skipped for good, a 503 or an unreachable host
 * waits with its reason, and a host that fails costs one probe per pass, not a request per file.
 * Against the cache's cap: the first profiles in priority order are kept whole, the rest is left
 * out and counted as such, and the cache refuses a kept file past the cap rather than evict a kept one.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MediaCache } from '../../electron/core/media/mediaCache.ts';
import { createMediaPrefetcher, type MediaPrefetcher } from '../../electron/core/media/mediaPrefetch.ts';
import { keepMedia, releaseKeptBefore, type KeptMedia } from '../../renderer/src/sync/mediaKeeping.ts';
import type { KeptMediaCounts } from '../../renderer/src/sync/types.ts';
import type { SyncContext } from '../../renderer/src/sync/syncContext.ts';
import { mediaKeepingContext } from './mediaChannels.ts';

const jpeg = (seed: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, seed)]);
const wav = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), Buffer.alloc(5000, 7)]);

let server: Server;
let origin: string;
let failing = false;
const requests: string[] = [];
const dirs: string[] = [];
const prefetchers: MediaPrefetcher[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = request.url ?? '/';
    requests.push(url);
    if (failing) return void response.writeHead(503).end();
    const picture = /^\/p\/(\d+)\.jpg$/.exec(url);
    if (picture) return void response.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(jpeg(Number(picture[1])));
    if (url === '/reel.wav') return void response.writeHead(200, { 'Content-Type': 'audio/wav' }).end(wav);
    if (url === '/page.html') return void response.writeHead(200, { 'Content-Type': 'image/jpeg' }).end('<html></html>');
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const prefetcher of prefetchers) prefetcher.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** The two channels keepMedia uses, answered by the back end's media parts as the handlers do. */
async function contextWithCache(capBytes?: number): Promise<{ context: SyncContext; cache: MediaCache }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'castdesk-kept-counts-'));
  dirs.push(dir);
  const cache = await MediaCache.open({ dir, capBytes });
  const prefetcher = createMediaPrefetcher(cache);
  prefetchers.push(prefetcher);
  return { context: mediaKeepingContext(cache, prefetcher).context, cache };
}

const picture = (n: number, profile = 'actor:1'): KeptMedia => ({ url: `${origin}/p/${n}.jpg`, kind: 'picture', version: 'large', profile });
const file = (name: string, kind: KeptMedia['kind'] = 'picture'): KeptMedia => ({ url: `${origin}/${name}`, kind, version: kind === 'picture' ? 'large' : 'showreel', profile: 'actor:1' });
/** Counts of a pass with nothing of the kind given, so each test names only what it expects. */
const none = { waiting: 0, pending: 0, overCap: 0, tooLarge: 0, notImage: 0, failed: 0, reason: null };

it('counts saved files from the cache index, skips what cannot be kept and marks the rest kept', async () => {
  const { context, cache } = await contextWithCache();
  await cache.get(`${origin}/p/1.jpg`); // stored before, not yet kept
  const wanted: KeptMedia[] = [
    picture(1),
    picture(2),
    picture(3),
    file('gone.jpg'),
    file('page.html'),
    file('reel.wav', 'showreel'),
  ];
  const tooSmallLimit = await keepMedia(context, wanted, { profiles: 1, generation: 1, showreelMaxBytes: 1000, capBytes: null });
  expect(tooSmallLimit).toEqual({ ...none, profiles: 1, wanted: 6, planned: 6, saved: 3, tooLarge: 1, notImage: 1, failed: 1, capBytes: null });
  expect(cache.stats()).toMatchObject({ keptFiles: 3 });

  const counts = await keepMedia(context, wanted, { profiles: 1, generation: 2, showreelMaxBytes: 100_000, capBytes: null });
  expect(counts).toMatchObject({ saved: 4, waiting: 0, tooLarge: 0, notImage: 1, failed: 1 });
  expect(cache.present([`${origin}/reel.wav`])).toEqual([`${origin}/reel.wav`]);
  // No showreel limit: showreels are not wanted at all.
  expect(await keepMedia(context, wanted, { profiles: 1, generation: 3, showreelMaxBytes: 0, capBytes: null })).toMatchObject({ wanted: 5, saved: 3, notImage: 1, failed: 1 });
  expect(cache.stats()).toMatchObject({ keptFiles: 4 });

  // A later complete pass without picture 3 (its scope dropped) releases it; the rest stays kept.
  await keepMedia(context, [picture(1), picture(2)], { profiles: 1, generation: 4, showreelMaxBytes: 0, capBytes: null });
  expect(await releaseKeptBefore(context, 4)).toBe(2);
  expect(cache.stats()).toMatchObject({ keptFiles: 2 });
});

it('leaves files waiting with the reason while the host fails, at one probe per pass, and saves them once it answers', async () => {
  const { context } = await contextWithCache();
  const wanted = Array.from({ length: 150 }, (_, index) => picture(100 + index));
  failing = true;
  requests.length = 0;
  try {
    const first = await keepMedia(context, wanted, { profiles: 10, generation: 1, showreelMaxBytes: 0, capBytes: null });
    // The probe failed and waits with the reason; the other 149 were not tried, so they are pending.
    expect(first).toEqual({ ...none, profiles: 10, wanted: 150, planned: 150, saved: 0, waiting: 1, pending: 149, reason: 'server_error', capBytes: null });
    expect(requests).toHaveLength(1);
  } finally {
    failing = false;
  }
  const second = await keepMedia(context, wanted, { profiles: 10, generation: 2, showreelMaxBytes: 0, capBytes: null });
  expect(second).toEqual({ ...none, profiles: 10, wanted: 150, planned: 150, saved: 150, capBytes: null });
});

/** Test files are 2,004 bytes each (see jpeg). */
const fileBytes = 2004;

it('refuses a kept file that would take the kept files past the cap, and never evicts a kept file for it', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'castdesk-kept-cap-'));
  dirs.push(dir);
  const cache = await MediaCache.open({ dir, capBytes: 5 * fileBytes + 100 });
  const prefetcher = createMediaPrefetcher(cache);
  prefetchers.push(prefetcher);
  const urls = Array.from({ length: 8 }, (_, index) => `${origin}/p/${200 + index}.jpg`);
  const keep = { owner: 'c1', generation: 1 };
  const first = await prefetcher.prefetch(urls.slice(0, 5), 'normal', { keep });
  expect(first.cached).toEqual(urls.slice(0, 5));
  const more = await prefetcher.prefetch(urls.slice(5), 'normal', { keep });
  expect(more.cached).toEqual([]);
  expect(more.failed.map((failure) => failure.code)).toEqual(['over_cap', 'over_cap', 'over_cap']);
  // What was kept stays kept and stored; the refused files left nothing on disk.
  expect(cache.present(urls)).toEqual(urls.slice(0, 5));
  expect(cache.stats()).toMatchObject({ files: 5, keptFiles: 5, keptBytes: 5 * fileBytes });
});

it('keeps the first profiles in priority order whole, stops at the cap and counts the rest as left out for it', async () => {
  const { context, cache } = await contextWithCache(7 * fileBytes + 500);
  // Four profiles of three files each, the shortlisted one first.
  const profiles = ['actor:9', 'actor:1', 'actor:2', 'actor:3'];
  const wanted = profiles.flatMap((profile, p) => [0, 1, 2].map((n) => picture(300 + p * 3 + n, profile)));
  const progress: KeptMediaCounts[] = [];
  const counts = await keepMedia(context, wanted, { profiles: 4, generation: 1, showreelMaxBytes: 0, capBytes: 7 * fileBytes + 500, onProgress: (next) => progress.push(next) });
  // Two profiles (6 files) fit; the third would pass the cap, so it and the fourth are left out whole.
  expect(counts).toEqual({ ...none, profiles: 4, wanted: 12, planned: 6, saved: 6, overCap: 6, capBytes: 7 * fileBytes + 500 });
  expect(cache.present(wanted.map((entry) => entry.url))).toEqual(wanted.slice(0, 6).map((entry) => entry.url));
  expect(cache.stats().keptBytes).toBeLessThanOrEqual(7 * fileBytes + 500);
  // Every report accounts for every file, and none calls files not tried yet waiting.
  for (const step of progress) {
    expect(step.saved + step.waiting + step.pending + step.overCap + step.tooLarge + step.notImage + step.failed).toBe(step.wanted);
    expect(step.waiting).toBe(0);
  }
  expect(progress.some((step) => step.pending > 0)).toBe(true);
});

it('says a file is left out for the cap only once the cap would really be passed, not on a guessed showreel size', async () => {
  // 100 KB: the picture and the showreel (5 KB) fit, but a showreel's size guessed from the picture (about 160 KB) does not.
  const capBytes = 100 * 1024;
  const { context, cache } = await contextWithCache(capBytes);
  const wanted = [picture(400), file('reel.wav', 'showreel')];
  const progress: KeptMediaCounts[] = [];
  const counts = await keepMedia(context, wanted, { profiles: 1, generation: 1, showreelMaxBytes: 100 * 1024 ** 2, capBytes, onProgress: (next) => progress.push(next) });
  expect(counts).toEqual({ ...none, profiles: 1, wanted: 2, planned: 2, saved: 2, capBytes });
  expect(cache.present(wanted.map((entry) => entry.url))).toEqual(wanted.map((entry) => entry.url));
  expect(progress.every((step) => step.overCap === 0)).toBe(true);
});

it('remembers a cap raised in Settings across a restart, so what it kept is not planned away', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'castdesk-kept-cap-restart-'));
  dirs.push(dir);
  const first = await MediaCache.open({ dir });
  await first.setCap(5 * 1024 ** 3);
  await first.flush();
  const again = await MediaCache.open({ dir });
  expect(again.stats().cap).toBe(5 * 1024 ** 3);
  // A damaged file gives the default back, not an error.
  await writeFile(path.join(dir, 'cap.json'), '{"capBytes": "lots"');
  const damaged: string[] = [];
  expect((await MediaCache.open({ dir, log: (line) => damaged.push(line) })).stats().cap).toBe(2 * 1024 ** 3);
  expect(damaged.join('\n')).toMatch(/remembered cap was unreadable/u);
});
