/**
 * How large a picture says it is, and the one cap every export applies to it. A picture's header
 * decides what a reader must decode: a 1.2 MB PNG declaring 20000 × 20000 made poppler spend 14 s
 * on one contact-sheet page, and browsers opening a presentation package fare no better. The cap
 * is checked on the declared size, before any path embeds the bytes (PNG as it is, PNG through
 * pdf-lib, JPEG, the package's data: URIs); a picture whose size cannot be read is left out too.
 */
import { pngHeader } from './pngPassthrough.ts';

/** Pictures larger than this many pixels are shown as "no picture" (40 megapixels). */
export const maxPicturePixels = 40_000_000;

export interface PictureSize {
  width: number;
  height: number;
}

const uint16 = (bytes: Uint8Array, offset: number): number => (bytes[offset]! << 8) | bytes[offset + 1]!;

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic): they carry the frame's size. */
const startOfFrame = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** The size in a JPEG's first start-of-frame segment, or null when there is none before the image data. */
function jpegSize(bytes: Uint8Array): PictureSize | null {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM and RST0–7. Start of scan or end of image before a frame: no size.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return null;
    const length = uint16(bytes, offset + 2);
    if (length < 2) return null;
    if (startOfFrame.has(marker)) {
      if (offset + 9 > bytes.length) return null;
      return { height: uint16(bytes, offset + 5), width: uint16(bytes, offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

/** The declared size of a JPEG or PNG (by magic bytes), or null for anything else or a damaged header. */
export function pictureSize(bytes: Uint8Array): PictureSize | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpegSize(bytes);
  const png = pngHeader(bytes);
  return png ? { width: png.width, height: png.height } : null;
}

/** Whether the picture declares a size, none of it zero, of at most maxPicturePixels. */
export function withinPictureCap(bytes: Uint8Array): boolean {
  const size = pictureSize(bytes);
  return size !== null && size.width > 0 && size.height > 0 && size.width * size.height <= maxPicturePixels;
}
