import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ethnicAppearances, generalOfRegionalDetail } from '../../../server/src/catalogues/ethnicAppearances.ts';
import { contentLocales, crewProfessionKeys, genderKeys, genderNewKeys, mainProfessionKeys, castingTypeKeys } from '../../../contract/directory-api.ts';
import {
  catalogueKeys,
  catalogueLabels,
  hasCatalogue,
  labelFor,
  listCatalogueNames,
  readCatalogueDirectory,
} from '../../../server/src/catalogues/catalogues.ts';
import { closedListFields } from '../../../contract/closed-list-fields.ts';
import { applyActorEnumMode, applyCrewEnumMode, applyQualificationMode } from '../../../server/src/catalogues/enumMode.ts';

const catalogueDir = new URL('../../../contract/catalogues/', import.meta.url);
const catalogueFiles = readdirSync(catalogueDir).filter((file) => file.endsWith('.json'));

const requiredCatalogues = [
  'genders', 'gender_new', 'main_professions', 'actor_professions', 'specializations', 'crew_professions',
  'languages', 'language_levels', 'skill_levels', 'dialect_skill', 'accent_skill', 'dialects', 'accents', 'instruments',
  'dances', 'singing', 'nationalities', 'sports', 'drivers_licenses', 'licenses', 'unions', 'working_permits', 'eye_colors', 'hair_colors',
  'hair_lengths', 'figures', 'pitches', 'qualifications', 'casting_types', 'visibility', 'agency_categories',
  'regions', 'connection_types', 'ethnic_backgrounds', 'ethnic_background_details', 'ethnic_appearances', 'countries',
  'special_skills', 'contract_types', 'production_formats', 'role_types', 'theater_engagement_types',
  'television_genres', 'states',
];

