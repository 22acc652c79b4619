/**
 * A member's own comment on an entry of a shared list goes into the keystrokes' journal
 * (db/typedEdits.ts) as it is typed, with a real office server on 127.0.0.1: typed while a long
 * write holds the list's document updates (every write of the list's entries holds them too), it
 * is journaled at once, stored once the write ends and then forgotten; journaled and never stored
 * (the page killed), it is in the list's document after the next start, and reaches the office.
 * A reviewer types it: a comment is all that role may change, and it is carried all the same.
 */
import { afterEach, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { listDocUpdatesTable, openShortlistDb, typedCommentsTable, type ShortlistDb } from '../../../renderer/src/db/shortlistDb.ts';
import { journalTypedComment, nextTypedSeq } from '../../../renderer/src/db/typedEdits.ts';
import { officeEntryKey } from '../../../renderer/src/db/listDocShape.ts';
import { readAnnotations } from '../../../renderer/src/sync/officeAnnotations.ts';
import { readListDoc } from '../../../renderer/src/sync/officeListDoc.ts';
import { openSharedList } from '../../../renderer/src/sync/officeSharing.ts';
import { closedAfterEach, memberCredentials, memberWithSharedList, officeStoreApp, ownersList, useOfficeServer } from './officeAppHarness.ts';
import { holdTable } from './heldTable.ts';

const origin = 'https://d.example';
const server = useOfficeServer('castdesk-office-typed-comments-', 'Dana Director');
const open = closedAfterEach();
let shortlistsStopped: (() => void) | null = null;
afterEach(() => {
  shortlistsStopped?.();
  shortlistsStopped = null;
});

const waitLong = { timeout: 30_000, interval: 10 };

/** The comments of list `shortlistId`'s entries as the next start reads its document: from its stored updates. */
async function storedComments(shortlistDb: ShortlistDb, shortlistId: number): Promise<Record<string, Readonly<Record<string, string>>>> {
  const doc = new Y.Doc();
  for (const update of await shortlistDb.table(listDocUpdatesTable).where('k').equals(shortlistId).toArray()) Y.applyUpdateV2(doc, update.u);
  return Object.fromEntries([...readAnnotations(doc)].map(([key, { comments }]) => [key, comments]));
}

/** The director's view of the comments on the list in the office. */
const officeComments = (doc: Y.Doc) => Object.fromEntries(readListDoc(doc).entries.map((entry) => [entry.key, entry.comments]));

it('a reviewer\'s comment typed while a long write holds the list\'s document is journaled at once, stored once the write ends, and then forgotten', async () => {
  const { listId, owner } = await ownersList(server, origin, { count: 2 });
  open.clients.push(owner);
  const { app, shortlistId, shortlistDb } = await memberWithSharedList(server, open, listId, { name: 'Rita', role: 'reviewer', count: 2 });
  const memberId = app.store.accessOf(shortlistId).memberId!;
  const entryKey = officeEntryKey(origin, 1);
  const journal = () => shortlistDb.table(typedCommentsTable).toArray();

  // A long write holds the list's document updates (as the shortlists store's write of the entries
  // does, waiting behind whatever holds those): the comment's write into the document waits.
  const blocker = await holdTable(listDocUpdatesTable);
  expect(app.store.setComment(shortlistId, origin, 1, 'Strong in the closet scene')).toBe(true);
  // The journal's transaction is in no other write's scope: it commits while the updates are held.
  await vi.waitFor(async () => expect(await journal()).toMatchObject([{ shortlistId, entryKey, memberId, text: 'Strong in the closet scene' }]), waitLong);
  expect(app.store.setComment(shortlistId, origin, 1, 'Strong in the closet scene, see again')).toBe(true);
  await vi.waitFor(async () => expect((await journal()).map((record: { text: string }) => record.text)).toEqual(['Strong in the closet scene', 'Strong in the closet scene, see again']), waitLong);

  blocker.release();
  await blocker.done;
  // Stored, then forgotten: nothing is left for the next start.
  await vi.waitFor(async () => expect(await journal()).toEqual([]), waitLong);
  expect((await storedComments(shortlistDb, shortlistId))[entryKey]).toEqual({ [memberId]: 'Strong in the closet scene, see again' });
  await vi.waitFor(() => expect(officeComments(owner.doc)[entryKey]).toEqual({ [memberId]: 'Strong in the closet scene, see again' }), waitLong);
});

it('a reviewer\'s comment journaled as typed and never stored (the page killed) is in the list\'s document after the next start, and reaches the office', { timeout: 120_000 }, async () => {
  const { listId, owner } = await ownersList(server, origin, { count: 2 });
  open.clients.push(owner);
  const rita = await server.join('Rita', 'reviewer');
  const { grant, view } = memberCredentials(server, rita, 'Rita');
  const first = officeStoreApp(grant, [view]);
  open.store = first.store;
  const shortlistDb: ShortlistDb = await openShortlistDb();
  open.db = shortlistDb;
  const shortlistId = await openSharedList(shortlistDb, { officeRecordId: view.id, officeId: server.officeId }, listId, 'Shared');
  await first.store.refresh();
  await first.store.attach(shortlistId);
  // The role is kept with the list: the next start knows it before the office answers.
  await vi.waitFor(async () => expect(await shortlistDb.officeLists.get(shortlistId)).toMatchObject({ role: 'reviewer' }), waitLong);
  const entryKey = officeEntryKey(origin, 2);
  // As the keystrokes journaled them a moment before the page was killed: their write never began.
  // The last one counts; a comment on an entry the list does not have is dropped.
  const comment = { shortlistId, entryKey, memberId: rita.memberId };
  journalTypedComment(shortlistDb, { ...comment, seq: nextTypedSeq(), text: 'Typed as' });
  journalTypedComment(shortlistDb, { ...comment, seq: nextTypedSeq(), text: 'Typed as it died' });
  journalTypedComment(shortlistDb, { ...comment, entryKey: officeEntryKey(origin, 99), seq: nextTypedSeq(), text: 'On no entry of the list' });
  await vi.waitFor(async () => expect(await shortlistDb.table(typedCommentsTable).count()).toBe(3), waitLong);
  first.store.close();

  // The next start: the office store reads the lists' roles first (a reviewer may change nothing
  // but their picks and comments), then the shortlists store opens the database and replays.
  const again = officeStoreApp(grant, [view]);
  open.store = again.store;
  await again.store.refresh();
  expect(again.store.accessOf(shortlistId)).toMatchObject({ role: 'reviewer', edit: false, annotate: true });
  const shortlists = again.shortlists();
  shortlistsStopped = () => shortlists.$dispose();
  await vi.waitFor(() => expect(shortlists.ready).toBe(true), waitLong);
  await vi.waitFor(async () => {
    expect(await shortlistDb.table(typedCommentsTable).count()).toBe(0);
    expect(await shortlistDb.pendingDocEdits.count()).toBe(0);
  }, waitLong);
  expect((await storedComments(shortlistDb, shortlistId))[entryKey]).toEqual({ [rita.memberId]: 'Typed as it died' });
  expect(again.store.refusals.get(shortlistId)).toBeUndefined();

  // Attached again, the office gets it, and the strip shows it.
  await again.store.attach(shortlistId);
  await vi.waitFor(() => expect(officeComments(owner.doc)[entryKey]).toEqual({ [rita.memberId]: 'Typed as it died' }), waitLong);
  expect(again.store.annotationsOf(shortlistId, origin, 2).comments).toEqual({ [rita.memberId]: 'Typed as it died' });
  expect(again.store.refusals.get(shortlistId)).toBeUndefined();
});
