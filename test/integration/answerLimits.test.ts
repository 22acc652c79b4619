/**
 * No directory answer is read past its limit (electron/core/directory/answerLimits.ts), against
 * real HTTP servers on 127.0.0.1: an endless page is cut off while it streams, a page with more
 * items than per_page and a detail over its cap are refused as `answer_too_large`, and with the
 * default limits a `Content-Length` beyond them is refused before a byte of the body is read.
 * Through the real back end and the sync engine, a refused page costs only itself: the run says
 * why, goes on with the next page, and does not take the refused page's profiles for removed.
 */
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelNames } from '../../contract/bridge-channels.ts';
import { createBackEnd, type BackEnd } from '../../electron/core/backEnd.ts';
import { createDirectoryClient, type DirectoryClientOptions } from '../../electron/core/directory/directoryClient.ts';
import { RateBudget } from '../../electron/core/directory/rateBudget.ts';
import { bindKey } from '../../electron/core/keys/keyOrigin.ts';
import { LibraryDb } from '../../renderer/src/db/libraryDb.ts';
import { createSyncEngine, type SyncBridge } from '../../renderer/src/sync/syncEngine.ts';
import { startHostileListDirectory, type HostileListDirectory } from './hostileListDirectory.ts';

const key = 'limits-key-0123456789';
const actor = (id: number) => ({ id, name: `Actor ${id}`, first_name: 'Actor', last_name: String(id), updated_at: '2026-01-15T10:00:00.000+00:00' });

describe('the directory client', () => {
  let server: Server;
  let baseUrl: string;
  /** Bytes the endless page wrote before the client hung up. */
  let endlessWritten = 0;
  let endlessClosed: Promise<void>;

  const json = (response: ServerResponse, body: unknown, headers: Record<string, string> = {}) => {
    const text = JSON.stringify(body);
    response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)), ...headers });
    response.end(text);
  };

  beforeAll(async () => {
    let closed: () => void = () => {};
    endlessClosed = new Promise((resolve) => (closed = resolve));
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', baseUrl);
      if (url.pathname === '/api/v1/actor_profiles' && url.searchParams.get('page') === '1') {
        // An endless page without Content-Length: only a reader that stops can survive it.
        response.writeHead(200, { 'Content-Type': 'application/json', Total: '1' });
        response.write('[');
        const chunk = `${JSON.stringify(actor(1))},`.repeat(50);
        const pump = () => {
          while (!response.destroyed && response.write(chunk)) endlessWritten += chunk.length;
        };
        response.on('drain', pump);
        response.on('close', closed);
        pump();
        return;
      }
      if (url.pathname === '/api/v1/actor_profiles' && url.searchParams.get('page') === '2') {
        return json(response, [actor(1), actor(2), actor(3)], { Total: '3' });
      }
      if (url.pathname === '/api/v1/actor_profiles/7') return json(response, { id: 7, first_name: 'Big', about_me_html: 'x'.repeat(5000) });
      if (url.pathname === '/api/v1/crew_profiles') {
        // Says a gigabyte is coming, sends a small page: the header alone is refused.
        response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(1024 ** 3), Total: '0' });
        response.write('[]');
        return;
      }
      response.writeHead(404).end();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const client = (options: Partial<DirectoryClientOptions> = {}) =>
    createDirectoryClient({ baseUrl, key: bindKey(key, baseUrl), budget: new RateBudget(), retries: 0, ...options });

  it('cuts an endless page off at its byte limit while it streams', async () => {
    const failure = await client({ answerLimits: { listPageBytes: 64 * 1024 } }).listActors({ page: 1, per_page: 10 }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'answer_too_large', endpoint: 'GET /api/v1/actor_profiles' });
    await endlessClosed;
    // The client hung up soon after its limit, far below what an endless page would send.
    expect(endlessWritten).toBeLessThan(64 * 1024 * 64);
  });

  it('refuses a page with more items than per_page asked for', async () => {
    const failure = await client().listActors({ page: 2, per_page: 2 }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'answer_too_large', message: expect.stringContaining('3 items on a page of 2') });
    expect((await client().listActors({ page: 2, per_page: 3 })).items).toHaveLength(3);
  });

  it('caps the size of a detail', async () => {
    const failure = await client({ answerLimits: { detailBytes: 4000 } }).getActor(7).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'answer_too_large', endpoint: 'GET /api/v1/actor_profiles/7' });
  });

  it('with the default limits, refuses a Content-Length beyond them before reading the body', async () => {
    const failure = await client().listCrew({ page: 1 }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'answer_too_large', message: expect.stringContaining(`Content-Length ${1024 ** 3}`) });
  });
});

describe('the sync, when a page is refused', () => {
  let directory: HostileListDirectory;
  let userDataDir: string;
  let backEnd: BackEnd;
  let connectionId: string;
  let db: LibraryDb;

  beforeAll(async () => {
    directory = await startHostileListDirectory();
    userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-limits-'));
    backEnd = await createBackEnd({ userDataDir, shell: 'web', version: 'test' });
    const added = await backEnd.call('addConnection', { name: 'Oversized', baseUrl: directory.baseUrl, contentLocale: 'en', key: directory.key });
    if (!added.ok) throw new Error(added.error.message);
    connectionId = (added.value as { id: string }).id;
    db = new LibraryDb(`limits-${process.pid}-${Date.now().toString(36)}`, { indexedDB, IDBKeyRange });
  }, 120_000);

  afterAll(async () => {
    db?.close();
    await db?.delete();
    await backEnd?.close();
    await directory?.stop();
    if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
  });

  it('goes on with the other pages, says why, and takes nothing for removed', async () => {
    directory.actors = Array.from({ length: 6 }, (_, index) => actor(index + 1));
    const bridge = Object.fromEntries(channelNames.map((name) => [name, (args: unknown) => backEnd.call(name, args)])) as unknown as SyncBridge;
    const engine = createSyncEngine({ db, bridge, connectionId, perPage: 2, details: false, media: false, backoff: { baseMs: 50, capMs: 400 } });
    expect(await engine.run()).toBe('done');
    expect((await db.actors.toArray()).map((row) => row.id)).toEqual([1, 2, 3, 4, 5, 6]);

    // Page 2 now comes with a thousand items where two were asked for; the others are as before.
    directory.override = (url, response) => {
      if (url.pathname !== '/api/v1/actor_profiles' || url.searchParams.get('page') !== '2') return false;
      const text = JSON.stringify(Array.from({ length: 1000 }, (_, index) => actor(100 + index)));
      response.writeHead(200, { 'Content-Type': 'application/json', Total: '6', 'Per-Page': '2', Link: `<${url.href.replace('page=2', 'page=3')}>; rel="next"` });
      response.end(text);
      return true;
    };
    directory.actors[4] = { ...actor(5), name: 'Actor Five Renamed' };
    expect(await engine.run({ full: true })).toBe('done');
    expect(engine.progress().lastError).toMatchObject({ code: 'answer_too_large' });
    // Page 3 was read after the refused page 2.
    expect((await db.actors.get(5))?.item.name).toBe('Actor Five Renamed');
    // Nothing of the refused page was stored, and nothing was taken for removed.
    expect(await db.actors.count()).toBe(6);
    expect((await db.actors.toArray()).filter((row) => row.removed)).toEqual([]);
    // What the page held is unknown: the next run reconciles in full.
    expect((await db.syncState.get([connectionId, 'actors']))?.reconcileDueAt).toEqual(expect.any(String));
    engine.dispose();
  });
});
