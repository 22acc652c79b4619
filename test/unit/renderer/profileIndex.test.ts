import { describe, expect, it } from 'vitest';
import type { SearchRow } from '../../../renderer/src/db/libraryDb.ts';
import { foldName } from '../../../renderer/src/search/foldName.ts';
import { buildNameDictionary, updateNameDictionary, type NameDictionary } from '../../../renderer/src/search/nameDictionary.ts';
import { ProfileIndex, emptyQuery, type ProfileQuery } from '../../../renderer/src/search/profileIndex.ts';
import { queryFromRoute, routeFromQuery } from '../../../renderer/src/search/profileQueryUrl.ts';

let rev = 0;
function row(id: number, name: string, extra: Partial<SearchRow> = {}): SearchRow {
  const [first = '', ...rest] = name.split(' ');
  return {
    kind: 'actor',
    id,
    uid: id,
    origin: 'https://directory.test',
    connections: ['c1'],
    name,
    foldedName: foldName(name),
    foldedLastName: foldName(`${rest.join(' ')} ${first}`),
    gender: 'f',
    genderNew: 'female',
    genderSearchability: ['female'],
    age: 30,
    actingAgeFrom: null,
    actingAgeTo: null,
    languageCodes: [],
    languageLevels: {},
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
    updatedAt: '2026-01-01T00:00:00.000+00:00',
    thumbUrl: null,
    removed: 0,
    rev: ++rev,
    ...extra,
  };
}

function names(index: ProfileIndex, query: Partial<ProfileQuery>): string[] {
  return [...index.query({ ...emptyQuery(), ...query }).ids].map((id) => index.get(id)!.name);
}

const people = [
  row(1, 'Jonas Weber', { languageCodes: ['deu', 'eng'], languageLevels: { deu: 'muttersprachlich', eng: 'fliessend' }, actingAgeFrom: 25, actingAgeTo: 35, height: 182, genderNew: 'male', gender: 'm', genderSearchability: ['male'] }),
  row(2, 'Jonathan Schulz', { languageCodes: ['eng'], languageLevels: { eng: 'gut' }, actingAgeFrom: 40, actingAgeTo: 50, height: 175, genderNew: 'male', gender: 'm', genderSearchability: ['male'], skills: ['instruments:piano'] }),
  row(3, 'Anna Müller', { languageCodes: ['deu', 'fra'], languageLevels: { deu: 'muttersprachlich', fra: 'grundkenntnisse' }, actingAgeFrom: 20, actingAgeTo: 30, height: 165, skills: ['instruments:piano', 'dances:ballet'], hasShowreel: true }),
  row(4, 'Lena Mueller-Berg', { languageCodes: ['deu'], languageLevels: { deu: 'fliessend' }, actingAgeFrom: 30, actingAgeTo: 40, height: 170, agencies: ['Agentur Nord'] }),
  row(5, 'Marta Kowalski', { removed: 1 }),
  row(6, 'Zoe Jones', { genderNew: 'non_binary', gender: 'i', genderSearchability: ['non_binary', 'female'], hasDetail: 0 }),
];

