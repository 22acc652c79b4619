/**
 * Bad answers are isolated (issue 11, item 5): the renderer's sync engine (fake-indexeddb) through
 * the REAL back end against a real HTTP listener on 127.0.0.1 that serves a list page with one
 * malformed actor among good ones. The good ones are stored, the sync completes, the bad one is on
 * the "could not read" list with its id, JSON path and reason; the next sync asks for it by id and,
 * once the directory's answer reads, stores it and takes it off the list.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelNames } from '../../contract/bridge-channels.ts';
import { createBackEnd, type BackEnd } from '../../electron/core/backEnd.ts';
import { LibraryDb } from '../../renderer/src/db/libraryDb.ts';
import { createSyncEngine, type SyncBridge } from '../../renderer/src/sync/syncEngine.ts';

const recent = new Date(Date.now() - 60_000).toISOString();
const longAgo = '2020-01-01T00:00:00.000+00:00';

/** What the listener answers; the test changes it between runs. */
const directory = {
  actors: [
    { id: 1, name: 'Ada Aalto', first_name: 'Ada', last_name: 'Aalto', updated_at: recent },
    // Languages as text instead of an object: this item, and only this one, does not match the API.
    { id: 2, name: 'Björn Berg', first_name: 'Björn', last_name: 'Berg', updated_at: longAgo, languages: 'deu' as unknown },
    { id: 3, name: 'Clara Cruz', first_name: 'Clara', last_name: 'Cruz', updated_at: recent },
  ] as Record<string, unknown>[],
  /** The detail of actor 2, or null while the directory answers it with the same bad field. */
  actor2Detail: null as Record<string, unknown> | null,
  requests: [] as string[],
};

let server: Server;
let baseUrl = '';
let userDataDir = '';
let backEnd: BackEnd;
let connectionId = '';
let db: LibraryDb;

function json(response: import('node:http').ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    directory.requests.push(`${url.pathname}${url.search}`);
    const list = (items: unknown[]) => json(response, 200, items, { Total: String(items.length), 'Per-Page': '250' });
    if (url.pathname === '/api/v1/actor_profiles') {
      // As the service does: updated_at[gte] in Unix seconds.
      const since = Number(url.searchParams.get('updated_at[gte]') ?? 0) * 1000;
      return list(directory.actors.filter((actor) => Date.parse(String(actor.updated_at)) >= since));
    }
    if (url.pathname === '/api/v1/actor_profiles/2') {
      return json(response, 200, directory.actor2Detail ?? { ...directory.actors[1], talent_agency_connections: [] });
    }
    if (url.pathname === '/api/v1/crew_profiles' || url.pathname === '/api/v1/casting_calls') return list([]);
    json(response, 404, { error: { message: 'Not found' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-unreadable-'));
  backEnd = await createBackEnd({ userDataDir, shell: 'web', version: 'test' });
  const added = await backEnd.call('addConnection', { name: 'Malformed', baseUrl, contentLocale: 'en', key: 'malformed-test-key' });
  if (!added.ok) throw new Error(added.error.message);
  connectionId = (added.value as { id: string }).id;
  db = new LibraryDb(`unreadable-${process.pid}-${Date.now().toString(36)}`, { indexedDB, IDBKeyRange });
}, 60_000);

afterAll(async () => {
  db?.close();
  await db?.delete();
  if (connectionId) await backEnd?.call('removeConnection', { id: connectionId });
  await backEnd?.close();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
});

/** The bridge the renderer would have, made of the real back end. */
const bridge = Object.fromEntries(channelNames.map((name) => [name, (args: Record<string, unknown>) => backEnd.call(name, args)])) as unknown as SyncBridge;

function run() {
  const engine = createSyncEngine({ db, bridge, connectionId, backoff: { baseMs: 20, capMs: 100 }, media: false, details: false });
  return engine.run().finally(() => engine.dispose());
}

describe('a list page with one malformed item', () => {
  it('stores the others, completes, lists the bad one, and reads it on a later sync once it reads', async () => {
    expect(await run()).toBe('done');
    expect((await db.actors.toArray()).map((row) => row.id)).toEqual([1, 3]);
    const state = await db.syncState.get([connectionId, 'actors']);
    expect(state).toMatchObject({ checkpoint: null, lastError: null });
    expect(state?.unreadable).toEqual([{ id: 2, page: 1, path: '$[1].languages', reason: expect.stringContaining('$.languages') as string, seenAt: expect.any(String) as string }]);

    // The next sync asks for it by id; the directory still sends the bad field: it stays listed.
    directory.requests.length = 0;
    expect(await run()).toBe('done');
    expect(directory.requests.filter((request) => request.startsWith('/api/v1/actor_profiles/2'))).toHaveLength(1);
    expect((await db.syncState.get([connectionId, 'actors']))?.unreadable).toEqual([expect.objectContaining({ id: 2, reason: expect.stringContaining('languages') as string })]);
    expect(await db.actors.get(2)).toBeUndefined();

    // Corrected at the directory: the next sync stores it and the list is empty.
    directory.actor2Detail = { ...directory.actors[1], languages: { deu: 'native' }, talent_agency_connections: [] };
    expect(await run()).toBe('done');
    expect((await db.actors.get(2))?.detail).toMatchObject({ id: 2, languages: { deu: 'native' } });
    expect((await db.syncState.get([connectionId, 'actors']))?.unreadable).toBeUndefined();
    expect((await db.searchRows.where('[kind+uid]').equals(['actor', 2]).first())?.name).toBe('Björn Berg');
  });
});
