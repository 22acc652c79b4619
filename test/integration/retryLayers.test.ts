/**
 * Retries happen in one layer. A real HTTP server on 127.0.0.1 counts what one failure costs behind
 * the REAL back end (directory client, rate budget) and the renderer's sync engine (fake-indexeddb):
 * a persistent 5xx is retried by the back end alone (1 + 3 requests, where three layers once made
 * it 24), and a directory that drops every connection costs one request per try of the sync, which
 * alone waits a lost network out.
 */
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { channelNames } from '../../contract/bridge-channels.ts';
import { createBackEnd, type BackEnd } from '../../electron/core/backEnd.ts';
import { LibraryDb } from '../../renderer/src/db/libraryDb.ts';
import { createSyncEngine, type SyncBridge, type SyncEngineOptions } from '../../renderer/src/sync/syncEngine.ts';

/** The first request and the back end's three retries (directoryClient's default). */
const requestsPerFailedCall = 4;

let server: Server;
let requests: string[] = [];
let answer: 'server_error' | 'drop' = 'server_error';
let userDataDir: string;
let backEnd: BackEnd;
let connectionId: string;
const dbs: LibraryDb[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    if (answer === 'drop') {
      request.socket.destroy();
      return;
    }
    response.writeHead(500, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { code: 'internal_error', message: 'broken' } }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-retry-layers-'));
  backEnd = await createBackEnd({ userDataDir, shell: 'web', version: 'test' });
  const added = await backEnd.call('addConnection', { name: 'Failing directory', baseUrl, contentLocale: 'en', key: 'k-failing-directory' });
  if (!added.ok) throw new Error(added.error.message);
  connectionId = (added.value as { id: string }).id;
}, 60_000);

afterAll(async () => {
  for (const db of dbs) {
    db.close();
    await db.delete();
  }
  await backEnd?.close();
  server?.closeAllConnections();
  server?.close();
  if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
});

beforeEach(() => {
  requests = [];
});

function engine(options: Partial<SyncEngineOptions> = {}) {
  const bridge = Object.fromEntries(channelNames.map((name) => [name, (args: unknown) => backEnd.call(name, args)])) as unknown as SyncBridge;
  const db = new LibraryDb(`retry-layers-${process.pid}-${Date.now().toString(36)}-${dbs.length}`, { indexedDB, IDBKeyRange });
  dbs.push(db);
  return createSyncEngine({ db, bridge, connectionId, media: false, ...options });
}

it('a persistent 5xx costs a sync run one call retried by the back end alone: 4 requests, then the run fails', async () => {
  answer = 'server_error';
  const sync = engine();
  expect(await sync.run()).toBe('error');
  expect(sync.progress().lastError).toMatchObject({ code: 'server_error' });
  expect(requests).toHaveLength(requestsPerFailedCall);
  expect(new Set(requests).size).toBe(1);
  expect(requests[0]).toMatch(/^GET \/api\/v1\/actor_profiles\?page=1&/);
  sync.dispose();
}, 60_000);

it('a profile opened during a persistent 5xx costs 4 requests too', async () => {
  answer = 'server_error';
  const sync = engine();
  await expect(sync.view('actor', 7)).rejects.toMatchObject({ code: 'server_error' });
  expect(requests).toEqual(Array.from({ length: requestsPerFailedCall }, () => 'GET /api/v1/actor_profiles/7?locale=en'));
  sync.dispose();
}, 60_000);

it('a directory that drops every connection costs one request per try of the sync, which waits it out offline', async () => {
  answer = 'drop';
  let waits = 0;
  const sync = engine({
    backoff: { baseMs: 1, capMs: 1 },
    sleep: async () => {
      waits += 1;
      expect(sync.progress()).toMatchObject({ online: false, lastError: { code: 'network' } });
      if (waits === 3) sync.cancel();
    },
  });
  expect(await sync.run()).toBe('cancelled');
  expect(waits).toBe(3);
  expect(requests).toHaveLength(3);
  sync.dispose();
}, 60_000);
