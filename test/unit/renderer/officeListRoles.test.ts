/**
 * The member's role on a shared list, in the app, against a real office server on 127.0.0.1: the
 * office store learns it (viewer, reviewer, editor) and offers only what it allows; a reviewer's
 * picks and comments reach the casting director's document under the reviewer's id, with the
 * reviewer's name known; a change the office refuses (a role lowered while the member was offline)
 * is reverted in the list's document and rows, with a typed reason, and the list keeps syncing.
 */
import { createServer } from 'node:net';
import { Dexie } from 'dexie';
import { DexieYProvider } from 'y-dexie';
import { afterEach, expect, it, vi } from 'vitest';
import { watch } from 'vue';
import * as Y from 'yjs';
import { listDocUpdatesTable, openShortlistDb, userShortlistDbName, type ShortlistDb } from '../../../renderer/src/db/shortlistDb.ts';
import { readListDoc } from '../../../renderer/src/sync/officeListDoc.ts';
import { entriesOf } from '../../../renderer/src/db/listDocShape.ts';
import { openSharedList } from '../../../renderer/src/sync/officeSharing.ts';
import { useOfficeListsStore } from '../../../renderer/src/stores/officeLists.ts';
import type { ListClient } from '../../integration/office/officeSupport.ts';
import { memberCredentials, officeRelay, officeStoreApp, ownersList, useOfficeServer, type JoinedMember } from './officeAppHarness.ts';

const origin = 'https://d.example';
const server = useOfficeServer('castdesk-office-roles-app-', 'Dana Director');

let store: ReturnType<typeof useOfficeListsStore> | null = null;
let db: ShortlistDb | null = null;
const clients: ListClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  db?.close();
  db = null;
  store?.close();
  store = null;
  await Dexie.delete(userShortlistDbName);
});

/** The director's list in the office (written by the owner's client), with three actors. */
async function directorsList(): Promise<{ listId: string; director: ListClient }> {
  const { listId, owner } = await ownersList(server, origin, { noteOf: (actorId) => `note ${actorId}` });
  clients.push(owner);
  return { listId, director: owner };
}

/** A member's app (the office store on this computer's shortlist database) with the list opened and attached. */
function startApp(member: JoinedMember, name: string, socketUrl = server.office.url): ReturnType<typeof useOfficeListsStore> {
  const { grant, view } = memberCredentials(server, member, name, { recordId: 'office-record', socketUrl });
  started = officeStoreApp(grant, [view]);
  store = started.store;
  return store;
}

/** The shortlists store of the app last started (the same pinia as its office store). */
let started: ReturnType<typeof officeStoreApp> | null = null;
function shortlistsOf(app: ReturnType<typeof useOfficeListsStore>): ReturnType<ReturnType<typeof officeStoreApp>['shortlists']> {
  expect(started?.store).toBe(app);
  return started!.shortlists();
}

async function memberOpens(listId: string, member: JoinedMember, name: string): Promise<{ shortlistId: number; db: ShortlistDb; office: ReturnType<typeof useOfficeListsStore> }> {
  const store = startApp(member, name);
  db = await openShortlistDb();
  const shortlistId = await openSharedList(db, { officeRecordId: 'office-record', officeId: server.officeId }, listId, 'Shared');
  await store.refresh();
  await store.attach(shortlistId);
  const shortlistDb = db;
  await vi.waitFor(async () => expect(await shortlistDb.entries.where('shortlistId').equals(shortlistId).count()).toBe(3), { timeout: 30_000, interval: 10 });
  return { shortlistId, db: shortlistDb, office: store };
}

/**
 * An editor's list, opened and attached, then edited offline: the member's app goes away and the
 * member edits the stored document (as the list view would), its first entry's note.
 */
async function editedOffline(listId: string, member: JoinedMember, name: string): Promise<{ shortlistId: number; db: ShortlistDb; key: string }> {
  const opened = await memberOpens(listId, member, name);
  const { shortlistId, db: shortlistDb } = opened;
  await vi.waitFor(() => expect(opened.office.accessOf(shortlistId)).toMatchObject({ role: 'editor' }), { timeout: 30_000, interval: 10 });
  opened.office.close();
  const row = (await shortlistDb.listDocs.get(shortlistId))!;
  await DexieYProvider.load(row.doc).whenLoaded;
  const updates = shortlistDb.table(listDocUpdatesTable);
  const before = await updates.count();
  const key = readListDoc(row.doc).entries[0].key;
  (entriesOf(row.doc).get(key)!.get('note') as Y.Text).insert(0, 'offline edit: ');
  await vi.waitFor(async () => expect(await updates.count()).toBeGreaterThan(before), { timeout: 30_000, interval: 10 });
  DexieYProvider.release(row.doc);
  return { shortlistId, db: shortlistDb, key };
}