describe('ProfileIndex name search', () => {
  const index = new ProfileIndex();
  index.upsert(people);

  it("finds partial and fuzzy names like the directory's q: 'jon' → Jonas and Jonathan, 'mueler' → Müller", () => {
    expect(names(index, { text: 'jon', sort: 'name' })).toEqual(['Jonas Weber', 'Jonathan Schulz', 'Zoe Jones']);
    expect(names(index, { text: 'mueler', sort: 'name' })).toEqual(['Anna Müller', 'Lena Mueller-Berg']);
    expect(names(index, { text: 'Müller', sort: 'name' })).toEqual(['Anna Müller', 'Lena Mueller-Berg']);
    expect(names(index, { text: 'muller' })).toContain('Anna Müller');
    expect(names(index, { text: 'xyzzy' })).toEqual([]);
  });

  it('ranks word starts first when sorting by relevance and leaves removed profiles out', () => {
    expect(names(index, { text: 'jon', sort: 'relevance' }).slice(0, 2)).toEqual(['Jonas Weber', 'Jonathan Schulz']);
    expect(names(index, { text: 'marta' })).toEqual([]);
    expect(index.size).toBe(5);
  });

  it('puts the whole word first, then word starts, then every other match, each group in name order', () => {
    const bergs = new ProfileIndex();
    bergs.upsert([row(20, 'Zora Berg'), row(21, 'Aaron Isenberg'), row(22, 'Anna Bergmann'), row(23, 'Bea Weinberg'), row(24, 'Carl Berger')]);
    expect(names(bergs, { text: 'berg', sort: 'relevance' })).toEqual(['Zora Berg', 'Anna Bergmann', 'Carl Berger', 'Aaron Isenberg', 'Bea Weinberg']);
    expect(names(bergs, { text: 'berg', sort: 'name' })).toEqual(['Aaron Isenberg', 'Anna Bergmann', 'Bea Weinberg', 'Carl Berger', 'Zora Berg']);
  });

  it('sorts by last name and by last update', () => {
    expect(names(index, { sort: 'lastName' })).toEqual(['Zoe Jones', 'Anna Müller', 'Lena Mueller-Berg', 'Jonathan Schulz', 'Jonas Weber']);
    const updated = new ProfileIndex();
    updated.upsert([row(10, 'Old', { updatedAt: '2025-01-01T00:00:00.000+00:00' }), row(11, 'New', { updatedAt: '2026-05-01T00:00:00.000+00:00' })]);
    expect(names(updated, { sort: 'updated' })).toEqual(['New', 'Old']);
  });
});

describe('ProfileIndex filters and counts', () => {
  const index = new ProfileIndex();
  index.upsert(people);

  it('counts each value as the number the list would show with it selected', () => {
    const all = index.query(emptyQuery());
    expect(all.ids).toHaveLength(5);
    expect(all.counts.language.get('deu')).toBe(3);
    expect(all.counts.gender.get('male')).toBe(2);
    expect(all.counts.gender.get('female')).toBe(3);
    expect(all.counts.skill.get('instruments:piano')).toBe(2);
    // Gender is an any-of facet: its own counts ignore its selection; other facets narrow.
    const men = index.query({ ...emptyQuery(), facets: { gender: ['male'] } });
    expect(men.ids).toHaveLength(2);
    expect(men.counts.gender.get('female')).toBe(3);
    expect(men.counts.language.get('deu')).toBe(1);
    // Languages are all-of: German and English together.
    const both = index.query({ ...emptyQuery(), facets: { language: ['deu', 'eng'] } });
    expect([...both.ids]).toEqual([1]);
    expect(both.counts.language.get('fra')).toBeUndefined();
  });

  it('applies minimum language levels, acting age overlap, height and detail-only facets', () => {
    expect(names(index, { facets: { language: ['deu'] }, languageMinLevels: { deu: 'muttersprachlich' } })).toEqual(['Anna Müller', 'Jonas Weber']);
    expect(names(index, { facets: { language: ['deu'] }, languageMinLevels: { deu: 'fliessend' } })).toEqual(['Anna Müller', 'Jonas Weber', 'Lena Mueller-Berg']);
    expect(names(index, { actingAgeMin: 36, actingAgeMax: 45 })).toEqual(['Jonathan Schulz', 'Lena Mueller-Berg']);
    expect(names(index, { heightMin: 170, heightMax: 180 })).toEqual(['Jonathan Schulz', 'Lena Mueller-Berg']);
    expect(names(index, { facets: { skill: ['instruments:piano', 'dances:ballet'] } })).toEqual(['Anna Müller']);
    expect(names(index, { facets: { showreel: ['yes'] } })).toEqual(['Anna Müller']);
    expect(names(index, { facets: { agency: ['Agentur Nord'] } })).toEqual(['Lena Mueller-Berg']);
  });

  it('keeps a selected value listed with 0 and reads updates, renames and removals', () => {
    const result = index.query({ ...emptyQuery(), facets: { nationality: ['XX'] } });
    expect(result.ids).toHaveLength(0);
    expect(result.counts.nationality.get('XX')).toBe(0);
    const changing = new ProfileIndex();
    changing.upsert(people);
    changing.upsert([row(1, 'Karl Brandt'), row(3, 'Anna Müller', { removed: 1 })]);
    expect(names(changing, { text: 'weber' })).toEqual([]);
    expect(names(changing, { text: 'brandt' })).toEqual(['Karl Brandt']);
    expect(names(changing, { text: 'mueller' })).toEqual(['Lena Mueller-Berg']);
    expect(changing.size).toBe(4);
  });
});

