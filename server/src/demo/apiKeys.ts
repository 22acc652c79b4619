/**
 * Demo API keys: one per agency (its own profiles and all public casting calls) and one for a
 * casting professional (every agency, all public calls, invited to some private roles). The
 * generator derives them from the seed, so a fixture stays a pure function of its options; a demo
 * directory replaces their secrets with random ones when it creates its data (withRandomSecrets),
 * so no two installations share a key (issue 10).
 */
import { randomBytes } from 'node:crypto';
import type { FixtureActor, FixtureApiKey, FixtureCrew } from '../fixture/schema.ts';
import type { DemoAgency } from './agencies.ts';
import { Random } from './random.ts';

const isActive = (p: FixtureActor | FixtureCrew): boolean => p.status === undefined || p.status === 'active';

/**
 * The profile counts the key descriptions give, taken one profile at a time as the demo is
 * generated: active profiles a key sees, i.e. actors with any connection (primary or secondary)
 * to an agency, crew whose talent_agency_id is the agency.
 */
export class ProfileTally {
  readonly actorsByAgency = new Map<number, number>();
  readonly crewByAgency = new Map<number, number>();
  activeActors = 0;
  activeCrew = 0;

  countActor(actor: FixtureActor): void {
    if (!isActive(actor)) return;
    this.activeActors++;
    for (const agencyId of new Set(actor.talent_agency_connections.map((c) => c.talent_agency_id))) {
      this.actorsByAgency.set(agencyId, (this.actorsByAgency.get(agencyId) ?? 0) + 1);
    }
  }

  countCrew(member: FixtureCrew): void {
    if (!isActive(member)) return;
    this.activeCrew++;
    this.crewByAgency.set(member.talent_agency_id, (this.crewByAgency.get(member.talent_agency_id) ?? 0) + 1);
  }
}

export function generateApiKeys(seed: number, agencies: DemoAgency[], tally: ProfileTally, invitedRoleIds: number[]): FixtureApiKey[] {
  const random = new Random(seed, 'api_keys');
  const agencyKeys: FixtureApiKey[] = agencies.map((agency) => ({
    key: `demo-agency-${agency.id}-${random.hex(16)}`,
    description: `${agency.name} (agency): its ${tally.actorsByAgency.get(agency.id) ?? 0} actors and ${tally.crewByAgency.get(agency.id) ?? 0} crew, all public casting calls`,
    agency_ids: [agency.id],
    casting_calls: 'public',
    invited_role_ids: [],
  }));
  const professional: FixtureApiKey = {
    key: `demo-casting-pro-${random.hex(16)}`,
    description:
      `Casting professional: all ${agencies.length} agencies (${tally.activeActors} actors and ${tally.activeCrew} crew), ` +
      `all public casting calls, invited to ${invitedRoleIds.length} roles of private casting calls`,
    agency_ids: agencies.map((a) => a.id),
    casting_calls: 'public',
    invited_role_ids: invitedRoleIds,
  };
  return [...agencyKeys, professional];
}

/** A generated key's readable name: everything before its final `-<hex secret>`. */
const keyName = (key: string): string => key.replace(/-[0-9a-f]+$/, '');

/**
 * The same keys with 128 random bits each as their secret, names kept (`demo-casting-pro-…` is
 * how the app's demo launcher and the CLI's readers find the casting professional's key).
 */
export function withRandomSecrets(keys: readonly FixtureApiKey[]): FixtureApiKey[] {
  return keys.map((entry) => ({ ...entry, key: `${keyName(entry.key)}-${randomBytes(16).toString('hex')}` }));
}
