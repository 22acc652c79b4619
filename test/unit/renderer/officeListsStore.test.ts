/**
 * The office store against a real office server on 127.0.0.1: "Share with the office" puts the
 * list in the office (a colleague's client reads every entry), the badge goes from waiting to
 * synced; "Stop sharing" and removing the office leave a personal list. The bridge is the recording
 * double of the store tests, answering with a real member's token for the office's origin.
 */
import { flushPromises, mount } from '@vue/test-utils';
import { Dexie } from 'dexie';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import type { OfficeToken, OfficeView } from '../../../contract/officeBridge.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import OfficeSharing from '../../../renderer/src/components/shortlists/OfficeSharing.vue';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { openShortlistDb, userShortlistDbName } from '../../../renderer/src/db/shortlistDb.ts';
import { nameOnlySnapshot, readListDoc } from '../../../renderer/src/sync/officeListDoc.ts';
import { openSharedList } from '../../../renderer/src/sync/officeSharing.ts';
import { useOfficeListsStore } from '../../../renderer/src/stores/officeLists.ts';
import { officeDocumentName } from '../../../server/office/documentName.ts';
import { openList } from '../../integration/office/officeSupport.ts';
import { joinLeaAndColleague, officeStoreApp, useOfficeServer } from './officeAppHarness.ts';

const server = useOfficeServer('castdesk-office-store-');
let grant: OfficeToken;
let view: OfficeView;
let colleagueToken: string;

beforeAll(async () => ({ grant, view, colleagueToken } = await joinLeaAndColleague(server)));

let store: ReturnType<typeof useOfficeListsStore> | null = null;
afterEach(async () => {
  store?.close();
  store = null;
  await Dexie.delete(userShortlistDbName);
});

function started(offices: OfficeView[] = [view]) {
  const app = officeStoreApp(grant, offices, {
    removeOffice: () => {
      offices.splice(0);
      return { ok: true, value: {} };
    },
  });
  store = app.store;
  return app;
}

async function personalList(): Promise<number> {
  const db = await openShortlistDb();
  const at = '2026-01-01T00:00:00.000Z';
  const id = await db.shortlists.add({ name: 'Callbacks', castingCallId: null, roleId: null, castingCallName: null, roleName: null, createdAt: at, updatedAt: at });
  await db.entries.bulkAdd([
    { shortlistId: id, directoryOrigin: 'https://d.example', actorId: 1, position: 1, note: 'first', rating: 4, colours: ['red'], tags: ['lead'], status: 'callback', addedAt: at, updatedAt: at, snapshot: nameOnlySnapshot('Anna') },
    { shortlistId: id, directoryOrigin: 'https://d.example', actorId: 2, position: 2, note: '', rating: null, colours: [], tags: [], status: 'considering', addedAt: at, updatedAt: at, snapshot: nameOnlySnapshot('Bea') },
  ]);
  db.close();
  return id;
}

it('shares a list with the office, where a colleague reads it, and shows waiting, then synced', async () => {
  const { store } = started();
  const listId = await personalList();
  await store.refresh();
  expect(store.sharingOf(listId)).toEqual({ kind: 'personal' });
  expect(await store.share(listId, view.id)).toBe(true);
  await vi.waitFor(() => expect(store.sharingOf(listId)).toMatchObject({ kind: 'synced' }), { timeout: 30_000, interval: 10 });

  const db = await openShortlistDb();
  const row = (await db.officeLists.get(listId))!;
  expect(row.syncedAt).not.toBeNull();
  const colleague = openList(server.office.url, officeDocumentName(grant.officeId, row.listId), colleagueToken, new Y.Doc());
  try {
    await colleague.synced;
    expect(readListDoc(colleague.doc).entries.map((entry) => [entry.actor.name, entry.note, entry.rating])).toEqual([
      ['Anna', 'first', 4],
      ['Bea', '', null],
    ]);
  } finally {
    colleague.destroy();
    db.close();
  }
});

