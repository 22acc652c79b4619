/**
 * The provider's real answers (../shared/reference-payloads) replayed through the directory
 * service and the app's parser: the records are loaded into the service as a fixture, served back,
 * and both the provider's answer and the service's pass through the client's mapping and schemas.
 * The service must answer with the same keys holding the same JSON types, so the app is exercised
 * against the dialect a real directory speaks.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  actorListItemSchema,
  castingCallDetailSchema,
  castingCallListItemSchema,
  crewDetailSchema,
  crewListItemSchema,
} from '../../contract/directory-api.ts';
import { mapProviderPayload } from '../../electron/core/directory/payloadMapping.ts';
import { startDirectory, type RunningDirectory } from '../../server/src/startDirectory.ts';

const referenceFolder = fileURLToPath(new URL('../../../shared/reference-payloads/', import.meta.url));
const KEY = 'k-reference-payloads';
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const reference = (name: string): Json => JSON.parse(readFileSync(path.join(referenceFolder, `${name}.json`), 'utf8')) as Json;
const asRecord = (value: Json): Record<string, Json> => value as Record<string, Json>;

/** The JSON type of every key, nested objects and the first element of arrays included. */
function shape(value: Json, at = '$'): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (node: Json, where: string) => {
    const type = node === null ? 'null' : Array.isArray(node) ? 'array' : typeof node;
    out.set(where, type);
    if (Array.isArray(node)) {
      if (node.length > 0) walk(node[0]!, `${where}[]`);
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) walk(child, `${where}.${key}`);
    }
  };
  walk(value, at);
  return out;
}

/** Every key of the provider's answer is in the service's, with the same JSON type (null matches null only). */
function expectSameShape(provider: Json, service: Json, what: string): void {
  const expected = shape(mapProviderPayload(provider) as Json);
  const actual = shape(mapProviderPayload(service) as Json);
  const differences = [...expected].filter(([where, type]) => actual.get(where) !== type).map(([where, type]) => `${where}: provider ${type}, service ${actual.get(where) ?? 'missing'}`);
  expect(differences, what).toEqual([]);
}

function expectParses(schema: z.ZodType, value: Json, what: string): void {
  const parsed = schema.safeParse(mapProviderPayload(value));
  expect(parsed.success, `${what}: ${parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))}`).toBe(true);
}

let directory: RunningDirectory;
let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'castdesk-reference-'));
  // The fixture holds the spec's field names (payloadMapping renames the brand-named ones) and the
  // provider's closed-list keys as they came (the mapping would turn language words into codes).
  const crew = { ...asRecord(mapProviderPayload(reference('crew-profile-detail')) as Json), languages: asRecord(reference('crew-profile-detail')).languages! };
  const call = asRecord(mapProviderPayload(reference('casting-call-detail')) as Json);
  const actors = (reference('actor-profile-list') as Json[]).map((item) => {
    const { id, name, gender } = asRecord(item) as { id: number; name: string; gender: string };
    const [first_name, last_name] = name.split(' ');
    return {
      id, first_name, last_name, gender, updated_at: '2025-02-18T13:05:24.865+01:00',
      talent_agency_connections: [{ talent_agency_id: 1, connection_type: 'primary_agency' }],
    };
  });
  const fixture = {
    agencies: [{ id: 1, name: 'Reference Agency' }],
    api_keys: [{ key: KEY, agency_ids: [1], casting_calls: [call.id], invited_role_ids: [] }],
    actor_profiles: actors,
    crew_profiles: [crew],
    casting_calls: [call],
  };
  const file = path.join(folder, 'reference.json');
  writeFileSync(file, JSON.stringify(fixture));
  directory = await startDirectory({ port: 0, fixture: file, rateLimit: { limit: 100_000, windowSeconds: 300 } });
}, 120_000);

afterAll(async () => {
  await directory?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

async function get(pathAndQuery: string): Promise<Json> {
  const response = await fetch(`${directory.baseUrl}${pathAndQuery}`, { headers: { Authorization: `Token token=${KEY}` } });
  expect(response.status, pathAndQuery).toBe(200);
  return (await response.json()) as Json;
}

describe('the reference payloads through the service and the parser', () => {
  it('crew profile detail: same keys, same types, and the parser reads both', async () => {
    const provider = reference('crew-profile-detail');
    const service = await get(`/api/v1/crew_profiles/${asRecord(provider).id}/`);
    expectParses(crewDetailSchema, provider, 'provider crew detail');
    expectParses(crewDetailSchema, service, 'service crew detail');
    expectSameShape(provider, service, 'crew detail');
    // the provider's vocabulary survives the round trip
    expect(asRecord(service).languages).toEqual({ deutsch: 'muttersprachlich', englisch: 'fliessend' });
  });

  it('casting call detail: same keys, same types, roles keyed by ISO codes', async () => {
    const provider = reference('casting-call-detail');
    const service = await get(`/api/v1/casting_calls/${asRecord(provider).id}/`);
    expectParses(castingCallDetailSchema, provider, 'provider casting call');
    expectParses(castingCallDetailSchema, service, 'service casting call');
    expectSameShape(provider, service, 'casting call detail');
    expect((asRecord(service).roles as Json[]).map((role) => asRecord(role).languages)).toEqual([{ eng: 'gut' }]);
  });

  it('lists: the default fields of actors, crew and casting calls', async () => {
    const lists: [string, string, z.ZodType][] = [
      ['actor-profile-list', '/api/v1/actor_profiles/', actorListItemSchema],
      ['crew-profile-list', '/api/v1/crew_profiles/', crewListItemSchema],
      ['casting-call-list', '/api/v1/casting_calls/', castingCallListItemSchema],
    ];
    for (const [name, route, schema] of lists) {
      const provider = reference(name) as Json[];
      const service = (await get(route)) as Json[];
      expect(service.length, name).toBeGreaterThan(0);
      for (const item of [...provider, ...service]) expectParses(schema, item, name);
      expectSameShape(provider[0]!, service[0]!, name);
    }
  });
});
