/**
 * The orders a profile's pictures are shown in. Actor profiles carry two: the desktop/landscape
 * order (`landscape_position`, which the pictures array already follows) and the mobile/portrait
 * order (`portrait_position`). Crew pictures follow `position`. Pictures without the number keep
 * their place in the array, after those with it, so a partial or legacy payload still shows all.
 */
import type { Picture } from '../../../contract/directory-api.ts';

export type GalleryOrder = 'landscape' | 'portrait' | 'position';

type PositionKey = 'landscape_position' | 'portrait_position' | 'position';

function hasNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** A stable sort of `pictures` by `key`; ties and missing numbers keep the given order. */
function byPosition(pictures: readonly Picture[], key: PositionKey): Picture[] {
  return pictures
    .map((picture, index) => ({ picture, index }))
    .sort((a, b) => {
      const left = a.picture[key];
      const right = b.picture[key];
      if (hasNumber(left) && hasNumber(right)) return left - right || a.index - b.index;
      if (hasNumber(left) !== hasNumber(right)) return hasNumber(left) ? -1 : 1;
      return a.index - b.index;
    })
    .map(({ picture }) => picture);
}

/** `pictures` in the given display order. */
export function orderPictures(pictures: readonly Picture[], order: GalleryOrder): Picture[] {
  if (order === 'position') return byPosition(pictures, 'position');
  const landscape = byPosition(pictures, 'landscape_position');
  return order === 'portrait' ? byPosition(landscape, 'portrait_position') : landscape;
}

/** The thumbnail version of a picture, as the gallery shows it. */
export function thumbnailSource(picture: Picture): string {
  return picture.versions.thumb_large || picture.versions.thumb || picture.url;
}

/** The version the lightbox shows: large normally, the original when zoomed in. */
export function lightboxSource(picture: Picture, zoomed: boolean): string {
  return zoomed ? picture.versions.original || picture.versions.large || picture.url : picture.versions.large || picture.versions.original || picture.url;
}

/**
 * Every version of a picture the app shows (gallery thumbnail, lightbox, zoomed lightbox): what
 * "keep offline" stores, so each of those views works without the directory.
 */
export function displayedVersions(picture: Picture): string[] {
  return [...new Set([thumbnailSource(picture), lightboxSource(picture, false), lightboxSource(picture, true)].filter((url) => !!url))];
}

/**
 * The versions that may stand in for `shown` when it is not stored (best first: larger before
 * smaller, so a lightbox falls back to the original or a thumbnail rather than to nothing).
 */
export function fallbackVersions(picture: Picture, shown: string): string[] {
  const candidates = [picture.versions.large, picture.versions.original, picture.url, picture.versions.thumb_large, picture.versions.thumb];
  return [...new Set(candidates.filter((url): url is string => typeof url === 'string' && url.length > 0 && url !== shown))];
}

/**
 * The picture a profile's header shows: the one marked as the portrait main picture (actors), else
 * the main picture, else the first in the portrait (actors) or position (crew) order.
 */
export function mainHeadshot(pictures: readonly Picture[], order: 'portrait' | 'position'): Picture | null {
  return pictures.find((picture) => picture.main_picture_portrait === true) ?? pictures.find((picture) => picture.main_picture === true) ?? orderPictures(pictures, order)[0] ?? null;
}

/** The version the header shows: large enough for a portrait a few hundred pixels high. */
export function headshotSource(picture: Picture): string {
  return picture.versions.large || picture.versions.thumb_large || picture.versions.original || picture.url;
}
