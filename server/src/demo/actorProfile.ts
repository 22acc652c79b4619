/**
 * One demo actor profile: a person whose name, origin, age, body, languages, skills, agencies,
 * pictures, showreels and vita fit together. Every closed-list value comes from the catalogues.
 */
import { flat } from './flatString.ts';
import type { FixtureActor } from '../fixture/schema.ts';
import { generateAboutMe } from './aboutMe.ts';
import type { DemoAgency } from './agencies.ts';
import type { DemoCatalogues } from './demoCatalogues.ts';
import { ethnicAppearances, generalOfRegionalDetail } from '../catalogues/ethnicAppearances.ts';
import type { IdSequence } from './idSequence.ts';
import { featuredActorNames, nameOrigins, type NameOrigin } from './namePools.ts';
import { drawPersonName } from './personName.ts';
import { personLook } from './personLook.ts';
import { generateActorPictures } from './pictures.ts';
import {
  directoryWebBase,
  generateLanguages,
  generateLocations,
  generateNationalities,
  languageVocabulary,
  placeOfBirth,
  profileLinks,
  recentUpdate,
  slugify,
  type LanguageVocabulary,
} from './profileCommon.ts';
import { Random } from './random.ts';
import { generateShowreels } from './showreels.ts';
import { generateActorVita, vitaLanguage } from './vita.ts';

type GenderNew = 'female' | 'male' | 'transgender_female' | 'transgender_male' | 'non_binary' | 'custom';

const genderDescriptions = [
  'genderfluid', 'agender', 'nichtbinär, Pronomen: they/them', 'Two-Spirit', 'demigirl', 'demiboy',
  'genderqueer – spiele weibliche und männliche Rollen', 'inter*', 'kein Pronomen, bitte mit Namen ansprechen',
];
const ethnicDescriptions = ['deutsch-türkisch', 'mitteleuropäisch', 'südeuropäisch', 'deutsch-nigerianisch', 'polnisch-deutsch', 'skandinavisch', 'mediterran'];
/**
 * The deprecated `professions` key (German) of each main profession; specializations are already
 * profession words (`synchronsprecher`), as the provider keys them.
 */
const mainProfessionAsProfession: Record<string, string> = { actor: 'schauspieler', young_actor: 'nachwuchsdarsteller', performer: 'artist' };
/** Dialects a person of this origin may speak natively. */
const originDialects: Record<string, string[]> = {
  german: ['bairisch', 'schwabisch', 'sachsisch', 'berlinerisch', 'kolsch', 'hessisch', 'frankisch', 'plattdeutsch', 'pfalzisch', 'ruhrdeutsch', 'hamburgisch', 'thuringisch', 'rheinisch', 'saarlandisch', 'ostfriesisch'],
  austrian: ['osterreichisch', 'wienerisch', 'tirolerisch'],
  swiss: ['schweizerdeutsch', 'alemannisch'],
};

/** Specific heritage (ethnic_background_details keys) that fits a name origin. */
const originHeritage: Record<string, string[]> = {
  german: ['6483'],
  austrian: ['6483'],
  turkish: ['6484', '6485'],
  polish: ['6486'],
  ukrainian: ['6488'],
  italian: ['6490'],
  greek: ['6491'],
};
const attributeVisibilityKeys = ['age', 'acting_age', 'gender', 'ethnic_appearances', 'figures', 'working_permits'] as const;

/** Catalogue subsets computed once per run. */
export interface ActorVocabulary {
  catalogues: DemoCatalogues;
  languages: LanguageVocabulary;
  skillLevels: string[];
  genderKey: Record<GenderNew, string>;
  commonDriversLicense: string[];
  workingPermits: string[];
}

export function actorVocabulary(catalogues: DemoCatalogues): ActorVocabulary {
  const gender = (key: string): string => catalogues.keyOr('genders', key);
  return {
    catalogues,
    languages: languageVocabulary(catalogues),
    skillLevels: catalogues.all('skill_levels'),
    genderKey: {
      female: gender('f'),
      male: gender('m'),
      transgender_female: gender('f'),
      transgender_male: gender('m'),
      non_binary: gender('i'),
      custom: gender('i'),
    },
    commonDriversLicense: catalogues.preferred('drivers_licenses', ['pkw-klasse-b-be', 'pkw-klasse-b']),
    workingPermits: catalogues.preferred('working_permits', ['EU-27', 'EWR', 'DE', 'AT', 'CH']),
  };
}

export interface ActorContext {
  seed: number;
  now: Date;
  vocabulary: ActorVocabulary;
  agencies: DemoAgency[];
  ids: IdSequence;
}

const originWeights = Object.fromEntries(nameOrigins.map((o) => [o.key, o.weight]));
const originByKey = new Map(nameOrigins.map((o) => [o.key, o]));

