/**
 * GET /api/v1/casting_calls: rights, fields, and each of the spec's eight `current` rules with its
 * own casting call in the fixture (service clock fixed at 2026-06-15T12:00:00Z), plus value parsing.
 *
 * Casting-professional key: public calls plus invitations to roles 901, 1001 and 1601.
 * Agency-1 key: exactly calls 1, 4, 7 and 8.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { castingCallListItemSchema } from '../../contract/directory-api.ts';
import { expectError, expectOk, expectSchema, ids, serviceDatetime } from './support/http.ts';
import { KEY_AGENCY_1, KEY_AGENCY_2, KEY_CASTING_PRO, START_TIMEOUT, startFixtureService, type FixtureService } from './support/service.ts';

let service: FixtureService;
const LIST = '/api/v1/casting_calls';
type Item = Record<string, unknown> & { id: number };
const ALL_VISIBLE = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16];
const CURRENT = [1, 2, 3, 6, 7, 10, 12, 14, 16];

beforeAll(async () => {
  service = await startFixtureService('directory.json', {}, KEY_CASTING_PRO);
}, START_TIMEOUT);
afterAll(async () => {
  await service?.directory.close();
});

async function list(query = '', key = KEY_CASTING_PRO): Promise<Item[]> {
  const body = expectOk(await service.api.get<Item[]>(LIST + query, { key }));
  expect(Array.isArray(body)).toBe(true);
  for (const item of body) expectSchema(castingCallListItemSchema, item, `casting call ${item.id}`);
  return body;
}
/** The spec gives casting calls no order parameter (the provider lists newest first), so sets are compared. */
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const idSet = (body: Item[]) => sorted(ids(body));
const currentIds = async (key = KEY_CASTING_PRO) => idSet(await list('?current=true', key));

describe('rights', () => {
  it('public calls plus private calls with an invitation; a private call without one is invisible', async () => {
    expect(idSet(await list())).toEqual(ALL_VISIBLE);
  });
  it('a key with a list of calls sees exactly those', async () => {
    expect(idSet(await list('', KEY_AGENCY_1))).toEqual([1, 4, 7, 8]);
    expect(ids(await list('', KEY_AGENCY_2))).toEqual([]);
  });
});

describe('fields', () => {
  it('defaults to id and name', async () => {
    const body = await list();
    for (const item of body) expect(Object.keys(item).sort()).toEqual(['id', 'name']);
    expect(body.find((item) => item.id === 1)).toEqual({ id: 1, name: 'Rule 1: no deadlines anywhere' });
  });
  it('serves every allowed field; unknown and forbidden ones are ignored', async () => {
    const body = await list('?fields=name,casting_type,description,production_format,deadline,deadline_visible,roles,visibility,bogus');
    const first = body.find((item) => item.id === 1)!;
    expect(Object.keys(first).sort()).toEqual(['casting_type', 'deadline', 'deadline_visible', 'description', 'id', 'name', 'production_format']);
    expect(first).toMatchObject({ casting_type: 'breakdown', description: 'Open call', production_format: 'feature_film', deadline: null, deadline_visible: true });
    const second = body.find((item) => item.id === 2)!;
    expect(second.deadline).toBe('2026-06-01T00:00:00.000+00:00');
    expect(second.deadline).toMatch(serviceDatetime);
  });
  it('fields=casting_type alone', async () => {
    for (const item of await list('?fields=casting_type')) expect(Object.keys(item).sort()).toEqual(['casting_type', 'id']);
  });
});

describe('current: the eight rules', () => {
  let current: number[];
  beforeAll(async () => {
    current = await currentIds();
  });
  it('the whole current set', () => {
    expect(current).toEqual(CURRENT);
  });
  it('rule 1: an active role with no effective deadline makes the call current', () => {
    expect(current).toContain(1);
  });
  it('rule 1: a role deadline exactly at the present time is still current', () => {
    expect(current).toContain(2);
  });
  it('rule 2: a role without deadline inherits the call deadline (future → current, past → not)', () => {
    expect(current).toContain(3);
    expect(current).not.toContain(4);
  });
  it('rule 3: without active non-deleted visible roles the call deadline decides', () => {
    expect(current).not.toContain(5); // only inactive/deleted open roles, call deadline past
    expect(current).toContain(6); // no roles, call deadline future
    expect(current).toContain(16); // private: the invited role is inactive, call deadline future
  });
  it('rule 4: an expired call with an open active role is included', () => {
    expect(current).toContain(7);
  });
  it('rule 5: a future call whose active roles all expired is not', () => {
    expect(current).not.toContain(8);
  });
  it('rule 6: on private calls only invited roles count', () => {
    expect(current).not.toContain(9); // invited role expired, an uninvited one is open
    expect(current).toContain(10); // invited role open, an uninvited one expired
    expect(current).not.toContain(11); // no invitation: not visible at all
  });
  it('rule 7: hidden deadlines still filter', () => {
    expect(current).toContain(12);
    expect(current).not.toContain(13);
    expect(current).not.toContain(15); // a role inherits a hidden, past call deadline
  });
  it('rule 8: each qualifying call appears once', () => {
    expect(current.filter((id) => id === 14)).toHaveLength(1);
    expect(new Set(current).size).toBe(current.length);
  });
  it('rule 8: results stay limited to the key\'s rights', async () => {
    expect(await currentIds(KEY_AGENCY_1)).toEqual([1, 7]);
    expect(await currentIds(KEY_AGENCY_2)).toEqual([]);
  });
  it('the Total header counts the current calls', async () => {
    const answer = await service.api.get(`${LIST}?current=true&per_page=2`);
    expect(answer.headers.get('total')).toBe(String(CURRENT.length));
  });
});

describe('current: value parsing', () => {
  it.each(['true', '1'])('current=%s filters', async (value) => {
    expect(idSet(await list(`?current=${value}`))).toEqual(CURRENT);
  });
  it.each(['false', '0', ''])('current=%s does not filter', async (value) => {
    expect(idSet(await list(`?current=${value}`))).toEqual(ALL_VISIBLE);
  });
  it('omitted current does not filter', async () => {
    expect(idSet(await list())).toEqual(ALL_VISIBLE);
  });
  it.each(['yes', '2', 'truee', '-1', 'null', 'on'])('current=%s is a 400', async (value) => {
    expectError(await service.api.get(`${LIST}?current=${value}`), 400, 'invalid_parameter');
  });
});

describe('paging', () => {
  it('pages are slices of the whole list in one stable order', async () => {
    const whole = ids(await list());
    const paged: number[] = [];
    for (let page = 1; page <= 4; page++) paged.push(...ids(await list(`?per_page=4&page=${page}`)));
    expect(paged).toEqual(whole);
    expect(ids(await list('?per_page=4&page=5'))).toEqual([]);
    const current = ids(await list('?current=1'));
    expect(ids(await list('?current=1&per_page=4&page=3'))).toEqual(current.slice(8));
  });
  it('the order is by id, one direction throughout', async () => {
    const whole = ids(await list());
    const ascending = sorted(whole);
    expect([ascending, [...ascending].reverse()]).toContainEqual(whole);
  });
});
