/**
 * Directory reachability (the reachability store's logic) against the REAL back end and a real directory address on 127.0.0.1 that
 * is stopped and started again: with no profile opened and no sync running, the store's own checks
 * notice the directory going away and coming back (issue 22, item 12). The server answers the
 * one-item actor list the check asks, as a directory with no visible actors would.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { channelNames } from '../../contract/bridge-channels.ts';
import type { CastdeskBridge } from '../../contract/bridge.ts';
import { createBackEnd, type BackEnd } from '../../electron/core/backEnd.ts';
import { observedBridge, onDirectoryAnswer } from '../../renderer/src/bridge/directoryAnswers.ts';
import { DirectoryReachability } from '../../renderer/src/sync/directoryReachability.ts';

let userDataDir: string;
let backEnd: BackEnd;
let server: Server;
let port = 0;
let connectionId = '';
let listRequests = 0;

/** Starts the directory stand-in on `port` (0: any free one, remembered for the restart). */
async function startServer(): Promise<void> {
  server = createServer((request, response) => {
    if (request.url?.startsWith('/api/v1/actor_profiles')) listRequests += 1;
    response.writeHead(200, { 'Content-Type': 'application/json', Total: '0', 'Per-Page': '1' });
    response.end('[]');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
}

async function stopServer(): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Kept-alive sockets would let the next request through; a stopped directory answers nothing.
  server.closeAllConnections();
  await closed;
}

beforeAll(async () => {
  await startServer();
  userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-reachability-'));
  backEnd = await createBackEnd({ userDataDir, shell: 'web', version: 'test' });
  const added = await backEnd.call('addConnection', { name: 'Agency', baseUrl: `http://127.0.0.1:${port}`, contentLocale: 'en', key: 'k-reachability-test-key' });
  if (!added.ok) throw new Error(`addConnection: ${added.error.code}: ${added.error.message}`);
  connectionId = (added.value as { id: string }).id;
}, 60_000);

afterAll(async () => {
  if (connectionId) await backEnd?.call('removeConnection', { id: connectionId });
  await backEnd?.close();
  if (server?.listening) await stopServer();
  if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
});

/** The bridge the renderer would have, made of the real back end. */
function backEndBridge(): CastdeskBridge {
  return Object.fromEntries(channelNames.map((name) => [name, (args: unknown) => backEnd.call(name, args)])) as unknown as CastdeskBridge;
}

const eventually = (check: () => void) => vi.waitFor(check, { timeout: 30_000, interval: 20 });

describe('directory reachability', () => {
  it('turns offline when the directory stops and online when it is back, without a profile being opened', async () => {
    const bridge = observedBridge(backEndBridge());
    let reached: Readonly<Record<string, boolean>> = {};
    const reachability = new DirectoryReachability({
      bridge,
      subscribe: (listener) => onDirectoryAnswer(bridge, listener),
      timing: { quietCheckMs: 100, backoff: { baseMs: 50, capMs: 200 } },
      onChange: (next) => (reached = next),
    });
    try {
      reachability.follow(connectionId);
      await eventually(() => expect(reached[connectionId]).toBe(true));
      expect(reachability.unreachable(connectionId)).toBe(false);

      await stopServer();
      await eventually(() => expect(reached[connectionId]).toBe(false));
      expect(reachability.unreachable(connectionId)).toBe(true);

      const before = listRequests;
      await startServer();
      await eventually(() => expect(reached[connectionId]).toBe(true));
      // Back by a check of its own (one-item lists), not by anything else asking.
      expect(listRequests).toBeGreaterThan(before);
      expect(reachability.unreachable(connectionId)).toBe(false);
    } finally {
      reachability.dispose();
    }
  });
});
