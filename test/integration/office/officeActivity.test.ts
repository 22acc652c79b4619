/**
 * Presence on a shared list and its attributed history, with real parts: a real office server on
 * 127.0.0.1 (PGlite), real providers over WebSocket, and the app's own module that reads them
 * (renderer/src/sync/officeActivity.ts). Names come from the server: a member who forges a name
 * in their awareness state or sends a history record of their own is shown as themselves, and
 * nothing they sent enters the history.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { watchListActivity, type ListActivity } from '../../../renderer/src/sync/officeActivity.ts';
import { connectOffice } from '../../../renderer/src/sync/officeConnection.ts';
import { activityLog } from '../../../server/office/activityLog.ts';
import { officeDocumentName } from '../../../server/office/documentName.ts';
import { addEntry, entriesOf } from '../../../server/office/listDocument.ts';
import { openOfficeDatabase } from '../../../server/office/officeDatabase.ts';
import { startOffice, type RunningOffice } from '../../../server/office/startOffice.ts';
import type { Database } from '../../../server/src/db/database.ts';
import { acknowledged, addMember, httpUrlOf, openList, serverView, type ListClient } from './officeSupport.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'castdesk-office-activity-'));
const origin = 'https://directory.example';
let office: RunningOffice;
let officeId: string;
const members: Record<'lea' | 'ben' | 'tom', { memberId: string; token: string }> = {} as never;
const clients: ListClient[] = [];
const watches: ListActivity[] = [];

const open = (listId: string, who: keyof typeof members, doc?: Y.Doc) => {
  const client = openList(office.url, officeDocumentName(officeId, listId), members[who].token, doc);
  clients.push(client);
  return client;
};
const watch = (client: ListClient) => {
  const activity = watchListActivity(client.provider);
  watches.push(activity);
  return activity;
};
const names = ['Max Muster', 'Jonas Weber', 'Mia Brandt', 'Ali Demir', 'Eva Roth'];

beforeAll(async () => {
  // Records are written when a member disconnects (or the document unloads), never by the clock here.
  office = await startOffice({
    host: '127.0.0.1',
    port: 0,
    dataDir: join(dataDir, 'data'),
    activity: { quietMs: 3_600_000, maxMs: 3_600_000 },
    log: () => undefined,
  });
  const created = await office.members.createOffice('Casting Office Berlin', 'Lea');
  officeId = created.officeId;
  members.lea = { memberId: created.memberId, token: created.token };
  members.ben = await addMember(httpUrlOf(office.url), officeId, created.token, 'Ben', { role: 'editor' });
  members.tom = await addMember(httpUrlOf(office.url), officeId, created.token, 'Tom', { role: 'viewer' });
}, 120_000);

afterAll(async () => {
  for (const activity of watches) activity.stop();
  for (const client of clients) client.destroy();
  await office?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A list of the five actors, written by Lea, whose connection then closes (one record: added 5). */
async function fiveActorList(listId: string): Promise<void> {
  const lea = open(listId, 'lea');
  await lea.synced;
  lea.doc.transact(() => names.forEach((name, index) => addEntry(lea.doc, `e${index}`, { position: `a${index}`, actor: { origin, id: index + 1, name } })));
  await acknowledged(lea);
  lea.destroy();
}

