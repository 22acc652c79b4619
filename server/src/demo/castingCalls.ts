/**
 * Demo casting calls. The first calls cover every case of the `current` rules (spec: Endpoints,
 * casting_calls): open roles, an expired call with an open role, a future call whose active roles
 * all expired, calls without roles, private calls with invited and uninvited roles, roles that
 * inherit the call's deadline, inactive and deleted roles. The rest are a realistic mix: about two
 * in three still open, roles with their own earlier deadlines, inherited ones and closed ones. Each
 * call is written in one language, and its kind of production decides format, title and casting type.
 */
import type { FixtureCastingCall, FixtureRole } from '../fixture/schema.ts';
import { cities } from './cities.ts';
import { daysFrom, formatDatetime } from './datetime.ts';
import type { DemoCatalogues } from './demoCatalogues.ts';
import type { IdSequence } from './idSequence.ts';
import { Random } from './random.ts';
import { contractTypeInfos, productionKinds, roleTemplates, type CallLanguage } from './castingCallTexts.ts';

export const castingCallScenarios = [
  'open',
  'expired_call_with_open_role',
  'future_call_with_all_roles_expired',
  'no_roles_open',
  'no_roles_expired',
  'private_invited_open',
  'private_invited_expired',
  'roles_inherit_deadline',
  'no_deadline',
] as const;
type Scenario = (typeof castingCallScenarios)[number] | 'mixed';

/** How a role's deadline relates to now: its own future or past deadline, or none (inherits). */
type RoleDeadline = 'future' | 'past' | 'inherit';
interface RolePlan {
  deadline: RoleDeadline;
  active?: boolean;
  deleted?: boolean;
  invited?: boolean;
}

const castingDirectors = [
  { id: 3101, name: 'Anja Brenner' },
  { id: 3102, name: 'Marco Vitale' },
  { id: 3103, name: 'Simone Bär' },
  { id: 3104, name: 'Emre Kaya' },
  { id: 3105, name: 'Ruth Lindqvist' },
  { id: 3106, name: 'Heike Gödecke' },
  { id: 3107, name: 'Jakob Wiesinger' },
  { id: 3108, name: 'Dagmar Schöne' },
];

export interface CastingCallContext {
  seed: number;
  now: Date;
  catalogues: DemoCatalogues;
  ids: IdSequence;
}

export interface DemoCastingCalls {
  castingCalls: FixtureCastingCall[];
  /** Roles of private calls the casting professional key is invited to. */
  invitedRoleIds: number[];
}

function plans(random: Random, scenario: Scenario): { callDays: number | null; privateCall: boolean; roles: RolePlan[] } {
  switch (scenario) {
    case 'open':
      return { callDays: 30, privateCall: false, roles: [{ deadline: 'future' }, { deadline: 'inherit' }, { deadline: 'past' }, { deadline: 'future', active: false }, { deadline: 'future', deleted: true }] };
    case 'expired_call_with_open_role':
      return { callDays: -10, privateCall: false, roles: [{ deadline: 'future' }, { deadline: 'past' }, { deadline: 'inherit' }] };
    case 'future_call_with_all_roles_expired':
      return { callDays: 25, privateCall: false, roles: [{ deadline: 'past' }, { deadline: 'past' }, { deadline: 'future', active: false }, { deadline: 'inherit', deleted: true }] };
    case 'no_roles_open':
      return { callDays: 20, privateCall: false, roles: [] };
    case 'no_roles_expired':
      return { callDays: -45, privateCall: false, roles: [] };
    case 'private_invited_open':
      return { callDays: 21, privateCall: true, roles: [{ deadline: 'future', invited: true }, { deadline: 'inherit' }] };
    case 'private_invited_expired':
      return { callDays: 21, privateCall: true, roles: [{ deadline: 'past', invited: true }, { deadline: 'future' }] };
    case 'roles_inherit_deadline':
      return { callDays: 14, privateCall: false, roles: [{ deadline: 'inherit' }, { deadline: 'inherit' }] };
    case 'no_deadline':
      return { callDays: null, privateCall: false, roles: [{ deadline: 'inherit' }] };
    case 'mixed': {
      const privateCall = random.chance(0.2);
      const callDays = random.chance(0.05) ? null : random.chance(0.7) ? random.int(3, 75) : -random.int(1, 200);
      const roles = Array.from({ length: random.int(1, 6) }, (): RolePlan => ({
        deadline: random.weighted<RoleDeadline>({ inherit: 45, future: callDays !== null && callDays < 0 ? 10 : 35, past: callDays !== null && callDays < 0 ? 45 : 20 }),
        ...(random.chance(0.1) ? { active: false } : {}),
        ...(random.chance(0.05) ? { deleted: true } : {}),
        ...(privateCall && random.chance(0.5) ? { invited: true } : {}),
      }));
      return { callDays, privateCall, roles };
    }
  }
}

/** Mostly German, often with English, sometimes another language the role needs. */
function roleLanguages(random: Random, catalogues: DemoCatalogues): Record<string, string> {
  const languages: Record<string, string> = {};
  const add = (language: string, level: string): void => {
    if (catalogues.has('languages', language)) languages[language] = catalogues.keyOr('language_levels', level);
  };
  if (random.chance(0.85)) add('deu', random.chance(0.6) ? 'muttersprachlich' : 'fliessend');
  if (random.chance(0.35)) add('eng', random.pick(['fliessend', 'gut', 'muttersprachlich']));
  if (random.chance(0.12)) add(random.pick(['fra', 'tur', 'pol', 'ita', 'ukr', 'ara', 'rus']), random.pick(['muttersprachlich', 'fliessend', 'grundkenntnisse']));
  return languages;
}

