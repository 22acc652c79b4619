/**
 * Paints an illustrated head-and-shoulders portrait from a look (portraitLook.ts): face shape, skin
 * tone, hair style and colour, eyes, brows, nose, mouth, facial hair, glasses, clothes. Shapes are
 * signed-distance functions filled with about one pixel of anti-aliasing, each only over its own
 * bounding box, so an original (1200 px) paints in tens of milliseconds without any image library.
 * The picture id varies what a photographer would (background, framing, expression), never the face.
 */
import { hashId } from './pictureGeometry.ts';
import type { PortraitLook } from './portraitLook.ts';

type Rgb = readonly [number, number, number];
/** Signed distance in pixels: negative inside the shape. */
type Sdf = (x: number, y: number) => number;

const skinPalette: Rgb[] = [
  [255, 226, 204], [246, 211, 181], [236, 193, 158], [224, 175, 133], [203, 152, 110],
  [178, 127, 88], [150, 102, 68], [122, 82, 54], [98, 64, 42], [74, 49, 33],
];
const hairPalette: Record<PortraitLook['hairColor'], Rgb> = {
  black: [30, 26, 24], dark_brown: [60, 42, 31], brown: [98, 66, 42], light_brown: [142, 102, 66], dark_blond: [168, 134, 86],
  blond: [214, 180, 118], light_blond: [234, 214, 168], red: [176, 78, 38], auburn: [126, 50, 34], grey: [152, 150, 146],
  salt_and_pepper: [108, 106, 102], white: [226, 224, 218],
};
const eyePalette: Record<PortraitLook['eyeColor'], Rgb> = {
  brown: [110, 68, 38], dark_brown: [62, 40, 24], hazel: [138, 108, 58], green: [84, 126, 78], blue: [72, 122, 182],
  grey: [128, 138, 148], blue_grey: [98, 128, 148], grey_green: [112, 134, 112],
};
const clothes: Rgb[] = [
  [38, 52, 80], [120, 34, 44], [52, 88, 70], [200, 196, 186], [34, 34, 38], [86, 110, 150], [170, 120, 60], [98, 72, 110],
  [230, 230, 228], [64, 96, 104], [150, 60, 90], [110, 110, 104],
];

function hsl(h: number, s: number, l: number): Rgb {
  const hue = ((h % 360) + 360) % 360;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] = hue < 60 ? [c, x, 0] : hue < 120 ? [x, c, 0] : hue < 180 ? [0, c, x] : hue < 240 ? [0, x, c] : hue < 300 ? [x, 0, c] : [c, 0, x];
  return [(r + m) * 255, (g + m) * 255, (b + m) * 255];
}

function shade(color: Rgb, factor: number): Rgb {
  return factor < 1 ? [color[0] * factor, color[1] * factor, color[2] * factor] : [255 - (255 - color[0]) / factor, 255 - (255 - color[1]) / factor, 255 - (255 - color[2]) / factor];
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** Approximate distance to an ellipse (exact for circles), good enough for one pixel of smoothing. */
function ellipse(cx: number, cy: number, rx: number, ry: number): Sdf {
  const r = Math.min(rx, ry);
  return (x, y) => {
    const nx = (x - cx) / rx;
    const ny = (y - cy) / ry;
    return (Math.sqrt(nx * nx + ny * ny) - 1) * r;
  };
}

/** A round-ended stroke from (ax, ay) to (bx, by) of the given half thickness. */
function capsule(ax: number, ay: number, bx: number, by: number, radius: number): Sdf {
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy || 1;
  return (x, y) => {
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / length2));
    return Math.hypot(x - ax - t * dx, y - ay - t * dy) - radius;
  };
}

/** Everything on the side of the line through (px, py) that the normal (nx, ny) points away from. */
function halfPlane(px: number, py: number, nx: number, ny: number): Sdf {
  const length = Math.hypot(nx, ny);
  return (x, y) => ((x - px) * nx + (y - py) * ny) / length;
}

const intersect = (...shapes: Sdf[]): Sdf => (x, y) => {
  let d = -Infinity;
  for (const shape of shapes) d = Math.max(d, shape(x, y));
  return d;
};
const union = (...shapes: Sdf[]): Sdf => (x, y) => {
  let d = Infinity;
  for (const shape of shapes) d = Math.min(d, shape(x, y));
  return d;
};
const subtract = (shape: Sdf, hole: Sdf): Sdf => (x, y) => Math.max(shape(x, y), -hole(x, y));

