/**
 * The service's database layout across versions, on real PGlite: an older layout is rebuilt (its
 * data is reloadable), a newer one is refused rather than damaged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../../server/src/db/database.ts';
import { ensureSchema, schemaVersion } from '../../server/src/db/schema.ts';

let db: Database;
beforeAll(async () => {
  db = await openPglite();
}, 60_000);
afterAll(async () => {
  await db.close();
});

async function columns(table: string): Promise<string[]> {
  const rows = await db.query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position`, [table]);
  return rows.map((row) => row.column_name);
}

describe('ensureSchema', () => {
  it('rebuilds a schema-1 database (documents inside the profile table) and forgets its data source', async () => {
    await db.exec(`
      CREATE TABLE service_meta (key text PRIMARY KEY, value jsonb NOT NULL);
      INSERT INTO service_meta VALUES ('schema_version', '1'), ('data_source', '{"kind":"demo"}');
      CREATE TABLE actor_profiles (id integer PRIMARY KEY, list_doc jsonb NOT NULL, doc jsonb NOT NULL);
      INSERT INTO actor_profiles VALUES (1, '{}', '{}');`);
    const lines: string[] = [];
    await ensureSchema(db, (line) => lines.push(line));
    expect(lines.join('\n')).toMatch(/older layout \(schema 1\)/);
    expect(await columns('actor_profiles')).not.toContain('list_doc');
    expect(await columns('actor_records')).toEqual(['id', 'list_doc', 'doc']);
    expect(await db.query(`SELECT key, value FROM service_meta ORDER BY key`)).toEqual([{ key: 'schema_version', value: schemaVersion }]);
  });

  it('is idempotent on a current database', async () => {
    await db.query(`INSERT INTO agencies VALUES (1, 'A', '{}', '{}', '{"id":1,"name":"A"}')`);
    await ensureSchema(db);
    expect(await db.query(`SELECT id FROM agencies`)).toEqual([{ id: 1 }]);
  });

  it('refuses a database written by a newer service and leaves it alone', async () => {
    await db.query(`UPDATE service_meta SET value = $1::jsonb WHERE key = 'schema_version'`, [String(schemaVersion + 1)]);
    await expect(ensureSchema(db)).rejects.toThrow(/newer directory service/);
    expect(await db.query(`SELECT id FROM agencies`)).toEqual([{ id: 1 }]);
  });
});
