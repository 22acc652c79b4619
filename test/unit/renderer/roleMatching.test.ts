import { describe, expect, it } from 'vitest';
import type { Role } from '../../../contract/directory-api.ts';
import type { SearchRow } from '../../../renderer/src/db/libraryDb.ts';
import { foldName } from '../../../renderer/src/search/foldName.ts';
import { compareByName, levelMeets, matchRole } from '../../../renderer/src/search/roleMatching.ts';

/** A cached actor's search row with a detail: female, acting age 25–35, native German. */
function actor(id: number, name: string, overrides: Partial<SearchRow> = {}): SearchRow {
  return {
    kind: 'actor',
    id,
    uid: id,
    origin: 'https://directory.test',
    connections: ['c1'],
    name,
    foldedName: foldName(name),
    foldedLastName: foldName(name),
    gender: 'f',
    genderNew: 'female',
    genderSearchability: ['female'],
    age: 30,
    actingAgeFrom: 25,
    actingAgeTo: 35,
    languageCodes: ['deu'],
    languageLevels: { deu: 'muttersprachlich' },
    dialects: [],
    accents: [],
    mainProfession: 'actor',
    specializations: [],
    professions: [],
    agencies: [],
    residences: [],
    accommodations: [],
    nationalities: [],
    height: null,
    skills: [],
    ethnicBackgrounds: [],
    hasShowreel: false,
    hasDetail: 1,
    updatedAt: '2026-01-10T10:00:00.000Z',
    thumbUrl: `http://127.0.0.1:40000/media/${id}/tile.png`,
    removed: 0,
    rev: id,
    ...overrides,
  };
}

/** A listed actor whose detail is not cached: no acting age, only the list's fields. */
function listedOnly(id: number, name: string, overrides: Partial<SearchRow> = {}): SearchRow {
  return actor(id, name, { actingAgeFrom: null, actingAgeTo: null, genderSearchability: ['female'], hasDetail: 0, ethnicBackgrounds: [], ...overrides });
}

function role(overrides: Partial<Role> = {}): Role {
  return { id: 1, name: 'Jordan', gender: ['female'], acting_age_from: 25, acting_age_to: 35, languages: {}, ethnic_background: [], ...overrides };
}

const ids = (rows: Iterable<SearchRow>, criteria: Partial<Role>) => matchRole(role(criteria), rows).matches.map((match) => match.row.id);

