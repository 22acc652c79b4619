import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSheetFontUrls, loadContactSheetFonts } from '../../../renderer/src/shortlists/contactSheetFonts.ts';
import { shortlistPdf, type ContactSheetEntry, type ContactSheetInput } from '../../../renderer/src/shortlists/shortlistPdf.ts';

/**
 * The Node built-ins this test needs for temp files, poppler and PNG bytes. The renderer's
 * tsconfig has no Node types (renderer code must not lean on them), so the few functions used are
 * typed here and loaded by name.
 */
interface NodeBuiltins {
  fs: {
    mkdtempSync(prefix: string): string;
    readFileSync(path: string): Uint8Array;
    writeFileSync(path: string, data: Uint8Array): void;
    rmSync(path: string, options: { recursive: boolean; force: boolean }): void;
  };
  childProcess: {
    spawnSync(command: string, args: string[], options: { encoding: 'utf8' }): { status: number | null; stdout: string; stderr: string; error?: Error };
  };
  os: { tmpdir(): string };
  path: { join(...parts: string[]): string };
  zlib: { deflateSync(data: Uint8Array): Uint8Array; inflateSync(data: Uint8Array): Uint8Array; crc32(data: Uint8Array): number };
  module: { createRequire(url: string): { resolve(id: string): string } };
}
const builtin = (name: string): Promise<unknown> => import(/* @vite-ignore */ name);
const node = {
  fs: await builtin('node:fs'),
  childProcess: await builtin('node:child_process'),
  os: await builtin('node:os'),
  path: await builtin('node:path'),
  zlib: await builtin('node:zlib'),
  module: await builtin('node:module'),
} as NodeBuiltins;
const { join } = node.path;

const resolvePackageFile = node.module.createRequire(import.meta.url).resolve;
const fontBytes = {
  regular: new Uint8Array(node.fs.readFileSync(resolvePackageFile('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'))),
  bold: new Uint8Array(node.fs.readFileSync(resolvePackageFile('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'))),
};

// ---- pictures ------------------------------------------------------------------------------

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const latin1 = (text: string): Uint8Array => Uint8Array.from(text, (character) => character.charCodeAt(0));

function uint32(value: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value);
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const body = concat([latin1(type), data]);
  return concat([uint32(data.length), body, uint32(node.zlib.crc32(body))]);
}

