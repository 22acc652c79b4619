/**
 * The app's side of a shared list, with real parts: a real office server on 127.0.0.1, two members
 * each with their own shortlist database (Dexie on fake-indexeddb: each member a computer of its
 * own, in Node; Chromium's IndexedDB would need the web shell and a page per member) and the
 * app's own modules (officeSharing.ts, officeConnection.ts) over real WebSockets. Shared, edited
 * offline by both (the same note typed by both, the rating changed by both, one deletes what the
 * other annotates), reopened from the database and reconnected: both converge and nothing typed is
 * lost. The token is never sent off its origin; stopping sharing leaves a personal copy.
 */
// Dexie's live queries, which y-dexie loads documents with, need IndexedDB's globals (a page has
// them); each member still gets a factory of their own below.
import 'fake-indexeddb/auto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DexieOptions } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { DexieYProvider } from 'y-dexie';
import * as Y from 'yjs';
import type { OfficeToken } from '../../../contract/officeBridge.ts';
import { ShortlistDb, listDocUpdatesTable, type ShortlistEntryRow } from '../../../renderer/src/db/shortlistDb.ts';
import { connectOffice, type AttachedList, type OfficeConnection, type OfficeListSync } from '../../../renderer/src/sync/officeConnection.ts';
import { nameOnlySnapshot, readListDoc } from '../../../renderer/src/sync/officeListDoc.ts';
import { entriesOf, officeEntryKey } from '../../../renderer/src/db/listDocShape.ts';
import { openSharedList, shareList, stopSharing, writeRowsFromDoc } from '../../../renderer/src/sync/officeSharing.ts';
import { startOffice, type RunningOffice } from '../../../server/office/startOffice.ts';
import { addMember, httpUrlOf } from './officeSupport.ts';