describe('the catalogue files', () => {
  it('are exactly the catalogues the service and the demo generator use', () => {
    expect(listCatalogueNames()).toEqual([...requiredCatalogues].sort());
    expect(catalogueFiles.map((file) => file.replace(/\.json$/, '')).sort()).toEqual(listCatalogueNames());
  });

  it.each(catalogueFiles)('%s: a description and every key labelled in all ten locales', (file) => {
    const body = JSON.parse(readFileSync(new URL(file, catalogueDir), 'utf8')) as {
      description: unknown;
      labels: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(body).sort()).toEqual(['description', 'labels']);
    expect(typeof body.description === 'string' && body.description.trim().length > 20).toBe(true);
    const keys = Object.keys(body.labels);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(Object.keys(body.labels[key]!).sort(), key).toEqual([...contentLocales].sort());
      for (const locale of contentLocales) {
        const label = body.labels[key]![locale];
        expect(typeof label === 'string' && label.trim() === label && label.length > 0, `${key}.${locale}`).toBe(true);
        expect(label as string, `${key}.${locale} contains a comma`).not.toContain(',');
      }
    }
  });

  it.each(catalogueFiles)('%s: no key twice in the raw text', (file) => {
    const text = readFileSync(new URL(file, catalogueDir), 'utf8');
    const name = file.replace(/\.json$/, '');
    // A label key opens an object; JSON.parse would silently keep only the last of two.
    const rawKeys = [...text.matchAll(/^ {4}"([^"]+)": \{$/gm)].map((match) => match[1]);
    expect(rawKeys).toEqual(catalogueKeys(name));
    expect(new Set(rawKeys).size).toBe(rawKeys.length);
  });

  it('keeps the file order, numeric keys included', () => {
    expect(catalogueKeys('contract_types')).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(catalogueKeys('genders')).toEqual(['m', 'f', 'i']);
    expect(catalogueKeys('drivers_licenses').slice(0, 4)).toEqual(['moped-klasse-am', 'motorrad-klasse-a1', 'motorrad-klasse-a2', 'motorrad-klasse-a']);
    expect(catalogueKeys('special_skills').slice(0, 3)).toEqual(['101', '102', '103']);
  });

  it('hold the keys the spec and the provider fix', () => {
    expect(catalogueKeys('genders')).toEqual([...genderKeys]);
    expect(catalogueKeys('gender_new')).toEqual([...genderNewKeys]);
    expect(catalogueKeys('main_professions')).toEqual([...mainProfessionKeys]);
    expect(catalogueKeys('crew_professions')).toEqual([...crewProfessionKeys]);
    expect(catalogueKeys('casting_types')).toEqual([...castingTypeKeys]);
    expect(catalogueKeys('visibility')).toEqual(['public', 'private']);
    expect(catalogueKeys('connection_types')).toEqual(['primary_agency', 'secondary_agency']);
    expect(catalogueKeys('language_levels')).toEqual(['muttersprachlich', 'fliessend', 'gut', 'grundkenntnisse']);
    expect(catalogueKeys('skill_levels')).toEqual(['grundkenntnisse', 'gut', 'sehr-gut', 'professionell']);
    expect(catalogueKeys('dialect_skill')).toContain('kann');
    expect(catalogueKeys('accent_skill')).toContain('kann');
    // the provider's own examples (docs/actor-profiles.md)
    expect(catalogueKeys('eye_colors')).toContain('braun');
    expect(catalogueKeys('hair_colors')).toContain('braun');
    expect(catalogueKeys('hair_lengths')).toContain('mittel');
    expect(catalogueKeys('figures')).toContain('normal');
    expect(catalogueKeys('pitches')).toContain('bariton');
    expect(catalogueKeys('dialects')).toEqual(expect.arrayContaining(['hessisch', 'rheinisch']));
    expect(catalogueKeys('accents')).toContain('osterreichisch');
    expect(catalogueKeys('instruments')).toContain('gitarre');
    expect(catalogueKeys('singing')).toContain('jazz');
    expect(catalogueKeys('dances')).toContain('freestyle');
    expect(catalogueKeys('sports')).toContain('buhnenkampf');
    expect(catalogueKeys('drivers_licenses')).toContain('pkw-klasse-b-be');
    expect(catalogueKeys('licenses')).toContain('fallschirmspringer-lizenz');
    expect(catalogueKeys('working_permits')).toEqual(expect.arrayContaining(['EU-27', 'GB']));
    expect(catalogueKeys('nationalities')).toEqual(expect.arrayContaining(['DE', 'FR']));
    expect(catalogueKeys('ethnic_background_details').every((key) => /^\d+$/.test(key))).toBe(true);
    expect(catalogueKeys('agency_categories').sort()).toEqual([
      'acting_agency', 'advertising', 'artist_management', 'model_agency', 'people_agency', 'pr', 'voice_agency', 'young_talent_agency',
    ]);
    expect(catalogueKeys('actor_professions')).toEqual(expect.arrayContaining(['schauspieler', 'nachwuchsdarsteller']));
    expect(catalogueKeys('regions')).toContain('dach');
    expect(catalogueKeys('ethnic_backgrounds')).toEqual(expect.arrayContaining(['6468', '6471']));
    // one id sequence for general backgrounds and details, as the provider numbers them: its
    // example pairs the general 6471 with the detail 6473 (actor-profiles.md)
    expect(catalogueKeys('ethnic_background_details')).toContain('6473');
    expect(catalogueKeys('ethnic_backgrounds').filter((key) => catalogueKeys('ethnic_background_details').includes(key))).toEqual([]);
    expect(catalogueKeys('languages')).toEqual(expect.arrayContaining(['deutsch', 'englisch', 'franzosisch', 'italienisch', 'spanisch', 'polnisch', 'rumanisch', 'ukrainisch', 'russisch', 'turkisch']));
    expect(catalogueKeys('languages').every((key) => /^[a-z]+$/.test(key))).toBe(true);
    expect(catalogueKeys('languages').length).toBeGreaterThanOrEqual(60);
    expect(catalogueKeys('countries').every((key) => /^[A-Z]{2}$/.test(key))).toBe(true);
    expect(catalogueKeys('countries')).toEqual(expect.arrayContaining(['DE', 'AT', 'CH', 'GB', 'US', 'UA', 'RU', 'TR', 'FR', 'PL']));
    expect(catalogueKeys('special_skills').every((key) => /^\d+$/.test(key))).toBe(true);
  });

  it('are all named by the field table, and every table row names an existing catalogue', () => {
    const used = new Set(closedListFields.flatMap((row) => (row.levels ? [row.catalogue, row.levels] : [row.catalogue])));
    for (const name of used) expect(hasCatalogue(name), name).toBe(true);
    expect([...used].sort()).toEqual(listCatalogueNames());
  });
});

