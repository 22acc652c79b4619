/**
 * Removing a list from an office ("Stop sharing", DELETE /offices/:office/lists/:list) on a real
 * office server on 127.0.0.1 with PGlite in a temp folder, real providers over WebSocket: a
 * member's open connection to the list is closed at once with `accessRemovedReason`, a new one is
 * refused with it, the directory no longer lists it, and the member's other list on the same
 * socket is never closed. Who may remove it (an editor of the list, the owner) and the refusals (403, 404, 400).
 * The office keeps nothing of a removed list: its document, update log and history are deleted,
 * and an instance that still has it loaded writes nothing of it back (read with SQL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accessRemovedReason } from '../../../contract/officeRoles.ts';
import type { Database } from '../../../server/src/db/database.ts';
import { officeDocumentName } from '../../../server/office/documentName.ts';
import { documentStore } from '../../../server/office/documentStore.ts';
import { openOfficeDatabase } from '../../../server/office/officeDatabase.ts';
import { addEntry, entriesOf } from '../../../server/office/listDocument.ts';
import { startOffice, type RunningOffice } from '../../../server/office/startOffice.ts';
import { acknowledged, addMember, api, httpUrlOf, openList, openSocket, type ListClient } from './officeSupport.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'castdesk-office-removal-'));
let db: Database;
let office: RunningOffice;
let http: string;
let officeId: string;
let ownerToken: string;
const clients: ListClient[] = [];
const sockets: ReturnType<typeof openSocket>[] = [];

beforeAll(async () => {
  // Opened here so the test can read it, and so a second instance can share it (as instances share PostgreSQL).
  db = await openOfficeDatabase({ dataDir: join(dataDir, 'data') });
  office = await startOffice({ host: '127.0.0.1', port: 0, database: db, log: () => undefined });
  http = httpUrlOf(office.url);
  ({ officeId, token: ownerToken } = await office.members.createOffice('Casting Office Berlin', 'Lea'));
}, 120_000);

afterAll(async () => {
  for (const client of clients) client.destroy();
  for (const socket of sockets) socket.destroy();
  await office?.close();
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A list with one entry, written and acknowledged by the owner (left open). */
async function listWithEntry(listId: string): Promise<ListClient> {
  const owner = openList(office.url, officeDocumentName(officeId, listId), ownerToken);
  clients.push(owner);
  await owner.synced;
  addEntry(owner.doc, 'e1', { position: 'a0', actor: { origin: 'https://directory.example', id: 7, name: 'Jonas Weber' }, note: 'strong' });
  await acknowledged(owner);
  return owner;
}

