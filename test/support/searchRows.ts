/** Search rows for benchmarks and tests: one row per name, the fields name search reads, the rest neutral. */
import type { SearchRow } from '../../renderer/src/db/libraryDb.ts';
import { foldName } from '../../renderer/src/search/foldName.ts';
import type { PersonName } from './searchCorpus.ts';

export function searchRowsOf(names: readonly PersonName[], firstId = 1): SearchRow[] {
  return names.map((person, i) => {
    const name = `${person.first} ${person.last}`;
    return {
      kind: 'actor',
      id: firstId + i,
      uid: firstId + i,
      origin: 'https://directory.test',
      connections: ['c1'],
      name,
      foldedName: foldName(name),
      foldedLastName: foldName(`${person.last} ${person.first}`),
      gender: null,
      genderNew: null,
      genderSearchability: [],
      age: null,
      actingAgeFrom: null,
      actingAgeTo: null,
      languageCodes: [],
      languageLevels: {},
      dialects: [],
      accents: [],
      mainProfession: null,
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
      hasDetail: 0,
      updatedAt: '2026-01-01T00:00:00.000+00:00',
      thumbUrl: null,
      removed: 0,
      rev: firstId + i,
    };
  });
}
