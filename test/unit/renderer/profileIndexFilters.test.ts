/**
 * Filters over bitsets and the remembered results (issue 13): for random libraries and searches,
 * the list and every facet count equal a plain row-by-row evaluation of the faceted-search rule;
 * the cleared field's result and counted searches asked again are answered from memory only while
 * the rows stay the same, also on a restored index.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SearchRow } from '../../../renderer/src/db/libraryDb.ts';
import { foldName } from '../../../renderer/src/search/foldName.ts';
import { restoreIndex, snapshotOfIndex } from '../../../renderer/src/search/indexSnapshot.ts';
import { emptyQuery, facetModes, languageLevelRank, languageLevels, ProfileIndex, type FacetName, type ProfileQuery, type ProfileSort } from '../../../renderer/src/search/profileIndex.ts';

const firstNames = ['Anna', 'Jonas', 'Emre', 'Mette', 'Lena', 'Malte', 'Ana', 'Zoë'];
const lastNames = ['Müller', 'Weber', 'Yılmaz', 'Sørensen', 'Schulz', 'Mueller', 'Berg', 'Jones'];
const genders = ['female', 'male', 'non_binary'] as const;
const languages = ['deu', 'eng', 'fra'];
const skills = ['instruments:piano', 'dances:ballet', 'sports:tennis'];
const agencies = ['Agentur Nord', 'Agentur Süd'];
const places = ['Berlin', 'Köln', 'Wien'];

function searchRow(id: number, parts: RowParts): SearchRow {
  const name = `${firstNames[parts.first]!} ${lastNames[parts.last]!}`;
  const gender = genders[parts.gender]!;
  return {
    kind: 'actor',
    uid: id,
    id,
    origin: 'https://directory.test',
    connections: ['c1'],
    name,
    foldedName: foldName(name),
    foldedLastName: foldName(`${lastNames[parts.last]!} ${firstNames[parts.first]!}`),
    gender: gender === 'male' ? 'm' : 'f',
    genderNew: gender,
    genderSearchability: [gender],
    age: 20 + parts.ageFrom,
    actingAgeFrom: parts.actingAge ? 18 + parts.ageFrom : null,
    actingAgeTo: parts.actingAge ? 28 + parts.ageFrom : null,
    languageCodes: parts.languages.map((i) => languages[i]!),
    languageLevels: Object.fromEntries(parts.languages.map((i, n) => [languages[i]!, languageLevels[(parts.ageFrom + n) % languageLevels.length]!])),
    dialects: [],
    accents: [],
    mainProfession: 'actor',
    specializations: [],
    professions: [],
    agencies: parts.agencies.map((i) => agencies[i]!),
    residences: parts.place < places.length ? [places[parts.place]!] : [],
    accommodations: [],
    nationalities: [],
    height: parts.height > 0 ? 150 + parts.height : null,
    skills: parts.skills.map((i) => skills[i]!),
    ethnicBackgrounds: [],
    hasShowreel: parts.showreel,
    hasDetail: parts.showreel ? 1 : 0,
    updatedAt: `2026-0${1 + (id % 9)}-01T00:00:00.000+00:00`,
    thumbUrl: null,
    removed: parts.removed ? 1 : 0,
    rev: id,
  };
}

interface RowParts {
  first: number;
  last: number;
  gender: number;
  ageFrom: number;
  actingAge: boolean;
  languages: number[];
  skills: number[];
  agencies: number[];
  place: number;
  height: number;
  showreel: boolean;
  removed: boolean;
}

const rowParts = fc.record<RowParts>({
  first: fc.nat(firstNames.length - 1),
  last: fc.nat(lastNames.length - 1),
  gender: fc.nat(genders.length - 1),
  ageFrom: fc.nat(40),
  actingAge: fc.boolean(),
  languages: fc.uniqueArray(fc.nat(languages.length - 1), { maxLength: 3 }),
  skills: fc.uniqueArray(fc.nat(skills.length - 1), { maxLength: 3 }),
  agencies: fc.uniqueArray(fc.nat(agencies.length - 1), { maxLength: 2 }),
  place: fc.nat(places.length),
  height: fc.nat(50),
  showreel: fc.boolean(),
  removed: fc.boolean(),
});

/** Some of `values` (and now and then one no profile has). */
const someOf = (values: readonly string[]) => fc.uniqueArray(fc.constantFrom(...values, 'nobody'), { maxLength: 2 });

