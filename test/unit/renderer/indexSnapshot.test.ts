/**
 * The persisted search index: a snapshot read back answers every query and facet count like the
 * index it was taken from, catches up with rows written after it by rev (exactly as an index
 * built from all rows would answer), and a snapshot of another format or a damaged one reads as
 * null instead of throwing.
 */
import { describe, expect, it } from 'vitest';
import type { SearchRow } from '../../../renderer/src/db/libraryDb.ts';
import { foldName } from '../../../renderer/src/search/foldName.ts';
import { indexSnapshotFormat, restoreIndex, snapshotOfIndex } from '../../../renderer/src/search/indexSnapshot.ts';
import { emptyQuery, facetNames, ProfileIndex, type ProfileQuery, type QueryResult } from '../../../renderer/src/search/profileIndex.ts';
import { withFacets } from '../../support/facetedSearchRows.ts';
import { keystrokes, realisticNames, typedQueries } from '../../support/searchCorpus.ts';
import { searchRowsOf } from '../../support/searchRows.ts';

const people = realisticNames(4000, 5);
const rows = withFacets(searchRowsOf(people), 9);

function indexOf(source: readonly SearchRow[]): ProfileIndex {
  const index = new ProfileIndex();
  index.upsert(source);
  return index;
}

/** Name searches of every kind (typed keystrokes included), with filters, sorts and facet counts. */
function queriesOf(names: typeof people): ProfileQuery[] {
  const typed = typedQueries(names, 25, 4);
  const texts = [...new Set([...keystrokes(typed.slice(0, 12)), ...typed.map((query) => query.text), '', 'a', 'mü', 'yilmaz', 'xqzvw'])];
  const sample = rows.slice(0, 50);
  const queries: ProfileQuery[] = [];
  texts.forEach((text, i) => {
    const row = sample[i % sample.length]!;
    queries.push({ ...emptyQuery(), text, sort: (['relevance', 'name', 'lastName', 'updated'] as const)[i % 4]! });
    if (i % 3 === 0) {
      queries.push({
        ...emptyQuery(),
        text,
        sort: 'relevance',
        facets: { language: row.languageCodes.slice(0, 2), gender: [row.genderNew!], skill: row.skills.slice(0, 1) },
        languageMinLevels: { [row.languageCodes[0]!]: 'fliessend' },
        actingAgeMin: i % 2 === 0 ? 20 : null,
        actingAgeMax: 45,
        heightMin: i % 5 === 0 ? 160 : null,
        heightMax: null,
      });
    }
    if (i % 7 === 0) queries.push({ ...emptyQuery(), text, facets: { agency: row.agencies, residence: row.residences.slice(0, 1), showreel: ['yes'] } });
  });
  return queries;
}

/** What a query shows: ids in order, every facet's counts (as sorted entries) and the detail count. */
function answer(result: QueryResult): unknown {
  return {
    ids: [...result.ids],
    counts: Object.fromEntries(facetNames.map((facet) => [facet, [...result.counts[facet]].sort(([a], [b]) => (a < b ? -1 : 1))])),
    withDetail: result.withDetail,
  };
}

function expectSameAnswers(actual: ProfileIndex, expected: ProfileIndex, queries: readonly ProfileQuery[]): void {
  queries.forEach((query, i) => {
    // Counting or not takes different paths through the query: both are compared, counting on every fourth.
    for (const counts of i % 4 === 0 ? [true, false] : [false]) expect(answer(actual.query(query, { counts })), JSON.stringify(query)).toEqual(answer(expected.query(query, { counts })));
  });
  expect(actual.size).toBe(expected.size);
}

function firstDifference(a: ArrayBuffer, b: ArrayBuffer): number {
  const left = new Uint8Array(a);
  const right = new Uint8Array(b);
  for (let i = 0; i < Math.max(left.length, right.length); i++) if (left[i] !== right[i]) return i;
  return -1;
}