/** An RGB canvas of floats that shapes are blended into. */
class Canvas {
  readonly data: Float32Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Float32Array(width * height * 3);
  }

  /** Fills `shape` within the box [x0, x1) × [y0, y1) with `color` at `opacity`. */
  fill(shape: Sdf, box: [number, number, number, number], color: Rgb, opacity = 1): void {
    const x0 = Math.max(0, Math.floor(box[0]));
    const y0 = Math.max(0, Math.floor(box[1]));
    const x1 = Math.min(this.width, Math.ceil(box[2]));
    const y1 = Math.min(this.height, Math.ceil(box[3]));
    const data = this.data;
    for (let y = y0; y < y1; y++) {
      const py = y + 0.5;
      let offset = (y * this.width + x0) * 3;
      for (let x = x0; x < x1; x++, offset += 3) {
        const d = shape(x + 0.5, py);
        if (d >= 0.5) continue;
        const a = (d <= -0.5 ? 1 : 0.5 - d) * opacity;
        data[offset] = data[offset]! + (color[0] - data[offset]!) * a;
        data[offset + 1] = data[offset + 1]! + (color[1] - data[offset + 1]!) * a;
        data[offset + 2] = data[offset + 2]! + (color[2] - data[offset + 2]!) * a;
      }
    }
  }

  toBytes(): Uint8Array {
    const out = new Uint8Array(this.data.length);
    for (let i = 0; i < out.length; i++) out[i] = Math.max(0, Math.min(255, Math.round(this.data[i]!)));
    return out;
  }
}

/** A stream of numbers in [0, 1) from a 32-bit state. */
function numbers(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = hashId(state + 0x9e3779b9);
    return state / 4294967296;
  };
}

function paintBackground(canvas: Canvas, pictureId: number, focusX: number, focusY: number, unit: number): void {
  const h = hashId(pictureId * 7 + 3);
  const hue = h % 360;
  const studio = (h >>> 9) % 4 === 0;
  const top = studio ? hsl(hue, 0.06, 0.9) : hsl(hue, 0.3, 0.8);
  const bottom = studio ? hsl(hue, 0.08, 0.62) : hsl(hue + 30, 0.36, 0.52);
  const glow2 = (0.6 * unit) ** 2;
  const { width, height, data } = canvas;
  for (let y = 0; y < height; y++) {
    const row = mix(top, bottom, y / Math.max(1, height - 1));
    const dy2 = (y + 0.5 - focusY) ** 2;
    let offset = y * width * 3;
    for (let x = 0; x < width; x++) {
      const glow = 0.3 / (1 + ((x + 0.5 - focusX) ** 2 + dy2) / glow2);
      data[offset++] = row[0] + (255 - row[0]) * glow;
      data[offset++] = row[1] + (250 - row[1]) * glow;
      data[offset++] = row[2] + (242 - row[2]) * glow;
    }
  }
}

/**
 * Where the head sits in picture `pictureId` of `look`, and the painter's two number streams
 * positioned after drawing it: the painter and `portraitHeadBox` read the same numbers, so the
 * demo's crop coordinates (demo/pictures.ts) frame the face the media route paints.
 */
function portraitFraming(look: PortraitLook, pictureId: number, width: number, height: number) {
  const face = numbers(look.seed * 65536 + 17);
  const shot = numbers(hashId(pictureId) ^ 0x5bd1e995);
  const unit = Math.min(width, height);

  // Framing: a little closer or wider and off-centre per picture; landscape shots leave room beside.
  const zoom = 0.92 + shot() * 0.2;
  const u = unit * zoom;
  const offCentre = width > height * 1.1 ? (shot() < 0.5 ? -1 : 1) * (0.12 + shot() * 0.1) * width : (shot() - 0.5) * 0.08 * width;
  const cx = width / 2 + offCentre;
  const child = look.age === 'child';
  const masculine = look.presentation === 'masculine';
  const headRx = u * (child ? 0.158 : 0.142) * (0.94 + face() * 0.12) * (masculine ? 1.03 : 1);
  const headRy = u * (child ? 0.18 : 0.19) * (0.95 + face() * 0.08);
  const cy = height * (0.4 + shot() * 0.05);
  return { face, shot, unit, u, cx, cy, headRx, headRy };
}

/**
 * The box, in pixels of a `width`×`height` picture, that holds the painted head with its hair and
 * chin (clipped to the picture): what a crop of the picture must keep whole.
 */
