#!/usr/bin/env node
/**
 * `node resources/make-icons.mjs`: the packaging icons from resources/icon.png (512×512 RGBA) in
 * plain Node, no image tools needed: resources/icons/<N>x<N>.png for Linux (AppImage, deb), and
 * resources/icon.ico for Windows (PNG-compressed entries, 16 to 256). macOS wants 1024 px, more than
 * icon.png has: resources/icon-1024.png is rendered from the vector source resources/icon.svg with
 * `rsvg-convert -w 1024 -h 1024 resources/icon.svg -o resources/icon-1024.png` (apt: librsvg2-bin).
 * Rerun after changing icon.png; the outputs are committed.
 */
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync, inflateSync } from 'node:zlib';

const resources = new URL('./', import.meta.url);
const linuxSizes = [16, 24, 32, 48, 64, 128, 256, 512];
const icoSizes = [16, 24, 32, 48, 64, 128, 256];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
/** @param {Buffer} bytes */
const crc32 = (bytes) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/**
 * Decodes an 8-bit RGBA, non-interlaced PNG (what icon.png is) into raw pixels.
 * @param {Buffer} file
 * @returns {{ width: number, height: number, pixels: Buffer }}
 */
function decodePng(file) {
  let offset = 8;
  let width = 0;
  let height = 0;
  /** @type {Buffer[]} */
  const data = [];
  while (offset < file.length) {
    const length = file.readUInt32BE(offset);
    const type = file.toString('ascii', offset + 4, offset + 8);
    const body = file.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[9] !== 6 || body[12] !== 0) throw new Error('icon.png must be 8-bit RGBA without interlacing');
    } else if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * 4;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x += 1) {
      const value = raw[y * (stride + 1) + 1 + x] ?? 0;
      const left = x >= 4 ? (pixels[y * stride + x - 4] ?? 0) : 0;
      const up = y > 0 ? (pixels[(y - 1) * stride + x] ?? 0) : 0;
      const upLeft = x >= 4 && y > 0 ? (pixels[(y - 1) * stride + x - 4] ?? 0) : 0;
      let predictor = 0;
      if (filter === 1) predictor = left;
      else if (filter === 2) predictor = up;
      else if (filter === 3) predictor = (left + up) >> 1;
      else if (filter === 4) {
        const estimate = left + up - upLeft;
        const [a, b, c] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - upLeft)];
        predictor = a <= b && a <= c ? left : b <= c ? up : upLeft;
      }
      pixels[y * stride + x] = (value + predictor) & 0xff;
    }
  }
  return { width, height, pixels };
}

/**
 * Area-averaging downscale with premultiplied alpha (no dark fringes at transparent edges).
 * @param {{ width: number, height: number, pixels: Buffer }} image
 * @param {number} size
 */
function resize(image, size) {
  const out = Buffer.alloc(size * size * 4);
  const scale = image.width / size;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      let [r, g, b, a] = [0, 0, 0, 0];
      let count = 0;
      for (let sy = Math.floor(y * scale); sy < Math.floor((y + 1) * scale); sy += 1) {
        for (let sx = Math.floor(x * scale); sx < Math.floor((x + 1) * scale); sx += 1) {
          const i = (sy * image.width + sx) * 4;
          const alpha = image.pixels[i + 3] ?? 0;
          r += (image.pixels[i] ?? 0) * alpha;
          g += (image.pixels[i + 1] ?? 0) * alpha;
          b += (image.pixels[i + 2] ?? 0) * alpha;
          a += alpha;
          count += 1;
        }
      }
      const o = (y * size + x) * 4;
      out[o] = a ? Math.round(r / a) : 0;
      out[o + 1] = a ? Math.round(g / a) : 0;
      out[o + 2] = a ? Math.round(b / a) : 0;
      out[o + 3] = Math.round(a / count);
    }
  }
  return { width: size, height: size, pixels: out };
}

/** @param {string} type @param {Buffer} body */
const chunk = (type, body) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
};

/** @param {{ width: number, height: number, pixels: Buffer }} image */
function encodePng({ width, height, pixels }) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y += 1) pixels.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/** An .ico whose entries are PNGs (Windows Vista and later). @param {{ size: number, png: Buffer }[]} entries */
function encodeIco(entries) {
  const header = Buffer.alloc(6 + 16 * entries.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(entries.length, 4);
  let offset = header.length;
  entries.forEach(({ size, png }, index) => {
    const at = 6 + 16 * index;
    header[at] = size >= 256 ? 0 : size;
    header[at + 1] = size >= 256 ? 0 : size;
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(32, at + 6);
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...entries.map((entry) => entry.png)]);
}

const source = decodePng(readFileSync(new URL('icon.png', resources)));
if (source.width !== 512 || source.height !== 512) throw new Error('resources/icon.png must be 512×512');
mkdirSync(new URL('icons/', resources), { recursive: true });
/** @type {Map<number, Buffer>} */
const pngs = new Map();
for (const size of new Set([...linuxSizes, ...icoSizes])) {
  pngs.set(size, size === 512 ? readFileSync(new URL('icon.png', resources)) : encodePng(resize(source, size)));
}
for (const size of linuxSizes) writeFileSync(new URL(`icons/${size}x${size}.png`, resources), pngs.get(size) ?? Buffer.alloc(0));
writeFileSync(new URL('icon.ico', resources), encodeIco(icoSizes.map((size) => ({ size, png: pngs.get(size) ?? Buffer.alloc(0) }))));
console.log(`Wrote resources/icons/{${linuxSizes.map((size) => `${size}x${size}`).join(',')}}.png and resources/icon.ico`);