describe('search in the URL', () => {
  it('round-trips a search and drops what it cannot read', () => {
    const query: ProfileQuery = {
      ...emptyQuery(),
      text: 'Müller',
      sort: 'lastName',
      reversed: true,
      facets: { gender: ['female', 'i'], language: ['deu', 'eng'], skill: ['instruments:piano'], showreel: ['yes'] },
      languageMinLevels: { deu: 'fliessend' },
      actingAgeMin: 20,
      actingAgeMax: 35,
      heightMin: 160,
      heightMax: null,
    };
    const route = routeFromQuery(query, 'grid');
    expect(route).toMatchObject({ q: 'Müller', sort: 'lastName', desc: '1', lang: ['deu:fliessend', 'eng'], age: '20-35', height: '160-', view: 'grid' });
    expect(queryFromRoute(route)).toEqual(query);
    // Links from before the m/f/i field was folded into the gender facet find the same people.
    expect(queryFromRoute({ gender: ['m', 'f', 'i'] }).facets.gender).toEqual(['male', 'female', 'i']);
    expect(queryFromRoute({ sort: 'height', desc: '1' })).toMatchObject({ sort: 'height', reversed: true });
    expect(queryFromRoute({ q: 'x', desc: '1' })).toMatchObject({ sort: 'relevance', reversed: false });
    expect(queryFromRoute({ age: 'old', height: '300-100', lang: 'deu:perfect', reel: 'maybe', sort: 'random' })).toEqual({
      ...emptyQuery(),
      facets: { language: ['deu'] },
      heightMin: 100,
      heightMax: 250,
    });
  });
});

describe('ProfileIndex word similarity', () => {
  it("finds one-letter typos the directory's trigrams miss ('muller' → Mueller), and 'mueler' as the directory does", () => {
    const index = new ProfileIndex();
    index.upsert([row(1, 'Jonas Mueller'), row(2, 'Anna Müller'), row(3, 'Lena Muellner')]);
    expect(names(index, { text: 'muller', sort: 'relevance' })).toEqual(['Anna Müller', 'Jonas Mueller']);
    expect(names(index, { text: 'mueler', sort: 'name' })).toEqual(['Anna Müller', 'Jonas Mueller']);
  });
});