function numericKeys(catalogues: DemoCatalogues, name: 'ethnic_backgrounds' | 'contract_types'): number[] {
  return catalogues.all(name).filter((key) => /^\d+$/.test(key)).map(Number);
}

/** A deadline `days` from now, on a full hour as casting offices set them. */
function deadlineIn(now: Date, days: number, random: Random): Date {
  const day = daysFrom(now, days);
  day.setUTCHours(random.pick([9, 11, 16, 22]), random.pick([0, 0, 30, 59]), 0, 0);
  return day;
}

const kindWeights = productionKinds.map((kind) => kind.weight);

/** Generates the casting calls and notes which private roles the casting professional is invited to. */
export function generateCastingCalls(ctx: CastingCallContext, count: number): DemoCastingCalls {
  const { catalogues, now, ids } = ctx;
  const ethnicIds = numericKeys(catalogues, 'ethnic_backgrounds');
  const contractTypeIds = numericKeys(catalogues, 'contract_types');
  const genderNew = new Set(catalogues.all('gender_new'));
  const castingTypes = catalogues.all('casting_types');
  const regions = catalogues.preferred('regions', ['dach', 'germany', 'austria', 'switzerland', 'europe', 'worldwide']);
  const invitedRoleIds: number[] = [];
  const castingCalls: FixtureCastingCall[] = [];

  for (let index = 0; index < count; index++) {
    const random = new Random(ctx.seed, 'casting_call', index);
    const id = ids.next('casting_call');
    const scenario: Scenario = castingCallScenarios[index] ?? 'mixed';
    const plan = plans(random, scenario);
    const deadline = plan.callDays === null ? null : deadlineIn(now, plan.callDays, random);
    const createdAt = daysFrom(deadline ?? now, -random.int(10, 90));
    const created = createdAt.getTime() > now.getTime() ? daysFrom(now, -random.int(1, 10)) : createdAt;
    const updated = new Date(Math.min(now.getTime(), daysFrom(created, random.int(0, 10)).getTime()));
    const language: CallLanguage = random.chance(0.8) ? 'de' : 'en';
    const kind = productionKinds[random.count(kindWeights)]!;
    const title = random.pick(kind.titles[language]);
    const fittingTypes = kind.castingTypes.filter((type) => castingTypes.includes(type));

    const roles: FixtureRole[] = plan.roles.map((rolePlan) => {
      const roleId = ids.next('role');
      if (rolePlan.invited) invitedRoleIds.push(roleId);
      const template = random.pick(roleTemplates);
      const from = Math.max(6, template.ages[0] + random.int(-2, 2));
      // An open role closes before its call does, when the call closes at all in the future.
      const latestOpen = plan.callDays !== null && plan.callDays > 2 ? plan.callDays : 60;
      const roleDeadline =
        rolePlan.deadline === 'inherit'
          ? null
          : rolePlan.deadline === 'future'
            ? deadlineIn(now, random.int(1, latestOpen), random)
            : deadlineIn(now, -random.int(1, 90), random);
      const role: FixtureRole = {
        id: roleId,
        name: template.name[language],
        description: template.description[language],
        contract_type: contractTypeIds.length > 0 && random.chance(0.7) ? random.pick(contractTypeIds) : null,
        contract_type_info: random.chance(0.4) ? random.pick(contractTypeInfos[language]) : null,
        deadline: roleDeadline ? formatDatetime(roleDeadline) : null,
        gender: template.gender.filter((g) => genderNew.has(g)),
        acting_age_from: from,
        acting_age_to: Math.max(from + 2, template.ages[1] + random.int(-2, 2)),
        languages: roleLanguages(random, catalogues),
        ethnic_background: random.chance(0.25) ? random.sample(ethnicIds, random.int(1, 2)) : [],
        ethnic_background_details: random.chance(0.1) ? random.sample(catalogues.all('ethnic_background_details'), 1) : [],
        created_at: formatDatetime(created),
        updated_at: formatDatetime(updated),
      };
      if (rolePlan.active === false) role.active = false;
      if (rolePlan.deleted) role.deleted = true;
      return role;
    });

    const locations = random.sample(cities.filter((c) => c.weight >= 2), random.int(1, 2));
    castingCalls.push({
      id,
      name: kind.titleNamesKind || random.chance(0.5) ? title : `${title} (${kind.label[language]})`,
      description: random.pick(kind.descriptions[language]),
      deadline: deadline ? formatDatetime(deadline) : null,
      visibility: plan.privateCall ? 'private' : 'public',
      deadline_visible: scenario === 'roles_inherit_deadline' ? false : random.chance(0.8),
      production_format: catalogues.has('production_formats', kind.format) ? kind.format : null,
      casting_type: random.pick(fittingTypes.length > 0 ? fittingTypes : castingTypes),
      production_id: 100 + index * 3 + random.int(0, 2),
      working_permits: random.sample(catalogues.all('working_permits'), random.count([60, 35, 5])),
      regions: random.sample(regions, random.int(1, 2)),
      casting_director: random.pick(castingDirectors),
      production_locations: locations.map((c) => ({ name: c.name, country: c.country, longitude: c.longitude, latitude: c.latitude })),
      service_url: `https://directory.example/casting_calls/${id}`,
      created_at: formatDatetime(created),
      updated_at: formatDatetime(updated),
      roles,
    });
  }
  return { castingCalls, invitedRoleIds };
}
