/**
 * A shared list's history is kept on this computer: Lea's app receives the records of her own
 * sharing and of Ben's change from a real office server on 127.0.0.1; after her app closes, it
 * starts again with the office out of reach (nothing listens on its address) and the list's
 * panel shows the same history from the computer's own database.
 */
import { createServer } from 'node:net';
import { mount } from '@vue/test-utils';
import { Dexie } from 'dexie';
import { afterEach, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import OfficeListActivity from '../../../renderer/src/components/shortlists/OfficeListActivity.vue';
import { closeOfficeActivityDb, officeActivityDbName } from '../../../renderer/src/db/officeActivityDb.ts';
import { openShortlistDb, userShortlistDbName } from '../../../renderer/src/db/shortlistDb.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import type { useOfficeListsStore } from '../../../renderer/src/stores/officeLists.ts';
import { nameOnlySnapshot } from '../../../renderer/src/sync/officeListDoc.ts';
import { entriesOf } from '../../../renderer/src/db/listDocShape.ts';
import { officeDocumentName } from '../../../server/office/documentName.ts';
import { acknowledged, openList } from '../../integration/office/officeSupport.ts';
import { memberCredentials, officeStoreApp, useOfficeServer } from './officeAppHarness.ts';

const server = useOfficeServer('castdesk-office-activity-kept-', 'Owner', { activity: { quietMs: 1, maxMs: 1 } });
const stores: ReturnType<typeof useOfficeListsStore>[] = [];

afterEach(async () => {
  for (const store of stores.splice(0)) store.close();
  closeOfficeActivityDb();
  await Dexie.delete(userShortlistDbName);
  await Dexie.delete(officeActivityDbName);
});

/** A loopback address nothing listens on: an office out of reach. */
async function unreachableSocketUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return `ws://127.0.0.1:${port}`;
}

it('offline, the panel shows the history that arrived before', async () => {
  const lea = await server.join('Lea');
  const { grant, view } = memberCredentials(server, lea, 'Lea');
  const online = officeStoreApp(grant, [view]);
  stores.push(online.store);
  const db = await openShortlistDb();
  const at = '2026-01-01T00:00:00.000Z';
  const listId = await db.shortlists.add({ name: 'Callbacks', castingCallId: null, roleId: null, castingCallName: null, roleName: null, createdAt: at, updatedAt: at });
  await db.entries.add({
    shortlistId: listId, directoryOrigin: 'https://d.example', actorId: 1, position: 1, note: '', rating: null, colours: [], tags: [], status: 'considering', addedAt: at, updatedAt: at, snapshot: nameOnlySnapshot('Anna'),
  });
  await online.store.refresh();
  await online.store.share(listId, view.id);
  await vi.waitFor(() => expect(online.store.sharingOf(listId)).toMatchObject({ kind: 'synced' }), { timeout: 30_000, interval: 10 });
  const global = (pinia: typeof online.pinia, bridge: typeof online.bridge) => ({ plugins: [pinia, createCastdeskI18n('en')], provide: { [castdeskBridgeKey as symbol]: bridge } });
  const panel = mount(OfficeListActivity, { props: { listId }, global: global(online.pinia, online.bridge) });
  const ben = openList(server.office.url, officeDocumentName(grant.officeId, (await db.officeLists.get(listId))!.listId), (await server.join('Ben')).token, new Y.Doc());
  const history = ['Ben moved Anna to Callback', 'Lea shared the list with the office', 'Lea added Anna'];
  const shown = (wrapper: typeof panel) => wrapper.findAll('[data-testid="office-history-record"] .change').map((change) => change.text());
  try {
    await ben.synced;
    for (const entry of entriesOf(ben.doc).values()) entry.set('status', 'callback');
    await acknowledged(ben);
    await vi.waitFor(() => expect(shown(panel)).toEqual(history), { timeout: 30_000, interval: 10 });
  } finally {
    ben.destroy();
    db.close();
  }
  panel.unmount();
  online.store.close();
  // The app starts again (its history database opened anew), and the office is out of reach.
  closeOfficeActivityDb();

  const offline = officeStoreApp(memberCredentials(server, lea, 'Lea', { recordId: view.id, socketUrl: await unreachableSocketUrl() }).grant, [view]);
  stores.push(offline.store);
  await offline.store.refresh();
  await offline.store.attach(listId);
  const offlinePanel = mount(OfficeListActivity, { props: { listId }, global: global(offline.pinia, offline.bridge) });
  try {
    await vi.waitFor(() => expect(shown(offlinePanel)).toEqual(history), { timeout: 30_000, interval: 10 });
    expect(offline.store.sharingOf(listId)).toMatchObject({ kind: 'waiting' });
  } finally {
    offlinePanel.unmount();
  }
}, 120_000);
