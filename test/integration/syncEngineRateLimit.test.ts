/**
 * The sync engine under a real rate limit (20 requests per 10 s): keeping the whole roster offline
 * makes a detail backlog far larger than one window, drawn through the back end's budget without a
 * single 429, while a profile the user opens is served ahead of the backlog.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { channelNames } from '../../contract/bridge-channels.ts';
import type { ChannelResult } from '../../contract/bridge.ts';
import { createBackEnd, type BackEnd } from '../../electron/core/backEnd.ts';
import { LibraryDb } from '../../renderer/src/db/libraryDb.ts';
import { createSyncEngine, type SyncBridge, type SyncProgress } from '../../renderer/src/sync/syncEngine.ts';
import { generateDemoFixture } from '../../server/src/demo/generateDemoFixture.ts';
import { startDirectory, type RunningDirectory } from '../../server/src/startDirectory.ts';

let directory: RunningDirectory;
let userDataDir: string;
let backEnd: BackEnd;
let connectionId: string;
let db: LibraryDb;

beforeAll(async () => {
  const fixture = generateDemoFixture({ actors: 36, crew: 4, castingCalls: 3, seed: 11, now: new Date('2026-03-01T12:00:00.000Z') });
  directory = await startDirectory({ port: 0, fixture, rateLimit: { limit: 20, windowSeconds: 10 } });
  userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-sync-rate-'));
  backEnd = await createBackEnd({ userDataDir, shell: 'web', version: 'test' });
  const key = directory.keys.find((entry) => entry.key.startsWith('demo-casting-pro'))!.key;
  const added = await backEnd.call('addConnection', { name: 'Rate limited', baseUrl: directory.baseUrl, contentLocale: 'en', key });
  if (!added.ok) throw new Error(added.error.message);
  connectionId = (added.value as { id: string }).id;
  db = new LibraryDb(`sync-rate-${process.pid}-${Date.now().toString(36)}`, { indexedDB, IDBKeyRange });
}, 120_000);

afterAll(async () => {
  if (db) {
    db.close();
    await db.delete();
  }
  if (connectionId) await backEnd?.call('removeConnection', { id: connectionId });
  await backEnd?.close();
  await directory?.close();
  if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
});

// About a minute of requests at 20 per 10 s when quiet; over two at load 17: a generous bound.
it('keeps the roster offline within the budget: no 429, every detail cached, the viewed profile first', async () => {
  const bridge = Object.fromEntries(channelNames.map((name) => [name, (args: unknown) => backEnd.call(name, args)])) as unknown as SyncBridge;
  const engine = createSyncEngine({ db, bridge, connectionId, backoff: { baseMs: 100, capMs: 1000 } });
  const seen: SyncProgress[] = [];
  engine.onProgress((progress) => seen.push(progress));

  await engine.keepOffline({ kind: 'roster' });
  const run = engine.run();
  // Once the backlog is queued, the user opens a profile that is still waiting in it.
  await new Promise<void>((resolve) => {
    const stop = engine.onProgress((progress) => {
      if (progress.phase === 'details' && progress.details.queued > 20) {
        stop();
        resolve();
      }
    });
  });
  const waiting = (await db.actors.toArray()).filter((row) => !row.detail && !row.removed).at(-1)!;
  const viewed = await engine.view('actor', waiting.id);
  expect(viewed.detail?.id).toBe(waiting.id);
  // Served ahead of the backlog: most of it is still queued.
  expect(engine.progress().details.queued).toBeGreaterThan(10);

  expect(await run).toBe('done');
  const live = (await db.actors.toArray()).filter((row) => !row.removed);
  expect(live.length).toBeGreaterThan(30);
  expect(live.every((row) => row.detail !== undefined)).toBe(true);
  expect((await db.crew.toArray()).every((row) => row.removed || row.detail !== undefined)).toBe(true);
  expect((await db.castingCalls.toArray()).every((row) => row.detail !== undefined)).toBe(true);

  const budget = await backEnd.call('getRateBudget', { connectionId });
  if (!budget.ok) throw new Error(budget.error.message);
  const figures = budget.value as ChannelResult<'getRateBudget'>;
  expect(figures).toMatchObject({ headersSeen: true, limit: 20, rateLimitedAnswers: 0 });
  // More requests than two windows hold went through: the limit was really in play.
  expect(seen.some((progress) => progress.details.done > 40)).toBe(true);
  expect(seen.some((progress) => progress.ratePerMinute > 0 && progress.etaSeconds !== null)).toBe(true);
  expect(seen.every((progress) => progress.lastError?.code !== 'rate_limited')).toBe(true);
}, 420_000);
