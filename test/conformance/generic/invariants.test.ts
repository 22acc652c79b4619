/**
 * Data-agnostic, read-only conformance checks that hold for any deployment and any key: headers,
 * pagination consistency, paging stability, fields, ordering, filters against the returned data,
 * schema validity of list items and of the first details, and error statuses.
 * Bounded to well under 300 requests, the default rate limit, and paced to it (target.ts). Written
 * for any deployment: error statuses, not bodies (the provider documents only statuses); language
 * keys of the provider's dialect; an endpoint outside the key's rights is skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actorDetailSchema, actorListItemSchema, castingCallDetailSchema, castingCallListItemSchema,
  crewDetailSchema, crewListItemSchema,
} from '../../../contract/directory-api.ts';
import { directoryErrorBodySchema } from '../../../contract/directory-errors.ts';
import { isoCodeForLanguageKey } from '../../../contract/language-keys.ts';
import { expectOk, expectSchema, ids, parseLinkHeader, type Answer, type Json } from '../support/http.ts';
import { GENERIC_TIMEOUT, openTarget, requestBudget, type Target } from './target.ts';

let target: Target;
beforeAll(async () => {
  target = await openTarget();
}, GENERIC_TIMEOUT);
afterAll(async () => {
  await target?.close();
});

type Item = Record<string, Json> & { id: number };
interface Endpoint {
  path: string;
  listSchema: { safeParse(v: unknown): { success: boolean } };
  detailSchema: { safeParse(v: unknown): { success: boolean } };
  allFields: string;
  defaultFields: string[];
  profile: boolean;
}
const ENDPOINTS: Endpoint[] = [
  {
    path: '/api/v1/actor_profiles', listSchema: actorListItemSchema, detailSchema: actorDetailSchema, profile: true,
    allFields: 'age,gender,gender_new,first_name,last_name,name,main_profession,professions,languages,representative,updated_at',
    defaultFields: ['id', 'name', 'gender'],
  },
  {
    path: '/api/v1/crew_profiles', listSchema: crewListItemSchema, detailSchema: crewDetailSchema, profile: true,
    allFields: 'name,first_name,last_name,gender,professions,languages,representative,updated_at',
    defaultFields: ['id', 'name', 'gender'],
  },
  {
    path: '/api/v1/casting_calls', listSchema: castingCallListItemSchema, detailSchema: castingCallDetailSchema, profile: false,
    allFields: 'name,casting_type,description,production_format,deadline,deadline_visible',
    defaultFields: ['id', 'name'],
  },
];

const get = <T = Item[]>(path: string) => target.api.get<T>(path);
/** How a deployment refuses an endpoint outside the key's rights (the provider documents no one status). */
const outsideRights = (status: number) => status === 401 || status === 403 || status === 404;
const total = (answer: Answer) => {
  const value = answer.headers.get('total');
  expect(value, 'Total header').toMatch(/^\d+$/);
  return Number(value);
};

/**
 * German phone-book folding (ä → ae, ß → ss), letters without a decomposition spelled in Latin
 * (ø → o, ł → l), other accents dropped: what a search-friendly sort key may use.
 */
function phonebookFold(text: string): string {
  const spellings: Record<string, string> = {
    ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h',
  };
  return text
    .toLowerCase()
    .replace(/[äöüßæœøłđðþıħ]/g, (letter) => spellings[letter])
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '');
}

/**
 * True when the strings are sorted under one of the orders a database may reasonably use: code
 * points, the root collation, German phone-book collation, or a folded search key.
 */
function isSorted(values: string[], direction: 'asc' | 'desc'): boolean {
  const root = new Intl.Collator('und');
  const phonebook = new Intl.Collator('de-u-co-phonebk');
  const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const comparators = [
    byCodePoint,
    (a: string, b: string) => root.compare(a, b),
    (a: string, b: string) => phonebook.compare(a, b),
    (a: string, b: string) => byCodePoint(phonebookFold(a), phonebookFold(b)),
  ];
  return comparators.some((compare) =>
    values.every((value, index) => index === 0 || (direction === 'asc' ? compare(values[index - 1], value) <= 0 : compare(values[index - 1], value) >= 0)),
  );
}

