/**
 * What the in-browser benches (ui, shortlists) share: the renderer built as the app builds it, a
 * back end with a connection to a stopped directory, Debian's Chromium with the web shell's launch
 * token in every page, and the offline library written through the seed page on the renderer's
 * origin (no HTTP sync: 50,000 details would take hours through the rate limit).
 */
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { build, type InlineConfig } from 'vite';
import type { ChannelResult } from '../../contract/bridge.ts';
import type { BackEnd } from '../../electron/core/backEnd.ts';
import type { SyncState } from '../../renderer/src/db/libraryDb.ts';
import { chromiumArgs, chromiumExecutable } from '../chromium.ts';
import { mediaBasePlaceholder, type UiSeed } from './uiBenchSeed.ts';
import type { UiSeedPage } from './uiBenchSeedPage.ts';

const rendererConfigFile = fileURLToPath(new URL('../../electron.vite.config.ts', import.meta.url));
/** Where the renderer looks for the launch token the web shell's address fragment carried. */
const tokenStorageKey = 'castdesk.launchToken';
/** Rows per page.evaluate: large enough to seed 50,000 quickly, small enough for one message. */
const seedChunk = 1000;

/** The renderer exactly as electron.vite.config.ts builds it, into `outDir` (never out/); unminified for profiles. */
export async function buildRenderer(outDir: string, minify: boolean): Promise<void> {
  const config = (await import(rendererConfigFile)).default as { renderer: InlineConfig };
  const renderer = config.renderer;
  await build({
    ...renderer,
    configFile: false,
    // Errors only: the renderer's chunk-size advice is not the bench's business.
    logLevel: 'error',
    build: { ...renderer.build, outDir, emptyOutDir: true, ...(minify ? {} : { minify: false }) },
  });
}

/** A bridge call that must succeed (the bench's setup, not what it measures). */
export async function callBackEnd<C extends 'addConnection' | 'setActiveConnection'>(backEnd: BackEnd, channel: C, args: unknown): Promise<ChannelResult<C>> {
  const result = await backEnd.call(channel, args);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`);
  return result.value as ChannelResult<C>;
}

/** An address on this machine where nothing listens: the directory, stopped. */
export async function closedAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** Chromium with a profile of its own, so IndexedDB survives a relaunch (the "restart" figures). */
export function launchChromium(profileDir: string, options: { acceptDownloads?: boolean } = {}): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, { executablePath: chromiumExecutable, args: chromiumArgs, headless: true, ...options });
}

/** Every page of the context: the launch token (as the web shell's fragment would leave it), then `probe` (plain script text). */
export async function prepareContext(context: BrowserContext, token: string, probe: string): Promise<void> {
  await context.addInitScript(
    ({ key, value }) => {
      try {
        (globalThis as unknown as { sessionStorage: { setItem(name: string, text: string): void } }).sessionStorage.setItem(key, value);
      } catch {
        // about:blank has no storage.
      }
    },
    { key: tokenStorageKey, value: token },
  );
  await context.addInitScript({ content: probe });
}

/**
 * Writes `seed` into the connection's library through the seed page (built at /bench-seed/) in
 * `page`, with pictures under `mediaBase`, and marks every resource synced. Returns what the page counted.
 */
export async function seedLibraryThroughPage(
  page: Page,
  origin: string,
  connection: { id: string; baseUrl: string },
  seed: UiSeed,
  mediaBase: string,
): Promise<{ actors: number; searchRows: number; withDetail: number; writeMs: number }> {
  await page.goto(`${origin}/bench-seed/index.html`);
  await page.waitForFunction(() => (globalThis as { castdeskUiSeed?: { ready?: boolean } }).castdeskUiSeed?.ready === true);
  await page.evaluate(
    ({ id, directory }) => (globalThis as unknown as { castdeskUiSeed: UiSeedPage }).castdeskUiSeed.open(id, directory),
    { id: connection.id, directory: new URL(connection.baseUrl).origin },
  );
  for (let start = 0; start < seed.rows.length; start += seedChunk) {
    const json = JSON.stringify({ rows: seed.rows.slice(start, start + seedChunk), searchRows: seed.searchRows.slice(start, start + seedChunk) }).replaceAll(mediaBasePlaceholder, mediaBase);
    await page.evaluate((text) => (globalThis as unknown as { castdeskUiSeed: UiSeedPage }).castdeskUiSeed.write(text), json);
  }
  const nowIso = new Date().toISOString();
  const state = (resource: SyncState['resource'], watermark: string | null): SyncState => ({
    connectionId: connection.id,
    resource,
    watermark,
    checkpoint: null,
    lastFullReconciliationAt: nowIso,
    lastRunCompletedAt: nowIso,
    lastError: null,
  });
  return page.evaluate(
    (text) => (globalThis as unknown as { castdeskUiSeed: UiSeedPage }).castdeskUiSeed.finish(text),
    JSON.stringify({
      syncState: [state('actors', seed.watermark), state('crew', null), state('castingCalls', null), state('castingCallsCurrent', null)],
      labels: seed.labels.map((row) => ({ ...row, origin: new URL(connection.baseUrl).origin })),
    }),
  );
}
