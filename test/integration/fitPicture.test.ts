/**
 * Export pictures scaled to the size the exports show them (issue 23, item 9), in Chromium's own
 * image decoder, where the renderer runs it: a large PNG or JPEG comes out as a JPEG just covering
 * the export box with its content in place, a small one as it was, one declaring 20000 × 20000
 * not at all. The page is bundled from test/unit/renderer/fitPicturePage.ts (with the renderer's
 * DOM types) and served on 127.0.0.1.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumExecutable } from '../chromium.ts';

const pageEntry = fileURLToPath(new URL('../unit/renderer/fitPicturePage.ts', import.meta.url));

interface Size {
  width: number;
  height: number;
}
/** What the page offers (fitPicturePage.ts), typed here: its own types are the renderer's. */
interface FitPicturePage {
  box: Size;
  fitPainted(width: number, height: number, type: 'image/png' | 'image/jpeg'): Promise<{ inputSize: Size | null; outputSize: Size | null; unchanged: boolean; jpeg: boolean; halves: number[][] | null }>;
  fitBytes(bytes: number[]): Promise<boolean>;
}

let work = '';
let server: Server | undefined;
let browser: Browser | undefined;
let page: Page;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'castdesk-fit-picture-'));
  const pageDir = path.join(work, 'page');
  await build({ configFile: false, logLevel: 'warn', build: { outDir: pageDir, emptyOutDir: true, minify: false, lib: { entry: pageEntry, formats: ['es'], fileName: () => 'page.js' } } });
  await writeFile(path.join(pageDir, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"></head><body><script type="module" src="/page.js"></script></body></html>\n');
  server = createServer((request, response) => {
    const file = request.url === '/page.js' ? 'page.js' : 'index.html';
    void readFile(path.join(pageDir, file)).then((body) => {
      response.writeHead(200, { 'Content-Type': file.endsWith('.js') ? 'text/javascript' : 'text/html' });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
  page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${(server.address() as { port: number }).port}/`);
  await page.waitForFunction(() => (globalThis as unknown as { fitPicture?: { ready?: boolean } }).fitPicture?.ready === true);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  if (work) await rm(work, { recursive: true, force: true });
});

const inPage = <T>(run: (fit: FitPicturePage) => T | Promise<T>): Promise<T> => page.evaluate(`(${run.toString()})(globalThis.fitPicture)`) as Promise<T>;

/** Near enough to a colour after scaling and JPEG. */
const near = (actual: number[], expected: number[]) => actual.every((value, index) => Math.abs(value - expected[index]!) <= 40);

describe('fitPicture in Chromium', { timeout: 120_000 }, () => {
  it('scales a large PNG down to a JPEG just covering the export box, its content in place', async () => {
    const result = await inPage((fit) => fit.fitPainted(4000, 3000, 'image/png'));
    expect(result.inputSize).toEqual({ width: 4000, height: 3000 });
    // Landscape: the height decides (960 of 3000), the width follows and covers the box's 720.
    expect(await inPage((fit) => fit.box)).toEqual({ width: 720, height: 960 });
    expect(result.outputSize).toEqual({ width: 1280, height: 960 });
    expect(result.jpeg).toBe(true);
    expect(near(result.halves![0]!, [255, 0, 0]) && near(result.halves![1]!, [0, 0, 255])).toBe(true);
  });

  it('scales a large JPEG down the same way', async () => {
    const result = await inPage((fit) => fit.fitPainted(3000, 6000, 'image/jpeg'));
    expect(result.outputSize).toEqual({ width: 720, height: 1440 });
    expect(result.jpeg).toBe(true);
  });

  it('passes a picture within the box on as it is', async () => {
    const result = await inPage((fit) => fit.fitPainted(600, 800, 'image/png'));
    expect(result.unchanged).toBe(true);
  });

  it('leaves out a picture declaring 20000 × 20000 and bytes that are no picture', async () => {
    const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0x4e, 0x20, 0, 0, 0x4e, 0x20, 8, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    expect(await page.evaluate((bytes) => (globalThis as unknown as { fitPicture: FitPicturePage }).fitPicture.fitBytes(bytes), png)).toBe(false);
    expect(await page.evaluate(() => (globalThis as unknown as { fitPicture: FitPicturePage }).fitPicture.fitBytes([1, 2, 3]))).toBe(false);
  });
});
