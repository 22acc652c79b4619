/**
 * Which pictures the media cache accepts. Only raster formats a browser decodes without running
 * anything: SVG is refused because it can carry script. The declared Content-Type must be one of
 * these and the bytes must prove it, because a server can label anything as image/png.
 */

export const acceptedImageTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'] as const;
export type AcceptedImageType = (typeof acceptedImageTypes)[number];

/** The media type of a Content-Type header, lower-cased and without parameters; '' when absent. */
export function mediaTypeOf(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

export function isAcceptedImageType(mediaType: string): mediaType is AcceptedImageType {
  return (acceptedImageTypes as readonly string[]).includes(mediaType);
}

const ascii = (bytes: Uint8Array, from: number, to: number): string => String.fromCharCode(...bytes.subarray(from, to));

/** AVIF is an ISO-BMFF file whose leading `ftyp` box names avif or avis as major or compatible brand. */
function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const end = Math.min(bytes.length, boxSize);
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
  return brands.some((brand) => brand === 'avif' || brand === 'avis');
}

/**
 * The image type the leading bytes prove, or null. Reads at most the first 64 bytes, so it can run
 * on the first chunk of a download.
 */
export function sniffImageType(bytes: Uint8Array): AcceptedImageType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, index) => bytes[index] === byte)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return 'image/gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (isAvif(bytes.subarray(0, 64))) return 'image/avif';
  return null;
}
