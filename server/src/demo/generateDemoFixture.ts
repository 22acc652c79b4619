/**
 * The demo directory's data: `npm run directory -- --demo` loads what this produces through the
 * same fixture loader as any hand-written fixture. Deterministic: the same options give the same
 * fixture, and `now` anchors every date so the demo stays current whenever it is generated.
 */
import type { Fixture, FixtureActor, FixtureAgency, FixtureCrew } from '../fixture/schema.ts';
import { actorVocabulary, generateActorProfile } from './actorProfile.ts';
import { generateAgencies, toFixtureAgency } from './agencies.ts';
import { generateApiKeys, ProfileTally } from './apiKeys.ts';
import { generateCastingCalls } from './castingCalls.ts';
import { generateCrewProfile } from './crewProfile.ts';
import { DemoCatalogues } from './demoCatalogues.ts';
import { IdSequence } from './idSequence.ts';
import { Random } from './random.ts';

export interface DemoOptions {
  actors: number;
  crew: number;
  castingCalls: number;
  seed: number;
  now: Date;
}

/**
 * Marks about 1.5 % of the profiles merged into an earlier active profile and about 1 % deleted,
 * one profile at a time in id order. The first profile always stays active, so merges always
 * have a target.
 */
class StatusAssigner {
  private readonly random: Random;
  private readonly active: number[] = [];

  constructor(seed: number, kind: string) {
    this.random = new Random(seed, 'status', kind);
  }

  assign(profile: FixtureActor | FixtureCrew): void {
    const roll = this.random.next();
    if (this.active.length > 0 && roll < 0.015) profile.status = { merged_into: this.random.pick(this.active) };
    else if (this.active.length > 0 && roll < 0.025) profile.status = 'deleted';
    else this.active.push(profile.id);
  }
}

function assertCount(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0) throw new Error(`generateDemoFixture: ${name} must be a whole number ≥ 0, not ${value}`);
}

export interface DemoStream {
  agencies: FixtureAgency[];
  /** Read once. */
  actorProfiles: Iterable<FixtureActor>;
  /** The rest, once every actor profile has been read. */
  remainder(): Pick<Fixture, 'api_keys' | 'crew_profiles' | 'casting_calls'>;
}

/**
 * The demo as it is generated: actor profiles one at a time (a
 * 50,000-actor demo never sits in memory as a whole), then crew, casting calls and the API keys,
 * whose descriptions count the profiles. Every id comes from one sequence, so the parts are
 * produced in this order only.
 */
export function streamDemoFixture(options: DemoOptions): DemoStream {
  assertCount('actors', options.actors);
  assertCount('crew', options.crew);
  assertCount('castingCalls', options.castingCalls);
  assertCount('seed', options.seed);
  if (Number.isNaN(options.now.getTime())) throw new Error('generateDemoFixture: now is not a valid date');
  const { seed, now } = options;
  const catalogues = new DemoCatalogues();
  const ids = new IdSequence({ picture: 100_001, showreel: 10_001, showreel_medium: 50_001, vita: 1, casting_call: 501, role: 701 });
  const agencies = generateAgencies(seed, catalogues);
  const tally = new ProfileTally();
  let actorsDone = false;

  function* actorProfiles(): Generator<FixtureActor> {
    const context = { seed, now, vocabulary: actorVocabulary(catalogues), agencies, ids };
    const statuses = new StatusAssigner(seed, 'actor');
    for (let i = 0; i < options.actors; i++) {
      const actor = generateActorProfile(context, i, i + 1);
      statuses.assign(actor);
      tally.countActor(actor);
      yield actor;
    }
    actorsDone = true;
  }

  return {
    agencies: agencies.map(toFixtureAgency),
    actorProfiles: actorProfiles(),
    remainder() {
      if (!actorsDone) throw new Error('streamDemoFixture: read every actor profile before the rest');
      const crewContext = { seed, now, catalogues, agencies, ids };
      const statuses = new StatusAssigner(seed, 'crew');
      const crew: FixtureCrew[] = new Array(options.crew);
      for (let i = 0; i < options.crew; i++) {
        crew[i] = generateCrewProfile(crewContext, i, i + 1);
        statuses.assign(crew[i]!);
        tally.countCrew(crew[i]!);
      }
      const { castingCalls, invitedRoleIds } = generateCastingCalls({ seed, now, catalogues, ids }, options.castingCalls);
      return { api_keys: generateApiKeys(seed, agencies, tally, invitedRoleIds), crew_profiles: crew, casting_calls: castingCalls };
    },
  };
}

/** Generates agencies, API keys, actor and crew profiles and casting calls (see the module doc). */
export function generateDemoFixture(options: DemoOptions): Fixture {
  const source = streamDemoFixture(options);
  const actors = [...source.actorProfiles];
  const { api_keys, crew_profiles, casting_calls } = source.remainder();
  return { agencies: source.agencies, api_keys, actor_profiles: actors, crew_profiles, casting_calls };
}
