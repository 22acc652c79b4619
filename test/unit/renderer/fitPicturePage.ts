/**
 * The page side of test/integration/fitPicture.test.ts, bundled by it: fitPicture in Chromium's own
 * image decoder, on pictures the page paints (a canvas written as PNG or JPEG) or bytes the test
 * hands over. It lives here, with the renderer's DOM types; the test runs in Node without them.
 */
import { exportPictureBox, fitPicture } from '../../../renderer/src/shortlists/fitPicture.ts';
import { pictureSize } from '../../../renderer/src/shortlists/pictureSize.ts';

/** A `width` × `height` picture, red left half and blue right half, as PNG or JPEG bytes. */
async function painted(width: number, height: number, type: 'image/png' | 'image/jpeg'): Promise<Uint8Array> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#ff0000';
  context.fillRect(0, 0, width / 2, height);
  context.fillStyle = '#0000ff';
  context.fillRect(width / 2, 0, width / 2, height);
  return new Uint8Array(await (await canvas.convertToBlob({ type })).arrayBuffer());
}

/** The colour in the middle of the left and right halves of a picture's bytes, as decoded here. */
async function halves(bytes: Uint8Array): Promise<number[][]> {
  const bitmap = await createImageBitmap(new Blob([bytes as Uint8Array<ArrayBuffer>]));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  const at = (x: number): number[] => Array.from(context.getImageData(x, Math.floor(bitmap.height / 2), 1, 1).data.slice(0, 3));
  return [at(Math.floor(bitmap.width / 4)), at(Math.floor((bitmap.width * 3) / 4))];
}

const page = {
  ready: true,
  box: exportPictureBox,
  /** Paints a picture, fits it, and says what came out. */
  async fitPainted(width: number, height: number, type: 'image/png' | 'image/jpeg') {
    const bytes = await painted(width, height, type);
    const fitted = await fitPicture(bytes);
    return {
      inputSize: pictureSize(bytes),
      outputSize: fitted ? pictureSize(fitted) : null,
      unchanged: fitted === bytes,
      jpeg: fitted ? fitted[0] === 0xff && fitted[1] === 0xd8 : false,
      halves: fitted ? await halves(fitted) : null,
    };
  },
  /** Fits bytes the test gives (as numbers), saying whether anything came out. */
  async fitBytes(bytes: number[]) {
    return (await fitPicture(Uint8Array.from(bytes))) !== null;
  },
};

export type FitPicturePage = typeof page;
(globalThis as unknown as { fitPicture: FitPicturePage }).fitPicture = page;
