/**
 * A shared list says where it stands with its office, and when it last synced (issue 25, item 4),
 * against a real office server on 127.0.0.1 that goes away and comes back: synced while it is
 * reachable, "last synced <the moment it went away>; waiting to sync" while it is not (an edit made
 * meanwhile keeps that time), and synced again once it is back, with the edit in the office. The
 * bridge double answers with a real member's token for the office's origin.
 */
import { mount } from '@vue/test-utils';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Dexie } from 'dexie';
import { createPinia, setActivePinia } from 'pinia';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createApp } from 'vue';
import * as Y from 'yjs';
import type { OfficeToken, OfficeView } from '../../../contract/officeBridge.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import OfficeSharing from '../../../renderer/src/components/shortlists/OfficeSharing.vue';
import { openShortlistDb, userShortlistDbName } from '../../../renderer/src/db/shortlistDb.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { useConnectionStore } from '../../../renderer/src/stores/connections.ts';
import { useOfficeListsStore } from '../../../renderer/src/stores/officeLists.ts';
import { useShortlistsStore } from '../../../renderer/src/stores/shortlists.ts';
import { nameOnlySnapshot, readListDoc } from '../../../renderer/src/sync/officeListDoc.ts';
import { officeDocumentName } from '../../../server/office/documentName.ts';
import { startOffice, type RunningOffice } from '../../../server/office/startOffice.ts';
import { httpUrlOf, openList } from '../../integration/office/officeSupport.ts';
import { fakeBridge } from './fakeBridge.ts';

let office: RunningOffice | null = null;
let dataDir: string;
let grant: OfficeToken;
let view: OfficeView;
let benToken: string;
const start = (port: number) => startOffice({ host: '127.0.0.1', port, dataDir, log: () => undefined });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'castdesk-office-badge-'));
  office = await start(0);
  const created = await office.members.createOffice('Office', 'Owner');
  const member = async (name: string) => (await office!.members.join(created.officeId, (await office!.members.invite(created.officeId, { role: 'editor' })).code, name))!;
  const lea = await member('Lea');
  benToken = (await member('Ben')).token;
  grant = { token: lea.token, origin: new URL(httpUrlOf(office.url)).origin, socketUrl: office.url, officeId: created.officeId };
  view = { id: crypto.randomUUID(), officeId: created.officeId, url: httpUrlOf(office.url), memberId: lea.memberId, memberName: 'Lea', isOwner: false, joinedAt: new Date().toISOString(), tokenState: 'held' };
}, 120_000);

afterAll(async () => {
  await office?.close();
  await Dexie.delete(userShortlistDbName);
  await rm(dataDir, { recursive: true, force: true });
});

it('shows synced, then last synced as the office went away and waiting, then synced again with the edit made meanwhile in the office', async () => {
  const double = fakeBridge({ listOffices: () => ({ ok: true, value: { offices: [view] } }), getOfficeToken: () => ({ ok: true, value: grant }) });
  const app = createApp({});
  const pinia = createPinia();
  app.use(pinia).provide(castdeskBridgeKey, double.bridge);
  setActivePinia(pinia);
  const store = app.runWithContext(() => useOfficeListsStore());
  // The list view's edits go through the shortlists store (its database opens once the connections are listed: none here).
  const shortlists = app.runWithContext(() => {
    useConnectionStore().listed = true;
    return useShortlistsStore();
  });
  const db = await openShortlistDb();
  const at = '2026-01-01T00:00:00.000Z';
  const listId = await db.shortlists.add({ name: 'Callbacks', castingCallId: null, roleId: null, castingCallName: null, roleName: null, createdAt: at, updatedAt: at });
  const annaId = await db.entries.add({
    shortlistId: listId, directoryOrigin: 'https://d.example', actorId: 1, position: 1, note: '', rating: null, colours: [], tags: [], status: 'considering', addedAt: at, updatedAt: at, snapshot: nameOnlySnapshot('Anna'),
  });
  const wrapper = mount(OfficeSharing, { props: { listId }, global: { plugins: [pinia, createCastdeskI18n('en')], provide: { [castdeskBridgeKey as symbol]: double.bridge } } });
  const badge = () => wrapper.get('[data-testid="office-badge"]');
  try {
    await vi.waitFor(() => expect(wrapper.find('[data-testid="office-share"]').exists()).toBe(true), { timeout: 30_000, interval: 10 });
    await wrapper.get('[data-testid="office-share"]').trigger('click');
    await vi.waitFor(() => expect(badge().attributes('data-sharing')).toBe('synced'), { timeout: 30_000, interval: 10 });
    expect(badge().text()).toMatch(/^Shared with the office · synced /);

    const port = office!.port;
    const wentAway = Date.now();
    await office!.close();
    office = null;
    await vi.waitFor(() => expect(badge().attributes('data-sharing')).toBe('waiting'), { timeout: 30_000, interval: 10 });
    const waiting = store.sharingOf(listId);
    // The last time the list was known in sync: as the office went away.
    expect(waiting.kind === 'waiting' && waiting.lastSynced !== null && Date.parse(waiting.lastSynced) >= wentAway - 1000).toBe(true);
    const lastSynced = waiting.kind === 'waiting' ? waiting.lastSynced! : '';
    // The time is said to be what it is (before: "waiting to sync since", read as the outage's start).
    expect(badge().text()).toBe(`Shared with the office · last synced ${new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(lastSynced))}; waiting to sync`);
    await vi.waitFor(() => expect(shortlists.ready).toBe(true));
    expect(await shortlists.updateEntry(annaId, { note: 'typed offline' })).toBe(true);
    await vi.waitFor(async () => expect(store.sharingOf(listId)).toEqual(waiting), { timeout: 30_000, interval: 10 });

    office = await start(port);
    await vi.waitFor(() => expect(badge().attributes('data-sharing')).toBe('synced'), { timeout: 90_000, interval: 20 });
    const ben = openList(office.url, officeDocumentName(grant.officeId, (await db.officeLists.get(listId))!.listId), benToken, new Y.Doc());
    try {
      await ben.synced;
      await vi.waitFor(() => expect(readListDoc(ben.doc).entries.map((entry) => entry.note)).toEqual(['typed offline']), { timeout: 30_000, interval: 10 });
    } finally {
      ben.destroy();
    }
  } finally {
    wrapper.unmount();
    store.close();
    db.close();
  }
}, 240_000);
