/**
 * The directory service and the office store in PostgreSQL through one pool (server/src/db/database.ts).
 * When the server ends an idle connection (a PostgreSQL restart, an administrator, a test's
 * `DROP DATABASE … WITH (FORCE)`), node-postgres raises the error on the pool; unheard, it was
 * thrown and took the process down (stop 33's rehearsal: an unhandled "terminating connection due
 * to administrator command"). Now it is heard and the next query opens a new connection. Needs
 * CASTDESK_TEST_DATABASE_URL (CI sets it); elsewhere skipped, and says why.
 */
import pg from 'pg';
import { afterAll, expect, it, vi } from 'vitest';
import { openPostgres } from '../../server/src/db/database.ts';
import { createTestDatabase, type TestDatabase } from '../conformance/support/postgres.ts';

const serverUrl = process.env.CASTDESK_TEST_DATABASE_URL;
let database: TestDatabase | undefined;

afterAll(async () => {
  await database?.drop();
});

if (!serverUrl) {
  if (process.env.CI) {
    it('CASTDESK_TEST_DATABASE_URL must be set in CI', () => {
      throw new Error('CI is set but CASTDESK_TEST_DATABASE_URL is missing: .ci/run must start PostgreSQL and export it');
    });
  } else {
    it.skip('skipped: CASTDESK_TEST_DATABASE_URL is unset (CI sets it; a PostgreSQL server is needed)', () => {});
  }
} else {
  it('an idle connection the server ends is reported and replaced: the next query answers', async () => {
    database = await createTestDatabase(serverUrl);
    const lost: Error[] = [];
    const db = await openPostgres(database.url, (error) => lost.push(error));
    try {
      expect(await db.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      // The pool's connection is idle now: another session ends it, as an administrator would.
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        const name = new URL(database.url).pathname.slice(1);
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      } finally {
        await admin.end();
      }
      await vi.waitFor(() => expect(lost.map((error) => (error as Error & { code?: string }).code)).toEqual(['57P01']), { timeout: 30_000, interval: 20 });
      expect(await db.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });
}
