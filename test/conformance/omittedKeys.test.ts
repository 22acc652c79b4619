/**
 * Optional keys as the provider writes them (issue 12, item 2): a key the provider's docs say is
 * only present when it has a value is left out, not null (crew `representative`, crew-profiles.md),
 * in lists and details alike, whether the record lacks it or stores null. Keys the spec or the
 * provider's examples show as present stay present, null when empty: the actor `representative`
 * (actor-profiles.md writes absent values as null) and the casting call's top-level `contract_type`
 * (casting-calls.md, the reference casting call).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { castingCallDetailSchema, crewDetailSchema } from '../../contract/directory-api.ts';
import { expectOk, expectSchema, type Json } from './support/http.ts';
import { START_TIMEOUT, startFixtureService, type FixtureService } from './support/service.ts';

let service: FixtureService;
type Item = Record<string, Json>;

beforeAll(async () => {
  service = await startFixtureService('omitted-keys.json', {}, 'k-agency-1-omitted-keys');
}, START_TIMEOUT);
afterAll(async () => {
  await service?.directory.close();
});

const get = async (path: string) => expectOk(await service.api.get<Item & Item[]>(path));
const byId = (items: Item[]) => new Map(items.map((item) => [item.id as number, item]));

describe('crew representative: only present when the crew member is represented', () => {
  it('is left out of list items whose record has none or null', async () => {
    const items = byId(await get('/api/v1/crew_profiles?fields=name,representative'));
    expect(items.get(1)).toEqual({ id: 1, name: 'Rita Vertreten', representative: { id: 505, name: 'Rita Rep' } });
    expect(items.get(2)).toEqual({ id: 2, name: 'Sara Nullwert' });
    expect(items.get(3)).toEqual({ id: 3, name: 'Tina Ohne' });
  });

  it('is left out of the detail of a crew member stored with null or without it, and the detail still parses', async () => {
    expect((await get('/api/v1/crew_profiles/1')).representative).toEqual({ id: 505, name: 'Rita Rep' });
    for (const id of [2, 3]) {
      const detail = await get(`/api/v1/crew_profiles/${id}`);
      expect(detail, `crew ${id}`).not.toHaveProperty('representative');
      expectSchema(crewDetailSchema, detail, `crew ${id}`);
      expect(await get(`/api/v1/crew_profiles/${id}?enum=translate&locale=de`), `crew ${id} translated`).not.toHaveProperty('representative');
    }
  });
});

describe('actor representative: present, null when the actor has none', () => {
  it('is null in list items and details, as the spec lists it and the provider writes absent values', async () => {
    const items = byId(await get('/api/v1/actor_profiles?fields=representative'));
    expect(items.get(1)!.representative).toEqual({ id: 501, name: 'Erika Agent' });
    for (const id of [2, 3]) {
      expect(items.get(id), `actor ${id}`).toHaveProperty('representative', null);
      expect(await get(`/api/v1/actor_profiles/${id}`), `actor ${id}`).toHaveProperty('representative', null);
    }
  });
});

describe("the casting call's top-level contract_type", () => {
  it("is the call's own string beside the roles' integer ones, and null when the call has none", async () => {
    const withType = await get('/api/v1/casting_calls/1');
    expect(withType.contract_type).toBe('2');
    expect((withType.roles as Item[])[0]!.contract_type).toBe(3);
    const without = await get('/api/v1/casting_calls/2');
    expect(without).toHaveProperty('contract_type', null);
    for (const call of [withType, without]) expectSchema(castingCallDetailSchema, call, `call ${call.id}`);
  });
});