describe('matchRole: hard requirements', () => {
  it('excludes actors whose known gender the role does not accept, and matches gender_searchability', () => {
    const rows = [
      actor(1, 'Anna Female'),
      actor(2, 'Ben Male', { gender: 'm', genderNew: 'male', genderSearchability: ['male'] }),
      actor(3, 'Chris Nonbinary', { gender: 'i', genderNew: 'non_binary', genderSearchability: ['non_binary', 'female'] }),
      actor(4, 'Dana Trans', { gender: 'f', genderNew: 'transgender_female', genderSearchability: ['transgender_female'] }),
    ];
    expect(ids(rows, { gender: ['female'] })).toEqual([1, 3]);
    const result = matchRole(role({ gender: ['female'] }), rows);
    expect(result.matches.map((match) => match.reasons.gender)).toEqual(['exact', 'searchable']);
    expect(ids(rows, { gender: ['male'] })).toEqual([2]);
    expect(ids(rows, { gender: ['transgender_female', 'non_binary'] })).toEqual([3, 4]);
    // No accepted genders: anyone.
    expect(ids(rows, { gender: [] }).sort()).toEqual([1, 2, 3, 4]);
  });

  it('maps the legacy m/f/i of roles and actors to the new genders', () => {
    const rows = [
      actor(1, 'Anna Female'),
      actor(2, 'Ben Male', { gender: 'm', genderNew: 'male', genderSearchability: ['male'] }),
      actor(3, 'Chris Nonbinary', { gender: 'i', genderNew: 'non_binary', genderSearchability: ['non_binary'] }),
      actor(4, 'Dana Trans', { gender: 'f', genderNew: 'transgender_female', genderSearchability: ['transgender_female'] }),
      // Only the legacy field is known (a list item without gender_new).
      listedOnly(5, 'Eli Legacy', { gender: 'm', genderNew: null, genderSearchability: [] }),
      listedOnly(6, 'Fay Legacy', { gender: 'f', genderNew: null, genderSearchability: [] }),
    ];
    expect(ids(rows, { gender: ['f'], acting_age_from: null, acting_age_to: null })).toEqual([1, 4, 6]);
    expect(ids(rows, { gender: ['m'], acting_age_from: null, acting_age_to: null })).toEqual([2, 5]);
    expect(ids(rows, { gender: ['i'], acting_age_from: null, acting_age_to: null })).toEqual([3]);
    // A new-style role accepts a legacy-only actor of the matching legacy gender, ranked as 'legacy'.
    const male = matchRole(role({ gender: ['male'], acting_age_from: null, acting_age_to: null }), rows).matches;
    expect(male.map((match) => [match.row.id, match.reasons.gender])).toEqual([
      [2, 'exact'],
      [5, 'legacy'],
    ]);
  });

  it('keeps actors of unknown gender, below those whose gender is known to fit', () => {
    const rows = [listedOnly(1, 'Aaron Unknown', { gender: null, genderNew: null, genderSearchability: [] }), listedOnly(2, 'Zoe Known')];
    const matches = matchRole(role(), rows).matches;
    expect(matches.map((match) => [match.row.id, match.reasons.gender])).toEqual([
      [2, 'exact'],
      [1, 'unknown'],
    ]);
  });

  it('excludes actors whose known acting age range does not overlap the role, and keeps unknown ages', () => {
    const rows = [
      actor(1, 'Too Young', { actingAgeFrom: 14, actingAgeTo: 17 }),
      actor(2, 'Edge Overlap', { actingAgeFrom: 18, actingAgeTo: 25 }),
      actor(3, 'Too Old', { actingAgeFrom: 36, actingAgeTo: 50 }),
      actor(4, 'Inside', { actingAgeFrom: 27, actingAgeTo: 33 }),
      listedOnly(5, 'No Detail'),
    ];
    const result = matchRole(role({ acting_age_from: 25, acting_age_to: 35 }), rows);
    expect(result.matches.map((match) => match.row.id)).toEqual([4, 2, 5]);
    expect(result.matches.map((match) => match.reasons.actingAge)).toEqual(['fits', 'fits', 'unknown']);
    expect(result.matches[1]!.reasons.actingAgeOverlap).toBe(1);
    expect(result.considered).toBe(5);
    expect(result.withoutDetail).toBe(1);
  });

  it('handles a role with only one acting age bound', () => {
    const rows = [actor(1, 'Young', { actingAgeFrom: 10, actingAgeTo: 15 }), actor(2, 'Older', { actingAgeFrom: 40, actingAgeTo: 60 })];
    expect(ids(rows, { acting_age_from: 30, acting_age_to: null })).toEqual([2]);
    expect(ids(rows, { acting_age_from: null, acting_age_to: 16 })).toEqual([1]);
  });

  it('excludes actors lacking a required language or speaking it below the required level', () => {
    const rows = [
      actor(1, 'Native English', { languageCodes: ['deu', 'eng'], languageLevels: { deu: 'muttersprachlich', eng: 'muttersprachlich' } }),
      actor(2, 'Good English', { languageCodes: ['deu', 'eng'], languageLevels: { deu: 'muttersprachlich', eng: 'gut' } }),
      actor(3, 'Basic English', { languageCodes: ['deu', 'eng'], languageLevels: { deu: 'muttersprachlich', eng: 'grundkenntnisse' } }),
      actor(4, 'No English'),
      actor(5, 'Fluent English, no German', { languageCodes: ['eng'], languageLevels: { eng: 'fliessend' } }),
    ];
    expect(ids(rows, { languages: { eng: 'gut' } })).toEqual([1, 5, 2]);
    expect(ids(rows, { languages: { eng: 'gut', deu: 'fliessend' } })).toEqual([1, 2]);
    expect(ids(rows, { languages: { eng: 'muttersprachlich' } })).toEqual([1]);
    const reasons = matchRole(role({ languages: { eng: 'gut' } }), rows).matches[0]!.reasons;
    expect(reasons.languages).toEqual([{ code: 'eng', required: 'gut', actual: 'muttersprachlich', exceeds: 2 }]);
  });

  it('treats unknown level keys conservatively', () => {
    expect(levelMeets('gut', 'fliessend')).toBe(true);
    expect(levelMeets('fliessend', 'gut')).toBe(false);
    // An actor's level the catalogue does not know meets no known requirement but its own key.
    expect(levelMeets('grundkenntnisse', 'passabel')).toBe(false);
    expect(levelMeets('passabel', 'passabel')).toBe(true);
    // A required level the catalogue does not know: the same key, or a native speaker.
    expect(levelMeets('verhandlungssicher', 'fliessend')).toBe(false);
    expect(levelMeets('verhandlungssicher', 'muttersprachlich')).toBe(true);
    // The catalogue's English words and spellings with ß are the same levels.
    expect(levelMeets('gut', 'Native')).toBe(true);
    expect(levelMeets('fließend', 'fliessend')).toBe(true);
    // A role that names a language without a level asks only that it is spoken.
    expect(levelMeets('', 'grundkenntnisse')).toBe(true);
    const rows = [actor(1, 'Odd Level', { languageCodes: ['eng'], languageLevels: { eng: 'passabel' } })];
    expect(ids(rows, { languages: { eng: 'grundkenntnisse' } })).toEqual([]);
  });

  it('keeps actors whose languages are not cached, marked so, and excludes removed profiles', () => {
    const rows = [
      listedOnly(1, 'Languages Unknown', { languageCodes: [], languageLevels: {} }),
      actor(2, 'Removed', { removed: 1, languageCodes: ['eng'], languageLevels: { eng: 'muttersprachlich' } }),
      actor(3, 'Speaks English', { languageCodes: ['eng'], languageLevels: { eng: 'fliessend' } }),
    ];
    const result = matchRole(role({ languages: { eng: 'gut' } }), rows);
    expect(result.matches.map((match) => match.row.id)).toEqual([3, 1]);
    expect(result.matches[1]!.reasons.languagesUnknown).toBe(true);
    expect(result.matches[1]!.reasons.languages).toEqual([{ code: 'eng', required: 'gut', actual: null, exceeds: 0 }]);
    expect(result.considered).toBe(2);
  });
});

