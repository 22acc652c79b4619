/**
 * One person across directories (issue 15, item 5): which pairs are suggested and why, what the
 * user's decisions hide, how links chain into one person, and the people database keeping them.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { openPeopleDb, writePeople, type PeopleDb } from '../../../renderer/src/db/peopleDb.ts';
import {
  linkedProfiles,
  pairKey,
  profileKey,
  refOfKey,
  samePersonReason,
  suggestionsFor,
  type PersonFacts,
} from '../../../renderer/src/search/samePerson.ts';
import type { PairDecision } from '../../../renderer/src/db/peopleDb.ts';

const north = 'https://north.example';
const south = 'https://south.example';
const west = 'https://west.example';

function person(origin: string, id: number, name: string, yearOfBirth: number | null, filmdbId: string | null = null, kind: 'actor' | 'crew' = 'actor'): PersonFacts {
  return { origin, kind, id, name, yearOfBirth, filmdbId };
}

describe('samePersonReason', () => {
  it('suggests the same film-database id across directories, whatever the names', () => {
    expect(samePersonReason(person(north, 1, 'Anna Müller', 1990, 'nm0001'), person(south, 9, 'Anna Mueller-Stein', null, ' NM0001 '))).toBe('filmdb');
  });

  it('suggests the same name (folded as search folds it) and year of birth', () => {
    expect(samePersonReason(person(north, 1, 'Jörg  Müller', 1980), person(south, 2, 'Joerg Mueller', 1980))).toBe('nameAndBirthYear');
    expect(samePersonReason(person(north, 1, 'Sørensen Ida', 1975), person(south, 2, 'sorensen ida', 1975))).toBe('nameAndBirthYear');
  });

  it('never suggests within one directory, across kinds, on different or unknown years, or different film-database ids alone', () => {
    expect(samePersonReason(person(north, 1, 'Anna Müller', 1990, 'nm1'), person(north, 2, 'Anna Müller', 1990, 'nm1'))).toBeNull();
    expect(samePersonReason(person(north, 1, 'Anna Müller', 1990), person(south, 1, 'Anna Müller', 1990, null, 'crew'))).toBeNull();
    expect(samePersonReason(person(north, 1, 'Anna Müller', 1990), person(south, 2, 'Anna Müller', 1991))).toBeNull();
    expect(samePersonReason(person(north, 1, 'Anna Müller', null), person(south, 2, 'Anna Müller', null))).toBeNull();
    expect(samePersonReason(person(north, 1, 'Anna Müller', 1990, 'nm1'), person(south, 2, 'Anna Schmidt', 1990, 'nm2'))).toBeNull();
    expect(samePersonReason(person(north, 1, '', 1990), person(south, 2, ' ', 1990))).toBeNull();
  });
});

describe('suggestionsFor', () => {
  const shown = person(north, 1, 'Anna Müller', 1990, 'nm7');
  const byFilmdb = person(west, 5, 'Anna M. Stein', 1990, 'nm7');
  const byName = person(south, 3, 'Anna Mueller', 1990);
  const namesake = person(south, 4, 'Anna Müller', 1988);

  it('lists undecided candidates, film-database matches first, each once', () => {
    const suggestions = suggestionsFor(shown, [byName, namesake, byFilmdb, byName, shown], new Map());
    expect(suggestions.map((s) => [profileKey(s.profile), s.reason])).toEqual([
      [profileKey(byFilmdb), 'filmdb'],
      [profileKey(byName), 'nameAndBirthYear'],
    ]);
  });

  it('leaves out pairs the user decided, either way, in either order', () => {
    const decisions = new Map<string, PairDecision>([
      [pairKey(byName, shown), 'different'],
      [pairKey(shown, byFilmdb), 'same'],
    ]);
    expect(suggestionsFor(shown, [byName, byFilmdb], decisions)).toEqual([]);
  });
});

describe('linkedProfiles', () => {
  const a = person(north, 1, 'A', null);
  const b = person(south, 2, 'B', null);
  const c = person(west, 3, 'C', null);
  const d = person(west, 4, 'D', null);

  it('chains links into one person, from any member, and leaves others out', () => {
    const links: [string, string][] = [
      [profileKey(a), profileKey(b)],
      [profileKey(c), profileKey(b)],
    ];
    const keys = (start: PersonFacts) => linkedProfiles(start, links).map(profileKey).sort();
    expect(keys(a)).toEqual([a, b, c].map(profileKey).sort());
    expect(keys(c)).toEqual(keys(a));
    expect(keys(d)).toEqual([profileKey(d)]);
  });

  it('reads keys back, origins with ports and paths included', () => {
    expect(refOfKey(profileKey({ origin: 'http://127.0.0.1:5185', kind: 'crew', id: 42 }))).toEqual({ origin: 'http://127.0.0.1:5185', kind: 'crew', id: 42 });
    expect(refOfKey('nonsense')).toBeNull();
  });
});

describe('people database', () => {
  let db: PeopleDb | undefined;
  afterEach(async () => {
    await db?.delete();
    db = undefined;
  });

  it('keeps one decision per pair, the last one, across a reopen', async () => {
    const name = `castdesk-people-test-${Math.random().toString(36).slice(2)}`;
    db = await openPeopleDb(undefined, name);
    const x = person(north, 1, 'X', null);
    const y = person(south, 2, 'Y', null);
    const [first, second] = [profileKey(x), profileKey(y)].sort();
    await writePeople(db, () => db!.pairs.put({ pair: pairKey(x, y), a: first!, b: second!, decision: 'same', decidedAt: '2026-11-26T10:00:00Z' }));
    await writePeople(db, () => db!.pairs.put({ pair: pairKey(y, x), a: first!, b: second!, decision: 'different', decidedAt: '2026-11-26T11:00:00Z' }));
    db.close();
    db = await openPeopleDb(undefined, name);
    expect(await db.pairs.toArray()).toEqual([{ pair: pairKey(x, y), a: first, b: second, decision: 'different', decidedAt: '2026-11-26T11:00:00Z' }]);
  });
});
