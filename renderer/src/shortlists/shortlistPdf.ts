/**
 * A shortlist as a PDF contact sheet: a grid of main pictures, all at one height, with name,
 * status and rating, acting age and height, every agency and the start of the note; then every note in
 * full, flowing over as many pages as it needs, to print or send. Made entirely in the renderer from the entries' snapshots and the offline
 * picture cache (`loadPicture`), so it works without a network. The DejaVu fonts are embedded
 * (subset) so every Latin, Cyrillic and Greek name renders; the caller passes their bytes
 * (contactSheetFonts.ts in the app, node_modules in tests) and all texts.
 */
import fontkit, { type Font } from '@cantoo/fontkit';
import { pictureWindow, type PictureFraming } from './exportPicture.ts';
import { PDFDocument, PDFHexString, clip, degrees, drawImage, endPath, popGraphicsState, pushGraphicsState, rectangle, rgb, type PDFFont, type PDFName, type PDFPage, type PDFRef } from '@cantoo/pdf-lib';
import { loadExportPictures } from './exportPictures.ts';
import { withinPictureCap } from './pictureSize.ts';
import { pngPassthrough } from './pngPassthrough.ts';

export interface ContactSheetEntry {
  name: string;
  /** The acting age range as shown, e.g. "25–35"; empty when unknown. */
  actingAge: string;
  /** The height as shown in the UI language, e.g. "178 cm"; empty when unknown. */
  height: string;
  /** Every agency the profile lists, in the app's order (the primary one first). */
  agencies: string[];
  /** The entry's status in words ("Callback"). */
  status: string;
  /** 1–5 stars, or null when not rated. */
  rating: number | null;
  note: string;
  /** The main picture (resolved through `loadPicture`), or null without one. */
  pictureUrl: string | null;
  /**
   * How the picture fills its box (exportPicture.ts); when unknown, an upright picture covers the
   * box and a landscape one is fitted whole, so no face is cut.
   */
  framing?: PictureFraming;
  /** The directory no longer has the profile. */
  unavailable: boolean;
}

export interface ContactSheetFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}

export interface ContactSheetTexts {
  /** The acting age line, given the entry's range: "Acting age 25–35". */
  actingAge: (range: string) => string;
  /** In the placeholder box of an entry without a (readable) picture. */
  noPicture: string;
  /** The marker of an entry whose profile the directory no longer has. */
  unavailable: string;
  /** Footer: "Page 1 of 7". */
  page: (n: number, total: number) => string;
  /** Header, beside the title: "Created 10 Jan 2026 by Castdesk". */
  generated: string;
  /** Heading of the pages that give every note in full. */
  notesTitle: string;
}

export type ContactSheetPaper = 'a4' | 'letter';

export interface ContactSheetInput {
  title: string;
  subtitle?: string;
  paper: ContactSheetPaper;
  entries: ContactSheetEntry[];
  /** The picture's bytes from the offline cache, or null when it is not there. */
  loadPicture: (url: string) => Promise<Uint8Array | null>;
  fontBytes: ContactSheetFonts;
  texts: ContactSheetTexts;
  /**
   * Whether the user's notes are printed (under the pictures and on the notes pages): they are the
   * casting director's own and the sheet often goes to others, so the export asks (unticked: left out).
   */
  includeNotes: boolean;
}

/** Page sizes in points, portrait. */
export const contactSheetPageSizes: Record<ContactSheetPaper, [number, number]> = {
  a4: [595.28, 841.89],
  letter: [612, 792],
};
export const contactSheetColumns = 4;
export const contactSheetRows = 4;
export const contactSheetEntriesPerPage = contactSheetColumns * contactSheetRows;

const margin = 36;
const headerHeight = 46;
const footerHeight = 22;
const gap = 12;

const nameSize = 9;
const detailSize = 7.5;
const noteSize = 7;
/** Lines of a note under its picture; the whole note follows on the notes pages. */
const noteLines = 2;
const detailLines = 3;
/** Lines the agencies may take: the last detail line and, when they need it, the note's first. */
const agencyLines = 2;
/** The notes pages: a line per entry, then its note in full. */
const notesHeadingSize = 12;
const notesNameSize = 9.5;
const notesTextSize = 9;
const ink = rgb(0.1, 0.1, 0.12);
const muted = rgb(0.38, 0.38, 0.42);
const placeholderFill = rgb(0.95, 0.95, 0.96);
const placeholderBorder = rgb(0.82, 0.82, 0.85);
const warning = rgb(0.7, 0.1, 0.1);
const white = rgb(1, 1, 1);

