import type { MessageKey } from '../../i18n/en.ts';
import type { VitaGroup } from './vitaEntries.ts';

/** Each vita group's heading: the profile's vita and the credit search name groups alike. */
export const vitaGroupTitles = {
  primary_education: 'actorDetail.vita.groupPrimaryEducation',
  education: 'actorDetail.vita.groupEducation',
  award: 'actorDetail.vita.groupAward',
  film: 'actorDetail.vita.groupFilm',
  television: 'actorDetail.vita.groupTelevision',
  theatre: 'actorDetail.vita.groupTheatre',
  audio: 'actorDetail.vita.groupAudio',
  other: 'actorDetail.vita.groupOther',
  internet: 'actorDetail.vita.groupInternet',
  commercial: 'actorDetail.vita.groupCommercial',
} as const satisfies Record<VitaGroup, MessageKey>;
