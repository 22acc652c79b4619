/**
 * The per-connection libraries of the last version (`castdesk-library-<connectionId>`, Dexie
 * version 4, IndexedDB version 40) are merged into the one library on the next start, in Chromium's
 * real IndexedDB through the web shell (issue 11, item 1): the old layout is written exactly as
 * Dexie created it, with the rows of test/unit/renderer/legacyLibraries.ts; after a reload every
 * record is in `castdesk-library`, keyed by (origin, id) and naming its connection, and the old
 * databases are gone. A second reload merges nothing twice.
 */
import { expect, test, type Page } from '@playwright/test';
import { legacyLibraryContents } from '../unit/renderer/legacyLibraries.ts';
import { nav } from './demoDirectoryApi.ts';
import { useOwnWebShell } from './ownWebShell.ts';

/** This spec's own web shell and user data folder (ownWebShell.ts). */
const webShell = useOwnWebShell();

test.setTimeout(300_000);

/** Connections the back end does not know (removed before this version): each keeps an origin of its own. */
const legacyIds = { alpha: 'legacy-alpha', beta: 'legacy-beta', gamma: 'legacy-gamma' } as const;

async function writeOldLibraries(page: Page): Promise<void> {
  const contents = Object.fromEntries(Object.entries(legacyIds).map(([fixture, id]) => [id, legacyLibraryContents[fixture]!]));
  await page.evaluate(async (libraries) => {
    type Request = { result: unknown; error: unknown; onsuccess: (() => void) | null; onerror: (() => void) | null };
    interface Store {
      createIndex(name: string, keyPath: string | string[], options?: { multiEntry?: boolean }): void;
      put(value: unknown): Request;
    }
    interface Database {
      createObjectStore(name: string, options: { keyPath: string | string[]; autoIncrement?: boolean }): Store;
      transaction(stores: string[], mode: 'readwrite'): { objectStore(name: string): Store; oncomplete: (() => void) | null; onerror: (() => void) | null };
      close(): void;
    }
    const browser = globalThis as unknown as { indexedDB: { open(name: string, version: number): Request & { onupgradeneeded: (() => void) | null } } };
    // The stores and indexes of Dexie versions 1–4 of the old library, as Dexie created them.
    const layout: [string, string | string[], boolean, [string, string | string[], boolean?][]][] = [
      ['actors', 'id', false, [['updatedAt', 'updatedAt'], ['seenInRun', 'seenInRun']]],
      ['crew', 'id', false, [['updatedAt', 'updatedAt'], ['seenInRun', 'seenInRun']]],
      ['castingCalls', 'id', false, [['current', 'current'], ['seenInRun', 'seenInRun']]],
      ['syncState', 'resource', false, []],
      ['media', 'url', false, [['[profileKind+profileId]', ['profileKind', 'profileId']], ['kind', 'kind']]],
      ['searchRows', ['kind', 'id'], false, [['kind', 'kind'], ['foldedName', 'foldedName'], ['removed', 'removed'], ['languageCodes', 'languageCodes', true], ['rev', 'rev']]],
      ['keepOffline', 'key', false, []],
      ['savedSearches', 'id', true, [['kind', 'kind']]],
      ['labels', ['catalogue', 'locale'], false, []],
    ];
    for (const [connectionId, content] of Object.entries(libraries)) {
      const request = browser.indexedDB.open(`castdesk-library-${connectionId}`, 40);
      request.onupgradeneeded = () => {
        const db = request.result as Database;
        for (const [name, keyPath, autoIncrement, indexes] of layout) {
          const store = db.createObjectStore(name, { keyPath, autoIncrement });
          for (const [index, path, multiEntry] of indexes) store.createIndex(index, path, multiEntry ? { multiEntry } : undefined);
        }
      };
      const db = await new Promise<Database>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result as Database);
        request.onerror = () => reject(request.error);
      });
      const tables = Object.keys(content);
      const transaction = db.transaction(tables, 'readwrite');
      for (const [table, rows] of Object.entries(content)) for (const row of rows as unknown[]) transaction.objectStore(table).put(row);
      await new Promise<void>((resolve, reject) => {
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(new Error('the old layout could not be written'));
      });
      db.close();
    }
  }, contents);
}

