/**
 * GET /api/v1/showreels/{id} and GET /api/v1/showreel_media/{id} (the provider's docs/showreels.md
 * and docs/showreel-media.md): the ids a profile lists answer with the documented fields, within the
 * key's rights; a showreel or medium of a profile the key may not see, of a deleted or merged
 * profile, a hidden showreel and an unknown id are 404s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from './support/http.ts';
import { START_TIMEOUT, startFixtureService, type FixtureService } from './support/service.ts';

const KEY_AGENCY_1 = 'k-agency-1-showreels';
const KEY_AGENCY_2 = 'k-agency-2-showreels';
const KEY_CASTING_PRO = 'k-casting-pro-showreels';

let service: FixtureService;

beforeAll(async () => {
  service = await startFixtureService('showreels.json', {}, KEY_AGENCY_1);
}, START_TIMEOUT);
afterAll(async () => {
  await service?.directory.close();
});

const get = (path: string, key?: string | null) => service.api.get<Record<string, unknown>>(path, key === undefined ? {} : { key });

/** The JSON type of each documented field: a value of that type, or null where our data has none. */
function expectDocumentedTypes(body: Record<string, unknown>, types: Record<string, string>): void {
  expect(Object.keys(body).sort()).toEqual(Object.keys(types).sort());
  for (const [key, type] of Object.entries(types)) {
    const value = body[key];
    const actual = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
    expect(type.split('|'), `${key}: ${JSON.stringify(value)}`).toContain(actual);
  }
}

describe('showreels', () => {
  it('answers a video showreel with the documented fields, its position and its media', async () => {
    const showreel = expectOk(await get('/api/v1/showreels/31'));
    expect(showreel).toEqual({
      id: 31,
      showreel_type: 'video',
      name: 'Showreel 2024',
      position: 1,
      poster_copyright: '© 2024 Reel Factory',
      download: false,
      showreel_medium_ids: [41, 42],
      poster: `${service.api.baseUrl}/media/pictures/901/901-24622000e7f8-large.png`,
    });
    expectDocumentedTypes(showreel, {
      id: 'number', showreel_type: 'string', name: 'string', position: 'number', poster: 'string|null',
      poster_copyright: 'string|null', download: 'boolean', showreel_medium_ids: 'array',
    });
  });

  it('counts positions among the visible showreels: a hidden one in between is skipped', async () => {
    expect(expectOk(await get('/api/v1/showreels/32'))).toMatchObject({ id: 32, showreel_type: 'audio', name: 'Sprecherdemo', position: 2, showreel_medium_ids: [43], poster: null, poster_copyright: null });
  });

  it("serves a crew member's showreel too", async () => {
    expect(expectOk(await get('/api/v1/showreels/38'))).toMatchObject({ id: 38, showreel_type: 'video', name: 'Director reel', position: 1, showreel_medium_ids: [81] });
  });

  it('answers every id the profile lists, and the profile keeps its media ids out of its showreels', async () => {
    const profile = expectOk(await get('/api/v1/actor_profiles/1')) as { showreels: Record<string, unknown>[]; showreel_ids: number[]; showreel_medium_ids: number[] };
    expect(profile.showreels.map((showreel) => Object.keys(showreel).sort())).toEqual([['name', 'type', 'url'], ['name', 'type', 'url']]);
    for (const id of profile.showreel_ids) expect((await get(`/api/v1/showreels/${id}`)).status).toBe(200);
    for (const id of profile.showreel_medium_ids) expect((await get(`/api/v1/showreel_media/${id}`)).status).toBe(200);
  });
});

