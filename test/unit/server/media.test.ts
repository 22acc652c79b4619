import { inflateSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc32 } from '../../../server/src/media/crc32.ts';
import { registerMediaRoutes } from '../../../server/src/media/mediaRoutes.ts';
import {
  mediaPictureVersions,
  pictureFileName,
  pictureOrientation,
  pictureSize,
  type PictureOrientation,
} from '../../../server/src/media/pictureGeometry.ts';
import { renderPicturePng } from '../../../server/src/media/placeholderPortrait.ts';
import { decodeLook, encodeLook, lookFromNumber } from '../../../server/src/media/portraitLook.ts';
import { renderShowreelWav, showreelSampleRate } from '../../../server/src/media/wav.ts';

interface PngChunk {
  type: string;
  data: Buffer;
}

/** Splits a PNG into chunks, checking the signature and every chunk's CRC. */
function readPng(png: Buffer): { width: number; height: number; chunks: PngChunk[]; raw: Buffer } {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks: PngChunk[] = [];
  let offset = 8;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    expect(png.readUInt32BE(offset + 8 + length), `CRC of ${type}`).toBe(crc32(png, offset + 4, offset + 8 + length));
    chunks.push({ type, data });
    offset += 12 + length;
  }
  expect(offset).toBe(png.length);
  expect(chunks[0]!.type).toBe('IHDR');
  expect(chunks.at(-1)!.type).toBe('IEND');
  const ihdr = chunks[0]!.data;
  const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  return { width: ihdr.readUInt32BE(0), height: ihdr.readUInt32BE(4), chunks, raw };
}

describe('crc32', () => {
  it('matches the standard check value', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });
});

describe('renderPicturePng', () => {
  const orientations: PictureOrientation[] = ['portrait', 'landscape', 'square'];

  // Fifteen renders up to 1200 px: a second of work, many on a loaded two-core machine.
  it('renders every version at its size, with valid chunks and a decodable IDAT', { timeout: 60_000 }, () => {
    for (const orientation of orientations) {
      for (const version of mediaPictureVersions) {
        const { width, height, chunks, raw } = readPng(renderPicturePng(4242, version, orientation));
        expect([width, height]).toEqual(pictureSize(version, orientation));
        const ihdr = chunks[0]!.data;
        expect([ihdr[8], ihdr[9], ihdr[10], ihdr[11], ihdr[12]]).toEqual([8, 2, 0, 0, 0]);
        expect(raw.length).toBe((width * 3 + 1) * height);
        for (let y = 0; y < height; y++) expect(raw[y * (width * 3 + 1)]).toBeLessThanOrEqual(4);
      }
    }
  });

  it('sizes versions as documented: thumbnails are square crops (thumb 190, thumb_large 500), thumb_portrait a 200x267 portrait', () => {
    expect(pictureSize('original', 'portrait')).toEqual([900, 1200]);
    expect(pictureSize('original', 'landscape')).toEqual([1200, 800]);
    expect(pictureSize('large', 'square')).toEqual([800, 800]);
    for (const orientation of ['portrait', 'landscape', 'square'] as const) {
      expect(pictureSize('thumb_large', orientation)).toEqual([500, 500]);
      expect(pictureSize('thumb', orientation)).toEqual([190, 190]);
    }
    expect(pictureSize('thumb_portrait', 'landscape')).toEqual([200, 267]);
  });

  it('takes the orientation from the id scheme by default, and spreads ids over all orientations', () => {
    const seen = new Set<string>();
    for (let id = 1; id <= 200; id++) {
      const orientation = pictureOrientation(id);
      seen.add(orientation);
      if (id <= 10) {
        const { width, height } = readPng(renderPicturePng(id, 'thumb'));
        expect([width, height]).toEqual(pictureSize('thumb', orientation));
      }
    }
    expect(seen).toEqual(new Set(orientations));
  });

  it('is deterministic per id and differs between ids', () => {
    const a = renderPicturePng(77, 'thumb', 'portrait');
    expect(Buffer.compare(a, renderPicturePng(77, 'thumb', 'portrait'))).toBe(0);
    expect(Buffer.compare(a, renderPicturePng(78, 'thumb', 'portrait'))).not.toBe(0);
  });
});