const queryArbitrary = fc.record({
  text: fc.constantFrom('', '', 'a', 'mu', 'mueller', 'weber jon', 'yilmaz'),
  gender: someOf(genders),
  language: someOf(languages),
  skill: someOf(skills),
  agency: someOf(agencies),
  residence: someOf(places),
  showreel: fc.constantFrom<string[]>([], ['yes']),
  minLevel: fc.option(fc.constantFrom(...languageLevels)),
  age: fc.option(fc.tuple(fc.nat(60), fc.nat(30))),
  height: fc.option(fc.tuple(fc.nat(200), fc.nat(40))),
  sort: fc.constantFrom<ProfileSort>('relevance', 'name', 'lastName', 'updated', 'actingAge', 'agency'),
  reversed: fc.boolean(),
});

function queryOf(drawn: typeof queryArbitrary extends fc.Arbitrary<infer T> ? T : never): ProfileQuery {
  const facets: ProfileQuery['facets'] = {};
  for (const facet of ['gender', 'language', 'skill', 'agency', 'residence', 'showreel'] as const) if (drawn[facet].length > 0) facets[facet] = drawn[facet];
  const firstLanguage = drawn.language[0];
  return {
    ...emptyQuery(),
    text: drawn.text,
    facets,
    languageMinLevels: drawn.minLevel && firstLanguage ? { [firstLanguage]: drawn.minLevel } : {},
    actingAgeMin: drawn.age ? drawn.age[0] : null,
    actingAgeMax: drawn.age ? drawn.age[0] + drawn.age[1] : null,
    heightMin: drawn.height ? drawn.height[0] : null,
    heightMax: drawn.height ? drawn.height[0] + drawn.height[1] : null,
    sort: drawn.sort,
    reversed: drawn.reversed,
  };
}

/** The values a generated row shows under each facet the queries filter by. */
function valuesOf(row: SearchRow, facet: FacetName): string[] {
  if (facet === 'gender') return row.genderSearchability;
  if (facet === 'language') return row.languageCodes;
  if (facet === 'skill') return row.skills;
  if (facet === 'agency') return row.agencies;
  if (facet === 'residence') return row.residences;
  if (facet === 'showreel') return row.hasShowreel ? ['yes'] : [];
  return [];
}

const filteredFacets = ['gender', 'language', 'skill', 'agency', 'residence', 'showreel'] as const;

/** Whether `row` passes facet `facet`'s selection (any or all of its values, language levels). */
function passesFacet(row: SearchRow, query: ProfileQuery, facet: FacetName): boolean {
  const selected = query.facets[facet] ?? [];
  if (selected.length === 0) return true;
  const values = valuesOf(row, facet);
  if (facetModes[facet] === 'any') return selected.some((value) => values.includes(value));
  if (!selected.every((value) => values.includes(value))) return false;
  if (facet !== 'language') return true;
  return Object.entries(query.languageMinLevels).every(([code, level]) => !selected.includes(code) || languageLevelRank(row.languageLevels[code]) >= languageLevelRank(level));
}

/** Acting age and height: a profile without the value is left out while its range is set. */
function passesRanges(row: SearchRow, query: ProfileQuery): boolean {
  if (query.actingAgeMin !== null || query.actingAgeMax !== null) {
    if (row.actingAgeFrom === null || row.actingAgeTo === null) return false;
    if (row.actingAgeTo < (query.actingAgeMin ?? -1) || row.actingAgeFrom > (query.actingAgeMax ?? 10_000)) return false;
  }
  if (query.heightMin !== null || query.heightMax !== null) {
    if (row.height === null || row.height < (query.heightMin ?? -1) || row.height > (query.heightMax ?? 10_000)) return false;
  }
  return true;
}

/**
 * The expected answer, row by row: the name matches in the query's order (from the same index
 * without filters), kept when they pass every filter; a value's count is how many the list would
 * show with it added (for an any-of facet: with the facet's own selection left out).
 */
function expected(index: ProfileIndex, query: ProfileQuery): { ids: number[]; counts: Record<string, [string, number][]> } {
  const named = [...index.query({ ...emptyQuery(), text: query.text, sort: query.sort, reversed: query.reversed }, { counts: false }).ids].map((id) => index.get(id)!);
  const candidates = named.filter((row) => passesRanges(row, query));
  const ids = candidates.filter((row) => filteredFacets.every((facet) => passesFacet(row, query, facet))).map((row) => row.id);
  const counts: Record<string, [string, number][]> = {};
  for (const facet of filteredFacets) {
    const own = facetModes[facet] === 'any';
    const counted = new Map<string, number>();
    for (const row of candidates) {
      if (!filteredFacets.every((other) => (own && other === facet) || passesFacet(row, query, other))) continue;
      for (const value of valuesOf(row, facet)) counted.set(value, (counted.get(value) ?? 0) + 1);
    }
    for (const value of query.facets[facet] ?? []) if (!counted.has(value)) counted.set(value, 0);
    counts[facet] = [...counted].sort();
  }
  return { ids, counts };
}

