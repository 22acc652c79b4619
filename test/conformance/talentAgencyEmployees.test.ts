/**
 * An agency's employees are its own (issue 23, item 11): in the demo directory every representative
 * works for the profile's primary agency, and a profile is also listed by its secondary agencies;
 * their representatives must not appear among a secondary agency's employees (they once appeared
 * under every agency). The service runs on PGlite with demo data generated here, so the test knows
 * each agency's own employees from the agency records it loaded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoFixture } from '../../server/src/demo/generateDemoFixture.ts';
import type { Fixture } from '../../server/src/fixture/schema.ts';
import { expectOk } from './support/http.ts';
import { FIXED_NOW, START_TIMEOUT, startFixtureService, type FixtureService } from './support/service.ts';

let service: FixtureService;
let fixture: Fixture;

beforeAll(async () => {
  fixture = generateDemoFixture({ actors: 120, crew: 10, castingCalls: 2, seed: 7, now: FIXED_NOW });
  service = await startFixtureService('directory.json', { fixture: fixture as never });
}, START_TIMEOUT);
afterAll(async () => {
  await service?.directory.close();
});

describe('talent agency employees', () => {
  it('the demo has profiles whose representative works for another of their agencies (what the check needs)', () => {
    const employer = new Map(fixture.agencies.flatMap((agency) => (agency.employees ?? []).map((employee) => [employee.id, agency.id] as const)));
    const crossed = fixture.actor_profiles.filter(
      (actor) => actor.representative && actor.talent_agency_connections.some((connection) => connection.talent_agency_id !== employer.get(actor.representative!.id)),
    );
    expect(crossed.length).toBeGreaterThan(0);
  });

  it("lists exactly each agency's own employees, never another agency's representatives", async () => {
    const proKey = fixture.api_keys.find((key) => key.key.startsWith('demo-casting-pro'))!.key;
    for (const agency of fixture.agencies) {
      const answer = expectOk(await service.api.get<{ employees: { id: number }[] }>(`/api/v1/talent_agencies/${agency.id}`, { key: proKey }));
      const own = (agency.employees ?? []).map((employee) => employee.id).sort((a, b) => a - b);
      expect({ agency: agency.id, employees: answer.employees.map((employee) => employee.id) }).toEqual({ agency: agency.id, employees: own });
    }
  });
});