/**
 * A reviewer's list, opened and attached, then picked and commented on offline: the member's app
 * goes away and the member's first entry gets their pick and comment in the stored document (as
 * the strip would write them).
 */
async function pickedOffline(listId: string, member: JoinedMember, name: string): Promise<{ shortlistId: number }> {
  const opened = await memberOpens(listId, member, name);
  const { shortlistId, db: shortlistDb, office } = opened;
  await vi.waitFor(() => expect(office.accessOf(shortlistId)).toMatchObject({ role: 'reviewer', annotate: true }), { timeout: 30_000, interval: 10 });
  // Offline, the member picks the first actor and says why (the app's store writes it into the list's document, stored here).
  office.close();
  const row = (await shortlistDb.listDocs.get(shortlistId))!;
  await DexieYProvider.load(row.doc).whenLoaded;
  const updates = shortlistDb.table(listDocUpdatesTable);
  const before = await updates.count();
  const key = readListDoc(row.doc).entries[0].key;
  row.doc.transact(() => {
    (entriesOf(row.doc).get(key)!.get('picks') as Y.Map<boolean>).set(member.memberId, true);
    (entriesOf(row.doc).get(key)!.get('comments') as Y.Map<string>).set(member.memberId, 'Strong in the closet scene');
  });
  await vi.waitFor(async () => expect(await updates.count()).toBeGreaterThan(before), { timeout: 30_000, interval: 10 });
  DexieYProvider.release(row.doc);
  return { shortlistId };
}

const rowsOf = async (shortlistDb: ShortlistDb, shortlistId: number) => (await shortlistDb.entries.where('shortlistId').equals(shortlistId).sortBy('position')).map((row) => [row.actorId, row.note]);

it('a viewer\'s list is read-only; a change that reaches the office anyway goes back to the office\'s version, with the reason', async () => {
  const { listId } = await directorsList();
  const viewer = await server.join('Vera Viewer', 'viewer');
  const { shortlistId, db: shortlistDb, office: app } = await memberOpens(listId, viewer, 'Vera Viewer');
  await vi.waitFor(() => expect(app.accessOf(shortlistId)).toMatchObject({ role: 'viewer', edit: false, annotate: false }), { timeout: 30_000, interval: 10 });
  expect(app.setPick(shortlistId, origin, 1, true)).toBe(false);
  expect(app.refusals.get(shortlistId)).toBeUndefined();
  // A change of the document the app did not stop (made before the role arrived): the office answers "not applied".
  const doc = app.attachedLists.get(shortlistId)!.provider.document;
  const key = readListDoc(doc).entries[0].key;
  (entriesOf(doc).get(key)!.get('note') as Y.Text).insert(0, 'changed by a viewer: ');
  await vi.waitFor(async () => {
    expect(app.refusals.get(shortlistId)).toBe('office_read_only');
    expect(await rowsOf(shortlistDb, shortlistId)).toEqual([[1, 'note 1'], [2, 'note 2'], [3, 'note 3']]);
  }, { timeout: 30_000, interval: 10 });
  // The role is kept for offline use.
  expect(await shortlistDb.officeLists.get(shortlistId)).toMatchObject({ role: 'viewer', memberId: viewer.memberId });
});

it('a role lowered to viewer while the list is open, nothing changed: no refusal is shown, and the list goes on syncing', async () => {
  const { listId, director } = await directorsList();
  const member = await server.join('Nora Nochange', 'editor');
  const { shortlistId, db: shortlistDb, office: app } = await memberOpens(listId, member, 'Nora Nochange');
  await vi.waitFor(() => expect(app.accessOf(shortlistId)).toMatchObject({ role: 'editor' }), { timeout: 30_000, interval: 10 });
  // The owner lowers the role: the office disconnects the member, whose list reconnects read-only.
  await server.changeRole(member.memberId, 'viewer', listId);
  await vi.waitFor(() => expect(app.accessOf(shortlistId)).toMatchObject({ role: 'viewer', edit: false }), { timeout: 30_000, interval: 10 });
  await vi.waitFor(() => expect(app.sharingOf(shortlistId)).toMatchObject({ kind: 'synced' }), { timeout: 30_000, interval: 10 });
  // Before, the reconnection's sync (counted unsynced until the office answers) read as a refused
  // change: "your change was not kept", and the list was reverted at every reconnection.
  const key = readListDoc(director.doc).entries[0].key;
  (entriesOf(director.doc).get(key)!.get('note') as Y.Text).insert(0, 'director: ');
  await vi.waitFor(async () => expect((await rowsOf(shortlistDb, shortlistId))[0]).toEqual([1, 'director: note 1']), { timeout: 30_000, interval: 10 });
  expect(app.refusals.get(shortlistId)).toBeUndefined();
});

