/**
 * Vitas of demo profiles: education, awards and credits spread over the career years, with the
 * hidden state of the fixture format (entry ids, manual positions, a few invisible entries).
 */
import { flat } from './flatString.ts';
import type { FixtureActor, FixtureCrew } from '../fixture/schema.ts';
import type { DemoCatalogues } from './demoCatalogues.ts';
import { encodeLook, lookFromNumber } from '../media/portraitLook.ts';
import { pictureUrl } from './pictures.ts';
import type { IdSequence } from './idSequence.ts';
import { feminineLastName, nameOrigins } from './namePools.ts';
import { Random } from './random.ts';
import * as text from './textPools.ts';

type ActorVita = NonNullable<FixtureActor['vita']>;
type EducationEntry = NonNullable<ActorVita['education']>[number];
type AwardEntry = NonNullable<ActorVita['award']>[number];
type CreditEntry = NonNullable<ActorVita['film']>[number];
type CrewVita = NonNullable<FixtureCrew['vita']>;

export interface VitaContext {
  random: Random;
  ids: IdSequence;
  catalogues: DemoCatalogues;
  /** The current year (from `now`). */
  year: number;
  /** First year of professional work. */
  careerStart: number;
  /** Whether the person plays female roles (for credited role names). */
  feminine: boolean;
  /** The language the vita is written in: its titles, roles and notes. */
  language: VitaLanguage;
}

export type VitaLanguage = 'de' | 'en';

/** People of English-speaking origin write their vita in English; everyone else in German, the directory's language. */
export function vitaLanguage(originKey: string): VitaLanguage {
  return originKey === 'english' ? 'en' : 'de';
}

/** Title and role pools of a vita's language. */
function pools(ctx: VitaContext) {
  return ctx.language === 'en' ? text.englishVita : text;
}

/** The wording of a vita's notes in its language. */
const wording = {
  de: {
    production: (p: string) => `Produktion: ${p}`,
    broadcaster: (b: string) => `Sender: ${b}`,
    directedBy: (d: string) => `Regie: ${d}`,
    awardFor: (title: string) => `für „${title}“`,
    youthClub: { name: 'Jugendtheaterclub', info: 'Schauspielunterricht für Kinder und Jugendliche' },
    selfTaught: (feminine: boolean) => (feminine ? 'Autodidaktin' : 'Autodidakt'),
    privateLessons: (teacher: string) => `Privater Schauspielunterricht bei ${teacher}`,
    degrees: ['Studiengang Schauspiel', 'Schauspiel (Diplom)', 'Bachelor of Arts Schauspiel', null],
    workshops: 'Weiterbildung durch Workshops',
    with: (teacher: string) => `bei ${teacher}`,
    narrator: (feminine: boolean) => (feminine ? 'Sprecherin' : 'Sprecher'),
    commercialRoles: ['Hauptrolle', 'Mutter', 'Vater', 'Kundin', 'Sportler'],
    crewFunction: { regie: 'Regie', autor: 'Drehbuch', kamera: 'Kamera', komponist: 'Filmmusik', dramaturg: 'Dramaturgie', schnitt: 'Schnitt' } as Record<string, string>,
  },
  en: {
    production: (p: string) => `Production: ${p}`,
    broadcaster: (b: string) => `Broadcaster: ${b}`,
    directedBy: (d: string) => `Directed by ${d}`,
    awardFor: (title: string) => `for “${title}”`,
    youthClub: { name: 'Youth theatre club', info: 'Acting classes for children and teenagers' },
    selfTaught: () => 'Self-taught',
    privateLessons: (teacher: string) => `Private acting lessons with ${teacher}`,
    degrees: ['Acting (BA)', 'Acting diploma', 'Bachelor of Arts in Acting', null],
    workshops: 'Further training in workshops',
    with: (teacher: string) => `with ${teacher}`,
    narrator: () => 'Narrator',
    commercialRoles: ['Lead', 'Mother', 'Father', 'Customer', 'Athlete'],
    crewFunction: { regie: 'Director', autor: 'Screenplay', kamera: 'Cinematography', komponist: 'Music', dramaturg: 'Dramaturgy', schnitt: 'Editing' } as Record<string, string>,
  },
} as const;