for (const endpoint of ENDPOINTS) {
  describe(endpoint.path, () => {
    let count = 0;
    let readable = true;
    beforeAll(async () => {
      const first = await get(`${endpoint.path}?per_page=1`);
      // An agency key may have no casting calls in its rights: a skip, not a failure.
      readable = endpoint.profile || !outsideRights(first.status);
      if (readable) count = total(first);
    }, GENERIC_TIMEOUT);
    /** A test of this endpoint, skipped when the key may not read it. */
    const check = (name: string, body: () => Promise<void>, timeout = GENERIC_TIMEOUT) =>
      it(name, async (context) => {
        if (!readable) context.skip();
        await body();
      }, timeout);

    check('answers a JSON array with Total, Per-Page, CORS and (when limited) consistent Ratelimit headers', async () => {
      const answer = await get(`${endpoint.path}?per_page=5`);
      const body = expectOk(answer);
      expect(Array.isArray(body)).toBe(true);
      expect(body.length).toBe(Math.min(5, count));
      expect(answer.headers.get('per-page')).toBe('5');
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      const limit = answer.headers.get('ratelimit-limit');
      if (target.own) expect(limit).toBe('300');
      if (limit !== null) {
        const remaining = Number(answer.headers.get('ratelimit-remaining'));
        const reset = Number(answer.headers.get('ratelimit-reset'));
        expect(remaining).toBeGreaterThanOrEqual(0);
        expect(remaining).toBeLessThanOrEqual(Number(limit));
        expect(Number.isInteger(reset)).toBe(true);
        expect(reset).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 2);
      }
    }, GENERIC_TIMEOUT);

    check('default per_page is 250', async () => {
      const answer = await get(endpoint.path);
      expect(answer.headers.get('per-page')).toBe('250');
      expect(expectOk(answer).length).toBe(Math.min(250, count));
    }, GENERIC_TIMEOUT);

    check('pages are consistent with Total: last page size, Link last, page past the end empty', async () => {
      if (count === 0) {
        expect(expectOk(await get(`${endpoint.path}?page=2`))).toEqual([]);
        return;
      }
      const perPage = Math.max(1, Math.min(1000, Math.ceil(count / 3)));
      const pages = Math.ceil(count / perPage);
      const first = await get(`${endpoint.path}?per_page=${perPage}`);
      expect(expectOk(first).length).toBe(Math.min(perPage, count));
      const links = parseLinkHeader(first.headers.get('link'), target.api.baseUrl);
      if (pages > 1) {
        expect(links.next?.searchParams.get('page')).toBe('2');
        expect(links.last?.searchParams.get('page')).toBe(String(pages));
        expect(links.next?.searchParams.get('per_page')).toBe(String(perPage));
      } else {
        expect(links.next).toBeUndefined();
      }
      expect(links.prev).toBeUndefined();
      const last = await get(`${endpoint.path}?per_page=${perPage}&page=${pages}`);
      expect(expectOk(last).length).toBe(count - (pages - 1) * perPage);
      expect(parseLinkHeader(last.headers.get('link'), target.api.baseUrl).next).toBeUndefined();
      expect(total(last)).toBe(count);
      expect(expectOk(await get(`${endpoint.path}?per_page=${perPage}&page=${pages + 1}`))).toEqual([]);
    }, GENERIC_TIMEOUT);

    if (!endpoint.profile) {
      check('casting calls come in id order, one direction throughout (the spec gives them no order parameter)', async () => {
        const list = ids(expectOk(await get(`${endpoint.path}?per_page=100`)));
        const ascending = [...list].sort((a, b) => a - b);
        expect([ascending, [...ascending].reverse()]).toContainEqual(list);
      }, GENERIC_TIMEOUT);
    }

    check('paging is stable: small pages concatenate to the big page, no id twice', async () => {
      const size = 3;
      const big = ids(expectOk(await get(`${endpoint.path}?per_page=${size * 3}`)));
      const small: number[] = [];
      for (let page = 1; page <= 3; page++) small.push(...ids(expectOk(await get(`${endpoint.path}?per_page=${size}&page=${page}`))));
      expect(small).toEqual(big);
      expect(new Set(small).size).toBe(small.length);
    }, GENERIC_TIMEOUT);

    if (endpoint.profile) {
      check('order=id in both directions', async () => {
        const asc = ids(expectOk(await get(`${endpoint.path}?per_page=100`)));
        const desc = ids(expectOk(await get(`${endpoint.path}?per_page=100&direction=desc`)));
        for (let i = 1; i < asc.length; i++) expect(asc[i]).toBeGreaterThan(asc[i - 1]);
        for (let i = 1; i < desc.length; i++) expect(desc[i]).toBeLessThan(desc[i - 1]);
        if (count <= 100) expect(desc).toEqual([...asc].reverse());
      }, GENERIC_TIMEOUT);
    }

    if (endpoint.profile) {
      for (const order of ['name', 'last_name'] as const) {
        check(`order=${order} in both directions, ties broken by id`, async () => {
          const asc = expectOk(await get(`${endpoint.path}?per_page=200&order=${order}&fields=${order}`));
          const desc = expectOk(await get(`${endpoint.path}?per_page=200&order=${order}&direction=desc&fields=${order}`));
          const ascValues = asc.map((item) => String(item[order]));
          const descValues = desc.map((item) => String(item[order]));
          expect(isSorted(ascValues, 'asc'), `asc: ${ascValues.slice(0, 20).join(' | ')}`).toBe(true);
          expect(isSorted(descValues, 'desc'), `desc: ${descValues.slice(0, 20).join(' | ')}`).toBe(true);
          for (let i = 1; i < asc.length; i++) {
            if (ascValues[i] === ascValues[i - 1]) expect(asc[i].id, `tie at ${ascValues[i]}`).toBeGreaterThan(asc[i - 1].id);
          }
          if (count <= 200) {
            expect([...descValues].reverse()).toEqual(ascValues);
            expect(new Set(ids(asc))).toEqual(new Set(ids(desc)));
          }
        }, GENERIC_TIMEOUT);
      }
    }

    check('fields: defaults, a chosen field, unknown names ignored, id always present', async () => {
      const defaults = expectOk(await get(`${endpoint.path}?per_page=20`));
      for (const item of defaults) for (const field of endpoint.defaultFields) expect(item, `default ${field}`).toHaveProperty(field);
      const chosen = endpoint.profile ? 'first_name' : 'casting_type';
      const picked = expectOk(await get(`${endpoint.path}?per_page=20&fields=${chosen},no_such_field_xyz`));
      expect(ids(picked)).toEqual(ids(defaults));
      for (const item of picked) {
        expect(item).toHaveProperty(chosen);
        expect(item).not.toHaveProperty('name');
        expect(item).not.toHaveProperty('no_such_field_xyz');
      }
      const unknownOnly = expectOk(await get(`${endpoint.path}?per_page=20&fields=no_such_field_xyz`));
      for (const item of unknownOnly) expect(typeof item.id).toBe('number');
    }, GENERIC_TIMEOUT);

    check('list items with every field and the first details match the contract', async () => {
      const items = expectOk(await get(`${endpoint.path}?per_page=50&fields=${endpoint.allFields}${endpoint.profile ? '&include_picture=true&picture_version=large' : ''}`));
      for (const item of items) expectSchema(endpoint.listSchema, item, `${endpoint.path} item ${item.id}`);
      for (const item of items.slice(0, 3)) {
        const detail = expectOk(await get<Item>(`${endpoint.path}/${item.id}`));
        expect(detail.id).toBe(item.id);
        expectSchema(endpoint.detailSchema, detail, `${endpoint.path}/${item.id}`);
        if (endpoint.profile) {
          expect(detail.first_name).toBe(item.first_name);
          expect(detail.last_name).toBe(item.last_name);
        }
      }
    }, GENERIC_TIMEOUT);

    check('error statuses: 401 without or with a wrong key, 404 for an unknown id, 400 for bad paging', async () => {
      // The provider documents the statuses, not the bodies of its errors: only our own service's are checked.
      const bodyIsSpecError = (answer: Answer, context: string) => {
        if (target.own) expect(directoryErrorBodySchema.safeParse(answer.body).success, context).toBe(true);
      };
      for (const answer of [
        await target.api.get(endpoint.path, { key: null }),
        await target.api.get(endpoint.path, { key: 'conformance-invalid-key-0000' }),
      ]) {
        expect(answer.status).toBe(401);
        bodyIsSpecError(answer, '401');
      }
      const unknown = await get(`${endpoint.path}/2147483000`);
      expect(unknown.status).toBe(404);
      bodyIsSpecError(unknown, '404');
      for (const query of ['per_page=1001', 'per_page=0', 'page=abc']) {
        const answer = await get(`${endpoint.path}?${query}`);
        expect(answer.status, query).toBe(400);
        bodyIsSpecError(answer, query);
      }
    }, GENERIC_TIMEOUT);
  });
}

