/**
 * Presence and history across two office server instances behind a real Redis (Debian's
 * redis-server on a free port, in a temp folder), sharing one database: a member on one instance
 * sees a colleague on the other looking at the list, under the name the colleague's instance
 * stamped, sees him go when he closes it, and receives the record of the colleague's change as it is written there.
 * A colleague whose connection drops on one instance vanishes on the other at once, not when the
 * awareness state times out there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { outdatedTimeout } from 'y-protocols/awareness';
import { watchListActivity, type ListActivity } from '../../../renderer/src/sync/officeActivity.ts';
import { officeDocumentName } from '../../../server/office/documentName.ts';
import { addEntry } from '../../../server/office/listDocument.ts';
import { openOfficeDatabase } from '../../../server/office/officeDatabase.ts';
import { startOffice, type RunningOffice } from '../../../server/office/startOffice.ts';
import type { Database } from '../../../server/src/db/database.ts';
import { acknowledged, addMember, httpUrlOf, openList, type ListClient } from './officeSupport.ts';
import { droppingProxy, type DroppingProxy } from './droppingProxy.ts';
import { startRedis, type RedisServer } from './twoInstances.ts';

const workDir = mkdtempSync(join(tmpdir(), 'castdesk-office-activity-redis-'));
let redis: RedisServer | undefined;
let db: Database;
const offices: RunningOffice[] = [];
const clients: ListClient[] = [];
const watches: ListActivity[] = [];
const proxies: DroppingProxy[] = [];

beforeAll(async () => {
  redis = await startRedis(workDir);
  db = await openOfficeDatabase({ dataDir: join(workDir, 'data') });
  for (let i = 0; i < 2; i++) {
    offices.push(
      await startOffice({ host: '127.0.0.1', port: 0, database: db, redisUrl: redis.url, activity: { quietMs: 3_600_000, maxMs: 3_600_000 }, log: () => undefined }),
    );
  }
}, 180_000);

afterAll(async () => {
  for (const activity of watches) activity.stop();
  for (const client of clients) client.destroy();
  for (const proxy of proxies) await proxy.drop();
  for (const office of offices) await office.close();
  await db?.close();
  await redis?.stop();
  rmSync(workDir, { recursive: true, force: true });
});

/**
 * Lea and Ben open list `listId` at their addresses and both look at it, until Lea sees Ben
 * (`forged`: a member field Ben's app puts in its own state before looking).
 */
async function bothLooking(
  officeId: string,
  listId: string,
  leaAt: { url: string; token: string },
  benAt: { url: string; token: string; memberId: string },
  forged?: { id: string; name: string },
) {
  const name = officeDocumentName(officeId, listId);
  const lea = openList(leaAt.url, name, leaAt.token);
  const benClient = openList(benAt.url, name, benAt.token);
  clients.push(lea, benClient);
  await Promise.all([lea.synced, benClient.synced]);
  const leaSees = watchListActivity(lea.provider);
  const benSees = watchListActivity(benClient.provider);
  watches.push(leaSees, benSees);
  leaSees.look(true);
  if (forged) benClient.provider.setAwarenessField('member', forged);
  benSees.look(true);
  await vi.waitFor(() => expect(leaSees.present()).toEqual([{ id: benAt.memberId, name: 'Ben' }]), { timeout: 30_000, interval: 10 });
  return { lea, benClient, leaSees, benSees };
}

it('a member on one instance sees a colleague on the other looking, and the record of his change', async () => {
  const [one, two] = offices as [RunningOffice, RunningOffice];
  const created = await one.members.createOffice('Office', 'Lea');
  const ben = await addMember(httpUrlOf(one.url), created.officeId, created.token, 'Ben', { role: 'editor' });
  // A forged name in Ben's own state: the others still see the name the server knows.
  const forged = { id: created.memberId, name: 'Lea' };
  const { benClient, leaSees, benSees } = await bothLooking(created.officeId, 'redis', { url: one.url, token: created.token }, { url: two.url, token: ben.token, memberId: ben.memberId }, forged);

  addEntry(benClient.doc, 'e0', { position: 'a0', actor: { origin: 'https://directory.example', id: 1, name: 'Max Muster' } });
  await acknowledged(benClient);
  // Ben closes the list: a change of his state, which the instances relay.
  benSees.look(false);
  await vi.waitFor(() => expect(leaSees.present()).toEqual([]), { timeout: 30_000, interval: 10 });
  benClient.destroy();
  await vi.waitFor(() => expect(leaSees.records().map((record) => [record.memberName, record.changes])).toEqual([['Ben', [{ kind: 'added', count: 1, names: ['Max Muster'] }]]]), {
    timeout: 30_000,
    interval: 10,
  });
}, 120_000);

it('a colleague whose connection drops on one instance vanishes on the other before the awareness timeout could remove him', async () => {
  const [one, two] = offices as [RunningOffice, RunningOffice];
  const created = await one.members.createOffice('Office', 'Lea');
  const ben = await addMember(httpUrlOf(one.url), created.officeId, created.token, 'Ben', { role: 'editor' });
  // Ben is the list's only connection on instance one, through a network that will fail.
  const network = await droppingProxy(one.port);
  proxies.push(network);
  const { lea, benClient, leaSees } = await bothLooking(created.officeId, 'dropped', { url: two.url, token: created.token }, { url: network.url, token: ben.token, memberId: ben.memberId });
  const awareness = lea.provider.awareness!;
  const benClientId = benClient.provider.document.clientID;
  // Lea's app forgets Ben's state on its own when its awareness times it out or its socket
  // reconnects after `outdatedTimeout` without messages, both leaving the meta as it was; instance
  // two's own timeout would send a removal no sooner than `outdatedTimeout` after it last heard
  // from him. A removal applied records when it arrived (the meta's lastUpdated).
  const lastHeard = awareness.meta.get(benClientId)!.lastUpdated;
  await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(lastHeard), { interval: 1 });
  await network.drop();

  await vi.waitFor(() => expect(leaSees.present()).toEqual([]), { timeout: 2 * outdatedTimeout, interval: 10 });
  expect(awareness.getStates().has(benClientId)).toBe(false);
  const removalArrived = awareness.meta.get(benClientId)!.lastUpdated;
  expect(removalArrived).toBeGreaterThan(lastHeard);
  expect(removalArrived - lastHeard).toBeLessThan(outdatedTimeout);
}, 180_000);
