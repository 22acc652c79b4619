/**
 * A shared list's entry in the list view, mounted with the office store attached to a real office
 * server on 127.0.0.1: a viewer's entry offers no change at all; a reviewer's offers only their
 * pick and comment, which reach the casting director's document; the director's entry shows live,
 * by name, who picked the actor and what they said; a refused change shows its reason, and the
 * comment it typed, to copy, until dismissed.
});

 * by name, who picked the actor and what they said (two members of one name numbered); a refused
 * change shows its reason.
 */
import { flushPromises, mount } from '@vue/test-utils';
import { Dexie } from 'dexie';
import { afterEach, expect, it, vi } from 'vitest';
import { computed } from 'vue';
import * as Y from 'yjs';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import OfficeSharing from '../../../renderer/src/components/shortlists/OfficeSharing.vue';
import OfficeListNotice from '../../../renderer/src/components/shortlists/OfficeListNotice.vue';
import ShortlistEntry from '../../../renderer/src/components/shortlists/ShortlistEntry.vue';
import { listAccessKey } from '../../../renderer/src/components/shortlists/listAccess.ts';
import { openShortlistDb, userShortlistDbName, type ShortlistDb } from '../../../renderer/src/db/shortlistDb.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { useOfficeListsStore } from '../../../renderer/src/stores/officeLists.ts';
import { readListDoc } from '../../../renderer/src/sync/officeListDoc.ts';
import { entriesOf } from '../../../renderer/src/db/listDocShape.ts';
import { openSharedList } from '../../../renderer/src/sync/officeSharing.ts';
import { withStoredListDoc } from '../../../renderer/src/sync/listDocs.ts';
import { officeDocumentName } from '../../../server/office/documentName.ts';
import { acknowledged, openList, type ListClient } from '../../integration/office/officeSupport.ts';
import { memberCredentials, officeRelay, officeStoreApp, ownersList, useOfficeServer, type JoinedMember } from './officeAppHarness.ts';

const origin = 'https://d.example';
const server = useOfficeServer('castdesk-office-review-', 'Dana Director');

let store: ReturnType<typeof useOfficeListsStore> | null = null;
let db: ShortlistDb | null = null;
const clients: ListClient[] = [];
const unmounts: (() => void)[] = [];
afterEach(async () => {
  for (const unmount of unmounts.splice(0)) unmount();
  for (const client of clients.splice(0)) client.destroy();
  db?.close();
  db = null;
  store?.close();
  store = null;
  await Dexie.delete(userShortlistDbName);
});

const shortlistIdOf = (notice: { props(name: 'listId'): number }) => notice.props('listId');

/** A list in the office with two actors, and the owner's client on it. */
async function listInOffice(): Promise<{ listId: string; client: ListClient }> {
  const { listId, owner } = await ownersList(server, origin, { count: 2 });
  clients.push(owner);
  return { listId, client: owner };
}

/**
 * The member's app (the office store over a bridge that answers the member's token), on the office
 * at `socketUrl` (default: the office's own). Its back end has no clipboard, as the web shell's:
 * the page copies itself.
 */
function memberApp(member: JoinedMember, name: string, socketUrl?: string) {
  const { grant, view } = memberCredentials(server, member, name, { recordId: 'office-record', socketUrl });
  const started = officeStoreApp(grant, [view], { copyText: () => ({ ok: true, value: { copied: false } }) });
  store = started.store;
  return { ...started, view };
}

/** The member's app with the list attached, and its first entry mounted as the list view shows it. */
async function entryOf(listId: string, member: JoinedMember, name: string, socketUrl?: string) {
  const started = memberApp(member, name, socketUrl);
  const app = started.store;
  db = await openShortlistDb();
  const shortlistDb = db;
  const shortlistId = await openSharedList(shortlistDb, { officeRecordId: started.view.id, officeId: server.officeId }, listId, 'Shared');
  await app.refresh();
  await app.attach(shortlistId);
  await vi.waitFor(async () => expect(await shortlistDb.entries.where('shortlistId').equals(shortlistId).count()).toBe(2), { timeout: 30_000, interval: 10 });
  await vi.waitFor(() => expect(app.accessOf(shortlistId).role).not.toBeNull(), { timeout: 30_000, interval: 10 });
  return { ...(await mountEntry(started, shortlistDb, shortlistId)), shortlistId, app, shortlists: started.shortlists };
}