it('a reviewer marks picks and comments that reach the director under the reviewer\'s id, and cannot change the list', async () => {
  const { listId, director } = await directorsList();
  const reviewer = await server.join('Pia Producer', 'reviewer');
  const { shortlistId, office: app } = await memberOpens(listId, reviewer, 'Pia Producer');
  await vi.waitFor(() => expect(app.accessOf(shortlistId)).toMatchObject({ role: 'reviewer', memberId: reviewer.memberId, edit: false, annotate: true }), { timeout: 30_000, interval: 10 });
  expect(app.setPick(shortlistId, origin, 2, true)).toBe(true);
  expect(app.setComment(shortlistId, origin, 2, 'Great energy, see again')).toBe(true);
  await vi.waitFor(() => {
    const entry = readListDoc(director.doc).entries.find((candidate) => candidate.actor.id === 2)!;
    expect(entry.picks).toEqual({ [reviewer.memberId]: true });
    expect(entry.comments).toEqual({ [reviewer.memberId]: 'Great energy, see again' });
  }, { timeout: 30_000, interval: 10 });
  expect(app.annotationsOf(shortlistId, origin, 2)).toEqual({ picks: [reviewer.memberId], comments: { [reviewer.memberId]: 'Great energy, see again' } });
  // The reviewer's app knows the names of who picked and who commented.
  await vi.waitFor(() => expect(app.memberName(shortlistId, reviewer.memberId)).toBe('Pia Producer'), { timeout: 30_000, interval: 10 });
  // Taking the pick back removes the reviewer's key.
  app.setPick(shortlistId, origin, 2, false);
  await vi.waitFor(() => expect(readListDoc(director.doc).entries.find((candidate) => candidate.actor.id === 2)!.picks).toEqual({}), { timeout: 30_000, interval: 10 });
});

it('a change made before the role was lowered is refused by the office and reverted here, and the list keeps syncing', async () => {
  const { listId, director } = await directorsList();
  const member = await server.join('Eli Editor', 'editor');
  const { shortlistId, db: shortlistDb, key } = await editedOffline(listId, member, 'Eli Editor');
  // Meanwhile the owner makes the member a reviewer on this list; the app starts again, offline first.
  expect(await server.office.members.setRole(server.officeId, member.memberId, { role: 'reviewer', listId })).toBe(true);
  const app = startApp(member, 'Eli Editor');
  await app.refresh();
  expect(app.accessOf(shortlistId)).toMatchObject({ role: 'editor', edit: true });
  await app.attach(shortlistId);
  await vi.waitFor(async () => {
    expect(app.refusals.get(shortlistId)).toBe('office_reviewer_limited');
    expect(app.accessOf(shortlistId)).toMatchObject({ role: 'reviewer', edit: false, annotate: true });
    expect(await rowsOf(shortlistDb, shortlistId)).toEqual([[1, 'note 1'], [2, 'note 2'], [3, 'note 3']]);
  }, { timeout: 30_000, interval: 10 });
  const stored = (await shortlistDb.listDocs.get(shortlistId))!;
  await DexieYProvider.load(stored.doc).whenLoaded;
  expect(String(entriesOf(stored.doc).get(key)!.get('note'))).toBe('note 1');
  DexieYProvider.release(stored.doc);
  // Still in sync: a pick now reaches the director, and the director's change reaches the list.
  expect(app.setPick(shortlistId, origin, 3, true)).toBe(true);
  await vi.waitFor(() => expect(readListDoc(director.doc).entries.find((candidate) => candidate.actor.id === 3)!.picks).toEqual({ [member.memberId]: true }), { timeout: 30_000, interval: 10 });
  (entriesOf(director.doc).get(key)!.get('note') as Y.Text).insert(0, 'director: ');
  await vi.waitFor(async () => expect((await rowsOf(shortlistDb, shortlistId))[0]).toEqual([1, 'director: note 1']), { timeout: 30_000, interval: 10 });
  expect(String(entriesOf(director.doc).get(key)!.get('note'))).toBe('director: note 1');
});