/** Lines of this many points under the text sizes above. */
const lineHeight = (size: number): number => size * 1.25;
/**
 * Height under the picture: name, status and rating, acting age and height, the agencies, the
 * note's lines. Agencies that need a second line take it from the note, which follows in full on
 * the notes pages.
 */
const textBlockHeight = lineHeight(nameSize) + detailLines * lineHeight(detailSize) + noteLines * lineHeight(noteSize) + 6;

/** "★★★☆☆" for a rating of 3 (DejaVu has both stars); empty when not rated. */
export function ratingStars(rating: number | null): string {
  if (rating === null || !Number.isFinite(rating)) return '';
  const full = Math.max(0, Math.min(5, Math.round(rating)));
  return '★'.repeat(full) + '☆'.repeat(5 - full);
}

/** The parts that are not empty, joined by a middle dot: "Callback · ★★★★☆". */
function joined(...parts: string[]): string {
  return parts.map(oneLine).filter(Boolean).join(' · ');
}

type PictureKind = 'jpeg' | 'png';

/** JPEG (FF D8 FF) or PNG (its 8-byte signature) by magic bytes; anything else is not embedded. */
function pictureKind(bytes: Uint8Array): PictureKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((byte, index) => bytes[index] === byte)) return 'png';
  return null;
}

/**
 * The bytes in an ArrayBuffer of their own: pdf-lib's JPEG reader looks at `bytes.buffer` from
 * offset 0, so a view into a larger buffer (a pooled Node Buffer, a slice of a cache read) would
 * read the wrong bytes.
 */
function ownBytes(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}

/** Control characters would draw as boxes (or, for line breaks, break drawText's own layout). */
function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/g, '');
}

function oneLine(text: string): string {
  return printable(text.replace(/\s+/g, ' ')).trim();
}

/**
 * A font's advance widths by code point, read with fontkit. pdf-lib's widthOfTextAtSize shapes
 * the whole text for every call (a quarter of a millisecond for DejaVu), and wrapping measures
 * hundreds of candidates; the sum of advances is what pdf-lib draws (it places glyphs by their
 * advances, without kerning).
 */
class Advances {
  private readonly byCodePoint = new Map<number, number>();
  private readonly font: Font;

  constructor(bytes: Uint8Array) {
    const opened = fontkit.create(bytes);
    // DejaVu is one face per file; a collection (.ttc) would need a face chosen by name.
    this.font = 'fonts' in opened ? opened.fonts[0]! : opened;
  }

  /** Width of `text` at size 1. */
  width(text: string): number {
    let units = 0;
    for (const character of text) {
      const codePoint = character.codePointAt(0)!;
      let advance = this.byCodePoint.get(codePoint);
      if (advance === undefined) {
        advance = this.font.glyphForCodePoint(codePoint)?.advanceWidth ?? 0;
        this.byCodePoint.set(codePoint, advance);
      }
      units += advance;
    }
    return units / this.font.unitsPerEm;
  }
}

/** Text measurement and fitting in one font at one size. */
class Measure {
  constructor(
    readonly font: PDFFont,
    private readonly advances: Advances,
    readonly size: number,
  ) {}

  width(text: string): number {
    return this.advances.width(text) * this.size;
  }