describe('labels', () => {
  it('catalogueLabels gives key → label in the locale, as a fresh object', () => {
    const de = catalogueLabels('genders', 'de');
    expect(de).toEqual({ m: 'Männlich', f: 'Weiblich', i: 'Divers' });
    de.m = 'changed';
    expect(catalogueLabels('genders', 'de').m).toBe('Männlich');
    expect(catalogueLabels('languages', 'en').deutsch).toBe('German');
    expect(catalogueLabels('languages', 'fr').deutsch).toBe('Allemand');
    expect(catalogueLabels('countries', 'uk').DE).toBe('Німеччина');
  });

  it('labelFor translates a key and falls back to the key itself when the key is unknown', () => {
    expect(labelFor('genders', 'm', 'en')).toBe('Male');
    expect(labelFor('genders', 'm', 'de')).toBe('Männlich');
    expect(labelFor('language_levels', 'muttersprachlich', 'en')).toBe('Native');
    expect(labelFor('sports', 'quidditch', 'de')).toBe('quidditch');
    expect(labelFor('ethnic_backgrounds', '99999', 'tr')).toBe('99999');
  });

  it('labelFor falls back to English when the locale is missing', () => {
    expect(labelFor('genders', 'f', 'xx' as never)).toBe('Female');
  });

  it('an unknown catalogue name is a programming error', () => {
    expect(hasCatalogue('nope')).toBe(false);
    expect(() => labelFor('nope', 'm', 'en')).toThrow(/unknown catalogue "nope"/);
    expect(() => catalogueKeys('nope')).toThrow(/unknown catalogue/);
  });
});

describe('a broken catalogue file', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  const good = { en: 'Male', de: 'Männlich', fr: 'Masculin', it: 'Maschile', es: 'Masculino', pl: 'Mężczyzna', ro: 'Masculin', uk: 'Чоловіча', ru: 'Мужской', tr: 'Erkek' };
  function loadText(text: string): () => unknown {
    dir = mkdtempSync(join(tmpdir(), 'castdesk-catalogues-'));
    writeFileSync(join(dir, 'broken.json'), text);
    const url = pathToFileURL(`${dir}/`);
    return () => readCatalogueDirectory(url);
  }

  it('loads when it is well-formed', () => {
    const loaded = loadText(JSON.stringify({ description: 'Test list for the loader.', labels: { m: good } }))();
    expect([...(loaded as Map<string, unknown>).keys()]).toEqual(['broken']);
  });

  it('names the file and the path of a missing locale', () => {
    const { tr: _dropped, ...withoutTurkish } = good;
    const load = loadText(JSON.stringify({ description: 'Test list.', labels: { m: withoutTurkish } }));
    expect(load).toThrow(/broken\.json.*\$\.labels\.m\.tr/);
  });

  it('rejects an empty label, a comma in a label and an unknown locale', () => {
    expect(loadText(JSON.stringify({ description: 'Test list.', labels: { m: { ...good, de: ' ' } } }))).toThrow(/broken\.json.*labels\.m\.de/);
    expect(loadText(JSON.stringify({ description: 'Test list.', labels: { m: { ...good, fr: 'Un, deux' } } }))).toThrow(/broken\.json.*labels\.m\.fr.*comma/);
    expect(loadText(JSON.stringify({ description: 'Test list.', labels: { m: { ...good, xx: 'X' } } }))).toThrow(/broken\.json.*labels\.m/);
  });

  it('rejects invalid JSON and a duplicate key', () => {
    expect(loadText('{ "description": "Test list.", "labels": {')).toThrow(/broken\.json: not valid JSON/);
    const entry = JSON.stringify(good);
    expect(loadText(`{ "description": "Test list.", "labels": { "m": ${entry}, "m": ${entry} } }`)).toThrow(/broken\.json: duplicate key \$\.labels\.m/);
  });
});

