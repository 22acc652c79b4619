/**
 * The demo talent agencies and their employees (agents): name, links, address and texts for the
 * talent agency endpoint; the agents appear as `representative` and `talent_agency_employee_id` on
 * profiles and with their contact details among the agency's `employees`.
 */
import type { FixtureAgency } from '../fixture/schema.ts';
import type { DemoCatalogues } from './demoCatalogues.ts';
import { encodeLook, lookFromNumber } from '../media/portraitLook.ts';
import { flat } from './flatString.ts';
import { nameOrigins } from './namePools.ts';
import { pictureUrl } from './pictures.ts';
import { directoryWebBase } from './profileCommon.ts';
import { Random } from './random.ts';

export interface DemoAgent {
  id: number;
  name: string;
  /** Contact details and texts of the talent agency endpoint's `employees`. */
  details: NonNullable<FixtureAgency['employees']>[number];
}

export interface DemoAgency extends FixtureAgency {
  /** Web site of the agency, for agency_profile_url. */
  website: string;
  agents: DemoAgent[];
}

/** Name, web slug and the categories that fit the name. */
const agencyProfiles: [string, string, string[]][] = [
  ['Agentur Sonnenschein', 'agentur-sonnenschein', ['acting_agency']],
  ['Spotlight Talents Berlin', 'spotlight-talents', ['acting_agency', 'artist_management']],
  ['Hanseatische Schauspielagentur', 'hanseatische-agentur', ['acting_agency']],
  ['Junge Gesichter Kinderagentur', 'junge-gesichter', ['young_talent_agency', 'acting_agency']],
  ['Stimmwerk Sprecheragentur', 'stimmwerk', ['voice_agency']],
  ['Agentur Alpenrot', 'alpenrot', ['acting_agency', 'advertising']],
  ['Rheinland Artists', 'rheinland-artists', ['artist_management', 'pr']],
  ['Vienna Actors Management', 'vienna-actors', ['acting_agency', 'artist_management']],
  ['Zürich Casting & Talent', 'zuerich-talent', ['acting_agency', 'people_agency']],
  ['Kiez Künstlermanagement', 'kiez-management', ['artist_management', 'pr']],
  ['Agence Lumière', 'agence-lumiere', ['acting_agency', 'voice_agency']],
  ['Elbe Model & People', 'elbe-people', ['model_agency', 'people_agency', 'advertising']],
];

/** Where each agency sits, in the order of agencyProfiles: city, postcode, country, street. */
const agencyAddresses: [string, string, string, string][] = [
  ['München', '80331', 'DE', 'Sendlinger Straße'], ['Berlin', '10117', 'DE', 'Friedrichstraße'], ['Hamburg', '20095', 'DE', 'Mönckebergstraße'],
  ['Köln', '50667', 'DE', 'Hohe Straße'], ['Berlin', '10999', 'DE', 'Oranienstraße'], ['Innsbruck', '6020', 'AT', 'Maria-Theresien-Straße'],
  ['Düsseldorf', '40213', 'DE', 'Königsallee'], ['Wien', '1070', 'AT', 'Neubaugasse'], ['Zürich', '8001', 'CH', 'Bahnhofstrasse'],
  ['Hamburg', '20359', 'DE', 'Reeperbahn'], ['Paris', '75011', 'FR', 'Rue Oberkampf'], ['Hamburg', '20457', 'DE', 'Am Sandtorkai'],
];
/** Demo pictures of agency employees use ids far above those of profiles, so no file name repeats. */
const employeePictureIdBase = 900_000_000;

function phoneNumber(random: Random, country: string): string {
  const prefix = country === 'AT' ? '43' : country === 'CH' ? '41' : country === 'FR' ? '33' : '49';
  return `${prefix}${random.int(20, 89)}${random.int(1_000_000, 9_999_999)}`;
}

