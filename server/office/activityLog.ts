/**
 * The office's history of each shared list: records the server wrote (officeActivity.ts), kept in
 * its database beside the documents so every instance behind Redis reads the same history. Bounded:
 * a list keeps its last `keptPerList` records, older ones are dropped as new ones come.
 */
import type { ActivityRecord } from '../../contract/officeActivity.ts';
import type { Database } from '../src/db/database.ts';
import { notRemoved } from './listRemoval.ts';

export const keptPerList = 500;

export interface ActivityLog {
  /** Stores a record of document `name`; returns it with the id it was stored under, or null for a list removed from its office. */
  append(name: string, record: Omit<ActivityRecord, 'id'>): Promise<ActivityRecord | null>;
  /** The last `limit` records of document `name`, oldest first. */
  recent(name: string, limit: number): Promise<ActivityRecord[]>;
}

export function activityLog(db: Database, kept = keptPerList): ActivityLog {
  return {
    async append(name, record) {
      const [row] = await db.query<{ id: string }>(`INSERT INTO office_list_activity (name, record) SELECT $1, $2 WHERE ${notRemoved} RETURNING id::text AS id`, [
        name,
        JSON.stringify(record),
      ]);
      if (!row) return null;
      await db.query(
        `DELETE FROM office_list_activity WHERE name = $1 AND id <= (
           SELECT id FROM office_list_activity WHERE name = $1 ORDER BY id DESC OFFSET $2 LIMIT 1)`,
        [name, kept],
      );
      return { id: row.id, ...record };
    },
    async recent(name, limit) {
      const rows = await db.query<{ id: string; record: Omit<ActivityRecord, 'id'> | string }>(
        'SELECT id::text AS id, record FROM office_list_activity WHERE name = $1 ORDER BY id DESC LIMIT $2',
        [name, limit],
      );
      return rows.reverse().map((row) => ({ id: row.id, ...(typeof row.record === 'string' ? JSON.parse(row.record) : row.record) }));
    },
  };
}
