/**
 * One small interface over the two PostgreSQL engines the service runs on: embedded PGlite (with
 * pg_trgm) by default, or a PostgreSQL server when a connection URL is given. The SQL is the same
 * for both; only connecting and transactions differ.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { copyChunks, jsonBatchInsert, jsonTextColumns, type Columns, type Row } from './bulkRows.ts';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Appends many rows to a table, the fastest way the engine has. */
  insertRows(table: string, columns: Columns, rows: readonly Row[]): Promise<void>;
}

const jsonBatchSize = 1000;

export interface Database extends Queryable {
  /** Runs several statements without parameters (schema set-up). */
  exec(sql: string): Promise<void>;
  /** Runs `work` in one transaction: all of it lands or none of it does. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly engine: 'pglite' | 'postgres';
}

/**
 * Everything stored is reloadable, so PGlite keeps no more write-ahead log than crash safety
 * needs: a bulk load into tables emptied in the same transaction then writes the rows once
 * instead of twice (table and log), which halves the bytes a 50,000-actor demo writes.
 */
const minimalWal = ['-c', 'wal_level=minimal', '-c', 'max_wal_senders=0'];

/** Opens PGlite in `dataDir` (created when missing) or in memory when no folder is given. */
export async function openPglite(dataDir?: string): Promise<Database> {
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm }, startParams: [...PGlite.defaultStartParams, ...minimalWal] });
  const queryable = (target: Pick<PGlite, 'query'>): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      return (await target.query<T>(sql, params)).rows;
    },
    async insertRows(table, columns, rows) {
      const names = columns.map(([name]) => name).join(', ');
      for (const chunk of copyChunks(columns, rows)) {
        await target.query(`COPY ${table} (${names}) FROM '/dev/blob'`, [], { blob: new Blob([chunk]) });
      }
    },
  });
  return {
    engine: 'pglite',
    ...queryable(db),
    async exec(sql: string) {
      await db.exec(sql);
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      return db.transaction(async (tx) => work(queryable(tx)));
    },
    async close() {
      await db.close();
    },
  };
}

/** Logs a pooled connection the server ended (a restart, an administrator); the pool opens a new one when asked. */
function logConnectionLost(error: Error): void {
  process.stderr.write(`PostgreSQL ended an idle connection (${error.message}); the next query opens a new one.\n`);
}

/**
 * Connects to a PostgreSQL server; pg_trgm must be installable there (it is part of contrib).
 * `onConnectionLost` hears of an idle connection the server ended: node-postgres raises it on the
 * pool, and a pool nobody listens to throws it, which took the whole service down (a PostgreSQL
 * restart, or a test's `DROP DATABASE … WITH (FORCE)`).
 */
export async function openPostgres(connectionString: string, onConnectionLost: (error: Error) => void = logConnectionLost): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 4 });
  pool.on('error', onConnectionLost);
  // Surface a wrong URL at start-up, not on the first request.
  await pool.query('SELECT 1');
  const queryable = (target: Pick<pg.Pool, 'query'>): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      return (await target.query(sql, params)).rows as T[];
    },
    async insertRows(table, columns, rows) {
      const sql = jsonBatchInsert(table, columns);
      const encoded = jsonTextColumns(columns, rows);
      for (let start = 0; start < encoded.length; start += jsonBatchSize) {
        await target.query(sql, [JSON.stringify(encoded.slice(start, start + jsonBatchSize))]);
      }
    },
  });
  return {
    engine: 'postgres',
    ...queryable(pool),
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(queryable(client));
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
