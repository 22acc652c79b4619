/** One demo crew profile: directors, authors, camera operators, composers, dramaturges, editors. */
import { flat } from './flatString.ts';
import type { FixtureCrew } from '../fixture/schema.ts';
import { generateAboutMe } from './aboutMe.ts';
import type { DemoAgency } from './agencies.ts';
import type { DemoCatalogues } from './demoCatalogues.ts';
import type { IdSequence } from './idSequence.ts';
import { nameOrigins } from './namePools.ts';
import { drawPersonName } from './personName.ts';
import { personLook } from './personLook.ts';
import { generateCrewPictures } from './pictures.ts';
import {
  generateLanguages,
  generateLocations,
  generateNationalities,
  languageVocabulary,
  placeOfBirth,
  profileLinks,
  recentUpdate,
  slugify,
} from './profileCommon.ts';
import { Random } from './random.ts';
import { generateShowreels } from './showreels.ts';
import { generateCrewVita, vitaLanguage } from './vita.ts';

export interface CrewContext {
  seed: number;
  now: Date;
  catalogues: DemoCatalogues;
  agencies: DemoAgency[];
  ids: IdSequence;
}

const originWeights = Object.fromEntries(nameOrigins.map((o) => [o.key, o.weight]));
const crewGenderWeights = { f: 45, m: 52, i: 3 };
const originByKey = new Map(nameOrigins.map((o) => [o.key, o]));

/** Builds the crew profile with the given id from its own random stream. */
export function generateCrewProfile(ctx: CrewContext, index: number, id: number): FixtureCrew {
  const { catalogues, now, ids } = ctx;
  const random = new Random(ctx.seed, 'crew', index);
  const year = now.getUTCFullYear();
  const origin = originByKey.get(random.weighted(originWeights))!;
  const genderKey = random.weighted(crewGenderWeights);
  const nameForm = genderKey === 'f' ? 'female' : genderKey === 'm' ? 'male' : 'neutral';
  const { first: firstName, last: lastName } = drawPersonName(random, origin, nameForm, genderKey === 'f');
  const age = random.int(24, 72);
  const professions = random.sample(catalogues.all('crew_professions'), random.count([60, 32, 8]) + 1);
  const agency = random.pick(ctx.agencies);
  const agent = random.chance(0.8) ? random.pick(agency.agents) : null;
  const { residence, locations, accommodation_options } = generateLocations(random, origin);
  const links = profileLinks(random, firstName, lastName);
  const careerStart = year - age + 25 + random.int(0, 5);
  const languages = generateLanguages(random, catalogues, languageVocabulary(catalogues), origin);
  return {
    id,
    first_name: firstName,
    last_name: lastName,
    name: flat(`${firstName} ${lastName}`),
    year_of_birth: year - age,
    place_of_birth: placeOfBirth(random, origin),
    professions,
    nationalities: generateNationalities(random, catalogues, origin),
    languages,
    accommodation_options,
    ...generateAboutMe(random, { firstName, city: residence.name, years: Math.max(1, year - careerStart), crew: true, feminine: genderKey === 'i' ? null : genderKey === 'f', homepage: links.homepage_url, languages: Object.keys(languages) }),
    representative: agent ? { id: agent.id, name: agent.name } : null,
    talent_agency_id: agency.id,
    pictures: generateCrewPictures(random, ids, now, personLook({ seed: ctx.seed, kind: 'crew', index, origin: origin.key, age, presentation: genderKey === 'f' ? 'feminine' : genderKey === 'm' ? 'masculine' : 'androgynous' })),
    ...generateShowreels(random, ids, year),
    vita: generateCrewVita({ random, ids, catalogues, year, careerStart: Math.min(year, careerStart), feminine: genderKey === 'f', language: vitaLanguage(origin.key) }, professions),
    locations,
    ...links,
    agency_profile_url: random.chance(0.7) ? flat(`${agency.website}/crew/${slugify(`${firstName} ${lastName}`)}-${id}`) : null,
    country: residence.country,
    state: residence.state,
    gender: catalogues.keyOr('genders', genderKey),
    updated_at: recentUpdate(random, now),
  };
}
