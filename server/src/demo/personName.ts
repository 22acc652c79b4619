/**
 * Draws a person's full name from an origin's pools: a given name (sometimes a hyphenated double
 * one), a surname in the form the person carries (feminine forms, double-barrelled or, in Spain,
 * two surnames). The combinations make tens of thousands of distinct names from small lists.
 */
import { feminineLastName, neutralFirstNames, type NameOrigin } from './namePools.ts';
import type { Random } from './random.ts';

export interface PersonName {
  first: string;
  last: string;
}

/** Which given names fit: a woman's, a man's, or (non-binary people, sometimes) a neutral one. */
export type NameForm = 'female' | 'male' | 'neutral';

function givenName(random: Random, origin: NameOrigin, form: NameForm): string {
  if (form === 'neutral') return random.pick(neutralFirstNames);
  const pool = form === 'female' ? origin.female : origin.male;
  const first = random.pick(pool);
  if (!origin.doubleFirstName || !random.chance(origin.doubleFirstName)) return first;
  const second = random.pick(pool);
  return second === first || first.includes('-') || second.includes('-') ? first : `${first}-${second}`;
}

function surname(random: Random, origin: NameOrigin, feminine: boolean): string {
  const one = (): string => (feminine ? feminineLastName(origin, random.pick(origin.last)) : random.pick(origin.last));
  const first = one();
  const twoParts = origin.twoLastNames === true || (origin.doubleLastName !== undefined && random.chance(origin.doubleLastName));
  if (!twoParts) return first;
  const second = one();
  if (second === first || first.includes(' ') || second.includes(' ')) return first;
  return origin.twoLastNames ? `${first} ${second}` : `${first}-${second}`;
}

/**
 * A name for a person of this origin. `feminine` picks the surname form where a language inflects
 * it (Kowalska); `form` picks the given-name pool.
 */
export function drawPersonName(random: Random, origin: NameOrigin, form: NameForm, feminine: boolean): PersonName {
  return { first: givenName(random, origin, form), last: surname(random, origin, feminine) };
}
