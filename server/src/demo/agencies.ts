/**
 * The demo talent agencies and their employees (agents). Employees are not part of the fixture
 * format; they appear as `representative` and `talent_agency_employee_id` on profiles.
 */
import type { FixtureAgency } from '../fixture/schema.ts';
import type { DemoCatalogues } from './demoCatalogues.ts';
import { nameOrigins } from './namePools.ts';
import { Random } from './random.ts';

export interface DemoAgent {
  id: number;
  name: string;
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

/** 8 to 12 agencies with categories, regions and two to four agents each. */
export function generateAgencies(seed: number, catalogues: DemoCatalogues): DemoAgency[] {
  const random = new Random(seed, 'agencies');
  const count = random.int(8, 12);
  const regions = catalogues.preferred('regions', ['dach', 'germany', 'austria', 'switzerland', 'europe', 'benelux']);
  const german = nameOrigins[0]!;
  return agencyProfiles.slice(0, count).map(([name, slug, wanted], index) => {
    const id = index + 1;
    const agents = Array.from({ length: random.int(2, 4) }, (_, j) => ({
      id: id * 100 + j + 1,
      name: `${random.pick(random.chance(0.5) ? german.female : german.male)} ${random.pick(german.last)}`,
    }));
    return {
      id,
      name,
      categories: catalogues.preferred('agency_categories', wanted).slice(0, wanted.length),
      regions: random.sample(regions, random.int(1, 3)),
      website: `https://${slug}.example`,
      agents,
    };
  });
}

/** The fixture record of an agency (without the demo-only website and agents). */
export function toFixtureAgency(agency: DemoAgency): FixtureAgency {
  return { id: agency.id, name: agency.name, categories: agency.categories, regions: agency.regions };
}