/** An agent's details: the first of an agency leads it, the others are agents or assistants. */
function agentDetails(random: Random, id: number, name: string, slug: string, country: string, lead: boolean): DemoAgent['details'] {
  const [first, ...rest] = name.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/ß/g, 'ss').split(' ');
  const role = lead || random.chance(0.7) ? 'agent' : 'assistant';
  const pictureId = employeePictureIdBase + id;
  const about = random.chance(0.5);
  return {
    id,
    phone: random.chance(0.8) ? phoneNumber(random, country) : null,
    email: flat(`${first}.${rest.join('-')}@${slug}.example`),
    role,
    function: lead ? 'Geschäftsführung' : null,
    photo_social_username: random.chance(0.3) ? flat(`${first}.${rest.join('')}`) : null,
    filmdb_link: random.chance(0.2) ? `https://filmdb.example/name/nm${random.int(1_000_000, 9_999_999)}` : null,
    picture_url: random.chance(0.6) ? pictureUrl(pictureId, 'thumb_large', encodeLook(lookFromNumber(pictureId))) : null,
    about_me: about ? { de: flat(`Seit ${random.int(1998, 2022)} in der Agentur.`), en: flat(`With the agency since ${random.int(1998, 2022)}.`) } : null,
  };
}

/** 8 to 12 agencies with categories, regions and two to four agents each. */
export function generateAgencies(seed: number, catalogues: DemoCatalogues): DemoAgency[] {
  const random = new Random(seed, 'agencies');
  const count = random.int(8, 12);
  const regions = catalogues.preferred('regions', ['dach', 'germany', 'austria', 'switzerland', 'europe', 'benelux']);
  const german = nameOrigins[0]!;
  return agencyProfiles.slice(0, count).map(([name, slug, wanted], index) => {
    const id = index + 1;
    const [city, zipcode, country, street] = agencyAddresses[index]!;
    const agents = Array.from({ length: random.int(2, 4) }, (_, j) => {
      const agentName = `${random.pick(random.chance(0.5) ? german.female : german.male)} ${random.pick(german.last)}`;
      return { id: id * 100 + j + 1, name: agentName, details: agentDetails(random, id * 100 + j + 1, agentName, slug, country, j === 0) };
    });
    const website = `https://${slug}.example`;
    const shortName = name.split(' ').find((word) => !['Agentur', 'Agence', 'Junge', 'Vienna', 'Zürich'].includes(word)) ?? name;
    return {
      id,
      name,
      categories: catalogues.preferred('agency_categories', wanted).slice(0, wanted.length),
      regions: random.sample(regions, random.int(1, 3)),
      short_name: shortName,
      homepage_url: website,
      service_url: `${directoryWebBase}/agents/${slug}`,
      ...(random.chance(0.5) ? { filmdb_id: `co${random.int(1_000_000, 9_999_999)}` } : {}),
      showreel_url: random.chance(0.4) ? `${website}/showreel` : null,
      social_page: random.chance(0.6) ? slug : null,
      photo_social_username: random.chance(0.7) ? slug.replace(/-/g, '') : null,
      public_email: `info@${slug}.example`,
      address: { city, country, fax: null, line1: flat(`${street} ${random.int(1, 120)}`), line2: '', phone: phoneNumber(random, country), zipcode },
      about_me: { de: flat(`${name} vertritt Schauspielerinnen und Schauspieler aus ${city}.`), en: flat(`${name} represents actors from ${city}.`) },
      about_me_html: { de: flat(`<p><b>${name}</b> vertritt Schauspielerinnen und Schauspieler aus ${city}.</p>`), en: flat(`<p><b>${name}</b> represents actors from ${city}.</p>`) },
      website,
      agents,
    };
  });
}

/** The fixture record of an agency: the demo-only website and agents give way to the employees' details. */
export function toFixtureAgency(agency: DemoAgency): FixtureAgency {
  const { website: _website, agents, ...record } = agency;
  const withImdb = record.filmdb_id ? { filmdb_link: `https://filmdb.example/company/${record.filmdb_id}` } : {};
  return { ...record, ...withImdb, employees: agents.map((agent) => agent.details) };
}
