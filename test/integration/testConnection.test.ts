/**
 * "Test connection" against the real directory service over HTTP on loopback: counts equal the
 * service's Total headers, a wrong key is reachable-but-refused, a closed port is unreachable.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConnection } from '../../electron/core/connections/testConnection.ts';
import { bindKey } from '../../electron/core/keys/keyOrigin.ts';
import { startDirectory, type RunningDirectory } from '../../server/src/startDirectory.ts';

let directory: RunningDirectory;

beforeAll(async () => {
  directory = await startDirectory({ port: 0, fixture: 'test/conformance/fixtures/directory.json', rateLimit: false });
});
afterAll(async () => {
  await directory?.close();
});

/** What the service itself says the key can see, read straight from its Total headers. */
async function totalsFor(key: string): Promise<{ actors: number; crew: number; castingCalls: number }> {
  const total = async (path: string) => {
    const response = await fetch(`${directory.baseUrl}${path}`, { headers: { Authorization: `Token token=${key}` } });
    expect(response.status).toBe(200);
    await response.body?.cancel();
    return Number(response.headers.get('total'));
  };
  return {
    actors: await total('/api/v1/actor_profiles'),
    crew: await total('/api/v1/crew_profiles'),
    castingCalls: await total('/api/v1/casting_calls'),
  };
}

/** A port that was free a moment ago: nothing listens there. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('testConnection', () => {
  it.each(['k-agency-1-conformance', 'k-casting-pro-conformance'])('reports the counts the service gives for %s', async (key) => {
    const result = await testConnection({ baseUrl: directory.baseUrl, key: bindKey(key, directory.baseUrl), timeoutMs: 10_000 });
    const expected = await totalsFor(key);
    expect(result).toEqual({ reachable: true, keyAccepted: true, counts: expected });
    expect(expected.actors + expected.crew + expected.castingCalls).toBeGreaterThan(0);
  });

  it('sees different data for different keys', async () => {
    const agency = await testConnection({ baseUrl: directory.baseUrl, key: bindKey('k-agency-1-conformance', directory.baseUrl) });
    const pro = await testConnection({ baseUrl: directory.baseUrl, key: bindKey('k-casting-pro-conformance', directory.baseUrl) });
    expect(agency.counts).not.toEqual(pro.counts);
  });

  it('accepts the base URL with a trailing slash or a pasted /api/v1', async () => {
    const result = await testConnection({ baseUrl: `${directory.baseUrl}/api/v1/`, key: bindKey('k-agency-1-conformance', `${directory.baseUrl}/api/v1/`) });
    expect(result.keyAccepted).toBe(true);
  });

  it('reports a wrong key as reachable but not accepted, without echoing the key', async () => {
    const result = await testConnection({ baseUrl: directory.baseUrl, key: bindKey('k-wrong-key-does-not-exist', directory.baseUrl), timeoutMs: 10_000 });
    expect(result).toEqual({
      reachable: true,
      keyAccepted: false,
      error: { code: 'unauthorized', message: expect.stringMatching(/refused the API key \(HTTP 401\)/) },
    });
    expect(JSON.stringify(result)).not.toContain('k-wrong-key');
  });

  it('reports a closed port as unreachable', async () => {
    const port = await closedPort();
    const result = await testConnection({ baseUrl: `http://127.0.0.1:${port}`, key: bindKey('k-agency-1-conformance', `http://127.0.0.1:${port}`), timeoutMs: 5_000 });
    expect(result).toEqual({
      reachable: false,
      keyAccepted: false,
      error: { code: 'network', message: expect.stringMatching(/Nothing answers at 127\.0\.0\.1:\d+ \(connection refused\)/) },
    });
  });

  it('reports a server that never answers as a timeout', async () => {
    const silent = createServer(() => {
      /* never answers */
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const result = await testConnection({ baseUrl: `http://127.0.0.1:${port}`, key: bindKey('k-agency-1-conformance', `http://127.0.0.1:${port}`), timeoutMs: 300 });
      expect(result).toMatchObject({ reachable: false, keyAccepted: false, error: { code: 'timeout' } });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('reports an address that answers but is no directory', async () => {
    const other = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>hello</html>');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = other.address() as AddressInfo;
      const result = await testConnection({ baseUrl: `http://localhost:${port}`, key: bindKey('k-agency-1-conformance', `http://localhost:${port}`) });
      expect(result).toEqual({
        reachable: true,
        keyAccepted: false,
        error: { code: 'bad_response', message: expect.stringMatching(/not like a Casting and Talent Directory API/) },
      });
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });

  it('reports a path where no API answers (404) distinctly', async () => {
    const result = await testConnection({ baseUrl: `${directory.baseUrl}/elsewhere`, key: bindKey('k-agency-1-conformance', `${directory.baseUrl}/elsewhere`) });
    expect(result).toMatchObject({ reachable: true, keyAccepted: false, error: { code: 'bad_response', message: expect.stringMatching(/HTTP 404/) } });
  });

  it('never sends a key to an origin other than the one it was stored for', async () => {
    const seen: (string | undefined)[] = [];
    const listener = createServer((request, response) => {
      seen.push(request.headers.authorization);
      response.writeHead(200, { 'content-type': 'application/json', total: '1' }).end('[]');
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    try {
      const elsewhere = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
      const result = await testConnection({ baseUrl: elsewhere, key: bindKey('k-agency-1-conformance', directory.baseUrl) });
      expect(result).toMatchObject({ reachable: false, keyAccepted: false, error: { code: 'key_foreign_origin' } });
      expect(seen).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  });

  it('refuses bad input before any request', async () => {
    expect(await testConnection({ baseUrl: 'http://example.com', key: bindKey('k-agency-1-conformance', 'http://example.com') })).toMatchObject({
      reachable: false,
      error: { code: 'invalid_input', message: expect.stringMatching(/unencrypted/) },
    });
    expect(await testConnection({ baseUrl: directory.baseUrl, key: bindKey('has space', directory.baseUrl) })).toMatchObject({
      reachable: false,
      error: { code: 'invalid_input', message: expect.stringMatching(/spaces/) },
    });
  });
});
