/**
 * A member's first sync: one WebSocket attaching many lists at once (as the app does at start) is
 * authenticated with one token lookup, and the lists are loaded with a few statements, not two
 * queries per list and two per load (issue 25's first sync took 13–27 s). Real office server, real
 * PGlite, real providers; the database's statements are counted as they pass.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import type { Database } from '../../../server/src/db/database.ts';
import { officeDocumentName } from '../../../server/office/documentName.ts';
import { addEntry, entriesOf } from '../../../server/office/listDocument.ts';
import { openOfficeDatabase } from '../../../server/office/officeDatabase.ts';
import { startOffice, type RunningOffice } from '../../../server/office/startOffice.ts';
import { acknowledged, addMember, api, httpUrlOf, openList, openSocket, type ListClient } from './officeSupport.ts';

const listCount = 30;
let db: Database;
let office: RunningOffice;
const statements: string[] = [];
const clients: ListClient[] = [];

/** The real database, with every statement it runs written down. */
function counted(database: Database): Database {
  return {
    engine: database.engine,
    query: (sql, params) => {
      statements.push(sql);
      return database.query(sql, params);
    },
    insertRows: (table, columns, rows) => database.insertRows(table, columns, rows),
    exec: (sql) => database.exec(sql),
    transaction: (work) => database.transaction(work),
    close: () => database.close(),
  };
}

beforeAll(async () => {
  db = await openOfficeDatabase({});
  office = await startOffice({ host: '127.0.0.1', port: 0, database: counted(db), log: () => undefined });
}, 120_000);

afterAll(async () => {
  for (const client of clients) client.destroy();
  await office?.close();
  await db?.close();
});

it('authenticates a socket once and loads the lists it attaches together', async () => {
  const http = httpUrlOf(office.url);
  const { officeId, token: ownerToken } = await office.members.createOffice('First Sync Office', 'Lea');
  const names = Array.from({ length: listCount }, (_, i) => officeDocumentName(officeId, `list${i}`));
  const ownerSocket = openSocket(office.url);
  const seeded = names.map((name) => openList(office.url, name, ownerToken, new Y.Doc(), ownerSocket));
  await Promise.all(seeded.map((client) => client.synced));
  seeded.forEach((client, i) => addEntry(client.doc, 'e1', { position: 'a0', actor: { origin: 'https://d.example', id: i, name: `Actor ${i}` } }));
  await Promise.all(seeded.map(acknowledged));
  for (const client of seeded) client.destroy();
  ownerSocket.destroy();
  // Every list stored and unloaded: the member's attaches below load them from the database.
  await vi.waitFor(async () => expect((await api<{ documents: number }>(http, 'GET', '/health')).body.documents).toBe(0), { timeout: 60_000 });

  const member = await addMember(http, officeId, ownerToken, 'Tom', { role: 'editor' });
  statements.length = 0;
  const socket = openSocket(office.url);
  const lists = names.map((name) => openList(office.url, name, member.token, new Y.Doc(), socket));
  clients.push(...lists, { destroy: () => socket.destroy() } as ListClient);
  await Promise.all(lists.map((client) => client.synced));

  lists.forEach((client, i) => expect(entriesOf(client.doc).get('e1')?.get('actor')).toMatchObject({ id: i }));
  const tokenLookups = statements.filter((sql) => sql.includes('FROM office_members WHERE token_hash'));
  const roleLookups = statements.filter((sql) => sql.includes('FROM office_list_roles'));
  const loads = statements.filter((sql) => sql.includes('FROM office_documents'));
  expect(tokenLookups).toHaveLength(1);
  expect(roleLookups).toHaveLength(1);
  expect(loads.length).toBeGreaterThan(0);
  expect(loads.length).toBeLessThanOrEqual(listCount / 2);
}, 120_000);
