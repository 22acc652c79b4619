/**
 * One small interface over the two PostgreSQL engines the service runs on: embedded PGlite (with
 * pg_trgm) by default, or a PostgreSQL server when a connection URL is given. The SQL is the same
 * for both; only connecting and transactions differ.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  /** Runs several statements without parameters (schema set-up). */
  exec(sql: string): Promise<void>;
  /** Runs `work` in one transaction: all of it lands or none of it does. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly engine: 'pglite' | 'postgres';
}

/** Opens PGlite in `dataDir` (created when missing) or in memory when no folder is given. */
export async function openPglite(dataDir?: string): Promise<Database> {
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  return {
    engine: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      return (await db.query<T>(sql, params)).rows;
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      return db.transaction(async (tx) =>
        work({ query: async <R>(sql: string, params: unknown[] = []) => (await tx.query<R>(sql, params)).rows }),
      );
    },
    async close() {
      await db.close();
    },
  };
}

/** Connects to a PostgreSQL server; pg_trgm must be installable there (it is part of contrib). */
export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 4 });
  // Surface a wrong URL at start-up, not on the first request.
  await pool.query('SELECT 1');
  return {
    engine: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      return (await pool.query(sql, params)).rows as T[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({ query: async <R>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as R[] });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