/** A realistic projected actor detail (spec names, stable keys), as the detail view produces it. */
function actorDetail(): Record<string, unknown> {
  return {
    id: 17,
    first_name: 'Jonas',
    last_name: 'Keller',
    gender: 'm',
    gender_new: 'male',
    gender_description: null,
    gender_searchability: ['male', 'non_binary'],
    main_profession: 'actor',
    professions: ['schauspieler', 'saenger'],
    specializations: ['sprecher', 'saenger'],
    profile_visibility: 'public',
    attribute_visibility: { age: 'private', gender: 'public' },
    eye_color: 'blau',
    hair_color: 'dunkelblond',
    hair_length: 'kurz',
    figure: null,
    ethnic_background: ['6468', '6471'],
    ethnic_background_details: ['6483', 'a_brand_new_key'],
    ethnic_background_description: 'Hanseat',
    nationalities: ['DE', 'FR'],
    country: 'DE',
    state: 'DE-HH',
    city: 'Hamburg',
    accommodation_options: ['Berlin', 'Köln'],
    languages: { deutsch: 'muttersprachlich', englisch: 'fliessend' },
    dialects: { hamburgisch: 'kann' },
    dances: { tango: 'grundkenntnisse', salsa: 'gut' },
    special_skills: { '101': 'sehr-gut' },
    sports: ['fussball', 'schwimmen'],
    drivers_licenses: ['pkw-klasse-b', 'pkw-klasse-b-be'],
    working_permits: [],
    about_me: 'Ich bin Jonas, geboren in Köln.',
    talent_agency_connections: [
      { talent_agency_id: 1, talent_agency_name: 'Agentur Nord', categories: ['acting_agency', 'voice_agency'], regions: ['dach'], connection_type: 'primary_agency' },
    ],
    vita: {
      primary_education: [{ name: 'HfS Ernst Busch', info: null, year_from: 2008, year_to: 2012, qualification: 'diploma' }],
      education: [{ name: 'Workshop', qualification: null }],
      film: [{ name: 'Das Boot', role: 'Funker', role_type: 'supporting', year_from: 2020, year_to: 2021 }],
      theatre: [{ name: 'Faust', role: 'Mephisto', theater_engagement_type: 'guest', role_type: 'leading' }],
    },
  };
}

describe('enum=translate on an actor', () => {
  it('turns keys into labels, joins arrays and hashes, leaves free text alone', () => {
    const input = actorDetail();
    const before = structuredClone(input);
    const de = applyActorEnumMode(input, 'translate', 'de');
    expect(input).toEqual(before);
    expect(de).toMatchObject({
      gender: 'Männlich',
      gender_new: 'Männlich',
      gender_searchability: 'Männlich, Nichtbinär',
      main_profession: 'Schauspieler',
      professions: 'Schauspieler, Sänger',
      specializations: 'Sprecher, Sänger',
      profile_visibility: 'Öffentlich',
      attribute_visibility: { age: 'Privat', gender: 'Öffentlich' },
      eye_color: 'Blau',
      hair_color: 'Dunkelblond',
      hair_length: 'Kurz',
      figure: null,
      nationalities: 'Deutsch, Französisch',
      country: 'Deutschland',
      languages: 'Deutsch (Muttersprachlich), Englisch (Fließend)',
      dialects: 'Hamburgisch (Kann)',
      dances: 'Tango (Grundkenntnisse), Salsa (Gut)',
      special_skills: 'Jonglieren (Sehr gut)',
      sports: 'Fußball, Schwimmen',
      drivers_licenses: 'B (Pkw), BE (Pkw mit Anhänger)',
      working_permits: '',
      state: 'DE-HH',
      city: 'Hamburg',
      accommodation_options: ['Berlin', 'Köln'],
      about_me: 'Ich bin Jonas, geboren in Köln.',
      ethnic_background_description: 'Hanseat',
      first_name: 'Jonas',
    });
    expect(de.ethnic_background_details).toBe('Deutsch, a_brand_new_key');
    expect(de).not.toHaveProperty('pitches');
  });

  it('reaches nested closed lists: agency connections and the vita', () => {
    const en = applyActorEnumMode(actorDetail(), 'translate', 'en') as { talent_agency_connections: unknown[]; vita: Record<string, Record<string, unknown>[]> };
    expect(en.talent_agency_connections[0]).toEqual({
      talent_agency_id: 1, talent_agency_name: 'Agentur Nord', categories: 'Acting agency, Voice agency', regions: 'DACH (Germany/Austria/Switzerland)', connection_type: 'Primary agency',
    });
    expect(en.vita.primary_education![0]).toMatchObject({ name: 'HfS Ernst Busch', qualification: 'Diploma' });
    expect(en.vita.education![0]!.qualification).toBeNull();
    expect(en.vita.film![0]).toMatchObject({ role: 'Funker', role_type: 'Supporting role' });
    expect(en.vita.theatre![0]).toMatchObject({ role: 'Mephisto', theater_engagement_type: 'Guest engagement', role_type: 'Leading role' });
  });

  it('speaks every content locale', () => {
    for (const locale of contentLocales) {
      const out = applyActorEnumMode(actorDetail(), 'translate', locale);
      expect(out.gender, locale).toBe(labelFor('genders', 'm', locale));
      expect(out.sports, locale).toBe(`${labelFor('sports', 'fussball', locale)}, ${labelFor('sports', 'schwimmen', locale)}`);
    }
    expect(applyActorEnumMode(actorDetail(), 'translate', 'uk').gender).toBe('Чоловіча');
  });
});