/** List `shortlistId`'s first entry as the list view shows it, with the list page's notice and sharing badge, in `started`'s app. */
async function mountEntry(started: ReturnType<typeof memberApp>, shortlistDb: ShortlistDb, shortlistId: number) {
  const { store: app, pinia, bridge } = started;
  const [entry] = (await shortlistDb.entries.where('shortlistId').equals(shortlistId).sortBy('position')) as never[];
  const global = { plugins: [pinia, createCastdeskI18n('en')], provide: { [castdeskBridgeKey as symbol]: bridge, [listAccessKey as symbol]: computed(() => app.accessOf(shortlistId)) }, stubs: { RouterLink: true } };
  const wrapper = mount(ShortlistEntry, { props: { entry, index: 0, total: 2, drawn: true, selected: false, dragArmed: false, dragging: false, dropTarget: false }, global });
  const notice = mount(OfficeListNotice, { props: { listId: shortlistId }, global });
  // The list page's sharing badge, which attaches the list whenever its state changes.
  const badge = mount(OfficeSharing, { props: { listId: shortlistId }, global });
  unmounts.push(() => wrapper.unmount(), () => notice.unmount(), () => badge.unmount());
  await flushPromises();
  return { wrapper, notice };
}

it('a viewer\'s entry offers no change: fields disabled, no moves, no drag handle, no pick', async () => {
  const { listId } = await listInOffice();
  const viewer = await server.join('Vera Viewer', 'viewer');
  const { wrapper, notice } = await entryOf(listId, viewer, 'Vera Viewer');
  expect(wrapper.get('[data-testid="entry-editables"]').attributes('disabled')).toBeDefined();
  // A disabled fieldset disables every control in it (the browser's rule; happy-dom does not apply it to :disabled).
  expect(wrapper.get('[data-testid="entry-note"]').element.closest('fieldset[disabled]')).not.toBeNull();
  expect(wrapper.get('[data-testid="entry-status"]').element.closest('fieldset[disabled]')).not.toBeNull();
  expect(wrapper.find('[data-testid="move-up"]').exists()).toBe(false);
  expect(wrapper.find('[data-testid="drag-handle"]').exists()).toBe(false);
  expect(wrapper.find('[data-testid="entry-pick"]').exists()).toBe(false);
  expect(wrapper.find('[data-testid="entry-own-comment"]').exists()).toBe(false);
  expect(notice.get('[data-testid="office-role-notice"]').attributes('data-role')).toBe('viewer');
  // Only reading: once in sync, nothing was refused (a read-only connection is not a refusal by itself).
  await vi.waitFor(() => expect(store!.sharingOf(shortlistIdOf(notice))).toMatchObject({ kind: 'synced' }), { timeout: 30_000, interval: 10 });
  expect(notice.find('[data-testid="office-refusal"]').exists()).toBe(false);
  // The same entry on a list the member edits offers every field.
  const editor = await server.join('Eli Editor', 'editor');
  wrapper.unmount();
  notice.unmount();
  unmounts.splice(0);
  store?.close();
  db?.close();
  await Dexie.delete(userShortlistDbName);
  const editable = await entryOf(listId, editor, 'Eli Editor');
  expect(editable.wrapper.get('[data-testid="entry-editables"]').attributes('disabled')).toBeUndefined();
  expect(editable.wrapper.find('[data-testid="move-up"]').exists()).toBe(true);
  expect(editable.notice.find('[data-testid="office-role-notice"]').exists()).toBe(false);
});

