/**
 * A presentation package and a contact sheet made from a colleague's shared list on a member's
 * computer whose library lacks some of its actors (the office carries names only): the file is
 * made all the same, and the export bar says how many actors it shows by name only and who,
 * counted from the library on disk when the file is made (an actor the member's own sync brought
 * since the list was written, of the active connection's directory or another's, is not counted,
 * though the entry still says "not in your library").
 * It offers to look up those a connection of the member's reaches, one by one (one the directory
 * lacks does not stop the rest), and says which cannot be. Before, the file went out thin and the
 * app said nothing. A real office server on 127.0.0.1; the member's app with its real stores, its
 * own sync engine against the directory double; the PDF maker and its fonts are stood in for (the
 * PDF itself is shortlistPdf.test.ts's): this is about which actors the sheet is given.
 */
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { afterEach, expect, it, vi } from 'vitest';
import { computed } from 'vue';
import type { CastdeskBridge, ConnectionView } from '../../../contract/bridge.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import ShortlistExportBar from '../../../renderer/src/components/shortlists/ShortlistExportBar.vue';
import { listAccessKey } from '../../../renderer/src/components/shortlists/listAccess.ts';
import { currentLibrary } from '../../../renderer/src/db/sharedLibrary.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import type { ContactSheetInput } from '../../../renderer/src/shortlists/shortlistPdf.ts';
import { useConnectionStore } from '../../../renderer/src/stores/connections.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { librarySnapshots } from '../../../renderer/src/sync/librarySnapshot.ts';
import { closedAfterEach, memberWithSharedList, ownersList, useOfficeServer } from './officeAppHarness.ts';
import { demoView } from './fakeBridge.ts';
import { actorItem, fakeDirectory } from './fakeDirectory.ts';

/** Every contact sheet asked for, in order. */
const sheets = vi.hoisted(() => [] as ContactSheetInput[]);
vi.mock('../../../renderer/src/shortlists/shortlistPdf.ts', () => ({
  shortlistPdf: async (input: ContactSheetInput) => {
    sheets.push(input);
    return new TextEncoder().encode('%PDF-');
  },
}));
vi.mock('../../../renderer/src/shortlists/contactSheetFonts.ts', () => ({ loadContactSheetFonts: async () => ({ regular: new Uint8Array(), bold: new Uint8Array() }) }));

const eventually = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 30_000, interval: 20 });
const server = useOfficeServer('castdesk-office-name-only-', 'Anna Casting');
const open = closedAfterEach();

/** Every file the app hands over as a download, read back as text. */
const saved: { name: string; text: Promise<string> }[] = [];
let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
  vi.restoreAllMocks();
  sheets.splice(0);
  saved.splice(0);
});

/** The package's article of actor `actorId`. */
function articleOf(html: string, actorId: number): string {
  return new RegExp(`<article[^>]*data-actor-id="${actorId}"[\\s\\S]*?</article>`).exec(html)?.[0] ?? '';
}

/** The directory's channels as the member's back end answers them, from `directory`, with `connections` (the first one active). */
function directoryHandlers(directory: ReturnType<typeof fakeDirectory>, connections: ConnectionView[]) {
  const channels = ['listActors', 'listCrew', 'listCastingCalls', 'getActor', 'getCastingCall', 'prefetchMedia', 'getMediaPresence', 'getSyncMemory', 'setSyncMemory', 'getMediaCacheStats'] as const;
  return {
    ...Object.fromEntries(channels.map((channel) => [channel, (args: never) => directory.bridge[channel](args)])),
    getAppInfo: () => ({ ok: true, value: { version: '1', shell: 'web', keychain: { available: true }, folders: { data: '/tmp/castdesk', logs: '/tmp/castdesk/logs' } } }),
    listConnections: () => ({ ok: true, value: { connections, activeId: connections[0]!.id } }),
  };
}

