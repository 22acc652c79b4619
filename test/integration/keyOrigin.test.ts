/**
 * Issue 10, finding 1: a stored key belongs to one origin. A connection moved to another address
 * (here: a real HTTP listener on 127.0.0.1 that records everything it receives) must never receive
 * the key, whatever channel the renderer calls afterwards; the key is asked for again instead.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridgeChannels, type ChannelName } from '../../contract/bridge.ts';
import { createBackEnd, type BackEnd } from '../../electron/core/backEnd.ts';
import { startDirectory, type RunningDirectory } from '../../server/src/startDirectory.ts';

const key = 'k-agency-1-conformance';
const replacementKey = 'k-casting-pro-conformance';

/** One request as the listener saw it: method, URL, every header and the body. */
interface Seen {
  method: string;
  url: string;
  raw: string;
}

let directory: RunningDirectory;
let listener: Server;
let listenerUrl: string;
const seen: Seen[] = [];
let backEnd: BackEnd;
let userDataDir: string;

function record(request: IncomingMessage, body: string): void {
  seen.push({ method: request.method ?? '', url: request.url ?? '', raw: `${JSON.stringify(request.headers)}\n${body}` });
}

beforeAll(async () => {
  directory = await startDirectory({
    port: 0,
    fixture: fileURLToPath(new URL('../conformance/fixtures/directory.json', import.meta.url)),
    rateLimit: { limit: 100_000, windowSeconds: 300 },
  });
  listener = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('latin1')));
    request.on('end', () => {
      record(request, body);
      response.writeHead(200, { 'Content-Type': 'application/json', Total: '1' });
      response.end('[]');
    });
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-key-origin-'));
  backEnd = await createBackEnd({ userDataDir, shell: 'web', version: '0.0.0-test' });
}, 120_000);

afterAll(async () => {
  await backEnd?.close();
  await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
  await directory?.close();
  await rm(userDataDir, { recursive: true, force: true });
});

async function call(channel: ChannelName, args: unknown) {
  const result = await backEnd.call(channel, args);
  if (result.ok) bridgeChannels[channel].result.parse(result.value);
  return result;
}

/** Every channel that talks to a directory (or fetches from an address) for the connection. */
function directoryCalls(connectionId: string): [ChannelName, unknown][] {
  return [
    ['testConnection', { id: connectionId }],
    ['listActors', { connectionId, params: {} }],
    ['getActor', { connectionId, id: 1 }],
    ['listCrew', { connectionId, params: {} }],
    ['getCrew', { connectionId, id: 1 }],
    ['listCastingCalls', { connectionId, params: {} }],
    ['getCastingCall', { connectionId, id: 1 }],
    ['listAttributes', { connectionId }],
    ['getAttribute', { connectionId, name: 'genders', locale: 'en' }],
    ['prefetchMedia', { connectionId, urls: [`${listenerUrl}/media/1.png`], priority: 'high' }],
    ['getRateBudget', { connectionId }],
  ];
}

describe('a key belongs to the origin it was stored for', () => {
  it('moving a connection to another origin deletes its key; no channel sends it to the new address', async () => {
    const added = await call('addConnection', { name: 'Agency', baseUrl: directory.baseUrl, contentLocale: 'en', key });
    expect(added).toMatchObject({ ok: true, value: { hasKey: true } });
    const id = (added as { value: { id: string } }).value.id;
    expect(await call('listActors', { connectionId: id, params: { perPage: 1 } })).toMatchObject({ ok: true });

    const moved = await call('updateConnection', { id, baseUrl: listenerUrl });
    expect(moved).toMatchObject({ ok: true, value: { baseUrl: listenerUrl, hasKey: false } });

    for (const [channel, args] of directoryCalls(id)) {
      const result = await call(channel, args);
      if (channel === 'testConnection' || channel === 'getRateBudget' || channel === 'prefetchMedia') continue;
      expect(result, channel).toMatchObject({ ok: false, error: { code: 'key_missing' } });
    }
    expect(await call('testConnection', { id })).toMatchObject({ ok: false, error: { code: 'key_missing' } });
    for (const request of seen) expect(request.raw).not.toContain(key);
    expect(seen.some((request) => /authorization/i.test(request.raw))).toBe(false);

    // Entered again for the new address, the new key goes there, and only the new one.
    expect(await call('setConnectionKey', { id, key: replacementKey })).toMatchObject({ ok: true, value: { hasKey: true } });
    expect(await call('listActors', { connectionId: id, params: {} })).toMatchObject({ ok: true });
    expect(seen.some((request) => request.raw.includes(replacementKey))).toBe(true);
    for (const request of seen) expect(request.raw).not.toContain(key);
  });

  it('a change of path on the same origin keeps the key; name and language changes keep it too', async () => {
    const added = await call('addConnection', { name: 'Same origin', baseUrl: directory.baseUrl, contentLocale: 'en', key });
    const id = (added as { value: { id: string } }).value.id;
    expect(await call('updateConnection', { id, name: 'Renamed', contentLocale: 'de' })).toMatchObject({ ok: true, value: { hasKey: true } });
    expect(await call('updateConnection', { id, baseUrl: `${directory.baseUrl}/` })).toMatchObject({ ok: true, value: { hasKey: true } });
    expect(await call('listActors', { connectionId: id, params: { perPage: 1 } })).toMatchObject({ ok: true });
    // http://localhost:<port> is the same machine but another origin: the key goes.
    const otherHost = directory.baseUrl.replace('127.0.0.1', 'localhost');
    expect(await call('updateConnection', { id, baseUrl: otherHost })).toMatchObject({ ok: true, value: { hasKey: false } });
  });
});
