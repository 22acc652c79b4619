/**
 * GET /api/v1/actor_profiles/{id}: the full detail of actor 1 (every rule the spec and our service
 * decisions state about pictures, vita, locations, connections, deprecated fields, localization and
 * enum modes), plus rights and gone profiles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorDetailSchema, actorVitaGroups, goneSchema } from '../../contract/directory-api.ts';
import { CATALOGUES, labels } from './support/catalogues.ts';
import { collectKeys, expectError, expectOk, expectSchema, serviceDatetime, type Json } from './support/http.ts';
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
  return expectOk(await service.api.get<Detail>(`/api/v1/actor_profiles/${id}${query}`));
}

describe('actor 1, default enum', () => {
  let jonas: Detail;
  beforeAll(async () => {
    jonas = await detail(1);
  });

  it('matches the contract schema', () => {
    expectSchema(actorDetailSchema, jonas, 'actor 1');
  });

  it('serves the stored scalar fields unchanged', () => {
    expect(jonas).toMatchObject({
      id: 1, first_name: 'Jonas', last_name: 'Becker',
      service_url: 'https://directory.example/actors/1', service_cd_url: 'https://directory.example/cd/actors/1',
      acting_age_from: 20, acting_age_to: 30, year_of_birth: 1996, age: 30, height: 182, weight: 78,
      state_code: 'DE-BE', accommodation_options: ['Hamburg', 'München'], homepage_url: 'https://jonas.example',
      filmdb_link: 'https://filmdb.example/nm1', filmdb_id: 'nm1', social_page: 'jonas.becker', photo_social_username: 'jonasb',
      sv_url: null, encyclopedia_url: 'https://encyclopedia.example/Jonas_Becker', profile_visibility: 'public',
      attribute_visibility: { age: 'public', acting_age: 'public', gender: 'public', ethnic_appearances: 'private', figures: 'public', working_permits: 'public' },
      place_of_birth: 'Berlin', city: 'Berlin', gender: 'm', gender_new: 'male', gender_searchability: ['male'],
      eye_color: 'blau', hair_color: 'blond', hair_length: 'kurz',
      ethnic_background: ['6471'], ethnic_background_details: ['6473'],
      nationalities: ['DE'], languages: { deutsch: 'muttersprachlich', englisch: 'fliessend' }, dialects: { bairisch: 'kann' },
      instruments: { gitarre: 'gut' }, dances: { tango: 'grundkenntnisse', salsa: 'gut' }, singing: { pop: 'gut' },
      sports: ['fussball', 'schwimmen'], drivers_licenses: ['pkw-klasse-b'], working_permits: ['EU-27'], special_skills: { '105': 'gut' },
      main_profession: 'actor', specializations: ['stuntman'], country: 'DE', state: 'DE-BE',
      external_showreels: ['https://video.example/jonas-1', 'https://video.example/jonas-2'],
      showreel_ids: [31, 32], showreel_medium_ids: [41], mentioned_in_blog_post_ids: [7],
    });
  });

  it('serves updated_at with milliseconds and +00:00', () => {
    expect(jonas.updated_at).toBe('2026-01-10T10:00:00.000+00:00');
  });

  it('never serves hidden state (visible, processing, status, active, deleted, autodidact; position only on pictures)', () => {
    const hidden = ['visible', 'processing', 'status', 'active', 'deleted', 'autodidact'];
    for (const { path, key } of collectKeys(jonas)) {
      expect(hidden.includes(key), `${path}.${key} is hidden state`).toBe(false);
      if (key === 'position') expect(path, `${path}.position is hidden state`).toMatch(/^\$\.pictures\[\d+\]$/);
    }
  });

  it('pictures: invisible and processing skipped, landscape order, dense positions, main flags', () => {
    const pictures = jonas.pictures as Detail[];
    expect(pictures.map((p) => p.id)).toEqual([101, 104, 105]);
    expect(pictures.map((p) => p.landscape_position)).toEqual([1, 2, 3]);
    expect(pictures.map((p) => p.portrait_position)).toEqual([3, 1, 2]);
    expect(pictures.map((p) => p.main_picture)).toEqual([true, false, false]);
    expect(pictures.map((p) => p.main_picture_portrait)).toEqual([false, true, false]);
  });

  it('pictures: /media/ URLs become absolute on the service base URL, others stay', () => {
    const [first, second] = jonas.pictures as Detail[];
    const base = service.directory.baseUrl;
    expect(first.url).toBe(`${base}/media/pictures/101/original.jpg`);
    expect(first.versions).toMatchObject({
      original: `${base}/media/pictures/101/original.jpg`, large: `${base}/media/pictures/101/large.jpg`,
      thumb: `${base}/media/pictures/101/thumb.jpg`, thumb_large: `${base}/media/pictures/101/thumb_large.jpg`,
    });
    expect(second.url).toBe('https://img.example/104.jpg');
  });

  it('pictures: the other fields are served', () => {
    const [first, second, third] = jonas.pictures as Detail[];
    expect(first).toMatchObject({ copyright: 'Foto Eins', orientation: 'landscape', dimensions: [1600, 900], crop_coordinates: { x: 0, y: 0, w: 900, h: 900 }, year: 2025 });
    expect(first.created_at).toBe('2025-05-01T10:00:00.000+00:00');
    expect(second.copyright).toBe('');
    expect(third.recorded_at).toBe('2024-12-23T17:16:52.000+00:00');
  });

  it('showreels: only visible ones, with name, url and type', () => {
    expect(jonas.showreels).toEqual([
      { name: 'Main reel', url: 'https://directory.example/showreels/31', type: 'video' },
      { name: 'Voice reel', url: `${service.directory.baseUrl}/media/showreels/32.wav`, type: 'audio' },
    ]);
  });

  it('vita pictures: /media/ URLs become absolute, others stay', () => {
    const film = jonas.vita.film as Detail[];
    expect(film.find((e) => e.name === 'Recent Film A')!.picture).toEqual({ url: `${service.directory.baseUrl}/media/vita/13.jpg` });
    expect(film.find((e) => e.name === 'Old Film')!.picture).toEqual({ url: 'https://img.example/vita-12.jpg' });
  });

  it('locations: places before accommodations, otherwise in data order', () => {
    expect((jonas.locations as Detail[]).map((l) => [l.name, l.type])).toEqual([
      ['Berlin', 'place'], ['Potsdam', 'place'], ['Hamburg', 'accommodation'], ['München', 'accommodation'],
    ]);
    expect(jonas.locations[0]).toEqual({ name: 'Berlin', latitude: 52.52, longitude: 13.4, place_id: 'p-b', type: 'place', country: 'DE' });
  });

  it('talent agency connections: empty categories/regions filled from the agency, name from the agency', () => {
    expect(jonas.talent_agency_connections).toEqual([
      { talent_agency_id: 1, talent_agency_employee_id: 501, agency_profile_url: 'https://agentur-eins.example/jonas', talent_agency_name: 'Agentur Eins', categories: ['acting_agency'], regions: ['dach'], connection_type: 'primary_agency' },
      { talent_agency_id: 3, talent_agency_employee_id: 701, agency_profile_url: null, talent_agency_name: 'Third Talents', categories: ['advertising'], regions: ['benelux'], connection_type: 'secondary_agency' },
    ]);
  });

  it('deprecated fields are served beside their replacements (derived when the data lacks them)', () => {
    expect(jonas.talent_agency_id).toBe(1);
    expect(jonas.agency_profile_url).toBe('https://agentur-eins.example/jonas');
    expect(jonas.representative).toEqual({ id: 501, name: 'Erika Agent' });
    expect(jonas.castupload_url).toBe(jonas.service_url);
    expect(jonas.castupload_professional_url).toBe(jonas.service_cd_url);
    expect(jonas.external_showreel).toBe('https://video.example/jonas-1');
    expect(jonas.native_dialects).toEqual(['berlinerisch']);
    expect(jonas.native_dialect).toBe('berlinerisch');
    expect(jonas.figures).toEqual(['sportlich']);
    expect(jonas.figure).toBe('sportlich');
    expect(jonas.pitches).toEqual(['tenor']);
    expect(jonas.pitch).toBe('tenor');
    expect(jonas.professions).toEqual(['schauspieler']);
    expect(jonas.ethnic_appearances).toEqual(['mitteleuropaisch']);
  });

  it('vita: all ten groups are arrays', () => {
    for (const group of actorVitaGroups) expect(Array.isArray(jonas.vita[group]), group).toBe(true);
  });

  it('vita: in_development first, then year_to desc and year_from desc (nulls first), then position, then id; invisible dropped', () => {
    expect((jonas.vita.film as Detail[]).map((e) => e.name)).toEqual([
      'Dev Project', 'Dev Older', 'Open End Film', 'Recent Film A', 'Recent Film B', 'Recent Film C', 'Short Shoot', 'Long Shoot', 'Old Film',
    ]);
    expect(jonas.vita.film[3]).toMatchObject({ name: 'Recent Film A', year_from: 2024, year_to: 2024, in_development: false, role: 'Lead', director: 'D. Rector' });
    expect((jonas.vita.education as Detail[]).map((e) => e.name)).toEqual(['Camera workshop']);
  });

  it('vita: the other groups keep their fields', () => {
    expect(jonas.vita.award[0]).toMatchObject({ name: 'Best Newcomer', info: 'Festival X', year_from: 2021, year_to: 2021, award_nominated: true });
    expect((jonas.vita.television as Detail[]).map((e) => e.name)).toEqual(['Series Without Start', 'Crime Series', 'Older Series']); // year_from null first on a tie
    expect(jonas.vita.television[1]).toMatchObject({ name: 'Crime Series', episode_name: 'Pilot', type_genre: 'series', station: 'ZDF' });
    // the broadcaster (changelog 2022-01-12) is on every television credit, null when the data has none
    expect((jonas.vita.television as Detail[]).map((e) => e.station)).toEqual([null, 'ZDF', null]);
    expect(jonas.vita.film.every((e: Detail) => !('station' in e))).toBe(true);
    expect(jonas.vita.theatre[0]).toMatchObject({ name: 'Hamlet', favorite: true, writer: 'Shakespeare', theater_name: 'Volksbühne', theater_engagement_type: 'guest' });
  });

  it('education: acting-school entries carry dates and qualification; month precision kept; autodidact entries only name and info', () => {
    const [school, selfTaught] = jonas.vita.primary_education as Detail[];
    expect(school).toMatchObject({ name: 'Schauspielschule Berlin', info: 'Full-time', month_from: 9, year_from: 2014, month_to: 7, year_to: 2018, qualification: 'diploma' });
    expect(selfTaught).toEqual({ name: 'Self-taught', info: 'Workshops and coaching' });
    expect(jonas.vita.education[0]).toMatchObject({ name: 'Camera workshop', month_from: null, year_from: 2019, month_to: null, year_to: null });
  });

  it('about_me defaults to English', () => {
    expect(jonas.about_me).toBe('I am Jonas.');
    expect(jonas.about_me_html).toBe('<p>I am Jonas.</p>');
  });
});

describe('locale', () => {
  it('locale=de selects the German about_me', async () => {
    const jonas = await detail(1, '?locale=de');
    expect(jonas.about_me).toBe('Ich bin Jonas.');
    expect(jonas.about_me_html).toBe('<p>Ich bin Jonas.</p>');
  });
  it('about_me is null when the language is missing', async () => {
    const jonas = await detail(1, '?locale=fr');
    expect(jonas.about_me).toBeNull();
    expect(jonas.about_me_html).toBeNull();
    const jonathan = await detail(2, '?locale=de');
    expect(jonathan.about_me).toBeNull();
    expect((await detail(2)).about_me).toBe('English only text.');
  });
  it('accepts every locale of the spec, uk included', async () => {
    for (const locale of ['en', 'de', 'fr', 'it', 'es', 'pl', 'ro', 'uk', 'ru', 'tr']) {
      expect((await service.api.get(`/api/v1/actor_profiles/1?locale=${locale}`)).status, locale).toBe(200);
    }
  });
  it('an unknown locale is a 400', async () => {
    expectError(await service.api.get('/api/v1/actor_profiles/1?locale=xx'), 400, 'invalid_parameter');
  });
});

describe('about_me_html is sanitized HTML', () => {
  it('scripts, event handlers, javascript: links and iframes are removed; allowed tags stay', async () => {
    const sofia = await detail(5);
    const html = sofia.about_me_html as string;
    expect(html).toContain('<strong>world</strong>');
    expect(html).toMatch(/<p>/);
    expect(html.toLowerCase()).not.toContain('<script');
    expect(html.toLowerCase()).not.toContain('onerror');
    expect(html.toLowerCase()).not.toContain('javascript:');
    expect(html.toLowerCase()).not.toContain('<iframe');
    expect(sofia.about_me).toBe('Hello world');
  });
  it('per locale as well', async () => {
    const sofia = await detail(5, '?locale=it');
    expect(sofia.about_me).toBe('Ciao mondo');
    expect(sofia.about_me_html).toBe('<p>Ciao <em>mondo</em></p>');
  });
});

describe('enum', () => {
  it('translate: closed-list keys become the catalogue labels of the locale', async () => {
    for (const locale of ['en', 'de']) {
      const jonas = await detail(1, `?enum=translate&locale=${locale}`);
      const genders = await labels(service.api, CATALOGUES.gender, locale);
      const eyes = await labels(service.api, CATALOGUES.eye_color, locale);
      expect(jonas.gender, `gender in ${locale}`).toBe(genders.m);
      expect(jonas.eye_color, `eye_color in ${locale}`).toBe(eyes.blau);
    }
  });
  it('translate: arrays and hashes are joined to comma-separated strings', async () => {
    const jonas = await detail(1, '?enum=translate');
    const sports = await labels(service.api, CATALOGUES.sports, 'en');
    expect(typeof jonas.sports).toBe('string');
    expect((jonas.sports as string).split(/\s*,\s*/)).toEqual([sports.fussball, sports.schwimmen]);
    for (const field of ['dances', 'languages', 'instruments', 'nationalities', 'specializations']) {
      expect(typeof jonas[field], field).toBe('string');
    }
    expect(jonas.specializations).toBe((await labels(service.api, ['specializations'], 'en')).stuntman);
    const series = (await labels(service.api, ['television_genres'], 'en')).series;
    expect(jonas.vita.television[1]).toMatchObject({ name: 'Crime Series', type_genre: series });
    const languages = await labels(service.api, ['languages'], 'en');
    expect(jonas.languages).toContain(languages.deutsch);
    expect(jonas.languages).toContain(languages.englisch);
    const dances = await labels(service.api, ['dances'], 'en');
    expect(jonas.dances).toContain(dances.tango);
    expect(jonas.dances).toContain(dances.salsa);
  });
  it('translate: qualification is a localized string', async () => {
    const jonas = await detail(1, '?enum=translate&locale=de');
    const qualifications = await labels(service.api, CATALOGUES.qualification, 'de');
    expect(jonas.vita.primary_education[0].qualification).toBe(qualifications.diploma);
  });
  it('v2: closed-list values become {key, translation}', async () => {
    const jonas = await detail(1, '?enum=v2&locale=de');
    const genders = await labels(service.api, CATALOGUES.gender, 'de');
    const eyes = await labels(service.api, CATALOGUES.eye_color, 'de');
    const qualifications = await labels(service.api, CATALOGUES.qualification, 'de');
    expect(jonas.gender).toEqual({ key: 'm', translation: genders.m });
    expect(jonas.eye_color).toEqual({ key: 'blau', translation: eyes.blau });
    const mainProfessions = await labels(service.api, CATALOGUES.main_profession, 'de');
    expect(jonas.main_profession).toEqual({ key: 'actor', translation: mainProfessions.actor });
    expect(jonas.vita.primary_education[0].qualification).toEqual({ key: 'diploma', translation: qualifications.diploma });
  });
  it('omitted enum keeps stable keys; about_me stays text in every mode', async () => {
    expect((await detail(1)).gender).toBe('m');
    expect((await detail(1, '?enum=translate&locale=de')).about_me).toBe('Ich bin Jonas.');
    expect((await detail(1, '?enum=v2&locale=de')).about_me).toBe('Ich bin Jonas.');
  });
  it('an unknown enum value is a 400', async () => {
    expectError(await service.api.get('/api/v1/actor_profiles/1?enum=v3'), 400, 'invalid_parameter');
  });
});