it('a reviewer marks a pick and writes a comment in the entry, which reach the director; the director sees them by name, live', async () => {
  const { listId, client: director } = await listInOffice();
  const reviewer = await server.join('Pia Producer', 'reviewer');
  const { wrapper, notice, shortlistId } = await entryOf(listId, reviewer, 'Pia Producer');
  expect(notice.get('[data-testid="office-role-notice"]').attributes('data-role')).toBe('reviewer');
  expect(wrapper.get('[data-testid="entry-editables"]').attributes('disabled')).toBeDefined();
  await wrapper.get('[data-testid="entry-pick"]').trigger('click');
  // Typed, and the field never left (no change event): what is typed is stored and sent as it is
  // typed, so a reload or a crash right after the last keystroke keeps it.
  const comment = wrapper.get('[data-testid="entry-own-comment"]');
  for (const typed of ['S', 'Strong', 'Strong read, see again']) {
    // Input events only, as keystrokes give (test-utils' setValue fires change as well).
    (comment.element as HTMLTextAreaElement).value = typed;
    await comment.trigger('input');
  }
  await vi.waitFor(() => {
    const entry = readListDoc(director.doc).entries[0];
    expect(entry.picks).toEqual({ [reviewer.memberId]: true });
    expect(entry.comments).toEqual({ [reviewer.memberId]: 'Strong read, see again' });
  }, { timeout: 30_000, interval: 10 });
  // On this computer's disk as well: the document read afresh through a handle of its own.
  const stored = await openShortlistDb();
  try {
    expect(await withStoredListDoc(stored, shortlistId, (doc) => readListDoc(doc).entries[0]!.comments)).toEqual({ [reviewer.memberId]: 'Strong read, see again' });
  } finally {
    stored.close();
  }
  await vi.waitFor(() => {
    expect(wrapper.get('[data-testid="entry-pick"]').attributes('aria-pressed')).toBe('true');
    expect(wrapper.get('[data-testid="entry-picked-by"]').text()).toBe('Picked by Pia Producer');
  }, { timeout: 30_000, interval: 10 });

  // The director's own app: the entry shows who picked and what they said, as it comes.
  wrapper.unmount();
  notice.unmount();
  unmounts.splice(0);
  store?.close();
  db?.close();
  await Dexie.delete(userShortlistDbName);
  const directorView = await entryOf(listId, { memberId: server.ownerId, token: server.ownerToken }, 'Dana Director');
  await vi.waitFor(() => {
    expect(directorView.wrapper.get('[data-testid="entry-picked-by"]').text()).toBe('Picked by Pia Producer');
    expect(directorView.wrapper.get('[data-testid="entry-comment"]').text()).toBe('Pia Producer: Strong read, see again');
  }, { timeout: 30_000, interval: 10 });
  const second = await server.join('Sam Second', 'reviewer');
  const secondClient = openList(server.office.url, officeDocumentName(server.officeId, listId), second.token, new Y.Doc());
  clients.push(secondClient);
  await secondClient.synced;
  const key = readListDoc(secondClient.doc).entries[0].key;
  (entriesOf(secondClient.doc).get(key)!.get('picks') as Y.Map<boolean>).set(second.memberId, true);
  await vi.waitFor(() => expect(directorView.wrapper.get('[data-testid="entry-picked-by"]').text()).toMatch(/^Picked by (Pia Producer, Sam Second|Sam Second, Pia Producer)$/), { timeout: 30_000, interval: 10 });
}, 120_000);

it('a refused change shows its reason until dismissed', async () => {
  const { listId } = await listInOffice();
  const viewer = await server.join('Vic Viewer', 'viewer');
  const { notice, shortlistId, app } = await entryOf(listId, viewer, 'Vic Viewer');
  // A change of the document the app did not stop (made before the role arrived): the office answers "not applied".
  const doc = app.attachedLists.get(shortlistId)!.provider.document;
  entriesOf(doc).get(readListDoc(doc).entries[0].key)!.set('rating', 5);
  await vi.waitFor(() => expect(notice.get('[data-testid="office-refusal"]').attributes('data-code')).toBe('office_read_only'), { timeout: 30_000, interval: 10 });
  expect(notice.get('[data-testid="office-refusal"]').text()).toContain('The office lets you only view this list');
  await notice.get('[data-testid="office-refusal-dismiss"]').trigger('click');
  expect(notice.find('[data-testid="office-refusal"]').exists()).toBe(false);
});

