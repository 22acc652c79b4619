/**
 * The service lets no client hold a socket indefinitely (issue 23, item 5): a body trickled a byte
 * at a time, headers that never end and a silent socket are all closed; sockets beyond the cap are
 * closed at once; a kept-alive socket serves a bounded number of requests. Real sockets on
 * 127.0.0.1, written by hand so the client can be as slow as an attacker. (Node answers a request
 * past maxRequestsPerSocket with a 503 and Connection: close rather than closing the socket itself.) The limits are made small
 * through the service's options so each check ends in a second or two; every wait is on the
 * socket's own close event.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_TIMEOUT, startFixtureService, type FixtureService } from './support/service.ts';

const limits = {
  connectionTimeoutMs: 30_000,
  requestTimeoutMs: 1500,
  headersTimeoutMs: 1000,
  keepAliveTimeoutMs: 30_000,
  maxRequestsPerSocket: 3,
  maxConnections: 4,
  checkIntervalMs: 100,
};
/** Well under every timeout above: the trickling client is never idle. */
const trickleEveryMs = 100;
/** Generous, for a loaded machine; the checks end on close events long before. */
const testTimeout = 60_000;

let service: FixtureService;
const sockets = new Set<Socket>();

beforeAll(async () => {
  service = await startFixtureService('directory.json', { socketLimits: limits });
}, START_TIMEOUT);
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await service?.directory.close();
});

interface OpenSocket {
  socket: Socket;
  /** Everything the server sent. */
  received: () => string;
  /** Resolves when the socket has closed. */
  closed: Promise<void>;
}

async function open(): Promise<OpenSocket> {
  const { hostname, port } = new URL(service.directory.baseUrl);
  const socket = connect({ host: hostname, port: Number(port) });
  sockets.add(socket);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined); // a reset is a close too
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, received: () => received, closed };
}

/** Writes `piece` every trickleEveryMs until the socket closes. */
function trickle(socket: Socket, piece: string): void {
  const timer = setInterval(() => {
    if (!socket.destroyed && socket.writable) socket.write(piece);
  }, trickleEveryMs);
  socket.once('close', () => clearInterval(timer));
}

/** A complete request that keeps the socket alive. */
const keepAliveRequest = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`;

/** Resolves once `count` complete answers have arrived on the socket. */
async function answers(open: OpenSocket, count: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if ((open.received().match(/HTTP\/1\.1 \d{3}/g) ?? []).length >= count) {
        open.socket.off('data', check);
        resolve();
      }
    };
    open.socket.on('data', check);
    open.socket.once('close', () => reject(new Error(`closed after ${JSON.stringify(open.received())}`)));
    check();
  });
}

describe('slow and greedy clients', { timeout: testTimeout }, () => {
  it('closes a socket that declares a 100 MB body and trickles it a byte at a time', async () => {
    const client = await open();
    client.socket.write('POST /api/v1/actor_profiles HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\nContent-Length: 100000000\r\n\r\n');
    trickle(client.socket, 'x');
    await client.closed;
    expect(client.received()).not.toMatch(/^HTTP\/1\.1 2\d\d/);
  });

  it('closes a socket whose headers never end', async () => {
    const client = await open();
    client.socket.write('GET /api/v1/actor_profiles HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    trickle(client.socket, 'X-Slow: y\r\n');
    await client.closed;
    expect(client.received()).not.toMatch(/^HTTP\/1\.1 2\d\d/);
  });

  it('closes a socket that never says anything', async () => {
    const client = await open();
    await client.closed;
    expect(client.received()).not.toMatch(/^HTTP\/1\.1 2\d\d/);
  });

  it('answers at most maxRequestsPerSocket requests on one socket: the last says Connection: close, more get a 503', async () => {
    const client = await open();
    for (let index = 0; index <= limits.maxRequestsPerSocket; index++) {
      client.socket.write(keepAliveRequest('/no-such-path'));
      await answers(client, index + 1);
    }
    const heads = client.received().match(/HTTP\/1\.1 \d{3}|connection: [\w-]+/gi);
    expect(heads).toEqual([
      ...Array(limits.maxRequestsPerSocket - 1).fill(['HTTP/1.1 404', 'Connection: keep-alive']).flat(),
      'HTTP/1.1 404', 'Connection: close',
      'HTTP/1.1 503', 'Connection: close',
    ]);
    client.socket.destroy();
  });

  it('closes connections beyond maxConnections at once, and takes new ones when a place is free', async () => {
    const held: OpenSocket[] = [];
    for (let index = 0; index < limits.maxConnections; index++) {
      const client = await open();
      // An answer proves the service accepted and counts this socket.
      client.socket.write(keepAliveRequest('/no-such-path'));
      await answers(client, 1);
      held.push(client);
    }
    const refused = await open().catch(() => null);
    if (refused) {
      refused.socket.write(keepAliveRequest('/no-such-path'));
      await refused.closed;
      expect(refused.received()).toBe('');
    }
    held[0]!.socket.destroy();
    await held[0]!.closed;
    // The service sees the close a moment after the client: retry until a place is free.
    await expect
      .poll(async () => {
        const client = await open();
        client.socket.write(keepAliveRequest('/no-such-path'));
        const answered = await answers(client, 1).then(
          () => true,
          () => false,
        );
        client.socket.destroy();
        return answered;
      })
      .toBe(true);
    for (const client of held) client.socket.destroy();
  });
});