describe('enum=v2 on an actor', () => {
  it('turns scalars into {key, translation}, arrays into arrays of them, hashes into keyed objects with levels', () => {
    const input = actorDetail();
    const before = structuredClone(input);
    const out = applyActorEnumMode(input, 'v2', 'de');
    expect(input).toEqual(before);
    expect(out.gender).toEqual({ key: 'm', translation: 'Männlich' });
    expect(out.eye_color).toEqual({ key: 'blau', translation: 'Blau' });
    expect(out.figure).toBeNull();
    expect(out.sports).toEqual([{ key: 'fussball', translation: 'Fußball' }, { key: 'schwimmen', translation: 'Schwimmen' }]);
    expect(out.working_permits).toEqual([]);
    expect(out.ethnic_background_details).toEqual([
      { key: '6483', translation: 'Deutsch' },
      { key: 'a_brand_new_key', translation: 'a_brand_new_key' },
    ]);
    expect(out.languages).toEqual({
      deutsch: { key: 'deutsch', translation: 'Deutsch', level: { key: 'muttersprachlich', translation: 'Muttersprachlich' } },
      englisch: { key: 'englisch', translation: 'Englisch', level: { key: 'fliessend', translation: 'Fließend' } },
    });
    expect(out.special_skills).toEqual({
      '101': { key: '101', translation: 'Jonglieren', level: { key: 'sehr-gut', translation: 'Sehr gut' } },
    });
    expect(out.attribute_visibility).toEqual({ age: { key: 'private', translation: 'Privat' }, gender: { key: 'public', translation: 'Öffentlich' } });
    expect(out.profile_visibility).toEqual({ key: 'public', translation: 'Öffentlich' });
    expect(out.accommodation_options).toEqual(['Berlin', 'Köln']);
    expect(out.about_me).toBe('Ich bin Jonas, geboren in Köln.');
  });

  it('reaches nested closed lists and the qualification', () => {
    const out = applyActorEnumMode(actorDetail(), 'v2', 'fr') as { talent_agency_connections: Record<string, unknown>[]; vita: Record<string, Record<string, unknown>[]> };
    expect(out.talent_agency_connections[0]).toMatchObject({
      categories: [{ key: 'acting_agency', translation: 'Agence artistique' }, { key: 'voice_agency', translation: 'Agence de voix' }],
      regions: [{ key: 'dach', translation: 'DACH (Allemagne/Autriche/Suisse)' }],
      connection_type: { key: 'primary_agency', translation: 'Agence principale' },
    });
    expect(out.vita.primary_education![0]!.qualification).toEqual({ key: 'diploma', translation: 'Diplôme' });
    expect(out.vita.education![0]!.qualification).toBeNull();
    expect(out.vita.film![0]!.role_type).toEqual({ key: 'supporting', translation: 'Rôle secondaire' });
  });

  it('unknown level keys fall back to the key too', () => {
    const out = applyActorEnumMode({ id: 1, languages: { deutsch: 'native', xyz: 'gut' } }, 'v2', 'en');
    expect(out.languages).toEqual({
      deutsch: { key: 'deutsch', translation: 'German', level: { key: 'native', translation: 'native' } },
      xyz: { key: 'xyz', translation: 'xyz', level: { key: 'gut', translation: 'Good' } },
    });
    expect(applyActorEnumMode({ id: 1, languages: { deutsch: 'native' } }, 'translate', 'en').languages).toBe('German (native)');
  });
});

describe('enum=keys', () => {
  it('returns an equal copy, never the input itself', () => {
    const input = actorDetail();
    const out = applyActorEnumMode(input, 'keys', 'de');
    expect(out).toEqual(input);
    expect(out).not.toBe(input);
    (out.sports as string[]).push('golf');
    expect(input.sports).toEqual(['fussball', 'schwimmen']);
  });
});