/** An 8-bit PNG: colour type 2 (RGB), 6 (RGBA) or 3 (palette, `pixel` gives indices). */
function png(width: number, height: number, colourType: 2 | 3 | 6, pixel: (x: number, y: number) => number[], palette?: number[]): Uint8Array {
  const channels = colourType === 2 ? 3 : colourType === 6 ? 4 : 1;
  const raw = new Uint8Array((width * channels + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * channels + 1);
    raw[row] = 1; // Sub filter, so the reader's unfiltering is exercised
    let previous = new Array<number>(channels).fill(0);
    for (let x = 0; x < width; x++) {
      const values = pixel(x, y);
      for (let c = 0; c < channels; c++) raw[row + 1 + x * channels + c] = (values[c]! - previous[c]!) & 0xff;
      previous = values;
    }
  }
  const header = concat([uint32(width), uint32(height), Uint8Array.of(8, colourType, 0, 0, 0)]);
  return concat([
    Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
    chunk('IHDR', header),
    ...(palette ? [chunk('PLTE', Uint8Array.from(palette))] : []),
    chunk('IDAT', node.zlib.deflateSync(raw)),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/**
 * A 24 × 32 JPEG filled with rgb(20, 160, 40) (made once with pdftoppm -jpeg), handed over as a
 * view into a larger buffer, as a cache read may be: pdf-lib's JPEG reader gets that wrong unless
 * the sheet copies it.
 */
const greenJpeg = (() => {
  const base64 =
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAUDBAQEAwUEBAQFBQUGBwwIBwcHBw8LCwkMEQ8SEhEPERETFhwXExQaFRERGCEYGh0dHx8fExciJCIeJBweHx7/2wBDAQUFBQcGBw4ICA4eFBEUHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh7/wAARCAAgABgDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDmaKKK+FPx8KKKKACiiigAooooA//Z';
  const bytes = latin1(atob(base64));
  const padded = new Uint8Array(bytes.length + 32);
  padded.set(bytes, 32);
  return padded.subarray(32);
})();

/** Portrait, yellow (RGB, embedded as it is). */
const yellowPng = png(60, 80, 2, (x, y) => [250, 210 - ((x + y) % 8), 0]);
/** Landscape, purple (palette, embedded as it is). */
const purplePng = png(80, 40, 3, (x) => [x % 2], [140, 40, 200, 120, 30, 180]);
/** Square, blue with an alpha channel (decoded by pdf-lib). */
const bluePng = png(40, 40, 6, (x, y) => [30, 60, 220, x < 4 || y < 4 ? 0 : 255]);
/** A PNG signature followed by nothing a decoder can read. */
const brokenPng = concat([yellowPng.subarray(0, 8), latin1('definitely not chunks of a picture')]);

/**
 * Issue 23, item 9: pictures of a few bytes that declare 20000 × 20000 pixels. The PNG is sound
 * (opaque RGB, checksums right, so it would go in as it is); the JPEG is the green one with its
 * frame header saying 20000 × 20000.
 */
const hugePng = (() => {
  const small = png(4, 4, 2, () => [10, 20, 30]);
  const header = concat([uint32(20_000), uint32(20_000), Uint8Array.of(8, 2, 0, 0, 0)]);
  return concat([small.subarray(0, 8), chunk('IHDR', header), small.subarray(33)]);
})();
const hugeJpeg = (() => {
  const bytes = new Uint8Array(greenJpeg);
  const frame = bytes.findIndex((byte, index) => byte === 0xff && bytes[index + 1] === 0xc0);
  bytes.set([0x4e, 0x20, 0x4e, 0x20], frame + 5);
  return bytes;
})();

const pictures = new Map<string, Uint8Array>([
  ['cache://huge.png', hugePng],
  ['cache://huge.jpg', hugeJpeg],
  ['cache://yellow.png', yellowPng],
  ['cache://purple.png', purplePng],
  ['cache://blue.png', bluePng],
  ['cache://green.jpg', greenJpeg],
  ['cache://broken.png', brokenPng],
  ['cache://text.txt', latin1('hello')],
]);

// ---- reading the output --------------------------------------------------------------------

/** The RGB pixels of an 8-bit RGB PNG (what pdftoppm writes). */
function decodeRgbPng(bytes: Uint8Array): { width: number; height: number; pixels: Uint8Array } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Uint8Array[] = [];
  while (offset < bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = view.getUint32(offset + 8);
      height = view.getUint32(offset + 12);
      expect([data[8], data[9], data[12]]).toEqual([8, 2, 0]);
    }
    if (type === 'IDAT') idat.push(data);
    offset += length + 12;
  }
  const raw = node.zlib.inflateSync(concat(idat));
  const stride = width * 3;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const value = raw[y * (stride + 1) + 1 + i]!;
      const left = i >= 3 ? pixels[y * stride + i - 3]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + i]! : 0;
      const upLeft = y > 0 && i >= 3 ? pixels[(y - 1) * stride + i - 3]! : 0;
      let predicted = 0;
      if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      pixels[y * stride + i] = (value + predicted) & 0xff;
    }
  }
  return { width, height, pixels };
}

function run(command: string, args: string[]): string {
  const result = node.childProcess.spawnSync(command, args, { encoding: 'utf8' });
  expect(result.error).toBeUndefined();
  // Poppler complains on stderr about anything broken in the file (bad streams, fonts, xref).
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.stdout;
}

// ---- the sheet -----------------------------------------------------------------------------

const entry = (name: string, pictureUrl: string | null, extra: Partial<ContactSheetEntry> = {}): ContactSheetEntry => ({
  name,
  actingAge: '25–35',
  height: '178 cm',
  agencies: ['Agentur Schön'],
  status: 'Callback',
  rating: 4,
  note: '',
  pictureUrl,
  unavailable: false,
  ...extra,
});

