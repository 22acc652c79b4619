/**
 * Details for the credit-search benchmark: vitas and about-me texts from the demo generator's own
 * code (server/src/demo/vita.ts, aboutMe.ts), one seeded stream per profile, four in five actors
 * and one in five crew; and queries people type into a credit search, drawn from those texts:
 * titles, theatres, directors' names in both orders, stations, one typo, umlauts spelled out or
 * dropped, and every keystroke on the way to some of them.
 */
import { generateAboutMe } from '../../server/src/demo/aboutMe.ts';
import { cities } from '../../server/src/demo/cities.ts';
import { DemoCatalogues } from '../../server/src/demo/demoCatalogues.ts';
import { IdSequence } from '../../server/src/demo/idSequence.ts';
import { Random } from '../../server/src/demo/random.ts';
import { generateActorVita, generateCrewVita } from '../../server/src/demo/vita.ts';
import type { ProfileKind } from '../../renderer/src/db/libraryDb.ts';
import { creditTextsOf, type CreditSource, type CreditText } from '../../renderer/src/search/creditTexts.ts';
import { realisticNames } from '../support/searchCorpus.ts';

export interface BenchProfile {
  kind: ProfileKind;
  id: number;
  texts: CreditText[];
}

const crewProfessions = ['regie', 'autor', 'kamera', 'komponist', 'dramaturg', 'schnitt'];

/**
 * `count` profiles with generated vitas, the same for the same seed. The generator's 400 recurring
 * directors and casters are replaced by 20,000 realistic names, so the vocabulary is not only the
 * generator's small pools.
 */
export function generatedProfiles(count: number, seed: number): BenchProfile[] {
  const people = realisticNames(20_000, seed).map((name) => `${name.first} ${name.last}`);
  const catalogues = new DemoCatalogues();
  const ids = new IdSequence();
  const year = 2026;
  const profiles: BenchProfile[] = [];
  for (let index = 0; index < count; index++) {
    const random = new Random(seed, 'credit-bench', index);
    const crew = random.chance(0.2);
    const feminine = random.chance(0.5);
    const language = random.chance(0.15) ? 'en' : 'de';
    const age = random.int(20, 75);
    const careerStart = Math.min(year, year - age + 20 + random.int(0, 8));
    const ctx = { random, ids, catalogues, year, careerStart, feminine, language } as const;
    const vita = crew ? generateCrewVita(ctx, random.sample(crewProfessions, random.int(1, 2))) : generateActorVita(ctx, random.chance(0.1));
    const about = generateAboutMe(random, {
      firstName: 'Kim',
      city: random.pick(cities).name,
      years: Math.max(1, year - careerStart),
      crew,
      feminine,
      homepage: null,
      languages: language === 'en' ? ['eng', 'deu'] : ['deu', 'eng'],
    });
    const aboutMe = about.about_me?.[language] ?? about.about_me?.de ?? about.about_me?.en ?? null;
    const texts = creditTextsOf({ vita: vita as CreditSource['vita'], about_me: aboutMe }).map((text) =>
      text.field === 'director' || text.field === 'caster' ? { ...text, text: random.pick(people) } : text,
    );
    profiles.push({ kind: crew ? 'crew' : 'actor', id: index + 1, texts });
  }
  return profiles;
}

export type CreditQueryKind = 'title' | 'theatre' | 'director' | 'directorReversed' | 'station' | 'typo' | 'umlautSpelled' | 'umlautDropped' | 'titleAndDirector';

export interface CreditQuery {
  kind: CreditQueryKind;
  text: string;
}

/** One edit in a word of four letters or more (a substitution, deletion or swap). */
function typo(random: Random, text: string): string {
  const words = text.split(' ');
  const candidates = words.map((word, index) => [word, index] as const).filter(([word]) => word.length >= 5);
  if (candidates.length === 0) return text;
  const [word, index] = random.pick(candidates);
  const at = random.int(1, word.length - 2);
  const edit = random.int(0, 2);
  words[index] =
    edit === 0 ? `${word.slice(0, at)}x${word.slice(at + 1)}` : edit === 1 ? word.slice(0, at) + word.slice(at + 1) : word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  return words.join(' ');
}

/** `count` queries of every kind, drawn from the profiles' texts. */
export function creditQueries(profiles: readonly BenchProfile[], count: number, seed: number): CreditQuery[] {
  const random = new Random(seed, 'credit-queries');
  const fieldsOf = (field: string) => profiles.flatMap((profile) => profile.texts.filter((text) => text.field === field).map((text) => text.text)).slice(0, 20_000);
  const titles = fieldsOf('name');
  const theatres = fieldsOf('theater_name');
  const directors = fieldsOf('director');
  const stations = fieldsOf('station');
  const withUmlaut = [...titles, ...theatres, ...directors].filter((text) => /[äöüÄÖÜ]/.test(text));
  const kinds: CreditQueryKind[] = ['title', 'theatre', 'director', 'directorReversed', 'station', 'typo', 'umlautSpelled', 'umlautDropped', 'titleAndDirector'];
  const queries: CreditQuery[] = [];
  for (let i = 0; i < count; i++) {
    const kind = kinds[i % kinds.length]!;
    const director = random.pick(directors);
    const text =
      kind === 'title' ? random.pick(titles)
      : kind === 'theatre' ? random.pick(theatres)
      : kind === 'director' ? director
      : kind === 'directorReversed' ? director.split(' ').reverse().join(' ')
      : kind === 'station' ? random.pick(stations)
      : kind === 'typo' ? typo(random, random.pick([...titles.slice(0, 2000), ...directors.slice(0, 2000)]))
      : kind === 'umlautSpelled' ? random.pick(withUmlaut).replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue')
      : kind === 'umlautDropped' ? random.pick(withUmlaut).replace(/ä/g, 'a').replace(/ö/g, 'o').replace(/ü/g, 'u')
      : `${random.pick(titles).split(' ')[0]} ${director.split(' ').at(-1)}`;
    queries.push({ kind, text });
  }
  return queries;
}

/** Every keystroke of a query: "T", "Ta", … "Tatort". */
export function keystrokesOf(text: string): string[] {
  return Array.from({ length: text.length }, (_, i) => text.slice(0, i + 1)).filter((prefix) => prefix.trim() !== '');
}
