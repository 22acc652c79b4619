/**
 * Where office documents live, and what "acknowledged" means: an update a client sends is appended
 * to `office_document_updates` before the server applies and acknowledges it, so a server killed
 * right after an acknowledgement loses nothing. Storing a document writes its state merged with
 * what is stored (another instance may have stored changes this one has not seen yet) and deletes
 * only the log rows this instance has applied. Loading applies the state and the log; Yjs ignores
 * what it already has, so nothing is duplicated.
 *
 * Loads asked for in the same turn of the event loop are read in one statement (a member's app
 * attaches every shared list at once: one query per document kept the first sync waiting), which
 * also reads a document's state and log from one snapshot, so a store by another instance between
 * two reads cannot hide log rows it just dropped.
 */
import * as Y from 'yjs';
import type { Database } from '../src/db/database.ts';
import { notRemoved } from './listRemoval.ts';

export interface DocumentStore {
  /** The stored state and the logged updates of a document, in order. */
  load(name: string): Promise<Uint8Array[]>;
  /** Logs an update durably; returns its row id, or null for a list removed from its office (nothing logged). */
  append(name: string, update: Uint8Array): Promise<string | null>;
  /** Writes a document's state and drops the log rows it contains; writes nothing of a list removed from its office. */
  store(name: string, state: Uint8Array, appliedRowIds: readonly string[]): Promise<void>;
}


/**
 * Stored bytes are read as hex text and decoded by Node: PGlite parses a bytea column in
 * JavaScript, which took most of the server's time in a member's first sync (about 15 ms for a
 * list of 50 entries; Buffer's native decoding takes microseconds). PostgreSQL answers the same.
 */
function bytesOfHex(hex: string): Uint8Array {
  return new Uint8Array(Buffer.from(hex, 'hex'));
}

/** Documents one load statement reads at most. */
const maxBatch = 200;

interface PendingLoad {
  resolve(updates: Uint8Array[]): void;
  reject(error: unknown): void;
}

function batchedLoads(db: Database): DocumentStore['load'] {
  let pending = new Map<string, PendingLoad[]>();
  const readBatch = async (batch: Map<string, PendingLoad[]>) => {
    const names = [...batch.keys()];
    try {
      const rows = await db.query<{ name: string; hex: string }>(
        `SELECT name, encode(bytes, 'hex') AS hex FROM (
           SELECT name, 0 AS part, 0::bigint AS id, state AS bytes FROM office_documents WHERE name = ANY($1::text[])
           UNION ALL
           SELECT name, 1 AS part, id, update AS bytes FROM office_document_updates WHERE name = ANY($1::text[])
         ) parts ORDER BY name, part, id`,
        [names],
      );
      const byName = new Map<string, Uint8Array[]>(names.map((name) => [name, []]));
      for (const row of rows) byName.get(row.name)?.push(bytesOfHex(row.hex));
      for (const [name, waiting] of batch) for (const load of waiting) load.resolve(byName.get(name) ?? []);
    } catch (error) {
      for (const waiting of batch.values()) for (const load of waiting) load.reject(error);
    }
  };
  const flush = () => {
    const all = pending;
    pending = new Map();
    let batch = new Map<string, PendingLoad[]>();
    for (const [name, waiting] of all) {
      batch.set(name, waiting);
      if (batch.size === maxBatch) {
        void readBatch(batch);
        batch = new Map();
      }
    }
    if (batch.size > 0) void readBatch(batch);
  };
  return (name) =>
    new Promise<Uint8Array[]>((resolve, reject) => {
      if (pending.size === 0) setImmediate(flush);
      pending.set(name, [...(pending.get(name) ?? []), { resolve, reject }]);
    });
}

export function documentStore(db: Database, instance: string): DocumentStore {
  return {
    load: batchedLoads(db),
    async append(name, update) {
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO office_document_updates (name, instance, update) SELECT $1, $2, $3 WHERE ${notRemoved} RETURNING id::text AS id`,
        [name, instance, update],
      );
      return row?.id ?? null;
    },
    async store(name, state, appliedRowIds) {
      await db.transaction(async (tx) => {
        const [stored] = await tx.query<{ hex: string }>(`SELECT encode(state, 'hex') AS hex FROM office_documents WHERE name = $1 FOR UPDATE`, [name]);
        const merged = stored ? Y.mergeUpdates([bytesOfHex(stored.hex), state]) : state;
        await tx.query(
          `INSERT INTO office_documents (name, state, updated_at) SELECT $1, $2, now() WHERE ${notRemoved}
           ON CONFLICT (name) DO UPDATE SET state = EXCLUDED.state, updated_at = now()`,
          [name, merged],
        );
        if (appliedRowIds.length > 0) {
          await tx.query('DELETE FROM office_document_updates WHERE name = $1 AND instance = $2 AND id = ANY($3::bigint[])', [
            name,
            instance,
            appliedRowIds,
          ]);
        }
      });
    },
  };
}