/** Every store of the one library, and the names of the databases there are. */
async function readLibrary(page: Page) {
  return page.evaluate(async () => {
    type Request = { result: unknown; error: unknown; onsuccess: (() => void) | null; onerror: (() => void) | null };
    const done = <T>(request: Request) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result as T);
        request.onerror = () => reject(request.error);
      });
    const browser = globalThis as unknown as { indexedDB: { open(name: string): Request; databases(): Promise<{ name?: string }[]> } };
    const db = await done<{ objectStoreNames: ArrayLike<string>; transaction(stores: string[]): { objectStore(name: string): { getAll(): Request } }; close(): void }>(
      browser.indexedDB.open('castdesk-library'),
    );
    const stores = Array.from(db.objectStoreNames);
    const all: Record<string, Record<string, unknown>[]> = {};
    for (const store of stores) all[store] = await done(db.transaction([store]).objectStore(store).getAll());
    db.close();
    return { stores: all, databases: (await browser.indexedDB.databases()).map((info) => info.name ?? '') };
  });
}

test('the libraries of every connection of the last version are merged into the one library, every record kept', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.goto(webShell.url);
  await nav(page, 'Connections').click();
  // (Alone, this test waits for the demo directory's first start.)
  const demoConnection = page.getByTestId('connection-Demo directory');
  await expect(demoConnection).toBeVisible({ timeout: 240_000 });
  await expect(demoConnection.getByText('Active', { exact: true })).toBeVisible({ timeout: 60_000 });
  await writeOldLibraries(page);

  for (let start = 0; start < 2; start += 1) {
    await page.reload();
    await expect(nav(page, 'Actors')).toBeVisible();
    await expect.poll(async () => (await readLibrary(page)).databases.filter((name) => name.startsWith('castdesk-library-')), { timeout: 60_000 }).toEqual([]);
  }
  const { stores } = await readLibrary(page);
  const origins = new Map(stores.origins!.map((row) => [row.origin as string, row.code as number]));
  const uid = (connectionId: string, id: number) => origins.get(`connection:${connectionId}`)! * 2 ** 32 + id;
  const byKey = <T extends Record<string, unknown>>(rows: T[], key: (row: T) => unknown) => new Map(rows.map((row) => [key(row), row]));

  for (const [fixture, connectionId] of Object.entries(legacyIds)) {
    const content = legacyLibraryContents[fixture]!;
    expect(origins.has(`connection:${connectionId}`)).toBe(true);
    const actors = byKey(stores.actors!, (row) => row.uid);
    for (const old of content.actors) {
      const { seenInRun, ...rest } = old as { seenInRun?: string };
      const merged = actors.get(uid(connectionId, old.id as number))!;
      expect(merged).toMatchObject({ ...rest, origin: `connection:${connectionId}`, connections: old.removed ? [] : [connectionId] });
      if (seenInRun) expect(merged.seenInRuns).toEqual({ [connectionId]: seenInRun });
      expect(stores.searchRows!.find((row) => row.kind === 'actor' && row.uid === merged.uid)).toMatchObject({ id: old.id, removed: old.removed ? 1 : 0 });
    }
    const crew = byKey(stores.crew!, (row) => row.uid);
    for (const old of content.crew) expect(crew.get(uid(connectionId, old.id as number))).toMatchObject({ item: old.item, detail: old.detail, connections: [connectionId] });
    const calls = byKey(stores.castingCalls!, (row) => row.uid);
    for (const old of content.castingCalls) {
      expect(calls.get(uid(connectionId, old.id as number))).toMatchObject({ item: old.item, current: old.current, currentIn: old.current ? [connectionId] : [], connections: [connectionId] });
    }
    const states = byKey(stores.syncState!, (row) => `${row.connectionId as string} ${row.resource as string}`);
    for (const old of content.syncState) expect(states.get(`${connectionId} ${old.resource}`)).toEqual({ ...old, connectionId });
    for (const old of content.media) expect(stores.media!.find((row) => row.url === old.url)).toEqual({ ...old, origin: `connection:${connectionId}` });
    for (const old of content.keepOffline) expect(stores.keepOffline!.some((row) => row.key === old.key)).toBe(true);
  }
  // Saved searches of two libraries with the same name and query are kept once.
  const saved = stores.savedSearches!.map((row) => `${row.kind as string} ${row.name as string} ${row.query as string}`).filter((text) => / (Leads|Kids) /.test(text));
  expect(saved.sort()).toEqual(['actor Kids main=young_actor', 'actor Leads gender=female&lang=deu']);
  // Labels belong to their directory: these connections are unknown to the shell, so each old
  // library's labels stay under its own (connection:<id>) directory.
  for (const [fixture, id] of Object.entries(legacyIds)) {
    for (const old of legacyLibraryContents[fixture]!.labels) {
      expect(stores.labels!.find((row) => row.origin === `connection:${id}` && row.catalogue === old.catalogue && row.locale === old.locale)).toEqual({ ...old, origin: `connection:${id}` });
    }
  }
  // Each old library merged once, recorded.
  expect(stores.migrations!.map((row) => row.source).sort()).toEqual(Object.values(legacyIds).map((id) => `castdesk-library-${id}`).sort());
  expect(problems).toEqual([]);
});