it('a list never shared stays out of the office, and stopping sharing or removing the office keeps the list here', async () => {
  const { store, calls } = started();
  const kept = await personalList();
  const left = await personalList();
  const untouched = await personalList();
  await store.refresh();
  await store.share(kept, view.id);
  await store.share(left, view.id);
  await store.unshare(kept);
  expect(store.sharingOf(kept)).toEqual({ kind: 'personal' });
  expect(await store.removeOffice(view.id)).toBe(true);
  expect(store.sharingOf(left)).toEqual({ kind: 'personal' });
  expect(calls.filter((call) => call.channel === 'removeOffice')).toEqual([{ channel: 'removeOffice', args: { id: view.id } }]);
  const db = await openShortlistDb();
  try {
    expect(await db.officeLists.count()).toBe(0);
    for (const id of [kept, left, untouched]) expect(await db.entries.where('shortlistId').equals(id).count()).toBe(2);
  } finally {
    db.close();
  }
});

it('the list shows personal, offers sharing only with an office joined, then shows synced and offers to stop', async () => {
  const listId = await personalList();
  const mountWith = (offices: OfficeView[]) => {
    const { pinia, bridge } = started(offices);
    return mount(OfficeSharing, { props: { listId }, global: { plugins: [pinia, createCastdeskI18n('en')], provide: { [castdeskBridgeKey as symbol]: bridge } } });
  };
  const alone = mountWith([]);
  await flushPromises();
  expect(alone.get('[data-testid="office-badge"]').text()).toBe('Personal list: only on this computer');
  expect(alone.find('[data-testid="office-share"]').exists()).toBe(false);
  alone.unmount();
  store?.close();

  const wrapper = mountWith([view]);
  await vi.waitFor(() => expect(wrapper.find('[data-testid="office-share"]').exists()).toBe(true));
  await wrapper.get('[data-testid="office-share"]').trigger('click');
  await vi.waitFor(() => expect(wrapper.get('[data-testid="office-badge"]').attributes('data-sharing')).toBe('synced'), { timeout: 30_000, interval: 10 });
  expect(wrapper.get('[data-testid="office-badge"]').text()).toMatch(/^Shared with the office · synced /);
  // Stopping is confirmed first, saying what it does.
  await wrapper.get('[data-testid="office-stop-sharing"]').trigger('click');
  expect(wrapper.text()).toContain('Stop sharing this list? It leaves the office for every member');
  expect(wrapper.get('[data-testid="office-badge"]').attributes('data-sharing')).toBe('synced');
  await wrapper.get('[data-testid="office-stop-sharing-confirm"]').trigger('click');
  await vi.waitFor(() => expect(wrapper.get('[data-testid="office-badge"]').attributes('data-sharing')).toBe('personal'));
  wrapper.unmount();
});

it('an edit in the list view reaches the office, and a colleague\'s edit reaches the list, keeping entry ids', async () => {
  const app = started();
  const { store } = app;
  const listId = await personalList();
  await store.refresh();
  await store.share(listId, view.id);
  await vi.waitFor(() => expect(store.sharingOf(listId)).toMatchObject({ kind: 'synced' }), { timeout: 30_000, interval: 10 });
  const db = await openShortlistDb();
  const row = (await db.officeLists.get(listId))!;
  const colleague = openList(server.office.url, officeDocumentName(grant.officeId, row.listId), colleagueToken, new Y.Doc());
  try {
    await colleague.synced;
    // Typed in the list view: through the shortlists store, into document and row at once.
    const shortlists = app.shortlists();
    await vi.waitFor(() => expect(shortlists.ready).toBe(true));
    const [anna] = await db.entries.where('shortlistId').equals(listId).sortBy('position');
    expect(await shortlists.updateEntry(anna.id!, { note: 'first, callback Tuesday', rating: 5 })).toBe(true);
    expect(await db.entries.get(anna.id!)).toMatchObject({ note: 'first, callback Tuesday', rating: 5 });
    await vi.waitFor(() => expect(readListDoc(colleague.doc).entries[0]).toMatchObject({ note: 'first, callback Tuesday', rating: 5 }), { timeout: 30_000, interval: 10 });
    // The colleague types in the same note; the row follows, under the same id.
    const key = readListDoc(colleague.doc).entries[0].key;
    ((colleague.doc.getMap('entries').get(key) as Y.Map<unknown>).get('note') as Y.Text).insert(0, '[Ben] ');
    await vi.waitFor(async () => expect((await db.entries.get(anna.id!))?.note).toBe('[Ben] first, callback Tuesday'), { timeout: 30_000, interval: 10 });
  } finally {
    colleague.destroy();
    db.close();
  }
});

