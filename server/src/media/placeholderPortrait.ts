/**
 * The demo directory's pictures: illustrated portraits (portraitPainter.ts) of the look the file
 * name carries, or, for the older `<version>.png` names, of a look derived from the picture id.
 * Rendered on demand (no files on disk) and kept in a small LRU of encoded PNGs.
 */
import { LruCache } from './lruCache.ts';
import { encodePng } from './png.ts';
import { pictureOrientation, pictureSize, type MediaPictureVersion, type PictureOrientation } from './pictureGeometry.ts';
import { encodeLook, lookFromNumber, type PortraitLook } from './portraitLook.ts';
import { paintPortrait } from './portraitPainter.ts';

const cache = new LruCache(48 * 1024 * 1024);

/**
 * The PNG of one version of a demo picture. Orientation defaults to the one the id scheme assigns
 * (see pictureGeometry.ts), which is what the generated picture metadata says; the look defaults to
 * one derived from the id.
 */
export function renderPicturePng(
  pictureId: number,
  version: MediaPictureVersion,
  orientation: PictureOrientation = pictureOrientation(pictureId),
  look: PortraitLook = lookFromNumber(pictureId),
): Buffer {
  const key = `${pictureId}:${version}:${orientation}:${encodeLook(look)}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const [width, height] = pictureSize(version, orientation);
  const png = encodePng(width, height, paintPortrait(look, pictureId, width, height));
  cache.set(key, png);
  return png;
}
