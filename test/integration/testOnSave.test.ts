/**
 * Issue 22, item 17: adding a connection tests it on save. The back end's testNewConnection asks a
 * real directory (and a real closed port) with the address and key being added, and stores nothing:
 * an unreachable address or a refused key comes back as a verdict the form shows, not a connection.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackEnd, type BackEnd } from '../../electron/core/backEnd.ts';
import { startDirectory, type RunningDirectory } from '../../server/src/startDirectory.ts';

const key = 'k-agency-1-conformance';

let directory: RunningDirectory;
let backEnd: BackEnd;
let userDataDir: string;
/** An address on this computer where nothing listens (a port taken, then given back). */
let closedAddress: string;

beforeAll(async () => {
  directory = await startDirectory({
    port: 0,
    fixture: fileURLToPath(new URL('../conformance/fixtures/directory.json', import.meta.url)),
    rateLimit: { limit: 100_000, windowSeconds: 300 },
  });
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedAddress = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-test-on-save-'));
  backEnd = await createBackEnd({ userDataDir, shell: 'web', version: '0.0.0-test' });
}, 120_000);

afterAll(async () => {
  await backEnd?.close();
  await directory?.close();
  await rm(userDataDir, { recursive: true, force: true });
});

async function connectionCount(): Promise<number> {
  const listed = await backEnd.call('listConnections', {});
  return listed.ok ? (listed.value as { connections: unknown[] }).connections.length : -1;
}

describe('testing a connection before it is saved', () => {
  it('accepts a directory that takes the key, and says what the key sees', async () => {
    const verdict = await backEnd.call('testNewConnection', { baseUrl: directory.baseUrl, key });
    expect(verdict).toMatchObject({ ok: true, value: { reachable: true, keyAccepted: true, counts: { actors: expect.any(Number) } } });
    expect(await connectionCount()).toBe(0);
  });

  it('reports a refused key as refused, storing nothing', async () => {
    const verdict = await backEnd.call('testNewConnection', { baseUrl: directory.baseUrl, key: 'k-not-a-key-of-this-directory' });
    expect(verdict).toMatchObject({ ok: true, value: { reachable: true, keyAccepted: false, error: { code: 'unauthorized' } } });
    expect(await connectionCount()).toBe(0);
  });

  it('reports an address where nothing answers as unreachable, storing nothing', async () => {
    const verdict = await backEnd.call('testNewConnection', { baseUrl: closedAddress, key });
    expect(verdict).toMatchObject({ ok: true, value: { reachable: false, keyAccepted: false, error: { code: 'network' } } });
    expect(await connectionCount()).toBe(0);
  });

  it('refuses an address that is no web address as bad input', async () => {
    const verdict = await backEnd.call('testNewConnection', { baseUrl: 'not an address', key });
    expect(verdict).toMatchObject({ ok: true, value: { keyAccepted: false, error: { code: 'invalid_input' } } });
  });
});