/** Demo names that must exist are placed at spread-out indexes of the first profiles. */
function featuredNameAt(index: number): (typeof featuredActorNames)[number] | undefined {
  const slot = index % 7 === 3 ? Math.floor(index / 7) : -1;
  return slot >= 0 ? featuredActorNames[slot] : undefined;
}

const agencyWeightCache = new WeakMap<DemoAgency[], { young: number[]; adult: number[] }>();

/** Weights of the agencies as primary agency; young actors lean towards agencies for young talent. */
function agencyWeights(agencies: DemoAgency[], young: boolean): number[] {
  let weights = agencyWeightCache.get(agencies);
  if (!weights) {
    weights = {
      adult: agencies.map((a) => 2 + (a.id % 3)),
      young: agencies.map((a) => (a.categories.some((c) => c.includes('young')) ? 12 : 2 + (a.id % 3))),
    };
    agencyWeightCache.set(agencies, weights);
  }
  return young ? weights.young : weights.adult;
}

function levelMap(random: Random, keys: string[], levels: string[], count: number): Record<string, string> {
  const map: Record<string, string> = {};
  for (const key of random.sample(keys, count)) map[key] = random.pick(levels);
  return map;
}

const youngGenderWeights = { female: 49, male: 49, non_binary: 1, transgender_female: 0.3, transgender_male: 0.3, custom: 0.4 };
const adultGenderWeights = { female: 46, male: 46, non_binary: 3, transgender_female: 1.5, transgender_male: 1.5, custom: 2 };

function genderOf(random: Random, young: boolean): GenderNew {
  return random.weighted<GenderNew>(young ? youngGenderWeights : adultGenderWeights);
}

function searchability(random: Random, gender: GenderNew): GenderNew[] {
  const extra: Partial<Record<GenderNew, GenderNew[]>> = {
    transgender_female: ['female'],
    transgender_male: ['male'],
    non_binary: ['female', 'male', 'custom'],
    custom: ['non_binary', 'female', 'male'],
  };
  const options = extra[gender] ?? [];
  return [gender, ...random.sample(options, random.chance(0.6) ? random.int(1, options.length || 1) : 0)];
}

/** Hair that fits the age: no grey children, bald heads without hair colour choices. */
function hair(random: Random, catalogues: DemoCatalogues, age: number): { hair_color: string; hair_length: string } {
  const lengths = catalogues.all('hair_lengths');
  const hairLength = age >= 30 && random.chance(0.05) && catalogues.has('hair_lengths', 'bald') ? 'bald' : random.pick(lengths.filter((l) => l !== 'bald'));
  if (hairLength === 'bald' && catalogues.has('hair_colors', 'bald')) return { hair_color: 'bald', hair_length: hairLength };
  const aged = ['grey', 'salt_and_pepper', 'white'];
  const colors = catalogues.all('hair_colors').filter((c) => c !== 'bald' && (age >= 45 || !aged.includes(c)));
  const greying = age >= 55 && random.chance(0.6) ? colors.filter((c) => aged.includes(c)) : [];
  return { hair_color: random.pick(greying.length > 0 ? greying : colors), hair_length: hairLength };
}

/** A regional detail (`6473` Central European under `6471` European) for some general backgrounds. */
function regionalDetails(random: Random, catalogues: DemoCatalogues, background: readonly string[]): string[] {
  return background.flatMap((general) => {
    const regions = Object.keys(generalOfRegionalDetail).filter((id) => generalOfRegionalDetail[id] === general && catalogues.has('ethnic_background_details', id));
    return regions.length > 0 && random.chance(0.6) ? [random.pick(regions)] : [];
  });
}

/** Specific heritage details: mostly the name's origin where the catalogue has it, sometimes more. */
function heritage(random: Random, catalogues: DemoCatalogues, origin: NameOrigin): string[] {
  const details = (originHeritage[origin.key] ?? []).filter((key) => catalogues.has('ethnic_background_details', key));
  const chosen = details.length > 0 && random.chance(0.5) ? [random.pick(details)] : [];
  if (random.chance(0.15)) chosen.push(random.pick(catalogues.all('ethnic_background_details')));
  return [...new Set(chosen)];
}

function heightFor(random: Random, age: number, gender: GenderNew): number {
  if (age < 18) return Math.round(Math.min(190, Math.max(110, 112 + (age - 8) * 6.3 + random.normal(0, 12))));
  const mean = gender === 'female' || gender === 'transgender_female' ? 168 : gender === 'male' || gender === 'transgender_male' ? 181 : 174;
  return Math.round(Math.min(200, Math.max(150, random.normal(mean, 18))));
}