it('offline, a viewer\'s edit goes back at once: the role kept on this computer says the list is read-only', async () => {
  const { listId } = await directorsList();
  const viewer = await server.join('Otto Offline', 'viewer');
  const opened = await memberOpens(listId, viewer, 'Otto Offline');
  const { shortlistId, db: shortlistDb } = opened;
  await vi.waitFor(async () => expect(await shortlistDb.officeLists.get(shortlistId)).toMatchObject({ role: 'viewer' }), { timeout: 30_000, interval: 10 });
  opened.office.close();
  // The office cannot be reached: its address answers no one.
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as { port: number }).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const app = startApp(viewer, 'Otto Offline', `ws://127.0.0.1:${port}`);
  await app.refresh();
  expect(app.accessOf(shortlistId)).toMatchObject({ role: 'viewer', edit: false });
  await app.attach(shortlistId);
  const first = (await shortlistDb.entries.where('shortlistId').equals(shortlistId).sortBy('position'))[0];
  // Typed in the list view (through the shortlists store): refused before anything is written.
  const shortlists = shortlistsOf(app);
  await vi.waitFor(() => expect(shortlists.ready).toBe(true));
  expect(await shortlists.updateEntry(first.id!, { note: 'typed offline' })).toBe(false);
  expect(app.refusals.get(shortlistId)).toBe('office_read_only');
  expect(await rowsOf(shortlistDb, shortlistId)).toEqual([[1, 'note 1'], [2, 'note 2'], [3, 'note 3']]);
  // Nor in the document as stored.
  const stored = new Y.Doc();
  for (const update of await shortlistDb.table(listDocUpdatesTable).where('k').equals(shortlistId).toArray()) Y.applyUpdateV2(stored, update.u);
  expect(readListDoc(stored).entries.map((entry) => entry.note)).toEqual(['note 1', 'note 2', 'note 3']);
});

it('the app closing while a refused change is being reverted leaves no failure behind: the next start reverts it', async () => {
  const { listId } = await directorsList();
  const member = await server.join('Cleo Closing', 'editor');
  const { shortlistId, db: shortlistDb } = await editedOffline(listId, member, 'Cleo Closing');
  expect(await server.office.members.setRole(server.officeId, member.memberId, { role: 'viewer', listId })).toBe(true);
  // The app goes away the moment the office refuses the change: the revert it started finds its database closed.
  const app = startApp(member, 'Cleo Closing');
  await app.refresh();
  await app.attach(shortlistId);
  const refusedHere = new Promise<void>((resolve) =>
    app.attachedLists.get(shortlistId)!.onRefused(() => {
      app.close();
      resolve();
    }),
  );
  await refusedHere;
  // The next start: the change is refused again and reverted, rows and document.
  const again = startApp(member, 'Cleo Closing');
  await again.refresh();
  await again.attach(shortlistId);
  await vi.waitFor(async () => {
    expect(again.refusals.get(shortlistId)).toBe('office_read_only');
    expect(await rowsOf(shortlistDb, shortlistId)).toEqual([[1, 'note 1'], [2, 'note 2'], [3, 'note 3']]);
  }, { timeout: 30_000, interval: 10 });
});