describe('renderShowreelWav', () => {
  it('is a valid 16-bit mono PCM WAV of a few seconds', () => {
    const wav = renderShowreelWav(12345);
    expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString('latin1', 8, 16)).toBe('WAVEfmt ');
    expect(wav.readUInt32LE(16)).toBe(16);
    expect(wav.readUInt16LE(20)).toBe(1);
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(showreelSampleRate);
    expect(wav.readUInt32LE(28)).toBe(showreelSampleRate * 2);
    expect(wav.readUInt16LE(32)).toBe(2);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.toString('latin1', 36, 40)).toBe('data');
    const dataBytes = wav.readUInt32LE(40);
    expect(dataBytes).toBe(wav.length - 44);
    const seconds = dataBytes / 2 / showreelSampleRate;
    expect(seconds).toBeGreaterThan(2);
    expect(seconds).toBeLessThan(6);
    let peak = 0;
    for (let i = 44; i < wav.length; i += 2) peak = Math.max(peak, Math.abs(wav.readInt16LE(i)));
    expect(peak).toBeGreaterThan(5000);
  });

  it('is deterministic per id and differs between ids', () => {
    expect(Buffer.compare(renderShowreelWav(9), renderShowreelWav(9))).toBe(0);
    expect(Buffer.compare(renderShowreelWav(9), renderShowreelWav(10))).not.toBe(0);
  });
});

describe('portrait looks', () => {
  it('round-trip through their twelve-digit code and reject codes that name no look', () => {
    for (let n = 1; n < 400; n++) {
      const look = lookFromNumber(n);
      const code = encodeLook(look);
      expect(code).toMatch(/^[0-9a-f]{12}$/);
      expect(decodeLook(code)).toEqual(look);
    }
    expect(decodeLook('a00000000000')).toBeUndefined();
    expect(decodeLook('0c0000000000')).toBeUndefined();
    expect(decodeLook('000000000000')).toEqual(expect.objectContaining({ skin: 0, hairColor: 'black', hairStyle: 'bald', glasses: false, seed: 0 }));
  });

  it('paint different faces for different looks: 40 looks, 40 distinct thumbnails', () => {
    const thumbs = new Set(Array.from({ length: 40 }, (_, i) => renderPicturePng(900, 'thumb', 'portrait', lookFromNumber(i + 1)).toString('base64')));
    expect(thumbs.size).toBe(40);
  }, 60_000);
});

