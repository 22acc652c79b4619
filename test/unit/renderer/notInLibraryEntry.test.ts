/**
 * A shared list's entry whose actor the member's own library lacks, in the list view and the
 * contact grid: its name and "Not in your library", no picture, and no link to the actor's page
 * (which would be empty). An entry the library holds links to the page as before. The rows are
 * written from a colleague's document by the office's own row writing, in a real Dexie
 * (fake-indexeddb) shortlist database.
 */
import { flushPromises, mount } from '@vue/test-utils';
import { Dexie } from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { createPinia, type Pinia } from 'pinia';
import { afterEach, expect, it } from 'vitest';
import { computed, defineComponent, h } from 'vue';
import * as Y from 'yjs';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import ShortlistEntry from '../../../renderer/src/components/shortlists/ShortlistEntry.vue';
import ShortlistGridCard from '../../../renderer/src/components/shortlists/ShortlistGridCard.vue';
import { listAccessKey } from '../../../renderer/src/components/shortlists/listAccess.ts';
import { LibraryDb } from '../../../renderer/src/db/libraryDb.ts';
import { ShortlistDb, type ShortlistEntryRow } from '../../../renderer/src/db/shortlistDb.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { nameOnlySnapshot } from '../../../renderer/src/sync/officeListDoc.ts';
import { writeListIntoDoc } from '../../../renderer/src/db/listDocShape.ts';
import { openSharedList, writeRowsFromDoc } from '../../../renderer/src/sync/officeSharing.ts';
import { createSyncEngine } from '../../../renderer/src/sync/syncEngine.ts';
import { actorItem, fakeDirectory } from './fakeDirectory.ts';
import { fakeBridge } from './fakeBridge.ts';

const dexieOptions = { indexedDB, IDBKeyRange };
const origin = 'http://127.0.0.1:40000';
const opened: Dexie[] = [];
const unmounts: (() => void)[] = [];
afterEach(async () => {
  for (const unmount of unmounts.splice(0)) unmount();
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
});

/** Rows of a colleague's list (Gustav, whom the member's library holds; Lena, whom it lacks) as written on the member's computer. */
async function rowsOfColleaguesList(): Promise<ShortlistEntryRow[]> {
  const library = new LibraryDb('entry-library', dexieOptions);
  const shortlists = new ShortlistDb(dexieOptions, 'entry-shortlists');
  opened.push(library, shortlists);
  const engine = createSyncEngine({ db: library, bridge: fakeDirectory({ actors: [actorItem(1, 'Gustav Schmidt')] }).bridge, connectionId: 'mine', origin, perPage: 10, media: false });
  expect(await engine.run({ full: true })).toBe('done');
  engine.dispose();
  const at = '2026-11-01T09:00:00.000Z';
  const doc = new Y.Doc();
  writeListIntoDoc(doc, { name: 'Callbacks' }, [
    [1, 'Gustav Schmidt'],
    [2, 'Lena Brandt'],
  ].map(([actorId, name]) => ({ shortlistId: 1, directoryOrigin: origin, actorId: actorId as number, position: actorId as number, note: '', rating: null, colours: [], tags: [], status: 'considering' as const, addedAt: at, updatedAt: at, snapshot: { ...nameOnlySnapshot(name as string), thumbUrl: `https://colleague.example/${actorId}.jpg` } })));
  const shortlistId = await openSharedList(shortlists, { officeRecordId: 'office-record', officeId: 'office' }, 'list1', 'Callbacks');
  await writeRowsFromDoc(shortlists, shortlistId, doc, { library });
  return shortlists.entries.where('shortlistId').equals(shortlistId).sortBy('position');
}

const RouterLinkDouble = defineComponent({ props: { to: { type: Object, required: true } }, setup: (_props, { slots }) => () => h('a', { 'data-router-link': 'true' }, slots.default?.()) });

function mountOf<Props extends object>(component: Parameters<typeof mount>[0], props: Props) {
  const pinia: Pinia = createPinia();
  const access = computed(() => ({ shared: true, role: 'editor' as const, memberId: 'member-1', edit: true, annotate: true }));
  const wrapper = mount(component, {
    props,
    global: { plugins: [pinia, createCastdeskI18n('en')], provide: { [castdeskBridgeKey as symbol]: fakeBridge().bridge, [listAccessKey as symbol]: access }, stubs: { RouterLink: RouterLinkDouble } },
  });
  unmounts.push(() => wrapper.unmount());
  return wrapper;
}

it('an entry the member\'s library lacks says "Not in your library", shows no picture and does not link to an empty page', async () => {
  const [gustav, lena] = await rowsOfColleaguesList();
  for (const [component, extra] of [
    [ShortlistEntry, { total: 2, drawn: true, dragArmed: false, dragging: false, dropTarget: false }],
    [ShortlistGridCard, {}],
  ] as const) {
    const missing = mountOf(component, { entry: lena, index: 1, selected: false, ...extra });
    const held = mountOf(component, { entry: gustav, index: 0, selected: false, ...extra });
    await flushPromises();
    expect(missing.get('[data-testid="entry-name"]').text()).toBe('Lena Brandt');
    const marker = missing.get('[data-testid="not-in-library-marker"]');
    expect(marker.text()).toBe('Not in your library');
    expect(marker.attributes('title')).toContain('only the name travels with the list');
    // Offered to fetch the actor through the member's own connection (actorLookUp.test.ts).
    expect(missing.get('[data-testid="look-up-actor"]').attributes('aria-label')).toBe('Look up Lena Brandt in your own directory connection');
    expect(missing.find('[data-router-link]').exists()).toBe(false);
    expect(missing.find('img').exists()).toBe(false);
    expect(missing.html()).not.toContain('colleague.example');
    // Not "no longer available": the directory may list the actor; this member's library has not got them.
    expect(missing.find('[data-testid="unavailable-marker"]').exists()).toBe(false);
    // The actor the library holds: a link to their page, no marker.
    expect(held.get('[data-router-link]').text()).toBe('Gustav Schmidt');
    expect(held.find('[data-testid="not-in-library-marker"]').exists()).toBe(false);
    expect(held.find('[data-testid="look-up-actor"]').exists()).toBe(false);
  }
});