it('a shared list removed on this computer stays removed: the sweep does not bring it back, the office keeps it, and undo brings it back shared', async () => {
  // The office lists it to this member as the sweep asks (the directory the back end would answer).
  let listed: { id: string; name: string } | null = null;
  const app = officeStoreApp(grant, [view], {
    listOfficeLists: () => ({
      ok: true,
      value: { office: { id: grant.officeId, name: 'Office' }, member: { id: view.memberId, name: 'Lea', officeRole: 'editor', isOwner: false }, lists: listed ? [{ ...listed, entries: 2, updatedAt: null, role: 'editor' }] : [] },
    }),
  });
  store = app.store;
  const listId = await personalList();
  await app.store.refresh();
  await app.store.share(listId, view.id);
  await vi.waitFor(() => expect(app.store.sharingOf(listId)).toMatchObject({ kind: 'synced' }), { timeout: 30_000, interval: 10 });
  const db = await openShortlistDb();
  try {
    const row = (await db.officeLists.get(listId))!;
    listed = { id: row.listId, name: 'Callbacks' };
    const shortlists = app.shortlists();
    await vi.waitFor(() => expect(shortlists.ready).toBe(true));
    expect(await shortlists.removeList(listId)).toBe(true);
    // Before, the next sweep opened it again from the office, shared, as if it had never been removed.
    await app.store.sweep();
    expect(await db.shortlists.count()).toBe(0);
    expect(await db.officeLists.count()).toBe(0);
    // The office and the colleagues keep it.
    const colleague = openList(server.office.url, officeDocumentName(grant.officeId, row.listId), colleagueToken, new Y.Doc());
    try {
      await colleague.synced;
      expect(readListDoc(colleague.doc).entries.map((entry) => entry.actor.name)).toEqual(['Anna', 'Bea']);
    } finally {
      colleague.destroy();
    }
    // Undo brings it back shared, once: the sweep does not open a second copy.
    expect(await shortlists.undo()).toBe(true);
    await app.store.sweep();
    expect(await db.shortlists.count()).toBe(1);
    expect(await db.officeLists.get(listId)).toMatchObject({ listId: row.listId });
    expect(await db.officeListsLetGo.count()).toBe(0);
  } finally {
    db.close();
  }
});

it('every minute\'s look at the office brings in a list a colleague shared and takes a role the owner changed, without syncing every list', async () => {
  const listId = crypto.randomUUID().replaceAll('-', '');
  let listed: { id: string; name: string; entries: number; updatedAt: null; role: 'editor' | 'viewer' }[] = [];
  const app = officeStoreApp(grant, [view], {
    listOfficeLists: () => ({ ok: true, value: { office: { id: grant.officeId, name: 'Office' }, member: { id: view.memberId, name: 'Lea', officeRole: 'editor', isOwner: false }, lists: listed } }),
  });
  store = app.store;
  await app.store.lookForNewLists();
  const db = await openShortlistDb();
  try {
    expect(await db.shortlists.count()).toBe(0);
    // A colleague shares a list: the next look brings it in (before, only the sweep ten minutes later did).
    listed = [{ id: listId, name: 'Shared by Ben', entries: 0, updatedAt: null, role: 'editor' }];
    await app.store.lookForNewLists();
    const row = (await db.officeLists.where('[officeId+listId]').equals([grant.officeId, listId]).first())!;
    expect(await db.shortlists.get(row.shortlistId)).toMatchObject({ name: 'Shared by Ben' });
    expect(app.store.accessOf(row.shortlistId)).toMatchObject({ role: 'editor', edit: true });
    // The owner makes the member a viewer there: the next look says so, before the list is attached.
    listed = [{ ...listed[0]!, role: 'viewer' }];
    await app.store.lookForNewLists();
    expect(app.store.accessOf(row.shortlistId)).toMatchObject({ role: 'viewer', edit: false });
    expect(await db.officeLists.get(row.shortlistId)).toMatchObject({ role: 'viewer', memberId: view.memberId });
  } finally {
    db.close();
  }
});

