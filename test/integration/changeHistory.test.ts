/**
 * The change history end to end: the renderer's sync engine (fake-indexeddb) syncs the conformance
 * fixture from the REAL directory service through the REAL back end, keeping every profile's
 * detail; the fixture then changes one actor's height, acting age, a new picture and a new film
 * credit, and another actor only in a field the history does not follow (weight); the next sync
 * records exactly those four fields for the first actor and nothing for the second, once, under
 * the directory's origin; a further sync with nothing new records nothing more. A switch of the
 * content language (details read again in German) records nothing; a new picture arriving together
 * with the switch back to English is recorded alone, not the about me read in English again.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelNames } from '../../contract/bridge-channels.ts';
import type { ContentLocale } from '../../contract/directory-api.ts';
import { createBackEnd, type BackEnd } from '../../electron/core/backEnd.ts';
import { onDetailWrite } from '../../renderer/src/db/detailWriteHook.ts';
import { directoryOriginOf } from '../../renderer/src/db/directoryOrigin.ts';
import { openHistoryDb, recentRecords, recordsOfProfile, type HistoryDb } from '../../renderer/src/db/historyDb.ts';
import { LibraryDb } from '../../renderer/src/db/libraryDb.ts';
import { recordDetailChange } from '../../renderer/src/db/recordDetailChange.ts';
import { createSyncEngine, type SyncBridge, type SyncEngine } from '../../renderer/src/sync/syncEngine.ts';
import type { FixtureInput } from '../../server/src/fixture/schema.ts';
import { startDirectory, type RunningDirectory } from '../../server/src/startDirectory.ts';

const fixturePath = fileURLToPath(new URL('../conformance/fixtures/directory.json', import.meta.url));
/** This key sees the actors of agency 1 (the fixture's casting key sees none). */
const key = 'k-agency-1-conformance';
const dexieOptions = { indexedDB, IDBKeyRange };

/** The fixture's actors as this test edits them (plain JSON). */
type EditableActor = Record<string, unknown> & { id: number; updated_at: string; pictures?: Record<string, unknown>[]; vita?: Record<string, unknown[]> };
type EditableFixture = Record<string, unknown> & { actor_profiles: EditableActor[] };

let directory: RunningDirectory;
let userDataDir: string;
let backEnd: BackEnd;
let connectionId: string;
let fixture: EditableFixture;
let library: LibraryDb;
let history: HistoryDb;
let engine: SyncEngine;
let origin: string;
/** The connection's content language as the renderer knows it. */
let contentLocale: ContentLocale = 'en';

/** The user switches the content language (the UI language, which it follows). */
async function switchContentLocale(next: ContentLocale): Promise<void> {
  const updated = await backEnd.call('updateConnection', { id: connectionId, contentLocale: next });
  if (!updated.ok) throw new Error(updated.error.message);
  contentLocale = next;
}

beforeAll(async () => {
  fixture = JSON.parse(await readFile(fixturePath, 'utf8')) as typeof fixture;
  directory = await startDirectory({ port: 0, fixture: structuredClone(fixture) as unknown as FixtureInput, rateLimit: { limit: 100_000, windowSeconds: 60 } });
  origin = directoryOriginOf(directory.baseUrl);
  userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-history-'));
  backEnd = await createBackEnd({ userDataDir, shell: 'web', version: 'test' });
  const added = await backEnd.call('addConnection', { name: 'History', baseUrl: directory.baseUrl, contentLocale: 'en', key });
  if (!added.ok) throw new Error(added.error.message);
  connectionId = (added.value as { id: string }).id;

  const suffix = `${process.pid}-${Date.now().toString(36)}`;
  library = new LibraryDb(`history-sync-${suffix}`, dexieOptions);
  history = await openHistoryDb(dexieOptions, `history-sync-${suffix}`);
  // As the history store wires it: every detail the library takes is compared with the cached one.
  onDetailWrite(library, async (kind, previous, next) => {
    await recordDetailChange(history, origin, kind, previous, next, new Date().toISOString());
  });
  const bridge = Object.fromEntries(channelNames.map((name) => [name, (args: unknown) => backEnd.call(name, args)])) as unknown as SyncBridge;
  // As the sync store wires it: details are asked in the connection's content language at each request.
  engine = createSyncEngine({
    db: library,
    bridge,
    connectionId,
    contentLocale: () => contentLocale,
    media: false,
    perPage: 100,
    lookbackSeconds: 0,
    backoff: { baseMs: 50, capMs: 400 },
  });
}, 120_000);

afterAll(async () => {
  engine?.dispose();
  for (const db of [library, history]) {
    db?.close();
    await db?.delete();
  }
  if (connectionId) await backEnd?.call('removeConnection', { id: connectionId });
  await backEnd?.close();
  await directory?.close();
  if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
});

const actor = (id: number): EditableActor => fixture.actor_profiles.find((profile) => profile.id === id)!;

