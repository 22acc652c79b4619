/**
 * The page side of historyCrash.test.ts, bundled by it: the change history database in Chromium's
 * IndexedDB. `startWriting` puts records one after another (each one put with the running size, as
 * a sync does) and counts those whose transaction completed; `check` reads everything back after
 * the browser was killed and started again.
 */
import { historyTotals, openHistoryDb, putChangeRecord, type ChangeRecord } from '../../renderer/src/db/historyDb.ts';

const name = 'castdesk-history-crash';
/** Credits per record: some 25 KB, so a kill lands inside a write, not between two. */
const creditsPerRecord = 250;

const state = { committed: 0, failed: null as string | null };

function change(index: number) {
  return {
    field: 'credits' as const,
    added: Array.from({ length: creditsPerRecord }, (_, entry) => ({ group: 'film', name: `Film ${index}-${entry} ${'x'.repeat(60)}`, role: 'Lead', year: 2000 + (entry % 25) })),
    removed: [],
  };
}

const page = {
  ready: true,
  state,

  /** Writes records until the page dies. */
  async startWriting() {
    const db = await openHistoryDb(undefined, name);
    void (async () => {
      for (let index = 1; ; index += 1) {
        const at = new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString();
        try {
          await putChangeRecord(db, { origin: 'https://crash.example', kind: 'actor', profileId: index, name: `Actor ${index}`, updatedAt: at, previousUpdatedAt: null, recordedAt: at, changes: [change(index)] });
        } catch (failure) {
          state.failed = String(failure);
          return;
        }
        state.committed = index;
      }
    })();
  },

  /** Everything the database holds after the restart, and whether each record is whole. */
  async check() {
    const db = await openHistoryDb(undefined, name);
    const records: ChangeRecord[] = await db.records.orderBy('seq').toArray();
    const totals = await historyTotals(db);
    const whole = records.filter((record) => {
      const credits = record.changes[0];
      const expected = JSON.stringify(change(record.profileId));
      return record.changes.length === 1 && JSON.stringify(credits) === expected && record.bytes === JSON.stringify({ ...record, bytes: 0 }).length;
    });
    db.close();
    return {
      count: records.length,
      whole: whole.length,
      ids: records.map((record) => record.profileId),
      seqs: records.map((record) => record.seq),
      bytes: records.reduce((sum, record) => sum + record.bytes, 0),
      totals,
    };
  },
};

(globalThis as unknown as { historyCrash: typeof page }).historyCrash = page;
export type HistoryCrashPage = typeof page;
