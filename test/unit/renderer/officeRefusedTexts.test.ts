/**
 * What a member typed into a change the office refused, against a real office server on 127.0.0.1:
 * a reviewer's comment, or an editor's note, written while the office was out of reach, with the
 * owner lowering their role to viewer meanwhile. The office refuses the change and the list goes
 * back to the office's version; the typed text is kept with its entry on the list's row, so it is
 * still there after a restart, until the member dismisses it. Before, it was gone without a trace.
 */
import { expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { entriesOf } from '../../../renderer/src/db/listDocShape.ts';
import { openShortlistDb } from '../../../renderer/src/db/shortlistDb.ts';
import { readListDoc } from '../../../renderer/src/sync/officeListDoc.ts';
import { closedAfterEach, memberWithSharedList, officeRelay, officeStoreApp, ownersList, useOfficeServer } from './officeAppHarness.ts';

const origin = 'https://d.example';
const server = useOfficeServer('castdesk-office-refused-texts-', 'Dana Director');
const open = closedAfterEach();

/** The owner's list of three actors, with notes, and a member's app on it through a relay that can be cut. */
async function sharedThroughRelay(name: string, role: 'reviewer' | 'editor') {
  const { listId, owner } = await ownersList(server, origin, { noteOf: (actorId) => `note ${actorId}` });
  open.clients.push(owner);
  const relay = await officeRelay(server);
  const opened = await memberWithSharedList(server, open, listId, { name, role, socketUrl: relay.socketUrl });
  await vi.waitFor(() => expect(opened.app.store.sharingOf(opened.shortlistId)).toMatchObject({ kind: 'synced' }), { timeout: 30_000, interval: 10 });
  return { listId, owner, relay, ...opened };
}

it('a reviewer\'s comment typed offline and refused (made a viewer meanwhile) is kept with its entry, after a restart too, until dismissed', { timeout: 120_000 }, async () => {
  const { listId, owner, relay, app, member, shortlistId } = await sharedThroughRelay('Ben Reviewer', 'reviewer');
  try {
    await relay.cut();
    await vi.waitFor(() => expect(app.store.sharingOf(shortlistId)).toMatchObject({ kind: 'waiting' }), { timeout: 30_000, interval: 10 });
    expect(app.store.setComment(shortlistId, origin, 2, 'Strong in the closet scene.\nSee him again.')).toBe(true);
    expect(app.store.setPick(shortlistId, origin, 2, true)).toBe(true);
    await server.changeRole(member.memberId, 'viewer', listId);
    await relay.restore();
    await vi.waitFor(() => expect(app.store.refusals.get(shortlistId)).toBe('office_read_only'), { timeout: 30_000, interval: 10 });
    // The list shows the office's version, as before; the comment is not lost with it.
    expect(app.store.annotationsOf(shortlistId, origin, 2)).toEqual({ picks: [], comments: {} });
    expect(readListDoc(owner.doc).entries[1]).toMatchObject({ comments: {} });
    const kept = [{ kind: 'comment', directoryOrigin: origin, actorId: 2, actorName: 'Actor 2', text: 'Strong in the closet scene.\nSee him again.' }];
    expect(app.store.refusedTexts.get(shortlistId)).toMatchObject(kept);
  } finally {
    await relay.close();
  }

  // The app starts again: the text is read from the list's row.
  app.store.close();
  const again = officeStoreApp(member.grant, [member.view]);
  open.store = again.store;
  await again.store.loadRefusedTexts();
  const [text] = again.store.refusedTexts.get(shortlistId)!;
  expect(text).toMatchObject({ kind: 'comment', actorName: 'Actor 2', text: 'Strong in the closet scene.\nSee him again.' });
  // Dismissed, it is gone for good: a third start finds nothing.
  await again.store.dismissRefusedText(shortlistId, text.id);
  expect(again.store.refusedTexts.has(shortlistId)).toBe(false);
  again.store.close();
  const third = officeStoreApp(member.grant, [member.view]);
  open.store = third.store;
  await third.store.loadRefusedTexts();
  expect(third.store.refusedTexts.has(shortlistId)).toBe(false);
  const stored = await openShortlistDb();
  try {
    expect((await stored.shortlists.get(shortlistId))?.refusedTexts).toBeUndefined();
  } finally {
    stored.close();
  }
});

it('an editor\'s note typed offline and refused (made a viewer meanwhile) is kept as it would have read; a colleague\'s note taken meanwhile is not theirs to keep', { timeout: 120_000 }, async () => {
  const { listId, owner, relay, app, member, shortlistId, shortlists } = await sharedThroughRelay('Eli Editor', 'editor');
  try {
    shortlists.open(shortlistId);
    await vi.waitFor(() => {
      expect(shortlists.entries).toHaveLength(3);
      expect(shortlists.openDocLoaded).toBe(true);
    }, { timeout: 30_000, interval: 10 });
    const first = shortlists.entries.find((entry) => entry.actorId === 1)!;
    await relay.cut();
    await vi.waitFor(() => expect(app.store.sharingOf(shortlistId)).toMatchObject({ kind: 'waiting' }), { timeout: 30_000, interval: 10 });
    expect(await shortlists.updateEntry(first.id!, { note: 'note 1, callback on Friday', noteBase: 'note 1' })).toBe(true);
    // Meanwhile the director writes into the first note and the second one, and lowers the editor's role.
    const [one, two] = readListDoc(owner.doc).entries.map((entry) => entriesOf(owner.doc).get(entry.key)!);
    owner.doc.transact(() => {
      (one.get('note') as Y.Text).insert(0, 'Director: ');
      (two.get('note') as Y.Text).insert(0, 'Director: ');
    });
    await server.changeRole(member.memberId, 'viewer', listId);
    await relay.restore();
    await vi.waitFor(() => expect(app.store.refusals.get(shortlistId)).toBe('office_read_only'), { timeout: 30_000, interval: 10 });
    await vi.waitFor(() => expect(shortlists.entries.find((entry) => entry.actorId === 1)!.note).toBe('Director: note 1'), { timeout: 30_000, interval: 10 });
    // The editor's note as it would have read with the director's words in it; the second note, the director's alone, is not listed.
    expect(app.store.refusedTexts.get(shortlistId)).toMatchObject([{ kind: 'note', actorId: 1, actorName: 'Actor 1', text: 'Director: note 1, callback on Friday' }]);
  } finally {
    await relay.close();
  }
});
