/**
 * `npm run bench -- media`: keep offline, media half. A local media host (HTTP on 127.0.0.1)
 * serves pictures in four versions with distinct bytes of realistic sizes and a WAV showreel for
 * every third profile; the renderer's keepMedia drives the back end's real media cache and
 * prefetcher (4 downloads at once, files fsynced and renamed into place, index persisted), as the
 * bridge handlers do, without the IPC hop. Prints pictures (files) kept per minute (median of the
 * runs, with spread) and the disk taken per 1,000 kept profiles (files and index, measured on disk).
 *
 * Environment: BENCH_MEDIA_PROFILES (100 per run), BENCH_MEDIA_RUNS (3).
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ActorDetail } from '../../contract/directory-api.ts';
import { MediaCache } from '../../electron/core/media/mediaCache.ts';
import { createMediaPrefetcher } from '../../electron/core/media/mediaPrefetch.ts';
import { keepMedia, keptMediaOf, type KeptMedia } from '../../renderer/src/sync/mediaKeeping.ts';
import { mediaKeepingContext } from '../integration/mediaChannels.ts';
import { bench, summarize } from './stats.ts';

/** Bytes per version, close to a directory's JPEGs. */
const versionBytes = { thumb: 8 * 1024, thumb_large: 25 * 1024, large: 120 * 1024, original: 300 * 1024 } as const;
const picturesPerProfile = 4;
const showreelBytes = 280 * 1024;

/** Deterministic bytes for a path: a JPEG or WAV header, then a hash stream (no two files alike). */
function bodyOf(urlPath: string, size: number, kind: 'jpeg' | 'wav'): Buffer {
  const body = Buffer.alloc(size);
  let offset = 0;
  let block = createHash('sha256').update(urlPath).digest();
  while (offset < size) {
    block.copy(body, offset);
    offset += block.length;
    block = createHash('sha256').update(block).digest();
  }
  if (kind === 'jpeg') body.set([0xff, 0xd8, 0xff, 0xe0]);
  else {
    body.write('RIFF', 0, 'ascii');
    body.write('WAVEfmt ', 8, 'ascii');
  }
  return body;
}

async function startMediaHost(): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const url = request.url ?? '/';
    const picture = /^\/p\/(\d+)\/(\d+)\/(thumb|thumb_large|large|original)\.jpg$/.exec(url);
    const showreel = /^\/s\/(\d+)\.wav$/.exec(url);
    if (picture) {
      const body = bodyOf(url, versionBytes[picture[3] as keyof typeof versionBytes], 'jpeg');
      response.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': body.length });
      response.end(body);
    } else if (showreel) {
      const body = bodyOf(url, showreelBytes, 'wav');
      response.writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': body.length });
      response.end(body);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A profile as the directory would give it: four pictures, every third with an audio showreel. */
function profile(origin: string, run: number, id: number): ActorDetail {
  const pictures = Array.from({ length: picturesPerProfile }, (_, index) => {
    const base = `${origin}/p/${run * 1_000_000 + id}/${index}`;
    return { id: id * 10 + index, copyright: '', url: `${base}/large.jpg`, versions: { original: `${base}/original.jpg`, large: `${base}/large.jpg`, thumb: `${base}/thumb.jpg`, thumb_large: `${base}/thumb_large.jpg` }, orientation: 'portrait', dimensions: [800, 1200] };
  });
  const showreels = id % 3 === 0 ? [{ name: 'Voice reel', url: `${origin}/s/${run * 1_000_000 + id}.wav`, type: 'audio' }] : [];
  return { id, pictures, showreels } as unknown as ActorDetail;
}

async function diskBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

export async function runMediaBench(): Promise<void> {
  const profiles = Number(process.env.BENCH_MEDIA_PROFILES ?? 100);
  const runs = Number(process.env.BENCH_MEDIA_RUNS ?? 3);
  const host = await startMediaHost();
  const rates: number[] = [];
  const pictureRates: number[] = [];
  let filesPerProfile = 0;
  const diskPerThousand: number[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const dir = await mkdtemp(path.join(tmpdir(), 'castdesk-media-bench-'));
      try {
        const cache = await MediaCache.open({ dir, capBytes: 20 * 1024 ** 3 });
        const prefetcher = createMediaPrefetcher(cache);
        const { context } = mediaKeepingContext(cache, prefetcher, 'bench');
        const wanted: KeptMedia[] = [];
        for (let id = 1; id <= profiles; id += 1) wanted.push(...keptMediaOf(profile(host.origin, run, id)));
        const started = performance.now();
        const counts = await keepMedia(context, wanted, { profiles, generation: 1, showreelMaxBytes: 100 * 1024 ** 2, capBytes: 20 * 1024 ** 3 });
        const minutes = (performance.now() - started) / 60_000;
        await cache.flush();
        prefetcher.close();
        if (counts.waiting !== 0 || counts.saved !== wanted.length) throw new Error(`Run ${run}: ${counts.saved} of ${wanted.length} kept, ${counts.waiting} waiting (${counts.reason})`);
        rates.push(counts.saved / minutes);
        // A picture counts once all its displayed versions are kept.
        pictureRates.push((profiles * picturesPerProfile) / minutes);
        filesPerProfile = wanted.length / profiles;
        diskPerThousand.push(((await diskBytes(dir)) / profiles) * 1000);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
  } finally {
    await new Promise<void>((resolve) => host.server.close(() => resolve()));
  }
  const rate = summarize(rates);
  const pictureRate = summarize(pictureRates);
  const disk = summarize(diskPerThousand);
  bench('media_pictures_kept_per_minute_p50', pictureRate.p50, 'pictures/min');
  bench('media_pictures_kept_per_minute_min', Math.min(...pictureRates), 'pictures/min');
  bench('media_pictures_kept_per_minute_max', pictureRate.max, 'pictures/min');
  bench('media_files_kept_per_minute_p50', rate.p50, 'files/min');
  bench('media_files_per_profile', filesPerProfile, 'files');
  bench('media_disk_per_1000_profiles', disk.p50 / 1024 ** 2, 'MB');
}
