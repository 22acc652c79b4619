/**
 * An entry's note field in use while a colleague types into the same note (the store's writes
 * held in the test's hand): the stored note with the colleague's text comes into the field, the
 * caret stays on the text it was in, and what is typed next is sent as typed on that note, so the
 * store keeps the colleague's text. A stored note that comes while a keystroke's write is on its
 * way lacks that keystroke: the field keeps what was typed until the note that write stores comes.
 */
import 'fake-indexeddb/auto';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { Dexie } from 'dexie';
import { createPinia } from 'pinia';
import { afterEach, expect, it, vi } from 'vitest';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import EntryNote from '../../../renderer/src/components/shortlists/EntryNote.vue';
import type { ShownEntry } from '../../../renderer/src/components/shortlists/useEntryTexts.ts';
import { userShortlistDbName } from '../../../renderer/src/db/shortlistDb.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { useShortlistsStore, type EntryEdit } from '../../../renderer/src/stores/shortlists.ts';
import { nameOnlySnapshot } from '../../../renderer/src/sync/officeListDoc.ts';
import { fakeBridge } from './fakeBridge.ts';

let wrapper: VueWrapper | undefined;
afterEach(async () => {
  wrapper?.unmount();
  wrapper = undefined;
  await Dexie.delete(userShortlistDbName);
});

const at = '2026-01-01T00:00:00.000Z';
const entryNoted = (note: string): ShownEntry => ({ id: 7, shortlistId: 1, directoryOrigin: 'https://d.example', actorId: 2, position: 1, note, rating: null, colours: [], tags: [], status: 'considering', addedAt: at, updatedAt: at, snapshot: nameOnlySnapshot('Ada Aalto') });

/** The note field of an entry noted `note`, in use; the store's writes wait for the test to settle them. */
async function noteInUse(note: string) {
  const pinia = createPinia();
  const mounted = mount(EntryNote, {
    props: { entry: entryNoted(note), name: 'Ada Aalto' },
    global: { plugins: [pinia, createCastdeskI18n('en')], provide: { [castdeskBridgeKey as symbol]: fakeBridge().bridge } },
    attachTo: document.body,
  });
  wrapper = mounted;
  const writes: { edit: EntryEdit; settle: (updated: boolean) => void }[] = [];
  vi.spyOn(useShortlistsStore(pinia), 'updateEntry').mockImplementation((_entryId, edit) => new Promise((settle) => writes.push({ edit, settle })));
  const field = mounted.get('[data-testid="entry-note"]');
  await field.trigger('focus');
  const element = field.element as HTMLTextAreaElement;
  /** The note as stored now (the list's rows reach the view after the write that changed them). */
  const stored = async (text: string) => {
    await mounted.setProps({ entry: entryNoted(text) });
    await flushPromises();
  };
  return { field, element, writes, stored };
}

it('takes a colleague\'s text stored meanwhile into the field in use, the caret where it was, and types on over it', async () => {
  const { field, element, writes, stored } = await noteInUse('');
  await field.setValue('Lea: tall');
  expect(writes.map(({ edit }) => edit)).toEqual([{ note: 'Lea: tall', noteBase: '' }]);
  writes[0]!.settle(true);
  await stored('Lea: tall');
  // Lea puts the caret after "Lea: "; Ben's text comes in front of hers.
  element.setSelectionRange(5, 5);
  await stored('Ben: free in March. Lea: tall');
  expect(element.value).toBe('Ben: free in March. Lea: tall');
  expect([element.selectionStart, element.selectionEnd]).toEqual([25, 25]);
  // What Lea types next is typed on the note with Ben's text.
  await field.setValue('Ben: free in March. Lea: very tall');
  expect(writes[1]?.edit).toEqual({ note: 'Ben: free in March. Lea: very tall', noteBase: 'Ben: free in March. Lea: tall' });
});

it('keeps what was typed while its write is on its way, and takes the note that write stores', async () => {
  const { field, element, writes, stored } = await noteInUse('Lea: ');
  await field.setValue('Lea: t');
  // Ben's text, stored before Lea's keystroke was: her "t" stays in the field.
  await stored('Ben: hi. Lea: ');
  expect(element.value).toBe('Lea: t');
  writes[0]!.settle(true);
  await flushPromises();
  expect(element.value).toBe('Lea: t');
  // The write stored both (the store merged them): the field shows that.
  await stored('Ben: hi. Lea: t');
  expect(element.value).toBe('Ben: hi. Lea: t');
  expect(writes.map(({ edit }) => edit)).toEqual([{ note: 'Lea: t', noteBase: 'Lea: ' }]);
});
