/**
 * A TCP proxy on a free loopback port in front of an office server, so a test can make a member's
 * network fail: `drop()` stops taking connections and destroys every socket through it, both
 * ways, with no WebSocket close frame (the server sees the connection end abruptly, as when a
 * laptop loses its network).
 */
import { connect, createServer, type Socket } from 'node:net';

export interface DroppingProxy {
  /** ws://127.0.0.1:<port>, leading to the target. */
  url: string;
  /** Stops listening and destroys every socket through the proxy. */
  drop(): Promise<void>;
}

export async function droppingProxy(targetPort: number): Promise<DroppingProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const closed = new Promise((resolve) => server.once('close', resolve));
  let dropping: Promise<void> | undefined;
  return {
    url: `ws://127.0.0.1:${port}`,
    drop() {
      dropping ??= (async () => {
        server.close();
        for (const socket of sockets) socket.destroy();
        await closed;
      })();
      return dropping;
    },
  };
}