describe('presence on a shared list', () => {
  it('shows who looks at the list now under the name the server knows, never a forged one, and drops them when they close it or their connection drops', async () => {
    await fiveActorList('presence');
    const tom = open('presence', 'tom');
    const ben = open('presence', 'ben');
    const lea = open('presence', 'lea');
    await Promise.all([tom.synced, ben.synced, lea.synced]);
    const tomSees = watch(tom);
    const benSees = watch(ben);
    const leaSees = watch(lea);
    benSees.look(true);
    // Lea claims to be Ben in her awareness state.
    lea.provider.setAwarenessField('member', { id: members.ben.memberId, name: 'Ben' });
    leaSees.look(true);
    await vi.waitFor(() => expect(tomSees.present()).toEqual([{ id: members.ben.memberId, name: 'Ben' }, { id: members.lea.memberId, name: 'Lea' }]), { timeout: 30_000, interval: 10 });
    expect(benSees.present()).toEqual([{ id: members.lea.memberId, name: 'Lea' }]);

    // Lea sends a state under Ben's client id (a higher clock, saying he left): the server drops it.
    const benClock = lea.provider.awareness!.meta.get(ben.doc.clientID)!.clock;
    const fakeDoc = new Y.Doc();
    fakeDoc.clientID = ben.doc.clientID;
    const fake = new Awareness(fakeDoc);
    for (let clock = 0; clock <= benClock + 1; clock += 1) fake.setLocalState({ looking: false, member: { id: members.lea.memberId, name: 'Lea' } });
    applyAwarenessUpdate(lea.provider.awareness!, encodeAwarenessUpdate(fake, [ben.doc.clientID]), 'forged');
    fake.destroy();
    fakeDoc.destroy();
    // Then she closes the list: once Tom sees that, the server has handled the forged state before it.
    leaSees.look(false);
    await vi.waitFor(() => expect(tomSees.present().map((member) => member.name)).not.toContain('Lea'), { timeout: 30_000, interval: 10 });
    expect(tomSees.present()).toEqual([{ id: members.ben.memberId, name: 'Ben' }]);

    // Ben's connection drops: he is gone for the others.
    ben.destroy();
    await vi.waitFor(() => expect(tomSees.present()).toEqual([]), { timeout: 30_000, interval: 10 });
  });

  it('gives a list the app attaches no presence state until the member looks at it, then shows them while they look', async () => {
    await fiveActorList('quiet');
    const ben = open('quiet', 'ben');
    await ben.synced;
    const benSees = watch(ben);
    const app = connectOffice(
      { officeId, token: members.lea.token, origin: httpUrlOf(office.url), socketUrl: office.url },
      { WebSocketPolyfill: WebSocket, delay: { min: 50, max: 500 } },
    );
    try {
      const list = app.attach('quiet', new Y.Doc());
      await new Promise<void>((resolve) => (list.provider.isSynced ? resolve() : list.provider.on('synced', () => resolve())));
      // No state, so nothing to send at attach nor to renew every 15 s (y-protocols) for a list nobody looks at.
      expect(list.provider.awareness!.getLocalState()).toBeNull();
      const leaSees = watchListActivity(list.provider);
      leaSees.look(true);
      await vi.waitFor(() => expect(benSees.present()).toEqual([{ id: members.lea.memberId, name: 'Lea' }]), { timeout: 30_000, interval: 10 });
      leaSees.look(false);
      await vi.waitFor(() => expect(benSees.present()).toEqual([]), { timeout: 30_000, interval: 10 });
      leaSees.stop();
    } finally {
      app.close();
    }
  });
});

