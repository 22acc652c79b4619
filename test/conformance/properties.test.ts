/**
 * Property tests: arbitrary query parameters (valid values, garbage, huge and negative numbers,
 * empty values, repeated keys, unicode, malformed percent-escapes) on every endpoint never produce a
 * 5xx; every answer is a 200 with a JSON array/object or a 4xx with the error body (410: gone body).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goneSchema } from '../../contract/directory-api.ts';
import { directoryErrorBodySchema } from '../../contract/directory-errors.ts';
import { actorListFields, castingCallListFields, crewListFields } from '../../contract/list-fields.ts';
import { KEY_CASTING_PRO, START_TIMEOUT, startFixtureService, type FixtureService } from './support/service.ts';

let service: FixtureService;
const RUNS = 150;

beforeAll(async () => {
  service = await startFixtureService();
}, START_TIMEOUT);
afterAll(async () => {
  await service?.directory.close();
});

const garbage = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('', ' ', '-', '[]', '{}', 'null', 'undefined', 'NaN', 'Infinity', '-Infinity', '1e309', '0x10', '١٢', 'true', 'false', '%', '\u0000', 'ü', '😀', "' OR 1=1 --", ';DROP TABLE x'),
);
const number = fc.oneof(
  fc.integer().map(String),
  fc.integer({ min: -5, max: 1005 }).map(String),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
  fc.double().map(String),
  fc.constantFrom('0', '-0', '1', '1000', '1001', '2147483647', '2147483648', '9223372036854775807', '9223372036854775808', '99999999999999999999', '1.0', '01', '+1', ' 1', '1 '),
);
const value = (valid: string[]) => fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...valid) }, { weight: 2, arbitrary: number }, { weight: 2, arbitrary: garbage });
const fieldList = (names: string[]) => fc.array(fc.oneof(fc.constantFrom(...names), garbage), { maxLength: 6 }).map((parts) => parts.join(','));

const paging = { page: value(['1', '2', '100']), per_page: value(['1', '2', '250', '1000']) };
const profileCommon = {
  ...paging,
  order: value(['id', 'name', 'last_name']),
  direction: value(['asc', 'desc']),
  gender: value(['male', 'female', 'transgender_female', 'transgender_male', 'non_binary', 'custom']),
  'updated_at[gte]': value(['0', '1700000000', '1767225600']),
  q: fc.oneof(fc.constantFrom('jon', 'mueler', 'Müller', ''), garbage),
  include_picture: value(['true', 'false', '1', '0']),
};
const parameterSets: Record<string, Record<string, fc.Arbitrary<string>>> = {
  '/api/v1/actor_profiles': {
    ...profileCommon,
    picture_version: value(['original', 'large', 'thumb', 'thumb_large', 'thumb_portrait']),
    fields: fieldList([...actorListFields, 'id']),
    'acting_age[lte]': value(['18', '30', '99']),
    'acting_age[gte]': value(['0', '25', '40']),
    languages: fc.oneof(fc.constantFrom('deu', 'eng', 'deu,eng', 'eng,', ',', 'xxx'), garbage),
  },
  '/api/v1/crew_profiles': {
    ...profileCommon,
    picture_version: value(['original', 'large', 'thumb', 'thumb_large']),
    fields: fieldList([...crewListFields]),
    'professions[]': value(['regie', 'autor', 'kamera', 'komponist', 'dramaturg', 'schnitt']),
    locale: value(['en', 'de', 'fr', 'uk', 'tr']),
  },
  '/api/v1/casting_calls': {
    ...paging,
    current: value(['true', 'false', '1', '0', '']),
    fields: fieldList([...castingCallListFields]),
  },
  '/api/v1/actor_profiles/1': { enum: value(['translate', 'v2']), locale: value(['en', 'de', 'fr', 'it', 'es', 'pl', 'ro', 'uk', 'ru', 'tr']) },
  '/api/v1/crew_profiles/1': { enum: value(['translate']), locale: value(['en', 'de', 'fr', 'it', 'es', 'pl', 'ro', 'ru', 'tr']) },
  '/api/v1/casting_calls/1': {},
  '/api/v1/attributes/genders': { locale: value(['en', 'de', 'uk']) },
};

/** A query: known and unknown names, possibly repeated, possibly with a raw (unencoded) tail. */
function queryFor(params: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const known = Object.entries(params).map(([name, arbitrary]) => fc.tuple(fc.constant(name), arbitrary));
  const unknown = fc.tuple(fc.oneof(garbage, fc.constantFrom('fields[]', 'page[]', 'per_page[gte]', 'gender[]', 'a[b][c]')), garbage);
  const pair = known.length > 0 ? fc.oneof({ weight: 4, arbitrary: fc.oneof(...known) }, { weight: 1, arbitrary: unknown }) : unknown;
  const rawTail = fc.constantFrom('', '', '', '&%ZZ=1', '&page=%', '&&&', '&=', '&per_page', '&q=%E0%A4%A', '&fields=%00', '&page=1&page=2', '&current=1&current=0');
  return fc.tuple(fc.array(pair, { maxLength: 8 }), rawTail).map(([pairs, tail]) => {
    const search = new URLSearchParams();
    for (const [name, val] of pairs) search.append(name, val);
    const encoded = search.toString();
    return encoded + tail;
  });
}

