/**
 * Taking a list out of an office ("Stop sharing", issue 25): the list is marked removed in
 * `office_removed_lists`, so the office can say why a list is gone, and its document, update log
 * and history are deleted in the same transaction: every member keeps their own copy, the office
 * keeps nothing of it. A removed list is refused to everyone (members.ts puts it in every member's
 * access: roleOn answers 'none'), so it leaves the directory and a reconnect is refused with
 * `accessRemovedReason`, which every member's app answers by keeping its copy as a personal list.
 * An instance that still has the document loaded cannot write it back: the document store writes
 * nothing of a removed list (documentStore.ts).
 */
import type { Database } from '../src/db/database.ts';
import { officeDocumentName } from './documentName.ts';

/**
 * An SQL condition on `$1`, a document's name: true unless the list was removed from its office.
 * What writes a list's rows (its state, its update log, its history) writes only under it: an
 * instance that still has a removed list loaded must not write back what the removal deleted.
 * Names that are not an office's list are never removed. Split, not joined, so the primary key
 * answers it: every update a member sends is logged under it.
 */
export const notRemoved = `NOT EXISTS (SELECT 1 FROM office_removed_lists WHERE office_id = split_part($1, '/', 1) AND list_id = split_part($1, '/', 2))`;

export interface ListRemoval {
  /** Marks the list removed; false when the office has no such list (never written, or removed already). */
  remove(officeId: string, listId: string, memberId: string): Promise<boolean>;
}

export function listRemoval(db: Database): ListRemoval {
  return {
    async remove(officeId, listId, memberId) {
      const name = officeDocumentName(officeId, listId);
      return db.transaction(async (tx) => {
        // One statement: two members removing the list at once cannot both be told they did.
        const rows = await tx.query<{ list_id: string }>(
          `INSERT INTO office_removed_lists (office_id, list_id, removed_by)
           SELECT $1, $2, $3
           WHERE EXISTS (SELECT 1 FROM office_documents WHERE name = $4) OR EXISTS (SELECT 1 FROM office_document_updates WHERE name = $4)
           ON CONFLICT (office_id, list_id) DO NOTHING
           RETURNING list_id`,
          [officeId, listId, memberId, name],
        );
        if (rows.length === 0) return false;
        await tx.query('DELETE FROM office_documents WHERE name = $1', [name]);
        await tx.query('DELETE FROM office_document_updates WHERE name = $1', [name]);
        await tx.query('DELETE FROM office_list_activity WHERE name = $1', [name]);
        return true;
      });
    },
  };
}
