/**
 * The history database of shared lists (fake-indexeddb): a record arriving twice is kept once,
 * only the newest `activityRecordsKept` of a list are kept (another list's are not touched), and
 * what was kept is there after the database is opened again.
 */
import { afterEach, expect, it } from 'vitest';
import type { ActivityRecord } from '../../../contract/officeActivity.ts';
import { activityRecordsKept, keepListActivity, OfficeActivityDb, readListActivity } from '../../../renderer/src/db/officeActivityDb.ts';

const name = `office-activity-test-${Math.random().toString(36).slice(2, 8)}`;
const opened: OfficeActivityDb[] = [];

afterEach(async () => {
  for (const db of opened.splice(0)) db.close();
  await new OfficeActivityDb(name).delete();
});

function open(): OfficeActivityDb {
  const db = new OfficeActivityDb(name);
  opened.push(db);
  return db;
}

/** Record `n` of a list, a second later than record n - 1. */
function record(n: number, memberName = 'Ben'): ActivityRecord {
  return { id: String(n), at: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(), memberId: 'm-ben', memberName, changes: [{ kind: 'rating', count: 1, names: ['Anna'] }] };
}

it('keeps a record that arrives twice once, and keeps it when the database is opened again', async () => {
  const db = open();
  await keepListActivity(db, 'office/list-a', [record(1), record(2)]);
  await keepListActivity(db, 'office/list-a', [record(2), record(3)]);
  await keepListActivity(db, 'office/list-b', [record(2, 'Lea')]);
  db.close();

  const again = open();
  expect((await readListActivity(again, 'office/list-a')).map((kept) => kept.id)).toEqual(['3', '2', '1']);
  expect(await readListActivity(again, 'office/list-b')).toEqual([record(2, 'Lea')]);
  expect(await again.records.count()).toBe(4);
});

it('keeps the newest records of a list and drops the oldest, leaving other lists alone', async () => {
  const db = open();
  await keepListActivity(db, 'office/list-b', [record(1)]);
  const all = Array.from({ length: activityRecordsKept + 20 }, (_, i) => record(i + 1));
  await keepListActivity(db, 'office/list-a', all.slice(0, 300));
  await keepListActivity(db, 'office/list-a', all.slice(300));

  const kept = await readListActivity(db, 'office/list-a');
  expect(kept).toHaveLength(activityRecordsKept);
  expect(kept[0]).toEqual(all.at(-1));
  expect(kept.at(-1)).toEqual(all[20]);
  expect(await readListActivity(db, 'office/list-b')).toEqual([record(1)]);
});
