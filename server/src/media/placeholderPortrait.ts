/**
 * Deterministic placeholder portraits for the demo directory: a soft two-tone gradient with a
 * head-and-shoulders silhouette, colours and framing derived from the picture id. Rendered on
 * demand (no files on disk) and kept in a small LRU of encoded PNGs.
 */
import { LruCache } from './lruCache.ts';
import { encodePng } from './png.ts';
import {
  hashId,
  pictureOrientation,
  pictureSize,
  type MediaPictureVersion,
  type PictureOrientation,
} from './pictureGeometry.ts';

type Rgb = [number, number, number];

function hsl(h: number, s: number, l: number): Rgb {
  const hue = ((h % 360) + 360) % 360;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    hue < 60 ? [c, x, 0] : hue < 120 ? [x, c, 0] : hue < 180 ? [0, c, x] : hue < 240 ? [0, x, c] : hue < 300 ? [x, 0, c] : [c, 0, x];
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** Coverage (0..1) of an ellipse at a pixel centre, anti-aliased over about one pixel. */
function ellipseCoverage(px: number, py: number, cx: number, cy: number, rx: number, ry: number): number {
  const nx = (px - cx) / rx;
  const ny = (py - cy) / ry;
  const distance = (Math.sqrt(nx * nx + ny * ny) - 1) * Math.min(rx, ry);
  return distance <= -0.5 ? 1 : distance >= 0.5 ? 0 : 0.5 - distance;
}

/** Renders the raw RGB pixels of one placeholder portrait. */
export function renderPortraitPixels(pictureId: number, width: number, height: number): Uint8Array {
  const h = hashId(pictureId);
  const hue = h % 360;
  const top = hsl(hue, 0.38, 0.86);
  const bottom = hsl(hue + 25, 0.42, 0.58);
  const glowColor: Rgb = [255, 250, 240];
  const head = hsl(hue + 180 + ((h >>> 9) % 40), 0.22, 0.26);
  const shirt = hsl(hue + 150 + ((h >>> 14) % 60), 0.34, 0.34);

  const unit = Math.min(width, height);
  const shift = width > height ? (((h >>> 20) % 3) - 1) * 0.18 * width : (((h >>> 20) % 3) - 1) * 0.04 * width;
  const cx = width / 2 + shift;
  const headRx = 0.15 * unit;
  const headRy = 0.19 * unit;
  const headCy = 0.42 * height;
  const shoulderTop = headCy + headRy + 0.06 * unit;
  const bodyRx = 0.44 * unit;
  const bodyRy = 0.36 * unit;
  const bodyCy = shoulderTop + bodyRy;
  const neckHalf = 0.065 * unit;
  const neckTop = headCy + headRy * 0.6;
  const glowR2 = (0.55 * unit) ** 2;

  const pixels = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const py = y + 0.5;
    const rowBase = mix(top, bottom, y / Math.max(1, height - 1));
    const dyGlow = (py - headCy) ** 2;
    const inHeadRows = py > headCy - headRy - 1 && py < headCy + headRy + 1;
    const inNeckRows = py > neckTop && py < shoulderTop + 2;
    const inBodyRows = py > shoulderTop - 1;
    let offset = y * width * 3;
    for (let x = 0; x < width; x++) {
      const px = x + 0.5;
      const glow = 0.35 / (1 + ((px - cx) ** 2 + dyGlow) / glowR2);
      let r = rowBase[0] + (glowColor[0] - rowBase[0]) * glow;
      let g = rowBase[1] + (glowColor[1] - rowBase[1]) * glow;
      let b = rowBase[2] + (glowColor[2] - rowBase[2]) * glow;
      if (inBodyRows && Math.abs(px - cx) < bodyRx + 1) {
        const cover = ellipseCoverage(px, py, cx, bodyCy, bodyRx, bodyRy);
        if (cover > 0) {
          r += (shirt[0] - r) * cover;
          g += (shirt[1] - g) * cover;
          b += (shirt[2] - b) * cover;
        }
      }
      if (inNeckRows) {
        const cover = Math.min(1, Math.max(0, neckHalf + 0.5 - Math.abs(px - cx)));
        if (cover > 0) {
          r += (head[0] - r) * cover;
          g += (head[1] - g) * cover;
          b += (head[2] - b) * cover;
        }
      }
      if (inHeadRows && Math.abs(px - cx) < headRx + 1) {
        const cover = ellipseCoverage(px, py, cx, headCy, headRx, headRy);
        if (cover > 0) {
          r += (head[0] - r) * cover;
          g += (head[1] - g) * cover;
          b += (head[2] - b) * cover;
        }
      }
      pixels[offset++] = r;
      pixels[offset++] = g;
      pixels[offset++] = b;
    }
  }
  return pixels;
}

const cache = new LruCache(48 * 1024 * 1024);

/**
 * The PNG of one version of a demo picture. Orientation defaults to the one the id scheme assigns
 * (see pictureGeometry.ts), which is what the generated picture metadata says.
 */
export function renderPicturePng(
  pictureId: number,
  version: MediaPictureVersion,
  orientation: PictureOrientation = pictureOrientation(pictureId),
): Buffer {
  const key = `${pictureId}:${version}:${orientation}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const [width, height] = pictureSize(version, orientation);
  const png = encodePng(width, height, renderPortraitPixels(pictureId, width, height));
  cache.set(key, png);
  return png;
}