const directorOrigins = nameOrigins.filter((o) => ['german', 'austrian', 'swiss', 'turkish', 'polish'].includes(o.key));

/** Directors, casters and teachers recur across vitas, as they do in a real industry. */
const people = (() => {
  const random = new Random('vita people');
  return Array.from({ length: 400 }, () => {
    const origin = random.pick(directorOrigins);
    const female = random.chance(0.45);
    const last = random.pick(origin.last);
    return flat(`${random.pick(female ? origin.female : origin.male)} ${female ? feminineLastName(origin, last) : last}`);
  });
})();

function personName(random: Random): string {
  return random.pick(people);
}

/** A year in the career, weighted towards recent years. */
function careerYear(ctx: VitaContext): number {
  const span = Math.max(0, ctx.year - ctx.careerStart);
  return ctx.year - Math.floor(span * ctx.random.next() ** 1.5);
}

/** Gives a group's entries ids, a shuffled manual position and a few `visible: false`. */
function finishGroup<T extends { id?: number; position?: number; visible?: boolean }>(ctx: VitaContext, entries: T[]): T[] {
  const positions = ctx.random.sample(
    entries.map((_, i) => i + 1),
    entries.length,
  );
  entries.forEach((entry, i) => {
    entry.id = ctx.ids.next('vita');
    entry.position = positions[i]!;
    if (ctx.random.chance(0.03)) entry.visible = false;
  });
  return entries;
}

function times<T>(count: number, make: () => T): T[] {
  return Array.from({ length: Math.max(0, count) }, make);
}

/** An unfinished project: no year, or a year ahead. */
function inDevelopment(ctx: VitaContext, entry: CreditEntry): CreditEntry {
  entry.in_development = true;
  entry.year_from = ctx.random.chance(0.5) ? null : ctx.year + ctx.random.int(0, 2);
  entry.year_to = null;
  return entry;
}

/** A production still: a picture of someone in the cast, whose look follows from the picture id. */
function stillUrl(ctx: VitaContext): string {
  const id = ctx.ids.next('picture');
  return pictureUrl(id, 'large', encodeLook(lookFromNumber(id)));
}

/**
 * Part sizes by kind of work, in the provider's keys: a series credit is a series part or a
 * part in an episode; films, plays and the rest have no episodes.
 */
const roleTypesOf = {
  feature: ['leading', 'featured_part', 'supporting', 'supporting', 'small_part', 'extra'],
  series: ['leading', 'recurring', 'recurring', 'supporting'],
  episode: ['episode_leading', 'episode_featured_part', 'episode_featured_part', 'episode_supporting', 'episode_supporting'],
} as const;

function credit(ctx: VitaContext, name: string, role: string | null, kind: keyof typeof roleTypesOf = 'feature'): CreditEntry {
  const { random, catalogues } = ctx;
  const year = careerYear(ctx);
  const entry: CreditEntry = {
    name,
    info: random.chance(0.3) ? wording[ctx.language].production(random.pick(text.producers)) : null,
    year_from: year,
    year_to: random.chance(0.8) ? year : Math.min(ctx.year, year + 1),
    in_development: false,
    role,
    role_type: random.pick(catalogues.preferred('role_types', roleTypesOf[kind])),
    distributor: random.chance(0.5) ? random.pick(text.distributors) : null,
    director: personName(random),
    producer: random.chance(0.6) ? random.pick(text.producers) : null,
    caster: random.chance(0.5) ? personName(random) : null,
    picture: random.chance(0.1) ? { url: stillUrl(ctx) } : { url: null },
  };
  return random.chance(0.05) ? inDevelopment(ctx, entry) : entry;
}

