/**
 * Search rows with every filter field filled the way cached actors fill them (languages with
 * levels, dialects, skills, agencies, places, acting age, height, showreels, a few removed
 * profiles, spread update times and picture URLs), for the snapshot tests and the snapshot
 * benchmark: a snapshot's size and restore time are mostly these fields, not the names.
 */
import type { SearchRow } from '../../renderer/src/db/libraryDb.ts';
import { Random } from '../../server/src/demo/random.ts';

const languages = ['deu', 'eng', 'fra', 'spa', 'ita', 'pol', 'tur', 'rus', 'nld', 'dan', 'swe', 'por', 'ara', 'hrv', 'srp', 'ell'];
const levels = ['muttersprachlich', 'fliessend', 'gut', 'grundkenntnisse'];
const dialects = ['bairisch', 'berlinerisch', 'hessisch', 'koelsch', 'plattdeutsch', 'saechsisch', 'schwaebisch', 'wienerisch', 'schweizerdeutsch'];
const accents = ['amerikanisch', 'britisch', 'franzoesisch', 'italienisch', 'russisch', 'tuerkisch', 'polnisch'];
const skillCatalogues = { instruments: 40, dances: 30, singing: 8, sports: 60, licenses: 12, drivers_licenses: 8 };
const skills = Object.entries(skillCatalogues).flatMap(([catalogue, count]) => Array.from({ length: count }, (_, i) => `${catalogue}:${catalogue.slice(0, 4)}_${i}`));
const agencies = Array.from({ length: 400 }, (_, i) => `Agentur ${i} Film & Bühne`);
const places = Array.from({ length: 250 }, (_, i) => `Stadt ${i}`);
const specializations = ['comedy', 'drama', 'stunt', 'voice', 'musical', 'improvisation', 'hosting'];

/** `rows` with filter fields drawn for `seed` (the same rows for the same seed); ids, names and revs kept. */
export function withFacets(rows: readonly SearchRow[], seed: number): SearchRow[] {
  const random = new Random(seed, 'faceted-search-rows');
  const someOf = <T>(items: readonly T[], most: number): T[] => random.sample(items, random.int(0, most));
  return rows.map((row) => {
    const spoken = random.sample(languages, random.int(1, 4));
    const languageLevels = Object.fromEntries(spoken.map((code, i) => [code, i === 0 ? 'muttersprachlich' : random.pick(levels)]));
    const detail = random.chance(0.9);
    const gender = random.pick(['m', 'f', 'f', 'm', 'i']);
    const genderNew = gender === 'm' ? 'male' : gender === 'f' ? 'female' : 'non_binary';
    const ageFrom = random.int(6, 70);
    return {
      ...row,
      gender,
      genderNew,
      genderSearchability: gender === 'i' ? [genderNew, random.pick(['male', 'female'])] : [genderNew],
      age: ageFrom + random.int(0, 5),
      actingAgeFrom: detail ? ageFrom : null,
      actingAgeTo: detail ? ageFrom + random.int(3, 12) : null,
      languageCodes: spoken,
      languageLevels,
      dialects: detail ? someOf(dialects, 2) : [],
      accents: detail ? someOf(accents, 2) : [],
      mainProfession: random.pick(['actor', 'actor', 'actor', 'young_actor', 'performer']),
      specializations: detail ? someOf(specializations, 2) : [],
      professions: [],
      agencies: detail && random.chance(0.7) ? [random.pick(agencies)] : [],
      residences: detail ? someOf(places, 2) : [],
      accommodations: detail ? someOf(places, 3) : [],
      nationalities: [random.pick(['DE', 'DE', 'DE', 'AT', 'CH', 'TR', 'PL', 'FR', 'IT', 'DK'])],
      height: detail ? random.int(120, 205) : null,
      skills: detail ? someOf(skills, 12) : [],
      ethnicBackgrounds: detail && random.chance(0.3) ? [String(random.int(1, 9))] : [],
      hasShowreel: detail && random.chance(0.4),
      hasDetail: detail ? 1 : 0,
      updatedAt: new Date(Date.UTC(2024, 0, 1) + random.int(0, 2 * 365 * 86400) * 1000).toISOString().replace('Z', '+00:00'),
      thumbUrl: random.chance(0.85) ? `https://media.castdesk.example/pictures/${row.id}/thumb-${random.int(100000, 999999)}.jpg` : null,
      removed: random.chance(0.02) ? 1 : 0,
    };
  });
}
