/**
 * The history of shared lists as this computer received it (issue 25), in a database of its own
 * (`castdesk-office-activity`): the office keeps the history, but offline the list's panel shows
 * what arrived before. Records are keyed by the list's office document (`<officeId>/<listId>`)
 * and the record's id, so a record that arrives twice (the last records again when the list is
 * opened, or a record relayed twice) is kept once. Only the last `activityRecordsKept` per list
 * are kept, as the office keeps (server/office/activityLog.ts).
 */
import { Dexie, type DexieOptions, type Table } from 'dexie';
import { activityNewestFirst, type ActivityRecord } from '../../../contract/officeActivity.ts';

export const officeActivityDbName = 'castdesk-office-activity';
export const activityRecordsKept = 500;

export interface StoredActivityRecord extends ActivityRecord {
  /** The list's office document name. */
  list: string;
}

export class OfficeActivityDb extends Dexie {
  records!: Table<StoredActivityRecord, [string, string]>;
  constructor(name = officeActivityDbName, options?: DexieOptions) {
    super(name, options);
    this.version(1).stores({ records: '[list+id]' });
  }
}

function withoutList({ list: _list, ...record }: StoredActivityRecord): ActivityRecord {
  return record;
}

let opened: OfficeActivityDb | null = null;

/** The app's one history database, opened on first use. */
export function officeActivityDb(): OfficeActivityDb {
  return (opened ??= new OfficeActivityDb());
}

/** Closes the app's history database (tests delete it between runs). */
export function closeOfficeActivityDb(): void {
  opened?.close();
  opened = null;
}

/** The records kept for `list`, newest first. */
export async function readListActivity(db: OfficeActivityDb, list: string): Promise<ActivityRecord[]> {
  const rows = await db.records.where('[list+id]').between([list, Dexie.minKey], [list, Dexie.maxKey]).toArray();
  return rows.map(withoutList).sort(activityNewestFirst);
}

/** Keeps `records` for `list` (each once) and drops the oldest beyond `activityRecordsKept`. */
export async function keepListActivity(db: OfficeActivityDb, list: string, records: readonly ActivityRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db.transaction('rw', db.records, async () => {
    await db.records.bulkPut(records.map((record) => ({ ...record, list })));
    const kept = await db.records.where('[list+id]').between([list, Dexie.minKey], [list, Dexie.maxKey]).toArray();
    const dropped = kept.sort(activityNewestFirst).slice(activityRecordsKept);
    if (dropped.length > 0) await db.records.bulkDelete(dropped.map((record): [string, string] => [list, record.id]));
  });
}