/** Builds the actor profile with the given id from its own random stream. */
export function generateActorProfile(ctx: ActorContext, index: number, id: number): FixtureActor {
  const { vocabulary, now, ids } = ctx;
  const { catalogues } = vocabulary;
  const random = new Random(ctx.seed, 'actor', index);
  const year = now.getUTCFullYear();
  const featured = featuredNameAt(index);

  const young = featured ? false : random.chance(0.12);
  const age = young ? random.int(8, 17) : 18 + Math.floor(62 * random.next() ** 1.6);
  const gender: GenderNew = featured ? featured.gender : genderOf(random, young);
  const origin: NameOrigin = featured ? originByKey.get(featured.origin)! : originByKey.get(random.weighted(originWeights))!;
  const feminine = gender === 'female' || gender === 'transgender_female' || (gender !== 'male' && gender !== 'transgender_male' && random.chance(0.5));
  const nameForm = (gender === 'non_binary' || gender === 'custom') && random.chance(0.4) ? 'neutral' : feminine ? 'female' : 'male';
  const { first: firstName, last: lastName } = featured ?? drawPersonName(random, origin, nameForm, feminine);
  const slug = slugify(`${firstName} ${lastName}`);

  const span = young ? random.int(3, 5) : random.int(5, 15);
  const actingFrom = Math.max(young ? 6 : 16, age - Math.round(span * (0.3 + random.next() * 0.4)));
  const height = heightFor(random, age, gender);
  const bmi = young ? random.normal(17, 4) : random.normal(22.5, 6);
  const weight = Math.round(Math.max(young ? 18 : 42, bmi * (height / 100) ** 2));

  const mainProfession = catalogues.keyOr('main_professions', young ? 'young_actor' : random.chance(0.92) ? 'actor' : 'performer');
  const specializations = random.sample(catalogues.all('specializations'), random.count([30, 35, 25, 10]));
  const professions = [
    ...new Set([mainProfessionAsProfession[mainProfession], ...specializations]),
  ].filter((p): p is string => p !== undefined && catalogues.has('actor_professions', p));

  const primary = ctx.agencies[random.count(agencyWeights(ctx.agencies, young))]!;
  const secondaries = random.sample(
    ctx.agencies.filter((a) => a !== primary),
    random.count([75, 20, 5]),
  );
  const primaryAgent = random.pick(primary.agents);
  const connection = (agency: DemoAgency, type: 'primary_agency' | 'secondary_agency') => {
    const own = random.chance(0.4);
    return {
      talent_agency_id: agency.id,
      talent_agency_employee_id: type === 'primary_agency' ? primaryAgent.id : random.chance(0.6) ? random.pick(agency.agents).id : null,
      agency_profile_url: random.chance(0.85) ? flat(`${agency.website}/talents/${slug}-${id}`) : null,
      talent_agency_name: agency.name,
      categories: own ? random.sample(agency.categories, random.int(1, agency.categories.length)) : [],
      regions: own && random.chance(0.5) ? random.sample(agency.regions, 1) : [],
      connection_type: type,
    };
  };
  const connections = [connection(primary, 'primary_agency'), ...secondaries.map((a) => connection(a, 'secondary_agency'))];

  const { residence, locations, accommodation_options } = generateLocations(random, origin);
  const links = profileLinks(random, firstName, lastName);
  const regional = (originDialects[origin.key] ?? []).filter((key) => catalogues.has('dialects', key));
  const nativeDialects = regional.length > 0 && random.chance(0.45) ? [random.pick(regional)] : [];
  const figures = random.sample(catalogues.all('figures'), 1);
  const pitches = random.chance(0.8) ? random.sample(catalogues.all('pitches'), 1) : [];
  const ethnicBackground = random.sample(catalogues.all('ethnic_backgrounds'), random.count([10, 75, 15]));
  const ethnicDetails = [...new Set([...regionalDetails(random, catalogues, ethnicBackground), ...heritage(random, catalogues, origin)])];
  const showreels = generateShowreels(random, ids, year);
  const levels = vocabulary.skillLevels;
  const careerStart = young ? year - Math.max(1, age - 6) : Math.min(year, year - age + 20 + random.int(0, 8));
  const updatedAt = recentUpdate(random, now);
  const serviceUrl = flat(`${directoryWebBase}/actors/${id}`);
  const serviceCdUrl = flat(`${directoryWebBase}/cd/actors/${id}`);

  const languages = generateLanguages(random, catalogues, vocabulary.languages, origin);
  const hairFields = hair(random, catalogues, age);
  const eyeColor = random.pick(catalogues.all('eye_colors'));
  const look = personLook({
    seed: ctx.seed,
    kind: 'actor',
    index,
    origin: origin.key,
    age,
    presentation: gender === 'non_binary' || gender === 'custom' ? (feminine ? 'feminine' : 'androgynous') : feminine ? 'feminine' : 'masculine',
    hairColor: hairFields.hair_color,
    hairLength: hairFields.hair_length,
    eyeColor,
  });

  const actor: FixtureActor = {
    id,
    first_name: firstName,
    last_name: lastName,
    name: flat(`${firstName} ${lastName}`),
    service_url: serviceUrl,
    service_cd_url: serviceCdUrl,
    acting_age_from: actingFrom,
    acting_age_to: actingFrom + span,
    year_of_birth: year - age - (random.chance(0.5) ? 1 : 0),
    age,
    height,
    weight,
    state_code: residence.state,
    accommodation_options,
    ...links,
    sv_url: random.chance(0.1) ? flat(`https://sv.example/profiles/${slug}`) : null,
    agency_profile_url: connections[0]!.agency_profile_url,
    talent_agency_id: primary.id,
    representative: { id: primaryAgent.id, name: primaryAgent.name },
    profile_visibility: random.chance(0.9) ? 'public' : 'private',
    attribute_visibility: Object.fromEntries(attributeVisibilityKeys.map((key) => [key, random.chance(0.12) ? 'private' : 'public'])),
    talent_agency_connections: connections,
    updated_at: updatedAt,
    native_dialect: nativeDialects[0] ?? null,
    native_dialects: nativeDialects,
    place_of_birth: placeOfBirth(random, origin),
    city: residence.name,
    gender: vocabulary.genderKey[gender],
    gender_new: catalogues.keyOr('gender_new', gender),
    gender_description: gender === 'custom' ? random.pick(genderDescriptions) : null,
    gender_searchability: searchability(random, gender).filter((g) => catalogues.has('gender_new', g)),
    eye_color: eyeColor,
    ...hairFields,
    ethnic_appearances: ethnicAppearances(ethnicBackground, ethnicDetails),
    ethnic_background: ethnicBackground,
    ethnic_background_details: ethnicDetails,
    ethnic_background_description: random.chance(0.1) ? random.pick(ethnicDescriptions) : null,
    figure: figures[0] ?? null,
    figures,
    pitch: pitches[0] ?? null,
    pitches,
    nationalities: generateNationalities(random, catalogues, origin),
    languages,
    dialects: { ...Object.fromEntries(nativeDialects.map((d) => [d, catalogues.keyOr('dialect_skill', 'muttersprachlich')])), ...levelMap(random, catalogues.all('dialects'), catalogues.preferred('dialect_skill', ['kann']), random.count([55, 28, 12, 5])) },
    accents: levelMap(random, catalogues.all('accents'), catalogues.all('accent_skill'), random.count([50, 30, 15, 5])),
    instruments: levelMap(random, catalogues.all('instruments'), levels, random.count([60, 25, 15])),
    dances: levelMap(random, catalogues.all('dances'), levels, random.count([50, 25, 15, 10])),
    singing: levelMap(random, catalogues.all('singing'), levels, random.count([50, 35, 15])),
    sports: random.sample(catalogues.all('sports'), random.int(0, 6)),
    drivers_licenses: young
      ? []
      : random.chance(0.8)
        ? [...new Set([random.pick(vocabulary.commonDriversLicense), ...random.sample(catalogues.all('drivers_licenses'), random.int(0, 2))])]
        : [],
    licenses: random.sample(catalogues.all('licenses'), random.count([75, 20, 5])),
    unions: random.sample(catalogues.all('unions'), random.count([70, 30])),
    working_permits: random.sample(vocabulary.workingPermits, random.int(1, 2)),
    special_skills: levelMap(random, catalogues.all('special_skills'), levels, random.count([55, 25, 15, 5])),
    main_profession: mainProfession,
    specializations,
    professions,
    country: residence.country,
    state: residence.state,
    ...generateAboutMe(random, { firstName, city: residence.name, years: Math.max(1, year - careerStart), crew: false, feminine: gender === 'non_binary' || gender === 'custom' ? null : feminine, homepage: links.homepage_url, languages: Object.keys(languages) }),
    locations,
    pictures: generateActorPictures(random, ids, now, look),
    external_showreel: showreels.external_showreels[0] ?? null,
    ...showreels,
    mentioned_in_blog_post_ids: random.chance(0.05) ? random.sample([101, 117, 123, 140, 152, 168, 177, 190, 204, 215], random.int(1, 2)) : [],
    vita: generateActorVita({ random, ids, catalogues, year, careerStart, feminine, language: vitaLanguage(origin.key) }, young),
    castupload_url: serviceUrl,
    castupload_professional_url: serviceCdUrl,
  };
  return actor;
}
