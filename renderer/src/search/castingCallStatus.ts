/**
 * Which roles of a casting call are still open, by the spec's rules for `current`: a role's own
 * deadline wins, a role without one inherits the call's, a role with no effective deadline stays
 * open; a call without roles is open while its own deadline has not passed. Hidden deadlines count
 * as any other (the views show no date for them). `cachedCallStatus` is the one rule the list's
 * "current calls only" filter and every shown open/closed status follow. Also the search a role's
 * criteria describe, so a casting director can browse every actor that could fit.
 */
import type { Role } from '../../../contract/directory-api.ts';
import type { CastingCallRow } from '../db/libraryDb.ts';
import { emptyQuery, type ProfileQuery } from './profileIndex.ts';

export interface RoleStatus {
  roleId: number;
  /** The role's own deadline, or the call's when it has none; null when neither has one. */
  deadline: string | null;
  /** The deadline is the call's. */
  inherited: boolean;
  open: boolean;
}

export interface CallStatus {
  /** Roles known (the call's detail is saved); null without them. */
  roles: number | null;
  openRoles: number | null;
  /** The soonest deadline of an open role (or the call's own when no roles are known); null when none lies ahead. */
  nextDeadline: string | null;
  open: boolean;
}

function notPassed(deadline: string | null, now: number): boolean {
  if (!deadline) return true;
  const time = Date.parse(deadline);
  return Number.isNaN(time) || time >= now;
}

export function roleStatus(role: Pick<Role, 'id' | 'deadline'>, callDeadline: string | null | undefined, now: number): RoleStatus {
  const own = role.deadline ?? null;
  const deadline = own ?? callDeadline ?? null;
  return { roleId: role.id, deadline, inherited: !own && deadline !== null, open: notPassed(deadline, now) };
}

export function callStatus(call: { deadline?: string | null }, roles: readonly Pick<Role, 'id' | 'deadline'>[], now: number): CallStatus {
  const callDeadline = call.deadline ?? null;
  if (roles.length === 0) {
    const open = notPassed(callDeadline, now);
    return { roles: 0, openRoles: 0, nextDeadline: open ? callDeadline : null, open };
  }
  const open = roles.map((role) => roleStatus(role, callDeadline, now)).filter((status) => status.open);
  const ahead = open.map((status) => status.deadline).filter((deadline): deadline is string => deadline !== null && !Number.isNaN(Date.parse(deadline)));
  ahead.sort((a, b) => Date.parse(a) - Date.parse(b));
  return { roles: roles.length, openRoles: open.length, nextDeadline: ahead[0] ?? null, open: open.length > 0 };
}

/**
 * Whether a saved call still takes applications, and until when: one rule for the "current calls
 * only" filter and the open/closed status beside each call, so the two never disagree. With its
 * roles saved, they decide at `now` (a deadline that passed since the last sync closes the call at
 * once). Without them, the call's own deadline cannot decide (an expired call with an open role is
 * current, rule 4; a future call whose roles all expired is not, rule 5), so the directory's
 * `current` flag from the last sync does; the call's deadline is named only while it lies ahead.
 */
export function cachedCallStatus(row: Pick<CastingCallRow, 'item' | 'detail' | 'current'>, now: number): CallStatus {
  const callDeadline = row.item.deadline ?? row.detail?.deadline ?? null;
  if (row.detail) return callStatus({ deadline: callDeadline }, row.detail.roles, now);
  const ahead = callDeadline !== null && notPassed(callDeadline, now) ? callDeadline : null;
  return { roles: null, openRoles: null, nextDeadline: row.current ? ahead : null, open: row.current };
}

/** Legacy m/f in a role's genders stand for these gender values. */
const legacyGenders: Record<string, string[]> = { m: ['male', 'transgender_male'], f: ['female', 'transgender_female'] };

/**
 * The actor search a role's criteria describe: its genders, acting age range and languages with
 * their least levels. Ethnic background is left out on purpose: it narrows a role, it is no filter
 * a casting director browses by.
 */
export function roleSearchQuery(role: Pick<Role, 'gender' | 'acting_age_from' | 'acting_age_to' | 'languages'>): ProfileQuery {
  const query = emptyQuery();
  const genders = [...new Set((role.gender ?? []).map((gender) => gender.trim().toLowerCase()).flatMap((gender) => legacyGenders[gender] ?? (gender ? [gender] : [])))];
  if (genders.length > 0) query.facets.gender = genders;
  query.actingAgeMin = typeof role.acting_age_from === 'number' ? role.acting_age_from : null;
  query.actingAgeMax = typeof role.acting_age_to === 'number' ? role.acting_age_to : null;
  // Best fit first: the acting age nearest the role's, not the alphabet.
  if (query.actingAgeMin !== null || query.actingAgeMax !== null) query.sort = 'fit';
  const languages = Object.entries(role.languages ?? {}).filter(([code]) => /^[a-z]{3}$/.test(code));
  if (languages.length > 0) {
    query.facets.language = languages.map(([code]) => code);
    for (const [code, level] of languages) if (level) query.languageMinLevels[code] = level;
  }
  return query;
}