it('a pick and a comment made offline and refused (the reviewer made a viewer meanwhile) leave the strip as the list goes back to the office\'s version', { timeout: 180_000 }, async () => {
  const { listId, client: director } = await listInOffice();
  const ben = await server.join('Ben Reviewer', 'reviewer');
  const relay = await officeRelay(server);
  try {
    const { wrapper, notice, shortlistId, app, shortlists } = await entryOf(listId, ben, 'Ben Reviewer', relay.socketUrl);
    // The list is open in the list view, which holds its document too.
    const list = shortlists();
    await vi.waitFor(() => expect(list.ready).toBe(true));
    list.open(shortlistId);
    await vi.waitFor(() => {
      expect(app.accessOf(shortlistId)).toMatchObject({ role: 'reviewer', annotate: true });
      expect(app.sharingOf(shortlistId)).toMatchObject({ kind: 'synced' });
      expect(list.openDocLoaded).toBe(true);
    }, { timeout: 30_000, interval: 10 });
    // Offline, Ben picks the actor and says why; meanwhile the owner makes him a viewer on the list.
    await relay.cut();
    await vi.waitFor(() => expect(app.sharingOf(shortlistId)).toMatchObject({ kind: 'waiting' }), { timeout: 30_000, interval: 10 });
    await wrapper.get('[data-testid="entry-pick"]').trigger('click');
    await wrapper.get('[data-testid="entry-own-comment"]').setValue('Strong in the closet scene');
    await wrapper.get('[data-testid="entry-own-comment"]').trigger('change');
    await vi.waitFor(() => expect(wrapper.get('[data-testid="entry-picked-by"]').text()).toBe('Picked by Ben Reviewer'), { timeout: 30_000, interval: 10 });
    await server.changeRole(ben.memberId, 'viewer', listId);
    await relay.restore();
    await vi.waitFor(() => expect(notice.get('[data-testid="office-refusal"]').attributes('data-code')).toBe('office_read_only'), { timeout: 30_000, interval: 10 });
    // The banner says the list shows the office's version: so does the strip.
    await flushPromises();
    expect(app.annotationsOf(shortlistId, origin, 1)).toEqual({ picks: [], comments: {} });
    expect(wrapper.find('[data-testid="entry-picked-by"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="entry-comment"]').exists()).toBe(false);
    expect(readListDoc(director.doc).entries[0]).toMatchObject({ picks: {}, comments: {} });
  } finally {
    await relay.close();
  }
});

it('a viewer sees no review strip on an entry nobody picked or commented on, and sees it once a colleague picks the actor', async () => {
  const { listId, client: director } = await listInOffice();
  const viewer = await server.join('Vito Viewer', 'viewer');
  const { wrapper, shortlistId, app } = await entryOf(listId, viewer, 'Vito Viewer');
  await vi.waitFor(() => expect(app.sharingOf(shortlistId)).toMatchObject({ kind: 'synced' }), { timeout: 30_000, interval: 10 });
  // Before, a coloured bar with nothing in it.
  expect(wrapper.find('[data-testid="entry-review"]').exists()).toBe(false);
  const key = readListDoc(director.doc).entries[0].key;
  (entriesOf(director.doc).get(key)!.get('picks') as Y.Map<boolean>).set(server.ownerId, true);
  await vi.waitFor(() => expect(wrapper.get('[data-testid="entry-picked-by"]').text()).toBe('Picked by Dana Director'), { timeout: 30_000, interval: 10 });
});

it('a reviewer made a viewer still reads their own comment, as everyone else does, with no box to change it', async () => {
  const { listId, client: director } = await listInOffice();
  const ben = await server.join('Bo Reviewer', 'reviewer');
  const { wrapper, shortlistId, app } = await entryOf(listId, ben, 'Bo Reviewer');
  await wrapper.get('[data-testid="entry-own-comment"]').setValue('Strong in the closet scene');
  await wrapper.get('[data-testid="entry-own-comment"]').trigger('change');
  await vi.waitFor(() => expect(readListDoc(director.doc).entries[0].comments).toEqual({ [ben.memberId]: 'Strong in the closet scene' }), { timeout: 30_000, interval: 10 });
  // While he reviews, his comment is in his own box, not in the list of comments.
  expect(wrapper.find('[data-testid="entry-comment"]').exists()).toBe(false);
  await server.changeRole(ben.memberId, 'viewer', listId);
  await vi.waitFor(() => expect(app.accessOf(shortlistId)).toMatchObject({ role: 'viewer', annotate: false }), { timeout: 30_000, interval: 10 });
  await flushPromises();
  // Before, his strip was empty while every colleague read "Bo Reviewer: Strong in the closet scene".
  expect(wrapper.find('[data-testid="entry-own-comment"]').exists()).toBe(false);
  expect(wrapper.get('[data-testid="entry-comment"]').text()).toBe('You: Strong in the closet scene');
});

