import { Dexie, type DexieOptions } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import {
  ShortlistDb,
  legacyShortlistDbName,
  legacyShortlistSchemaVersions,
  openShortlistDb,
  shortlistedActorIds,
  type ActorSnapshot,
  type ShortlistEntryRow,
  type ShortlistRow,
} from '../../../renderer/src/db/shortlistDb.ts';
import { migrateConnectionShortlists, type KnownConnection } from '../../../renderer/src/db/shortlistMigration.ts';

/** Every test gets an IndexedDB of its own: the legacy databases have fixed names. */
const freshOptions = (): DexieOptions => ({ indexedDB: new IDBFactory(), IDBKeyRange });

const demoOrigin = 'http://127.0.0.1:40000';
const agencyOrigin = 'https://directory.example.com';
const connections: KnownConnection[] = [
  { id: 'demo-1', name: 'Demo directory', directoryOrigin: demoOrigin },
  { id: 'agency-2', name: 'Agentur Nord', directoryOrigin: agencyOrigin },
];

function snapshot(name: string, extra: Partial<ActorSnapshot> = {}): ActorSnapshot {
  return {
    name,
    actingAgeFrom: 25,
    actingAgeTo: 35,
    age: 31,
    height: 172,
    gender: 'female',
    agencies: ['Agentur Schön'],
    languages: { deu: 'native', eng: 'fluent' },
    thumbUrl: `${demoOrigin}/media/${name.length}/thumb.png`,
    pictureUrl: `${demoOrigin}/media/${name.length}/large.png`,
    updatedAt: '2026-01-02T03:04:05.000+00:00',
    ...extra,
  };
}

type LegacyEntry = Omit<ShortlistEntryRow, 'directoryOrigin'>;

function legacyEntry(shortlistId: number, actorId: number, position: number, extra: Partial<LegacyEntry> = {}): LegacyEntry {
  return {
    shortlistId,
    actorId,
    position,
    note: '',
    rating: null,
    colours: [],
    tags: [],
    status: 'considering',
    addedAt: '2026-01-03T09:00:00.000Z',
    updatedAt: '2026-01-03T09:30:00.000Z',
    snapshot: snapshot(`Actor ${actorId}`),
    ...extra,
  };
}

function list(name: string, extra: Partial<ShortlistRow> = {}): ShortlistRow {
  return { name, castingCallId: null, roleId: null, castingCallName: null, roleName: null, createdAt: '2026-01-01T10:00:00.000Z', updatedAt: '2026-01-02T10:00:00.000Z', ...extra };
}

/** A per-connection shortlist database exactly as version 1 of the app wrote it. */
async function writeLegacy(options: DexieOptions, connectionId: string, lists: { list: ShortlistRow; entries: Omit<LegacyEntry, 'shortlistId'>[] }[]): Promise<void> {
  const legacy = new Dexie(legacyShortlistDbName(connectionId), options);
  legacy.version(1).stores(legacyShortlistSchemaVersions[1]);
  await legacy.open();
  for (const { list: row, entries } of lists) {
    const id = (await legacy.table('shortlists').add(row)) as number;
    await legacy.table('entries').bulkAdd(entries.map((entry) => ({ ...entry, shortlistId: id })));
  }
  legacy.close();
}

/** The old layout with real data: two live connections (one list name on both) and one removed connection. */
async function oldLayout(options: DexieOptions): Promise<void> {
  await writeLegacy(options, 'demo-1', [
    {
      list: list('Tatort Kiel', { castingCallId: 12, roleId: 34, castingCallName: 'Tatort Kiel', roleName: 'Kommissarin Jörgensen' }),
      entries: [
        legacyEntry(0, 7, 1, { note: 'Great self tape, speaks Platt', rating: 5, colours: ['green', 'blue'], tags: ['lead', 'dialect'], status: 'callback' }),
        legacyEntry(0, 3, 2.5, { rating: 2, status: 'released', snapshot: snapshot('Björn Berg', { agencies: [] }) }),
        legacyEntry(0, 11, 4, { note: 'Ähnlich wie Zoë', colours: ['red'], status: 'booked' }),
      ],
    },
    { list: list('Pilot – lead'), entries: [legacyEntry(0, 3, 1, { note: 'also here' })] },
    { list: list('Empty list'), entries: [] },
  ]);
  await writeLegacy(options, 'agency-2', [
    { list: list('Pilot – lead'), entries: [legacyEntry(0, 7, 1, { note: 'other directory, other actor 7', tags: ['agency'], status: 'invited' })] },
  ]);
  await writeLegacy(options, 'removed-3', [{ list: list('Old project'), entries: [legacyEntry(0, 99, 1, { rating: 4, tags: ['kept'] })] }]);
}

/** Lists with their entries in order, as the app reads them, without the ids the copy gave. */
async function contents(db: ShortlistDb) {
  const lists = await db.shortlists.orderBy('id').toArray();
  return Promise.all(
    lists.map(async ({ id, ...row }) => ({
      ...row,
      entries: (await db.entries.where('[shortlistId+position]').between([id!, -Infinity], [id!, Infinity]).toArray()).map(({ id: _id, shortlistId: _list, ...entry }) => entry),
    })),
  );
}

