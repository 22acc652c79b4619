/**
 * Geometry of the generated pictures, shared by the demo generator (picture metadata) and the
 * media routes (rendering), so a picture's metadata always matches the image served for it.
 *
 * Id scheme: a picture's orientation is a pure function of its id (a hash of the id picks
 * portrait 60 %, landscape 30 %, square 10 %). The generator derives the metadata from the id it
 * allocates, and the media route renders any id without a database lookup.
 */
export const mediaPictureVersions = ['original', 'large', 'thumb', 'thumb_large', 'thumb_portrait'] as const;
export type MediaPictureVersion = (typeof mediaPictureVersions)[number];
export const pictureOrientations = ['portrait', 'landscape', 'square'] as const;
export type PictureOrientation = (typeof pictureOrientations)[number];

/** Long side of the versions that keep the picture's aspect. */
const longSide: Record<'original' | 'large', number> = {
  original: 1200,
  large: 800,
};
/**
 * Versions cut to a fixed frame whatever the picture's aspect: the provider's thumbnails are square
 * crops, `thumb` 190×190 and `thumb_large` 500×500 (actor-profiles.md's version URLs
 * `rt:fill/…/w:190/h:190`, `…/w:500/h:500`; changelog 2024-10-29), and thumb_portrait is ours, 3:4.
 */
const fixedFrame: Record<Exclude<MediaPictureVersion, 'original' | 'large'>, [number, number]> = {
  thumb: [190, 190],
  thumb_large: [500, 500],
  thumb_portrait: [200, 267],
};
const aspect: Record<PictureOrientation, number> = { portrait: 3 / 4, landscape: 3 / 2, square: 1 };

/** A 32-bit integer hash (lowbias32); spreads consecutive ids over the orientation buckets. */
export function hashId(id: number): number {
  let x = (id ^ Math.floor(id / 0x100000000)) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** The orientation the picture with this id has (see the id scheme above). */
export function pictureOrientation(pictureId: number): PictureOrientation {
  const bucket = hashId(pictureId) % 10;
  return bucket < 6 ? 'portrait' : bucket < 9 ? 'landscape' : 'square';
}

/** Width and height in pixels of one version of a picture of the given orientation. */
export function pictureSize(version: MediaPictureVersion, orientation: PictureOrientation): [number, number] {
  if (version !== 'original' && version !== 'large') return [...fixedFrame[version]];
  const long = longSide[version];
  const ratio = aspect[orientation];
  return ratio >= 1 ? [long, Math.round(long / ratio)] : [Math.round(long * ratio), long];
}

export function isMediaPictureVersion(value: string): value is MediaPictureVersion {
  return (mediaPictureVersions as readonly string[]).includes(value);
}

/**
 * The file name of one version of a picture: `<id>-<look>-<version>.png`, unique per picture and
 * version (clients tell pictures apart by file name), and carrying the look the portrait shows.
 */
export function pictureFileName(pictureId: number, version: MediaPictureVersion, look: string): string {
  return `${pictureId}-${look}-${version}.png`;
}

const fileNamePattern = /^([1-9][0-9]{0,14})-([0-9a-f]{12})-([a-z_]+)\.png$/;

/** The parts of a picture file name, or undefined when it is not one (see pictureFileName). */
export function parsePictureFileName(fileName: string): { pictureId: number; look: string; version: MediaPictureVersion } | undefined {
  const match = fileNamePattern.exec(fileName);
  if (!match || !isMediaPictureVersion(match[3]!)) return undefined;
  return { pictureId: Number(match[1]), look: match[2]!, version: match[3] };
}
