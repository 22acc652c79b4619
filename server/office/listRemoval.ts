/**
 * Taking a list out of an office ("Stop sharing", issue 25): the list is marked removed in
 * `office_removed_lists` rather than its document deleted, so a removal racing a member's last
 * write loses nothing the office acknowledged, and the office can say why a list is gone. A removed
 * list is refused to everyone (members.ts puts it in every member's access: roleOn answers 'none'),
 * so it leaves the directory and a reconnect is refused with `accessRemovedReason`, which every
 * member's app answers by keeping its copy as a personal list.
 */
import type { Database } from '../src/db/database.ts';
import { officeDocumentName } from './documentName.ts';

export interface ListRemoval {
  /** Marks the list removed; false when the office has no such list (never written, or removed already). */
  remove(officeId: string, listId: string, memberId: string): Promise<boolean>;
}

export function listRemoval(db: Database): ListRemoval {
  return {
    async remove(officeId, listId, memberId) {
      const name = officeDocumentName(officeId, listId);
      // One statement: two members removing the list at once cannot both be told they did.
      const rows = await db.query<{ list_id: string }>(
        `INSERT INTO office_removed_lists (office_id, list_id, removed_by)
         SELECT $1, $2, $3
         WHERE EXISTS (SELECT 1 FROM office_documents WHERE name = $4) OR EXISTS (SELECT 1 FROM office_document_updates WHERE name = $4)
         ON CONFLICT (office_id, list_id) DO NOTHING
         RETURNING list_id`,
        [officeId, listId, memberId, name],
      );
      return rows.length > 0;
    },
  };
}