describe('filters agree with the data they return', () => {
  it('crew gender filter: male → m, female → f, non_binary → i', async () => {
    for (const [gender, served] of [['male', 'm'], ['female', 'f'], ['non_binary', 'i']]) {
      const items = expectOk(await get(`/api/v1/crew_profiles?per_page=100&gender=${gender}&fields=gender`));
      for (const item of items) expect(item.gender, `${gender} → ${item.id}`).toBe(served);
    }
  }, GENERIC_TIMEOUT);

  it('actor gender filter: the profiles can be found under that gender', async () => {
    for (const gender of ['female', 'male']) {
      const items = expectOk(await get(`/api/v1/actor_profiles?per_page=3&gender=${gender}`));
      for (const item of items) {
        const detail = expectOk(await get<Item>(`/api/v1/actor_profiles/${item.id}`));
        expect(detail.gender_searchability, `actor ${item.id}`).toContain(gender);
      }
    }
  }, GENERIC_TIMEOUT);

  it('filters never widen the list', async () => {
    const all = total(await get('/api/v1/actor_profiles?per_page=1'));
    for (const query of ['gender=female', 'acting_age[gte]=30', 'acting_age[lte]=30', 'languages=eng', 'updated_at[gte]=1700000000', 'q=an']) {
      expect(total(await get(`/api/v1/actor_profiles?per_page=1&${query}`)), query).toBeLessThanOrEqual(all);
    }
  }, GENERIC_TIMEOUT);

  it('acting age filters overlap the profile range', async () => {
    for (const item of expectOk(await get('/api/v1/actor_profiles?per_page=3&acting_age[gte]=40'))) {
      const detail = expectOk(await get<Item>(`/api/v1/actor_profiles/${item.id}`));
      expect(detail.acting_age_to, `actor ${item.id}`).toBeGreaterThanOrEqual(40);
    }
    for (const item of expectOk(await get('/api/v1/actor_profiles?per_page=3&acting_age[lte]=20'))) {
      const detail = expectOk(await get<Item>(`/api/v1/actor_profiles/${item.id}`));
      expect(detail.acting_age_from, `actor ${item.id}`).toBeLessThanOrEqual(20);
    }
  }, GENERIC_TIMEOUT);

  it('languages filter: every result speaks every language', async (context) => {
    // The filter takes ISO 639-2 codes (the spec); list items may key languages by the provider's
    // words ("deutsch"): both are read as codes before they are compared.
    const codesOf = (languages: Json) => new Set(Object.keys(languages ?? {}).map((key) => isoCodeForLanguageKey(key) ?? key));
    const items = expectOk(await get('/api/v1/actor_profiles?per_page=50&fields=languages'));
    const withLanguage = items.find((item) => [...codesOf(item.languages)].some((code) => /^[a-z]{3}$/.test(code)));
    if (!withLanguage) return context.skip();
    const wanted = [...codesOf(withLanguage.languages)].filter((code) => /^[a-z]{3}$/.test(code)).slice(0, 2);
    const filtered = expectOk(await get(`/api/v1/actor_profiles?per_page=100&fields=languages&languages=${wanted.join(',')}`));
    for (const item of filtered) for (const code of wanted) expect([...codesOf(item.languages)], `actor ${item.id}`).toContain(code);
    if (total(await get(`/api/v1/actor_profiles?per_page=1&languages=${wanted.join(',')}`)) <= 100) expect(ids(filtered)).toContain(withLanguage.id);
  }, GENERIC_TIMEOUT);

  it('updated_at[gte]: every result is updated at or after the instant', async () => {
    for (const path of ['/api/v1/actor_profiles', '/api/v1/crew_profiles']) {
      const items = expectOk(await get(`${path}?per_page=20&fields=updated_at`));
      if (items.length === 0) continue;
      const pivot = Math.floor(Date.parse(items[Math.floor(items.length / 2)].updated_at) / 1000);
      const filtered = expectOk(await get(`${path}?per_page=100&fields=updated_at&updated_at[gte]=${pivot}`));
      for (const item of filtered) expect(Date.parse(item.updated_at) / 1000, `${path} ${item.id}`).toBeGreaterThanOrEqual(pivot);
    }
  }, GENERIC_TIMEOUT);

  it('crew professions[]: every result has one of them', async () => {
    const items = expectOk(await get('/api/v1/crew_profiles?per_page=100&fields=professions&professions[]=regie&professions[]=kamera'));
    for (const item of items) expect(item.professions.some((p: string) => p === 'regie' || p === 'kamera'), `crew ${item.id}`).toBe(true);
  }, GENERIC_TIMEOUT);

  it('q finds a profile by its own last name', async () => {
    for (const path of ['/api/v1/actor_profiles', '/api/v1/crew_profiles']) {
      const [first] = expectOk(await get(`${path}?per_page=1&fields=last_name`));
      if (!first) continue;
      const answer = await get(`${path}?per_page=1000&q=${encodeURIComponent(first.last_name)}`);
      if (total(answer) <= 1000) expect(ids(expectOk(answer)), `${path} q=${first.last_name}`).toContain(first.id);
    }
  }, GENERIC_TIMEOUT);

  it('casting calls: current=true is a subset of all', async (context) => {
    const all = await get('/api/v1/casting_calls?per_page=1000');
    if (outsideRights(all.status)) return context.skip();
    const current = await get('/api/v1/casting_calls?per_page=1000&current=true');
    expect(total(current)).toBeLessThanOrEqual(total(all));
    if (total(all) <= 1000) {
      const allIds = new Set(ids(expectOk(all)));
      for (const id of ids(expectOk(current))) expect(allIds.has(id), `current call ${id}`).toBe(true);
    }
    expect(new Set(ids(expectOk(current))).size).toBe(expectOk(current).length);
  }, GENERIC_TIMEOUT);
});

describe('the suite itself', () => {
  it('stays within one rate window of the provider\'s default limit', () => {
    expect(target.requestCount()).toBeGreaterThan(0);
    expect(target.requestCount()).toBeLessThanOrEqual(requestBudget.limit);
  });
});
