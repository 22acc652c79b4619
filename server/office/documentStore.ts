/**
 * Where office documents live, and what "acknowledged" means: an update a client sends is appended
 * to `office_document_updates` before the server applies and acknowledges it, so a server killed
 * right after an acknowledgement loses nothing. Storing a document writes its state merged with
 * what is stored (another instance may have stored changes this one has not seen yet) and deletes
 * only the log rows this instance has applied. Loading applies the state and the log; Yjs ignores
 * what it already has, so nothing is duplicated.
 */
import * as Y from 'yjs';
import type { Database } from '../src/db/database.ts';

export interface DocumentStore {
  /** The stored state and the logged updates of a document, in order. */
  load(name: string): Promise<Uint8Array[]>;
  /** Logs an update durably; returns its row id. */
  append(name: string, update: Uint8Array): Promise<string>;
  /** Writes a document's state and drops the log rows it contains. */
  store(name: string, state: Uint8Array, appliedRowIds: readonly string[]): Promise<void>;
}

export function documentStore(db: Database, instance: string): DocumentStore {
  return {
    async load(name) {
      const [stored] = await db.query<{ state: Uint8Array }>('SELECT state FROM office_documents WHERE name = $1', [name]);
      const log = await db.query<{ update: Uint8Array }>('SELECT update FROM office_document_updates WHERE name = $1 ORDER BY id', [name]);
      return [...(stored ? [stored.state] : []), ...log.map((row) => row.update)].map((bytes) => new Uint8Array(bytes));
    },
    async append(name, update) {
      const [row] = await db.query<{ id: string }>(
        'INSERT INTO office_document_updates (name, instance, update) VALUES ($1, $2, $3) RETURNING id::text AS id',
        [name, instance, update],
      );
      return row.id;
    },
    async store(name, state, appliedRowIds) {
      await db.transaction(async (tx) => {
        const [stored] = await tx.query<{ state: Uint8Array }>('SELECT state FROM office_documents WHERE name = $1 FOR UPDATE', [name]);
        const merged = stored ? Y.mergeUpdates([new Uint8Array(stored.state), state]) : state;
        await tx.query(
          `INSERT INTO office_documents (name, state, updated_at) VALUES ($1, $2, now())
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