it('offline after a restart, the strip names the member themself and a colleague whose name the office gave before', { timeout: 120_000 }, async () => {
  const { listId, client: director } = await listInOffice();
  const ben = await server.join('Rolf Reviewer', 'reviewer');
  const first = await entryOf(listId, ben, 'Rolf Reviewer');
  await first.wrapper.get('[data-testid="entry-pick"]').trigger('click');
  const key = readListDoc(director.doc).entries[0].key;
  (entriesOf(director.doc).get(key)!.get('comments') as Y.Map<string>).set(server.ownerId, 'Call him back');
  await vi.waitFor(() => {
    expect(first.wrapper.get('[data-testid="entry-picked-by"]').text()).toBe('Picked by Rolf Reviewer');
    expect(first.wrapper.get('[data-testid="entry-comment"]').text()).toBe('Dana Director: Call him back');
  }, { timeout: 30_000, interval: 10 });
  const shortlistDb = db!;
  // Kept on this computer as they come.
  await vi.waitFor(async () => expect((await shortlistDb.officeLists.get(first.shortlistId))?.memberNames).toMatchObject({ [server.ownerId]: 'Dana Director' }), { timeout: 30_000, interval: 10 });
  for (const unmount of unmounts.splice(0)) unmount();
  first.app.close();
  // Rolf's own name needs none kept: his id is named from his office record here (the office view's memberName).
  await shortlistDb.officeLists.update(first.shortlistId, { memberNames: { [server.ownerId]: 'Dana Director' } });

  // The app starts again with the office out of reach (a relay cut before it starts).
  const relay = await officeRelay(server);
  await relay.cut();
  const again = memberApp(ben, 'Rolf Reviewer', relay.socketUrl);
  await again.store.refresh();
  await again.store.attach(first.shortlistId);
  const { wrapper } = await mountEntry(again, shortlistDb, first.shortlistId);
  // Before, both read "A member" until the office could be reached.
  await vi.waitFor(() => {
    expect(wrapper.get('[data-testid="entry-picked-by"]').text()).toBe('Picked by Rolf Reviewer');
    expect(wrapper.get('[data-testid="entry-comment"]').text()).toBe('Dana Director: Call him back');
  }, { timeout: 30_000, interval: 10 });
});

