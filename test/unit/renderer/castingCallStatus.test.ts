/** Open roles, effective deadlines and the search a role describes, by the spec's rules for `current`. */
import { describe, expect, it } from 'vitest';
import { cachedCallStatus, callStatus, roleSearchQuery, roleStatus } from '../../../renderer/src/search/castingCallStatus.ts';
import { queryFromRoute, routeFromQuery } from '../../../renderer/src/search/profileQueryUrl.ts';

const now = Date.parse('2026-11-25T12:00:00Z');
const past = '2026-10-01T12:00:00Z';
const soon = '2026-12-01T12:00:00Z';
const later = '2027-01-15T12:00:00Z';

describe('role and call status', () => {
  it("takes a role's own deadline first, the call's otherwise, and keeps a role without any open", () => {
    expect(roleStatus({ id: 1, deadline: past }, later, now)).toEqual({ roleId: 1, deadline: past, inherited: false, open: false });
    expect(roleStatus({ id: 2, deadline: null }, soon, now)).toEqual({ roleId: 2, deadline: soon, inherited: true, open: true });
    expect(roleStatus({ id: 3, deadline: null }, null, now)).toEqual({ roleId: 3, deadline: null, inherited: false, open: true });
  });

  it('counts open roles and names the soonest deadline ahead: an expired call with an open role is open', () => {
    const roles = [
      { id: 1, deadline: past },
      { id: 2, deadline: later },
      { id: 3, deadline: soon },
    ];
    expect(callStatus({ deadline: past }, roles, now)).toEqual({ roles: 3, openRoles: 2, nextDeadline: soon, open: true });
    // A future call deadline does not open a call whose roles have all passed.
    expect(callStatus({ deadline: later }, [{ id: 1, deadline: past }], now)).toEqual({ roles: 1, openRoles: 0, nextDeadline: null, open: false });
    // Without any role, the call's own deadline decides (rule 3).
    expect(callStatus({ deadline: soon }, [], now)).toEqual({ roles: 0, openRoles: 0, nextDeadline: soon, open: true });
    expect(callStatus({ deadline: past }, [], now).open).toBe(false);
    // A role inheriting the call's deadline counts with it.
    expect(callStatus({ deadline: soon }, [{ id: 1, deadline: null }], now)).toEqual({ roles: 1, openRoles: 1, nextDeadline: soon, open: true });
  });
});

describe('a saved call: one rule for "current" and the status it shows (issue 22, walk N3)', () => {
  const item = (deadline: string | null) => ({ id: 7, name: 'Twelfth Night', deadline });

  it('follows the directory\'s current flag while the roles are not saved: the call\'s own deadline cannot close a call with an open role', () => {
    // Listed by current=true with its own deadline passed (rule 4): open, no date known ahead.
    expect(cachedCallStatus({ item: item(past), current: true }, now)).toEqual({ roles: null, openRoles: null, nextDeadline: null, open: true });
    expect(cachedCallStatus({ item: item(soon), current: true }, now)).toEqual({ roles: null, openRoles: null, nextDeadline: soon, open: true });
    // Not listed as current though its own deadline lies ahead (rule 5): closed.
    expect(cachedCallStatus({ item: item(later), current: false }, now).open).toBe(false);
  });

  it('lets the saved roles decide at the present time: a role deadline passed since the last sync closes the call', () => {
    const detail = { id: 7, name: 'Twelfth Night', visibility: 'public' as const, casting_type: 'breakdown', roles: [{ id: 1, name: 'Viola', deadline: past }] };
    expect(cachedCallStatus({ item: item(later), current: true, detail }, now)).toEqual({ roles: 1, openRoles: 0, nextDeadline: null, open: false });
    expect(cachedCallStatus({ item: item(past), current: false, detail: { ...detail, roles: [{ id: 1, name: 'Viola', deadline: soon }] } }, now).open).toBe(true);
  });
});

describe('the search a role describes', () => {
  it('has its genders (legacy m/f spelt out), acting age and languages with least levels, and survives the URL', () => {
    const query = roleSearchQuery({ gender: ['f', 'non_binary'], acting_age_from: 25, acting_age_to: 35, languages: { eng: 'fliessend', deu: '' } });
    expect(query.facets.gender).toEqual(['female', 'transgender_female', 'non_binary']);
    expect([query.actingAgeMin, query.actingAgeMax]).toEqual([25, 35]);
    expect(query.facets.language).toEqual(['eng', 'deu']);
    expect(query.languageMinLevels).toEqual({ eng: 'fliessend' });
    // Best fit first (issue 22, item 13), kept through the URL.
    expect(query.sort).toBe('fit');
    expect(queryFromRoute(routeFromQuery(query))).toEqual(query);
  });

  it('is the empty search for a role without criteria', () => {
    const query = roleSearchQuery({ gender: [], acting_age_from: undefined as unknown as number, acting_age_to: undefined as unknown as number, languages: {} });
    expect(query.facets).toEqual({});
    expect([query.actingAgeMin, query.actingAgeMax]).toEqual([null, null]);
    expect(query.sort).toBe('name');
  });
});
