/**
 * The closed-list keys the demo generator draws from, read once per run from the catalogues
 * (contract/catalogues/*.json). Every closed-list value in the demo data comes from here.
 */
import { catalogueKeys } from '../catalogues/catalogues.ts';
import { isoCodeForLanguageKey } from '../../../contract/language-keys.ts';

export const demoCatalogueNames = [
  'genders', 'gender_new', 'main_professions', 'actor_professions', 'specializations', 'crew_professions',
  'languages', 'language_levels', 'skill_levels', 'dialect_skill', 'accent_skill', 'dialects', 'accents', 'instruments', 'dances', 'singing',
  'sports', 'drivers_licenses', 'licenses', 'unions', 'working_permits', 'eye_colors', 'hair_colors',
  'hair_lengths', 'figures', 'pitches', 'qualifications', 'casting_types', 'visibility', 'agency_categories',
  'regions', 'connection_types', 'ethnic_backgrounds', 'ethnic_background_details', 'countries',
  'special_skills', 'contract_types', 'production_formats', 'role_types', 'theater_engagement_types',
  'television_genres',
] as const;
export type DemoCatalogueName = (typeof demoCatalogueNames)[number];

export class DemoCatalogues {
  private readonly keys = new Map<DemoCatalogueName, string[]>();

  /** Reads every catalogue the generator uses; fails loudly when one is missing or empty. */
  constructor(keysOf: (name: DemoCatalogueName) => string[] = catalogueKeys) {
    for (const name of demoCatalogueNames) {
      // The generator thinks in ISO 639-2 codes, as roles and the languages= filter do; profiles
      // get the provider's keys back through languageKeyForIsoCode (profileCommon.ts).
      const keys = name === 'languages' ? keysOf(name).map((key) => isoCodeForLanguageKey(key) ?? key) : keysOf(name);
      if (keys.length === 0) throw new Error(`demo generator: catalogue "${name}" has no keys`);
      this.keys.set(name, keys);
    }
  }

  /** All keys of a catalogue. */
  all(name: DemoCatalogueName): string[] {
    return this.keys.get(name)!;
  }

  /** True when the catalogue has the key. */
  has(name: DemoCatalogueName, key: string): boolean {
    return this.keys.get(name)!.includes(key);
  }

  /**
   * The wanted keys that the catalogue has, in the wanted order, or every key of the catalogue
   * when it has none of them: realistic choices where we know the keys, still valid where not.
   */
  preferred(name: DemoCatalogueName, wanted: readonly string[]): string[] {
    const present = wanted.filter((key) => this.has(name, key));
    return present.length > 0 ? present : this.all(name);
  }

  /** The key when the catalogue has it, else the catalogue's first key. */
  keyOr(name: DemoCatalogueName, key: string): string {
    return this.has(name, key) ? key : this.all(name)[0]!;
  }
}
