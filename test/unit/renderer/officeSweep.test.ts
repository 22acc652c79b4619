/**
 * The sweep's bringing in of an office's lists (sync/officeSweep.ts bringInLists), on the shortlist
 * database (Dexie on fake-indexeddb): each list the directory names and this computer lacks becomes
 * a shared list with the member's role on it, known before it is first attached; a list already
 * here, or one stopped sharing here that the office still has, is not brought in again.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, expect, it } from 'vitest';
import type { OfficeDirectory } from '../../../contract/officeBridge.ts';
import { ShortlistDb } from '../../../renderer/src/db/shortlistDb.ts';
import { bringInLists } from '../../../renderer/src/sync/officeSweep.ts';

const office = { officeRecordId: 'record-1', officeId: 'Office_1' };
const opened: ShortlistDb[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

function directory(lists: OfficeDirectory['lists']): Pick<OfficeDirectory, 'member' | 'lists'> {
  return { member: { id: 'ben-1', name: 'Ben', officeRole: 'none', isOwner: false }, lists };
}

it('brings in each list it lacks with the member\'s role on it, and none twice nor one stopped here', async () => {
  const db = new ShortlistDb({ indexedDB: new IDBFactory(), IDBKeyRange }, `sweep-${crypto.randomUUID()}`);
  await db.open();
  opened.push(db);
  const lists: OfficeDirectory['lists'] = [
    { id: 'finals', name: 'Finals', entries: 3, updatedAt: null, role: 'viewer' },
    { id: 'callbacks', name: 'Callbacks', entries: 1, updatedAt: null, role: 'editor' },
    { id: 'let-go', name: 'Stopped here', entries: 2, updatedAt: null, role: 'editor' },
  ];
  await db.officeListsLetGo.add({ ...office, listId: 'let-go', shortlistId: 99, removalOwed: false, at: '2026-01-01T00:00:00.000Z' });

  const opened1 = await bringInLists(db, office, directory(lists));
  expect(opened1).toHaveLength(2);
  const rows = await db.officeLists.bulkGet(opened1);
  expect(rows.map((row) => [row!.listId, row!.role, row!.memberId])).toEqual([
    ['finals', 'viewer', 'ben-1'],
    ['callbacks', 'editor', 'ben-1'],
  ]);
  expect((await db.shortlists.bulkGet(opened1)).map((list) => list!.name)).toEqual(['Finals', 'Callbacks']);

  // The next sweep finds them here.
  expect(await bringInLists(db, office, directory(lists))).toEqual([]);
  expect(await db.officeLists.count()).toBe(2);
});
