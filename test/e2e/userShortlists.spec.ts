/**
 * Shortlists belong to the user, not to a connection (issue 11, items 1 and 2), in Chromium through
 * the web shell: two connections to the demo directory with two keys (the casting professional's
 * and an agency's, both from the demo's key record); one shortlist holds an actor added through
 * each; switching the active connection, removing the agency's connection (after its confirmation)
 * and adding it again keep the list with every entry, and the re-added connection shows its
 * profiles again.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { ActorDetail } from '../../contract/directory-api.ts';
import { apiGet, nav, type Directory } from './demoDirectoryApi.ts';
import { rendererUrl, userDataDir } from './renderer-url.ts';

test.describe.configure({ mode: 'serial' });
test.setTimeout(300_000);

const agencyConnection = 'Agency key';
const listName = 'Across connections';

/** The agencies' keys from the demo's key record (the casting professional's is the app's own). */
function demoAgencyKeys(): string[] {
  const record = JSON.parse(readFileSync(path.join(userDataDir(), 'demo-directory', 'demo-keys.json'), 'utf8')) as { keys: { key: string }[] };
  const keys = record.keys.map((entry) => entry.key).filter((key) => key.startsWith('demo-agency-'));
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
  await page.goto(rendererUrl());
  await connectionsPage(page);
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

  // Added again, the agency's connection shows its profiles again, and the list is still whole.
  await addAgencyConnection(page, baseUrl, agency.key);
  await use(page, agencyConnection);
  await page.goto(new URL(`#/actors/${second.id}`, page.url()).href);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(names[1]!, { timeout: 60_000 });
  expect(await listedNames(page)).toEqual(names);

  // Leave the other specs the connections they expect.
  await use(page, 'Demo directory');
  await connectionsPage(page);
  await page.getByTestId(`connection-${agencyConnection}`).getByRole('button', { name: 'Remove', exact: true }).click();
  await page.getByTestId(`connection-${agencyConnection}`).getByRole('button', { name: 'Remove connection' }).click();
  await expect(page.getByTestId(`connection-${agencyConnection}`)).toHaveCount(0);
  expect(problems).toEqual([]);
});