/** A search row as the store reads it; lists a facet holds come back as lists, missing ones as empty. */
function comparable(row: SearchRow | undefined): unknown {
  return row && { ...row, languageLevels: { ...row.languageLevels } };
}

describe('index snapshot', () => {
  const original = indexOf(rows);
  const queries = queriesOf(people);
  const snapshot = snapshotOfIndex(original);

  it('reads back an index answering every query and facet count like the original', () => {
    expect(queries.length).toBeGreaterThan(300);
    expect(queries.filter((query) => Object.keys(query.facets).length > 0).length).toBeGreaterThan(90);
    const restored = restoreIndex(snapshot);
    expect(restored).not.toBeNull();
    expectSameAnswers(restored!, original, queries);
  });

  it('gives back every row as it was written, and the highest rev it holds', () => {
    const restored = restoreIndex(snapshot)!;
    for (const row of rows) expect(comparable(restored.get(row.id))).toEqual(comparable(row));
    expect(restored.get(-5)).toBeUndefined();
    expect(restored.liveRows().map((row) => row.id).sort((a, b) => a - b)).toEqual(original.liveRows().map((row) => row.id).sort((a, b) => a - b));
    expect(restored.readThroughRev).toBe(Math.max(...rows.map((row) => row.rev)));
  });

  it('is taken from an index whose rows were never searched, and from a restored index', () => {
    const fresh = restoreIndex(snapshotOfIndex(indexOf(rows)))!;
    expectSameAnswers(fresh, original, queries.slice(0, 60));
    const again = restoreIndex(snapshotOfIndex(fresh))!;
    expectSameAnswers(again, original, queries.slice(0, 60));
    // Byte for byte the same snapshot (the first differing byte, if any: a matcher walking 1.5 MB takes many seconds).
    expect(firstDifference(snapshotOfIndex(again), snapshot)).toBe(-1);
  });

  it('catches up by rev: rows written after the snapshot, upserted into the restored index, answer as an index built from all rows', () => {
    const restored = restoreIndex(snapshot)!;
    let rev = restored.readThroughRev;
    const renamed = rows.slice(100, 130).map((row, i) => {
      const name = i % 2 === 0 ? `Malte Müller ${row.name}` : `Zoë Yılmaz`;
      return { ...row, name, foldedName: foldName(name), foldedLastName: foldName(`Yılmaz ${name}`), rev: ++rev };
    });
    const refiltered = rows.slice(200, 240).map((row) => ({ ...row, languageCodes: ['deu', 'tur'], languageLevels: { deu: 'gut', tur: 'muttersprachlich' }, skills: ['dances:new_style'], agencies: ['Neue Agentur'], height: 181, rev: ++rev }));
    const removedNow = rows.slice(300, 310).map((row) => ({ ...row, removed: 1 as const, rev: ++rev }));
    const updatedNow = rows.slice(400, 420).map((row) => ({ ...row, updatedAt: '2027-01-01T00:00:00.000+00:00', rev: ++rev }));
    const added = withFacets(searchRowsOf(realisticNames(60, 77), 100_000), 12).map((row) => ({ ...row, rev: ++rev }));
    const written = [...renamed, ...refiltered, ...removedNow, ...updatedNow, ...added];

    // The store reads the rows above the snapshot's rev (here: all written after it) and upserts them.
    const newer = written.filter((row) => row.rev > restored.readThroughRev);
    expect(newer).toHaveLength(written.length);
    restored.upsert(newer);
    expect(restored.readThroughRev).toBe(rev);

    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const row of written) byId.set(row.id, row);
    const rebuilt = indexOf([...byId.values()]);
    const caughtUpQueries = [
      ...queries,
      ...['malte mueller', 'mueler', 'yilmaz zoe', 'zoe', 'z', 'new'].map((text) => ({ ...emptyQuery(), text, sort: 'relevance' as const })),
      { ...emptyQuery(), facets: { agency: ['Neue Agentur'], language: ['tur'] }, languageMinLevels: { tur: 'fliessend' } },
      { ...emptyQuery(), sort: 'updated' as const },
      { ...emptyQuery(), sort: 'lastName' as const, text: 'm' },
    ];
    expectSameAnswers(restored, rebuilt, caughtUpQueries);
    expect(restored.query({ ...emptyQuery(), text: 'yilmaz', sort: 'relevance' }, { counts: false }).ids.length).toBeGreaterThanOrEqual(15);
    for (const row of written) expect(comparable(restored.get(row.id))).toEqual(comparable(row));

    // A snapshot of the caught-up index starts from there.
    const next = restoreIndex(snapshotOfIndex(restored))!;
    expect(next.readThroughRev).toBe(rev);
    expectSameAnswers(next, rebuilt, caughtUpQueries.slice(-20));
  });

  it('remembers a rev read for the other kind, so catching up does not read those rows again', () => {
    const index = indexOf(rows.slice(0, 10));
    index.markReadThrough(5000);
    index.markReadThrough(20);
    expect(index.readThroughRev).toBe(5000);
    expect(restoreIndex(snapshotOfIndex(index))!.readThroughRev).toBe(5000);
  });

  it('keeps an empty index and rows with null and missing fields', () => {
    const empty = restoreIndex(snapshotOfIndex(new ProfileIndex()))!;
    expect(empty.size).toBe(0);
    expect(empty.query({ ...emptyQuery(), text: 'anna' }).ids).toHaveLength(0);
    const odd = { ...rows[0]!, id: 9, uid: 9, thumbUrl: null, mainProfession: null, age: null, height: 181.5, name: 'Ünal \uD800 Ødegård', foldedName: foldName('Ünal Ødegård') };
    const sparse = { ...rows[1]!, id: 10, uid: 10, dialects: undefined, skills: undefined } as unknown as SearchRow;
    const restored = restoreIndex(snapshotOfIndex(indexOf([odd, sparse])))!;
    expect(restored.get(9)).toEqual(odd);
    expect(restored.get(10)).toEqual({ ...sparse, dialects: [], skills: [] });
    expect([...restored.query({ ...emptyQuery(), text: 'odegard', sort: 'relevance' }).ids]).toEqual([9]);
    expect([...restored.query({ ...emptyQuery(), heightMin: 181, heightMax: 182 }).ids]).toEqual([9]);
  });

  it('reads a snapshot of another format version as null, so the index is rebuilt', () => {
    const other = snapshot.slice(0);
    new Uint32Array(other)[1] = indexSnapshotFormat + 1;
    expect(restoreIndex(other)).toBeNull();
  });

  it('reads truncated, damaged or foreign values as null and never throws', () => {
    const damaged = (change: (bytes: Uint8Array) => void): ArrayBuffer => {
      const copy = snapshot.slice(0);
      change(new Uint8Array(copy));
      return copy;
    };
    const broken: unknown[] = [
      snapshot.slice(0, snapshot.byteLength - 8),
      snapshot.slice(0, snapshot.byteLength / 2),
      snapshot.slice(0, 16),
      new ArrayBuffer(0),
      damaged((bytes) => (bytes[bytes.length - 3]! ^= 0x40)),
      damaged((bytes) => (bytes[bytes.length >> 1]! ^= 0x01)),
      damaged((bytes) => (bytes[30]! ^= 0xff)),
      damaged((bytes) => (bytes[0] = 0)),
      damaged((bytes) => bytes.fill(0, 200, 260)),
      undefined,
      null,
      'snapshot',
      { buffer: snapshot },
      new Uint8Array(snapshot),
    ];
    for (const value of broken) expect(() => restoreIndex(value)).not.toThrow();
    for (const value of broken) expect(restoreIndex(value)).toBeNull();
  });

  it('reads as null a snapshot whose checksum fits but whose structure does not', () => {
    // The section count is in the header, outside the checksum: one more section than written reads garbage as a section entry.
    const copy = snapshot.slice(0);
    const words = new Uint32Array(copy);
    words[4] = words[4]! + 1;
    expect(restoreIndex(copy)).toBeNull();
  });
});
