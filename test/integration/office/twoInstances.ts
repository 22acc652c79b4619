/**
 * What the office tests of a scaled deployment share: a real Redis (Debian's redis-server on a free
 * loopback port, in the test's temp folder, nothing saved) and the check that two office instances
 * behind it act as one: a member on one sees a colleague's edits made on the other and the other
 * way round, and a member revoked on one is disconnected from the other. The storage under the
 * instances (PGlite in one process, a PostgreSQL server) is the calling test's.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { expect, vi } from 'vitest';
import { accessRemovedReason } from '../../../contract/officeRoles.ts';
import { officeDocumentName } from '../../../server/office/documentName.ts';
import { addEntry, entriesOf } from '../../../server/office/listDocument.ts';
import type { RunningOffice } from '../../../server/office/startOffice.ts';
import { acknowledged, addMember, api, httpUrlOf, openList, type ListClient } from './officeSupport.ts';

export interface RedisServer {
  /** redis://127.0.0.1:<port> */
  url: string;
  /** SIGTERM; resolves once the server has exited. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts redis-server with its folder in `workDir` and waits until it accepts connections (a process start: generous). */
export async function startRedis(workDir: string): Promise<RedisServer> {
  const port = await freePort();
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', workDir, '--save', '', '--appendonly', 'no']);
  const exited = new Promise((resolve) => redis.once('exit', resolve));
  let output = '';
  redis.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await vi.waitFor(() => expect(output).toContain('Ready to accept connections'), { timeout: 60_000, interval: 50 });
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (redis.exitCode === null && redis.signalCode === null) redis.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * An owner on `one` and an editor on `two` share a list: an entry added on one reaches two, a
 * rating set on two reaches one, and revoking the editor on one disconnects them from two. The
 * clients go into `clients` for the caller to destroy.
 */
export async function expectInstancesActAsOne(one: RunningOffice, two: RunningOffice, clients: ListClient[]): Promise<void> {
  const { officeId, token: ownerToken } = await one.members.createOffice('Scaled Office', 'Lea');
  const colleague = await addMember(httpUrlOf(one.url), officeId, ownerToken, 'Tom', { role: 'editor' });
  const name = officeDocumentName(officeId, 'shared');
  const onOne = openList(one.url, name, ownerToken);
  const onTwo = openList(two.url, name, colleague.token);
  clients.push(onOne, onTwo);
  await Promise.all([onOne.synced, onTwo.synced]);

  addEntry(onOne.doc, 'e1', { position: 'a0', actor: { origin: 'https://d.example', id: 1, name: 'Jonas' } });
  await acknowledged(onOne);
  await vi.waitFor(() => expect(entriesOf(onTwo.doc).has('e1')).toBe(true), { timeout: 30_000 });
  entriesOf(onTwo.doc).get('e1')!.set('rating', 5);
  await vi.waitFor(() => expect(entriesOf(onOne.doc).get('e1')?.get('rating')).toBe(5), { timeout: 30_000 });

  const revoked = await api(httpUrlOf(one.url), 'DELETE', `/offices/${officeId}/members/${colleague.memberId}`, undefined, ownerToken);
  expect(revoked.status).toBe(204);
  await vi.waitFor(() => expect(onTwo.authFailures.length).toBeGreaterThan(0), { timeout: 30_000 });
}

/**
 * A list removed from the office on `one` (DELETE /offices/:office/lists/:list): a member's open
 * connection to it on `two` is closed with `accessRemovedReason`, and a new one there is refused with it.
 */
export async function expectRemovalReachesBoth(one: RunningOffice, two: RunningOffice, clients: ListClient[]): Promise<void> {
  const { officeId, token: ownerToken } = await one.members.createOffice('Scaled Office', 'Lea');
  const name = officeDocumentName(officeId, 'removed');
  const owner = openList(one.url, name, ownerToken);
  clients.push(owner);
  await owner.synced;
  addEntry(owner.doc, 'e1', { position: 'a0', actor: { origin: 'https://d.example', id: 7, name: 'Jonas' }, note: 'strong' });
  await acknowledged(owner);
  const colleague = await addMember(httpUrlOf(one.url), officeId, ownerToken, 'Ben', { role: 'editor' });
  const onTwo = openList(two.url, name, colleague.token);
  clients.push(onTwo);
  await onTwo.synced;
  expect((await api(httpUrlOf(one.url), 'DELETE', `/offices/${officeId}/lists/removed`, undefined, ownerToken)).status).toBe(204);
  await vi.waitFor(() => expect(onTwo.closeReasons).toContain(accessRemovedReason), { timeout: 30_000 });
  const again = openList(two.url, name, colleague.token);
  clients.push(again);
  await vi.waitFor(() => expect(again.authFailures).toEqual([accessRemovedReason]), { timeout: 30_000 });
}
