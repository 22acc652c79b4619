/**
 * The searchable texts of one profile's detail for the credit search: every vita entry's free-text
 * fields (titles, roles, directors, casters, producers, writers, theatres, stations, episodes,
 * notes, award and school names) and the about-me text, each named by its group, its entry and its
 * field so a match can be shown where it stands. Closed-list keys (role types, genres,
 * qualifications) are left out: they are codes, not words anyone types.
 */
import { actorVitaGroups } from '../../../contract/directory-api.ts';

export type VitaGroup = (typeof actorVitaGroups)[number];
/** A vita group, or the about-me text (one entry, 0). */
export type CreditGroup = VitaGroup | 'about_me';

/** Fields read from each vita entry, in the order they are shown. */
export const creditFields = [
  'name', 'role', 'director', 'caster', 'producer', 'writer', 'theater_name', 'station', 'distributor', 'episode_name', 'info',
] as const;
export type CreditField = (typeof creditFields)[number] | 'about_me';

/** Groups in a fixed order; their position is their code in the index. */
export const creditGroups: readonly CreditGroup[] = [...actorVitaGroups, 'about_me'];
export const creditFieldCodes: readonly CreditField[] = [...creditFields, 'about_me'];

export interface CreditText {
  group: CreditGroup;
  /** The entry's position in its group as the detail lists it. */
  entry: number;
  field: CreditField;
  text: string;
}

/** The part of an actor or crew detail the credit search reads. */
export interface CreditSource {
  vita?: Partial<Record<VitaGroup, readonly Record<string, unknown>[] | undefined>> | null;
  about_me?: string | null;
}

/** Every non-empty searchable text of a detail, in vita order, then the about-me text. */
export function creditTextsOf(source: CreditSource): CreditText[] {
  const texts: CreditText[] = [];
  for (const group of actorVitaGroups) {
    const entries = source.vita?.[group];
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry, index) => {
      for (const field of creditFields) {
        const value = entry?.[field];
        if (typeof value === 'string' && value.trim() !== '') texts.push({ group, entry: index, field, text: value });
      }
    });
  }
  if (typeof source.about_me === 'string' && source.about_me.trim() !== '') texts.push({ group: 'about_me', entry: 0, field: 'about_me', text: source.about_me });
  return texts;
}
