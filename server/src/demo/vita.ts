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
}

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
const productionInfos = text.producers.map((p) => `Produktion: ${p}`);
const broadcasterInfos = text.broadcasters.map((b) => `Sender: ${b}`);

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

function credit(ctx: VitaContext, name: string, role: string | null): CreditEntry {
  const { random, catalogues } = ctx;
  const year = careerYear(ctx);
  const entry: CreditEntry = {
    name,
    info: random.chance(0.3) ? random.pick(productionInfos) : null,
    year_from: year,
    year_to: random.chance(0.8) ? year : Math.min(ctx.year, year + 1),
    in_development: false,
    role,
    role_type: random.pick(catalogues.all('role_types')),
    distributor: random.chance(0.5) ? random.pick(text.distributors) : null,
    director: personName(random),
    producer: random.chance(0.6) ? random.pick(text.producers) : null,
    caster: random.chance(0.5) ? personName(random) : null,
    picture: random.chance(0.1) ? { url: stillUrl(ctx) } : { url: null },
  };
  return random.chance(0.05) ? inDevelopment(ctx, entry) : entry;
}

function filmCredit(ctx: VitaContext, role: string): CreditEntry {
  return credit(ctx, ctx.random.pick(text.filmTitles), role);
}

function televisionCredit(ctx: VitaContext, role: string): CreditEntry {
  const entry = credit(ctx, ctx.random.pick(text.seriesTitles), role);
  entry.episode_name = ctx.random.chance(0.6) ? ctx.random.pick(text.episodeNames) : null;
  entry.type_genre = ctx.random.pick(text.tvGenres);
  entry.info = ctx.random.chance(0.5) ? ctx.random.pick(broadcasterInfos) : entry.info;
  return entry;
}

function theatreCredit(ctx: VitaContext, role: string | null): CreditEntry {
  const { random, catalogues } = ctx;
  const play = random.pick(text.plays);
  const entry = credit(ctx, play.title, role ?? random.pick(ctx.feminine ? play.female : play.male));
  entry.producer = null;
  entry.writer = play.writer;
  entry.info = random.chance(0.3) ? `Regie: ${entry.director}` : null;
  entry.theater_name = random.pick(text.theatres);
  entry.theater_engagement_type = random.pick(catalogues.all('theater_engagement_types'));
  entry.type_genre = random.pick(text.theatreGenres);
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
    info: forWork ? flat(`für „${forWork.name}“`) : null,
    year_from: forWork?.year_from ?? year,
    year_to: forWork?.year_from ?? year,
    award_nominated: ctx.random.chance(0.6),
  };
}

/** Acting school (month/year precision mixed) or, for some, an autodidact entry. */
function primaryEducation(ctx: VitaContext, young: boolean): EducationEntry[] {
  const { random, catalogues } = ctx;
  if (young) {
    return random.chance(0.4)
      ? [{ name: 'Jugendtheaterclub', info: 'Schauspielunterricht für Kinder und Jugendliche', autodidact: true }]
      : [];
  }
  if (random.chance(0.12)) {
    return [{ name: random.pick(['Autodidakt', 'Autodidaktin', 'Self-taught']), info: flat(`Privater Schauspielunterricht bei ${personName(random)}`), autodidact: true }];
  }
  const end = Math.min(ctx.year, ctx.careerStart + random.int(0, 1));
  const yearOnly = random.chance(0.3);
  const entries: EducationEntry[] = [
    {
      name: random.pick(text.actingSchools),
      info: random.pick(['Studiengang Schauspiel', 'Schauspiel (Diplom)', 'Bachelor of Arts Schauspiel', null]),
      month_from: yearOnly ? null : random.pick([9, 10, 10, 4]),
      year_from: end - random.int(3, 4),
      month_to: yearOnly ? null : random.pick([6, 7, 7, 9]),
      year_to: end,
      qualification: random.pick(catalogues.all('qualifications')),
    },
  ];
  if (random.chance(0.08)) entries.push({ name: 'Self-taught', info: 'Weiterbildung durch Workshops', autodidact: true });
  return entries;
}

function training(ctx: VitaContext): EducationEntry {
  const { random, catalogues } = ctx;
  const year = careerYear(ctx);
  const precision = random.int(0, 2);
  return {
    name: random.pick(text.trainings),
    info: random.chance(0.5) ? flat(`bei ${personName(random)}`) : null,
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
  const role = (): string => random.pick(ctx.feminine ? text.filmRoles.female : text.filmRoles.male);
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
    audio: finishGroup(ctx, times(n(3), () => simpleCredit(ctx, text.audioTitles, random.chance(0.5) ? 'Sprecher/in' : role()))),
    other: finishGroup(ctx, times(random.chance(0.3) ? random.int(1, 2) : 0, () => simpleCredit(ctx, text.otherTitles, null))),
    internet: finishGroup(ctx, times(random.chance(0.35) ? random.int(1, 2) : 0, () => simpleCredit(ctx, text.internetTitles, role()))),
    commercial: finishGroup(ctx, times(random.chance(0.4) ? random.int(1, 3) : 0, () => simpleCredit(ctx, text.commercialTitles, random.pick(['Hauptrolle', 'Mutter', 'Vater', 'Kundin', 'Sportler'])))),
  };
}

const crewFunction: Record<string, string> = {
  regie: 'Regie',
  autor: 'Drehbuch',
  kamera: 'Kamera',
  komponist: 'Filmmusik',
  dramaturg: 'Dramaturgie',
  schnitt: 'Schnitt',
};

/** The vita of a crew member: film, television, theatre and award. */
export function generateCrewVita(ctx: VitaContext, professions: string[]): CrewVita {
  const { random } = ctx;
  const job = (): string => crewFunction[random.pick(professions)] ?? 'Regie';
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