/** How many rows of list `listId` the office's database holds: its stored state, its update log, its history. */
async function storedOf(listId: string): Promise<{ documents: number; updates: number; activity: number }> {
  const name = officeDocumentName(officeId, listId);
  const count = async (table: string) => Number((await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table} WHERE name = $1`, [name]))[0]!.n);
  return { documents: await count('office_documents'), updates: await count('office_document_updates'), activity: await count('office_list_activity') };
}

const listed = async (token: string) => (await api<{ lists: { id: string }[] }>(http, 'GET', `/offices/${officeId}/lists`, undefined, token)).body.lists.map((list) => list.id);
const remove = (listId: string, token?: string) => api<{ error?: { code: string } }>(http, 'DELETE', `/offices/${officeId}/lists/${listId}`, undefined, token);

describe('removing a list from the office', () => {
  it("closes a member's open connection to it at once, refuses them on reconnect, and drops it from the directory", async () => {
    const owner = await listWithEntry('gone');
    await listWithEntry('stays');
    const ben = await addMember(http, officeId, ownerToken, 'Ben', { role: 'editor' });
    // Ben keeps both lists on one socket, as the app does.
    const socket = openSocket(office.url);
    sockets.push(socket);
    const gone = openList(office.url, officeDocumentName(officeId, 'gone'), ben.token, undefined, socket);
    const stays = openList(office.url, officeDocumentName(officeId, 'stays'), ben.token, undefined, socket);
    clients.push(gone, stays);
    await Promise.all([gone.synced, stays.synced]);
    expect(entriesOf(gone.doc).get('e1')!.get('note')!.toString()).toBe('strong');
    expect(await listed(ben.token)).toEqual(expect.arrayContaining(['gone', 'stays']));
    let socketCloses = 0;
    socket.on('close', () => (socketCloses += 1));

    expect((await remove('gone', ownerToken)).status).toBe(204);

    await vi.waitFor(() => expect(gone.closeReasons).toContain(accessRemovedReason), { timeout: 30_000 });
    await vi.waitFor(() => expect(owner.closeReasons).toContain(accessRemovedReason), { timeout: 30_000 });
    expect(await listed(ben.token)).not.toContain('gone');
    expect(await listed(ownerToken)).not.toContain('gone');
    // A new connection is refused too.
    const again = openList(office.url, officeDocumentName(officeId, 'gone'), ben.token);
    clients.push(again);
    await vi.waitFor(() => expect(again.authFailures).toEqual([accessRemovedReason]), { timeout: 30_000 });
    // Ben's other list on the same socket was left alone: never closed, and it syncs on.
    entriesOf(stays.doc).get('e1')!.set('rating', 4);
    await acknowledged(stays);
    expect(stays.closeReasons).toEqual([]);
    expect(stays.authFailures).toEqual([]);
    expect(socketCloses).toBe(0);
  });

  it('lets an editor of the list remove it, and refuses a reviewer, a viewer and a stranger (403)', async () => {
    await listWithEntry('by-editor');
    const editor = await addMember(http, officeId, ownerToken, 'Cleo', { role: 'editor', listId: 'by-editor' });
    const reviewer = await addMember(http, officeId, ownerToken, 'Dana', { role: 'reviewer', listId: 'by-editor' });
    const viewer = await addMember(http, officeId, ownerToken, 'Emil', { role: 'viewer' });
    const stranger = await office.members.createOffice('Another Office', 'Max');
    expect((await remove('by-editor', reviewer.token)).status).toBe(403);
    expect((await remove('by-editor', viewer.token)).status).toBe(403);
    expect((await remove('by-editor', stranger.token)).status).toBe(403);
    expect((await remove('by-editor')).status).toBe(401);
    expect(await listed(ownerToken)).toContain('by-editor');
    expect((await remove('by-editor', editor.token)).status).toBe(204);
    expect(await listed(ownerToken)).not.toContain('by-editor');
  });

  it('keeps nothing of the list: its document, log and history are deleted, and an instance that still has it loaded writes nothing back', async () => {
    // A second instance on the same database, storing only as it closes: it keeps the list loaded
    // with the owner's connection while the first instance removes it.
    const second = await startOffice({ host: '127.0.0.1', port: 0, database: db, log: () => undefined, storeDebounceMs: 600_000 });
    try {
      const owner = openList(second.url, officeDocumentName(officeId, 'kept-nowhere'), ownerToken);
      clients.push(owner);
      await owner.synced;
      addEntry(owner.doc, 'e1', { position: 'a0', actor: { origin: 'https://directory.example', id: 8, name: 'Mia Roth' }, note: 'gone soon' });
      await acknowledged(owner);
      expect((await storedOf('kept-nowhere')).updates).toBeGreaterThan(0);

      expect((await remove('kept-nowhere', ownerToken)).status).toBe(204);
      expect(await storedOf('kept-nowhere')).toEqual({ documents: 0, updates: 0, activity: 0 });
      // An update on its way as the list went is not logged.
      expect(await documentStore(db, 'late-instance').append(officeDocumentName(officeId, 'kept-nowhere'), new Uint8Array([0, 0]))).toBeNull();
    } finally {
      // Closing stores every loaded document: the removed one is not written back.
      await second.close();
    }
    expect(await storedOf('kept-nowhere')).toEqual({ documents: 0, updates: 0, activity: 0 });
  });

  it('answers 404 for a list the office does not have (never written, or removed already) and 400 for a bad id', async () => {
    expect(await remove('never-written', ownerToken)).toMatchObject({ status: 404, body: { error: { code: 'no-list' } } });
    await listWithEntry('twice');
    expect((await remove('twice', ownerToken)).status).toBe(204);
    expect((await remove('twice', ownerToken)).status).toBe(404);
    expect(await remove('bad%20id', ownerToken)).toMatchObject({ status: 400, body: { error: { code: 'invalid-body' } } });
  });
});
