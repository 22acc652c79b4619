import { describe, expect, it } from 'vitest';
import { languageKeyForIsoCode } from '../../../contract/language-keys.ts';
import { catalogueKeys } from '../../../server/src/catalogues/catalogues.ts';
import { generateDemoFixture } from '../../../server/src/demo/generateDemoFixture.ts';
import { ethnicAppearances } from '../../../server/src/catalogues/ethnicAppearances.ts';
import { parseFixture } from '../../../server/src/fixture/parseFixture.ts';
import { fixtureSchema, type Fixture, type FixtureCastingCall, type FixtureRole } from '../../../server/src/fixture/schema.ts';
import { pictureOrientation, pictureSize } from '../../../server/src/media/pictureGeometry.ts';

const now = new Date('2026-11-21T12:00:00.000Z');
const options = { actors: 600, crew: 60, castingCalls: 40, seed: 1, now };
const fixture = generateDemoFixture(options);
const actors = fixture.actor_profiles;
const crew = fixture.crew_profiles;
const activeActors = actors.filter((a) => a.status === undefined);

function keysOf(name: string): Set<string> {
  return new Set(catalogueKeys(name));
}

function expectKeysIn(name: string, values: Iterable<string>): void {
  const keys = keysOf(name);
  for (const value of values) expect(keys.has(value), `${value} in catalogue ${name}`).toBe(true);
}

/** The look code in a demo picture's file name (`<id>-<look>-<version>.png`). */
function pictureLook(url: string | null | undefined): string {
  const match = /\/(\d+)-([0-9a-f]{12})-[a-z_]+\.png$/.exec(url ?? '');
  if (!match) throw new Error(`not a demo picture URL: ${url}`);
  return match[2]!;
}

function ageInYears(from: string, to: Date): number {
  return (to.getTime() - new Date(from).getTime()) / (365.25 * 86_400_000);
}

