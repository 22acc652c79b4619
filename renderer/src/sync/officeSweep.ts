/**
 * The background sweep of an office's lists (issue 25: "attaching the lists that are open plus a
 * background sweep of the rest"). The office's list directory names every list the member may
 * open; a list not on this computer yet is brought in as a shared list (openSharedList: a local
 * list that the office fills; or the personal list it was kept as when the office was removed here,
 * linked back); then each shared list of the office that is not open is attached, one at a time,
 * until it has synced (or the office refused it), and let go again. So every list is on this
 * computer and fresh when the member goes offline, without hundreds of documents held open at once.
 */
import type { OfficeDirectory } from '../../../contract/officeBridge.ts';
import type { ShortlistDb } from '../db/shortlistDb.ts';
import { keptCopiesOf, linkKeptCopy, openSharedList, type OfficeRef } from './officeSharing.ts';

/**
 * Brings in each listed list this computer does not have yet (nor stopped sharing here), with the
 * member's role on it as the directory names it (the app knows what the member may do on it before
 * it is first attached, offline too): the personal list it was kept as when the office was removed
 * here is linked back when unchanged since (linkKeptCopy), else it is opened as a new list. Returns
 * the lists brought in (shortlist ids).
 */
export async function bringInLists(db: ShortlistDb, office: OfficeRef, directory: Pick<OfficeDirectory, 'member' | 'lists'>, at = new Date().toISOString()): Promise<number[]> {
  const { member, lists } = directory;
  const known = new Set((await db.officeLists.where('officeRecordId').equals(office.officeRecordId).toArray()).map((row) => row.listId));
  // Read once a list is missing here, which is seldom: a read of every list, as nothing indexes them by office.
  let keptCopies: Map<string, number> | null = null;
  const brought: number[] = [];
  for (const list of lists) {
    if (known.has(list.id)) continue;
    // Taken by another office record with the same office id (the same office at two addresses): left to that one.
    if (await db.officeLists.where('[officeId+listId]').equals([office.officeId, list.id]).count()) continue;
    // Stopped sharing here while the office still has it: the member has their copy of it already.
    if (await db.officeListsLetGo.get([office.officeId, list.id])) continue;
    const access = list.role ? { role: list.role, memberId: member.id } : {};
    keptCopies ??= await keptCopiesOf(db, office.officeId);
    const copy = keptCopies.get(list.id);
    if (copy !== undefined && (await linkKeptCopy(db, copy, office, list.id, at, access))) brought.push(copy);
    else brought.push(await openSharedList(db, office, list.id, list.name, at, access));
    known.add(list.id);
  }
  return brought;
}

/**
 * Runs `syncOnce` on each shared list of the office, one after another; a list that fails is
 * reported and the sweep goes on with the next.
 */
export async function sweepOfficeLists(
  db: ShortlistDb,
  officeRecordId: string,
  syncOnce: (shortlistId: number) => Promise<void>,
  report: (shortlistId: number, failure: unknown) => void,
): Promise<number[]> {
  const swept: number[] = [];
  for (const row of await db.officeLists.where('officeRecordId').equals(officeRecordId).toArray()) {
    try {
      await syncOnce(row.shortlistId);
      swept.push(row.shortlistId);
    } catch (failure) {
      report(row.shortlistId, failure);
    }
  }
  return swept;
}