/** Ben's connection to the demo directory, with an id of its own. */
const demoConnection = (): ConnectionView => ({ ...demoView, id: `name-only-${crypto.randomUUID()}` });

/**
 * Ben's copy of Anna's list "Callbacks" (actors 1 to `count` of `origin`), its export bar mounted;
 * with `directory`, Ben's own `connections` (default: to the demo directory) synced his library from it
 * after the list's rows were written, until the library holds `held` of the list's actors.
 */
async function bensExportBar(origin: string, count: number, directory?: ReturnType<typeof fakeDirectory>, { connections = [demoConnection()], held = 0 } = {}) {
  const { listId, owner } = await ownersList(server, origin, { count });
  open.clients.push(owner);
  const { app, shortlistId } = await memberWithSharedList(server, open, listId, { count, handlers: directory ? directoryHandlers(directory, connections) : {} });
  const sync = useSyncStore(app.pinia);
  cleanup = async () => sync.activate(null);
  if (directory) {
    await useConnectionStore(app.pinia).start();
    await eventually(() => expect(sync.progress.state).toBe('done'));
    const listed = Array.from({ length: count }, (_, index) => ({ origin, id: index + 1, name: `Actor ${index + 1}` }));
    await eventually(async () => expect((await librarySnapshots(currentLibrary(), listed, (actor) => String(actor.id))).size).toBe(held));
  }
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    saved.push({ name: '', text: (blob as Blob).text() });
    return 'blob:saved';
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.at(-1)!.name = this.download;
  });
  const bar: VueWrapper = mount(ShortlistExportBar, {
    props: { listId: shortlistId },
    global: {
      plugins: [app.pinia, createCastdeskI18n('en')],
      provide: { [castdeskBridgeKey as symbol]: app.bridge as CastdeskBridge, [listAccessKey as symbol]: computed(() => app.store.accessOf(shortlistId)) },
    },
  });
  const stop = cleanup;
  cleanup = async () => {
    bar.unmount();
    await stop();
  };
  /** Clicks an export button; the file it saved, once the bar says it was saved. */
  const exportFile = async (testId: string, savedId: string) => {
    const before = saved.length;
    await bar.get(`[data-testid="${testId}"]`).trigger('click');
    await eventually(() => expect(saved.length).toBe(before + 1));
    await eventually(() => expect(bar.find(`[data-testid="${savedId}"]`).exists()).toBe(true));
    await flushPromises();
    return { name: saved.at(-1)!.name, text: await saved.at(-1)!.text };
  };
  const shown = (testId: string) => bar.find(`[data-testid="${testId}"]`);
  return { bar, exportFile, shown };
}