const expected = [
  {
    ...list('Tatort Kiel', { castingCallId: 12, roleId: 34, castingCallName: 'Tatort Kiel', roleName: 'Kommissarin Jörgensen' }),
    entries: [
      { ...legacyEntry(0, 7, 1, { note: 'Great self tape, speaks Platt', rating: 5, colours: ['green', 'blue'], tags: ['lead', 'dialect'], status: 'callback' }), directoryOrigin: demoOrigin },
      { ...legacyEntry(0, 3, 2.5, { rating: 2, status: 'released', snapshot: snapshot('Björn Berg', { agencies: [] }) }), directoryOrigin: demoOrigin },
      { ...legacyEntry(0, 11, 4, { note: 'Ähnlich wie Zoë', colours: ['red'], status: 'booked' }), directoryOrigin: demoOrigin },
    ],
  },
  { ...list('Pilot – lead'), entries: [{ ...legacyEntry(0, 3, 1, { note: 'also here' }), directoryOrigin: demoOrigin }] },
  { ...list('Empty list'), entries: [] },
  // Sorted by database name: agency-2 < demo-1 < removed-3.
].map(({ entries, ...row }) => ({ ...row, entries: entries.map(({ shortlistId: _list, ...entry }) => entry) }));

const fromAgency = {
  ...list('Pilot – lead'),
  entries: [{ ...legacyEntry(0, 7, 1, { note: 'other directory, other actor 7', tags: ['agency'], status: 'invited' }), directoryOrigin: agencyOrigin }].map(({ shortlistId: _list, ...entry }) => entry),
};
const fromRemoved = {
  ...list('Old project'),
  entries: [{ ...legacyEntry(0, 99, 1, { rating: 4, tags: ['kept'] }), directoryOrigin: 'connection:removed-3' }].map(({ shortlistId: _list, ...entry }) => entry),
};

describe('shortlists move from a database per connection to the user’s one database', () => {
  it('copies every list and entry with note, rating, tags, colours, status and snapshot, naming each directory', async () => {
    const options = freshOptions();
    await oldLayout(options);
    const db = await openShortlistDb(options);
    const report = await migrateConnectionShortlists(db, connections, options);
    expect(report.copied.map((row) => [row.connectionId, row.lists, row.entries])).toEqual([
      ['agency-2', 1, 1],
      ['demo-1', 3, 4],
      ['removed-3', 1, 1],
    ]);
    // The second "Pilot – lead" says where it came from; nothing else is renamed.
    expect(await contents(db)).toEqual([fromAgency, ...expected.map((row) => (row.name === 'Pilot – lead' ? { ...row, name: 'Pilot – lead (Demo directory)' } : row)), fromRemoved]);
    // Actor 7 of the demo and actor 7 of the agency's directory are two actors.
    expect(await shortlistedActorIds(demoOrigin, options)).toEqual([3, 7, 11]);
    expect(await shortlistedActorIds(agencyOrigin, options)).toEqual([7]);
    // The old databases stay as they were.
    const legacy = new Dexie(legacyShortlistDbName('demo-1'), options);
    legacy.version(1).stores(legacyShortlistSchemaVersions[1]);
    expect(await legacy.table('entries').count()).toBe(4);
    legacy.close();
    db.close();
  });

  it('never copies twice: a crash mid-way, a restart, a second window at the same time', async () => {
    const options = freshOptions();
    await oldLayout(options);

    // The first start dies while copying the second database: its transaction never commits.
    const first = await openShortlistDb(options);
    const bulkAdd = first.entries.bulkAdd.bind(first.entries);
    let calls = 0;
    first.entries.bulkAdd = ((...args: Parameters<typeof bulkAdd>) => {
      calls += 1;
      if (calls === 2) throw new Error('the window was closed');
      return bulkAdd(...args);
    }) as typeof bulkAdd;
    await expect(migrateConnectionShortlists(first, connections, options)).rejects.toThrow('the window was closed');
    expect((await first.migrations.toArray()).map((row) => row.connectionId)).toEqual(['agency-2']);
    expect(await first.shortlists.count()).toBe(1);
    first.close();

    // The restart: two windows start at once; between them everything is copied exactly once.
    const [a, b] = await Promise.all([openShortlistDb(options), openShortlistDb(options)]);
    const reports = await Promise.all([migrateConnectionShortlists(a, connections, options), migrateConnectionShortlists(b, connections, options)]);
    expect(reports.flatMap((report) => report.copied.map((row) => row.connectionId)).sort()).toEqual(['demo-1', 'removed-3']);
    expect(await contents(a)).toEqual([fromAgency, ...expected.map((row) => (row.name === 'Pilot – lead' ? { ...row, name: 'Pilot – lead (Demo directory)' } : row)), fromRemoved]);

    // Every later start finds nothing to do.
    expect(await migrateConnectionShortlists(a, connections, options)).toEqual({ copied: [], alreadyCopied: 3 });
    expect(await a.entries.count()).toBe(6);
    a.close();
    b.close();
  });

  it('copies a database that appears after the first migration (an old window still writing)', async () => {
    const options = freshOptions();
    const db = await openShortlistDb(options);
    expect(await migrateConnectionShortlists(db, connections, options)).toEqual({ copied: [], alreadyCopied: 0 });
    await writeLegacy(options, 'demo-1', [{ list: list('Late'), entries: [legacyEntry(0, 5, 1, { note: 'late note' })] }]);
    const report = await migrateConnectionShortlists(db, connections, options);
    expect(report.copied).toHaveLength(1);
    expect((await contents(db)).map((row) => [row.name, row.entries.map((entry) => [entry.directoryOrigin, entry.actorId, entry.note])])).toEqual([['Late', [[demoOrigin, 5, 'late note']]]]);
    db.close();
  });
});
