/** Parts shared by demo actor and crew profiles: URLs, locations, languages, dates. */
import { languageKeyForIsoCode } from '../../../contract/language-keys.ts';
import { flat } from './flatString.ts';
import type { FixtureActor } from '../fixture/schema.ts';
import { cities, pickCity, pickCityIn, placeIdOf, type City } from './cities.ts';
import { daysFrom, formatDatetime } from './datetime.ts';
import type { DemoCatalogues } from './demoCatalogues.ts';
import type { NameOrigin } from './namePools.ts';
import type { Random } from './random.ts';

type FixtureLocation = NonNullable<FixtureActor['locations']>[number];

/** The public web address of the demo directory (no real brand). */
export const directoryWebBase = 'https://directory.example';

/** ASCII slug of a name for URLs: Müller → mueller, Łukasz → lukasz. */
export function slugify(name: string): string {
  let slug = slugs.get(name);
  if (slug === undefined) {
    slug = transliterate(name);
    slugs.set(name, slug);
  }
  return slug;
}

/** Names repeat a lot in the demo; their slugs are computed once. */
const slugs = new Map<string, string>();

function transliterate(name: string): string {
  return name
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[łđ]/g, (c) => (c === 'ł' ? 'l' : 'd'))
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/ı/g, 'i')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export interface ProfileLinks {
  homepage_url: string | null;
  filmdb_link: string | null;
  filmdb_id: string | null;
  social_page: string | null;
  photo_social_username: string | null;
  encyclopedia_url: string | null;
}

/** Homepage, film database, social and encyclopedia links, each present for some profiles. */
export function profileLinks(random: Random, firstName: string, lastName: string): ProfileLinks {
  const slug = slugify(`${firstName} ${lastName}`);
  const filmdbId = random.chance(0.6) ? flat(`nm${random.int(1_000_000, 9_999_999)}`) : null;
  return {
    homepage_url: random.chance(0.3) ? flat(`https://www.${slug}.example`) : null,
    filmdb_link: filmdbId ? flat(`https://filmdb.example/name/${filmdbId}`) : null,
    filmdb_id: filmdbId,
    social_page: random.chance(0.35) ? flat(`${slug}.official`) : null,
    photo_social_username: random.chance(0.5) ? slug.replace(/-/g, random.pick(['.', '_'])) : null,
    encyclopedia_url: random.chance(0.05) ? flat(`https://de.encyclopedia.example/wiki/${encodeURIComponent(`${firstName}_${lastName}`.replace(/ /g, '_'))}`) : null,
  };
}

function location(city: City, type: 'place' | 'accommodation'): FixtureLocation {
  return { name: city.name, latitude: city.latitude, longitude: city.longitude, place_id: placeIdOf(city), type, country: city.country };
}

const housingCities = cities.filter((c) => c.weight >= 2);

export interface DemoLocations {
  residence: City;
  locations: FixtureLocation[];
  accommodation_options: string[];
}

/** One or two residences (type place) before zero to four housing options (type accommodation). */
export function generateLocations(random: Random, origin: NameOrigin): DemoLocations {
  const residence = random.chance(0.15) ? pickCityIn(random, origin.nationalities) : pickCity(random);
  const residences = [residence];
  if (random.chance(0.15)) {
    const second = pickCity(random);
    if (second !== residence) residences.push(second);
  }
  const housing = random.sample(housingCities, random.count([30, 25, 25, 12, 8])).filter((c) => !residences.includes(c)).slice(0, 4);
  return {
    residence,
    locations: [...residences.map((c) => location(c, 'place')), ...housing.map((c) => location(c, 'accommodation'))],
    accommodation_options: housing.map((c) => c.name),
  };
}

/** A place of birth fitting the name's origin. */
export function placeOfBirth(random: Random, origin: NameOrigin): string {
  return pickCityIn(random, origin.nationalities).name;
}

/** Common languages first: realistic picks where the catalogue has them. */
const commonLanguages = ['eng', 'deu', 'fra', 'ita', 'spa', 'rus', 'pol', 'tur', 'nld', 'por', 'swe', 'ukr', 'ara', 'dan', 'nor', 'ell', 'hrv', 'ces', 'hun', 'ron', 'heb', 'jpn', 'zho'];

export interface LanguageVocabulary {
  native: string;
  others: string[];
  common: string[];
}

export function languageVocabulary(catalogues: DemoCatalogues): LanguageVocabulary {
  return {
    native: catalogues.keyOr('language_levels', 'muttersprachlich'),
    others: catalogues.preferred('language_levels', ['fliessend', 'gut', 'grundkenntnisse']),
    common: catalogues.preferred('languages', commonLanguages),
  };
}

/**
 * A native language from the origin plus one to four more: English for most, German for most who
 * are not native speakers, then others.
 */
export function generateLanguages(random: Random, catalogues: DemoCatalogues, vocabulary: LanguageVocabulary, origin: NameOrigin): Record<string, string> {
  const natives = origin.nativeLanguages.filter((key) => catalogues.has('languages', key));
  const native = natives.length > 0 ? (random.chance(0.8) ? natives[0]! : random.pick(natives)) : vocabulary.common[0]!;
  const languages: Record<string, string> = { [native]: vocabulary.native };
  if (random.chance(0.12) && natives.length > 1) languages[natives.find((key) => key !== native)!] = vocabulary.native;
  const nativeCount = Object.keys(languages).length;
  const wanted = nativeCount + 1 + random.count([45, 32, 15, 8]);
  const levels = vocabulary.others;
  // Each further language is spoken a little less well than the one before.
  const level = (): string => {
    const rank = Object.keys(languages).length - nativeCount;
    return levels[Math.min(levels.length - 1, Math.floor(random.next() * 2) + Math.min(rank, 2))]!;
  };
  const add = (key: string): void => {
    if (!(key in languages) && Object.keys(languages).length < wanted) languages[key] = level();
  };
  if (catalogues.has('languages', 'eng') && random.chance(0.88)) add('eng');
  if (catalogues.has('languages', 'deu') && random.chance(0.75)) add('deu');
  for (let tries = 0; tries < 10; tries++) add(random.pick(vocabulary.common.slice(0, 12)));
  for (const key of vocabulary.common) add(key);
  // profiles key languages by the provider's words ({"deutsch": "muttersprachlich"})
  return Object.fromEntries(Object.entries(languages).map(([code, level]) => [languageKeyForIsoCode(code) ?? code, level]));
}

/** Nationalities of the origin the catalogue knows, occasionally a second one. */
export function generateNationalities(random: Random, catalogues: DemoCatalogues, origin: NameOrigin): string[] {
  const known = origin.nationalities.filter((c) => catalogues.has('countries', c));
  const first = known.length > 0 ? (random.chance(0.8) ? known[0]! : random.pick(known)) : catalogues.keyOr('countries', 'DE');
  const nationalities = [first];
  if (random.chance(0.1)) {
    const second = catalogues.keyOr('countries', first === 'DE' ? random.pick(['AT', 'FR', 'TR', 'PL', 'US']) : 'DE');
    if (second !== first) nationalities.push(second);
  }
  return nationalities;
}

/** An updated_at spread over the last three years, denser towards the present. */
export function recentUpdate(random: Random, now: Date): string {
  return formatDatetime(daysFrom(now, -(random.next() ** 1.4) * 3 * 365));
}