describe('showreel media', () => {
  const mediumTypes = {
    id: 'number', type: 'string', name: 'string|null', director: 'string|null', role: 'string|null', year: 'number|null',
    download: 'boolean', duration: 'string|null', skills: 'array', vita_entry_id: 'number|null', skill: 'string|null',
    picture: 'string|null', asset: 'string|null', proxies: 'object',
  };

  it('answers a video medium of a showreel with its name and no audio asset', async () => {
    const medium = expectOk(await get('/api/v1/showreel_media/41'));
    expect(medium).toEqual({
      id: 41,
      type: 'ShowreelVideo',
      name: 'Showreel 2024',
      director: null,
      role: null,
      year: null,
      download: false,
      duration: null,
      skills: [],
      vita_entry_id: null,
      skill: null,
      // the thumbnail of a medium is its showreel's poster
      picture: `${service.api.baseUrl}/media/pictures/901/901-24622000e7f8-large.png`,
      asset: null,
      proxies: {},
    });
    expectDocumentedTypes(medium, mediumTypes);
    expect((await fetch(medium.picture as string)).headers.get('content-type')).toBe('image/png');
  });

  it('answers an audio medium with its file as the asset and the length of that file', async () => {
    const medium = expectOk(await get('/api/v1/showreel_media/43'));
    expect(medium).toMatchObject({ id: 43, type: 'ShowreelAudio', name: 'Sprecherdemo', asset: `${service.api.baseUrl}/media/showreels/32.wav`, duration: '3.2' });
    expectDocumentedTypes(medium, mediumTypes);
    const file = await fetch(medium.asset as string);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('audio/wav');
    const bytes = Buffer.from(await file.arrayBuffer());
    // 16-bit mono PCM: data bytes / 2 / sample rate
    expect(bytes.readUInt32LE(40) / 2 / bytes.readUInt32LE(24)).toBeCloseTo(Number(medium.duration), 6);
  });

  it('answers a medium that no showreel names (linked to a credit or skill) as a video without name or files', async () => {
    for (const id of [44, 82]) {
      const medium = expectOk(await get(`/api/v1/showreel_media/${id}`));
      expect(medium).toMatchObject({ id, type: 'ShowreelVideo', name: null, asset: null, proxies: {} });
      expectDocumentedTypes(medium, mediumTypes);
    }
  });
});

describe('rights and unknown ids', () => {
  it("is a 404 for a profile outside the key's rights, and the other agency's key sees it", async () => {
    expectError(await get('/api/v1/showreels/35'), 404, 'not_found');
    expectError(await get('/api/v1/showreel_media/51'), 404, 'not_found');
    expect(expectOk(await get('/api/v1/showreels/35', KEY_AGENCY_2))).toMatchObject({ id: 35, name: 'Voice reel' });
    expect(expectOk(await get('/api/v1/showreel_media/51', KEY_AGENCY_2))).toMatchObject({ id: 51, type: 'ShowreelVideo' });
    expectError(await get('/api/v1/showreels/31', KEY_AGENCY_2), 404, 'not_found');
    expectError(await get('/api/v1/showreel_media/41', KEY_AGENCY_2), 404, 'not_found');
  });

  it('is a 404 for a key without agencies', async () => {
    expectError(await get('/api/v1/showreels/31', KEY_CASTING_PRO), 404, 'not_found');
    expectError(await get('/api/v1/showreel_media/43', KEY_CASTING_PRO), 404, 'not_found');
  });

  it('is a 404 for the showreels of a deleted or merged profile and for a hidden showreel', async () => {
    for (const id of [36, 37]) expectError(await get(`/api/v1/showreels/${id}`), 404, 'not_found');
    for (const id of [61, 71]) expectError(await get(`/api/v1/showreel_media/${id}`), 404, 'not_found');
    // the hidden reel has no id in showreel_ids, and its medium none in showreel_medium_ids
    expectError(await get('/api/v1/showreels/33'), 404, 'not_found');
    expectError(await get('/api/v1/showreel_media/45'), 404, 'not_found');
  });

  it('is a 404 for an unknown or malformed id, and a 401 without a key', async () => {
    for (const path of ['/api/v1/showreels/999', '/api/v1/showreels/abc', '/api/v1/showreels/0', '/api/v1/showreels/99999999999', '/api/v1/showreel_media/999', '/api/v1/showreel_media/-1']) {
      expectError(await get(path), 404, 'not_found');
    }
    expectError(await get('/api/v1/showreels/31', null), 401, 'unauthorized');
    expectError(await get('/api/v1/showreel_media/41', null), 401, 'unauthorized');
  });
});

describe('trailing slash', () => {
  it('answers /showreels/{id}/ and /showreel_media/{id}/ exactly as without the slash', async () => {
    for (const path of ['/api/v1/showreels/31', '/api/v1/showreel_media/43']) {
      const plain = await get(path);
      const slashed = await get(`${path}/`);
      expect(slashed.status).toBe(200);
      expect(slashed.text).toBe(plain.text);
    }
  });
});