describe('rights and gone profiles', () => {
  it('another agency\'s profile is a 404, and so is an unknown id', async () => {
    expectError(await service.api.get('/api/v1/actor_profiles/8'), 404, 'not_found');
    expectError(await service.api.get('/api/v1/actor_profiles/1', { key: KEY_AGENCY_2 }), 404, 'not_found');
    expectError(await service.api.get('/api/v1/actor_profiles/424242'), 404, 'not_found');
  });
  it('a profile visible through a secondary connection is served', async () => {
    const marta = expectOk(await service.api.get<Detail>('/api/v1/actor_profiles/9', { key: KEY_AGENCY_2 }));
    expectSchema(actorDetailSchema, marta, 'actor 9');
    expect(marta.talent_agency_id).toBe(2); // the primary connection's agency
  });
  it('a merged profile is 410 with its new id', async () => {
    const answer = await service.api.get('/api/v1/actor_profiles/6');
    expect(answer.status).toBe(410);
    expect(answer.body).toEqual({ id: 6, status: 'merged', new_id: 1 });
    expectSchema(goneSchema, answer.body);
  });
  it('a deleted profile is 410 deleted', async () => {
    const answer = await service.api.get('/api/v1/actor_profiles/7');
    expect(answer.status).toBe(410);
    expect(answer.body).toEqual({ id: 7, status: 'deleted' });
  });
  it('a gone profile outside the key\'s rights is a plain 404', async () => {
    expectError(await service.api.get('/api/v1/actor_profiles/6', { key: KEY_AGENCY_2 }), 404, 'not_found');
  });
  it('deprecated professions is derived from main_profession when the data lacks it', async () => {
    const young = await detail(4);
    expect(young.professions).toEqual(['nachwuchsdarsteller']);
    const derived = await detail(11);
    expect(derived.main_profession).toBe('actor');
    expect(derived.professions).toEqual(['schauspieler']);
    const listed = expectOk(await service.api.get<Json[]>('/api/v1/actor_profiles?fields=professions'));
    expect(listed.find((item: Json) => item.id === 11).professions).toEqual(['schauspieler']);
  });
  it('deprecated ethnic_appearances is derived as words from ethnic_background and its regional details when the data lacks it', async () => {
    const marta = await detail(9);
    expect(marta.ethnic_background).toEqual(['6471', '6468']);
    // 6474 (Eastern European) refines 6471 (European); 6468 (Asian) has no detail; 6486 (Polish) names no appearance
    expect(marta.ethnic_appearances).toEqual(['asiatisch', 'osteuropaisch']);
    const words = await labels(service.api, ['ethnic_appearances'], 'de');
    expect((await detail(9, '?enum=translate&locale=de')).ethnic_appearances).toBe(`${words.asiatisch}, ${words.osteuropaisch}`);
  });
  it('a minimal profile matches the schema too', async () => {
    for (const id of [2, 3, 4, 5, 11]) expectSchema(actorDetailSchema, await detail(id), `actor ${id}`);
  });
  it('served datetimes all carry milliseconds and +00:00', async () => {
    expect((await detail(3)).updated_at).toBe('2026-02-01T00:00:00.000+00:00');
    expect((await detail(2)).updated_at).toMatch(serviceDatetime);
  });
});
