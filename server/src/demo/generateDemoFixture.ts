/**
 * The demo directory's data: `npm run directory -- --demo` loads what this returns through the
 * same fixture loader as any hand-written fixture. Deterministic: the same options give the same
 * fixture, and `now` anchors every date so the demo stays current whenever it is generated.
 */
import type { Fixture, FixtureActor, FixtureCrew } from '../fixture/schema.ts';
import { actorVocabulary, generateActorProfile } from './actorProfile.ts';
import { generateAgencies, toFixtureAgency } from './agencies.ts';
import { generateApiKeys } from './apiKeys.ts';
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
 * Marks about 1.5 % of the profiles merged into an earlier active profile and about 1 % deleted.
 * The first profile always stays active, so merges always have a target.
 */
function assignStatuses<P extends FixtureActor | FixtureCrew>(seed: number, kind: string, profiles: P[]): void {
  const random = new Random(seed, 'status', kind);
  const active: number[] = [];
  for (const profile of profiles) {
    const roll = random.next();
    if (active.length > 0 && roll < 0.015) profile.status = { merged_into: random.pick(active) };
    else if (active.length > 0 && roll < 0.025) profile.status = 'deleted';
    else active.push(profile.id);
  }
}

function assertCount(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0) throw new Error(`generateDemoFixture: ${name} must be a whole number ≥ 0, not ${value}`);
}

/** Generates agencies, API keys, actor and crew profiles and casting calls (see the module doc). */
export function generateDemoFixture(options: DemoOptions): Fixture {
  assertCount('actors', options.actors);
  assertCount('crew', options.crew);
  assertCount('castingCalls', options.castingCalls);
  assertCount('seed', options.seed);
  if (Number.isNaN(options.now.getTime())) throw new Error('generateDemoFixture: now is not a valid date');
  const { seed, now } = options;
  const catalogues = new DemoCatalogues();
  const ids = new IdSequence({ picture: 100_001, showreel: 10_001, showreel_medium: 50_001, vita: 1, casting_call: 501, role: 701 });
  const agencies = generateAgencies(seed, catalogues);

  const actorContext = { seed, now, vocabulary: actorVocabulary(catalogues), agencies, ids };
  const actors: FixtureActor[] = new Array(options.actors);
  for (let i = 0; i < options.actors; i++) actors[i] = generateActorProfile(actorContext, i, i + 1);
  assignStatuses(seed, 'actor', actors);

  const crewContext = { seed, now, catalogues, agencies, ids };
  const crew: FixtureCrew[] = new Array(options.crew);
  for (let i = 0; i < options.crew; i++) crew[i] = generateCrewProfile(crewContext, i, i + 1);
  assignStatuses(seed, 'crew', crew);

  const { castingCalls, invitedRoleIds } = generateCastingCalls({ seed, now, catalogues, ids }, options.castingCalls);

  return {
    agencies: agencies.map(toFixtureAgency),
    api_keys: generateApiKeys(seed, agencies, actors, crew, invitedRoleIds),
    actor_profiles: actors,
    crew_profiles: crew,
    casting_calls: castingCalls,
  };
}
