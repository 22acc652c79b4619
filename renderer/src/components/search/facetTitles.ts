/** The heading of each facet, one place for the filter panel and the active-filter chips. */
import type { MessageKey } from '../../i18n/en.ts';
import type { FacetName } from '../../search/profileIndex.ts';

export const facetTitles = {
  gender: 'search.facetGender',
  language: 'search.facetLanguage',
  dialect: 'search.facetDialect',
  accent: 'search.facetAccent',
  mainProfession: 'search.facetMainProfession',
  specialization: 'search.facetSpecialization',
  profession: 'search.facetProfession',
  agency: 'search.facetAgency',
  residence: 'search.facetResidence',
  accommodation: 'search.facetAccommodation',
  nationality: 'search.facetNationality',
  skill: 'search.facetSkill',
  showreel: 'search.facetShowreel',
  connection: 'search.facetConnection',
} as const satisfies Record<FacetName, MessageKey>;