describe('the history of a shared list', () => {
  it('attributes each change to the member who made it, one record per burst, live to whoever looks, and a member cannot write a record', async () => {
    await fiveActorList('history');
    const tom = open('history', 'tom');
    await tom.synced;
    const tomSees = watch(tom);
    tomSees.look(true);
    await vi.waitFor(() => expect(tomSees.records()).toHaveLength(1), { timeout: 30_000, interval: 10 });
    expect(tomSees.records()[0]).toMatchObject({ memberId: members.lea.memberId, memberName: 'Lea', changes: [{ kind: 'added', count: 5 }] });

    // Lea, in many small transactions: three actors to Callback, a note typed key by key, one removed.
    const lea = open('history', 'lea');
    await lea.synced;
    for (const key of ['e1', 'e2', 'e3']) entriesOf(lea.doc).get(key)!.set('status', 'callback');
    const note = entriesOf(lea.doc).get('e0')!.get('note') as Y.Text;
    for (const char of 'strong') note.insert(note.length, char);
    entriesOf(lea.doc).get('e4')!.set('deleted', true);
    await acknowledged(lea);
    // Ben adds two actors and moves one; he also sends a "record" of his own in Lea's name.
    const ben = open('history', 'ben');
    await ben.synced;
    addEntry(ben.doc, 'e5', { position: 'a5', actor: { origin, id: 6, name: 'Ana Berg' } });
    addEntry(ben.doc, 'e6', { position: 'a6', actor: { origin, id: 7, name: 'Kai Lorenz' } });
    entriesOf(ben.doc).get('e2')!.set('position', 'a9');
    ben.provider.sendStateless(JSON.stringify({ type: 'activity', records: [{ id: '999', at: new Date().toISOString(), memberId: members.lea.memberId, memberName: 'Lea', changes: [{ kind: 'removed', count: 9, names: [] }] }] }));
    await acknowledged(ben);

    lea.destroy();
    await vi.waitFor(() => expect(tomSees.records()).toHaveLength(2), { timeout: 30_000, interval: 10 });
    expect(tomSees.records()[0]).toMatchObject({
      memberId: members.lea.memberId,
      memberName: 'Lea',
      changes: [
        { kind: 'removed', count: 1, names: ['Eva Roth'] },
        { kind: 'status', status: 'callback', count: 3, names: ['Jonas Weber', 'Mia Brandt', 'Ali Demir'] },
        { kind: 'note', count: 1, names: ['Max Muster'] },
      ],
    });
    ben.destroy();
    await vi.waitFor(() => expect(tomSees.records()).toHaveLength(3), { timeout: 30_000, interval: 10 });
    expect(tomSees.records()[0]).toMatchObject({
      memberId: members.ben.memberId,
      memberName: 'Ben',
      changes: [
        { kind: 'added', count: 2, names: ['Ana Berg', 'Kai Lorenz'] },
        { kind: 'reordered', count: 1, names: ['Mia Brandt'] },
      ],
    });

    // A member opening the list later reads the same history from the office, and nothing Ben sent.
    const late = open('history', 'ben');
    await late.synced;
    const lateSees = watch(late);
    lateSees.look(true);
    await vi.waitFor(() => expect(lateSees.records()).toHaveLength(3), { timeout: 30_000, interval: 10 });
    expect(lateSees.records().map((record) => record.memberName)).toEqual(['Ben', 'Lea', 'Lea']);
    expect(tomSees.records().map((record) => record.id)).not.toContain('999');
  });

  it('records a label added to an entry\'s set as a labels change, tags apart from colour labels, and an older document\'s labels turned into the set unchanged as none', async () => {
    await fiveActorList('labels');
    // Lea's labels as an older app wrote them: plain arrays.
    const lea = open('labels', 'lea');
    await lea.synced;
    lea.doc.transact(() => {
      for (const key of ['e0', 'e1']) entriesOf(lea.doc).get(key)!.set('tags', ['lead']);
    });
    await acknowledged(lea);
    lea.destroy();
    // Ben's edits, as his app makes them: the first edit of an older field turns it into the set.
    const ben = open('labels', 'ben');
    await ben.synced;
    ben.doc.transact(() => {
      entriesOf(ben.doc).get('e0')!.set('tags', Y.Array.from(['lead']));
      entriesOf(ben.doc).get('e1')!.set('tags', Y.Array.from(['lead', 'callback']));
      (entriesOf(ben.doc).get('e2')!.get('colours') as Y.Array<string>).push(['red']);
    });
    await acknowledged(ben);
    ben.destroy();
    const tom = open('labels', 'tom');
    await tom.synced;
    const tomSees = watch(tom);
    tomSees.look(true);
    await vi.waitFor(() => expect(tomSees.records()).toHaveLength(3), { timeout: 30_000, interval: 10 });
    const byName = (name: string) => tomSees.records().filter((record) => record.memberName === name);
    expect(byName('Ben')).toMatchObject([
      {
        changes: [
          { kind: 'labels', count: 1, names: ['Mia Brandt'], detail: 'colours' },
          { kind: 'labels', count: 1, names: ['Jonas Weber'], detail: 'tagsAdded' },
        ],
      },
    ]);
    expect(byName('Lea')).toMatchObject([
      { changes: [{ kind: 'labels', count: 2, names: ['Max Muster', 'Jonas Weber'], detail: 'tagsAdded' }] },
      { changes: [{ kind: 'added', count: 5 }] },
    ]);
  });

  it('attributes changes made offline to their sender when they arrive', async () => {
    await fiveActorList('offline');
    const doc = await serverView(office.url, officeDocumentName(officeId, 'offline'), members.ben.token);
    (entriesOf(doc).get('e3')!.get('note') as Y.Text).insert(0, 'seen on the train');
    const arrival = new Date().toISOString();
    const ben = open('offline', 'ben', doc);
    await acknowledged(ben);
    ben.destroy();
    const tom = open('offline', 'tom');
    await tom.synced;
    const tomSees = watch(tom);
    tomSees.look(true);
    await vi.waitFor(() => expect(tomSees.records()).toHaveLength(2), { timeout: 30_000, interval: 10 });
    const [record] = tomSees.records();
    expect(record).toMatchObject({ memberId: members.ben.memberId, memberName: 'Ben', changes: [{ kind: 'note', count: 1, names: ['Ali Demir'] }] });
    expect(record.at >= arrival).toBe(true);
  });
});

