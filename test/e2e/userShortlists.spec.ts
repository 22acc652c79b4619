/**
 * Shortlists belong to the user, not to a connection (issue 11, items 1 and 2), in Chromium through
 * the web shell: two connections to the demo directory with two keys (the casting professional's
 * and an agency's, both from the demo's key record); one shortlist holds an actor added through
 * each; switching the active connection, removing the agency's connection (after its confirmation)
 * and adding it again keep the list with every entry, and the re-added connection shows its
 * profiles again. Both connections sync into the one library: one search spans them, with a
 * connection facet.
 */
import { expect, test, type Page } from '@playwright/test';
import type { ActorDetail } from '../../contract/directory-api.ts';
import { apiGet, demoKeys, nav, type Directory } from './demoDirectoryApi.ts';
import { openShell, useOwnWebShell } from './ownWebShell.ts';

/** This spec's own web shell and user data folder (ownWebShell.ts). */
const webShell = useOwnWebShell();

test.describe.configure({ mode: 'serial' });
test.setTimeout(300_000);

const agencyConnection = 'Agency key';
const listName = 'Across connections';

/** The agencies' keys from the demo's key record (the casting professional's is the app's own). */
function demoAgencyKeys(): string[] {
  const keys = demoKeys(webShell.userDataDir).filter((key) => key.startsWith('demo-agency-'));
  if (keys.length < 2) throw new Error('The demo directory has fewer than two agency keys on record');
  return keys;
}

async function connectionsPage(page: Page): Promise<void> {
  await nav(page, 'Connections').click();
  await expect(page.getByRole('form', { name: 'Add a connection' })).toBeVisible();
}

async function addAgencyConnection(page: Page, baseUrl: string, key: string): Promise<void> {
  await connectionsPage(page);
  const form = page.getByRole('form', { name: 'Add a connection' });
  await form.getByLabel('Name').fill(agencyConnection);
  await form.getByLabel('Base URL').fill(baseUrl);
  await form.getByLabel('API key', { exact: true }).fill(key);
  await form.getByRole('button', { name: 'Add connection' }).click();
  await expect(form.getByText(`Connection "${agencyConnection}" added.`)).toBeVisible();
}

async function use(page: Page, name: string): Promise<void> {
  await connectionsPage(page);
  const card = page.getByTestId(`connection-${name}`);
  await expect(card).toBeVisible();
  const active = card.getByText('Active', { exact: true });
  if (!(await active.isVisible())) await card.getByRole('button', { name: 'Use this connection' }).click();
  await expect(active).toBeVisible({ timeout: 30_000 });
}