describe('matchRole: ranking', () => {
  it('ranks by gender fit, then acting age overlap and centring, then languages, ethnic background, detail, picture and name', () => {
    const rows = [
      actor(1, 'Searchable Centred', { gender: 'i', genderNew: 'non_binary', genderSearchability: ['non_binary', 'female'], actingAgeFrom: 28, actingAgeTo: 32 }),
      actor(2, 'Exact Edge', { actingAgeFrom: 34, actingAgeTo: 45 }),
      actor(3, 'Exact Centred', { actingAgeFrom: 25, actingAgeTo: 35 }),
      actor(4, 'Exact Centred Fluent English', { actingAgeFrom: 25, actingAgeTo: 35, languageCodes: ['eng'], languageLevels: { eng: 'muttersprachlich' } }),
      actor(5, 'Exact Centred Ethnic', { actingAgeFrom: 25, actingAgeTo: 35, ethnicBackgrounds: ['6468'] }),
      actor(6, 'A Exact Centred No Picture', { actingAgeFrom: 25, actingAgeTo: 35, thumbUrl: null }),
      actor(7, 'B Exact Centred', { actingAgeFrom: 25, actingAgeTo: 35 }),
      listedOnly(8, 'Unknown Age'),
    ];
    const plain = role({ languages: {}, ethnic_background: [6468] });
    expect(matchRole(plain, rows).matches.map((match) => match.row.id)).toEqual([5, 7, 3, 4, 6, 2, 1, 8]);
    const withEnglish = matchRole(role({ languages: { eng: 'grundkenntnisse' } }), rows);
    // Only the English speaker is left of those with a known language list; no one else speaks it.
    expect(withEnglish.matches.map((match) => match.row.id)).toEqual([4]);
    const matched = matchRole(plain, rows).matches.find((match) => match.row.id === 5)!;
    expect(matched.reasons.ethnicBackgrounds).toEqual(['6468']);
  });

  it('puts language levels above the requirement first among otherwise equal actors', () => {
    const rows = [
      actor(1, 'A Good', { languageCodes: ['eng'], languageLevels: { eng: 'gut' } }),
      actor(2, 'B Native', { languageCodes: ['eng'], languageLevels: { eng: 'muttersprachlich' } }),
      actor(3, 'C Fluent', { languageCodes: ['eng'], languageLevels: { eng: 'fliessend' } }),
    ];
    expect(ids(rows, { languages: { eng: 'gut' } })).toEqual([2, 3, 1]);
  });

  it('ranks every actor with an unknown acting age below every known fitting one', () => {
    const rows = [
      listedOnly(1, 'Aaron No Detail', { thumbUrl: 'http://127.0.0.1:40000/a.png' }),
      actor(2, 'Zed Searchable Edge', { gender: 'i', genderNew: 'non_binary', genderSearchability: ['female'], actingAgeFrom: 35, actingAgeTo: 70, thumbUrl: null }),
    ];
    expect(ids(rows, {})).toEqual([2, 1]);
  });

  it('orders equal fits by their whole name, whatever letters, digits and shared beginnings they have', () => {
    const names = ['anna 2', 'anna 10', 'anna', 'anna schmidt', 'anna schmidtke', 'anna schmidt 1', 'anna schmidta', 'zoe', '1z', '2a', 'łukasz', 'lukas', 'ölaf', 'a', 'ab', 'ab c', 'abc'];
    const rows = names.flatMap((name, index) => [actor(index * 2 + 1, name), actor(index * 2 + 2, name, { thumbUrl: null })]);
    const matches = matchRole(role(), rows).matches.map((match) => match.row);
    const expected = [...rows].sort((a, b) => (a.thumbUrl ? 0 : 1) - (b.thumbUrl ? 0 : 1) || compareByName(a, b));
    expect(matches.map((row) => row.id)).toEqual(expected.map((row) => row.id));
  });

  it('ranks 50,000 rows and keeps only live actors', () => {
    const genders = ['female', 'male', 'non_binary', 'transgender_female'] as const;
    const rows: SearchRow[] = [];
    let live = 0;
    for (let id = 1; id <= 50_000; id++) {
      const gender = genders[id % genders.length]!;
      const from = 5 + (id % 60);
      rows.push(
        id % 7 === 0
          ? listedOnly(id, `Actor ${id}`, { genderNew: gender, genderSearchability: [gender] })
          : actor(id, `Actor ${id}`, {
              genderNew: gender,
              genderSearchability: [gender],
              actingAgeFrom: from,
              actingAgeTo: from + 10,
              languageCodes: id % 3 === 0 ? ['deu', 'eng'] : ['deu'],
              languageLevels: id % 3 === 0 ? { deu: 'muttersprachlich', eng: 'fliessend' } : { deu: 'gut' },
              removed: id % 100 === 0 ? 1 : 0,
            }),
      );
      if (rows[rows.length - 1]!.removed === 0) live += 1;
    }
    const result = matchRole(role({ gender: ['female'], acting_age_from: 20, acting_age_to: 30, languages: { deu: 'gut' } }), rows);
    expect(result.considered).toBe(live);
    expect(live).toBeLessThan(50_000);
    for (const match of result.matches) {
      expect(match.row.removed).toBe(0);
      expect(match.row.genderNew).toBe('female');
      if (match.reasons.actingAge === 'fits') expect(match.row.actingAgeFrom! <= 30 && match.row.actingAgeTo! >= 20).toBe(true);
    }
    // Best score first, then by name: the same order a plain compared sort gives.
    const reference = [...result.matches].sort((a, b) => b.score - a.score || compareByName(a.row, b.row));
    expect(result.matches.map((match) => match.row.id)).toEqual(reference.map((match) => match.row.id));
    const firstUnknown = result.matches.findIndex((match) => match.reasons.actingAge === 'unknown');
    expect(firstUnknown).toBeGreaterThan(0);
    expect(result.matches.slice(firstUnknown).every((match) => match.reasons.actingAge === 'unknown')).toBe(true);
  });
});

