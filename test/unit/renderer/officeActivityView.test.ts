/**
 * The list view's presence and history against a real office server on 127.0.0.1: Lea's app
 * shares a list (the office store, the bridge double answering with her real token) and shows it;
 * Ben, a colleague's real client, looks at it and changes it. Lea's view shows Ben while he looks,
 * then his change in words ("Ben moved 2 actors to Callback") beside her own sharing; Ben sees
 * Lea go when her view closes. Two members of one name (one who joined again) are numbered.
 */
import { flushPromises, mount } from '@vue/test-utils';
import { Dexie } from 'dexie';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import type { OfficeToken, OfficeView } from '../../../contract/officeBridge.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import OfficeListActivity from '../../../renderer/src/components/shortlists/OfficeListActivity.vue';
import { openShortlistDb, userShortlistDbName } from '../../../renderer/src/db/shortlistDb.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { useOfficeListsStore } from '../../../renderer/src/stores/officeLists.ts';
import { watchListActivity } from '../../../renderer/src/sync/officeActivity.ts';
import { nameOnlySnapshot } from '../../../renderer/src/sync/officeListDoc.ts';
import { entriesOf, officeEntryKey } from '../../../renderer/src/db/listDocShape.ts';
import { officeDocumentName } from '../../../server/office/documentName.ts';
import { acknowledged, openList } from '../../integration/office/officeSupport.ts';
import { joinLeaAndColleague, officeStoreApp, useOfficeServer } from './officeAppHarness.ts';

const server = useOfficeServer('castdesk-office-activity-view-', 'Owner', { activity: { quietMs: 1, maxMs: 1 } });
let grant: OfficeToken;
let view: OfficeView;
let benToken: string;

beforeAll(async () => ({ grant, view, colleagueToken: benToken } = await joinLeaAndColleague(server, 'Ben Vogel')));

let store: ReturnType<typeof useOfficeListsStore> | null = null;
afterEach(async () => {
  store?.close();
  store = null;
  await Dexie.delete(userShortlistDbName);
});

/** Lea's app with her list of Anna and Bea shared with the office and its presence and history on screen; `documentName`, the list's in the office. */
async function leasSharedList() {
  const app = officeStoreApp(grant, [view]);
  const { pinia, bridge } = app;
  store = app.store;
  const db = await openShortlistDb();
  const at = '2026-01-01T00:00:00.000Z';
  const listId = await db.shortlists.add({ name: 'Callbacks', castingCallId: null, roleId: null, castingCallName: null, roleName: null, createdAt: at, updatedAt: at });
  await db.entries.bulkAdd(
    ['Anna', 'Bea'].map((name, index) => ({
      shortlistId: listId, directoryOrigin: 'https://d.example', actorId: index + 1, position: index + 1, note: '', rating: null, colours: [], tags: [], status: 'considering' as const, addedAt: at, updatedAt: at, snapshot: nameOnlySnapshot(name),
    })),
  );
  await store.refresh();
  await store.share(listId, view.id);
  await vi.waitFor(() => expect(store!.sharingOf(listId)).toMatchObject({ kind: 'synced' }), { timeout: 30_000, interval: 10 });
  const wrapper = mount(OfficeListActivity, { props: { listId }, global: { plugins: [pinia, createCastdeskI18n('en')], provide: { [castdeskBridgeKey as symbol]: bridge } } });
  return { db, wrapper, documentName: officeDocumentName(grant.officeId, (await db.officeLists.get(listId))!.listId) };
}

const historyTexts = (wrapper: Awaited<ReturnType<typeof leasSharedList>>['wrapper']) => wrapper.findAll('[data-testid="office-history-record"] .change').map((change) => change.text());

it('shows who else looks at the shared list, live, and its history in words, and stops looking when the view closes', async () => {
  const { db, wrapper, documentName } = await leasSharedList();
  const ben = openList(server.office.url, documentName, benToken, new Y.Doc());
  const benSees = watchListActivity(ben.provider);
  try {
    await ben.synced;
    benSees.look(true);
    await vi.waitFor(() => expect(wrapper.find('[data-testid="office-presence"]').text()).toBe('BVAlso looking now: Ben Vogel'), { timeout: 30_000, interval: 10 });
    await vi.waitFor(() => expect(benSees.present().map((member) => member.name)).toEqual(['Lea']), { timeout: 30_000, interval: 10 });

    for (const entry of entriesOf(ben.doc).values()) entry.set('status', 'callback');
    await acknowledged(ben);
    await vi.waitFor(
      () =>
        expect(wrapper.findAll('[data-testid="office-history-record"] .change').map((change) => change.text())).toEqual([
          'Ben Vogel moved 2 actors to Callback',
          'Lea shared the list with the office',
          'Lea added 2 actors',
        ]),
      { timeout: 30_000, interval: 10 },
    );
    benSees.look(false);
    await vi.waitFor(() => expect(wrapper.find('[data-testid="office-presence"]').exists()).toBe(false), { timeout: 30_000, interval: 10 });

    // Lea's view closes: Ben sees her go, though her app keeps the list attached.
    wrapper.unmount();
    await flushPromises();
    await vi.waitFor(() => expect(benSees.present()).toEqual([]), { timeout: 30_000, interval: 10 });
  } finally {
    benSees.stop();
    ben.destroy();
    db.close();
  }
}, 120_000);

it('a colleague who joined again under the same name is told apart from their earlier membership, by number, in presence and history', async () => {
  const earlier = await server.join('Max Roth');
  const later = await server.join('Max Roth');
  const { db, wrapper, documentName } = await leasSharedList();
  const [first, second] = [earlier, later].map((max) => openList(server.office.url, documentName, max.token, new Y.Doc()));
  const looking = [first!, second!].map((client) => watchListActivity(client.provider));
  try {
    for (const [client, actorId] of [[first!, 1], [second!, 2]] as const) {
      await client.synced;
      entriesOf(client.doc).get(officeEntryKey('https://d.example', actorId))!.set('status', 'callback');
      await acknowledged(client);
    }
    looking.forEach((sees) => sees.look(true));
    await vi.waitFor(() => expect(wrapper.get('[data-testid="office-presence"] .visually-hidden').text()).toMatch(/^Also looking now: (Max Roth \(1\), Max Roth \(2\)|Max Roth \(2\), Max Roth \(1\))$/), { timeout: 30_000, interval: 10 });
    expect(wrapper.findAll('[data-testid="office-presence"] .initials').map((initials) => initials.attributes('title')).sort()).toEqual(['Max Roth (1)', 'Max Roth (2)']);
    await vi.waitFor(() => expect(historyTexts(wrapper).slice(0, 2)).toEqual(['Max Roth (2) moved Bea to Callback', 'Max Roth (1) moved Anna to Callback']), { timeout: 30_000, interval: 10 });
  } finally {
    looking.forEach((sees) => sees.stop());
    first!.destroy();
    second!.destroy();
    wrapper.unmount();
    db.close();
  }
}, 120_000);