function filmCredit(ctx: VitaContext, role: string): CreditEntry {
  return credit(ctx, ctx.random.pick(pools(ctx).filmTitles), role);
}

/** Kinds of television work in the provider's keys (`series`), weighted: episodes belong to series. */
const episodicGenres = ['series', 'series', 'series', 'series', 'daily_soap', 'telenovela', 'sitcom', 'miniseries'] as const;
const singleGenres = ['tv_movie', 'tv_movie', 'series', 'miniseries', 'docudrama', 'show'] as const;

function televisionCredit(ctx: VitaContext, role: string): CreditEntry {
  const episodic = ctx.random.chance(0.7);
  const entry = credit(ctx, ctx.random.pick(pools(ctx).seriesTitles), role, episodic ? 'episode' : 'series');
  entry.episode_name = episodic && ctx.random.chance(0.85) ? ctx.random.pick(pools(ctx).episodeNames) : null;
  entry.type_genre = ctx.random.pick(ctx.catalogues.preferred('television_genres', episodic ? episodicGenres : singleGenres));
  entry.station = ctx.random.chance(0.85) ? ctx.random.pick(text.broadcasters) : null;
  entry.info = entry.station && ctx.random.chance(0.5) ? wording[ctx.language].broadcaster(entry.station) : entry.info;
  return entry;
}

function theatreCredit(ctx: VitaContext, role: string | null): CreditEntry {
  const { random, catalogues } = ctx;
  const play = random.pick(pools(ctx).plays);
  const entry = credit(ctx, play.title, role ?? random.pick(ctx.feminine ? play.female : play.male));
  entry.producer = null;
  entry.writer = play.writer;
  entry.info = random.chance(0.3) ? wording[ctx.language].directedBy(entry.director!) : null;
  entry.theater_name = random.pick(text.theatres);
  entry.theater_engagement_type = random.pick(catalogues.all('theater_engagement_types'));
  entry.type_genre = random.pick(pools(ctx).theatreGenres);
  entry.favorite = random.chance(0.1);
  entry.distributor = null;
  return entry;
}

function simpleCredit(ctx: VitaContext, titles: readonly string[], role: string | null): CreditEntry {
  const entry = credit(ctx, ctx.random.pick(titles), role);
  entry.distributor = null;
  entry.caster = null;
  return entry;
}

function award(ctx: VitaContext, credits: CreditEntry[]): AwardEntry {
  const year = careerYear(ctx);
  const forWork = credits.find((c) => c.year_from === year) ?? (credits.length > 0 ? ctx.random.pick(credits) : null);
  return {
    name: ctx.random.pick(text.awards),
    info: forWork ? flat(wording[ctx.language].awardFor(forWork.name)) : null,
    year_from: forWork?.year_from ?? year,
    year_to: forWork?.year_from ?? year,
    award_nominated: ctx.random.chance(0.6),
  };
}

/** Acting school (month/year precision mixed) or, for some, an autodidact entry. */
function primaryEducation(ctx: VitaContext, young: boolean): EducationEntry[] {
  const { random, catalogues } = ctx;
  if (young) {
    return random.chance(0.4) ? [{ ...wording[ctx.language].youthClub, autodidact: true }] : [];
  }
  if (random.chance(0.12)) {
    const words = wording[ctx.language];
    return [{ name: words.selfTaught(ctx.feminine), info: flat(words.privateLessons(personName(random))), autodidact: true }];
  }
  const end = Math.min(ctx.year, ctx.careerStart + random.int(0, 1));
  const yearOnly = random.chance(0.3);
  const entries: EducationEntry[] = [
    {
      name: random.pick(text.actingSchools),
      info: random.pick(wording[ctx.language].degrees),
      month_from: yearOnly ? null : random.pick([9, 10, 10, 4]),
      year_from: end - random.int(3, 4),
      month_to: yearOnly ? null : random.pick([6, 7, 7, 9]),
      year_to: end,
      qualification: random.pick(catalogues.all('qualifications')),
    },
  ];
  if (random.chance(0.08)) entries.push({ name: wording[ctx.language].selfTaught(ctx.feminine), info: wording[ctx.language].workshops, autodidact: true });
  return entries;
}