it('a comment typed offline and refused (the reviewer made a viewer meanwhile) is listed with its entry and text, to copy, and kept across a reload until dismissed', { timeout: 180_000 }, async () => {
  const { listId } = await listInOffice();
  const ben = await server.join('Cleo Reviewer', 'reviewer');
  const relay = await officeRelay(server);
  try {
    const { wrapper, notice, shortlistId, app } = await entryOf(listId, ben, 'Cleo Reviewer', relay.socketUrl);
    await vi.waitFor(() => expect(app.sharingOf(shortlistId)).toMatchObject({ kind: 'synced' }), { timeout: 30_000, interval: 10 });
    await relay.cut();
    await vi.waitFor(() => expect(app.sharingOf(shortlistId)).toMatchObject({ kind: 'waiting' }), { timeout: 30_000, interval: 10 });
    const comment = wrapper.get('[data-testid="entry-own-comment"]');
    for (const typed of ['Strong', 'Strong in the closet scene']) {
      (comment.element as HTMLTextAreaElement).value = typed;
      await comment.trigger('input');
    }
    await server.changeRole(ben.memberId, 'viewer', listId);
    await relay.restore();
    await vi.waitFor(() => expect(notice.get('[data-testid="office-refusal"]').attributes('data-code')).toBe('office_read_only'), { timeout: 30_000, interval: 10 });
    // Before, only the reason: the comment was gone.
    await vi.waitFor(() => expect(notice.findAll('[data-testid="office-refused-text"]')).toHaveLength(1), { timeout: 30_000, interval: 10 });
    const refused = notice.get('[data-testid="office-refused-text"]');
    expect(refused.attributes('data-kind')).toBe('comment');
    expect(refused.text()).toContain('Your comment on Actor 1');
    expect(refused.get('[data-testid="office-refused-text-body"]').text()).toBe('Strong in the closet scene');
    await refused.get('[data-testid="office-refused-text-copy"]').trigger('click');
    await vi.waitFor(() => expect(refused.get('[data-testid="office-refused-text-copied"]').text()).toBe('Copied'));
    expect(await navigator.clipboard.readText()).toBe('Strong in the closet scene');
  } finally {
    await relay.close();
  }

  // The page reloads: the reason was for the moment, the text is still there.
  for (const unmount of unmounts.splice(0)) unmount();
  store?.close();
  const shortlistDb = db!;
  const shortlistId = (await shortlistDb.officeLists.toArray())[0].shortlistId;
  const again = memberApp(ben, 'Cleo Reviewer');
  await again.store.refresh();
  const reloaded = await mountEntry(again, shortlistDb, shortlistId);
  await vi.waitFor(() => expect(reloaded.notice.findAll('[data-testid="office-refused-text"]')).toHaveLength(1), { timeout: 30_000, interval: 10 });
  expect(reloaded.notice.find('[data-testid="office-refusal"]').exists()).toBe(false);
  expect(reloaded.notice.get('[data-testid="office-refused-text-body"]').text()).toBe('Strong in the closet scene');
  await reloaded.notice.get('[data-testid="office-refused-text-dismiss"]').trigger('click');
  await vi.waitFor(() => expect(reloaded.notice.find('[data-testid="office-refused-texts"]').exists()).toBe(false), { timeout: 30_000, interval: 10 });

  // Dismissed for good: the next reload shows nothing.
  for (const unmount of unmounts.splice(0)) unmount();
  store?.close();
  const third = memberApp(ben, 'Cleo Reviewer');
  await third.store.loadRefusedTexts();
  const last = await mountEntry(third, shortlistDb, shortlistId);
  await flushPromises();
  expect(third.store.refusedTexts.has(shortlistId)).toBe(false);
  expect(last.notice.find('[data-testid="office-refused-texts"]').exists()).toBe(false);
});

it('a colleague who joined again under the same name is told apart from their earlier membership, by number, in who picked and who commented', async () => {
  const { listId } = await listInOffice();
  // Ben picked and commented from his old laptop; its token lost, he joined again and did it again from the new one.
  const memberships = [await server.join('Ben Booker', 'reviewer'), await server.join('Ben Booker', 'reviewer')];
  for (const [index, member] of memberships.entries()) {
    const client = openList(server.office.url, officeDocumentName(server.officeId, listId), member.token, new Y.Doc());
    clients.push(client);
    await client.synced;
    const entry = entriesOf(client.doc).get(readListDoc(client.doc).entries[0].key)!;
    (entry.get('picks') as Y.Map<boolean>).set(member.memberId, true);
    (entry.get('comments') as Y.Map<string>).set(member.memberId, index === 0 ? 'From the old laptop' : 'From the new laptop');
    await acknowledged(client);
  }
  const director = await entryOf(listId, { memberId: server.ownerId, token: server.ownerToken }, 'Dana Director');
  await vi.waitFor(() => {
    expect(director.wrapper.get('[data-testid="entry-picked-by"]').text()).toMatch(/^Picked by (Ben Booker \(1\), Ben Booker \(2\)|Ben Booker \(2\), Ben Booker \(1\))$/);
    expect(director.wrapper.findAll('[data-testid="entry-comment"]').map((comment) => comment.text()).sort()).toEqual(['Ben Booker (1): From the old laptop', 'Ben Booker (2): From the new laptop']);
  }, { timeout: 30_000, interval: 10 });
});