it('an edit made while the list is not attached (no office token, closed app) reaches the office at the next attach', async () => {
  const app = started();
  const { store } = app;
  const listId = await personalList();
  await store.refresh();
  await store.share(listId, view.id);
  await vi.waitFor(() => expect(store.sharingOf(listId)).toMatchObject({ kind: 'synced' }), { timeout: 30_000, interval: 10 });
  store.detach(listId);
  const shortlists = app.shortlists();
  await vi.waitFor(() => expect(shortlists.ready).toBe(true));
  const db = await openShortlistDb();
  const row = (await db.officeLists.get(listId))!;
  const colleague = openList(server.office.url, officeDocumentName(grant.officeId, row.listId), colleagueToken, new Y.Doc());
  try {
    await colleague.synced;
    const [anna] = await db.entries.where('shortlistId').equals(listId).sortBy('position');
    // Detached: the edit goes into the list's document and rows here, and nowhere else yet.
    expect(await shortlists.updateEntry(anna.id!, { note: 'typed while detached' })).toBe(true);
    expect(readListDoc(colleague.doc).entries[0].note).toBe('first');
    await store.attach(listId);
    await vi.waitFor(() => expect(readListDoc(colleague.doc).entries[0].note).toBe('typed while detached'), { timeout: 30_000, interval: 10 });
  } finally {
    colleague.destroy();
    db.close();
  }
});

it('the background sweep and an attach settle however they end: the database closing is no failure, any other is logged or shown', async () => {
  const directory = { ok: true, value: { member: { id: 'lea-1', name: 'Lea', officeRole: 'none', isOwner: false }, lists: [{ id: 'callbacks', name: 'Callbacks', entries: 0, updatedAt: null, role: 'editor' }] } };
  // The app closes (its database with it) while the sweep asks the office for its lists.
  const closing = officeStoreApp(grant, [view], {
    listOfficeLists: () => {
      closing.store.close();
      return directory;
    },
  });
  store = closing.store;
  await expect(closing.store.sweep()).resolves.toBeUndefined();
  expect(closing.calls.filter((call) => call.channel === 'logRendererError')).toEqual([]);

  // A bridge that throws (the real one answers failures as data): logged, and the next sweep runs.
  const broken = officeStoreApp(grant, [view], {
    listOfficeLists: () => {
      throw new Error('the bridge broke');
    },
    getOfficeToken: () => {
      throw new Error('the bridge broke');
    },
    logRendererError: () => ({ ok: true, value: {} }),
  });
  store = broken.store;
  await expect(broken.store.sweep()).resolves.toBeUndefined();
  expect(broken.calls.filter((call) => call.channel === 'logRendererError').map((call) => (call.args as { message: string }).message)).toEqual(['The office sweep stopped.']);
  await expect(broken.store.sweep()).resolves.toBeUndefined();
  expect(broken.calls.filter((call) => call.channel === 'listOfficeLists')).toHaveLength(2);

  // A view attaches a shared list without awaiting it: the failure is shown, not thrown.
  const db = await openShortlistDb();
  const shortlistId = await openSharedList(db, { officeRecordId: view.id, officeId: server.officeId }, 'callbacks', 'Callbacks');
  db.close();
  await expect(broken.store.attach(shortlistId)).resolves.toBeUndefined();
  expect(broken.store.error?.message).toBe('Attaching the shared list failed: the bridge broke');
});

it('the lists kept as personal copies, read as a list page mounts while the app closes: no failure left unhandled', async () => {
  const { store: app } = started();
  await app.loadKept();
  // The page asks again; the app closes (its database with it) before the read reaches it.
  const reading = app.loadKept();
  app.close();
  await expect(reading).resolves.toBeUndefined();
  expect(app.error).toBeNull();
});
