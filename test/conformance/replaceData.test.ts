/**
 * Swapping data without a restart (RunningDirectory.replaceData) and refusing malformed fixtures:
 * a malformed fixture is rejected with the JSON path and the reason, and nothing is loaded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureInput } from '../../server/src/fixture/schema.ts';
import { startDirectory } from '../../server/src/startDirectory.ts';
import { expectError, expectOk, ids } from './support/http.ts';
import { FIXED_NOW, KEY_AGENCY_1, START_TIMEOUT, fixturePath, startFixtureService, type FixtureService } from './support/service.ts';

let service: FixtureService;

beforeAll(async () => {
  service = await startFixtureService();
}, START_TIMEOUT);
afterAll(async () => {
  await service?.directory.close();
});

const replacement: FixtureInput = {
  agencies: [{ id: 40, name: 'Replacement Agency', categories: [], regions: [] }],
  api_keys: [{ key: 'k-replacement-0001', agency_ids: [40], casting_calls: 'public', invited_role_ids: [] }],
  actor_profiles: [
    { id: 500, first_name: 'Rita', last_name: 'Replaced', updated_at: '2026-01-01T00:00:00.000Z', gender: 'f', gender_searchability: ['female'], talent_agency_connections: [{ talent_agency_id: 40, connection_type: 'primary_agency' }] },
  ],
};

describe('replaceData', () => {
  it('serves exactly the new data and the new keys', async () => {
    expect(ids(expectOk(await service.api.get('/api/v1/actor_profiles')))).toEqual([1, 2, 3, 4, 5, 9, 11]);
    await service.directory.replaceData(replacement);
    expectError(await service.api.get('/api/v1/actor_profiles'), 401, 'unauthorized');
    const answer = await service.api.get('/api/v1/actor_profiles', { key: 'k-replacement-0001' });
    expect(expectOk(answer)).toEqual([{ id: 500, name: 'Rita Replaced', gender: 'f' }]);
    expect(expectOk(await service.api.get('/api/v1/casting_calls', { key: 'k-replacement-0001' }))).toEqual([]);
  });

  it('a malformed fixture is rejected with its JSON path and the old data stays', async () => {
    await service.directory.replaceData(fixturePath('directory.json'));
    const broken = JSON.parse(JSON.stringify(replacement)) as FixtureInput;
    (broken.actor_profiles![0].talent_agency_connections[0] as { connection_type: string }).connection_type = 'best_friend';
    await expect(service.directory.replaceData(broken)).rejects.toThrow(/actor_profiles.*0.*talent_agency_connections.*connection_type/);
    expect(ids(expectOk(await service.api.get('/api/v1/actor_profiles', { key: KEY_AGENCY_1 })))).toEqual([1, 2, 3, 4, 5, 9, 11]);
  });

  it('a fixture naming an agency that does not exist is rejected', async () => {
    const dangling = JSON.parse(JSON.stringify(replacement)) as FixtureInput;
    dangling.api_keys[0].agency_ids = [41];
    await expect(service.directory.replaceData(dangling)).rejects.toThrow(/api_keys/);
    expect((await service.api.get('/api/v1/actor_profiles', { key: KEY_AGENCY_1 })).status).toBe(200);
  });

  it('startDirectory refuses a malformed fixture file', async () => {
    await expect(
      startDirectory({ port: 0, fixture: { api_keys: [] } as FixtureInput, now: () => FIXED_NOW, rateLimit: false }),
    ).rejects.toThrow(/api_keys/);
  }, START_TIMEOUT);
});
