/**
 * The whole app with a library of given actors, for tests that export a shortlist through the list
 * page's export bar and read the saved file back. It registers its own hooks: the actors are
 * written before the file's tests, every mounted App is closed after each test, and the lists are
 * deleted after the file.
 */
import 'fake-indexeddb/auto';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { Dexie } from 'dexie';
import { createPinia, type Pinia } from 'pinia';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import type { ActorDetail } from '../../../contract/directory-api.ts';
import App from '../../../renderer/src/App.vue';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { writeProfileDetail } from '../../../renderer/src/db/libraryWrites.ts';
import { userShortlistDbName } from '../../../renderer/src/db/shortlistDb.ts';
import { createCastdeskI18n, type SupportedLocale } from '../../../renderer/src/i18n/index.ts';
import { createCastdeskRouter } from '../../../renderer/src/router.ts';
import { parseCsv } from '../../../renderer/src/shortlists/shortlistCsv.ts';
import { useShortlistsStore } from '../../../renderer/src/stores/shortlists.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { demoView } from './fakeBridge.ts';
import { fakeDirectory } from './fakeDirectory.ts';
import { openConnectionLibrary } from './libraryFixture.ts';

export const eventually = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 20 });

/** The CSV's cells of one column, by actor id. */
export function column(csv: string, header: string): Map<string, string> {
  const [head, ...rows] = parseCsv(csv);
  const at = head!.indexOf(header);
  return new Map(rows.map((row) => [row[1]!, row[at]!]));
}

export function exportApp(name: string, actors: ActorDetail[]) {
  const connectionId = `${name}-${Date.now().toString(36)}`;
  /** Every file the app hands over as a download, read back as text. */
  const saved: { name: string; text: Promise<string> }[] = [];
  let wrapper: VueWrapper | undefined;
  let pinia: Pinia | undefined;

  beforeAll(async () => {
    const library = await openConnectionLibrary(connectionId);
    try {
      for (const detail of actors) await writeProfileDetail(library, 'actor', detail, '2026-01-10T10:00:00.000Z');
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

  /** Closes the mounted App, as the page going away would. */
  function unmount(): void {
    wrapper?.unmount();
    wrapper = undefined;
  }

  afterEach(async () => {
    unmount();
    if (pinia) await useSyncStore(pinia).activate(null);
    pinia = undefined;
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    localStorage.clear();
    await Dexie.delete(userShortlistDbName);
  });

  /** Mounts the App at `path` in UI language `locale`. */
  async function mountApp(path: string, locale: SupportedLocale = 'en') {
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
      global: { plugins: [pinia, createCastdeskI18n(locale), router], provide: { [castdeskBridgeKey as symbol]: directory.bridge as CastdeskBridge } },
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

  return { mountApp, exportFile, unmount };
}
