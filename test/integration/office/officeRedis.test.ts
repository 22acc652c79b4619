/**
 * Two office server instances side by side behind a real Redis (Debian's redis-server on a free
 * port, in a temp folder): a member on one instance sees a colleague's edits made on the other,
 * and a member revoked on one is disconnected from the other. The instances share one database
 * (PGlite in one process here; a PostgreSQL server via DATABASE_URL across processes).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Database } from '../../../server/src/db/database.ts';
import { officeDocumentName } from '../../../server/office/documentName.ts';
import { addEntry, entriesOf } from '../../../server/office/listDocument.ts';
import { openOfficeDatabase } from '../../../server/office/officeDatabase.ts';
import { startOffice, type RunningOffice } from '../../../server/office/startOffice.ts';
import { acknowledged, addMember, api, httpUrlOf, openList, type ListClient } from './officeSupport.ts';

const workDir = mkdtempSync(join(tmpdir(), 'castdesk-office-redis-'));
let redis: ChildProcessWithoutNullStreams | undefined;
let db: Database;
const offices: RunningOffice[] = [];
const clients: ListClient[] = [];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', workDir, '--save', '', '--appendonly', 'no']);
  let output = '';
  redis.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await vi.waitFor(() => expect(output).toContain('Ready to accept connections'), { timeout: 60_000, interval: 50 });
  db = await openOfficeDatabase({ dataDir: join(workDir, 'data') });
  for (let i = 0; i < 2; i++) {
    offices.push(await startOffice({ host: '127.0.0.1', port: 0, database: db, redisUrl: `redis://127.0.0.1:${port}`, log: () => undefined }));
  }
}, 180_000);

afterAll(async () => {
  for (const client of clients) client.destroy();
  for (const office of offices) await office.close();
  await db?.close();
  redis?.kill('SIGTERM');
  if (redis && redis.exitCode === null) await new Promise((resolve) => redis!.once('exit', resolve));
  rmSync(workDir, { recursive: true, force: true });
});

it("two instances behind Redis see each other's edits, and a revoke reaches both", async () => {
  const [one, two] = offices;
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
}, 120_000);
