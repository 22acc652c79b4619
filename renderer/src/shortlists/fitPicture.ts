/**
 * A picture at the size an export shows it. A directory's original can be many times larger than a
 * contact-sheet cell or the package's picture needs (a 40-megapixel JPEG for a 4 × 5 cm print), and
 * every reader of the export then decodes all of it. Pictures are scaled down, in the page's own
 * image decoder, to just cover exportPictureBox (the sheet and the package crop to cover, so no
 * side may fall short), and written as JPEG on white. A picture within the box stays as it is;
 * one over the pixel cap or whose size cannot be read is left out (null), as every export does.
 */
import { pictureSize, withinPictureCap, type PictureSize } from './pictureSize.ts';

/**
 * The pixels an exported picture needs at most: a contact-sheet cell (about 122 × 165 pt) printed
 * at 300 dpi, and the package's 12 × 16 rem picture on a screen of three device pixels per CSS
 * pixel (576 × 768), both fit in it.
 */
export const exportPictureBox: PictureSize = { width: 720, height: 960 };

/** The size that covers `box` with the picture's proportions, never larger than the picture. */
export function coveringSize(size: PictureSize, box: PictureSize): PictureSize {
  const scale = Math.min(1, Math.max(box.width / size.width, box.height / size.height));
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}

/**
 * `bytes` scaled down to cover `box` (JPEG), as they are when already small enough, or null when
 * over the cap, unreadable, or undecodable. Without createImageBitmap and OffscreenCanvas (not a
 * browser) a picture within the cap is passed on as it is.
 */
export async function fitPicture(bytes: Uint8Array, box: PictureSize = exportPictureBox): Promise<Uint8Array | null> {
  const size = pictureSize(bytes);
  if (!size || !withinPictureCap(bytes)) return null;
  const target = coveringSize(size, box);
  if (target.width >= size.width && target.height >= size.height) return bytes;
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return bytes;
  try {
    const bitmap = await createImageBitmap(new Blob([bytes as Uint8Array<ArrayBuffer>]), { resizeWidth: target.width, resizeHeight: target.height, resizeQuality: 'high' });
    const canvas = new OffscreenCanvas(target.width, target.height);
    const context = canvas.getContext('2d');
    if (!context) return bytes;
    // JPEG has no transparency: a transparent picture goes on white, as on paper.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, target.width, target.height);
    context.drawImage(bitmap, 0, 0);
    bitmap.close();
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
    return new Uint8Array(await blob.arrayBuffer());
  } catch {
    return null;
  }
}