it('a change refused while the list is open, then the role given back: the next change reaches the office, and no entry goes missing', { timeout: 180_000 }, async () => {
  const { listId, director } = await directorsList();
  const member = await server.join('Ida Interrupted', 'editor');
  const relay = await officeRelay(server);
  try {
    const app = startApp(member, 'Ida Interrupted', relay.socketUrl);
    db = await openShortlistDb();
    const shortlistDb = db;
    const shortlistId = await openSharedList(shortlistDb, { officeRecordId: 'office-record', officeId: server.officeId }, listId, 'Shared');
    await app.refresh();
    const shortlists = shortlistsOf(app);
    await vi.waitFor(() => expect(shortlists.ready).toBe(true));
    shortlists.open(shortlistId);
    await app.attach(shortlistId);
    await vi.waitFor(() => {
      expect(shortlists.entries).toHaveLength(3);
      expect(shortlists.openDocLoaded).toBe(true);
      expect(app.accessOf(shortlistId)).toMatchObject({ role: 'editor', edit: true });
      expect(app.sharingOf(shortlistId)).toMatchObject({ kind: 'synced' });
    }, { timeout: 30_000, interval: 10 });
    const entryId = shortlists.entries.find((entry) => entry.actorId === 1)!.id;
    const key = readListDoc(director.doc).entries.find((entry) => entry.actor.id === 1)!.key;

    // Offline, a tag added in the open list; meanwhile the owner makes the member a viewer.
    await relay.cut();
    await vi.waitFor(() => expect(app.sharingOf(shortlistId)).toMatchObject({ kind: 'waiting' }), { timeout: 30_000, interval: 10 });
    expect(await shortlists.updateEntry(entryId, { tags: ['offline'] })).toBe(true);
    await server.changeRole(member.memberId, 'viewer', listId);
    await relay.restore();
    await vi.waitFor(async () => {
      expect(app.refusals.get(shortlistId)).toBe('office_read_only');
      expect((await shortlistDb.entries.get(entryId))!.tags).toEqual([]);
    }, { timeout: 30_000, interval: 10 });

    // The role given back: the member's next change reaches the office. Before, the open list kept
    // its copy of the document with the refused change, so this change waited at the office for
    // that one for good, and only its removal of the old tags was applied: the entry lost its
    // tags, and with them its place on every member's list.
    await server.changeRole(member.memberId, 'editor', listId);
    await vi.waitFor(() => expect(app.accessOf(shortlistId)).toMatchObject({ role: 'editor', edit: true }), { timeout: 30_000, interval: 10 });
    await vi.waitFor(() => expect(app.sharingOf(shortlistId)).toMatchObject({ kind: 'synced' }), { timeout: 30_000, interval: 10 });
    expect(await shortlists.updateEntry(entryId, { tags: ['dancer'] })).toBe(true);
    await vi.waitFor(() => expect(entriesOf(director.doc).get(key)!.toJSON().tags).toEqual(['dancer']), { timeout: 30_000, interval: 10 });
    expect(readListDoc(director.doc).entries.map((entry) => entry.actor.id)).toEqual([1, 2, 3]);
  } finally {
    await relay.close();
  }
});

it('a pick and a comment refused by the office (the reviewer made a viewer meanwhile) are gone from the store\'s picks and comments once the list is reverted, even with no view keeping it attached', async () => {
  const { listId, director } = await directorsList();
  const member = await server.join('Ben Reviewer', 'reviewer');
  const { shortlistId } = await pickedOffline(listId, member, 'Ben Reviewer');
  // Meanwhile the owner makes him a viewer on the list; the app starts again and the sweep syncs the list (no view open on it).
  expect(await server.office.members.setRole(server.officeId, member.memberId, { role: 'viewer', listId })).toBe(true);
  const app = startApp(member, 'Ben Reviewer');
  await app.refresh();
  await app.syncOnce(shortlistId);
  await vi.waitFor(() => expect(app.refusals.get(shortlistId)).toBe('office_read_only'), { timeout: 30_000, interval: 10 });
  // The list shows the office's version: no pick, no comment, as the director sees it.
  expect(app.annotationsOf(shortlistId, origin, 1)).toEqual({ picks: [], comments: {} });
  expect(readListDoc(director.doc).entries[0]).toMatchObject({ picks: {}, comments: {} });
});

it('a view asking for the list while it goes back to the office\'s version gets it attached again with that version, the refused pick not sent again', async () => {
  const { listId, director } = await directorsList();
  const member = await server.join('Rita Reviewer', 'reviewer');
  const { shortlistId } = await pickedOffline(listId, member, 'Rita Reviewer');
  expect(await server.office.members.setRole(server.officeId, member.memberId, { role: 'viewer', listId })).toBe(true);
  const app = startApp(member, 'Rita Reviewer');
  await app.refresh();
  // The list page opens as the revert lets go of the list (its view attaches the list as it is shown).
  let wasAttached = false;
  const stopWatching = watch(
    () => app.attachedLists.get(shortlistId),
    (list) => {
      if (list) wasAttached = true;
      else if (wasAttached) void app.attach(shortlistId);
    },
  );
  try {
    await app.syncOnce(shortlistId);
    await vi.waitFor(() => {
      expect(app.refusals.get(shortlistId)).toBe('office_read_only');
      expect(app.attachedLists.has(shortlistId)).toBe(true);
      expect(app.sharingOf(shortlistId)).toMatchObject({ kind: 'synced' });
    }, { timeout: 30_000, interval: 10 });
  } finally {
    stopWatching();
  }
  expect(app.annotationsOf(shortlistId, origin, 1)).toEqual({ picks: [], comments: {} });
  expect(readListDoc(director.doc).entries[0]).toMatchObject({ picks: {}, comments: {} });
});
