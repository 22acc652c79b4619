/**
 * A kept-alive connection that closes just as the media fetch reuses it, both ways it happens:
 * - Node's own agent: its 5 s idle timeout destroys a pooled socket, and a request in the same turn
 *   of the event loop is handed that socket (the pool skips destroyed sockets only at its front,
 *   and takes the newest from its back). On a loaded machine timers and requests bunch up in one
 *   turn, and slow downloads free their sockets out of timer order; the request failed with
 *   ECONNRESET ("socket hang up"), the picture counted as unreachable, and a first file of a
 *   keeping pass that failed so left every remaining one waiting as "the picture host cannot be
 *   reached" until the retry. Shown here by destroying the pooled socket the pool hands out next,
 *   as the idle timeout does, against a real HTTP server on 127.0.0.1.
 * - The host: its idle timeout closes the connection as the request arrives. A real TCP server on
 *   127.0.0.1 answers the first request of every connection with keep-alive and closes the
 *   connection unanswered when a second request arrives on it.
 * The fetch asks again on another connection and gets the picture; a new connection that closes
 * unanswered is an error as before.
 */
import { once } from 'node:events';
import http, { type Server as HttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { guardedMediaFetch } from '../../electron/core/media/guardedMediaFetch.ts';

/** A tiny PNG's bytes are not needed: the fetch hands over whatever the host answers. */
const body = Buffer.from('picture bytes');

let server: Server;
let baseUrl: string;
/** A well-behaved host (keeps idle connections for a minute). */
let httpServer: HttpServer;
let httpBaseUrl: string;
/** Per connection, the request paths it received, in order. */
const connections: string[][] = [];
/** When true, a connection's first request is closed unanswered too (a host that is away). */
let refuseFirst = false;

function serve(socket: Socket): void {
  const paths: string[] = [];
  connections.push(paths);
  let buffered = '';
  socket.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('latin1');
    for (let end = buffered.indexOf('\r\n\r\n'); end !== -1; end = buffered.indexOf('\r\n\r\n')) {
      const head = buffered.slice(0, end);
      buffered = buffered.slice(end + 4);
      paths.push(head.split(' ')[1] ?? '');
      if (paths.length > 1 || refuseFirst) {
        // The idle timeout ran out as this request arrived: the connection closes unanswered.
        socket.destroy();
        return;
      }
      socket.write(`HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\nKeep-Alive: timeout=60\r\n\r\n`);
      socket.write(body);
    }
  });
  socket.on('error', () => undefined);
}

beforeAll(async () => {
  server = createServer(serve);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  httpServer = http.createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': body.length }).end(body);
  });
  httpServer.keepAliveTimeout = 60_000;
  httpServer.listen(0, '127.0.0.1');
  await once(httpServer, 'listening');
  httpBaseUrl = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  httpServer.closeAllConnections();
  await new Promise<void>((resolve) => httpServer.close(() => resolve()));
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The global agent's idle kept-alive sockets to `url`'s host, oldest first. */
function idleSockets(url: string): Socket[] {
  const name = Object.keys(http.globalAgent.freeSockets).find((key) => key.startsWith(`127.0.0.1:${new URL(url).port}:`));
  return name ? [...(http.globalAgent.freeSockets[name] ?? [])] : [];
}
const idleSocketsToHost = () => idleSockets(baseUrl).length;

describe('media fetch on a kept-alive connection its idle timeout closed', () => {
  it('asks again when the pool hands out the socket its idle timeout just destroyed, and gets the picture', async () => {
    const fetchMedia = guardedMediaFetch({ trustedOrigins: () => [httpBaseUrl] });
    const signal = new AbortController().signal;
    // Two downloads at once: two kept-alive sockets wait in the pool.
    const answers = await Promise.all([1, 2].map((id) => fetchMedia(`${httpBaseUrl}/media/${id}.png`, { signal })));
    for (const answer of answers) expect(Buffer.from(await answer.arrayBuffer())).toEqual(body);
    await vi.waitFor(() => expect(idleSockets(httpBaseUrl)).toHaveLength(2));

    // The idle timeout of the socket the pool hands out next (its newest) fires; a request follows in the same turn.
    idleSockets(httpBaseUrl).at(-1)!.destroy();
    const next = await fetchMedia(`${httpBaseUrl}/media/3.png`, { signal });
    expect(next.status).toBe(200);
    expect(Buffer.from(await next.arrayBuffer())).toEqual(body);
  });
});

describe('media fetch on a kept-alive connection the host closes', () => {
  const fetchMedia = guardedMediaFetch({ trustedOrigins: () => [baseUrl] });
  const signal = new AbortController().signal;

  it('asks again on a new connection when the reused one closes unanswered, and gets the picture', async () => {
    const first = await fetchMedia(`${baseUrl}/media/1.png`, { signal });
    expect(Buffer.from(await first.arrayBuffer())).toEqual(body);
    // The connection waits in the pool, so the next request reuses it.
    await vi.waitFor(() => expect(idleSocketsToHost()).toBe(1));

    const second = await fetchMedia(`${baseUrl}/media/2.png`, { signal });
    expect(second.status).toBe(200);
    expect(Buffer.from(await second.arrayBuffer())).toEqual(body);
    // The reused connection saw the request and closed; a new one answered it.
    expect(connections).toEqual([
      ['/media/1.png', '/media/2.png'],
      ['/media/2.png'],
    ]);
  });

  it('a new connection that closes unanswered is an error, not asked again', async () => {
    await vi.waitFor(() => expect(idleSocketsToHost()).toBe(1));
    refuseFirst = true;
    try {
      // The idle connection closes on reuse, the new one too: the host is away.
      await expect(fetchMedia(`${baseUrl}/media/3.png`, { signal })).rejects.toMatchObject({ code: 'ECONNRESET' });
    } finally {
      refuseFirst = false;
    }
    // The kept connection (the one that answered the second picture) and one new connection.
    expect(connections.slice(1)).toEqual([['/media/2.png', '/media/3.png'], ['/media/3.png']]);
  });
});
