/**
 * Reads a PNG's structure so an opaque, non-interlaced 8-bit picture goes into a PDF as it is: its
 * IDAT data is a zlib stream of predictor-filtered rows, exactly what a PDF image with FlateDecode
 * and PNG predictors holds. That skips decoding and re-compressing every pixel (pdf-lib's embedPng
 * does both), which is most of the time a contact sheet of PNG pictures takes. Everything else
 * (alpha, transparency, interlace, other bit depths) is left to pdf-lib.
 */

export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  /** 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA. */
  colourType: number;
  interlaced: boolean;
}

/** What a PDF image XObject needs to show the PNG's data undecoded. */
export interface PngPassthrough {
  width: number;
  height: number;
  /** Colour components per pixel in the data (1 for grey and palette indices, 3 for RGB). */
  colours: 1 | 3;
  /** The palette's RGB triples for an indexed picture, else null (grey or RGB). */
  palette: Uint8Array | null;
  /** The concatenated IDAT data: zlib, rows with PNG filter bytes. */
  data: Uint8Array;
}

const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

let crcTable: Uint32Array | null = null;

function crc32(bytes: Uint8Array, start: number, end: number): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let index = start; index < end; index++) crc = crcTable[(crc ^ bytes[index]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function uint32(bytes: Uint8Array, offset: number): number {
  return ((bytes[offset]! << 24) | (bytes[offset + 1]! << 16) | (bytes[offset + 2]! << 8) | bytes[offset + 3]!) >>> 0;
}

function chunkType(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(bytes[offset]!, bytes[offset + 1]!, bytes[offset + 2]!, bytes[offset + 3]!);
}

/** The header of a PNG whose signature and IHDR are sound, else null. */
export function pngHeader(bytes: Uint8Array): PngHeader | null {
  if (bytes.length < 33 || !signature.every((byte, index) => bytes[index] === byte)) return null;
  if (uint32(bytes, 8) !== 13 || chunkType(bytes, 12) !== 'IHDR') return null;
  const width = uint32(bytes, 16);
  const height = uint32(bytes, 20);
  if (width === 0 || height === 0) return null;
  return { width, height, bitDepth: bytes[24]!, colourType: bytes[25]!, interlaced: bytes[28] !== 0 };
}

/**
 * The PNG's data for a PDF as it is, or null when the picture needs decoding (alpha, transparency,
 * interlace, a bit depth other than 8) or is damaged (a chunk past the end, a wrong checksum, no
 * image data, no end): then pdf-lib decodes it, or it shows as "no picture".
 */
export function pngPassthrough(bytes: Uint8Array): PngPassthrough | null {
  const header = pngHeader(bytes);
  if (!header || header.interlaced || header.bitDepth !== 8 || ![0, 2, 3].includes(header.colourType)) return null;
  if (bytes[26] !== 0 || bytes[27] !== 0) return null;
  const idat: Uint8Array[] = [];
  let palette: Uint8Array | null = null;
  let offset = 8;
  let ended = false;
  while (offset + 12 <= bytes.length) {
    const length = uint32(bytes, offset);
    const type = chunkType(bytes, offset + 4);
    const dataStart = offset + 8;
    const dataEnd = dataStart + length;
    if (length > 0x7fffffff || dataEnd + 4 > bytes.length) return null;
    if (crc32(bytes, offset + 4, dataEnd) !== uint32(bytes, dataEnd)) return null;
    if (type === 'tRNS') return null;
    if (type === 'PLTE') palette = bytes.subarray(dataStart, dataEnd);
    if (type === 'IDAT') idat.push(bytes.subarray(dataStart, dataEnd));
    offset = dataEnd + 4;
    if (type === 'IEND') {
      ended = true;
      break;
    }
  }
  if (!ended || idat.length === 0) return null;
  if (header.colourType === 3 && (!palette || palette.length % 3 !== 0 || palette.length === 0)) return null;
  const size = idat.reduce((sum, part) => sum + part.length, 0);
  const data = new Uint8Array(size);
  let at = 0;
  for (const part of idat) {
    data.set(part, at);
    at += part.length;
  }
  return {
    width: header.width,
    height: header.height,
    colours: header.colourType === 2 ? 3 : 1,
    palette: header.colourType === 3 ? palette : null,
    data,
  };
}