function answered(index: ProfileIndex, query: ProfileQuery, counting: boolean): { ids: number[]; counts: Record<string, [string, number][]> } {
  const result = index.query(query, { counts: counting });
  const counts: Record<string, [string, number][]> = {};
  for (const facet of filteredFacets) counts[facet] = [...result.counts[facet]].sort();
  return { ids: [...result.ids], counts };
}

describe('ProfileIndex filters over bitsets', () => {
  it('lists and counts exactly as a row-by-row evaluation, with and without counts, on a built and a restored index', () => {
    fc.assert(
      fc.property(fc.array(rowParts, { minLength: 1, maxLength: 90 }), fc.array(queryArbitrary, { minLength: 1, maxLength: 6 }), (parts, drawn) => {
        const built = new ProfileIndex();
        built.upsert(parts.map((part, i) => searchRow(i + 1, part)));
        const restored = restoreIndex(snapshotOfIndex(built))!;
        for (const index of [built, restored]) {
          for (const query of drawn.map(queryOf)) {
            const want = expected(index, query);
            const counted = answered(index, query, true);
            expect(counted).toEqual(want);
            expect(answered(index, query, false).ids).toEqual(want.ids);
            // Asked again (remembered), the same answer.
            expect(answered(index, query, true)).toEqual(counted);
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it('answers the cleared field and a counted search again from memory only while the rows stay the same', () => {
    const parts: RowParts = { first: 0, last: 0, gender: 0, ageFrom: 5, actingAge: true, languages: [0], skills: [], agencies: [], place: 0, height: 20, showreel: false, removed: false };
    const rows = Array.from({ length: 40 }, (_, i) => searchRow(i + 1, { ...parts, first: i % firstNames.length, last: (i * 3) % lastNames.length, gender: i % 3, languages: i % 2 ? [0, 1] : [0] }));
    const index = new ProfileIndex();
    index.upsert(rows);
    const everyone = emptyQuery();
    const english: ProfileQuery = { ...emptyQuery(), facets: { language: ['eng'] } };
    const first = index.query(everyone, { counts: false });
    expect(first.ids).toHaveLength(40);
    // The same array again: nothing was walked.
    expect(index.query(everyone, { counts: false }).ids).toBe(first.ids);
    expect(index.query(english).counts.gender.get('female')).toBe(7);
    // A removal, a rename and a new profile: both answers follow.
    index.upsert([{ ...rows[1]!, removed: 1 }, { ...rows[3]!, name: 'Aaron Zander', foldedName: foldName('Aaron Zander') }, searchRow(41, { ...parts, gender: 0, languages: [1] })]);
    const after = index.query(everyone, { counts: false });
    const rebuilt = new ProfileIndex();
    rebuilt.upsert([...rows.filter((row) => row.id !== 2 && row.id !== 4), { ...rows[3]!, name: 'Aaron Zander', foldedName: foldName('Aaron Zander') }, searchRow(41, { ...parts, gender: 0, languages: [1] })]);
    expect([...after.ids]).toEqual([...rebuilt.query(everyone, { counts: false }).ids]);
    expect(after.ids[0]).toBe(4);
    expect(after.ids).toHaveLength(40);
    expect(index.query(english).counts.gender.get('female')).toBe(rebuilt.query(english).counts.gender.get('female'));
    expect(index.query(english).counts.gender.get('female')).toBe(8);
    // Reversed is another order, not the remembered one.
    expect([...index.query({ ...everyone, reversed: true }, { counts: false }).ids]).toEqual([...after.ids].reverse());
  });
  it('keeps answering exactly when more values are filtered by than it keeps bitsets of', () => {
    const parts: RowParts = { first: 0, last: 0, gender: 0, ageFrom: 5, actingAge: true, languages: [], skills: [], agencies: [], place: 3, height: 0, showreel: false, removed: false };
    const rows = Array.from({ length: 300 }, (_, i) => ({ ...searchRow(i + 1, parts), agencies: [`Agentur ${i % 100}`] }));
    const index = new ProfileIndex();
    index.upsert(rows);
    for (const round of [0, 1]) {
      for (let agency = 0; agency < 100; agency++) {
        const query: ProfileQuery = { ...emptyQuery(), facets: { agency: [`Agentur ${agency}`, `Agentur ${(agency + round * 7) % 100}`] } };
        expect(answered(index, query, false).ids).toEqual(expected(index, query).ids);
      }
    }
  });
});
