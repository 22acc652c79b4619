/**
 * Agencies in exports (issue 22, walk N4): every agency the list shows, in its order, in the CSV
 * and the presentation package. Driven through the whole app: the list page's export bar, the saved
 * file read back. A file of its own: it needs the library read into the search index, which an App
 * mounted a second time in the same page (as privateExports.test.ts does) does not do again.
 */
import 'fake-indexeddb/auto';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { Dexie } from 'dexie';
import { createPinia, type Pinia } from 'pinia';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import type { ActorDetail } from '../../../contract/directory-api.ts';
import App from '../../../renderer/src/App.vue';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { writeProfileDetail } from '../../../renderer/src/db/libraryWrites.ts';
import { userShortlistDbName } from '../../../renderer/src/db/shortlistDb.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { createCastdeskRouter } from '../../../renderer/src/router.ts';
import { parseCsv } from '../../../renderer/src/shortlists/shortlistCsv.ts';
import { useShortlistsStore } from '../../../renderer/src/stores/shortlists.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { demoView } from './fakeBridge.ts';
import { actorDetail, actorItem, fakeDirectory } from './fakeDirectory.ts';
import { openConnectionLibrary } from './libraryFixture.ts';

const eventually = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 20 });
const now = '2026-01-10T10:00:00.000Z';
const connectionId = `export-agencies-${Date.now().toString(36)}`;

const actors: ActorDetail[] = [
  {
    ...actorDetail(actorItem(3, 'Two Agencies Tanner')),
    talent_agency_connections: [
      { talent_agency_id: 8, talent_agency_name: 'Spotlight Talents Berlin', categories: [], regions: ['Berlin'], connection_type: 'secondary_agency' },
      { talent_agency_id: 7, talent_agency_name: 'Agentur Alpenrot', categories: [], regions: ['München'], connection_type: 'primary_agency' },
    ],
  },
];

/** Every file the app hands over as a download, read back as text. */
const saved: { name: string; text: Promise<string> }[] = [];
let wrapper: VueWrapper | undefined;
let pinia: Pinia | undefined;

beforeAll(async () => {
  const library = await openConnectionLibrary(connectionId);
  try {
    for (const detail of actors) await writeProfileDetail(library, 'actor', detail, now);
  } finally {
    library.db.close();
  }
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    saved.push({ name: '', text: (blob as Blob).text() });
    return 'blob:saved';
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.at(-1)!.name = this.download;
  });
});

afterEach(async () => {
  wrapper?.unmount();
  wrapper = undefined;
  if (pinia) await useSyncStore(pinia).activate(null);
  pinia = undefined;
});

afterAll(async () => {
  vi.restoreAllMocks();
  localStorage.clear();
  await Dexie.delete(userShortlistDbName);
});

async function mountApp(path: string) {
  const directory = fakeDirectory({ failWith: { code: 'network', message: 'ECONNREFUSED' } });
  Object.assign(directory.bridge, {
    getAppInfo: async () => ({ ok: true, value: { version: '1', shell: 'web', keychain: { available: true }, folders: { data: '/tmp/castdesk', logs: '/tmp/castdesk/logs' } } }),
    listConnections: async () => ({ ok: true, value: { connections: [{ ...demoView, id: connectionId, name: 'Agency' }], activeId: connectionId } }),
  });
  const router = createCastdeskRouter();
  await router.push(path);
  await router.isReady();
  pinia = createPinia();
  wrapper = mount(App, {
    global: { plugins: [pinia, createCastdeskI18n('en'), router], provide: { [castdeskBridgeKey as symbol]: directory.bridge as CastdeskBridge } },
    attachTo: document.body,
  });
  await flushPromises();
  const shortlists = useShortlistsStore(pinia);
  await eventually(() => expect(shortlists.ready).toBe(true));
  return { view: wrapper, router, shortlists };
}

/** Clicks an export button and returns the file it saved. */
async function exportFile(view: VueWrapper, testId: string): Promise<{ name: string; text: string }> {
  const before = saved.length;
  await view.get(`[data-testid="${testId}"]`).trigger('click');
  await eventually(() => expect(saved.length).toBe(before + 1));
  const file = saved.at(-1)!;
  return { name: file.name, text: await file.text };
}

/** The CSV's cells of one column, by actor id. */
function column(csv: string, header: string): Map<string, string> {
  const [head, ...rows] = parseCsv(csv);
  const at = head!.indexOf(header);
  return new Map(rows.map((row) => [row[1]!, row[at]!]));
}

describe('agencies in exports (issue 22, walk N4)', () => {
  it('names every agency the list shows, in its order, in the CSV and the package', async () => {
    const { view, router, shortlists } = await mountApp('/shortlists');
    await eventually(() => expect(shortlists.available(3)).toBe(true));
    const id = (await shortlists.createList('Agencies'))!;
    await shortlists.addActors(id, [3]);
    await router.push({ name: 'shortlist', params: { id } });
    await eventually(() => expect(view.findAll('[data-testid="shortlist-entry"]')).toHaveLength(1));
    const shown = 'Agentur Alpenrot, Spotlight Talents Berlin';
    await eventually(() => expect(view.find('[data-testid="entry-agency"]').text()).toBe(shown));
    const csv = await exportFile(view, 'export-csv');
    expect(column(csv.text, 'Agencies').get('3')).toBe('Agentur Alpenrot; Spotlight Talents Berlin');
    const pack = await exportFile(view, 'export-package');
    const facts = [...new DOMParser().parseFromString(pack.text, 'text/html').querySelectorAll('article dt')].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]);
    expect(facts).toContainEqual(['Agencies', shown]);
  });
});