it('a package and a contact sheet of a colleague\'s list say which actors they show by name only, and looking them up brings those the directory has', { timeout: 90_000 }, async () => {
  // Ben's own directory lists actor 1 only, so far; Anna's list has actors 1 to 3.
  const actors = [actorItem(1, 'Actor 1')];
  const { bar, exportFile, shown } = await bensExportBar(demoView.directoryOrigin, 3, fakeDirectory({ actors }), { held: 1 });

  const first = await exportFile('export-package', 'package-saved');
  expect(first.name).toBe('Callbacks.html');
  // Actor 1 came into Ben's library with his sync after the list was written: counted from the library, he is not name-only.
  expect(shown('name-only-summary').text()).toBe(
    '“Callbacks.html” shows 2 actors by name only, without pictures or facts, because your library on this computer does not have them: Actor 2, Actor 3.',
  );
  expect(articleOf(first.text, 1)).toContain('Agentur Nord');
  expect(articleOf(first.text, 2)).not.toContain('<dl>');
  expect(shown('name-only-unreachable').exists()).toBe(false);
  expect(shown('name-only-look-up').text()).toBe('Look these 2 actors up');

  // The directory lists actor 2 by now; actor 3 it does not have. One failing look-up does not stop the other.
  actors.push(actorItem(2, 'Actor 2'));
  await shown('name-only-look-up').trigger('click');
  await eventually(() => expect(shown('name-only-found').exists()).toBe(true));
  expect(shown('name-only-found').text()).toBe('1 of them is in your library now: make “Callbacks.html” again to show them with picture and facts.');
  expect(shown('name-only-failed').text()).toBe('Actor 3: The directory has no such entry, or not for this key.');
  expect(shown('name-only-look-up').text()).toBe('Look this actor up');

  const again = await exportFile('export-package', 'package-saved');
  expect(shown('name-only-summary').text()).toBe(
    '“Callbacks.html” shows 1 actor by name only, without picture or facts, because your library on this computer does not have them: Actor 3.',
  );
  expect(shown('name-only-found').exists()).toBe(false);
  // Actor 2's facts are in the package now.
  expect(articleOf(again.text, 2)).toContain('Agentur Nord');
  expect(articleOf(again.text, 3)).not.toContain('<dl>');

  // The contact sheet: the same count, and the sheet is made all the same.
  const sheet = await exportFile('export-pdf', 'export-saved');
  expect(sheet.name).toBe('Callbacks (Letter).pdf');
  expect(shown('name-only-summary').text()).toBe(
    '“Callbacks (Letter).pdf” shows 1 actor by name only, without picture or facts, because your library on this computer does not have them: Actor 3.',
  );
  const entries = sheets.at(-1)!.entries;
  expect(entries.map((entry) => [entry.name, entry.agencies, entry.pictureUrl !== null])).toEqual([
    ['Actor 1', ['Agentur Nord'], true],
    ['Actor 2', ['Agentur Nord'], true],
    ['Actor 3', [], false],
  ]);
  expect(bar.find('[role="alert"]').exists()).toBe(false);
});

it('many name-only actors of a directory no connection reaches are counted without a look-up on offer, and the files are made all the same', { timeout: 90_000 }, async () => {
  const { exportFile, shown } = await bensExportBar('https://other-directory.example', 7);

  await exportFile('export-package', 'package-saved');
  expect(shown('name-only-summary').text()).toBe(
    '“Callbacks.html” shows 7 actors by name only, without pictures or facts, because your library on this computer does not have them. The list marks them “Not in your library”.',
  );
  expect(shown('name-only-unreachable').text()).toBe(
    '7 of them cannot be looked up here: none of your connections reaches their directory. Add a connection to it on the Connections page.',
  );
  expect(shown('name-only-look-up').exists()).toBe(false);

  await exportFile('export-pdf', 'export-saved');
  expect(sheets.at(-1)!.entries).toHaveLength(7);
  expect(shown('name-only-summary').text()).toContain('“Callbacks (Letter).pdf” shows 7 actors by name only');
});

it("an actor of another connection's directory that its sync brought since the list was written is counted as in the library", { timeout: 90_000 }, async () => {
  // Ben's active connection is the demo directory; his second one reaches the list's directory, which lists actor 1 of it.
  const second: ConnectionView = { ...demoView, id: `name-only-${crypto.randomUUID()}`, name: 'Second directory', isDemo: false, baseUrl: 'http://127.0.0.1:40001', directoryOrigin: 'http://127.0.0.1:40001' };
  const active = demoConnection();
  const directory = fakeDirectory({ actors: [actorItem(1, 'Actor 1')], actorIdsByConnection: { [active.id]: [] } });
  const { exportFile, shown } = await bensExportBar(second.directoryOrigin, 2, directory, { connections: [active, second], held: 1 });

  const made = await exportFile('export-package', 'package-saved');
  expect(shown('name-only-summary').text()).toBe(
    '“Callbacks.html” shows 1 actor by name only, without picture or facts, because your library on this computer does not have them: Actor 2.',
  );
  // Actor 1 as Ben's library has them (the search row's languages), though the entry still says "not in your library".
  expect(articleOf(made.text, 1)).toContain('German (Native)');
  expect(shown('name-only-look-up').text()).toBe('Look this actor up');
});