describe('the history on its own server', () => {
  let database: Database;
  let quick: RunningOffice;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await openOfficeDatabase({});
    quick = await startOffice({ host: '127.0.0.1', port: 0, database, activity: { quietMs: 1, maxMs: 1 }, log: (line) => lines.push(line) });
  }, 120_000);

  afterAll(async () => {
    await quick?.close();
    await database?.close();
  });

  it('writes a record once the member is quiet, while they stay connected; a failing history never blocks a change', async () => {
    const created = await quick.members.createOffice('Quick Office', 'Lea');
    const name = officeDocumentName(created.officeId, 'quiet');
    const lea = openList(quick.url, name, created.token);
    const tom = openList(quick.url, name, created.token);
    clients.push(lea, tom);
    await Promise.all([lea.synced, tom.synced]);
    const tomSees = watch(tom);
    tomSees.look(true);
    addEntry(lea.doc, 'e0', { position: 'a0', actor: { origin, id: 1, name: 'Max Muster' } });
    await vi.waitFor(() => expect(tomSees.records().map((record) => record.changes)).toEqual([[{ kind: 'added', count: 1, names: ['Max Muster'] }]]), {
      timeout: 30_000,
      interval: 10,
    });

    // The history's table is gone: the change is still accepted and reaches the others.
    await database.exec('DROP TABLE office_list_activity');
    entriesOf(lea.doc).get('e0')!.set('rating', 4);
    await acknowledged(lea);
    await vi.waitFor(() => expect(entriesOf(tom.doc).get('e0')!.get('rating')).toBe(4), { timeout: 30_000, interval: 10 });
    await vi.waitFor(() => expect(lines.some((line) => line.includes('history record') && line.includes('not written'))).toBe(true), { timeout: 30_000, interval: 10 });
  });

  it('keeps a list’s last records only', async () => {
    const db = await openOfficeDatabase({});
    try {
      const log = activityLog(db, 3);
      for (let index = 0; index < 5; index += 1) {
        await log.append('o/l', { at: new Date().toISOString(), memberId: 'm', memberName: `M${index}`, changes: [{ kind: 'added', count: 1, names: [] }] });
      }
      await log.append('o/other', { at: new Date().toISOString(), memberId: 'm', memberName: 'Other', changes: [{ kind: 'added', count: 1, names: [] }] });
      expect((await log.recent('o/l', 10)).map((record) => record.memberName)).toEqual(['M2', 'M3', 'M4']);
      expect((await log.recent('o/other', 10)).map((record) => record.memberName)).toEqual(['Other']);
    } finally {
      await db.close();
    }
  });
});
