/**
 * GET /api/v1/crew_profiles: rights, fields (about_me included), gender mapping, professions[],
 * updated_at, q, ordering and pictures. The agency-1 key sees crew 1, 2, 3, 7.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crewListItemSchema } from '../../contract/directory-api.ts';
import { expectError, expectOk, expectSchema, ids, serviceDatetime } from './support/http.ts';
import { KEY_AGENCY_2, START_TIMEOUT, startFixtureService, type FixtureService } from './support/service.ts';

let service: FixtureService;
const LIST = '/api/v1/crew_profiles';
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
  for (const item of body) expectSchema(crewListItemSchema, item, `crew list item ${item.id}`);
  return body;
}
const unix = (iso: string) => Math.floor(Date.parse(iso) / 1000);

describe('rights', () => {
  it('lists the active crew of the key\'s agency', async () => {
    expect(ids(await list())).toEqual([1, 2, 3, 7]);
    expect(ids(expectOk(await service.api.get(LIST, { key: KEY_AGENCY_2 })))).toEqual([4]);
  });
});

describe('fields', () => {
  it('defaults to id, name and gender', async () => {
    const body = await list();
    for (const item of body) expect(Object.keys(item).sort()).toEqual(['gender', 'id', 'name']);
    expect(body[0]).toEqual({ id: 1, name: 'Jonas Kramer', gender: 'm' });
  });
  it('an omitted name is served as first_name last_name', async () => {
    expect((await list()).find((item) => item.id === 2)).toEqual({ id: 2, name: 'Petra Müller', gender: 'f' });
  });
  it('serves every allowed field', async () => {
    const [kramer] = await list('?fields=name,first_name,last_name,gender,professions,languages,representative,updated_at');
    expect(kramer).toMatchObject({
      id: 1, name: 'Jonas Kramer', first_name: 'Jonas', last_name: 'Kramer', gender: 'm', professions: ['regie', 'autor'],
      languages: { deutsch: 'muttersprachlich', englisch: 'fliessend' }, representative: { id: 505, name: 'Rita Rep' },
    });
    expect(kramer.updated_at).toBe('2026-01-05T10:00:00.000+00:00');
  });
  it('representative is left out when the crew member has none, as the provider does', async () => {
    const body = await list('?fields=representative');
    expect(body.find((item) => item.id === 2)).not.toHaveProperty('representative');
  });
  it('about_me and about_me_html are allowed and localized by locale', async () => {
    const en = await list('?fields=about_me,about_me_html');
    expect(en[0]).toEqual({ id: 1, about_me: 'I direct films.', about_me_html: '<div>I direct films.</div>' });
    const de = await list('?fields=about_me,about_me_html&locale=de');
    expect(de[0]).toEqual({ id: 1, about_me: 'Ich mache Filme.', about_me_html: '<div>Ich mache Filme.</div>' });
    expect(de.find((item) => item.id === 2)!.about_me).toBeNull();
    expect(en.find((item) => item.id === 2)!.about_me).toBe('Camera is my life.');
  });
  it('about_me_html is sanitized HTML (no scripts, no event handlers)', async () => {
    const alex = (await list('?fields=about_me,about_me_html')).find((item) => item.id === 3)!;
    expect(alex.about_me).toBe('I cut films.');
    const html = String(alex.about_me_html).toLowerCase();
    expect(html).toContain('<b>cut</b>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onload');
  });
  it('ignores unknown and forbidden names, id always present', async () => {
    for (const item of await list('?fields=last_name,gender_new,age,bogus,,')) expect(Object.keys(item).sort()).toEqual(['id', 'last_name']);
  });
  it('updated_at is served with milliseconds and +00:00', async () => {
    for (const item of await list('?fields=updated_at')) expect(item.updated_at).toMatch(serviceDatetime);
  });
});

describe('gender filter', () => {
  it.each([
    ['male', [1, 7]],
    ['female', [2]],
    ['non_binary', [3]],
    ['transgender_female', [3]],
    ['transgender_male', [3]],
    ['custom', [3]],
  ])('gender=%s', async (gender, expected) => {
    const body = await list(`?gender=${gender}`);
    expect(ids(body)).toEqual(expected);
  });
  it('results show m, f or i', async () => {
    for (const item of await list()) expect(['m', 'f', 'i']).toContain(item.gender);
  });
});

describe('professions[] filter (any of them)', () => {
  it('one profession', async () => {
    expect(ids(await list('?professions[]=regie'))).toEqual([1]);
  });
  it('several professions keep profiles with any of them', async () => {
    expect(ids(await list('?professions[]=kamera&professions[]=komponist'))).toEqual([2, 7]);
    expect(ids(await list('?professions%5B%5D=schnitt&professions%5B%5D=autor'))).toEqual([1, 3]);
  });
  it('combines with other filters', async () => {
    expect(ids(await list('?professions[]=kamera&professions[]=komponist&gender=male'))).toEqual([7]);
  });
});

describe('updated_at[gte]', () => {
  it('keeps profiles updated at or after the instant', async () => {
    expect(ids(await list(`?updated_at[gte]=${unix('2026-02-10T10:00:00Z')}`))).toEqual([2, 7]);
    expect(ids(await list(`?updated_at[gte]=${unix('2030-01-01T00:00:00Z')}`))).toEqual([]);
  });
});

describe('q', () => {
  it("'jon' finds Jonas and Jonathan", async () => {
    const found = ids(await list('?q=jon'));
    expect(found).toEqual(expect.arrayContaining([1, 7]));
    expect(found).not.toContain(2);
  });
  it("'mueler' finds Müller", async () => {
    expect(ids(await list('?q=mueler'))).toContain(2);
  });
  it('combines with filters and keeps the order', async () => {
    expect(ids(await list('?q=jon&professions[]=regie'))).toEqual([1]);
    expect(ids(await list('?q=jon&direction=desc'))).toEqual([7, 1]);
    expect(ids(await list('?q=jon&order=last_name&direction=desc'))).toEqual([7, 1]);
  });
});

describe('order and direction', () => {
  it('order=name', async () => {
    // Alex Winter, Jonas Kramer, Jonathan Weiss, Petra Müller
    expect(ids(await list('?order=name'))).toEqual([3, 1, 7, 2]);
    expect(ids(await list('?order=name&direction=desc'))).toEqual([2, 7, 1, 3]);
  });
  it('order=last_name', async () => {
    // Kramer, Müller, Weiss, Winter
    expect(ids(await list('?order=last_name'))).toEqual([1, 2, 7, 3]);
  });
  it('order=id desc', async () => {
    expect(ids(await list('?direction=desc'))).toEqual([7, 3, 2, 1]);
  });
});

describe('pictures', () => {
  it('include_picture adds the first visible picture\'s thumbnail, absolute', async () => {
    const body = await list('?include_picture=true');
    expect(body[0].main_picture_url_tile).toBe(`${service.directory.baseUrl}/media/crew/201-t.jpg`);
    expect(body[0].picture_copyright).toBe('Crew Foto');
    expect(body.find((item) => item.id === 2)!.main_picture_url_tile ?? null).toBeNull();
  });
  it.each([
    ['original', '/media/crew/201.jpg'],
    ['large', '/media/crew/201-l.jpg'],
    ['thumb', '/media/crew/201-t.jpg'],
    ['thumb_large', '/media/crew/201-tl.jpg'],
  ])('picture_version=%s', async (version, path) => {
    const body = await list(`?include_picture=true&picture_version=${version}`);
    expect(body[0].picture_url).toBe(service.directory.baseUrl + path);
  });
  it('picture_version alone adds nothing', async () => {
    for (const item of await list('?picture_version=large')) expect(item).not.toHaveProperty('picture_url');
  });
  it('thumb_portrait is not a crew version', async () => {
    expectError(await service.api.get(`${LIST}?include_picture=true&picture_version=thumb_portrait`), 400, 'invalid_parameter');
  });
});
