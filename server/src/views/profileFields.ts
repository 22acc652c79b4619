/**
 * Values served on both list items and details that the data may leave implicit: the full name,
 * the deprecated actor `professions`, the representative. Computed once here so list and detail
 * can never disagree.
 */
export interface NamedProfile {
  name?: string | null;
  first_name: string;
  last_name: string;
}

export function fullName(profile: NamedProfile): string {
  return profile.name?.trim() || `${profile.first_name} ${profile.last_name}`.trim();
}

const professionOfMainProfession: Record<string, string> = {
  actor: 'schauspieler',
  young_actor: 'nachwuchsdarsteller',
};

/** The deprecated actor `professions`: as given, or derived from main_profession. */
export function actorProfessions(profile: { professions?: string[]; main_profession?: string | null }): string[] {
  if (profile.professions) return profile.professions;
  const derived = profile.main_profession ? professionOfMainProfession[profile.main_profession] : undefined;
  return derived ? [derived] : [];
}