function checkAnswer(path: string, status: number, body: unknown, text: string): void {
  const context = `${path} → ${status} ${text.slice(0, 300)}`;
  expect(status, context).toBeLessThan(500);
  expect([200, 400, 404, 410], context).toContain(status);
  if (status === 200) {
    const isList = !/\/\d+$/.test(path) && !path.startsWith('/api/v1/attributes/');
    if (isList) {
      expect(Array.isArray(body), context).toBe(true);
      for (const item of body as { id: unknown }[]) expect(typeof item.id, context).toBe('number');
    } else {
      expect(body !== null && typeof body === 'object' && !Array.isArray(body), context).toBe(true);
    }
  } else if (status === 410) {
    expect(goneSchema.safeParse(body).success, context).toBe(true);
  } else {
    expect(directoryErrorBodySchema.safeParse(body).success, context).toBe(true);
  }
}

async function request(pathAndQuery: string, key = KEY_CASTING_PRO) {
  const response = await fetch(service.directory.baseUrl + pathAndQuery, { headers: { authorization: `Token token=${key}` } });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body, text };
}

describe('no parameter combination produces a 5xx', () => {
  for (const [path, params] of Object.entries(parameterSets)) {
    it(path, async () => {
      await fc.assert(
        fc.asyncProperty(queryFor(params), fc.constantFrom('k-agency-1-conformance', KEY_CASTING_PRO), async (query, key) => {
          const pathAndQuery = query ? `${path}?${query}` : path;
          const { status, body, text } = await request(pathAndQuery, key);
          checkAnswer(path, status, body, `${pathAndQuery}: ${text}`);
        }),
        { numRuns: RUNS },
      );
    }, 120_000);
  }

  it('arbitrary ids in detail paths', async () => {
    const id = fc.oneof(
      fc.integer({ min: -3, max: 20 }).map(String),
      fc.constantFrom('0', '-1', '2147483648', '9223372036854775808', '99999999999999999999999', '1.5', '1e3', '0x1', '%20', '..', '1%2F2', ''),
      garbage.map((s) => encodeURIComponent(s)),
    );
    const resource = fc.constantFrom('actor_profiles', 'crew_profiles', 'casting_calls', 'attributes');
    await fc.assert(
      fc.asyncProperty(resource, id, async (name, raw) => {
        const path = `/api/v1/${name}/${raw}`;
        const { status, body, text } = await request(path);
        expect(status, `${path} → ${status} ${text.slice(0, 300)}`).toBeLessThan(500);
        if (status !== 200) {
          expect([400, 404, 410], `${path} → ${status}`).toContain(status);
          if (status === 410) expect(goneSchema.safeParse(body).success).toBe(true);
          else expect(directoryErrorBodySchema.safeParse(body).success, `${path}: ${text}`).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('arbitrary Authorization headers give 200 or 401, never a 5xx', async () => {
    const header = fc.oneof(
      garbage.map((s) => s.replace(/[^\x20-\x7e]/g, '')),
      garbage.map((s) => `Token token=${s.replace(/[^\x21-\x7e]/g, '')}`),
      garbage.map((s) => `Bearer ${s.replace(/[^\x21-\x7e]/g, '')}`),
      fc.constantFrom('Token', 'Token token', 'Token token==', 'Bearer', 'token token=k-agency-1-conformance', 'Bearer  k-agency-1-conformance', 'Token token=k-agency-1-conformance, extra'),
    );
    await fc.assert(
      fc.asyncProperty(header, async (authorization) => {
        const response = await fetch(`${service.directory.baseUrl}/api/v1/actor_profiles?per_page=1`, { headers: { authorization } });
        const text = await response.text();
        expect([200, 401], `${JSON.stringify(authorization)} → ${response.status} ${text.slice(0, 200)}`).toContain(response.status);
      }),
      { numRuns: RUNS },
    );
  }, 120_000);
});