  /** `text` cut (at a character) so that it and an ellipsis fit `maxWidth`. */
  ellipsis(text: string, maxWidth: number): string {
    if (this.width(text) <= maxWidth) return text;
    const characters = Array.from(text);
    let low = 0;
    let high = characters.length;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (this.width(`${characters.slice(0, middle).join('').trimEnd()}…`) <= maxWidth) low = middle;
      else high = middle - 1;
    }
    return `${characters.slice(0, low).join('').trimEnd()}…`;
  }

  /** Splits a word wider than `maxWidth` into pieces that fit. */
  private breakWord(word: string, maxWidth: number): string[] {
    const pieces: string[] = [];
    let piece = '';
    for (const character of Array.from(word)) {
      if (piece && this.width(piece + character) > maxWidth) {
        pieces.push(piece);
        piece = character;
      } else {
        piece += character;
      }
    }
    if (piece) pieces.push(piece);
    return pieces;
  }

  /** Word-wrapped lines (line breaks in `text` kept), at most `maxLines`, the last with an ellipsis when cut. */
  wrap(text: string, maxWidth: number, maxLines: number): string[] {
    const lines: string[] = [];
    for (const paragraph of printable(text).split(/\r\n|\r|\n/)) {
      let line = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (this.width(candidate) <= maxWidth) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        const pieces = this.breakWord(word, maxWidth);
        lines.push(...pieces.slice(0, -1));
        line = pieces.at(-1) ?? '';
        if (lines.length > maxLines) break;
      }
      if (line) lines.push(line);
      if (lines.length > maxLines) break;
    }
    // One line more than fits means there is more text: the last line that fits ends in an ellipsis.
    if (lines.length > maxLines) {
      lines.length = maxLines;
      lines[maxLines - 1] = this.ellipsis(`${lines[maxLines - 1]!}…`, maxWidth);
    }
    return lines;
  }
}

/** An image XObject in the document and its size in pixels. */
interface Picture {
  ref: PDFRef;
  width: number;
  height: number;
}

/** An opaque 8-bit PNG as it is (see pngPassthrough.ts), or null when it needs pdf-lib's decoding. */
function embedPngAsIs(doc: PDFDocument, bytes: Uint8Array): Picture | null {
  const png = pngPassthrough(bytes);
  if (!png) return null;
  const colourSpace = png.palette
    ? ['Indexed', 'DeviceRGB', png.palette.length / 3 - 1, PDFHexString.of(Array.from(png.palette, (byte) => byte.toString(16).padStart(2, '0')).join(''))]
    : png.colours === 3
      ? 'DeviceRGB'
      : 'DeviceGray';
  const stream = doc.context.stream(png.data, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: png.width,
    Height: png.height,
    BitsPerComponent: 8,
    ColorSpace: colourSpace,
    Filter: 'FlateDecode',
    DecodeParms: { Predictor: 15, Colors: png.colours, BitsPerComponent: 8, Columns: png.width },
  });
  return { ref: doc.context.register(stream), width: png.width, height: png.height };
}

/**
 * The picture in the document, or null (a placeholder): every path, PNG as it is, PNG through
 * pdf-lib and JPEG, first checks the declared size against the cap (pictureSize.ts), since a PDF
 * reader decodes what the header declares.
 */
async function embedPicture(doc: PDFDocument, bytes: Uint8Array): Promise<Picture | null> {
  const kind = pictureKind(bytes);
  if (!kind || !withinPictureCap(bytes)) return null;
  if (kind === 'jpeg') return doc.embedJpg(ownBytes(bytes));
  return embedPngAsIs(doc, bytes) ?? doc.embedPng(ownBytes(bytes));
}

