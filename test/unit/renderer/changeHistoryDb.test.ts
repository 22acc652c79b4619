/**
 * The change history database on fake-indexeddb: a detail replacing a cached one is recorded once
 * through the library's detail write (the first detail records nothing), a write of the library
 * that fails after the history put leaves exactly one record after the retry, a failure inside the
 * history transaction leaves no record at all, the cap drops the oldest first, and everything is
 * there again after a restart.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActorDetail } from '../../../contract/directory-api.ts';
import { onDetailWrite } from '../../../renderer/src/db/detailWriteHook.ts';
import {
  historyDbVersion,
  historySchemaVersions,
  historyTotals,
  markProfileOpened,
  minHistoryCapBytes,
  openHistoryDb,
  putChangeRecord,
  recentRecords,
  recordsOfProfile,
  setHistoryCap,
  type HistoryDb,
} from '../../../renderer/src/db/historyDb.ts';
import type { ConnectionLibrary } from '../../../renderer/src/db/connectionLibrary.ts';
import { LibraryDb } from '../../../renderer/src/db/libraryDb.ts';
import { writeProfileDetail } from '../../../renderer/src/db/libraryWrites.ts';
import { recordDetailChange } from '../../../renderer/src/db/recordDetailChange.ts';
import { actorDetail, actorItem } from './fakeDirectory.ts';

const dexieOptions = { indexedDB, IDBKeyRange };
const origin = 'https://directory.example';
const runId = Math.random().toString(36).slice(2, 8);
let counter = 0;
const opened: { close(): void; delete(): Promise<void> }[] = [];

afterEach(async () => {
  for (const db of opened.splice(0).reverse()) {
    db.close();
    await db.delete();
  }
});

async function freshHistory(): Promise<{ history: HistoryDb; name: string }> {
  const name = `history-test-${runId}-${(counter += 1)}`;
  const history = await openHistoryDb(dexieOptions, name);
  opened.push(history);
  return { history, name };
}

/** A library, and one connection's share of it (its directory the first: code 0, so uid = id). */
function freshLibrary(): LibraryDb & ConnectionLibrary {
  const db = new LibraryDb(`history-lib-${runId}-${(counter += 1)}`, dexieOptions);
  opened.push(db);
  return Object.assign(db, { db, connectionId: 'c1', origin, code: 0 });
}

/** A library whose detail writes the history follows, as the history store wires it. */
function followed(library: LibraryDb, history: HistoryDb): void {
  onDetailWrite(library, async (kind, previous, next) => {
    await recordDetailChange(history, origin, kind, previous, next, new Date().toISOString());
  });
}

const base = (): ActorDetail => actorDetail(actorItem(1, 'Lena Brandt'));
const edited = (updatedAt: string, edit: (detail: ActorDetail) => void): ActorDetail => {
  const next = structuredClone(base());
  edit(next);
  next.updated_at = updatedAt;
  return next;
};

