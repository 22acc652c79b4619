/**
 * "Test connection" against the real directory service over HTTP on loopback: counts equal the
 * service's Total headers, a wrong key is reachable-but-refused, a closed port is unreachable.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConnection } from '../../electron/core/connections/testConnection.ts';
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
    const result = await testConnection({ baseUrl: directory.baseUrl, key, timeoutMs: 10_000 });
    const expected = await totalsFor(key);
    expect(result).toEqual({ reachable: true, keyAccepted: true, counts: expected });
    expect(expected.actors + expected.crew + expected.castingCalls).toBeGreaterThan(0);
  });

  it('sees different data for different keys', async () => {
    const agency = await testConnection({ baseUrl: directory.baseUrl, key: 'k-agency-1-conformance' });
    const pro = await testConnection({ baseUrl: directory.baseUrl, key: 'k-casting-pro-conformance' });
    expect(agency.counts).not.toEqual(pro.counts);
  });

  it('accepts the base URL with a trailing slash or a pasted /api/v1', async () => {
    const result = await testConnection({ baseUrl: `${directory.baseUrl}/api/v1/`, key: 'k-agency-1-conformance' });
    expect(result.keyAccepted).toBe(true);
  });

  it('reports a wrong key as reachable but not accepted, without echoing the key', async () => {
    const result = await testConnection({ baseUrl: directory.baseUrl, key: 'k-wrong-key-does-not-exist', timeoutMs: 10_000 });
    expect(result).toEqual({
      reachable: true,
      keyAccepted: false,
      error: { code: 'unauthorized', message: expect.stringMatching(/refused the API key \(HTTP 401\)/) },
    });
    expect(JSON.stringify(result)).not.toContain('k-wrong-key');
  });

  it('reports a closed port as unreachable', async () => {
    const port = await closedPort();
    const result = await testConnection({ baseUrl: `http://127.0.0.1:${port}`, key: 'k-agency-1-conformance', timeoutMs: 5_000 });
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
      const result = await testConnection({ baseUrl: `http://127.0.0.1:${port}`, key: 'k-agency-1-conformance', timeoutMs: 300 });
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
      const result = await testConnection({ baseUrl: `http://localhost:${port}`, key: 'k-agency-1-conformance' });
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
    const result = await testConnection({ baseUrl: `${directory.baseUrl}/elsewhere`, key: 'k-agency-1-conformance' });
    expect(result).toMatchObject({ reachable: true, keyAccepted: false, error: { code: 'bad_response', message: expect.stringMatching(/HTTP 404/) } });
  });

  it('refuses bad input before any request', async () => {
    expect(await testConnection({ baseUrl: 'http://example.com', key: 'k-agency-1-conformance' })).toMatchObject({
      reachable: false,
      error: { code: 'invalid_input', message: expect.stringMatching(/unencrypted/) },
    });
    expect(await testConnection({ baseUrl: directory.baseUrl, key: 'has space' })).toMatchObject({
      reachable: false,
      error: { code: 'invalid_input', message: expect.stringMatching(/spaces/) },
    });
  });
});