/** Embeds each distinct picture once; an unknown format or undecodable bytes give null (placeholder). */
async function embedPictures(doc: PDFDocument, pictures: Map<string, Uint8Array | null>): Promise<Map<string, Picture | null>> {
  const embedded = new Map<string, Picture | null>();
  for (const [url, bytes] of pictures) {
    try {
      const picture = bytes ? await embedPicture(doc, bytes) : null;
      embedded.set(url, picture && picture.width > 0 && picture.height > 0 ? picture : null);
    } catch {
      embedded.set(url, null);
    }
  }
  return embedded;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Faded pictures (profiles the directory no longer has) are drawn at this opacity. */
const fadedOpacity = 0.45;

/** One page being drawn, with its graphics state for faded pictures once it is needed. */
class SheetPage {
  private fadedState: PDFName | null = null;

  constructor(
    readonly doc: PDFDocument,
    readonly page: PDFPage,
  ) {}

  /**
   * `picture` in `box` (every picture at the box's height and width, as a contact sheet's prints
   * are), framed as `framing` says (exportPicture.ts) and cut to the box; returns the part of the
   * box the picture covers.
   */
  drawPicture(picture: Picture, box: Box, faded: boolean, framing: PictureFraming | undefined): Box {
    const fallback: PictureFraming = picture.width > picture.height ? { mode: 'contain' } : { mode: 'cover' };
    const window = pictureWindow(picture.width, picture.height, box.width / box.height, framing ?? fallback);
    const scale = box.width / window.width;
    const width = picture.width * scale;
    const height = picture.height * scale;
    if (faded && !this.fadedState) {
      this.fadedState = this.page.node.newExtGState('GS', this.doc.context.obj({ Type: 'ExtGState', ca: fadedOpacity, CA: fadedOpacity }));
    }
    // The window's top left corner lands on the box's; PDF's y axis points up.
    const drawn = { x: box.x - window.x * scale, y: box.y + box.height + window.y * scale - height, width, height };
    const name = this.page.node.newXObject('Image', picture.ref);
    this.page.pushOperators(
      pushGraphicsState(),
      rectangle(box.x, box.y, box.width, box.height),
      clip(),
      endPath(),
      ...drawImage(name, {
        ...drawn,
        rotate: degrees(0),
        xSkew: degrees(0),
        ySkew: degrees(0),
        graphicsState: faded ? (this.fadedState ?? undefined) : undefined,
      }),
      popGraphicsState(),
    );
    const left = Math.max(box.x, drawn.x);
    const bottom = Math.max(box.y, drawn.y);
    const right = Math.min(box.x + box.width, drawn.x + width);
    const top = Math.min(box.y + box.height, drawn.y + height);
    return { x: left, y: bottom, width: Math.max(0, right - left), height: Math.max(0, top - bottom) };
  }

  /** Lines of `text` centred in `box` (at most two). */
  drawCentred(text: string, measure: Measure, box: Box, colour = muted): void {
    const lines = measure.wrap(text, box.width - 8, 2);
    const step = lineHeight(measure.size);
    const top = box.y + box.height / 2 + (lines.length * step) / 2 - measure.size;
    lines.forEach((line, index) => {
      this.page.drawText(line, {
        x: box.x + (box.width - measure.width(line)) / 2,
        y: top - index * step,
        size: measure.size,
        font: measure.font,
        color: colour,
      });
    });
  }

  /** A band across the picture's foot: the profile is gone from the directory. */
  drawUnavailable(box: Box, text: string, measure: Measure): void {
    const bandHeight = lineHeight(measure.size) + 3;
    this.page.drawRectangle({ x: box.x, y: box.y, width: box.width, height: bandHeight, color: warning });
    const line = measure.ellipsis(oneLine(text), box.width - 6);
    this.page.drawText(line, {
      x: box.x + (box.width - measure.width(line)) / 2,
      y: box.y + (bandHeight - measure.size) / 2 + 1.5,
      size: measure.size,
      font: measure.font,
      color: white,
    });
  }
}

interface Measures {
  notesHeading: Measure;
  notesName: Measure;
  notesText: Measure;
  name: Measure;
  detail: Measure;
  note: Measure;
  marker: Measure;
  placeholder: Measure;
  title: Measure;
  subtitle: Measure;
  small: Measure;
}

function drawCell(sheet: SheetPage, cell: Box, entry: ContactSheetEntry, picture: Picture | null, texts: ContactSheetTexts, measures: Measures): void {
  const page = sheet.page;
  const pictureBox = { x: cell.x, y: cell.y + textBlockHeight, width: cell.width, height: cell.height - textBlockHeight };
  let shown = pictureBox;
  if (picture) {
    shown = sheet.drawPicture(picture, pictureBox, entry.unavailable, entry.framing);
  } else {
    page.drawRectangle({ ...pictureBox, color: placeholderFill, borderColor: placeholderBorder, borderWidth: 0.5 });
    sheet.drawCentred(oneLine(texts.noPicture), measures.placeholder, pictureBox);
  }
  // Across the picture's foot, at least as wide as the marker's text needs.
  if (entry.unavailable) {
    const bandWidth = Math.min(pictureBox.width, Math.max(shown.width, measures.marker.width(oneLine(texts.unavailable)) + 8));
    sheet.drawUnavailable({ x: pictureBox.x + (pictureBox.width - bandWidth) / 2, y: shown.y, width: bandWidth, height: shown.height }, texts.unavailable, measures.marker);
  }

  let baseline = pictureBox.y - 3 - nameSize;
  const line = (text: string, measure: Measure, colour = ink): void => {
    page.drawText(measure.ellipsis(text, cell.width), { x: cell.x, y: baseline, size: measure.size, font: measure.font, color: colour });
    baseline -= lineHeight(measure.size);
  };
  line(oneLine(entry.name), measures.name);
  baseline += lineHeight(nameSize) - lineHeight(detailSize);
  const details = [joined(entry.status, ratingStars(entry.rating)), joined(entry.actingAge ? texts.actingAge(entry.actingAge) : '', entry.height)];
  for (const detail of details) {
    if (detail) line(detail, measures.detail, muted);
    else baseline -= lineHeight(detailSize);
  }
  const agencyText = measures.detail.wrap(entry.agencies.map(oneLine).filter(Boolean).join(', '), cell.width, agencyLines);
  for (const agencyLine of agencyText) line(agencyLine, measures.detail, muted);
  if (agencyText.length === 0) baseline -= lineHeight(detailSize);
  baseline += lineHeight(detailSize) - lineHeight(noteSize);
  const noteRoom = noteLines - Math.max(0, agencyText.length - 1);
  for (const noteLine of measures.note.wrap(entry.note, cell.width, noteRoom)) line(noteLine, measures.note);
}

/**
 * Every note in full after the grid: per entry with a note, its number in the list, name, status
 * and rating, then the note wrapped to the page width, going on to a new page (with the header)
 * wherever the page ends. Returns the pages it added.
 */
function drawNotesPages(doc: PDFDocument, input: ContactSheetInput, measures: Measures, pageSize: [number, number]): PDFPage[] {
  const withNotes = input.entries.map((entry, index) => ({ entry, number: index + 1 })).filter(({ entry }) => printable(entry.note).trim() !== '');
  if (withNotes.length === 0) return [];
  const [width, height] = pageSize;
  const contentWidth = width - 2 * margin;
  const top = height - margin - headerHeight;
  const bottom = margin + footerHeight + 4;
  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let baseline = 0;
  const newPage = (): void => {
    page = doc.addPage(pageSize);
    pages.push(page);
    drawHeader(page, input, measures);
    baseline = top - notesHeadingSize;
    page.drawText(measures.notesHeading.ellipsis(oneLine(input.texts.notesTitle), contentWidth), { x: margin, y: baseline, size: notesHeadingSize, font: measures.notesHeading.font, color: ink });
    baseline -= lineHeight(notesHeadingSize) + 6;
  };
  const draw = (text: string, measure: Measure, colour = ink): void => {
    if (baseline < bottom) newPage();
    page.drawText(text, { x: margin, y: baseline, size: measure.size, font: measure.font, color: colour });
    baseline -= lineHeight(measure.size);
  };
  newPage();
  for (const { entry, number } of withNotes) {
    // A name line never stands alone at a page's foot: it needs room for a line of its note.
    if (baseline - lineHeight(notesNameSize) < bottom) newPage();
    draw(measures.notesName.ellipsis(joined(`${number}. ${oneLine(entry.name)}`, entry.status, ratingStars(entry.rating)), contentWidth), measures.notesName);
    for (const noteLine of measures.notesText.wrap(entry.note, contentWidth, Number.POSITIVE_INFINITY)) draw(noteLine, measures.notesText);
    baseline -= 6;
  }
  return pages;
}

function drawHeader(page: PDFPage, input: ContactSheetInput, measures: Measures): void {
  const { width, height } = page.getSize();
  const contentWidth = width - 2 * margin;
  const titleBaseline = height - margin - measures.title.size;
  const generated = measures.small.ellipsis(oneLine(input.texts.generated), contentWidth / 2);
  const generatedWidth = measures.small.width(generated);
  page.drawText(generated, { x: width - margin - generatedWidth, y: titleBaseline, size: measures.small.size, font: measures.small.font, color: muted });
  const title = measures.title.ellipsis(oneLine(input.title), contentWidth - generatedWidth - 12);
  page.drawText(title, { x: margin, y: titleBaseline, size: measures.title.size, font: measures.title.font, color: ink });
  const subtitle = oneLine(input.subtitle ?? '');
  if (subtitle) {
    page.drawText(measures.subtitle.ellipsis(subtitle, contentWidth), {
      x: margin,
      y: titleBaseline - lineHeight(measures.subtitle.size) - 4,
      size: measures.subtitle.size,
      font: measures.subtitle.font,
      color: muted,
    });
  }
  const ruleY = height - margin - headerHeight + 8;
  page.drawLine({ start: { x: margin, y: ruleY }, end: { x: width - margin, y: ruleY }, thickness: 0.5, color: placeholderBorder });
}

function drawFooter(page: PDFPage, text: string, measure: Measure): void {
  const { width } = page.getSize();
  const line = oneLine(text);
  page.drawText(line, { x: (width - measure.width(line)) / 2, y: margin, size: measure.size, font: measure.font, color: muted });
}

/** The cells of one page, row by row from the top left. */
function cellBoxes(pageWidth: number, pageHeight: number): Box[] {
  const width = (pageWidth - 2 * margin - (contactSheetColumns - 1) * gap) / contactSheetColumns;
  const gridTop = pageHeight - margin - headerHeight;
  const gridBottom = margin + footerHeight;
  const height = (gridTop - gridBottom - (contactSheetRows - 1) * gap) / contactSheetRows;
  const boxes: Box[] = [];
  for (let row = 0; row < contactSheetRows; row++) {
    for (let column = 0; column < contactSheetColumns; column++) {
      boxes.push({ x: margin + column * (width + gap), y: gridTop - (row + 1) * height - row * gap, width, height });
    }
  }
  return boxes;
}

/**
 * Builds the contact sheet: 4 × 4 entries a page in the order given, header (title, subtitle,
 * `texts.generated`) and footer ("page n of m") on every page, PDF metadata set. Pictures are read
 * through `loadPicture` and embedded once each; a missing or unreadable one gets a placeholder.
 */
export async function shortlistPdf(request: ContactSheetInput): Promise<Uint8Array> {
  const input = request.includeNotes ? request : { ...request, entries: request.entries.map((entry) => ({ ...entry, note: '' })) };
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const [regular, bold] = await Promise.all([
    doc.embedFont(ownBytes(input.fontBytes.regular), { subset: true }),
    doc.embedFont(ownBytes(input.fontBytes.bold), { subset: true }),
  ]);
  const regularAdvances = new Advances(input.fontBytes.regular);
  const boldAdvances = new Advances(input.fontBytes.bold);
  const measures: Measures = {
    notesHeading: new Measure(bold, boldAdvances, notesHeadingSize),
    notesName: new Measure(bold, boldAdvances, notesNameSize),
    notesText: new Measure(regular, regularAdvances, notesTextSize),
    name: new Measure(bold, boldAdvances, nameSize),
    detail: new Measure(regular, regularAdvances, detailSize),
    note: new Measure(regular, regularAdvances, noteSize),
    marker: new Measure(bold, boldAdvances, 6.5),
    placeholder: new Measure(regular, regularAdvances, 7),
    title: new Measure(bold, boldAdvances, 16),
    subtitle: new Measure(regular, regularAdvances, 10),
    small: new Measure(regular, regularAdvances, 8),
  };

  const urls = input.entries.map((entry) => entry.pictureUrl).filter((url): url is string => typeof url === 'string' && url.length > 0);
  const pictures = await embedPictures(doc, await loadExportPictures(urls, input.loadPicture));

  const [pageWidth, pageHeight] = contactSheetPageSizes[input.paper];
  const boxes = cellBoxes(pageWidth, pageHeight);
  const gridPageCount = Math.max(1, Math.ceil(input.entries.length / contactSheetEntriesPerPage));
  const pages: PDFPage[] = [];
  for (let pageIndex = 0; pageIndex < gridPageCount; pageIndex++) {
    const page = doc.addPage([pageWidth, pageHeight]);
    pages.push(page);
    const sheet = new SheetPage(doc, page);
    drawHeader(page, input, measures);
    const pageEntries = input.entries.slice(pageIndex * contactSheetEntriesPerPage, (pageIndex + 1) * contactSheetEntriesPerPage);
    pageEntries.forEach((entry, index) => {
      const picture = entry.pictureUrl ? (pictures.get(entry.pictureUrl) ?? null) : null;
      drawCell(sheet, boxes[index]!, entry, picture, input.texts, measures);
    });
  }
  pages.push(...drawNotesPages(doc, input, measures, [pageWidth, pageHeight]));
  // Footers last: "page n of m" counts the notes pages too.
  pages.forEach((page, index) => drawFooter(page, input.texts.page(index + 1, pages.length), measures.small));

  doc.setTitle(oneLine(input.title), { showInWindowTitleBar: true });
  if (input.subtitle) doc.setSubject(oneLine(input.subtitle));
  doc.setCreator('Castdesk');
  doc.setProducer('Castdesk (pdf-lib)');
  const now = new Date();
  doc.setCreationDate(now);
  doc.setModificationDate(now);
  return doc.save();
}