function training(ctx: VitaContext): EducationEntry {
  const { random, catalogues } = ctx;
  const year = careerYear(ctx);
  const precision = random.int(0, 2);
  return {
    name: random.pick(pools(ctx).trainings),
    info: random.chance(0.5) ? flat(wording[ctx.language].with(personName(random))) : null,
    month_from: precision === 0 ? null : random.int(1, 12),
    year_from: year,
    month_to: precision === 2 ? random.int(1, 12) : null,
    year_to: random.chance(0.15) ? null : year + (random.chance(0.7) ? 0 : 1),
    qualification: random.chance(0.2) ? random.pick(catalogues.all('qualifications')) : null,
  };
}

/** The vita of an actor; young actors have shorter ones. */
export function generateActorVita(ctx: VitaContext, young: boolean): ActorVita {
  const { random } = ctx;
  const careerYears = Math.max(1, ctx.year - ctx.careerStart);
  const scale = Math.min(1, careerYears / 12) * (young ? 0.4 : 1);
  const n = (max: number): number => random.int(0, Math.max(0, Math.round(max * scale)));
  const roles = pools(ctx).filmRoles;
  const role = (): string => random.pick(ctx.feminine ? roles.female : roles.male);
  const words = wording[ctx.language];
  const film = times(n(7), () => filmCredit(ctx, role()));
  const television = times(n(9), () => televisionCredit(ctx, role()));
  const theatre = times(young ? n(2) : random.chance(0.7) ? random.int(1, Math.max(1, Math.round(8 * scale))) : 0, () => theatreCredit(ctx, null));
  const credits = [...film, ...television, ...theatre];
  return {
    primary_education: finishGroup(ctx, primaryEducation(ctx, young)),
    education: finishGroup(ctx, times(random.int(0, 3), () => training(ctx))),
    award: finishGroup(ctx, random.chance(young ? 0.05 : 0.3) ? times(random.int(1, 3), () => award(ctx, credits)) : []),
    film: finishGroup(ctx, film),
    television: finishGroup(ctx, television),
    theatre: finishGroup(ctx, theatre),
    audio: finishGroup(ctx, times(n(3), () => simpleCredit(ctx, pools(ctx).audioTitles, random.chance(0.5) ? words.narrator(ctx.feminine) : role()))),
    other: finishGroup(ctx, times(random.chance(0.3) ? random.int(1, 2) : 0, () => simpleCredit(ctx, pools(ctx).otherTitles, null))),
    internet: finishGroup(ctx, times(random.chance(0.35) ? random.int(1, 2) : 0, () => simpleCredit(ctx, pools(ctx).internetTitles, role()))),
    commercial: finishGroup(ctx, times(random.chance(0.4) ? random.int(1, 3) : 0, () => simpleCredit(ctx, pools(ctx).commercialTitles, random.pick(words.commercialRoles)))),
  };
}

/** The vita of a crew member: film, television, theatre and award. */
export function generateCrewVita(ctx: VitaContext, professions: string[]): CrewVita {
  const { random } = ctx;
  const functions = wording[ctx.language].crewFunction;
  const job = (): string => functions[random.pick(professions)] ?? functions.regie!;
  const film = times(random.int(1, 8), () => filmCredit(ctx, job()));
  const television = times(random.int(0, 8), () => televisionCredit(ctx, job()));
  const theatre = professions.includes('dramaturg') || professions.includes('regie') ? times(random.int(0, 5), () => theatreCredit(ctx, job())) : [];
  return {
    film: finishGroup(ctx, film),
    television: finishGroup(ctx, television),
    theatre: finishGroup(ctx, theatre),
    award: finishGroup(ctx, random.chance(0.3) ? times(random.int(1, 2), () => award(ctx, [...film, ...television])) : []),
  };
}