// Each check walks hundreds of generated profiles: on a loaded two-core machine that takes seconds.
describe('generateDemoFixture', { timeout: 60_000 }, () => {
  it('produces a valid fixture, unchanged by fixtureSchema.parse, that passes the loader\'s checks', () => {
    const parsed = fixtureSchema.parse(fixture);
    expect(() => parseFixture(fixture, 'the demo fixture')).not.toThrow();
    expect(parsed.actor_profiles).toHaveLength(600);
    expect(parsed.crew_profiles).toHaveLength(60);
    expect(parsed.casting_calls).toHaveLength(40);
    expect(parsed).toEqual(JSON.parse(JSON.stringify(fixture)) as Fixture);
  });

  it('passes the loader\'s checks at the CLI\'s default size', () => {
    const full = generateDemoFixture({ actors: 2000, crew: 300, castingCalls: 60, seed: 1, now });
    expect(parseFixture(full, 'the default demo').actor_profiles).toHaveLength(2000);
  }, 180_000);

  it('is deterministic, and the seed and now change it', () => {
    const small = { ...options, actors: 40, crew: 8, castingCalls: 12 };
    expect(generateDemoFixture(small)).toEqual(generateDemoFixture(small));
    expect(generateDemoFixture({ ...small, seed: 2 }).actor_profiles).not.toEqual(generateDemoFixture(small).actor_profiles);
    const later = generateDemoFixture({ ...small, now: new Date('2030-01-01T00:00:00Z') });
    expect(later.actor_profiles[0]!.updated_at.startsWith('20')).toBe(true);
    expect(ageInYears(later.actor_profiles[0]!.updated_at, new Date('2030-01-01T00:00:00Z'))).toBeLessThan(3.01);
  });

  it('handles empty sizes and rejects nonsense', () => {
    const empty = generateDemoFixture({ actors: 0, crew: 0, castingCalls: 0, seed: 5, now });
    expect(fixtureSchema.parse(empty).api_keys.length).toBeGreaterThan(1);
    expect(() => generateDemoFixture({ ...options, actors: -1 })).toThrow(/actors/);
    expect(() => generateDemoFixture({ ...options, now: new Date('nope') })).toThrow(/now/);
  });

  it('has international names with diacritics, the search examples and shared last names', () => {
    const firstNames = actors.map((a) => a.first_name);
    expect(firstNames.filter((n) => n === 'Jonas').length).toBeGreaterThanOrEqual(3);
    expect(firstNames.filter((n) => n === 'Jonathan').length).toBeGreaterThanOrEqual(2);
    expect(actors.filter((a) => a.last_name === 'Müller').length).toBeGreaterThanOrEqual(3);
    expect(actors.some((a) => a.last_name === 'Mueller')).toBe(true);
    const all = actors.map((a) => `${a.first_name} ${a.last_name}`).join(' ');
    for (const ch of ['ü', 'ö', 'é', 'ł', 'ç', 'ë', 'ø', 'ñ']) expect(all, ch).toContain(ch);
    const counts = new Map<string, number>();
    for (const a of actors) counts.set(a.last_name, (counts.get(a.last_name) ?? 0) + 1);
    expect([...counts.values()].filter((n) => n >= 3).length).toBeGreaterThan(5);
    for (const a of actors) expect(a.name).toBe(`${a.first_name} ${a.last_name}`);
  });

  it('gives plausible, consistent ages, bodies, genders and professions', () => {
    const year = now.getUTCFullYear();
    for (const a of actors) {
      expect(a.age!).toBeGreaterThanOrEqual(8);
      expect(year - a.year_of_birth! - a.age!).toBeGreaterThanOrEqual(0);
      expect(year - a.year_of_birth! - a.age!).toBeLessThanOrEqual(1);
      const span = a.acting_age_to! - a.acting_age_from!;
      expect(a.height!).toBeGreaterThanOrEqual(110);
      expect(a.height!).toBeLessThanOrEqual(200);
      expect(a.weight!).toBeGreaterThan(15);
      if (a.main_profession === 'young_actor') {
        expect(a.age!).toBeLessThanOrEqual(17);
        expect(a.professions).toContain('nachwuchsdarsteller');
        expect(span).toBeGreaterThanOrEqual(3);
      } else {
        expect(a.age!).toBeGreaterThanOrEqual(18);
        expect(span).toBeGreaterThanOrEqual(5);
        expect(span).toBeLessThanOrEqual(15);
      }
      if (a.main_profession === 'actor') expect(a.professions).toContain('schauspieler');
      expect(a.acting_age_from!).toBeLessThanOrEqual(a.age!);
      expect(a.acting_age_to!).toBeGreaterThanOrEqual(a.age!);
      expect(a.gender_searchability).toContain(a.gender_new);
      expect({ female: 'f', male: 'm', transgender_female: 'f', transgender_male: 'm', non_binary: 'i', custom: 'i' }[a.gender_new!]).toBe(a.gender);
      if (a.gender_new === 'custom') expect(a.gender_description!.length).toBeGreaterThan(0);
      else expect(a.gender_description).toBeNull();
      expect((a.gender_description ?? '').length).toBeLessThanOrEqual(75);
      expect(Object.keys(a.attribute_visibility!).sort()).toEqual(['acting_age', 'age', 'ethnic_appearances', 'figures', 'gender', 'working_permits']);
    }
    const genders = new Set(actors.map((a) => a.gender_new));
    expect(genders).toEqual(new Set(['female', 'male', 'non_binary', 'transgender_female', 'transgender_male', 'custom']));
    expect(actors.filter((a) => a.main_profession === 'young_actor').length).toBeGreaterThan(30);
    expect(actors.some((a) => Object.values(a.attribute_visibility!).includes('private'))).toBe(true);
  });

  it('uses only catalogue keys for closed-list values', () => {
    const flat = <T>(get: (a: (typeof actors)[number]) => T[] | undefined): T[] => actors.flatMap((a) => get(a) ?? []);
    expectKeysIn('genders', actors.map((a) => a.gender!));
    expectKeysIn('gender_new', flat((a) => [a.gender_new!, ...a.gender_searchability!]));
    expectKeysIn('main_professions', actors.map((a) => a.main_profession!));
    expectKeysIn('specializations', flat((a) => a.specializations));
    // specializations are profession words, the same the deprecated professions list carries
    expectKeysIn('actor_professions', flat((a) => a.specializations));
    for (const a of actors) expect(a.professions).toEqual(expect.arrayContaining(a.specializations!));
    expect(flat((a) => a.specializations)).toContain('synchronsprecher');
    expectKeysIn('actor_professions', flat((a) => a.professions));
    expectKeysIn('languages', flat((a) => Object.keys(a.languages!)));
    expectKeysIn('language_levels', flat((a) => Object.values(a.languages!)));
    for (const [field, catalogue, levels] of [['dialects', 'dialects', 'dialect_skill'], ['accents', 'accents', 'accent_skill'], ['instruments', 'instruments', 'skill_levels'], ['dances', 'dances', 'skill_levels'], ['singing', 'singing', 'skill_levels'], ['special_skills', 'special_skills', 'skill_levels']] as const) {
      expectKeysIn(catalogue, flat((a) => Object.keys(a[field]!)));
      expectKeysIn(levels, flat((a) => Object.values(a[field]!)));
    }
    for (const field of ['sports', 'drivers_licenses', 'licenses', 'unions', 'working_permits', 'figures', 'pitches', 'native_dialects'] as const) {
      expectKeysIn(field === 'native_dialects' ? 'dialects' : field, flat((a) => a[field]));
    }
    expectKeysIn('eye_colors', actors.map((a) => a.eye_color!));
    expectKeysIn('hair_colors', actors.map((a) => a.hair_color!));
    expectKeysIn('hair_lengths', actors.map((a) => a.hair_length!));
    expectKeysIn('ethnic_backgrounds', flat((a) => a.ethnic_background));
    expectKeysIn('ethnic_background_details', flat((a) => a.ethnic_background_details));
    expectKeysIn('ethnic_appearances', flat((a) => a.ethnic_appearances).map(String));
    expect(flat((a) => a.ethnic_appearances)).toContain('mitteleuropaisch');
    expectKeysIn('countries', flat((a) => [...a.nationalities!, a.country!]));
    expectKeysIn('regions', fixture.agencies.flatMap((a) => a.regions));
    expectKeysIn('agency_categories', fixture.agencies.flatMap((a) => a.categories));
    expectKeysIn('crew_professions', crew.flatMap((c) => c.professions));
    expectKeysIn('languages', crew.flatMap((c) => Object.keys(c.languages!)));
    const vita = actors.flatMap((a) => Object.values(a.vita!).flat()) as Record<string, unknown>[];
    expectKeysIn('role_types', vita.flatMap((e) => (typeof e.role_type === 'string' ? [e.role_type] : [])));
    expectKeysIn('television_genres', actors.flatMap((a) => a.vita!.television!.map((e) => e.type_genre!)));
    expectKeysIn('theater_engagement_types', vita.flatMap((e) => (typeof e.theater_engagement_type === 'string' ? [e.theater_engagement_type] : [])));
    expectKeysIn('qualifications', vita.flatMap((e) => (typeof e.qualification === 'string' ? [e.qualification] : [])));
    const calls = fixture.casting_calls;
    expectKeysIn('casting_types', calls.map((c) => c.casting_type));
    expectKeysIn('production_formats', calls.flatMap((c) => (c.production_format ? [c.production_format] : [])));
    expectKeysIn('regions', calls.flatMap((c) => c.regions!));
    expectKeysIn('working_permits', calls.flatMap((c) => c.working_permits!));
    const roles = calls.flatMap((c) => c.roles);
    expectKeysIn('gender_new', roles.flatMap((r) => r.gender!));
    // roles key languages by ISO 639-2 code, as the provider does ({"eng": "gut"})
    const roleLanguageCodes = roles.flatMap((r) => Object.keys(r.languages!));
    expect(roleLanguageCodes.every((code) => /^[a-z]{3}$/.test(code))).toBe(true);
    expectKeysIn('languages', roleLanguageCodes.map((code) => languageKeyForIsoCode(code) ?? code));
    expectKeysIn('language_levels', roles.flatMap((r) => Object.values(r.languages!)));
    expectKeysIn('ethnic_backgrounds', roles.flatMap((r) => r.ethnic_background!.map(String)));
    expectKeysIn('contract_types', roles.flatMap((r) => (r.contract_type == null ? [] : [String(r.contract_type)])));
  });

  it('gives everyone a native language plus one to four others, German and English common', () => {
    const native = keysOf('language_levels').has('muttersprachlich') ? 'muttersprachlich' : undefined;
    for (const profile of [...actors, ...crew]) {
      const levels = Object.values(profile.languages!);
      const natives = levels.filter((l) => l === native).length;
      expect(natives).toBeGreaterThanOrEqual(1);
      expect(levels.length - natives).toBeGreaterThanOrEqual(1);
      expect(levels.length - natives).toBeLessThanOrEqual(4);
    }
    expect(actors.filter((a) => 'deutsch' in a.languages!).length / actors.length).toBeGreaterThan(0.6);
    expect(actors.filter((a) => 'englisch' in a.languages!).length / actors.length).toBeGreaterThan(0.6);
  });

  it('fills agency connections and the deprecated fields beside their replacements', () => {
    const agencyIds = new Set(fixture.agencies.map((a) => a.id));
    expect(fixture.agencies.length).toBeGreaterThanOrEqual(8);
    expect(fixture.agencies.length).toBeLessThanOrEqual(12);
    for (const a of actors) {
      const primaries = a.talent_agency_connections.filter((c) => c.connection_type === 'primary_agency');
      expect(primaries).toHaveLength(1);
      expect(a.talent_agency_connections.length).toBeLessThanOrEqual(3);
      for (const c of a.talent_agency_connections) expect(agencyIds.has(c.talent_agency_id)).toBe(true);
      expect(a.talent_agency_id).toBe(primaries[0]!.talent_agency_id);
      expect(a.agency_profile_url ?? null).toBe(primaries[0]!.agency_profile_url ?? null);
      expect(a.representative!.id).toBe(primaries[0]!.talent_agency_employee_id);
      expect(a.native_dialect ?? null).toBe(a.native_dialects![0] ?? null);
      expect(a.figure ?? null).toBe(a.figures![0] ?? null);
      expect(a.pitch ?? null).toBe(a.pitches![0] ?? null);
      expect(a.ethnic_appearances).toEqual(ethnicAppearances(a.ethnic_background!, a.ethnic_background_details!));
      expect(a.external_showreel ?? null).toBe(a.external_showreels![0] ?? null);
      expect(a.service_url).toBe(`https://directory.example/actors/${a.id}`);
      expect(a.castupload_url).toBe(a.service_url);
      expect(a.castupload_professional_url).toBe(a.service_cd_url);
    }
    const connections = actors.flatMap((a) => a.talent_agency_connections);
    expect(connections.some((c) => c.connection_type === 'secondary_agency')).toBe(true);
    expect(connections.some((c) => c.categories!.length === 0 && c.regions!.length === 0)).toBe(true);
    expect(connections.some((c) => c.categories!.length > 0)).toBe(true);
    for (const c of crew) expect(agencyIds.has(c.talent_agency_id)).toBe(true);
    expect(crew.some((c) => c.representative)).toBe(true);
  });

  it('describes every agency for the talent agency endpoint: links, address, texts and every representative as an employee', () => {
    for (const agency of fixture.agencies) {
      expect(agency).toMatchObject({ short_name: expect.any(String), homepage_url: expect.stringMatching(/^https:\/\//), public_email: expect.stringContaining('@') });
      expect(agency.address).toMatchObject({ city: expect.any(String), country: expect.stringMatching(/^[A-Z]{2}$/), zipcode: expect.any(String) });
      expect(agency.about_me).toMatchObject({ de: expect.any(String), en: expect.any(String) });
      const employeeIds = new Set(agency.employees!.map((employee) => employee.id));
      for (const employee of agency.employees!) expect(employee.email).toMatch(/^[a-z.-]+@[a-z-]+\.example$/);
      const representatives = actors.flatMap((a) => a.talent_agency_connections.filter((c) => c.talent_agency_id === agency.id).map((c) => c.talent_agency_employee_id));
      for (const id of representatives) if (id !== undefined && id !== null) expect(employeeIds.has(id), `employee ${id}`).toBe(true);
    }
  });

  it('has pictures whose metadata matches the rendered media', () => {
    for (const profile of [...actors, ...crew]) {
      const pictures = profile.pictures!;
      const isActor = 'talent_agency_connections' in profile;
      expect(pictures.length).toBeGreaterThanOrEqual(1);
      expect(pictures.length).toBeLessThanOrEqual(12);
      for (const p of pictures) {
        expect(p.orientation).toBe(pictureOrientation(p.id));
        expect(p.dimensions).toEqual(pictureSize('original', pictureOrientation(p.id)));
        const versions = isActor ? ['original', 'large', 'thumb', 'thumb_large', 'thumb_portrait'] : ['original', 'large', 'thumb', 'thumb_large'];
        expect(Object.keys(p.versions).sort()).toEqual([...versions].sort());
        // Every file has a name of its own, and every picture of a person shows the same look.
        const look = pictureLook(p.url);
        for (const v of versions) expect((p.versions as Record<string, string>)[v]).toBe(`/media/pictures/${p.id}/${p.id}-${look}-${v}.png`);
        expect(look).toBe(pictureLook(pictures[0]!.url));
        if (p.crop_coordinates) {
          expect(p.crop_coordinates.x + p.crop_coordinates.w).toBeLessThanOrEqual(p.dimensions[0]);
          expect(p.crop_coordinates.y + p.crop_coordinates.h).toBeLessThanOrEqual(p.dimensions[1]);
        }
      }
      const n = pictures.length;
      const permutation = (key: 'position' | 'landscape_position' | 'portrait_position') =>
        expect(pictures.map((p) => p[key]).sort((a, b) => a! - b!)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      permutation('position');
      if (isActor) {
        permutation('landscape_position');
        permutation('portrait_position');
        expect(pictures.map((p) => p.landscape_position)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
        const landscapeMain = pictures.find((p) => p.landscape_position === 1)!;
        const portraitMain = pictures.find((p) => p.portrait_position === 1)!;
        expect(pictures.filter((p) => p.main_picture)).toEqual([landscapeMain]);
        expect(pictures.filter((p) => p.main_picture_portrait)).toEqual([portraitMain]);
        for (const main of [landscapeMain, portraitMain]) {
          expect(main.visible).not.toBe(false);
          expect(main.processing).not.toBe(true);
        }
        for (const p of pictures) expect(p.created_at).toBeDefined();
      }
    }
    const all = actors.flatMap((a) => a.pictures!);
    expect(new Set(all.map((p) => p.orientation))).toEqual(new Set(['portrait', 'landscape', 'square']));
    expect(all.some((p) => p.visible === false)).toBe(true);
    expect(all.some((p) => p.processing === true)).toBe(true);
    expect(all.some((p) => p.crop_coordinates)).toBe(true);
    expect(all.some((p) => p.copyright === '')).toBe(true);
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
  });

  it('has video and audio showreels, audio served as generated WAVs, some videos as a served WebM', () => {
    const showreels = actors.flatMap((a) => a.showreels!);
    expect(showreels.some((s) => s.type === 'video' && /^https:\/\/(www\.youtube\.com\/watch\?v=|vimeo\.com\/)/.test(s.url))).toBe(true);
    for (const s of showreels.filter((s) => s.type === 'audio')) expect(s.url).toMatch(/^\/media\/showreels\/\d+\.wav$/);
    // Some videos play in the app: a WebM the service serves, every third video by id.
    const served = showreels.filter((s) => s.type === 'video' && s.url.startsWith('/media/'));
    expect(served.length).toBeGreaterThan(0);
    for (const s of served) expect(s.url).toMatch(/^\/media\/showreels\/(\d+)\.webm$/);
    expect(showreels.some((s) => s.type === 'audio')).toBe(true);
    expect(showreels.some((s) => s.visible === false)).toBe(true);
    for (const a of actors) {
      expect(a.showreels!.length).toBeLessThanOrEqual(3);
      expect(a.showreel_ids!.length).toBe(a.showreels!.filter((s) => s.visible !== false).length);
    }
    expect(actors.some((a) => a.external_showreels!.length > 0)).toBe(true);
    // video showreels mostly have a poster (a demo picture), audio ones never
    const reels = [...actors, ...crew].flatMap((p) => p.showreels ?? []);
    expect(reels.filter((s) => s.type === 'audio').every((s) => s.poster === undefined)).toBe(true);
    const posters = reels.flatMap((s) => (s.poster ? [s.poster] : []));
    expect(posters.length).toBeGreaterThan(reels.filter((s) => s.type === 'video').length / 2);
    for (const poster of posters) pictureLook(poster);
    expect(new Set(posters).size).toBe(posters.length);
  });

  it('has vitas with every group, ids, positions, development and autodidact entries', () => {
    const groups = ['primary_education', 'education', 'award', 'film', 'television', 'theatre', 'audio', 'other', 'internet', 'commercial'] as const;
    const vitaIds: number[] = [];
    for (const group of groups) {
      const entries = actors.flatMap((a) => (a.vita![group] ?? []) as Record<string, unknown>[]);
      expect(entries.length, group).toBeGreaterThan(10);
      for (const e of entries) {
        expect(typeof e.id).toBe('number');
        expect(typeof e.position).toBe('number');
        vitaIds.push(e.id as number);
      }
    }
    expect(new Set(vitaIds).size).toBe(vitaIds.length);
    for (const a of actors) {
      for (const group of groups) {
        const positions = ((a.vita![group] ?? []) as { position?: number }[]).map((e) => e.position).sort((x, y) => x! - y!);
        expect(positions).toEqual(positions.map((_, i) => i + 1));
      }
    }
    const credits = actors.flatMap((a) => [...a.vita!.film!, ...a.vita!.television!, ...a.vita!.theatre!]);
    const developing = credits.filter((c) => c.in_development);
    expect(developing.length).toBeGreaterThan(0);
    for (const c of developing) expect(c.year_from === null || c.year_from! >= now.getUTCFullYear()).toBe(true);
    expect(credits.some((c) => c.visible === false)).toBe(true);
    const education = actors.flatMap((a) => [...a.vita!.primary_education!, ...a.vita!.education!]);
    const autodidact = education.filter((e) => e.autodidact);
    expect(autodidact.length).toBeGreaterThan(0);
    for (const e of autodidact) expect(Object.keys(e).filter((k) => !['id', 'position', 'visible', 'autodidact'].includes(k)).sort()).toEqual(['info', 'name']);
    const schools = education.filter((e) => !e.autodidact);
    expect(schools.some((e) => e.month_from === null && e.year_from !== null)).toBe(true);
    expect(schools.some((e) => typeof e.month_from === 'number')).toBe(true);
    const theatre = actors.flatMap((a) => a.vita!.theatre!);
    expect(theatre.some((t) => t.theater_name && t.writer)).toBe(true);
    const crewGroups = crew.flatMap((c) => Object.keys(c.vita!));
    expect(new Set(crewGroups)).toEqual(new Set(['film', 'television', 'theatre', 'award']));
  });

  it('gives credits the provider\'s part sizes: episode parts only on television, the documented keys all in use', () => {
    const roleTypes = (groups: readonly ('film' | 'television' | 'theatre' | 'audio' | 'internet' | 'commercial')[]) =>
      new Set([...actors, ...crew].flatMap((p) => groups.flatMap((g) => ((p.vita as Record<string, { role_type?: string | null }[] | undefined>)[g] ?? []).map((e) => e.role_type))));
    const television = roleTypes(['television']);
    const other = roleTypes(['film', 'theatre', 'audio', 'internet', 'commercial']);
    for (const key of ['leading', 'supporting']) expect(other.has(key), key).toBe(true);
    for (const key of ['episode_featured_part', 'episode_leading', 'recurring']) expect(television.has(key), key).toBe(true);
    expect([...other].filter((key) => String(key).startsWith('episode_'))).toEqual([]);
    const episodes = actors.flatMap((a) => a.vita!.television!).filter((e) => typeof e.episode_name === 'string');
    expect(episodes.length).toBeGreaterThan(0);
    for (const e of episodes) expect(e.role_type, e.name).toMatch(/^episode_/);
  });

  it('names the broadcaster of most television credits as their station, and a note naming one names the same', () => {
    const television = [...actors, ...crew].flatMap((p) => p.vita!.television ?? []);
    const stations = television.map((e) => e.station);
    expect(stations.filter((s) => typeof s === 'string').length).toBeGreaterThan(television.length / 2);
    expect(stations.some((s) => s === null)).toBe(true);
    for (const e of television) {
      const named = /^(?:Sender|Broadcaster): (.+)$/.exec(e.info ?? '');
      if (named) expect(named[1], e.name).toBe(e.station);
    }
    const others = actors.flatMap((a) => [...a.vita!.film!, ...a.vita!.theatre!]);
    expect(others.every((e) => !('station' in e))).toBe(true);
  });

  it('has locations with residences first and about_me in some locales only, with allowed HTML', () => {
    for (const a of actors) {
      const types = a.locations!.map((l) => l.type);
      expect(types[0]).toBe('place');
      expect(types).toEqual([...types].sort((x, y) => (x === y ? 0 : x === 'place' ? -1 : 1)));
      for (const l of a.locations!) expect(l.place_id).toMatch(/^ChIJ[\w-]{23}$/);
      expect(a.accommodation_options).toEqual(a.locations!.filter((l) => l.type === 'accommodation').map((l) => l.name));
      const html = a.about_me_html as Record<string, string> | null;
      if (!html) continue;
      expect(Object.keys(html).sort()).toEqual(Object.keys(a.about_me as object).sort());
      for (const markup of Object.values(html)) {
        for (const [, tag] of markup.matchAll(/<\/?([a-z0-9]+)/g)) expect(['a', 'b', 'br', 'div', 'em', 'h1', 'h2', 'h3', 'img', 'li', 'ol', 'p', 'strong', 'ul']).toContain(tag);
      }
      for (const plain of Object.values(a.about_me as Record<string, string>)) expect(plain).not.toMatch(/<[a-z]/);
    }
    const withText = actors.filter((a) => a.about_me);
    expect(withText.some((a) => !('en' in (a.about_me as object)))).toBe(true);
    expect(withText.some((a) => !('de' in (a.about_me as object)))).toBe(true);
    expect(withText.some((a) => Object.keys(a.about_me as object).length >= 3)).toBe(true);
  });

  it('has a few merged and deleted profiles; merges point at active profiles', () => {
    const activeIds = new Set(activeActors.map((a) => a.id));
    const merged = actors.filter((a) => typeof a.status === 'object');
    const deleted = actors.filter((a) => a.status === 'deleted');
    expect(merged.length).toBeGreaterThanOrEqual(3);
    expect(deleted.length).toBeGreaterThanOrEqual(2);
    expect((merged.length + deleted.length) / actors.length).toBeLessThan(0.06);
    for (const a of merged) expect(activeIds.has((a.status as { merged_into: number }).merged_into)).toBe(true);
  });

  it('dates everything relative to now: updated_at over the last three years', () => {
    for (const profile of [...actors, ...crew]) {
      const years = ageInYears(profile.updated_at, now);
      expect(years).toBeGreaterThanOrEqual(0);
      expect(years).toBeLessThanOrEqual(3.01);
    }
    expect(Math.max(...actors.map((a) => ageInYears(a.updated_at, now)))).toBeGreaterThan(2);
  });
});

describe('demo casting calls', () => {
  const calls = fixture.casting_calls;
  const pro = fixture.api_keys.at(-1)!;
  const invited = new Set(pro.invited_role_ids);

  /** The spec's `current` rules for a key that sees public calls and its invited private roles. */
  function isCurrent(call: FixtureCastingCall, at: Date, invitedRoles: Set<number>): boolean {
    const visible = call.roles.filter((r: FixtureRole) => r.active !== false && !r.deleted && (call.visibility === 'public' || invitedRoles.has(r.id)));
    const open = (deadline: string | null | undefined) => deadline == null || new Date(deadline).getTime() >= at.getTime();
    if (visible.length === 0) return open(call.deadline);
    return visible.some((r) => open(r.deadline ?? call.deadline));
  }

  it('covers every case of the current rules', () => {
    const [open, expiredWithOpenRole, futureAllExpired, noRolesOpen, noRolesExpired, privateOpen, privateExpired, inherit, noDeadline] = calls;
    expect(isCurrent(open!, now, invited)).toBe(true);
    expect(open!.roles.some((r) => r.active === false)).toBe(true);
    expect(open!.roles.some((r) => r.deleted)).toBe(true);
    expect(new Date(expiredWithOpenRole!.deadline!).getTime()).toBeLessThan(now.getTime());
    expect(isCurrent(expiredWithOpenRole!, now, invited)).toBe(true);
    expect(new Date(futureAllExpired!.deadline!).getTime()).toBeGreaterThan(now.getTime());
    expect(isCurrent(futureAllExpired!, now, invited)).toBe(false);
    expect(noRolesOpen!.roles).toEqual([]);
    expect(isCurrent(noRolesOpen!, now, invited)).toBe(true);
    expect(isCurrent(noRolesExpired!, now, invited)).toBe(false);
    expect(privateOpen!.visibility).toBe('private');
    expect(isCurrent(privateOpen!, now, invited)).toBe(true);
    expect(privateExpired!.visibility).toBe('private');
    expect(isCurrent(privateExpired!, now, invited)).toBe(false);
    expect(isCurrent(privateExpired!, now, new Set(privateExpired!.roles.map((r) => r.id)))).toBe(true);
    expect(inherit!.roles.every((r) => r.deadline === null)).toBe(true);
    expect(inherit!.deadline_visible).toBe(false);
    expect(isCurrent(inherit!, now, invited)).toBe(true);
    expect(noDeadline!.deadline).toBeNull();
    expect(isCurrent(noDeadline!, now, invited)).toBe(true);
    const states = calls.map((c) => isCurrent(c, now, invited));
    expect(states.filter(Boolean).length).toBeGreaterThan(calls.length / 2);
    expect(states.filter((s) => !s).length).toBeGreaterThan(2);
  });

  it('has roles of 1 to 6 with unique ids, genders, ages and integer ids', () => {
    const roles = calls.flatMap((c) => c.roles);
    expect(new Set(roles.map((r) => r.id)).size).toBe(roles.length);
    for (const call of calls.slice(9)) {
      expect(call.roles.length).toBeGreaterThanOrEqual(1);
      expect(call.roles.length).toBeLessThanOrEqual(6);
    }
    for (const r of roles) {
      expect(r.gender!.length).toBeGreaterThan(0);
      expect(r.acting_age_to!).toBeGreaterThan(r.acting_age_from!);
      for (const e of r.ethnic_background!) expect(Number.isInteger(e)).toBe(true);
    }
    expect(calls.some((c) => c.visibility === 'private')).toBe(true);
    for (const c of calls) {
      expect(c.service_url).toBe(`https://directory.example/casting_calls/${c.id}`);
      expect(c.casting_director!.name.length).toBeGreaterThan(0);
      expect(c.production_locations!.length).toBeGreaterThan(0);
    }
  });
});

describe('demo api keys', () => {
  it('has one key per agency and one casting professional key', () => {
    const keys = fixture.api_keys;
    expect(keys).toHaveLength(fixture.agencies.length + 1);
    expect(new Set(keys.map((k) => k.key)).size).toBe(keys.length);
    for (const [i, agency] of fixture.agencies.entries()) {
      const key = keys[i]!;
      expect(key.key).toMatch(new RegExp(`^demo-agency-${agency.id}-[0-9a-f]{16}$`));
      expect(key.agency_ids).toEqual([agency.id]);
      expect(key.casting_calls).toBe('public');
      const count = activeActors.filter((a) => a.talent_agency_connections.some((c) => c.talent_agency_id === agency.id)).length;
      expect(key.description).toContain(`${agency.name} (agency): its ${count} actors`);
    }
    const pro = keys.at(-1)!;
    expect(pro.key).toMatch(/^demo-casting-pro-[0-9a-f]{16}$/);
    expect(pro.agency_ids).toEqual(fixture.agencies.map((a) => a.id));
    expect(pro.invited_role_ids.length).toBeGreaterThan(0);
    const privateRoles = new Set(fixture.casting_calls.filter((c) => c.visibility === 'private').flatMap((c) => c.roles.map((r) => r.id)));
    for (const id of pro.invited_role_ids) expect(privateRoles.has(id)).toBe(true);
    expect(generateDemoFixture({ ...options, actors: 5, crew: 1, castingCalls: 0 }).api_keys.map((k) => k.key)).toEqual(keys.map((k) => k.key));
  });
});
