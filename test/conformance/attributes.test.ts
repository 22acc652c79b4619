/** GET /api/v1/attributes and /api/v1/attributes/{name}: the catalogues enum=translate uses. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentLocales } from '../../contract/directory-api.ts';
import { CATALOGUES, catalogueName } from './support/catalogues.ts';
import { expectError, expectOk } from './support/http.ts';
import { START_TIMEOUT, startFixtureService, type FixtureService } from './support/service.ts';

let service: FixtureService;

/**
 * Keys the provider's docs write for a catalogue's values (actor-profiles.md, attributes.md),
 * which a client of the real directory sends back and expects labels for.
 */
const documentedKeys: Record<string, string[]> = {
  role_types: ['leading', 'supporting', 'episode_featured_part'],
  specializations: ['synchronsprecher'],
  ethnic_backgrounds: ['6468', '6471'],
  ethnic_background_details: ['6473'],
  ethnic_appearances: ['mitteleuropaisch'],
  television_genres: ['series'],
};

beforeAll(async () => {
  service = await startFixtureService();
}, START_TIMEOUT);
afterAll(async () => {
  await service?.directory.close();
});

describe('attributes', () => {
  it('lists the catalogue names as a JSON array of strings', async () => {
    const names = expectOk(await service.api.get<string[]>('/api/v1/attributes'));
    expect(Array.isArray(names)).toBe(true);
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) expect(typeof name).toBe('string');
    expect(new Set(names).size).toBe(names.length);
  });
  it('has the catalogues the spec names', async () => {
    for (const candidates of Object.values(CATALOGUES)) await catalogueName(service.api, candidates);
  });
  it('every catalogue answers key → label in all ten locales', async () => {
    const names = expectOk(await service.api.get<string[]>('/api/v1/attributes'));
    for (const name of names) {
      const english = expectOk(await service.api.get<Record<string, string>>(`/api/v1/attributes/${name}?locale=en`));
      expect(typeof english, name).toBe('object');
      expect(Array.isArray(english), name).toBe(false);
      const keys = Object.keys(english);
      expect(keys.length, name).toBeGreaterThan(0);
      for (const locale of contentLocales) {
        const localized = expectOk(await service.api.get<Record<string, string>>(`/api/v1/attributes/${name}?locale=${locale}`));
        expect(Object.keys(localized).sort(), `${name} ${locale}`).toEqual([...keys].sort());
        for (const [key, label] of Object.entries(localized)) expect(typeof label === 'string' && label.length > 0, `${name}.${key} in ${locale}`).toBe(true);
      }
    }
  });
  it('defaults to English', async () => {
    const name = await catalogueName(service.api, CATALOGUES.gender);
    const plain = expectOk(await service.api.get(`/api/v1/attributes/${name}`));
    const english = expectOk(await service.api.get(`/api/v1/attributes/${name}?locale=en`));
    expect(plain).toEqual(english);
  });
  it('German labels differ from English ones for genders', async () => {
    const name = await catalogueName(service.api, CATALOGUES.gender);
    const en = expectOk(await service.api.get<Record<string, string>>(`/api/v1/attributes/${name}?locale=en`));
    const de = expectOk(await service.api.get<Record<string, string>>(`/api/v1/attributes/${name}?locale=de`));
    expect(de).not.toEqual(en);
  });
  it('404 for an unknown catalogue, 400 for an unknown locale', async () => {
    expectError(await service.api.get('/api/v1/attributes/no_such_catalogue'), 404, 'not_found');
    const name = await catalogueName(service.api, CATALOGUES.gender);
    expectError(await service.api.get(`/api/v1/attributes/${name}?locale=xx`), 400, 'invalid_parameter');
  });
});

describe('the provider\'s documented keys', () => {
  for (const [name, keys] of Object.entries(documentedKeys)) {
    it(`${name} has ${keys.join(', ')} with an English and a German label`, async () => {
      const en = expectOk(await service.api.get<Record<string, string>>(`/api/v1/attributes/${name}?locale=en`));
      const de = expectOk(await service.api.get<Record<string, string>>(`/api/v1/attributes/${name}?locale=de`));
      for (const key of keys) {
        expect(en[key], `${name}.${key} en`).toEqual(expect.any(String));
        expect(de[key], `${name}.${key} de`).toEqual(expect.any(String));
      }
    });
  }
});

describe('nationalities as the provider labels them', () => {
  it('are nationality words for every country, as attributes.md\'s example shows them', async () => {
    const en = expectOk(await service.api.get<Record<string, string>>('/api/v1/attributes/nationalities?locale=en'));
    expect(en).toMatchObject({
      AD: 'Andorran', AE: 'United Arab Emirates', AF: 'Afghan', AG: 'Antigua and Barbuda', AL: 'Albanian',
      AM: 'Armenian', AO: 'Angolan', AR: 'Argentinean', AT: 'Austrian', AU: 'Australian',
    });
    expect(Object.keys(en).length).toBeGreaterThanOrEqual(240);
    const de = expectOk(await service.api.get<Record<string, string>>('/api/v1/attributes/nationalities?locale=de'));
    expect(de).toMatchObject({ AT: 'Österreichisch', DE: 'Deutsch', CH: 'Schweizerisch' });
  });
});
