/**
 * Real provider payloads mapped to the spec's names: every file in ../shared/reference-payloads/
 * passes through the mapping and the contract schemas; brand-named fields and German language keys
 * are renamed, the spec's name wins when both are present, the input is never changed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  actorListItemSchema,
  castingCallDetailSchema,
  castingCallListItemSchema,
  crewDetailSchema,
  crewListItemSchema,
} from '../../../contract/directory-api.ts';
import { isoCodeForLanguageKey } from '../../../contract/language-keys.ts';
import { mapLanguageKeys, mapProviderPayload } from '../../../electron/core/directory/payloadMapping.ts';

const referenceFolder = fileURLToPath(new URL('../../../../shared/reference-payloads/', import.meta.url));

/** Which contract schema each reference file must satisfy once mapped. */
const schemaByFile: Record<string, z.ZodType> = {
  'actor-profile-list.json': actorListItemSchema.array(),
  'crew-profile-list.json': crewListItemSchema.array(),
  'crew-profile-detail.json': crewDetailSchema,
  'casting-call-list.json': castingCallListItemSchema.array(),
  'casting-call-detail.json': castingCallDetailSchema,
};

const brandNames = ['imdb_link', 'imdb_id', 'facebook_page', 'instagram_username', 'wikipedia_url', 'filmmakers_url', 'filmmakers_cd_url'];

function readReference(name: string): unknown {
  return JSON.parse(readFileSync(`${referenceFolder}/${name}`, 'utf8'));
}

/** Every key anywhere in a JSON value. */
function allKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(allKeys);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => [key, ...allKeys(inner)]);
  return [];
}

describe('every reference payload', () => {
  const files = readdirSync(referenceFolder).filter((name) => name.endsWith('.json')).sort();

  it('has a schema here (a new file must be added to this test)', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(files).toEqual(Object.keys(schemaByFile).sort());
  });

  it.each(files)('%s maps to the spec names and passes the contract schema', (name) => {
    const original = readReference(name);
    const snapshot = structuredClone(original);
    const mapped = mapProviderPayload(original);
    expect(original, 'the input is not changed').toEqual(snapshot);
    const parsed = schemaByFile[name]!.safeParse(mapped);
    expect(parsed.error?.issues ?? []).toEqual([]);
    const keys = allKeys(mapped);
    for (const brand of brandNames) expect(keys, `${name} still holds ${brand}`).not.toContain(brand);
    for (const word of ['deutsch', 'englisch']) expect(keys).not.toContain(word);
  });

  it('crew-profile-detail.json: brand-named links and German language keys renamed', () => {
    const mapped = mapProviderPayload(readReference('crew-profile-detail.json')) as Record<string, unknown>;
    expect(mapped).toMatchObject({
      filmdb_link: 'https://www.imdb.com/name/nm1234',
      filmdb_id: 'nm1234',
      social_page: 'my-facebook-page',
      photo_social_username: 'my-instagram-name',
      encyclopedia_url: 'https://de.wikipedia.org/wiki/my-wikipedia-page',
      languages: { deu: 'muttersprachlich', eng: 'fliessend' },
      homepage_url: 'https://www.example.com',
      agency_profile_url: 'https://www.my-agency/my-profile',
    });
  });

  it('casting-call-detail.json: filmmakers_url becomes service_url; role languages stay ISO', () => {
    const mapped = mapProviderPayload(readReference('casting-call-detail.json')) as { service_url: string; roles: { languages: object }[] };
    expect(mapped.service_url).toBe('https://www.filmmakers.eu/casting_calls/549');
    expect(mapped.roles[0]!.languages).toEqual({ eng: 'gut' });
  });
});

describe('field renames', () => {
  it('keeps the spec name when both are present and drops the brand-named one', () => {
    expect(mapProviderPayload({ id: 1, imdb_id: 'nm9', filmdb_id: 'nm1', filmmakers_url: 'brand', service_url: 'spec' })).toEqual({ id: 1, filmdb_id: 'nm1', service_url: 'spec' });
  });

  it('maps a brand pair to service_url and service_cd_url; castupload_* and other *_url stay', () => {
    const mapped = mapProviderPayload({
      id: 2,
      castforward_url: 'https://brand.example/a/2',
      castforward_cd_url: 'https://brand.example/cd/a/2',
      castupload_url: 'https://old.example/2',
      castupload_professional_url: 'https://old.example/pro/2',
      homepage_url: 'https://home.example',
      picture_url: 'https://pictures.example/2.jpg',
    });
    expect(mapped).toEqual({
      id: 2,
      service_url: 'https://brand.example/a/2',
      service_cd_url: 'https://brand.example/cd/a/2',
      castupload_url: 'https://old.example/2',
      castupload_professional_url: 'https://old.example/pro/2',
      homepage_url: 'https://home.example',
      picture_url: 'https://pictures.example/2.jpg',
    });
  });

  it('maps every item of a list and leaves non-objects for validation to report', () => {
    expect(mapProviderPayload([{ id: 1, facebook_page: 'x' }, 7])).toEqual([{ id: 1, social_page: 'x' }, 7]);
    expect(mapProviderPayload('text')).toBe('text');
    expect(mapProviderPayload(null)).toBeNull();
  });
});

describe('language keys', () => {
  it('maps German names (with or without umlauts) to ISO 639-2, leaves codes and unknown keys', () => {
    expect(mapLanguageKeys({ deutsch: 'muttersprachlich', Englisch: 'fliessend', französisch: 'gut', franzoesisch: 'x', klingonisch: 'gut', ita: 'gut' }))
      .toEqual({ deu: 'muttersprachlich', eng: 'fliessend', fra: 'gut', klingonisch: 'gut', ita: 'gut' });
  });

  it('keeps the ISO key when both name it', () => {
    expect(mapLanguageKeys({ deutsch: 'gut', deu: 'muttersprachlich' })).toEqual({ deu: 'muttersprachlich' });
  });

  it('knows the common spellings', () => {
    expect(['türkisch', 'tuerkisch', 'turkisch', 'RUMÄNISCH', 'niederländisch', 'gebärdensprache'].map(isoCodeForLanguageKey)).toEqual(['tur', 'tur', 'tur', 'ron', 'nld', 'sgn']);
    expect(isoCodeForLanguageKey('fliessend')).toBeUndefined();
    expect(isoCodeForLanguageKey('deu')).toBeUndefined();
  });
});
