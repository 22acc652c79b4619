/**
 * The office server's storage on a PostgreSQL server (DATABASE_URL), in a database of this file's
 * own: the document log and store, batched loads, membership, a server restarted on the same
 * database, and two instances with their own connections behind a real Redis, as deployed. CI sets
 * CASTDESK_TEST_DATABASE_URL (.ci/run); elsewhere this file is skipped and says why.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { Database } from '../../../server/src/db/database.ts';
import { officeDocumentName } from '../../../server/office/documentName.ts';
import { documentStore } from '../../../server/office/documentStore.ts';
import { addEntry, entriesOf } from '../../../server/office/listDocument.ts';
import { members as openMembers, roleOn } from '../../../server/office/members.ts';
import { openOfficeDatabase } from '../../../server/office/officeDatabase.ts';
import { startOffice, type RunningOffice } from '../../../server/office/startOffice.ts';
import { createTestDatabase, type TestDatabase } from '../../conformance/support/postgres.ts';
import { acknowledged, openList, serverView, type ListClient } from './officeSupport.ts';
import { expectInstancesActAsOne, expectRemovalReachesBoth, startRedis, type RedisServer } from './twoInstances.ts';

const serverUrl = process.env.CASTDESK_TEST_DATABASE_URL;

/** A document holding one entry, as an update. */
function updateWithEntry(id: string, name: string): Uint8Array {
  const doc = new Y.Doc();
  addEntry(doc, id, { position: 'a0', actor: { origin: 'https://d.example', id: 1, name } });
  return Y.encodeStateAsUpdate(doc);
}

function docOf(updates: Uint8Array[]): Y.Doc {
  const doc = new Y.Doc();
  for (const update of updates) Y.applyUpdate(doc, update);
  return doc;
}

if (!serverUrl) {
  if (process.env.CI) {
    it('CASTDESK_TEST_DATABASE_URL must be set in CI (the office PostgreSQL tests need a server)', () => {
      throw new Error('CI is set but CASTDESK_TEST_DATABASE_URL is missing: .ci/run must start PostgreSQL and export it');
    });
  } else {
    it.skip('Office on PostgreSQL skipped: CASTDESK_TEST_DATABASE_URL is unset (CI sets it; a PostgreSQL server is needed)', () => {});
  }
} else {
  describe('office server on PostgreSQL', () => {
    let testDatabase: TestDatabase;
    let db: Database;
    const offices: RunningOffice[] = [];
    const clients: ListClient[] = [];
    const workDir = mkdtempSync(join(tmpdir(), 'castdesk-office-postgres-'));
    let redis: RedisServer | undefined;

    beforeAll(async () => {
      testDatabase = await createTestDatabase(serverUrl);
      db = await openOfficeDatabase({ databaseUrl: testDatabase.url });
      expect(db.engine).toBe('postgres');
    }, 120_000);

    afterAll(async () => {
      for (const client of clients) client.destroy();
      for (const office of offices) await office.close();
      await db?.close();
      await redis?.stop();
      await testDatabase?.drop();
      rmSync(workDir, { recursive: true, force: true });
    });

    it('logs, loads (several documents at once) and stores documents, dropping only its own log rows', async () => {
      const one = documentStore(db, 'instance-one');
      const two = documentStore(db, 'instance-two');
      const rowA = (await one.append('o/a', updateWithEntry('e1', 'Jonas')))!;
      await two.append('o/a', updateWithEntry('e2', 'Mia'));
      await one.append('o/b', updateWithEntry('e3', 'Lea'));
      const [a, b, empty] = await Promise.all([one.load('o/a'), one.load('o/b'), one.load('o/none')]);
      expect([...entriesOf(docOf(a)).keys()].sort()).toEqual(['e1', 'e2']);
      expect([...entriesOf(docOf(b)).keys()]).toEqual(['e3']);
      expect(empty).toEqual([]);

      // Instance one stores what it applied (e1 only); instance two's logged e2 stays in the log.
      await one.store('o/a', updateWithEntry('e1', 'Jonas'), [rowA]);
      const [rows] = await db.query<{ count: string }>("SELECT count(*)::text AS count FROM office_document_updates WHERE name = 'o/a'");
      expect(rows.count).toBe('1');
      // A later store by instance two merges with what one stored: nothing is lost.
      await two.store('o/a', updateWithEntry('e4', 'Tom'), []);
      expect([...entriesOf(docOf(await two.load('o/a'))).keys()].sort()).toEqual(['e1', 'e2', 'e4']);
    });

    it('keeps offices, members, list roles and revokes', async () => {
      const members = openMembers(db);
      const { officeId, token: ownerToken } = await members.createOffice('Postgres Office', 'Lea');
      const { code } = await members.invite(officeId, { role: 'reviewer', listId: 'pg-list' });
      const joined = (await members.join(officeId, code, 'Tom'))!;
      expect(await members.join(officeId, code, 'Eve')).toBeNull();
      const access = (await members.access(joined.token))!;
      expect(roleOn(access, 'pg-list')).toBe('reviewer');
      expect(roleOn(access, 'other-list')).toBe('none');
      expect(roleOn((await members.access(ownerToken))!, 'any')).toBe('editor');
      expect(await members.setRole(officeId, joined.memberId, { role: 'viewer' })).toBe(true);
      expect(roleOn((await members.access(joined.token))!, 'other-list')).toBe('viewer');
      expect(await members.revoke(officeId, joined.memberId)).toBe(true);
      expect(await members.access(joined.token)).toBeNull();
      expect((await members.list(officeId)).find((m) => m.id === joined.memberId)?.revoked).toBe(true);
    });

    it('serves lists from PostgreSQL and finds them again after a restart', async () => {
      const first = await startOffice({ host: '127.0.0.1', port: 0, databaseUrl: testDatabase.url, log: () => undefined });
      offices.push(first);
      const { officeId, token } = await first.members.createOffice('Restart Office', 'Lea');
      const name = officeDocumentName(officeId, 'kept');
      const writer = openList(first.url, name, token);
      clients.push(writer);
      await writer.synced;
      addEntry(writer.doc, 'e1', { position: 'a0', actor: { origin: 'https://d.example', id: 7, name: 'Jonas' }, note: 'strong' });
      await acknowledged(writer);
      writer.destroy();
      await first.close();

      const second = await startOffice({ host: '127.0.0.1', port: 0, databaseUrl: testDatabase.url, log: () => undefined });
      offices.push(second);
      const view = await serverView(second.url, name, token);
      expect((entriesOf(view).get('e1')!.get('note') as Y.Text).toString()).toBe('strong');
    }, 120_000);

    it('two instances with their own connections behind Redis pass edits, revokes and list removals to each other', async () => {
      redis = await startRedis(workDir);
      const one = await startOffice({ host: '127.0.0.1', port: 0, databaseUrl: testDatabase.url, redisUrl: redis.url, log: () => undefined });
      offices.push(one);
      const two = await startOffice({ host: '127.0.0.1', port: 0, databaseUrl: testDatabase.url, redisUrl: redis.url, log: () => undefined });
      offices.push(two);
      await expectInstancesActAsOne(one, two, clients);
      await expectRemovalReachesBoth(two, one, clients);
    }, 120_000);
  });
}