/** Opens an actor's profile and adds them to the list (made on first use). */
async function addToList(page: Page, actor: ActorDetail, create: boolean): Promise<void> {
  await page.goto(new URL(`#/actors/${actor.id}`, page.url()).href);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${actor.first_name} ${actor.last_name}`.trim(), { timeout: 60_000 });
  await page.getByTestId('add-to-shortlist').click();
  const menu = page.getByTestId('add-to-shortlist-menu');
  if (create) {
    await menu.getByTestId('add-new-list-name').fill(listName);
    await menu.getByTestId('add-to-new-list').click();
  } else {
    await menu.getByTestId('add-to-list').filter({ hasText: listName }).click();
  }
  await expect(page.getByTestId('add-to-shortlist-result')).toContainText(`Added to “${listName}”: 1 new, 0 already on it.`);
}

/** The names on the list, in list order, as its page shows them. */
async function listedNames(page: Page): Promise<string[]> {
  await nav(page, 'Shortlists').click();
  await page.getByRole('link', { name: listName }).first().click();
  const entries = page.getByTestId('shortlist-entry');
  await expect(entries).toHaveCount(2);
  return (await entries.getByTestId('entry-name').allTextContents()).map((name) => name.trim());
}

test('one shortlist holds actors added through two connections and outlives switching, removing and re-adding one', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await openShell(page, webShell);
  const demoCard = page.getByTestId('connection-Demo directory');
  const baseUrl = (await demoCard.getByTestId('connection-base-url').textContent())!.trim();
  // The app's demo connection has the casting professional's key (every agency); the second
  // connection gets one agency's. The first actor is another agency's (seen through the first
  // connection only), the second one of the second connection's agency.
  const [otherKey, agencyKey] = demoAgencyKeys() as [string, string];
  const other: Directory = { baseUrl, key: otherKey };
  const agency: Directory = { baseUrl, key: agencyKey };
  const agencyIds = new Set((await apiGet<{ id: number }[]>(agency, 'api/v1/actor_profiles', { per_page: '250' })).map((item) => item.id));
  const otherIds = (await apiGet<{ id: number }[]>(other, 'api/v1/actor_profiles', { per_page: '250' })).map((item) => item.id);
  const onlyOther = otherIds.find((id) => !agencyIds.has(id));
  const ofAgency = [...agencyIds][0];
  expect(onlyOther && ofAgency).toBeTruthy();
  const first = await apiGet<ActorDetail>(other, `api/v1/actor_profiles/${onlyOther}`);
  const second = await apiGet<ActorDetail>(agency, `api/v1/actor_profiles/${ofAgency}`);
  const names = [first, second].map((actor) => `${actor.first_name} ${actor.last_name}`.trim());

  await addAgencyConnection(page, baseUrl, agency.key);
  await use(page, 'Demo directory');
  await addToList(page, first, true);
  await use(page, agencyConnection);
  await addToList(page, second, false);
  expect(await listedNames(page)).toEqual(names);

  // One search spans both connections: the connection facet names both keys; filtered to the
  // agency's key it finds the agency's actor and not the other agency's.
  await page.goto(new URL('#/actors', page.url()).href);
  const agencyValue = page.getByTestId('facet-connection').locator('.facet-value').filter({ hasText: agencyConnection });
  await expect(agencyValue).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('facet-connection').locator('.facet-value').filter({ hasText: 'Demo directory' })).toBeVisible();
  // A value is listed only while the search has profiles with it (or it is chosen), so the agency's
  // key is chosen before typing the other agency's actor's name.
  await page.getByTestId('search-input').fill(names[0]!);
  await expect(page.locator(`a[data-id="${first.id}"]`)).toHaveCount(1);
  await page.getByTestId('search-input').fill('');
  await agencyValue.getByRole('checkbox').check();
  await expect(agencyValue.getByRole('checkbox')).toBeChecked();
  await page.getByTestId('search-input').fill(names[1]!);
  await expect(page.locator(`a[data-id="${second.id}"]`)).toHaveCount(1);
  await page.getByTestId('search-input').fill(names[0]!);
  await expect(page.getByTestId('result-count')).toHaveAttribute('data-count', '0');
  await expect(page.locator(`a[data-id="${first.id}"]`)).toHaveCount(0);
  // The chosen value stays while nothing matches, and unchoosing it brings the actor back.
  await agencyValue.getByRole('checkbox').uncheck();
  await expect(page.locator(`a[data-id="${first.id}"]`)).toHaveCount(1);
  await page.getByTestId('search-input').fill(names[1]!);
  await agencyValue.getByRole('checkbox').check();
  await expect(page.locator(`a[data-id="${second.id}"]`)).toHaveCount(1);

  // Switching back keeps the list as it is.
  await use(page, 'Demo directory');
  expect(await listedNames(page)).toEqual(names);

  // Removing the agency's connection asks first, then keeps the list.
  await connectionsPage(page);
  const agencyCard = page.getByTestId(`connection-${agencyConnection}`);
  await agencyCard.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(agencyCard.getByTestId('confirm-removal')).toContainText('Your shortlists stay');
  await agencyCard.getByRole('button', { name: 'Remove connection' }).click();
  await expect(agencyCard).toHaveCount(0);
  expect(await listedNames(page)).toEqual(names);

  // Its share left the library with it: the search knows one connection only.
  await page.goto(new URL('#/actors', page.url()).href);
  await expect(page.getByTestId('result-count')).toBeVisible();
  await expect(page.getByTestId('facet-connection')).toHaveCount(0);

  // Added again, the agency's connection shows its profiles again, and the list is still whole.
  await addAgencyConnection(page, baseUrl, agency.key);
  await page.goto(new URL('#/actors', page.url()).href);
  await expect(page.getByTestId('facet-connection').locator('.facet-value').filter({ hasText: agencyConnection })).toBeVisible({ timeout: 120_000 });
  await use(page, agencyConnection);
  await page.goto(new URL(`#/actors/${second.id}`, page.url()).href);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(names[1]!, { timeout: 60_000 });
  expect(await listedNames(page)).toEqual(names);

  // Back on the demo, the agency's connection can be removed again.
  await use(page, 'Demo directory');
  await connectionsPage(page);
  await page.getByTestId(`connection-${agencyConnection}`).getByRole('button', { name: 'Remove', exact: true }).click();
  await page.getByTestId(`connection-${agencyConnection}`).getByRole('button', { name: 'Remove connection' }).click();
  await expect(page.getByTestId(`connection-${agencyConnection}`)).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('shortlists of the per-connection layout are there after the upgrade, every field kept', async ({ page }) => {
  await openShell(page, webShell);
  await expect(page.getByTestId('connection-Demo directory').getByText('Active', { exact: true })).toBeVisible();
  // The old layout exactly as Dexie version 1 of it wrote it (IndexedDB version 10), for the
  // active connection: a list tied to a role, with an annotated entry.
  await page.evaluate(async () => {
    type Request = { result: unknown; error: unknown; onsuccess: (() => void) | null; onerror: (() => void) | null };
    interface Store {
      createIndex(name: string, keyPath: string | string[]): void;
      add(value: unknown): Request;
    }
    interface Database {
      createObjectStore(name: string, options: { keyPath: string; autoIncrement: boolean }): Store;
      transaction(stores: string[], mode: 'readwrite'): { objectStore(name: string): Store; oncomplete: (() => void) | null; onerror: (() => void) | null };
      close(): void;
    }
    const page = globalThis as unknown as {
      sessionStorage: { getItem(key: string): string | null };
      indexedDB: { open(name: string, version: number): Request & { onupgradeneeded: (() => void) | null } };
    };
    const response = await fetch('/bridge/listConnections', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Castdesk-Token': page.sessionStorage.getItem('castdesk.launchToken') ?? '' },
      body: '{}',
    });
    const activeId = ((await response.json()) as { value: { activeId: string } }).value.activeId;
    const request = page.indexedDB.open(`castdesk-shortlists-${activeId}`, 10);
    request.onupgradeneeded = () => {
      const db = request.result as Database;
      const lists = db.createObjectStore('shortlists', { keyPath: 'id', autoIncrement: true });
      lists.createIndex('name', 'name');
      lists.createIndex('castingCallId', 'castingCallId');
      const entries = db.createObjectStore('entries', { keyPath: 'id', autoIncrement: true });
      entries.createIndex('shortlistId', 'shortlistId');
      entries.createIndex('actorId', 'actorId');
      entries.createIndex('[shortlistId+position]', ['shortlistId', 'position']);
      entries.createIndex('[shortlistId+actorId]', ['shortlistId', 'actorId']);
    };
    const db = await new Promise<Database>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result as Database);
      request.onerror = () => reject(request.error);
    });
    const at = '2026-01-02T10:00:00.000Z';
    const transaction = db.transaction(['shortlists', 'entries'], 'readwrite');
    transaction.objectStore('shortlists').add({ id: 1, name: 'Before the upgrade', castingCallId: 3, roleId: 30, castingCallName: 'Tatort', roleName: 'Kommissarin', createdAt: at, updatedAt: at });
    transaction.objectStore('entries').add({
      id: 1,
      shortlistId: 1,
      actorId: 424242,
      position: 1,
      note: 'Kept through the upgrade',
      rating: 4,
      colours: ['green'],
      tags: ['dialect'],
      status: 'callback',
      addedAt: at,
      updatedAt: at,
      snapshot: { name: 'Ada Upgrade', actingAgeFrom: 30, actingAgeTo: 40, age: 35, height: 170, gender: 'female', agencies: [], languages: {}, thumbUrl: null, pictureUrl: null, updatedAt: null },
    });
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(new Error('the old layout could not be written'));
    });
    db.close();
  });

  // The next start (a reload) copies it into the user's database; a second reload copies nothing again.
  for (let start = 0; start < 2; start += 1) {
    await page.reload();
    await nav(page, 'Shortlists').click();
    await expect(page.getByRole('link', { name: 'Before the upgrade' })).toHaveCount(1);
  }
  await page.getByRole('link', { name: 'Before the upgrade' }).click();
  const entry = page.getByTestId('shortlist-entry');
  await expect(entry).toHaveCount(1);
  await expect(entry.getByTestId('entry-name')).toHaveText('Ada Upgrade');
  await expect(entry.getByTestId('entry-note')).toHaveValue('Kept through the upgrade');
  await expect(entry.getByTestId('entry-rating')).toHaveAttribute('data-rating', '4');
  await expect(entry.getByTestId('entry-status')).toHaveValue('callback');
  await expect(entry.getByTestId('entry-tag')).toContainText('dialect');

  // It lives in the user's database now, naming the demo directory as the actor's.
  const baseUrl = (await (async () => {
    await connectionsPage(page);
    return page.getByTestId('connection-Demo directory').getByTestId('connection-base-url').textContent();
  })())!.trim();
  const stored = await page.evaluate(async () => {
    type Request = { result: unknown; error: unknown; onsuccess: (() => void) | null; onerror: (() => void) | null };
    const done = (request: Request) =>
      new Promise<unknown>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const page = globalThis as unknown as { indexedDB: { open(name: string): Request } };
    const db = (await done(page.indexedDB.open('castdesk-shortlists'))) as {
      transaction(stores: string[]): { objectStore(name: string): { getAll(): Request } };
      close(): void;
    };
    const entries = (await done(db.transaction(['entries']).objectStore('entries').getAll())) as { note: string; directoryOrigin: string; actorId: number }[];
    db.close();
    return entries.filter((row) => row.note === 'Kept through the upgrade').map((row) => [row.directoryOrigin, row.actorId]);
  });
  expect(stored).toEqual([[new URL(baseUrl).origin, 424242]]);
});
