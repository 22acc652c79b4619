/**
 * What exports carry. Private attributes (issue 22, item 7): an age the actor shows only to
 * verified casting professionals is left out of the CSV, the PDF's facts and the presentation
 * package by default; ticking "include private details" puts it in, marked, and the choice is
 * remembered after a restart. Driven through the whole app: the list page's export bar, the saved file read back.
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
const connectionId = `private-exports-${Date.now().toString(36)}`;

const actors: ActorDetail[] = [
  { ...actorDetail(actorItem(1, 'Open Olsen')), age: 34, acting_age_from: 30, acting_age_to: 38, attribute_visibility: { age: 'public', acting_age: 'public' } },
  { ...actorDetail(actorItem(2, 'Young Yilmaz')), age: 15, acting_age_from: 14, acting_age_to: 17, attribute_visibility: { age: 'private', acting_age: 'private' } },
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

let listId: number;

describe('private attributes in exports', () => {
  it('leaves private values out of the CSV and the package by default, and puts them in marked when chosen', async () => {
    const { view, router, shortlists } = await mountApp('/shortlists');
    await eventually(() => expect(shortlists.available(2)).toBe(true));
    listId = (await shortlists.createList('Youth cast'))!;
    await shortlists.addActors(listId, [1, 2]);
    await router.push({ name: 'shortlist', params: { id: listId } });
    await eventually(() => expect(view.findAll('[data-testid="shortlist-entry"]')).toHaveLength(2));

    const checkbox = view.get<HTMLInputElement>('[data-testid="export-include-private"]');
    expect(checkbox.element.checked).toBe(false);
    const plain = await exportFile(view, 'export-csv');
    expect(column(plain.text, 'Age')).toEqual(new Map([['1', '34'], ['2', '']]));
    expect(column(plain.text, 'Acting age')).toEqual(new Map([['1', '30–38'], ['2', '']]));
    const plainPackage = await exportFile(view, 'export-package');
    expect(plainPackage.text).toContain('30–38');
    expect(plainPackage.text).not.toContain('14–17');

    await checkbox.setValue(true);
    const marked = await exportFile(view, 'export-csv');
    expect(column(marked.text, 'Age')).toEqual(new Map([['1', '34'], ['2', '15 (private)']]));
    expect(column(marked.text, 'Acting age').get('2')).toBe('14–17 (private)');
    const markedPackage = await exportFile(view, 'export-package');
    expect(markedPackage.text).toContain('14–17 (private)');
  });

  it('remembers the choice after a restart', async () => {
    const { view, router } = await mountApp('/shortlists');
    await router.push({ name: 'shortlist', params: { id: listId } });
    await eventually(() => expect(view.findAll('[data-testid="shortlist-entry"]')).toHaveLength(2));
    expect(view.get<HTMLInputElement>('[data-testid="export-include-private"]').element.checked).toBe(true);
    const marked = await exportFile(view, 'export-csv');
    expect(column(marked.text, 'Age').get('2')).toBe('15 (private)');
  });
});

describe('the user\'s notes in exports (walk W2)', () => {
  it('are a remembered choice, off until ticked (the export store\'s includeNotes, which the PDF and the package both read)', async () => {
    const first = await mountApp('/shortlists');
    await eventually(() => expect(first.shortlists.available(1)).toBe(true));
    const notesList = (await first.shortlists.createList('Notes'))!;
    await first.shortlists.addActors(notesList, [1, 2]);
    await first.router.push({ name: 'shortlist', params: { id: notesList } });
    await eventually(() => expect(first.view.findAll('[data-testid="shortlist-entry"]')).toHaveLength(2));
    const box = first.view.get<HTMLInputElement>('[data-testid="package-include-notes"]');
    expect(box.element.checked).toBe(false);
    await box.setValue(true);
    wrapper?.unmount();
    wrapper = undefined;
    const again = await mountApp('/shortlists');
    await again.router.push({ name: 'shortlist', params: { id: notesList } });
    await eventually(() => expect(again.view.findAll('[data-testid="shortlist-entry"]')).toHaveLength(2));
    expect(again.view.get<HTMLInputElement>('[data-testid="package-include-notes"]').element.checked).toBe(true);
    await again.view.get<HTMLInputElement>('[data-testid="package-include-notes"]').setValue(false);
  });
});