const longNote = `${'Sehr präsent im Callback, spricht fließend Bairisch und Englisch. '.repeat(6)}SCHLUSSWORT`;
const entries: ContactSheetEntry[] = [
  entry('Jürgen Müller', 'cache://yellow.png', { note: longNote }),
  entry('Ольга Иванова', 'cache://green.jpg', { actingAge: '40–50', agencies: ['Агентство Москва'] }),
  entry('Γιώργος Νικολάου', 'cache://blue.png'),
  entry('Paula Palette', 'cache://purple.png'),
  entry('Broken Picture', 'cache://broken.png'),
  entry('Not A Picture', 'cache://text.txt'),
  entry('Never Cached', 'cache://missing.jpg'),
  entry('Cache Fails', 'cache://throws.jpg'),
  entry('Without Picture', null, { actingAge: '', agencies: [] }),
  entry('Gone Actor', 'cache://yellow.png', { unavailable: true }),
  ...Array.from({ length: 6 }, (_, index) => entry(`Filler ${index + 1}`, 'cache://green.jpg')),
  entry('Zweite Seite Schäfer', 'cache://yellow.png'),
  entry('Last Entry', 'cache://purple.png', { note: 'Zeile eins\nZeile zwei' }),
];

const texts: ContactSheetInput['texts'] = {
  actingAge: (range) => `Spielalter ${range}`,
  noPicture: 'Kein Bild',
  unavailable: 'Nicht mehr verfügbar',
  page: (n, total) => `Seite ${n} von ${total}`,
  generated: 'Erstellt am 10.01.2026 mit Castdesk',
  notesTitle: 'Notizen',
};

let dir = '';
const loads = new Map<string, number>();
const loadPicture = async (url: string): Promise<Uint8Array | null> => {
  loads.set(url, (loads.get(url) ?? 0) + 1);
  if (url === 'cache://throws.jpg') throw new Error('cache read failed');
  return pictures.get(url) ?? null;
};

function sheet(paper: 'a4' | 'letter', list = entries, includeNotes = true): Promise<Uint8Array> {
  return shortlistPdf({ title: 'Tatort Kiel — Kommissarin', subtitle: 'Rolle: Jörgensen', paper, entries: list, loadPicture, fontBytes, texts, includeNotes });
}

/** Image XObjects that are pictures (not the soft masks pdf-lib adds for alpha). */
function pictureXObjects(doc: PDFDocument): number {
  const images: PDFRef[] = [];
  const masks = new Set<string>();
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    const dict = object instanceof PDFRawStream ? object.dict : object instanceof PDFDict ? object : null;
    if (dict?.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    images.push(ref);
    const mask = dict.get(PDFName.of('SMask'));
    if (mask instanceof PDFRef) masks.add(mask.toString());
  }
  return images.filter((ref) => !masks.has(ref.toString())).length;
}

beforeAll(() => {
  dir = node.fs.mkdtempSync(join(node.os.tmpdir(), 'castdesk-contact-sheet-'));
});

afterAll(() => {
  node.fs.rmSync(dir, { recursive: true, force: true });
});

