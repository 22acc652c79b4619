/**
 * GET /api/v1/actor_profiles on the hand-written fixture: rights, fields, every filter, q, ordering,
 * pictures. Agency-1 key sees actors 1, 2, 3, 4, 5, 9, 11 (6 is merged, 7 deleted, 8 belongs to agency 2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorListItemSchema } from '../../contract/directory-api.ts';
import { expectOk, expectSchema, ids, serviceDatetime } from './support/http.ts';
import { KEY_AGENCY_2, KEY_CASTING_PRO, START_TIMEOUT, startFixtureService, type FixtureService } from './support/service.ts';

let service: FixtureService;
const LIST = '/api/v1/actor_profiles';
const ALL_FIELDS = 'age,gender,gender_new,gender_description,gender_searchability,first_name,last_name,name,main_profession,professions,languages,representative,updated_at';
type Item = Record<string, unknown> & { id: number };

beforeAll(async () => {
  service = await startFixtureService();
}, START_TIMEOUT);
afterAll(async () => {
  await service?.directory.close();
});

async function list(query = ''): Promise<Item[]> {
  const body = expectOk(await service.api.get<Item[]>(LIST + query));
  expect(Array.isArray(body)).toBe(true);
  for (const item of body) expectSchema(actorListItemSchema, item, `actor list item ${item.id}`);
  return body;
}
const unix = (iso: string) => Math.floor(Date.parse(iso) / 1000);

describe('rights', () => {
  it('lists only the active profiles connected to the key\'s agency, in id order', async () => {
    expect(ids(await list())).toEqual([1, 2, 3, 4, 5, 9, 11]);
  });
  it('a secondary connection is enough; another key sees only its own agency', async () => {
    expect(ids(expectOk(await service.api.get(LIST, { key: KEY_AGENCY_2 })))).toEqual([8, 9]);
  });
  it('a key without agencies sees no profiles', async () => {
    const answer = await service.api.get(LIST, { key: KEY_CASTING_PRO });
    expect(expectOk(answer)).toEqual([]);
    expect(answer.headers.get('total')).toBe('0');
  });
});

describe('fields', () => {
  it('defaults to id, name and gender', async () => {
    const body = await list();
    for (const item of body) expect(Object.keys(item).sort()).toEqual(['gender', 'id', 'name']);
    expect(body[0]).toEqual({ id: 1, name: 'Jonas Becker', gender: 'm' });
  });
  it('serves every allowed field with the stored values', async () => {
    const [jonas] = await list(`?fields=${ALL_FIELDS}`);
    expect(Object.keys(jonas).sort()).toEqual(['id', ...ALL_FIELDS.split(',')].sort());
    expect(jonas).toMatchObject({
      id: 1, age: 30, gender: 'm', gender_new: 'male', first_name: 'Jonas', last_name: 'Becker', name: 'Jonas Becker',
      main_profession: 'actor', professions: ['schauspieler'], languages: { deutsch: 'muttersprachlich', englisch: 'fliessend' },
      representative: { id: 501, name: 'Erika Agent' },
    });
    expect(jonas.updated_at).toMatch(serviceDatetime);
    expect(Date.parse(jonas.updated_at as string)).toBe(Date.parse('2026-01-10T10:00:00.000Z'));
    expect(jonas.updated_at).toBe('2026-01-10T10:00:00.000+00:00');
  });
  it('ignores unknown and forbidden names and always serves id', async () => {
    const body = await list('?fields=first_name,bogus,about_me,height,vita');
    for (const item of body) expect(Object.keys(item).sort()).toEqual(['first_name', 'id']);
    const onlyUnknown = await list('?fields=nonsense');
    for (const item of onlyUnknown) expect(Object.keys(item)).toContain('id');
  });
  it('fields=id serves only the id', async () => {
    for (const item of await list('?fields=id')) expect(Object.keys(item)).toEqual(['id']);
  });
});

describe('gender filter (matches gender_searchability)', () => {
  it.each([
    ['male', [1, 2, 11]],
    ['female', [3, 5, 9]],
    ['transgender_female', [5]],
    ['non_binary', [4]],
    ['transgender_male', []],
    ['custom', []],
  ])('gender=%s', async (gender, expected) => {
    expect(ids(await list(`?gender=${gender}`))).toEqual(expected);
  });
  it('serves gender_description and gender_searchability where asked (actor-profiles.md\'s list response fields)', async () => {
    const body = await list('?fields=gender_new,gender_description,gender_searchability');
    const byGender = new Map(body.map((item) => [item.gender_new, item]));
    expect(byGender.get('non_binary')).toMatchObject({ gender_description: 'enby', gender_searchability: ['non_binary'] });
    expect(byGender.get('transgender_female')).toMatchObject({ gender_description: null, gender_searchability: ['female', 'transgender_female'] });
    for (const item of body) {
      expect(Array.isArray(item.gender_searchability)).toBe(true);
      expect(item.gender_description === null || typeof item.gender_description === 'string').toBe(true);
    }
  });
  it('serves m/f/i and gender_new where asked', async () => {
    const body = await list('?gender=female&fields=gender,gender_new');
    expect(body.map((item) => [item.gender, item.gender_new])).toEqual([['f', 'female'], ['f', 'transgender_female'], ['f', 'female']]);
  });
});

describe('acting age filters (overlap with acting_age_from..acting_age_to)', () => {
  it('acting_age[gte]=36 keeps acting_age_to >= 36', async () => {
    expect(ids(await list('?acting_age[gte]=36'))).toEqual([2, 5, 9]);
  });
  it('acting_age[lte]=24 keeps acting_age_from <= 24', async () => {
    expect(ids(await list('?acting_age[lte]=24'))).toEqual([1, 4, 11]);
  });
  it('both bounds: ranges that overlap 30..32', async () => {
    expect(ids(await list('?acting_age[gte]=30&acting_age[lte]=32'))).toEqual([1, 3, 9]);
  });
  it('bounds are inclusive', async () => {
    expect(ids(await list('?acting_age[gte]=50'))).toEqual([5]);
    expect(ids(await list('?acting_age[lte]=18'))).toEqual([4]);
  });
  it('percent-encoded brackets are the same parameter', async () => {
    expect(ids(await list('?acting_age%5Bgte%5D=36'))).toEqual([2, 5, 9]);
  });
});

describe('languages filter (ISO 639-2, all of them)', () => {
  it.each([
    ['eng', [1, 2, 4, 5, 9]],
    ['deu,eng', [1, 4, 9]],
    ['fra', [3]],
    ['deu,pol,eng', [9]],
    ['tur', []],
  ])('languages=%s', async (languages, expected) => {
    expect(ids(await list(`?languages=${languages}`))).toEqual(expected);
  });
});

describe('updated_at[gte] (Unix seconds)', () => {
  it('keeps profiles updated at or after the instant', async () => {
    expect(ids(await list(`?updated_at[gte]=${unix('2026-02-01T00:00:00Z')}`))).toEqual([2, 3, 5, 9]);
    expect(ids(await list(`?updated_at[gte]=${unix('2026-02-01T00:00:01Z')}`))).toEqual([2, 5, 9]);
    expect(ids(await list(`?updated_at[gte]=0`))).toEqual([1, 2, 3, 4, 5, 9, 11]);
  });
});

describe('q (trigram name search)', () => {
  it("'jon' finds Jonas and Jonathan but not the others", async () => {
    const found = ids(await list('?q=jon'));
    expect(found).toEqual(expect.arrayContaining([1, 2, 11]));
    expect(found).not.toContain(3);
    expect(found).not.toContain(5);
    expect(found).toEqual([...found].sort((a, b) => a - b));
  });
  it("'mueler' finds Müller", async () => {
    expect(ids(await list('?q=mueler'))).toContain(3);
  });
  it("'müller' finds Müller", async () => {
    expect(ids(await list(`?q=${encodeURIComponent('müller')}`))).toContain(3);
  });
  it("'MULLER' (no umlaut, upper case) finds Müller", async () => {
    expect(ids(await list('?q=MULLER'))).toContain(3);
  });
  it('a partial last name finds the profile', async () => {
    expect(ids(await list('?q=becker'))).toEqual(expect.arrayContaining([1, 11]));
  });
  it('stays within the key\'s rights', async () => {
    expect(ids(await list('?q=outside'))).not.toContain(8);
  });
  it('combines with gender, acting age, languages and updated_at', async () => {
    expect(ids(await list('?q=jon&gender=male'))).toEqual([1, 2, 11]);
    expect(ids(await list('?q=jon&acting_age[gte]=36'))).toEqual([2]);
    expect(ids(await list('?q=jon&languages=deu'))).toEqual([1, 11]);
    expect(ids(await list(`?q=jon&updated_at[gte]=${unix('2026-01-01T00:00:00Z')}`))).toEqual([1, 2]);
    expect(ids(await list('?q=jon&gender=female'))).toEqual([]);
  });
  it('keeps the requested order with id as the tie-break', async () => {
    expect(ids(await list('?q=jon&order=name'))).toEqual([1, 11, 2]);
    expect(ids(await list('?q=jon&order=id&direction=desc'))).toEqual([11, 2, 1]);
    const byLastNameDesc = await list('?q=jon&order=last_name&direction=desc&fields=last_name');
    expect(byLastNameDesc.map((item) => item.last_name)).toEqual(['Smith', 'Becker', 'Becker']);
  });
});

describe('order and direction', () => {
  it('order=id direction=desc', async () => {
    expect(ids(await list('?direction=desc'))).toEqual([11, 9, 5, 4, 3, 2, 1]);
  });
  it('order=name asc, ties broken by id', async () => {
    // Anna Müller, Jonas Becker (1), Jonas Becker (11), Jonathan Smith, Kim Weber, Marta Nowak, Sofia Rossi
    expect(ids(await list('?order=name'))).toEqual([3, 1, 11, 2, 4, 9, 5]);
  });
  it('order=name desc reverses the names', async () => {
    const names = (await list('?order=name&direction=desc')).map((item) => item.name);
    expect(names).toEqual(['Sofia Rossi', 'Marta Nowak', 'Kim Weber', 'Jonathan Smith', 'Jonas Becker', 'Jonas Becker', 'Anna Müller']);
  });
  it('order=last_name asc, ties broken by id', async () => {
    // Becker (1), Becker (11), Müller, Nowak, Rossi, Smith, Weber
    expect(ids(await list('?order=last_name'))).toEqual([1, 11, 3, 9, 5, 2, 4]);
  });
  it('order=last_name desc', async () => {
    const body = await list('?order=last_name&direction=desc&fields=last_name');
    expect(body.map((item) => item.last_name)).toEqual(['Weber', 'Smith', 'Rossi', 'Nowak', 'Müller', 'Becker', 'Becker']);
  });
});

describe('pictures', () => {
  it('include_picture=true adds the landscape main picture thumbnail as an absolute URL', async () => {
    const body = await list('?include_picture=true');
    const jonas = body.find((item) => item.id === 1)!;
    expect(jonas.main_picture_url_tile).toBe(`${service.directory.baseUrl}/media/pictures/101/thumb.jpg`);
    expect(jonas.picture_copyright).toBe('Foto Eins');
    expect(jonas).not.toHaveProperty('picture_url');
  });
  it('a profile without a servable picture has no thumbnail', async () => {
    const body = await list('?include_picture=true');
    const anna = body.find((item) => item.id === 3)!; // its only picture is invisible
    expect(anna.main_picture_url_tile ?? null).toBeNull();
    expect(anna.picture_url ?? null).toBeNull();
  });
  it.each([
    ['original', '/media/pictures/101/original.jpg'],
    ['large', '/media/pictures/101/large.jpg'],
    ['thumb', '/media/pictures/101/thumb.jpg'],
    ['thumb_large', '/media/pictures/101/thumb_large.jpg'],
    ['thumb_portrait', '/media/pictures/101/thumb_portrait.jpg'],
  ])('picture_version=%s adds picture_url', async (version, path) => {
    const body = await list(`?include_picture=true&picture_version=${version}`);
    expect(body.find((item) => item.id === 1)!.picture_url).toBe(service.directory.baseUrl + path);
  });
  it('thumb_portrait is a version of the same (landscape main) picture: copyright unchanged', async () => {
    const body = await list('?include_picture=true&picture_version=thumb_portrait');
    const jonas = body.find((item) => item.id === 1)!;
    expect(jonas.main_picture_url_tile).toBe(`${service.directory.baseUrl}/media/pictures/101/thumb.jpg`);
    expect(jonas.picture_copyright).toBe('Foto Eins');
  });
  it('picture_version without include_picture adds nothing', async () => {
    const body = await list('?picture_version=large');
    for (const item of body) {
      expect(item).not.toHaveProperty('picture_url');
      expect(item).not.toHaveProperty('main_picture_url_tile');
    }
  });
  it('include_picture=false adds nothing', async () => {
    for (const item of await list('?include_picture=false')) expect(item).not.toHaveProperty('main_picture_url_tile');
  });
});
