/**
 * The media proxy never reaches this computer or the local network for a hostile directory: the
 * address table (IPv4, IPv6, IPv6 forms that carry IPv4), then the REAL back end (media cache on
 * disk, keychain) with a connection to a directory on 127.0.0.1 and a second local server that
 * stands for a router or admin page. Pictures of the connection's own directory still load (the
 * demo directory lives on 127.0.0.1); the other server is never asked: not by literal, not by a
 * name that resolves to it, not through a real redirect from the directory.
 */
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackEnd, type BackEnd } from '../../electron/core/backEnd.ts';
import { isRefusedMediaAddress } from '../../electron/core/media/privateAddress.ts';

/** Address → refused? */
const addressTable: [string, boolean][] = [
  ['127.0.0.1', true],
  ['127.255.0.9', true],
  ['0.0.0.0', true],
  ['10.0.0.1', true],
  ['172.16.0.1', true],
  ['172.31.255.254', true],
  ['192.168.178.1', true],
  ['169.254.169.254', true],
  ['100.64.0.1', true],
  ['224.0.0.251', true],
  ['255.255.255.255', true],
  ['::1', true],
  ['::', true],
  ['fe80::1', true],
  ['fe80::1%eth0', true],
  ['fd12:3456::1', true],
  ['fc00::1', true],
  ['ff02::fb', true],
  ['::ffff:127.0.0.1', true],
  ['::ffff:7f00:1', true],
  ['::FFFF:192.168.0.1', true],
  ['::ffff:0:10.0.0.1', true],
  ['::127.0.0.1', true],
  ['64:ff9b::a9fe:a9fe', true],
  ['2002:c0a8:0101::1', true],
  ['not an address', true],
  ['172.32.0.1', false],
  ['100.128.0.1', false],
  ['93.184.216.34', false],
  ['8.8.8.8', false],
  ['::ffff:8.8.8.8', false],
  ['64:ff9b::808:808', false],
  ['2002:808:808::1', false],
  ['2606:4700:4700::1111', false],
  ['2a00:1450:4001:81c::200e', false],
];

describe('isRefusedMediaAddress', () => {
  it.each(addressTable)('%s → refused: %s', (address, expected) => {
    expect(isRefusedMediaAddress(address)).toBe(expected);
  });
});

/** A 1×1 PNG. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the media proxy of the back end', () => {
  let userDataDir: string;
  let backEnd: BackEnd;
  let connectionId: string;
  let directoryUrl = '';
  let localUrl = '';
  let localPort = 0;
  const localHits: string[] = [];
  const directory = createServer((request, response) => {
    const target = request.url ?? '/';
    if (target === '/media/1.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    } else if (target === '/media/moved.png') {
      response.writeHead(302, { location: '/media/1.png' }).end();
    } else if (target === '/media/router.png') {
      response.writeHead(302, { location: `${localUrl}/admin.png` }).end();
    } else if (target === '/media/router-by-name.png') {
      response.writeHead(307, { location: `http://localhost:${localPort}/admin.png` }).end();
    } else {
      response.writeHead(404).end();
    }
  });
  const localService = createServer((request, response) => {
    localHits.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'image/png' }).end(png);
  });

  beforeAll(async () => {
    directoryUrl = await listen(directory);
    localUrl = await listen(localService);
    localPort = Number(new URL(localUrl).port);
    userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-media-guard-'));
    backEnd = await createBackEnd({ userDataDir, shell: 'web', version: 'test' });
    const added = await backEnd.call('addConnection', { name: 'Local directory', baseUrl: directoryUrl, contentLocale: 'en', key: 'media-guard-key-0123456789' });
    if (!added.ok) throw new Error(added.error.message);
    connectionId = (added.value as { id: string }).id;
  }, 60_000);

  afterAll(async () => {
    await backEnd?.close();
    directory.close();
    localService.close();
    await rm(userDataDir, { recursive: true, force: true });
  });

  const serve = (url: string) => backEnd.serveMedia(new URLSearchParams({ c: connectionId, u: url }));

  it('serves pictures of the connection’s own directory on 127.0.0.1, also after a redirect within it', async () => {
    for (const url of [`${directoryUrl}/media/1.png`, `${directoryUrl}/media/moved.png`]) {
      const answer = await serve(url);
      expect(answer.status, url).toBe(200);
      expect(answer.headers['Content-Type'] ?? answer.headers['content-type']).toBe('image/png');
    }
  });

  it.each([
    ['another port on 127.0.0.1', () => `${localUrl}/admin.png`],
    ['a name that resolves to loopback', () => `http://localhost:${localPort}/admin.png`],
    ['an IPv4-mapped IPv6 literal', () => `http://[::ffff:127.0.0.1]:${localPort}/admin.png`],
    ['the same address in hex', () => `http://0x7f000001:${localPort}/admin.png`],
    ['a redirect from the directory to it', () => `${directoryUrl}/media/router.png`],
    ['a redirect from the directory to a name that resolves to it', () => `${directoryUrl}/media/router-by-name.png`],
  ])('refuses %s and never asks that server', async (_name, url) => {
    const answer = await serve(url());
    expect(answer.status).toBe(400);
    expect(localHits).toEqual([]);
  });

  it('refuses the same through the prefetch channel', async () => {
    const urls = [`${localUrl}/admin.png`, `${directoryUrl}/media/router.png`];
    const answer = await backEnd.call('prefetchMedia', { connectionId, urls, priority: 'low' });
    expect(answer).toMatchObject({ ok: true, value: { cached: [] } });
    const { failed } = (answer as { value: { failed: { url: string; code: string }[] } }).value;
    expect(failed.map((entry) => entry.url).sort()).toEqual([...urls].sort());
    expect(new Set(failed.map((entry) => entry.code))).toEqual(new Set(['invalid_url']));
    expect(localHits).toEqual([]);
  });
});
