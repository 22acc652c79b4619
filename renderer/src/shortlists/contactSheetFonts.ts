/**
 * The DejaVu fonts of the contact sheet, bundled by Vite as assets: the app carries them, so the
 * PDF is made offline and every Latin, Cyrillic and Greek name renders. Apart from the PDF module,
 * so tests in Node read the same files from node_modules without Vite's `?url`.
 */
import regularUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url';
import boldUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?url';
import type { ContactSheetFonts } from './shortlistPdf.ts';

export const contactSheetFontUrls = { regular: regularUrl, bold: boldUrl } as const;

/** Both fonts' bytes, fetched with `fetchBytes` (e.g. `fetch(url)` → bytes) from the app's own assets. */
export async function loadContactSheetFonts(fetchBytes: (url: string) => Promise<Uint8Array>): Promise<ContactSheetFonts> {
  const [regular, bold] = await Promise.all([fetchBytes(contactSheetFontUrls.regular), fetchBytes(contactSheetFontUrls.bold)]);
  return { regular, bold };
}