const origin = 'https://directory.example.com';
let office: RunningOffice;
let officeId: string;
let dataDir: string;
let listener: Server;
let listenerSocketUrl: string;
const seenByListener: string[] = [];
const grants: Record<'lea' | 'ben', OfficeToken> = {} as never;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'castdesk-office-app-'));
  office = await startOffice({ host: '127.0.0.1', port: 0, dataDir: join(dataDir, 'office'), log: () => undefined });
  const created = await office.members.createOffice('Casting Office', 'Owner');
  officeId = created.officeId;
  const httpUrl = httpUrlOf(office.url);
  for (const name of ['lea', 'ben'] as const) {
    const { token } = await addMember(httpUrl, officeId, created.token, name, { role: 'editor' });
    grants[name] = { token, origin: new URL(httpUrl).origin, socketUrl: office.url, officeId };
  }
  // Another host on this machine, recording every request and upgrade it receives.
  listener = createServer((request, response) => {
    seenByListener.push(`${request.url} ${JSON.stringify(request.headers)}`);
    response.end();
  });
  listener.on('upgrade', (request, socket) => {
    seenByListener.push(`upgrade ${request.url} ${JSON.stringify(request.headers)}`);
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerSocketUrl = `ws://127.0.0.1:${(listener.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
  await office?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** One member's computer: its own IndexedDB, its own shortlist database. */
interface Computer {
  options: DexieOptions;
  name: string;
  db: ShortlistDb;
}

async function computer(): Promise<Computer> {
  const options: DexieOptions = { indexedDB: new IDBFactory(), IDBKeyRange };
  const name = `castdesk-shortlists-${crypto.randomUUID()}`;
  const db = new ShortlistDb(options, name);
  await db.open();
  return { options, name, db };
}

/** A restart: the database closed and opened again, so documents come back from IndexedDB only. */
async function restart(machine: Computer): Promise<void> {
  machine.db.close();
  machine.db = new ShortlistDb(machine.options, machine.name);
  await machine.db.open();
}

function entryRow(actorId: number, position: number, name: string, fields: Partial<ShortlistEntryRow> = {}): ShortlistEntryRow {
  const at = '2026-01-03T09:00:00.000Z';
  return { shortlistId: 1, directoryOrigin: origin, actorId, position, note: '', rating: null, colours: [], tags: [], status: 'considering', addedAt: at, updatedAt: at, snapshot: nameOnlySnapshot(name), ...fields };
}

interface Online {
  connection: OfficeConnection;
  list: AttachedList;
  doc: Y.Doc;
  states: OfficeListSync[];
  close(): void;
}

/** Loads the list's document from the member's database and attaches it to the office. */
async function goOnline(machine: Computer, shortlistId: number, grant: OfficeToken): Promise<Online> {
  const row = (await machine.db.officeLists.get(shortlistId))!;
  const { doc } = (await machine.db.listDocs.get(shortlistId))!;
  const loaded = DexieYProvider.load(doc);
  await loaded.whenLoaded;
  const connection = connectOffice(grant, { WebSocketPolyfill: WebSocket, delay: { min: 50, max: 500 } });
  const list = connection.attach(row.listId, doc);
  const states: OfficeListSync[] = [];
  list.onSync((state) => states.push(state));
  return {
    connection,
    list,
    doc,
    states,
    close() {
      connection.close();
      DexieYProvider.release(doc);
    },
  };
}

async function acknowledged(online: Online): Promise<void> {
  await vi.waitFor(() => expect(online.list.provider.isSynced && online.list.provider.unsyncedChanges === 0).toBe(true), { timeout: 30_000, interval: 10 });
}

async function converged(a: Y.Doc, b: Y.Doc): Promise<void> {
  await vi.waitFor(() => expect(Buffer.from(Y.encodeStateVector(a)).equals(Buffer.from(Y.encodeStateVector(b)))).toBe(true), { timeout: 30_000, interval: 10 });
}

function entry(doc: Y.Doc, actorId: number): Y.Map<unknown> {
  return entriesOf(doc).get(officeEntryKey(origin, actorId))!;
}

it('two members share a list, edit it offline, restart, reconnect and converge without losing a word', async () => {
  const lea = await computer();
  const ben = await computer();
  const listId = await lea.db.shortlists.add({ name: 'Callbacks', castingCallId: null, roleId: null, castingCallName: null, roleName: null, createdAt: 'x', updatedAt: 'x' });
  await lea.db.entries.bulkAdd([
    entryRow(1, 1, 'Anna Berg', { shortlistId: listId, note: 'Reading: ', rating: 3, colours: ['red'], tags: ['lead'], status: 'callback' }),
    entryRow(2, 2, 'Bea Cole', { shortlistId: listId, note: 'Agent says ' }),
    entryRow(3, 3, 'Cem Demir', { shortlistId: listId }),
  ]);
  const officeListId = await shareList(lea.db, listId, { officeRecordId: crypto.randomUUID(), officeId });

  let leaOnline = await goOnline(lea, listId, grants.lea);
  await acknowledged(leaOnline);
  expect(leaOnline.states.at(-1)).toMatchObject({ state: 'synced' });

  const benListId = await openSharedList(ben.db, { officeRecordId: crypto.randomUUID(), officeId }, officeListId, 'Shared by Lea');
  let benOnline = await goOnline(ben, benListId, grants.ben);
  await acknowledged(benOnline);
  await converged(leaOnline.doc, benOnline.doc);
  await writeRowsFromDoc(ben.db, benListId, benOnline.doc);
  expect((await ben.db.shortlists.get(benListId))!.name).toBe('Callbacks');
  expect((await ben.db.entries.where('shortlistId').equals(benListId).sortBy('position')).map((row) => [row.actorId, row.snapshot.name, row.note, row.rating, row.status])).toEqual([
    [1, 'Anna Berg', 'Reading: ', 3, 'callback'],
    [2, 'Bea Cole', 'Agent says ', null, 'considering'],
    [3, 'Cem Demir', '', null, 'considering'],
  ]);

  // Offline: both computers without the office.
  leaOnline.close();
  benOnline.close();
  const edit = async (machine: Computer, shortlistId: number, change: (doc: Y.Doc) => void) => {
    const row = (await machine.db.listDocs.get(shortlistId))!;
    const loaded = DexieYProvider.load(row.doc);
    await loaded.whenLoaded;
    const updates = machine.db.table(listDocUpdatesTable);
    const before = await updates.count();
    row.doc.transact(() => change(row.doc));
    // y-dexie stores each update of the document as a row of its own: wait until they are written.
    await vi.waitFor(async () => expect(await updates.count()).toBeGreaterThan(before), { timeout: 30_000, interval: 10 });
    DexieYProvider.release(row.doc);
  };
  await edit(lea, listId, (doc) => {
    (entry(doc, 1).get('note') as Y.Text).insert((entry(doc, 1).get('note') as Y.Text).length, '<lea strong>');
    entry(doc, 1).set('rating', 5);
    entry(doc, 2).set('deleted', true);
  });
  await edit(ben, benListId, (doc) => {
    (entry(doc, 1).get('note') as Y.Text).insert(0, '<ben first>');
    entry(doc, 1).set('rating', 2);
    (entry(doc, 2).get('note') as Y.Text).insert((entry(doc, 2).get('note') as Y.Text).length, '<ben: available in May>');
  });
  // Both computers restart: what they typed offline comes back from their own database.
  await restart(lea);
  await restart(ben);

  leaOnline = await goOnline(lea, listId, grants.lea);
  benOnline = await goOnline(ben, benListId, grants.ben);
  try {
    await Promise.all([acknowledged(leaOnline), acknowledged(benOnline)]);
    await converged(leaOnline.doc, benOnline.doc);
    expect(entriesOf(leaOnline.doc).toJSON()).toEqual(entriesOf(benOnline.doc).toJSON());
    const note = String(entry(leaOnline.doc, 1).get('note'));
    expect(note).toContain('<lea strong>');
    expect(note).toContain('<ben first>');
    expect([2, 5]).toContain(entry(leaOnline.doc, 1).get('rating'));
    // Lea's delete does not throw away Ben's annotation: the entry is hidden, the note kept (an undo restores it).
    expect(entry(leaOnline.doc, 2).get('deleted')).toBe(true);
    expect(String(entry(leaOnline.doc, 2).get('note'))).toBe('Agent says <ben: available in May>');
    expect(readListDoc(leaOnline.doc).entries.map((shown) => shown.actor.id)).toEqual([1, 3]);

    // Each computer's list rows say the same.
    await writeRowsFromDoc(lea.db, listId, leaOnline.doc);
    await writeRowsFromDoc(ben.db, benListId, benOnline.doc);
    const rowsOf = async (machine: Computer, shortlistId: number) =>
      (await machine.db.entries.where('shortlistId').equals(shortlistId).sortBy('position')).map(({ actorId, note, rating, colours, tags, status, position }) => ({ actorId, note, rating, colours, tags, status, position }));
    expect(await rowsOf(ben, benListId)).toEqual(await rowsOf(lea, listId));
  } finally {
    leaOnline.close();
    benOnline.close();
  }

  // Ben stops sharing: his copy stays as a personal list; Lea's list stays shared and untouched.
  await stopSharing(ben.db, benListId);
  expect(await ben.db.officeLists.count()).toBe(0);
  expect((await ben.db.entries.where('shortlistId').equals(benListId).toArray()).map((row) => row.actorId).sort()).toEqual([1, 3]);
  expect(await lea.db.officeLists.count()).toBe(1);
  lea.db.close();
  ben.db.close();
});

it('the token is never sent to another origin, whatever address the socket is given', async () => {
  const moved: OfficeToken = { ...grants.lea, socketUrl: listenerSocketUrl };
  expect(() => connectOffice(moved, { WebSocketPolyfill: WebSocket })).toThrow(expect.objectContaining({ code: 'office_foreign_origin' }));
  const plainHttp: OfficeToken = { ...grants.lea, socketUrl: listenerSocketUrl.replace(/^ws/, 'http') };
  expect(() => connectOffice(plainHttp, { WebSocketPolyfill: WebSocket })).toThrow(expect.objectContaining({ code: 'office_foreign_origin' }));
  // The same token on its own origin works, so the refusal above is about the address alone.
  const machine = await computer();
  const id = await openSharedList(machine.db, { officeRecordId: crypto.randomUUID(), officeId }, 'probe', 'Probe');
  const online = await goOnline(machine, id, grants.lea);
  try {
    await acknowledged(online);
  } finally {
    online.close();
    machine.db.close();
  }
  for (const request of seenByListener) expect(request).not.toContain(grants.lea.token);
  expect(seenByListener).toEqual([]);
});

it('a colleague\'s change arriving on a synced list moves its "synced" time on', async () => {
  const listId = crypto.randomUUID().replaceAll('-', '');
  let clock = Date.parse('2026-03-01T10:00:00.000Z');
  const doc = new Y.Doc();
  const connection = connectOffice(grants.lea, { WebSocketPolyfill: WebSocket, delay: { min: 50, max: 500 }, now: () => new Date(clock) });
  const list = connection.attach(listId, doc);
  const states: OfficeListSync[] = [];
  list.onSync((state) => states.push(state));
  const colleague = new Y.Doc();
  const ben = connectOffice(grants.ben, { WebSocketPolyfill: WebSocket, delay: { min: 50, max: 500 } });
  const bens = ben.attach(listId, colleague);
  try {
    await vi.waitFor(() => expect(states.at(-1)).toEqual({ state: 'synced', at: '2026-03-01T10:00:00.000Z' }), { timeout: 30_000, interval: 10 });
    await vi.waitFor(() => expect(bens.provider.isSynced).toBe(true), { timeout: 30_000, interval: 10 });
    clock += 5 * 60_000;
    colleague.getMap('meta').set('name', 'Renamed by Ben');
    await vi.waitFor(() => expect(doc.getMap('meta').get('name')).toBe('Renamed by Ben'), { timeout: 30_000, interval: 10 });
    // Before, the list kept saying it synced five minutes ago while the colleague's change was in it.
    expect(states.at(-1)).toEqual({ state: 'synced', at: '2026-03-01T10:05:00.000Z' });
  } finally {
    connection.close();
    ben.close();
  }
});

it('a list still waiting after a restart says when this computer last knew it in sync, not the restart; one never synced names no time', async () => {
  // The office cannot be reached: nothing answers at its address.
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const unreachable: OfficeToken = { ...grants.lea, origin: `http://127.0.0.1:${port}`, socketUrl: `ws://127.0.0.1:${port}` };
  const connection = connectOffice(unreachable, { WebSocketPolyfill: WebSocket, delay: { min: 50, max: 500 }, now: () => new Date('2026-03-01T10:00:00.000Z') });
  const states: OfficeListSync[] = [];
  const neverSynced: OfficeListSync[] = [];
  connection.attach('restarted', new Y.Doc(), '2026-03-01T09:15:00.000Z').onSync((state) => states.push(state));
  connection.attach('new', new Y.Doc()).onSync((state) => neverSynced.push(state));
  try {
    await vi.waitFor(() => expect(states.length).toBeGreaterThan(0), { timeout: 30_000, interval: 10 });
    // Before, it said "waiting since 10:00", the moment the app started again.
    expect(states.at(-1)).toEqual({ state: 'waiting', lastSynced: '2026-03-01T09:15:00.000Z' });
    // Before, "waiting since 10:00" for a list that never synced: a time it was never in sync.
    await vi.waitFor(() => expect(neverSynced.length).toBeGreaterThan(0), { timeout: 30_000, interval: 10 });
    expect(neverSynced.at(-1)).toEqual({ state: 'waiting', lastSynced: null });
  } finally {
    connection.close();
  }
});