describe('ProfileIndex kept up to date', () => {
  it('answers after every small batch of changes exactly as an index built from the rows then current', () => {
    const pool = ['Anna Müller', 'Jonas Weber', 'Emre Yılmaz', 'Mette Sørensen', 'Zoë Ødegård', 'Lena Mueller-Berg', 'Jonathan Schulz', 'Malte Müller', 'Ana Schmidt', 'Berg Isenberg'];
    const current = new Map<number, SearchRow>();
    for (let id = 1; id <= 240; id++) {
      current.set(id, row(id, `${pool[id % pool.length]} ${id}`, { languageCodes: id % 3 ? ['deu'] : ['deu', 'eng'], languageLevels: { deu: id % 2 ? 'gut' : 'muttersprachlich', eng: 'fliessend' }, skills: id % 4 ? [] : ['dances:tango'], updatedAt: `2025-0${1 + (id % 9)}-01T00:00:00.000+00:00` }));
    }
    const kept = new ProfileIndex();
    kept.upsert([...current.values()]);
    const queries: Partial<ProfileQuery>[] = [
      { text: 'muller', sort: 'relevance' },
      { text: 'mueler', sort: 'name' },
      { text: 'weber jon', sort: 'relevance' },
      { text: 'yilmaz', sort: 'lastName' },
      { text: 'm', sort: 'relevance' },
      { text: '', sort: 'updated' },
      { text: 'berg', facets: { language: ['deu'] }, languageMinLevels: { deu: 'muttersprachlich' } },
      { text: '', facets: { skill: ['dances:tango'], gender: ['female'] }, sort: 'lastName' },
    ];
    const answers = (index: ProfileIndex) =>
      queries.map((query) => {
        const result = index.query({ ...emptyQuery(), ...query });
        return { ids: [...result.ids], languages: [...result.counts.language].sort(), skills: [...result.counts.skill].sort(), size: index.size };
      });
    let nextId = 1000;
    for (let batch = 0; batch < 25; batch++) {
      const changes: SearchRow[] = [];
      for (let i = 0; i < 6; i++) {
        const id = ((batch * 37 + i * 53) % 240) + 1;
        const before = current.get(id)!;
        const kind = (batch + i) % 6;
        if (kind === 0) changes.push({ ...before, name: `${pool[(id + batch) % pool.length]} Neu${batch}`, foldedName: foldName(`${pool[(id + batch) % pool.length]} Neu${batch}`) });
        else if (kind === 1) changes.push({ ...before, removed: before.removed ? 0 : 1 });
        else if (kind === 2) changes.push({ ...before, skills: ['dances:tango', `sports:s${batch}`], languageCodes: ['eng'], languageLevels: { eng: 'muttersprachlich' } });
        else if (kind === 3) changes.push({ ...before, updatedAt: `2026-0${1 + (batch % 9)}-0${1 + i}T00:00:00.000+00:00`, foldedLastName: `z${batch}` });
        else if (kind === 4) changes.push(row(nextId++, `${pool[(batch + i) % pool.length]} Neu`, { genderNew: 'male', genderSearchability: ['male'] }));
        else changes.push({ ...before });
      }
      for (const change of changes) current.set(change.id, change);
      kept.upsert(changes);
      const rebuilt = new ProfileIndex();
      rebuilt.upsert([...current.values()]);
      expect(answers(kept), `after batch ${batch}`).toEqual(answers(rebuilt));
    }
  });
});

describe('name dictionary update', () => {
  /** A dictionary as data, trigram codes replaced by their text (their numbering may differ). */
  function contents(dictionary: NameDictionary): unknown {
    const textOf = new Map([...dictionary.trigramCodes].map(([text, code]) => [code, text]));
    return {
      words: dictionary.words,
      postingStarts: [...dictionary.postingStarts],
      postings: [...dictionary.postings],
      rowLetters: [...dictionary.rowLetters],
      trigrams: dictionary.words.map((_, w) => [...dictionary.wordTrigrams.subarray(dictionary.wordTrigramStarts[w]!, dictionary.wordTrigramStarts[w + 1]!)].map((code) => textOf.get(code))),
    };
  }

  it('equals a dictionary built from the new names: postings in rank order, words no row carries gone', () => {
    const before = ['Anna Müller', 'Berg Isenberg', 'Emre Yılmaz', 'Jonas Weber', 'Lena Mueller-Berg', 'Malte Müller', 'Zoë Ødegård', null];
    const after = [...before];
    // A changed row before an unchanged one with the same word ('malte'), a removed one, a gone word ('odegard').
    after[1] = 'Malte Berg';
    after[3] = 'Łukasz Weber';
    after[6] = 'Aaron Zyx';
    after[7] = null;
    const rankAfter = Int32Array.from(before, (_, rank) => ([1, 3, 6, 7].includes(rank) ? -1 : rank));
    const changed = new Map([1, 3, 6, 7].map((rank) => [rank, after[rank] ?? null]));
    const updated = updateNameDictionary(buildNameDictionary(before), rankAfter, changed, after.length);
    expect(contents(updated)).toEqual(contents(buildNameDictionary(after)));
    expect(updated.words).not.toContain('odegard');
  });
});
