/**
 * The list fields and limits are declared once (contract/list-fields.ts, list-limits.ts); this
 * fails when an end drifts from them. Against the real directory service on the conformance
 * fixture: the service answers every field of each list and no other, the bridge accepts no other,
 * and the renderer's sync engine (fake-indexeddb) asks the REAL back end for exactly those lists and
 * receives all of them; the service and the bridge draw the line of per_page and q at the same place.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { channelNames } from '../../contract/bridge-channels.ts';
import { actorListFields, castingCallListFields, crewListFields } from '../../contract/list-fields.ts';
import { maxNameQueryLength, maxPerPage } from '../../contract/list-limits.ts';
import { createBackEnd, type BackEnd } from '../../electron/core/backEnd.ts';
import { LibraryDb } from '../../renderer/src/db/libraryDb.ts';
import { createSyncEngine, type SyncBridge } from '../../renderer/src/sync/syncEngine.ts';
import { KEY_AGENCY_1, START_TIMEOUT, startFixtureService, type FixtureService } from '../conformance/support/service.ts';

const lists = [
  { channel: 'listActors', path: '/api/v1/actor_profiles', fields: actorListFields },
  { channel: 'listCrew', path: '/api/v1/crew_profiles', fields: crewListFields },
  { channel: 'listCastingCalls', path: '/api/v1/casting_calls', fields: castingCallListFields },
] as const;
/** Added by include_picture, not by `fields`. */
const pictureKeys = new Set(['main_picture_url_tile', 'picture_url', 'picture_copyright']);

let service: FixtureService;
let userDataDir: string;
let backEnd: BackEnd;
let connectionId: string;
let db: LibraryDb;

beforeAll(async () => {
  service = await startFixtureService('directory.json', {}, KEY_AGENCY_1);
  userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-list-fields-'));
  backEnd = await createBackEnd({ userDataDir, shell: 'web', version: 'test' });
  const added = await backEnd.call('addConnection', { name: 'Fields', baseUrl: service.directory.baseUrl, contentLocale: 'en', key: KEY_AGENCY_1 });
  if (!added.ok) throw new Error(added.error.message);
  connectionId = (added.value as { id: string }).id;
  db = new LibraryDb(`list-fields-${process.pid}-${Date.now().toString(36)}`, { indexedDB, IDBKeyRange });
}, START_TIMEOUT);

afterAll(async () => {
  if (db) {
    db.close();
    await db.delete();
  }
  await backEnd?.close();
  await service?.directory.close();
  if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
});

/** Every key the items carry, besides id and the picture keys. */
function fieldsOf(items: Record<string, unknown>[]): string[] {
  return [...new Set(items.flatMap((item) => Object.keys(item)))].filter((key) => key !== 'id' && !pictureKeys.has(key)).sort();
}

it("the service answers each list's contract fields, all of them and no other", async () => {
  for (const list of lists) {
    const answer = await service.api.get<Record<string, unknown>[]>(`${list.path}?per_page=1000&fields=${[...list.fields, 'bogus', 'visibility'].join(',')}`);
    expect(answer.status, list.path).toBe(200);
    expect(answer.body.length, list.path).toBeGreaterThan(1);
    expect(fieldsOf(answer.body), list.path).toEqual([...list.fields].sort());
  }
});

it('the bridge refuses a field the contract does not list', async () => {
  for (const list of lists) {
    const refused = await backEnd.call(list.channel, { connectionId, params: { fields: ['name', 'visibility'] } });
    expect(refused, list.channel).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
  }
});

it("the app's sync asks for exactly the contract's fields and receives every one", async () => {
  const asked = new Map<string, unknown[]>();
  const received = new Map<string, Record<string, unknown>[]>();
  const bridge = Object.fromEntries(
    channelNames.map((name) => [
      name,
      async (args: { params?: { fields?: unknown } }) => {
        const result = await backEnd.call(name, args);
        if (name.startsWith('list')) {
          asked.set(name, [...(asked.get(name) ?? []), args.params?.fields]);
          if (result.ok) received.set(name, [...(received.get(name) ?? []), ...(result.value as { items: Record<string, unknown>[] }).items]);
        }
        return result;
      },
    ]),
  ) as unknown as SyncBridge;
  const engine = createSyncEngine({ db, bridge, connectionId, details: false, media: false });
  expect(await engine.run()).toBe('done');
  engine.dispose();
  for (const list of lists) {
    expect(asked.get(list.channel), list.channel).not.toHaveLength(0);
    for (const fields of asked.get(list.channel)!) expect(fields, list.channel).toEqual(list.fields);
    expect(fieldsOf(received.get(list.channel)!), list.channel).toEqual([...list.fields].sort());
  }
});

it('the service and the bridge take per_page and q up to the same limits', async () => {
  const status = async (query: string) => (await service.api.get(`/api/v1/actor_profiles?${query}`)).status;
  expect(await status(`per_page=${maxPerPage}`)).toBe(200);
  expect(await status(`per_page=${maxPerPage + 1}`)).toBe(400);
  expect(await status(`q=${'a'.repeat(maxNameQueryLength)}`)).toBe(200);
  expect(await status(`q=${'a'.repeat(maxNameQueryLength + 1)}`)).toBe(400);

  const list = (params: Record<string, unknown>) => backEnd.call('listActors', { connectionId, params });
  expect(await list({ perPage: maxPerPage, q: 'a'.repeat(maxNameQueryLength) })).toMatchObject({ ok: true });
  expect(await list({ perPage: maxPerPage + 1 })).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
  expect(await list({ q: 'a'.repeat(maxNameQueryLength + 1) })).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
});