describe('the change history database', () => {
  it('opens at its current version with the tables and indexes of its schema', async () => {
    const { history } = await freshHistory();
    expect(history.verno).toBe(historyDbVersion);
    const schema = historySchemaVersions[historyDbVersion];
    expect(history.tables.map((table) => table.name).sort()).toEqual(Object.keys(schema).sort());
    expect(history.records.schema.primKey.name).toBe('key');
    expect(history.records.schema.indexes.map((index) => index.name).sort()).toEqual(['[origin+kind+profileId]', 'seq']);
    expect(history.opened.schema.primKey.name).toBe('[origin+kind+profileId]');
  });

  it('records a changed detail once, nothing for the first detail or an unchanged one', async () => {
    const { history } = await freshHistory();
    const library = freshLibrary();
    followed(library, history);
    await writeProfileDetail(library, 'actor', base(), new Date().toISOString());
    expect(await history.records.count()).toBe(0);

    const taller = edited('2026-02-01T10:00:00.000Z', (detail) => {
      detail.height = 181;
    });
    await writeProfileDetail(library, 'actor', taller, new Date().toISOString());
    await writeProfileDetail(library, 'actor', taller, new Date().toISOString());
    const records = await recordsOfProfile(history, origin, 'actor', 1);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ name: 'Lena Brandt', updatedAt: taller.updated_at, previousUpdatedAt: base().updated_at, changes: [{ field: 'height', from: null, to: 181 }] });
    expect((await library.actors.get(1))?.detail?.height).toBe(181);
    expect(await historyTotals(history)).toMatchObject({ count: 1, bytes: records[0]!.bytes });
  });

  it('records no language switch: a detail asked in another content language records only what does not follow the language', async () => {
    const { history } = await freshHistory();
    const library = freshLibrary();
    followed(library, history);
    await writeProfileDetail(library, 'actor', { ...base(), about_me: 'I like to act.' }, new Date().toISOString(), 'en');
    expect((await library.actors.get(1))?.detailLocale).toBe('en');
    // The user switched to German: the same profile, its about me in German.
    await writeProfileDetail(library, 'actor', { ...base(), about_me: 'Ich spiele gern.' }, new Date().toISOString(), 'de');
    expect((await library.actors.get(1))?.detailLocale).toBe('de');
    expect(await history.records.count()).toBe(0);
    // Back to English with a new picture: the picture is recorded, the text read in English again is not.
    const withPicture = edited('2026-02-01T10:00:00.000Z', (detail) => {
      detail.about_me = 'I like to act.';
      detail.pictures = [...detail.pictures!, { ...detail.pictures![0]!, id: 999, main_picture: false }];
    });
    await writeProfileDetail(library, 'actor', withPicture, new Date().toISOString(), 'en');
    const records = await recordsOfProfile(history, origin, 'actor', 1);
    expect(records.map((record) => record.changes)).toEqual([[{ field: 'pictures', added: [999], removed: [] }]]);
    // In one language a rewritten about me is recorded; a detail whose language was not recorded counts as another one.
    await writeProfileDetail(library, 'actor', { ...withPicture, about_me: 'I love to act.', updated_at: '2026-03-01T10:00:00.000Z' }, new Date().toISOString(), 'en');
    await writeProfileDetail(library, 'actor', { ...withPicture, about_me: 'Ich liebe es.', updated_at: '2026-04-01T10:00:00.000Z' }, new Date().toISOString());
    expect((await library.actors.get(1))?.detailLocale).toBeUndefined();
    expect((await recordsOfProfile(history, origin, 'actor', 1)).map((record) => record.updatedAt)).toEqual(['2026-03-01T10:00:00.000Z', '2026-02-01T10:00:00.000Z']);
  });

  it('a library write that fails after the history put leaves one whole record after the retry', async () => {
    const { history } = await freshHistory();
    const library = freshLibrary();
    followed(library, history);
    await writeProfileDetail(library, 'actor', base(), new Date().toISOString());
    const next = edited('2026-02-01T10:00:00.000Z', (detail) => {
      detail.acting_age_to = 45;
      detail.pictures = detail.pictures!.slice(0, 1);
    });

    // The crash: the library's transaction aborts after the history was written.
    const crash = () => {
      throw new Error('crash mid-sync');
    };
    library.actors.hook('updating', crash);
    await expect(writeProfileDetail(library, 'actor', next, new Date().toISOString())).rejects.toThrow();
    library.actors.hook('updating').unsubscribe(crash);
    expect((await library.actors.get(1))?.detail?.updated_at).toBe(base().updated_at);
    const first = await recordsOfProfile(history, origin, 'actor', 1);
    expect(first).toHaveLength(1);

    // The next sync fetches the same update again: the same record, in the same place.
    await writeProfileDetail(library, 'actor', next, new Date().toISOString());
    const after = await recordsOfProfile(history, origin, 'actor', 1);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ key: first[0]!.key, seq: first[0]!.seq, changes: first[0]!.changes });
    expect(await historyTotals(history)).toMatchObject({ count: 1, bytes: after[0]!.bytes });
    expect((await library.actors.get(1))?.detail?.acting_age_to).toBe(45);
  });

  it('a failure inside the history write leaves no record, no size, and keeps the library as it was', async () => {
    const { history } = await freshHistory();
    const library = freshLibrary();
    followed(library, history);
    await writeProfileDetail(library, 'actor', base(), new Date().toISOString());
    const fail = () => {
      throw new Error('crash while counting');
    };
    history.meta.hook('creating', fail);
    await expect(writeProfileDetail(library, 'actor', edited('2026-02-01T10:00:00.000Z', (detail) => void (detail.height = 170)), new Date().toISOString())).rejects.toThrow();
    history.meta.hook('creating').unsubscribe(fail);
    expect(await history.records.count()).toBe(0);
    expect(await historyTotals(history)).toMatchObject({ count: 0, bytes: 0 });
    // The detail waits for the next sync, which records it.
    expect((await library.actors.get(1))?.detail?.height).toBeUndefined();
  });

  it('keeps the size under the cap by dropping the oldest records first', async () => {
    const { history } = await freshHistory();
    const put = (id: number, at: string) =>
      putChangeRecord(history, { origin, kind: 'actor', profileId: id, name: `Actor ${id}`, updatedAt: at, previousUpdatedAt: null, recordedAt: at, changes: [{ field: 'aboutMe' }] });
    const sizes: number[] = [];
    for (let id = 1; id <= 30; id += 1) sizes.push((await put(id, `2026-02-${String(id % 28 + 1).padStart(2, '0')}T10:00:00.000Z`)).bytes);
    expect(await historyTotals(history)).toMatchObject({ count: 30, bytes: sizes.reduce((sum, bytes) => sum + bytes, 0) });

    await setHistoryCap(history, 1);
    expect((await historyTotals(history)).capBytes).toBe(minHistoryCapBytes);
    const fits = Math.floor(minHistoryCapBytes / sizes[29]!);
    expect(fits).toBeGreaterThan(30);
    // Many more records than fit: the oldest leave as new ones come; the size stays under the cap.
    const lastId = 31 + fits + 20;
    for (let id = 31; id <= lastId; id += 1) await put(id, '2026-03-01T10:00:00.000Z');
    const newestFirst = async () => {
      const kept = await recentRecords(history, 10_000);
      const totals = await historyTotals(history);
      expect(totals.bytes).toBeLessThanOrEqual(totals.capBytes);
      expect(kept).toHaveLength(totals.count);
      expect(kept.reduce((sum, record) => sum + record.bytes, 0)).toBe(totals.bytes);
      return kept.map((record) => record.profileId);
    };
    const kept = await newestFirst();
    expect(kept.length).toBeLessThan(fits + 21);
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, index) => lastId - index));

    // A larger cap keeps more; lowering it again trims at once, oldest first.
    await setHistoryCap(history, 10 * 1024 * 1024);
    for (let id = lastId + 1; id <= lastId + 100; id += 1) await put(id, '2026-03-02T10:00:00.000Z');
    expect(await newestFirst()).toHaveLength(kept.length + 100);
    await setHistoryCap(history, minHistoryCapBytes);
    const trimmed = await newestFirst();
    expect(trimmed.length).toBeLessThanOrEqual(kept.length);
    expect(trimmed).toEqual(Array.from({ length: trimmed.length }, (_, index) => lastId + 100 - index));
  });

  it('survives a restart: records, size, cap and the last opening are read back', async () => {
    const { history, name } = await freshHistory();
    await putChangeRecord(history, { origin, kind: 'crew', profileId: 9, name: 'Ada', updatedAt: '2026-02-01T10:00:00.000Z', previousUpdatedAt: null, recordedAt: '2026-02-02T10:00:00.000Z', changes: [{ field: 'height', from: 1, to: 2 }] });
    await setHistoryCap(history, 2 * 1024 * 1024);
    expect(await markProfileOpened(history, origin, 'crew', 9, '2026-02-03T10:00:00.000Z')).toBeNull();
    const before = await historyTotals(history);
    history.close();

    const again = await openHistoryDb(dexieOptions, name);
    opened.push(again);
    expect(await historyTotals(again)).toEqual(before);
    expect(before.capBytes).toBe(2 * 1024 * 1024);
    expect(await recordsOfProfile(again, origin, 'crew', 9)).toHaveLength(1);
    expect(await markProfileOpened(again, origin, 'crew', 9, '2026-02-04T10:00:00.000Z')).toBe('2026-02-03T10:00:00.000Z');
  });
});