describe('shortlistPdf', () => {
  it('writes an A4 sheet that poppler reads: names in any script, placeholders, marker, header and footer', async () => {
    loads.clear();
    const bytes = await sheet('a4');
    const file = join(dir, 'a4.pdf');
    node.fs.writeFileSync(file, bytes);

    // updateMetadata: false, or pdf-lib would stamp its own producer on what it reads.
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    // Two pages of pictures, one of notes in full.
    expect(doc.getPageCount()).toBe(3);
    for (const page of doc.getPages()) {
      expect(page.getWidth()).toBeCloseTo(595.28, 1);
      expect(page.getHeight()).toBeCloseTo(841.89, 1);
    }
    expect(doc.getTitle()).toBe('Tatort Kiel — Kommissarin');
    expect(doc.getSubject()).toBe('Rolle: Jörgensen');
    expect(doc.getCreator()).toBe('Castdesk');
    expect(doc.getProducer()).toContain('Castdesk');

    const page1 = run('pdftotext', ['-f', '1', '-l', '1', '-enc', 'UTF-8', file, '-']);
    const page2 = run('pdftotext', ['-f', '2', '-l', '2', '-enc', 'UTF-8', file, '-']);
    for (const name of ['Jürgen Müller', 'Ольга Иванова', 'Γιώργος Νικολάου', 'Paula Palette', 'Without Picture', 'Gone Actor', 'Filler 6']) {
      expect(page1).toContain(name);
    }
    expect(page2).toContain('Zweite Seite Schäfer');
    expect(page2).toContain('Last Entry');
    expect(page1).not.toContain('Zweite Seite');
    expect(page1).toContain('Tatort Kiel — Kommissarin');
    expect(page1).toContain('Rolle: Jörgensen');
    expect(page1).toContain('Erstellt am 10.01.2026 mit Castdesk');
    expect(page1).toContain('Seite 1 von 3');
    expect(page2).toContain('Seite 2 von 3');
    expect(page1).toContain('Spielalter 40–50 · 178 cm');
    expect(page1).toContain('Callback · ★★★★☆');
    expect(page1).toContain('Агентство Москва');
    expect(page1).toContain('Nicht mehr verfügbar');
    // Broken, not a picture, not cached, a failing cache, no URL: five placeholders.
    expect(page1.match(/Kein Bild/g)).toHaveLength(5);
    // Under its picture the long note is cut after two lines with an ellipsis ...
    expect(page1).toContain('Sehr präsent im Callback');
    expect(page1).not.toContain('SCHLUSSWORT');
    expect(page1).toContain('…');
    expect(page2).toContain('Zeile eins');
    expect(page2).toContain('Zeile zwei');
    // ... and stands in full on the notes page, with the entry's number, status and rating.
    const page3 = run('pdftotext', ['-f', '3', '-l', '3', '-enc', 'UTF-8', file, '-']);
    expect(page3).toContain('Notizen');
    expect(page3).toContain('Tatort Kiel — Kommissarin');
    expect(page3).toContain('1. Jürgen Müller · Callback · ★★★★☆');
    expect(page3).toContain('SCHLUSSWORT');
    expect(page3.replace(/\s+/g, ' ')).toContain(longNote.trim());
    expect(page3).toContain('18. Last Entry');
    expect(page3).toContain('Seite 3 von 3');
    expect(page3).not.toContain('Gone Actor');

    // Every distinct picture is read once and embedded once (yellow, green, blue, purple).
    expect(Math.max(...loads.values())).toBe(1);
    expect(loads.size).toBe(8);
    expect(pictureXObjects(doc)).toBe(4);
  });

  it('draws the pictures: page 1 at 50 dpi is far from blank and shows each picture colour', async () => {
    const file = join(dir, 'raster.pdf');
    node.fs.writeFileSync(file, await sheet('a4'));
    run('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', file, join(dir, 'page')]);
    const { width, height, pixels } = decodeRgbPng(node.fs.readFileSync(join(dir, 'page-1.png')));
    expect(Math.abs(width - (595.28 / 72) * 50)).toBeLessThan(1);
    expect(Math.abs(height - (841.89 / 72) * 50)).toBeLessThan(1);

    let nonWhite = 0;
    const seen = { yellow: 0, green: 0, blue: 0, purple: 0 };
    for (let i = 0; i < pixels.length; i += 3) {
      const [r, g, b] = [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!];
      if (r < 245 || g < 245 || b < 245) nonWhite += 1;
      if (r > 230 && g > 180 && b < 40) seen.yellow += 1;
      if (r < 50 && g > 130 && g < 190 && b < 70) seen.green += 1;
      if (r < 60 && g < 90 && b > 190) seen.blue += 1;
      if (r > 100 && r < 160 && g < 60 && b > 160) seen.purple += 1;
    }
    expect(nonWhite / (width * height)).toBeGreaterThan(0.08);
    // Each picture covers dozens of pixels even at 50 dpi.
    expect(seen.yellow).toBeGreaterThan(500);
    expect(seen.green).toBeGreaterThan(500);
    expect(seen.blue).toBeGreaterThan(100);
    expect(seen.purple).toBeGreaterThan(100);
  });

  it('writes Letter pages, and one page for a short list', async () => {
    const letter = await PDFDocument.load(await sheet('letter'));
    expect(letter.getPageCount()).toBe(3);
    for (const page of letter.getPages()) expect(page.getSize()).toEqual({ width: 612, height: 792 });

    // Sixteen entries without a note: one page.
    const short = await PDFDocument.load(await sheet('letter', entries.slice(1, 17)));
    expect(short.getPageCount()).toBe(1);
    const empty = await PDFDocument.load(await sheet('a4', []));
    expect(empty.getPageCount()).toBe(1);
  });

  it('gives a note longer than a page in full, going on to the next page', async () => {
    const file = join(dir, 'long-note.pdf');
    const sentences = Array.from({ length: 400 }, (_, index) => `Satz ${index + 1} über die Probe in Kiel.`);
    const list = [entry('Lange Notiz', 'cache://green.jpg', { note: sentences.join(' '), rating: null, status: 'Eingeladen' })];
    node.fs.writeFileSync(file, await sheet('a4', list));
    const doc = await PDFDocument.load(node.fs.readFileSync(file));
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(3);
    const text = run('pdftotext', ['-enc', 'UTF-8', file, '-']).replace(/\s+/g, ' ');
    // Every sentence is there (one may be split by a page's foot and the next page's head).
    expect(sentences.filter((_, index) => !text.includes(`Satz ${index + 1} über`))).toEqual([]);
    expect(text).toContain(sentences.at(-1));
    expect(text).toContain('1. Lange Notiz · Eingeladen');
    expect(text).not.toContain('☆');
    const last = run('pdftotext', ['-f', String(doc.getPageCount()), '-l', String(doc.getPageCount()), '-enc', 'UTF-8', file, '-']);
    expect(last).toContain('Notizen');
    expect(last).toContain(`Seite ${doc.getPageCount()} von ${doc.getPageCount()}`);
  });

  it('leaves the user\'s notes out, under the pictures and as notes pages, unless they are included (walk W2)', async () => {
    const file = join(dir, 'no-notes.pdf');
    const list = [entry('Mit Notiz', 'cache://green.jpg', { note: 'Stark im Casting, Termin Di', rating: null, status: 'Eingeladen' })];
    node.fs.writeFileSync(file, await sheet('a4', list, false));
    const text = run('pdftotext', ['-enc', 'UTF-8', file, '-']);
    expect(text).toContain('Mit Notiz');
    expect(text).not.toContain('Stark im Casting');
    expect(text).not.toContain('Notizen');
    expect((await PDFDocument.load(node.fs.readFileSync(file))).getPageCount()).toBe(1);
    node.fs.writeFileSync(file, await sheet('a4', list, true));
    expect(run('pdftotext', ['-enc', 'UTF-8', file, '-'])).toContain('Stark im Casting');
  });

  it('survives text no font has and control characters', async () => {
    const file = join(dir, 'odd.pdf');
    const odd = [entry('名前 😀 Test', null, { note: 'Tab\there\u0000 and \u0007 bell', agencies: ['Agentur\nNord'] })];
    node.fs.writeFileSync(file, await sheet('a4', odd));
    const text = run('pdftotext', ['-enc', 'UTF-8', file, '-']);
    expect(text).toContain('Test');
    expect(text).toContain('Tab here and bell');
    expect(text).toContain('Agentur Nord');
  });

  it('names every agency the profile lists, in the app\'s order, the second on a line of its own when needed (issue 22, walk N4)', async () => {
    const file = join(dir, 'agencies.pdf');
    const list = [
      entry('Zwei Agenturen', 'cache://yellow.png', { agencies: ['Agentur Alpenrot', 'Spotlight Talents Berlin'], note: 'Kurz notiert' }),
      entry('Eine Agentur', 'cache://green.jpg', { agencies: ['Agentur Schön'] }),
    ];
    node.fs.writeFileSync(file, await sheet('a4', list));
    const page1 = run('pdftotext', ['-f', '1', '-l', '1', '-enc', 'UTF-8', file, '-']).replace(/\s+/g, ' ');
    expect(page1).toContain('Agentur Alpenrot, Spotlight Talents Berlin');
    expect(page1).not.toMatch(/Spotlight[^,]*…/);
    // The note keeps its line under the picture, and stands in full on the notes page.
    expect(page1).toContain('Kurz notiert');
  });

  it('shows pictures declaring more than 40 megapixels as placeholders, PNG as it is, PNG decoded or JPEG', async () => {
    const bytes = await sheet('a4', [entry('Huge Png', 'cache://huge.png'), entry('Huge Jpeg', 'cache://huge.jpg'), entry('Fine', 'cache://yellow.png')]);
    const file = join(dir, 'huge.pdf');
    node.fs.writeFileSync(file, bytes);
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(pictureXObjects(doc)).toBe(1);
    expect(run('pdftotext', ['-f', '1', '-l', '1', '-enc', 'UTF-8', file, '-']).match(/Kein Bild/g)).toHaveLength(2);
  });

  it('gets the bundled DejaVu fonts through the fetch the caller passes', async () => {
    expect(contactSheetFontUrls.regular).toMatch(/DejaVuSans\.ttf/);
    expect(contactSheetFontUrls.bold).toMatch(/DejaVuSans-Bold\.ttf/);
    const asked: string[] = [];
    const fonts = await loadContactSheetFonts(async (url) => {
      asked.push(url);
      return Uint8Array.of(asked.length);
    });
    expect(asked).toEqual([contactSheetFontUrls.regular, contactSheetFontUrls.bold]);
    expect(fonts).toEqual({ regular: Uint8Array.of(1), bold: Uint8Array.of(2) });
  });
  describe('landscape pictures (issue 22, item 10)', () => {
    /** A wide grey picture with a red face near its right edge and a blue mark at its left edge. */
    const wide = png(160, 60, 2, (x, y) => (x >= 130 && x < 150 && y >= 10 && y < 40 ? [220, 20, 20] : x < 8 ? [30, 60, 220] : [150, 150, 150]));
    const faceCrop = { mode: 'crop', region: { x: 128 / 160, y: 8 / 60, width: 24 / 160, height: 34 / 60 } } as const;

    /** Red and blue pixels of a one-entry sheet's page 1 at 50 dpi. */
    async function colours(framing: ContactSheetEntry['framing'], name: string): Promise<{ red: number; blue: number }> {
      const file = join(dir, `${name}.pdf`);
      const bytes = await shortlistPdf({ title: 'Wide', paper: 'a4', entries: [entry('Wide Face', 'cache://wide.png', { framing })], loadPicture: async () => wide, fontBytes, texts, includeNotes: true });
      node.fs.writeFileSync(file, bytes);
      run('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', file, join(dir, name)]);
      const { pixels } = decodeRgbPng(node.fs.readFileSync(join(dir, `${name}-1.png`)));
      const seen = { red: 0, blue: 0 };
      for (let i = 0; i < pixels.length; i += 3) {
        const [r, g, b] = [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!];
        if (r > 190 && g < 70 && b < 70) seen.red += 1;
        if (r < 70 && g < 100 && b > 190) seen.blue += 1;
      }
      return seen;
    }

    it('shows the crop region whole, not the middle of the picture', async () => {
      const { red } = await colours(faceCrop, 'crop');
      // The face's box is about 20 × 30 of the picture's pixels, drawn several times larger.
      expect(red).toBeGreaterThan(200);
    });

    it('fits a landscape picture without crop region whole, both edges in the box', async () => {
      const { red, blue } = await colours(undefined, 'contain');
      expect(red).toBeGreaterThan(10);
      expect(blue).toBeGreaterThan(5);
    });
  });
});
