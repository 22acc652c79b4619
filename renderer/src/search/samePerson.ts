/**
 * One person across directories (issue 15, item 5): an actor may be listed by two directories, each
 * with its own id. Within one directory (origin) a profile id names one person already; across
 * directories only evidence does: the same film-database id, or the same name and year of birth.
 * The app suggests such pairs and the user decides (link or "not the same person"); only a link
 * makes two profiles one person, so a namesake born the same year is never merged behind the
 * user's back.
 */
import type { PairDecision } from '../db/peopleDb.ts';
import { foldQuery } from '../search/foldName.ts';

export type PersonKind = 'actor' | 'crew';

/** A profile across directories: its directory's origin, its kind and its id there. */
export interface ProfileRef {
  origin: string;
  kind: PersonKind;
  id: number;
}

/** What the comparison reads of a profile. */
export interface PersonFacts extends ProfileRef {
  name: string;
  yearOfBirth: number | null;
  filmdbId: string | null;
}

/** Why two profiles may be one person: the strongest evidence first. */
export type SamePersonReason = 'filmdb' | 'nameAndBirthYear';

/** A stable text key of a profile, for sets, maps and the people database. */
export function profileKey(ref: ProfileRef): string {
  return `${ref.kind}:${ref.id}@${ref.origin}`;
}

/** The key of an unordered pair: the same whichever profile is named first. */
export function pairKey(a: ProfileRef, b: ProfileRef): string {
  const [first, second] = [profileKey(a), profileKey(b)].sort();
  return `${first}|${second}`;
}

/** A directory as people know it: the host name of its origin (the origin itself if it is no URL). */
export function directoryName(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return origin;
  }
}

export function refOfKey(key: string): ProfileRef | null {
  const match = /^(actor|crew):(\d+)@(.+)$/.exec(key);
  return match ? { kind: match[1] as PersonKind, id: Number(match[2]), origin: match[3]! } : null;
}

function normalFilmdbId(id: string | null): string | null {
  const trimmed = id?.trim().toLowerCase() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** A name as search folds it, spaces collapsed: "Jörg  Müller" and "Joerg Mueller" read alike. */
function normalName(name: string): string {
  return foldQuery(name).replace(/\s+/g, ' ').trim();
}

/**
 * Why `a` and `b` may be the same person, or null. Profiles of one directory or of different kinds
 * are never suggested (one directory names a person by one id; an actor and a crew profile are
 * different records even for one human).
 */
export function samePersonReason(a: PersonFacts, b: PersonFacts): SamePersonReason | null {
  if (a.origin === b.origin || a.kind !== b.kind) return null;
  const filmdb = normalFilmdbId(a.filmdbId);
  if (filmdb !== null && filmdb === normalFilmdbId(b.filmdbId)) return 'filmdb';
  if (a.yearOfBirth === null || a.yearOfBirth !== b.yearOfBirth) return null;
  const name = normalName(a.name);
  return name !== '' && name === normalName(b.name) ? 'nameAndBirthYear' : null;
}

export interface Suggestion {
  profile: PersonFacts;
  reason: SamePersonReason;
}

/**
 * The candidates that may be `profile`'s person and on which the user has not decided yet,
 * film-database matches first, then by name.
 */
export function suggestionsFor(profile: PersonFacts, candidates: readonly PersonFacts[], decisions: ReadonlyMap<string, PairDecision>): Suggestion[] {
  const suggestions: Suggestion[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    const key = profileKey(candidate);
    if (seen.has(key)) continue;
    seen.add(key);
    const reason = samePersonReason(profile, candidate);
    if (reason && !decisions.has(pairKey(profile, candidate))) suggestions.push({ profile: candidate, reason });
  }
  const rank = (reason: SamePersonReason) => (reason === 'filmdb' ? 0 : 1);
  return suggestions.sort((x, y) => rank(x.reason) - rank(y.reason) || x.profile.name.localeCompare(y.profile.name) || x.profile.origin.localeCompare(y.profile.origin));
}

/**
 * Every profile linked to `start`, directly or through others (links are symmetric and chain:
 * A = B and B = C make A, B and C one person), `start` included.
 */
export function linkedProfiles(start: ProfileRef, links: Iterable<readonly [string, string]>): ProfileRef[] {
  const neighbours = new Map<string, string[]>();
  for (const [a, b] of links) {
    neighbours.set(a, [...(neighbours.get(a) ?? []), b]);
    neighbours.set(b, [...(neighbours.get(b) ?? []), a]);
  }
  const startKey = profileKey(start);
  const found = new Set([startKey]);
  const queue = [startKey];
  while (queue.length > 0) {
    for (const next of neighbours.get(queue.shift()!) ?? []) {
      if (!found.has(next)) {
        found.add(next);
        queue.push(next);
      }
    }
  }
  return [...found].map(refOfKey).filter((ref): ref is ProfileRef => ref !== null);
}