describe('matchRole: the provider keys role and profile languages differently', () => {
  // Roles: ISO 639-2 ({"eng": "gut"}); profiles: German words ({"englisch": "fliessend"}).
  const rows = () => [
    actor(1, 'Anna Words', { languageCodes: ['deutsch', 'englisch'], languageLevels: { deutsch: 'muttersprachlich', englisch: 'fliessend' } }),
    actor(2, 'Bea Codes', { languageCodes: ['deu', 'eng'], languageLevels: { deu: 'muttersprachlich', eng: 'grundkenntnisse' } }),
    actor(3, 'Cleo Nope', { languageCodes: ['franzosisch'], languageLevels: { franzosisch: 'muttersprachlich' } }),
  ];

  it('an ISO-keyed role finds profiles keyed by German words, and checks their level', () => {
    expect(ids(rows(), { languages: { eng: 'gut' } })).toEqual([1]);
    const [fit] = matchRole(role({ languages: { eng: 'gut' } }), rows()).matches;
    expect(fit!.reasons.languages).toEqual([{ code: 'eng', required: 'gut', actual: 'fliessend', exceeds: 1 }]);
    expect(ids(rows(), { languages: { fra: 'gut' } })).toEqual([3]);
    expect(ids(rows(), { languages: { deu: 'muttersprachlich' } })).toEqual([1, 2]);
  });

  it('a role keyed by German words finds ISO-keyed profiles too', () => {
    expect(ids(rows(), { languages: { englisch: 'grundkenntnisse' } })).toEqual([1, 2]);
    expect(ids(rows(), { languages: { Französisch: 'gut' } })).toEqual([3]);
  });
});