export function portraitHeadBox(look: PortraitLook, pictureId: number, width: number, height: number): { x0: number; y0: number; x1: number; y1: number } {
  const { cx, cy, headRx, headRy } = portraitFraming(look, pictureId, width, height);
  // Hair reaches about half a head above it and beside it (an afro, long waves); the chin's shadow a little below.
  return {
    x0: Math.max(0, cx - headRx * 1.5),
    y0: Math.max(0, cy - headRy * 1.6),
    x1: Math.min(width, cx + headRx * 1.5),
    y1: Math.min(height, cy + headRy * 1.2),
  };
}

/** Paints the portrait of `look` as picture `pictureId` (framing and background) into raw RGB. */
export function paintPortrait(look: PortraitLook, pictureId: number, width: number, height: number): Uint8Array {
  const canvas = new Canvas(width, height);
  const { face, shot, unit, u, cx, cy, headRx, headRy } = portraitFraming(look, pictureId, width, height);
  const child = look.age === 'child';
  const teen = look.age === 'teen';
  const feminine = look.presentation === 'feminine';
  const masculine = look.presentation === 'masculine';
  const jawTaper = (child ? 0.12 : feminine ? 0.3 : 0.2) + face() * 0.12;
  const tilt = (shot() - 0.5) * 0.06;
  paintBackground(canvas, pictureId, cx, cy, unit);

  const skin = skinPalette[look.skin]!;
  const skinShadow = shade(skin, 0.82);
  const hair = hairPalette[look.hairColor];
  const hairDark = shade(hair, 0.72);
  const shirt = clothes[Math.floor(face() * clothes.length)]!;
  const headTop = cy - headRy;
  const chin = cy + headRy;

  // The head: an ellipse whose lower half narrows towards the chin.
  const headShape: Sdf = (x, y) => {
    const dy = y - cy;
    const t = dy > 0 ? dy / headRy : 0;
    const rx = headRx * (1 - jawTaper * t * t);
    const nx = (x - cx - tilt * dy) / rx;
    const ny = dy / headRy;
    return (Math.sqrt(nx * nx + ny * ny) - 1) * Math.min(rx, headRy);
  };
  const headBox: [number, number, number, number] = [cx - headRx - 2, headTop - 2, cx + headRx + 2, chin + 2];
  const longHair = look.hairStyle === 'long' || look.hairStyle === 'long_wavy' || look.hairStyle === 'shoulder';

  // Hair behind the head and shoulders.
  if (longHair) {
    const length = look.hairStyle === 'shoulder' ? headRy * 1.25 : headRy * 2.1;
    const wave = look.hairStyle === 'long_wavy' ? headRx * 0.07 : 0;
    const back: Sdf = (x, y) => {
      const widen = headRx * (1.18 + Math.max(0, (y - cy) / headRy) * 0.18) + wave * Math.sin((y - cy) / (headRy * 0.18));
      const sides = Math.abs(x - cx) - widen;
      const top = ellipse(cx, cy - headRy * 0.05, headRx * 1.2, headRy * 1.1)(x, y);
      return y < cy ? top : Math.max(sides, y - (cy + length));
    };
    canvas.fill(back, [cx - headRx * 1.6, headTop - headRy * 0.2, cx + headRx * 1.6, cy + length + 2], hair);
  } else if (look.hairStyle === 'bob') {
    const back = union(ellipse(cx, cy - headRy * 0.08, headRx * 1.22, headRy * 1.1), intersect(ellipse(cx, cy + headRy * 0.2, headRx * 1.25, headRy * 0.9), halfPlane(0, cy + headRy * 0.75, 0, 1)));
    canvas.fill(back, [cx - headRx * 1.5, headTop - headRy * 0.3, cx + headRx * 1.5, cy + headRy * 1.2], hair);
  } else if (look.hairStyle === 'afro') {
    canvas.fill(ellipse(cx, cy - headRy * 0.3, headRx * 1.65, headRy * 1.15), [cx - headRx * 1.8, cy - headRy * 1.6, cx + headRx * 1.8, cy + headRy], hair);
  } else if (look.hairStyle === 'bun') {
    canvas.fill(ellipse(cx + headRx * (face() - 0.5) * 0.4, headTop - headRy * 0.12, headRx * 0.42, headRy * 0.32), [cx - headRx, headTop - headRy * 0.6, cx + headRx, headTop + headRy * 0.3], hair);
  }

  // Neck, shoulders and clothes.
  const neckHalf = headRx * (child ? 0.42 : masculine ? 0.5 : 0.42);
  const shoulderTop = chin + u * 0.05;
  const bodyRx = u * (child ? 0.36 : masculine ? 0.46 : 0.41);
  const bodyRy = u * 0.36;
  const neck = intersect(halfPlane(0, cy, 0, -1), halfPlane(0, shoulderTop + u * 0.06, 0, 1), (x) => Math.abs(x - cx) - neckHalf);
  canvas.fill(neck, [cx - neckHalf - 2, cy, cx + neckHalf + 2, shoulderTop + u * 0.07], skinShadow);
  const neckline = face() < 0.5 ? ellipse(cx, shoulderTop, neckHalf * 1.3, u * 0.05) : intersect(halfPlane(cx, shoulderTop + u * 0.12, -0.45, 1), halfPlane(cx, shoulderTop + u * 0.12, 0.45, 1));
  const body = subtract(ellipse(cx, shoulderTop + bodyRy, bodyRx, bodyRy), neckline);
  canvas.fill(body, [cx - bodyRx - 2, shoulderTop - 2, cx + bodyRx + 2, height], shirt);

  // Ears, then the face with soft shading.
  const earY = cy + headRy * 0.05;
  for (const side of [-1, 1]) {
    const ex = cx + side * headRx * 0.97;
    canvas.fill(ellipse(ex, earY, headRx * 0.16, headRy * 0.2), [ex - headRx * 0.2, earY - headRy * 0.25, ex + headRx * 0.2, earY + headRy * 0.25], skinShadow);
  }
  canvas.fill(headShape, headBox, skin);
  canvas.fill(subtract(headShape, ellipse(cx - headRx * 0.25, cy - headRy * 0.1, headRx * 0.95, headRy * 1.1)), headBox, skinShadow, 0.3);
  const cheekY = cy + headRy * 0.3;
  for (const side of [-1, 1]) {
    const bx = cx + side * headRx * 0.55;
    canvas.fill(ellipse(bx, cheekY, headRx * 0.22, headRy * 0.12), [bx - headRx * 0.3, cheekY - headRy * 0.2, bx + headRx * 0.3, cheekY + headRy * 0.2], [226, 120, 110], feminine || child ? 0.14 : 0.06);
  }

  // Eyes and brows.
  const eyeY = cy + headRy * (child ? 0.08 : 0.0) + headRy * (face() - 0.5) * 0.06;
  const eyeGap = headRx * (0.4 + face() * 0.08);
  const eyeRx = headRx * (child ? 0.2 : 0.17) * (0.9 + face() * 0.2);
  const eyeRy = eyeRx * (feminine ? 0.62 : 0.52);
  const iris = eyePalette[look.eyeColor];
  const browLift = headRy * (0.2 + face() * 0.06);
  const browThick = headRy * (masculine ? 0.038 : 0.026) * (0.8 + face() * 0.4);
  const browTilt = (face() - 0.4) * headRy * 0.08;
  const browColor = look.hairColor === 'white' || look.hairColor === 'grey' || look.hairColor === 'light_blond' ? shade(hair, 0.7) : hairDark;
  for (const side of [-1, 1]) {
    const ex = cx + side * eyeGap + tilt * (eyeY - cy);
    const box: [number, number, number, number] = [ex - eyeRx - 3, eyeY - eyeRy - 3, ex + eyeRx + 3, eyeY + eyeRy + 3];
    const white = ellipse(ex, eyeY, eyeRx, eyeRy);
    canvas.fill(white, box, [246, 244, 240]);
    const irisR = eyeRy * 0.95;
    canvas.fill(intersect(ellipse(ex, eyeY, irisR, irisR), white), box, iris);
    canvas.fill(ellipse(ex, eyeY, irisR * 0.45, irisR * 0.45), box, [20, 18, 18]);
    canvas.fill(ellipse(ex - irisR * 0.3, eyeY - irisR * 0.3, irisR * 0.18, irisR * 0.18), box, [255, 255, 255], 0.9);
    const lid = intersect(subtract(ellipse(ex, eyeY, eyeRx * 1.06, eyeRy * 1.15), white), halfPlane(0, eyeY, 0, 1));
    canvas.fill(lid, box, feminine ? [30, 24, 24] : shade(skin, 0.45), feminine ? 0.95 : 0.7);
    const by = eyeY - browLift;
    canvas.fill(
      capsule(ex - side * eyeRx * 0.9, by + browTilt * 0.3, ex + side * eyeRx * 1.05, by - browTilt, browThick),
      [ex - eyeRx * 1.4, by - headRy * 0.1, ex + eyeRx * 1.4, by + headRy * 0.1],
      browColor,
      0.92,
    );
  }

  // Nose and mouth; the expression changes from picture to picture.
  const noseY = cy + headRy * (child ? 0.32 : 0.36);
  const noseW = headRx * (child ? 0.14 : 0.17) * (0.85 + face() * 0.35);
  canvas.fill(capsule(cx + noseW * 0.2, eyeY + headRy * 0.08, cx + noseW * 0.35, noseY - headRy * 0.04, headRx * 0.025), [cx - noseW, eyeY, cx + noseW * 1.5, noseY + 2], skinShadow, 0.5);
  canvas.fill(ellipse(cx, noseY, noseW, headRy * 0.05), [cx - noseW - 2, noseY - headRy * 0.08, cx + noseW + 2, noseY + headRy * 0.08], skinShadow, 0.55);
  const mouthY = cy + headRy * (child ? 0.58 : 0.6);
  const mouthW = headRx * (0.3 + face() * 0.12);
  const lips = mix(skin, feminine && !child ? [170, 60, 70] : [170, 90, 90], feminine && !child ? 0.55 : 0.35);
  const mouthBox: [number, number, number, number] = [cx - mouthW - 3, mouthY - headRy * 0.12, cx + mouthW + 3, mouthY + headRy * 0.16];
  if (shot() < 0.55) {
    const smile = intersect(ellipse(cx, mouthY - headRy * 0.02, mouthW, headRy * 0.11), halfPlane(0, mouthY - headRy * 0.02, 0, -1));
    canvas.fill(smile, mouthBox, [92, 34, 38]);
    canvas.fill(intersect(smile, halfPlane(0, mouthY + headRy * 0.02, 0, 1)), mouthBox, [244, 240, 232]);
    canvas.fill(subtract(ellipse(cx, mouthY - headRy * 0.02, mouthW * 1.06, headRy * 0.13), ellipse(cx, mouthY - headRy * 0.02, mouthW, headRy * 0.11)), mouthBox, lips, 0.6);
  } else {
    canvas.fill(ellipse(cx, mouthY, mouthW, headRy * 0.045), mouthBox, lips);
    canvas.fill(capsule(cx - mouthW * 0.9, mouthY, cx + mouthW * 0.9, mouthY, headRy * 0.008), mouthBox, shade(lips, 0.6), 0.8);
  }

  // Lines of age.
  if (look.age === 'middle' || look.age === 'senior') {
    const strength = look.age === 'senior' ? 0.45 : 0.22;
    for (const side of [-1, 1]) {
      const sx = cx + side * noseW * 1.3;
      canvas.fill(capsule(sx, noseY - headRy * 0.02, sx + side * mouthW * 0.5, mouthY + headRy * 0.08, headRy * 0.007), [sx - mouthW, noseY - headRy * 0.1, sx + mouthW, mouthY + headRy * 0.15], skinShadow, strength * 1.6);
    }
    for (let i = 0; i < (look.age === 'senior' ? 3 : 1); i++) {
      const fy = cy - headRy * (0.42 + i * 0.09);
      canvas.fill(capsule(cx - headRx * 0.4, fy, cx + headRx * 0.4, fy, headRy * 0.006), [cx - headRx * 0.5, fy - 4, cx + headRx * 0.5, fy + 4], skinShadow, strength * 1.4);
    }
  }

  // Facial hair.
  if (look.facialHair === 'beard' || look.facialHair === 'stubble') {
    const beard = subtract(intersect(headShape, halfPlane(0, noseY + headRy * 0.04, 0, -1)), ellipse(cx, mouthY, mouthW * 1.05, headRy * 0.07));
    canvas.fill(beard, headBox, hair, look.facialHair === 'beard' ? 0.95 : 0.28);
  }
  if (look.facialHair === 'moustache' || look.facialHair === 'beard') {
    canvas.fill(intersect(ellipse(cx, mouthY - headRy * 0.07, mouthW * 1.05, headRy * 0.06), halfPlane(0, mouthY - headRy * 0.04, 0, 1)), mouthBox, hair, 0.95);
  }

  // Hair in front: a cap above the hairline, shaped by the style.
  const part = (face() - 0.5) * headRx * 0.6;
  const hairline = cy - headRy * (look.hairStyle === 'receding' ? 0.78 : 0.5 + face() * 0.12);
  const sideDrop = look.hairStyle === 'receding' ? 0.75 : 0.3 + face() * 0.15;
  const capBox: [number, number, number, number] = [cx - headRx * 1.4, headTop - headRy * 0.4, cx + headRx * 1.4, cy + headRy * 0.9];
  const cap = (grow: number, line: number): Sdf =>
    intersect(ellipse(cx, cy - headRy * 0.04, headRx * (1.04 + grow), headRy * (1.02 + grow)), (x, y) => y - (line + ((x - cx - part) / headRx) ** 2 * headRy * sideDrop));
  switch (look.hairStyle) {
    case 'bald':
      if (look.age === 'middle' || look.age === 'senior') {
        for (const side of [-1, 1]) canvas.fill(intersect(ellipse(cx + side * headRx * 0.98, cy - headRy * 0.08, headRx * 0.13, headRy * 0.24), ellipse(cx, cy, headRx * 1.04, headRy * 1.02)), headBox, hair, 0.85);
      }
      break;
    case 'buzz':
      canvas.fill(cap(0.01, hairline), capBox, hair, 0.55);
      break;
    case 'receding':
      canvas.fill(cap(0.03, hairline), capBox, hair);
      break;
    case 'curly_short':
    case 'afro': {
      const r = headRx * (look.hairStyle === 'afro' ? 0.34 : 0.24);
      const curls: Sdf[] = [];
      for (let i = 0; i <= 10; i++) {
        const angle = Math.PI * (1.05 + (i / 10) * 0.9);
        curls.push(ellipse(cx + Math.cos(angle) * headRx * 0.95, cy - headRy * 0.12 + Math.sin(angle) * headRy * 0.92, r, r));
      }
      canvas.fill(union(cap(0.05, hairline), ...curls), capBox, hair);
      canvas.fill(union(...curls.filter((_, i) => i % 2 === 0)), capBox, hairDark, 0.35);
      break;
    }
    default: {
      canvas.fill(cap(0.06, hairline), capBox, hair);
      // The parting and a sweep of darker strands give the hair direction.
      canvas.fill(capsule(cx + part, headTop + headRy * 0.02, cx + part * 1.3, hairline - headRy * 0.05, headRx * 0.02), capBox, hairDark, 0.5);
      if (longHair || look.hairStyle === 'bob') {
        for (const side of [-1, 1]) {
          const lock = intersect(ellipse(cx + side * headRx * 0.98, cy + headRy * 0.05, headRx * 0.2, headRy * 0.8), halfPlane(0, cy - headRy * 0.6, 0, -1));
          canvas.fill(lock, capBox, hair);
        }
      }
    }
  }

  if (look.glasses) {
    const frame: Rgb = face() < 0.5 ? [30, 30, 34] : [120, 80, 50];
    const lensR = eyeRx * 1.55;
    const thick = Math.max(1, headRy * 0.022);
    for (const side of [-1, 1]) {
      const gx = cx + side * eyeGap;
      canvas.fill(subtract(ellipse(gx, eyeY, lensR, lensR * 0.8), ellipse(gx, eyeY, lensR - thick, lensR * 0.8 - thick)), [gx - lensR - 2, eyeY - lensR, gx + lensR + 2, eyeY + lensR], frame);
      canvas.fill(capsule(gx + side * lensR * 0.95, eyeY - lensR * 0.2, cx + side * headRx * 0.98, eyeY - lensR * 0.3, thick * 0.6), headBox, frame);
    }
    canvas.fill(capsule(cx - eyeGap + lensR, eyeY - lensR * 0.15, cx + eyeGap - lensR, eyeY - lensR * 0.15, thick * 0.6), headBox, frame);
  }
  if (feminine && !child && face() < 0.4) {
    for (const side of [-1, 1]) {
      const ex = cx + side * headRx * 0.98;
      const ey = earY + headRy * 0.22;
      canvas.fill(ellipse(ex, ey, headRx * 0.05, headRx * 0.05), [ex - headRx * 0.1, ey - headRx * 0.1, ex + headRx * 0.1, ey + headRx * 0.1], [222, 184, 90]);
    }
  }
  if (teen && face() < 0.3) canvas.fill(ellipse(cx + headRx * 0.3, cy + headRy * 0.45, headRx * 0.03, headRx * 0.03), headBox, skinShadow, 0.5);
  return canvas.toBytes();
}
