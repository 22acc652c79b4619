/**
 * What one download may be: a picture (the raster types of imageType.ts) or a showreel medium (the
 * audio and video files a <audio> or <video> element plays). The declared Content-Type must be one
 * of the kind's types and the leading bytes must prove a matching container, because a server can
 * label anything; the type we store and serve comes from the bytes (with nosniff).
 */
import { acceptedImageTypes, isAcceptedImageType, sniffImageType } from './imageType.ts';

export type MediaKind = 'picture' | 'showreel';

export const acceptedShowreelTypes = [
  'audio/wav',
  'audio/mpeg',
  'audio/ogg',
  'audio/mp4',
  'audio/flac',
  'audio/webm',
  'video/mp4',
  'video/webm',
  'video/ogg',
  'video/quicktime',
] as const;

/** Every type the media cache stores, for its index. */
export const storedMediaTypes = [...acceptedImageTypes, ...acceptedShowreelTypes] as const;
export type StoredMediaType = (typeof storedMediaTypes)[number];

/** Names servers use for the same audio type. */
const showreelAliases: Record<string, (typeof acceptedShowreelTypes)[number]> = {
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/mp3': 'audio/mpeg',
  'audio/x-m4a': 'audio/mp4',
  'audio/x-flac': 'audio/flac',
};

export interface MediaAcceptance {
  /** For messages: "a PNG, JPEG, WebP, GIF or AVIF picture". */
  label: string;
  accepts(declared: string): boolean;
  /** The type the leading bytes prove (given what was declared), or null when they prove none. */
  sniff(head: Uint8Array, declared: string): StoredMediaType | null;
}

function canonicalShowreelType(declared: string): (typeof acceptedShowreelTypes)[number] | null {
  if ((acceptedShowreelTypes as readonly string[]).includes(declared)) return declared as (typeof acceptedShowreelTypes)[number];
  return showreelAliases[declared] ?? null;
}

const ascii = (bytes: Uint8Array, from: number, to: number): string => String.fromCharCode(...bytes.subarray(from, to));

/** The container the bytes prove; containers shared by audio and video keep the declared side. */
function sniffShowreel(head: Uint8Array, declared: string): StoredMediaType | null {
  const type = canonicalShowreelType(declared);
  if (!type) return null;
  const video = type.startsWith('video/');
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE') return 'audio/wav';
  if (head.length >= 3 && ascii(head, 0, 3) === 'ID3') return 'audio/mpeg';
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && type === 'audio/mpeg') return 'audio/mpeg';
  if (head.length >= 4 && ascii(head, 0, 4) === 'fLaC') return 'audio/flac';
  if (head.length >= 4 && ascii(head, 0, 4) === 'OggS') return video ? 'video/ogg' : 'audio/ogg';
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return video ? 'video/webm' : 'audio/webm';
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    if (ascii(head, 8, 12) === 'qt  ') return 'video/quicktime';
    return video ? 'video/mp4' : 'audio/mp4';
  }
  return null;
}

export const pictureAcceptance: MediaAcceptance = {
  label: 'a PNG, JPEG, WebP, GIF or AVIF picture',
  accepts: isAcceptedImageType,
  sniff: (head) => sniffImageType(head),
};

export const showreelAcceptance: MediaAcceptance = {
  label: 'an audio or video file (WAV, MP3, Ogg, FLAC, MP4, WebM or QuickTime)',
  accepts: (declared) => canonicalShowreelType(declared) !== null,
  sniff: sniffShowreel,
};

export function acceptanceOf(kind: MediaKind): MediaAcceptance {
  return kind === 'showreel' ? showreelAcceptance : pictureAcceptance;
}