describe('crew detail', () => {
  /** Shaped like the provider's reference crew payload, one language key left unknown ("deu", an ISO code where the provider writes words). */
  const crewDetail = (): Record<string, unknown> => ({
    id: 162,
    first_name: 'John',
    last_name: 'Doe',
    place_of_birth: 'Berlin',
    professions: ['regie', 'autor'],
    nationalities: ['DE', 'FR'],
    languages: { deu: 'muttersprachlich', englisch: 'fliessend' },
    accommodation_options: ['Berlin', 'Köln'],
    about_me: 'This is a text about me.',
    talent_agency_id: 1,
    vita: { film: [{ name: 'Sample Film', year_from: 2019, year_to: 2019 }], television: [], theatre: [], award: [] },
    country: 'DE',
    state: 'DE-RP',
    gender: 'm',
    updated_at: '2021-06-22T16:14:11.519+02:00',
  });

  it('translate: gender as a full word, lists and hashes joined, free text untouched', () => {
    const input = crewDetail();
    const before = structuredClone(input);
    const de = applyCrewEnumMode(input, 'translate', 'de');
    expect(input).toEqual(before);
    expect(de).toMatchObject({
      gender: 'Männlich',
      professions: 'Regisseur, Autor',
      nationalities: 'Deutsch, Französisch',
      country: 'Deutschland',
      languages: 'deu (Muttersprachlich), Englisch (Fließend)',
      accommodation_options: ['Berlin', 'Köln'],
      place_of_birth: 'Berlin',
      state: 'Rheinland-Pfalz',
      about_me: 'This is a text about me.',
    });
    expect(applyCrewEnumMode({ id: 1, state: 'XX-99' }, 'translate', 'de').state).toBe('XX-99');
    expect(applyCrewEnumMode(crewDetail(), 'translate', 'en').gender).toBe('Male');
    expect(applyCrewEnumMode({ id: 1, gender: 'i' }, 'translate', 'fr').gender).toBe('Divers');
  });

  it('keys: an equal copy', () => {
    const input = crewDetail();
    const out = applyCrewEnumMode(input, 'keys', 'de');
    expect(out).toEqual(input);
    expect(out).not.toBe(input);
  });
});

describe('applyQualificationMode', () => {
  it('follows the mode', () => {
    expect(applyQualificationMode('diploma', 'keys', 'de')).toBe('diploma');
    expect(applyQualificationMode('diploma', 'translate', 'de')).toBe('Diplom');
    expect(applyQualificationMode('diploma', 'v2', 'de')).toEqual({ key: 'diploma', translation: 'Diplom' });
    expect(applyQualificationMode('some_future_degree', 'v2', 'en')).toEqual({ key: 'some_future_degree', translation: 'some_future_degree' });
    expect(applyQualificationMode(null, 'translate', 'en')).toBeNull();
    expect(applyQualificationMode(undefined, 'v2', 'en')).toBeUndefined();
  });
});

describe('ethnic appearance words', () => {
  it('name the provider\'s example pair mitteleuropaisch; a regional detail refines its general, countries name none', () => {
    expect(ethnicAppearances(['6471'], ['6473'])).toEqual(['mitteleuropaisch']);
    expect(ethnicAppearances(['6471'], [])).toEqual(['europaisch']);
    expect(ethnicAppearances(['6468', '6471'], ['6474', '6483'])).toEqual(['asiatisch', 'osteuropaisch']);
    expect(ethnicAppearances(['a_brand_new_key'], ['6483'])).toEqual([]);
  });
  it('are all words of the ethnic_appearances catalogue, one for every general background', () => {
    const words = catalogueKeys('ethnic_appearances');
    expect(words.every((word) => /^[a-z-]+$/.test(word))).toBe(true);
    const generals = catalogueKeys('ethnic_backgrounds').map((id) => ethnicAppearances([id], []));
    for (const named of generals) expect(named).toHaveLength(1);
    const regional = Object.keys(generalOfRegionalDetail).map((id) => ethnicAppearances([], [id]));
    for (const word of [...generals, ...regional].flat()) expect(words, word).toContain(word);
    for (const id of Object.keys(generalOfRegionalDetail)) expect(catalogueKeys('ethnic_background_details'), id).toContain(id);
  });
});
