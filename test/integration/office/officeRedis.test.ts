/**
 * Two office server instances side by side behind a real Redis (Debian's redis-server on a free
 * port, in a temp folder): a member on one instance sees a colleague's edits made on the other,
 * a member revoked on one is disconnected from the other, and so is a member of a list removed on the other. The instances share one database
 * (PGlite in one process here; a PostgreSQL server via DATABASE_URL across processes:
 * officePostgres.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, it } from 'vitest';
import type { Database } from '../../../server/src/db/database.ts';
import { openOfficeDatabase } from '../../../server/office/officeDatabase.ts';
import { startOffice, type RunningOffice } from '../../../server/office/startOffice.ts';
import type { ListClient } from './officeSupport.ts';
import { expectInstancesActAsOne, expectRemovalReachesBoth, startRedis, type RedisServer } from './twoInstances.ts';

const workDir = mkdtempSync(join(tmpdir(), 'castdesk-office-redis-'));
let redis: RedisServer | undefined;
let db: Database;
const offices: RunningOffice[] = [];
const clients: ListClient[] = [];

beforeAll(async () => {
  redis = await startRedis(workDir);
  db = await openOfficeDatabase({ dataDir: join(workDir, 'data') });
  for (let i = 0; i < 2; i++) {
    offices.push(await startOffice({ host: '127.0.0.1', port: 0, database: db, redisUrl: redis.url, log: () => undefined }));
  }
}, 180_000);

afterAll(async () => {
  for (const client of clients) client.destroy();
  for (const office of offices) await office.close();
  await db?.close();
  await redis?.stop();
  rmSync(workDir, { recursive: true, force: true });
});

it("two instances behind Redis see each other's edits, and a revoke reaches both", async () => {
  const [one, two] = offices as [RunningOffice, RunningOffice];
  await expectInstancesActAsOne(one, two, clients);
}, 120_000);

it('a list removed on one instance closes its member connections on the other, which refuses them on reconnect', async () => {
  const [one, two] = offices as [RunningOffice, RunningOffice];
  await expectRemovalReachesBoth(one, two, clients);
}, 120_000);