describe('change history over a real sync', () => {
  it('records exactly the changed fields of a changed profile, nothing for the first sight or an unfollowed field', async () => {
    // Keep the whole roster offline: every actor's detail is fetched and cached.
    await engine.keepOffline({ kind: 'roster' });
    expect(await engine.run()).toBe('done');
    const cached = (await library.actors.toArray()).filter((row) => row.detail);
    expect(cached.map((row) => row.id)).toEqual(expect.arrayContaining([1, 2]));
    expect(await history.records.count()).toBe(0);

    const jonas = actor(1);
    expect(jonas).toMatchObject({ height: 182, acting_age_from: 20, acting_age_to: 30 });
    const first = jonas.pictures![0]!;
    const copy = JSON.parse(JSON.stringify(first).replaceAll('/101/', '/109/')) as Record<string, unknown>;
    jonas.pictures!.push({ ...copy, id: 109, position: 9, landscape_position: 9, portrait_position: 9, created_at: '2026-05-30T10:00:00.000Z' });
    jonas.vita!.film!.push({ id: 99, name: 'Neuer Film', role: 'Kommissar', year_from: 2026, year_to: 2026, in_development: false, position: 2 });
    jonas.height = 185;
    jonas.acting_age_to = 35;
    jonas.updated_at = '2026-06-01T10:00:00.000+00:00';
    const other = actor(2);
    other.weight = Number(other.weight ?? 70) + 3;
    other.updated_at = '2026-06-01T10:00:00.000+00:00';
    await directory.replaceData(structuredClone(fixture) as unknown as FixtureInput);

    expect(await engine.run()).toBe('done');
    expect((await library.actors.get(1))?.detail?.height).toBe(185);
    expect((await library.actors.get(2))?.detail?.updated_at).toBe('2026-06-01T10:00:00.000+00:00');

    const records = await recentRecords(history, 100);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ origin, kind: 'actor', profileId: 1, name: 'Jonas Becker', updatedAt: '2026-06-01T10:00:00.000+00:00' });
    expect(records[0]!.changes).toEqual([
      { field: 'pictures', added: [109], removed: [] },
      { field: 'credits', added: [{ group: 'film', name: 'Neuer Film', role: 'Kommissar', year: 2026 }], removed: [] },
      { field: 'actingAge', from: { from: 20, to: 30 }, to: { from: 20, to: 35 } },
      { field: 'height', from: 182, to: 185 },
    ]);

    // Nothing new: a further sync (and opening the profile) records nothing more.
    expect(await engine.run()).toBe('done');
    await engine.view('actor', 1);
    expect(await recordsOfProfile(history, origin, 'actor', 1)).toHaveLength(1);
    expect(await history.records.count()).toBe(1);
  });

  it('records no language switch: details read again in German record nothing; a new picture arriving with the switch back is recorded alone', async () => {
    const before = await history.records.count();
    expect((await library.actors.get(1))?.detailLocale).toBe('en');
    expect((await library.actors.get(1))?.detail?.about_me).toBe('I am Jonas.');

    // The user switches to German and opens both profiles: their about me comes in German (or none).
    await switchContentLocale('de');
    for (const id of [1, 2]) await engine.view('actor', id);
    expect(await library.actors.get(1)).toMatchObject({ detailLocale: 'de', detail: { about_me: 'Ich bin Jonas.' } });
    expect(await library.actors.get(2)).toMatchObject({ detailLocale: 'de', detail: { about_me: null } });
    expect(await engine.run()).toBe('done');
    expect(await history.records.count()).toBe(before);

    // A new picture of Jonas; the user switches back to English before the next sync.
    const jonas = actor(1);
    const first = jonas.pictures![0]!;
    const copy = JSON.parse(JSON.stringify(first).replaceAll('/101/', '/110/')) as Record<string, unknown>;
    jonas.pictures!.push({ ...copy, id: 110, position: 10, landscape_position: 10, portrait_position: 10, created_at: '2026-07-01T10:00:00.000Z' });
    jonas.updated_at = '2026-07-01T10:00:00.000+00:00';
    await directory.replaceData(structuredClone(fixture) as unknown as FixtureInput);
    await switchContentLocale('en');
    expect(await engine.run()).toBe('done');
    expect(await library.actors.get(1)).toMatchObject({ detailLocale: 'en', detail: { about_me: 'I am Jonas.', updated_at: '2026-07-01T10:00:00.000+00:00' } });

    const records = await recordsOfProfile(history, origin, 'actor', 1);
    expect(records[0]).toMatchObject({ updatedAt: '2026-07-01T10:00:00.000+00:00', changes: [{ field: 'pictures', added: [110], removed: [] }] });
    expect(await history.records.count()).toBe(before + 1);
  });

  it('a crew detail asked in Ukrainian, which the crew endpoint lacks, comes in English and is kept as asked', async () => {
    const crew = await library.crew.toCollection().first();
    expect(crew?.detail).toBeDefined();
    await switchContentLocale('uk');
    const viewed = await engine.view('crew', crew!.id);
    expect(viewed).toMatchObject({ fromCache: false, detail: { id: crew!.id } });
    expect((await library.crew.get(crew!.id))?.detailLocale).toBe('uk');
    await switchContentLocale('en');
  });
});
