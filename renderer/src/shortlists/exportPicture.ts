/**
 * Which picture an export shows and how it is framed (issue 22, item 10). Contact sheets and
 * presentation packages show every actor in the same upright box; a landscape picture made to fill
 * it is cut at both sides, often through the face. So: the main picture's crop_coordinates (the
 * actor's own choice of the part that matters) when present; else the portrait main picture
 * (main_picture_portrait), made for upright boxes; else the main picture fitted whole, nothing cut.
 */
import type { Picture } from '../../../contract/directory-api.ts';

/**
 * How a picture fills an export's box. `crop`: the region (fractions of the picture, 0 to 1) is
 * shown whole and centred, the rest of the picture around it as far as the box reaches. `cover`:
 * the box filled, cut at the sides (an upright picture in an upright box loses little), never at
 * the head. `contain`: the whole picture, with margins.
 */
export type PictureFraming =
  | { mode: 'crop'; region: { x: number; y: number; width: number; height: number } }
  | { mode: 'cover' }
  | { mode: 'contain' };

export interface ExportPicture {
  /** The large version (or the original) to load, and its thumbnail. */
  url: string | null;
  thumbUrl: string | null;
  framing: PictureFraming;
  /** The picture's width and height in pixels (its `dimensions`), when the directory gave them. */
  size: [number, number] | null;
}

/** The crop region as fractions of the picture, when its coordinates are usable. */
function cropRegion(picture: Picture): PictureFraming | null {
  const crop = picture.crop_coordinates;
  const [width, height] = picture.dimensions ?? [0, 0];
  if (!crop || !(width > 0) || !(height > 0) || !(crop.w > 0) || !(crop.h > 0)) return null;
  const x = Math.min(Math.max(crop.x, 0), width);
  const y = Math.min(Math.max(crop.y, 0), height);
  const w = Math.min(crop.w, width - x);
  const h = Math.min(crop.h, height - y);
  if (!(w > 0) || !(h > 0)) return null;
  return { mode: 'crop', region: { x: x / width, y: y / height, width: w / width, height: h / height } };
}

function exportPicture(picture: Picture, framing: PictureFraming): ExportPicture {
  const size = picture.dimensions?.[0] && picture.dimensions[1] ? ([picture.dimensions[0], picture.dimensions[1]] as [number, number]) : null;
  return {
    url: picture.versions?.large ?? picture.url ?? null,
    thumbUrl: picture.versions?.thumb_large ?? picture.versions?.thumb ?? null,
    framing,
    size,
  };
}

/** The picture an export shows of an actor's gallery and its framing; null without pictures. */
export function exportPictureOf(pictures: readonly Picture[] | undefined): ExportPicture | null {
  if (!pictures || pictures.length === 0) return null;
  const main = pictures.find((picture) => picture.main_picture === true) ?? pictures[0]!;
  const mainCrop = cropRegion(main);
  if (mainCrop) return exportPicture(main, mainCrop);
  const portrait = pictures.find((picture) => picture.main_picture_portrait === true);
  if (portrait) {
    const portraitCrop = cropRegion(portrait);
    if (portraitCrop) return exportPicture(portrait, portraitCrop);
    const [width, height] = portrait.dimensions ?? [0, 0];
    const upright = portrait.orientation === 'portrait' || (width > 0 && height > width);
    return exportPicture(portrait, upright ? { mode: 'cover' } : { mode: 'contain' });
  }
  return exportPicture(main, { mode: 'contain' });
}

/** A rectangle in the picture's own pixels: the part of it the box shows. */
export interface PictureWindow {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The part of a `width` × `height` picture a box of `boxAspect` (width / height) shows under
 * `framing`, always of the box's aspect: it may reach past the picture's edges (margins) when the
 * whole picture or the whole crop region would not fit otherwise.
 */
export function pictureWindow(width: number, height: number, boxAspect: number, framing: PictureFraming): PictureWindow {
  if (framing.mode === 'contain') {
    const windowHeight = Math.max(height, width / boxAspect);
    const windowWidth = windowHeight * boxAspect;
    return { x: (width - windowWidth) / 2, y: (height - windowHeight) / 2, width: windowWidth, height: windowHeight };
  }
  if (framing.mode === 'cover') {
    const windowHeight = Math.min(height, width / boxAspect);
    const windowWidth = windowHeight * boxAspect;
    // Cut at the sides and the foot, never at the head.
    return { x: (width - windowWidth) / 2, y: 0, width: windowWidth, height: windowHeight };
  }
  const region = { x: framing.region.x * width, y: framing.region.y * height, width: framing.region.width * width, height: framing.region.height * height };
  // The smallest window of the box's aspect holding the whole region …
  const windowHeight = Math.max(region.height, region.width / boxAspect);
  const windowWidth = windowHeight * boxAspect;
  // … centred on it, then moved into the picture where it fits, so the picture fills the box.
  const place = (start: number, size: number, windowSize: number, total: number): number => {
    const centred = start + size / 2 - windowSize / 2;
    return windowSize <= total ? Math.min(Math.max(centred, 0), total - windowSize) : (total - windowSize) / 2;
  };
  return {
    x: place(region.x, region.width, windowWidth, width),
    y: place(region.y, region.height, windowHeight, height),
    width: windowWidth,
    height: windowHeight,
  };
}
