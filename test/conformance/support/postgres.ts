/**
 * A PostgreSQL database of its own for one test file, created beside the server's database named
 * by a URL and dropped afterwards, so files running in parallel never share data. Needs a role
 * that may create databases (.ci/run grants it); without that right, the given database is used.
 */
import pg from 'pg';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `castdesk_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const created = await withClient(serverUrl, async (client) => {
    try {
      await client.query(`CREATE DATABASE ${name}`);
      return true;
    } catch {
      return false;
    }
  });
  if (!created) return { url: serverUrl, drop: async () => {} };
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withClient(serverUrl, async (client) => void (await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}