describe('media routes', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    registerMediaRoutes(app);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves a picture version as an immutable PNG with an ETag', async () => {
    const response = await app.inject({ method: 'GET', url: '/media/pictures/31/thumb_large.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.headers.etag).toMatch(/^".+"$/);
    const { width, height } = readPng(response.rawPayload);
    expect([width, height]).toEqual(pictureSize('thumb_large', pictureOrientation(31)));
    expect(Buffer.compare(response.rawPayload, renderPicturePng(31, 'thumb_large'))).toBe(0);
  });

  it('serves thumbnails as the provider sizes them: thumb 190x190, thumb_large 500x500, whatever the orientation', async () => {
    const ids = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    expect(new Set(ids.map(pictureOrientation)).size).toBe(3);
    for (const id of ids) {
      for (const [version, side] of [['thumb', 190], ['thumb_large', 500]] as const) {
        const response = await app.inject({ method: 'GET', url: `/media/pictures/${id}/${version}.png` });
        expect(response.statusCode).toBe(200);
        const { width, height } = readPng(response.rawPayload);
        expect([width, height], `${id} ${version}`).toEqual([side, side]);
      }
    }
  });

  it('serves a picture by its unique file name, with the look the name carries', async () => {
    const look = encodeLook({ skin: 7, hairColor: 'red', hairStyle: 'afro', eyeColor: 'green', age: 'young', presentation: 'feminine', facialHair: 'none', glasses: true, seed: 4711 });
    const url = `/media/pictures/31/${pictureFileName(31, 'thumb', look)}`;
    expect(url).toBe(`/media/pictures/31/31-${look}-thumb.png`);
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(Buffer.compare(response.rawPayload, renderPicturePng(31, 'thumb', undefined, decodeLook(look)))).toBe(0);
    // Another look is another face; the older name renders the id's own look.
    const other = encodeLook({ ...decodeLook(look)!, hairStyle: 'bald', skin: 1 });
    const otherResponse = await app.inject({ method: 'GET', url: `/media/pictures/31/${pictureFileName(31, 'thumb', other)}` });
    expect(Buffer.compare(otherResponse.rawPayload, response.rawPayload)).not.toBe(0);
    expect(otherResponse.headers.etag).not.toBe(response.headers.etag);
  });

  it('answers 304 to a matching If-None-Match and 200 to another', async () => {
    const first = await app.inject({ method: 'GET', url: '/media/pictures/32/thumb.png' });
    const etag = first.headers.etag as string;
    const again = await app.inject({ method: 'GET', url: '/media/pictures/32/thumb.png', headers: { 'if-none-match': `"x", W/${etag}` } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const other = await app.inject({ method: 'GET', url: '/media/pictures/32/thumb.png', headers: { 'if-none-match': '"other"' } });
    expect(other.statusCode).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/media/pictures/33/thumb_portrait.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(Number(response.headers['content-length'])).toBe(renderPicturePng(33, 'thumb_portrait').length);
    expect(response.rawPayload.length).toBe(0);
  });

  it('serves a showreel as audio/wav', async () => {
    const response = await app.inject({ method: 'GET', url: '/media/showreels/5001.wav' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/wav');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(Buffer.compare(response.rawPayload, renderShowreelWav(5001))).toBe(0);
    const cached = await app.inject({ method: 'GET', url: '/media/showreels/5001.wav', headers: { 'if-none-match': response.headers.etag as string } });
    expect(cached.statusCode).toBe(304);
  });

  it('serves a video showreel as a WebM (an EBML document of doctype webm with a VP8 track)', async () => {
    const response = await app.inject({ method: 'GET', url: '/media/showreels/5001.webm' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/webm');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect(bytes.includes(Buffer.from('webm'))).toBe(true);
    expect(bytes.includes(Buffer.from('V_VP8'))).toBe(true);
    // Small enough to live in the source, as text.
    expect(bytes.length).toBeLessThan(4096);
  });

  it.each([
    '/media/showreels/0.webm',
    '/media/pictures/abc/large.png',
    '/media/pictures/0/large.png',
    '/media/pictures/-3/large.png',
    '/media/pictures/12/huge.png',
    '/media/pictures/12/large.jpg',
    '/media/pictures/12/large',
    '/media/pictures/1234567890123456789/large.png',
    '/media/pictures/12',
    // A unique name must name the same id, a look that exists and a version.
    '/media/pictures/12/13-000000000000-thumb.png',
    '/media/pictures/12/12-00000000000-thumb.png',
    '/media/pictures/12/12-f00000000000-thumb.png',
    '/media/pictures/12/12-000000000000-huge.png',
    '/media/pictures/12/12-000000000000-thumb.jpg',
    '/media/showreels/abc.wav',
    '/media/showreels/12.mp3',
    '/media/other',
  ])('answers 404 JSON for %s', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json() as { error: { code: string; message: string } };
    expect(body.error.code).toBe('not_found');
    expect(body.error.message.length).toBeGreaterThan(0);
  });
});
