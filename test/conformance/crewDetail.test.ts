/** GET /api/v1/crew_profiles/{id}: detail rules, enum translate and its locales, rights and gone profiles. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crewDetailSchema, crewVitaGroups } from '../../contract/directory-api.ts';
import { CATALOGUES, labels } from './support/catalogues.ts';
import { collectKeys, expectError, expectOk, expectSchema, type Json } from './support/http.ts';
import { KEY_AGENCY_2, START_TIMEOUT, startFixtureService, type FixtureService } from './support/service.ts';

let service: FixtureService;
type Detail = Record<string, Json>;

beforeAll(async () => {
  service = await startFixtureService();
}, START_TIMEOUT);
afterAll(async () => {
  await service?.directory.close();
});

async function detail(id: number, query = ''): Promise<Detail> {
  return expectOk(await service.api.get<Detail>(`/api/v1/crew_profiles/${id}${query}`));
}

describe('crew 1', () => {
  let kramer: Detail;
  beforeAll(async () => {
    kramer = await detail(1);
  });
  it('matches the contract schema', () => {
    expectSchema(crewDetailSchema, kramer, 'crew 1');
  });
  it('serves the stored fields', () => {
    expect(kramer).toMatchObject({
      id: 1, first_name: 'Jonas', last_name: 'Kramer', name: 'Jonas Kramer', year_of_birth: 1980, place_of_birth: 'Köln',
      professions: ['regie', 'autor'], nationalities: ['DE', 'FR'], languages: { deutsch: 'muttersprachlich', englisch: 'fliessend' },
      accommodation_options: ['Berlin'], representative: { id: 505, name: 'Rita Rep' }, talent_agency_id: 1,
      external_showreels: ['https://video.example/kramer'], showreel_ids: [15], showreel_medium_ids: [151],
      homepage_url: 'https://kramer.example', agency_profile_url: 'https://agentur-eins.example/kramer',
      filmdb_link: 'https://filmdb.example/nm9', filmdb_id: 'nm9', social_page: 'kramer', photo_social_username: 'kramer_films',
      encyclopedia_url: 'https://encyclopedia.example/Kramer', country: 'DE', state: 'DE-NW', gender: 'm',
      about_me: 'I direct films.', about_me_html: '<div>I direct films.</div>',
    });
    expect(kramer.updated_at).toBe('2026-01-05T10:00:00.000+00:00');
  });
  it('pictures: invisible and processing skipped, position order, main_picture on the first, absolute /media/ URLs', () => {
    const pictures = kramer.pictures as Detail[];
    expect(pictures.map((p) => p.id)).toEqual([201, 203]);
    expect(pictures.map((p) => p.main_picture)).toEqual([true, false]);
    expect(pictures[0].url).toBe(`${service.directory.baseUrl}/media/crew/201.jpg`);
    expect(pictures[0].versions.thumb).toBe(`${service.directory.baseUrl}/media/crew/201-t.jpg`);
    expect(pictures[0].recorded_at).toBe('2020-12-23T18:16:52.000+00:00');
    expect(pictures[0]).toMatchObject({ copyright: 'Crew Foto', orientation: 'portrait', dimensions: [50, 64], year: 2020 });
  });
  it('showreels: only visible ones', () => {
    expect(kramer.showreels).toEqual([{ name: 'Director reel', url: 'https://directory.example/crew/showreels/15', type: 'video' }]);
  });
  it('vita: four groups, visible entries only, newest first', () => {
    for (const group of crewVitaGroups) expect(Array.isArray(kramer.vita[group]), group).toBe(true);
    expect((kramer.vita.film as Detail[]).map((e) => e.name)).toEqual(['Newer Film', 'Sample Film']);
  });
  it('locations: places first', () => {
    expect((kramer.locations as Detail[]).map((l) => l.name)).toEqual(['Berlin', 'Cologne']);
  });
  it('never serves hidden state', () => {
    for (const { path, key } of collectKeys(kramer)) {
      expect(['visible', 'processing', 'status', 'active', 'deleted', 'autodidact'].includes(key), `${path}.${key}`).toBe(false);
      if (key === 'position') expect(path).toMatch(/^\$\.pictures\[\d+\]$/);
    }
  });
});

describe('enum and locale', () => {
  it('enum=translate translates gender to a full word in the locale', async () => {
    for (const locale of ['en', 'de', 'fr']) {
      const genders = await labels(service.api, CATALOGUES.gender, locale);
      expect((await detail(1, `?enum=translate&locale=${locale}`)).gender, locale).toBe(genders.m);
    }
  });
  it('enum=translate translates country and state (crew-profiles.md)', async () => {
    for (const locale of ['en', 'de', 'fr']) {
      const kramer = await detail(1, `?enum=translate&locale=${locale}`);
      expect(kramer.country, locale).toBe((await labels(service.api, ['countries'], locale)).DE);
      expect(kramer.state, locale).toBe((await labels(service.api, ['states'], locale))['DE-NW']);
    }
    expect((await detail(1, '?enum=translate&locale=de')).state).toBe('Nordrhein-Westfalen');
    expect((await detail(1)).state).toBe('DE-NW');
  });
  it('enum=translate joins arrays and hashes to strings', async () => {
    const kramer = await detail(1, '?enum=translate');
    expect(typeof kramer.professions).toBe('string');
    expect(typeof kramer.languages).toBe('string');
  });
  it('enum=translate&locale=de serves the German about_me; missing language is null', async () => {
    const kramer = await detail(1, '?enum=translate&locale=de');
    expect(kramer.about_me).toBe('Ich mache Filme.');
    expect(kramer.about_me_html).toBe('<div>Ich mache Filme.</div>');
    expect((await detail(2, '?enum=translate&locale=de')).about_me).toBeNull();
  });
  it('accepts the nine crew locales', async () => {
    for (const locale of ['en', 'de', 'fr', 'it', 'es', 'pl', 'ro', 'ru', 'tr']) {
      expect((await service.api.get(`/api/v1/crew_profiles/1?enum=translate&locale=${locale}`)).status, locale).toBe(200);
    }
  });
  it('rejects locale uk (not a crew detail locale) and unknown locales', async () => {
    expectError(await service.api.get('/api/v1/crew_profiles/1?locale=uk'), 400, 'invalid_parameter');
    expectError(await service.api.get('/api/v1/crew_profiles/1?enum=translate&locale=uk'), 400, 'invalid_parameter');
    expectError(await service.api.get('/api/v1/crew_profiles/1?locale=xx'), 400, 'invalid_parameter');
  });
  it('rejects an unknown enum value', async () => {
    expectError(await service.api.get('/api/v1/crew_profiles/1?enum=nope'), 400, 'invalid_parameter');
  });
});

describe('rights and gone profiles', () => {
  it('404 outside the rights and for unknown ids', async () => {
    expectError(await service.api.get('/api/v1/crew_profiles/4'), 404, 'not_found');
    expectError(await service.api.get('/api/v1/crew_profiles/1', { key: KEY_AGENCY_2 }), 404, 'not_found');
    expectError(await service.api.get('/api/v1/crew_profiles/999999'), 404, 'not_found');
  });
  it('410 merged and deleted', async () => {
    const merged = await service.api.get('/api/v1/crew_profiles/5');
    expect(merged.status).toBe(410);
    expect(merged.body).toEqual({ id: 5, status: 'merged', new_id: 1 });
    const deleted = await service.api.get('/api/v1/crew_profiles/6');
    expect(deleted.status).toBe(410);
    expect(deleted.body).toEqual({ id: 6, status: 'deleted' });
  });
  it('about_me_html is sanitized HTML in the detail too', async () => {
    const html = String((await detail(3)).about_me_html).toLowerCase();
    expect(html).toContain('<b>cut</b>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onload');
  });
  it('minimal profiles match the schema', async () => {
    for (const id of [2, 3, 7]) expectSchema(crewDetailSchema, await detail(id), `crew ${id}`);
  });
});
