/**
 * The key list and detail checks on a PostgreSQL server (the same SQL as on PGlite), in a database
 * of this file's own. CI sets CASTDESK_TEST_DATABASE_URL, and then the conformance-postgres project
 * runs every other suite on the server too; elsewhere this file is skipped and says why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorDetailSchema, castingCallDetailSchema, crewDetailSchema } from '../../contract/directory-api.ts';
import { expectError, expectOk, expectSchema, ids, type Json } from './support/http.ts';
import { KEY_CASTING_PRO, START_TIMEOUT, startFixtureService, type FixtureService } from './support/service.ts';

const databaseUrl = process.env.CASTDESK_TEST_DATABASE_URL;

if (!databaseUrl) {
  if (process.env.CI) {
    it('CASTDESK_TEST_DATABASE_URL must be set in CI (the PostgreSQL conformance run needs a server)', () => {
      throw new Error('CI is set but CASTDESK_TEST_DATABASE_URL is missing: .ci/run must start PostgreSQL and export it');
    });
  } else {
    it.skip('PostgreSQL conformance skipped: CASTDESK_TEST_DATABASE_URL is unset (CI sets it; a PostgreSQL server is needed)', () => {});
  }
} else {
  describe('on a PostgreSQL server', () => {
    let service: FixtureService;
    beforeAll(async () => {
      service = await startFixtureService('directory.json', { databaseUrl });
    }, START_TIMEOUT);
    afterAll(async () => {
      await service?.directory.close();
    });
    const list = async (path: string, key?: string) => ids(expectOk(await service.api.get(path, key ? { key } : {})));

    it('actor list: rights, filters, q, ordering', async () => {
      expect(await list('/api/v1/actor_profiles')).toEqual([1, 2, 3, 4, 5, 9, 11]);
      expect(await list('/api/v1/actor_profiles?gender=female')).toEqual([3, 5, 9]);
      expect(await list('/api/v1/actor_profiles?acting_age[gte]=30&acting_age[lte]=32')).toEqual([1, 3, 9]);
      expect(await list('/api/v1/actor_profiles?languages=deu,eng')).toEqual([1, 4, 9]);
      expect(await list('/api/v1/actor_profiles?order=name')).toEqual([3, 1, 11, 2, 4, 9, 5]);
      expect(await list('/api/v1/actor_profiles?q=jon&gender=male')).toEqual([1, 2, 11]);
      expect(await list('/api/v1/actor_profiles?q=mueler')).toContain(3);
    });
    it('actor detail: schema, pictures, vita order', async () => {
      const jonas = expectOk(await service.api.get<Json>('/api/v1/actor_profiles/1'));
      expectSchema(actorDetailSchema, jonas);
      expect(jonas.updated_at).toBe('2026-01-10T10:00:00.000+00:00');
      expect(jonas.pictures.map((p: Json) => [p.id, p.landscape_position, p.portrait_position])).toEqual([[101, 1, 3], [104, 2, 1], [105, 3, 2]]);
      expect(jonas.vita.film.map((e: Json) => e.name)).toEqual([
        'Dev Project', 'Dev Older', 'Open End Film', 'Recent Film A', 'Recent Film B', 'Recent Film C', 'Short Shoot', 'Long Shoot', 'Old Film',
      ]);
      const gone = await service.api.get('/api/v1/actor_profiles/6');
      expect(gone.status).toBe(410);
      expect(gone.body).toEqual({ id: 6, status: 'merged', new_id: 1 });
      expectError(await service.api.get('/api/v1/actor_profiles/8'), 404, 'not_found');
    });
    it('crew list and detail', async () => {
      expect(await list('/api/v1/crew_profiles?professions[]=kamera&professions[]=komponist')).toEqual([2, 7]);
      expect(await list('/api/v1/crew_profiles?gender=custom')).toEqual([3]);
      const kramer = expectOk(await service.api.get<Json>('/api/v1/crew_profiles/1'));
      expectSchema(crewDetailSchema, kramer);
      expect(kramer.pictures.map((p: Json) => p.id)).toEqual([201, 203]);
    });
    it('casting calls: current and detail', async () => {
      expect((await list('/api/v1/casting_calls?current=true', KEY_CASTING_PRO)).sort((a, b) => a - b)).toEqual([1, 2, 3, 6, 7, 10, 12, 14, 16]);
      const call = expectOk(await service.api.get<Json>('/api/v1/casting_calls/9', { key: KEY_CASTING_PRO }));
      expectSchema(castingCallDetailSchema, call);
      expect(call.roles.map((role: Json) => role.id)).toEqual([901]);
    });
    it('pagination headers', async () => {
      const answer = await service.api.get('/api/v1/actor_profiles?per_page=2&page=2');
      expect(answer.headers.get('total')).toBe('7');
      expect(ids(answer.body)).toEqual([3, 4]);
    });
  });
}
