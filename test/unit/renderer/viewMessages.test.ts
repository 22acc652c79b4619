/**
 * Messages belong to the view and the language they were made in (issue 22, item 14), beyond the
 * director's picks (listMessages.test.ts): an export's "saved as" line and the package's are about
 * one list and do not show on another; they are written out when shown, so they read in the
 * language the user switched to; the keyboard triage's announcement does not follow the user to
 * another list or into another language. Driven through the whole app.
 */
import 'fake-indexeddb/auto';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { Dexie } from 'dexie';
import { createPinia, type Pinia } from 'pinia';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import App from '../../../renderer/src/App.vue';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { writeProfileDetail } from '../../../renderer/src/db/libraryWrites.ts';
import { userShortlistDbName } from '../../../renderer/src/db/shortlistDb.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { createCastdeskRouter } from '../../../renderer/src/router.ts';
import { useShortlistsStore } from '../../../renderer/src/stores/shortlists.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { demoView } from './fakeBridge.ts';
import { actorDetail, actorItem, fakeDirectory } from './fakeDirectory.ts';
import { openConnectionLibrary } from './libraryFixture.ts';

const eventually = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 20 });
const connectionId = `view-messages-${Date.now().toString(36)}`;
let wrapper: VueWrapper | undefined;
let pinia: Pinia | undefined;
let saves = 0;

beforeAll(async () => {
  const library = await openConnectionLibrary(connectionId);
  try {
    for (const [id, name] of [[1, 'Anna Berg'], [2, 'Ben Koch']] as const) await writeProfileDetail(library, 'actor', actorDetail(actorItem(id, name)), '2026-01-10T10:00:00.000Z');
  } finally {
    library.db.close();
  }
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:saved');
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {
    saves += 1;
  });
});

afterAll(async () => {
  wrapper?.unmount();
  if (pinia) await useSyncStore(pinia).activate(null);
  vi.restoreAllMocks();
  localStorage.clear();
  await Dexie.delete(userShortlistDbName);
});

async function mountApp() {
  const directory = fakeDirectory({ failWith: { code: 'network', message: 'ECONNREFUSED' } });
  Object.assign(directory.bridge, {
    getAppInfo: async () => ({ ok: true, value: { version: '1', shell: 'web', keychain: { available: true }, folders: { data: '/tmp/castdesk', logs: '/tmp/castdesk/logs' } } }),
    listConnections: async () => ({ ok: true, value: { connections: [{ ...demoView, id: connectionId, name: 'Agency' }], activeId: connectionId } }),
  });
  const router = createCastdeskRouter();
  await router.push('/shortlists');
  await router.isReady();
  pinia = createPinia();
  wrapper = mount(App, {
    global: { plugins: [pinia, createCastdeskI18n('de'), router], provide: { [castdeskBridgeKey as symbol]: directory.bridge as CastdeskBridge } },
    attachTo: document.body,
  });
  await flushPromises();
  const shortlists = useShortlistsStore(pinia);
  await eventually(() => expect(shortlists.ready).toBe(true));
  await eventually(() => expect(shortlists.available(2)).toBe(true));
  return { view: wrapper, router, shortlists };
}

describe('messages of a list view', () => {
  it('show on their own list only, in the language of the moment', { timeout: 30_000 }, async () => {
    const { view, router, shortlists } = await mountApp();
    const listA = (await shortlists.createList('Liste A'))!;
    await shortlists.addActors(listA, [1, 2]);
    const listB = (await shortlists.createList('Liste B'))!;
    await shortlists.addActors(listB, [1]);
    const open = async (id: number, count: number) => {
      await router.push({ name: 'shortlist', params: { id } });
      await eventually(() => expect(view.findAll('[data-testid="shortlist-entry"]')).toHaveLength(count));
    };
    const exportSaved = () => view.find('[data-testid="export-saved"]');
    const packageSaved = () => view.find('[data-testid="package-saved"]');
    const announced = () => view.get('[data-testid="shortlist-announcement"]').text();

    await open(listA, 2);
    await view.get('[data-testid="export-csv"]').trigger('click');
    await eventually(() => expect(exportSaved().exists()).toBe(true));
    expect(exportSaved().text()).toBe('Gespeichert als Liste A.csv.');
    await view.get('[data-testid="export-package"]').trigger('click');
    await eventually(() => expect(packageSaved().exists()).toBe(true));
    expect(saves).toBe(2);
    // A rating from the keyboard is announced (German, about list A).
    const entry = view.get('[data-testid="shortlist-entry"][data-actor-id="1"]');
    (entry.element as HTMLElement).focus();
    await entry.trigger('keydown', { key: '4', code: 'Digit4' });
    expect(announced()).toBe('Anna Berg: 4 von 5.');

    // List B: nothing said about list A.
    await open(listB, 1);
    expect(exportSaved().exists()).toBe(false);
    expect(packageSaved().exists()).toBe(false);
    expect(announced()).toBe('');

    // Back on list A its confirmation is there, and a switch to Polish writes it in Polish.
    await open(listA, 2);
    expect(exportSaved().text()).toBe('Gespeichert als Liste A.csv.');
    await view.get('[data-testid="shortlist-entry"][data-actor-id="2"]').trigger('keydown', { key: '3', code: 'Digit3' });
    expect(announced()).toBe('Ben Koch: 3 von 5.');
    view.vm.$i18n.locale = 'pl';
    await flushPromises();
    expect(exportSaved().text()).toBe('Zapisano jako Liste A.csv.');
    // The German announcement is not left standing in a Polish page.
    expect(announced()).toBe('');
  });
});
