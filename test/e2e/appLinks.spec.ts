/**
 * castdesk:// links in the web shell, in Chromium: after the launch token flow, the path of a link
 * (`/actors/<id>`) typed into the address opens that actor; "Copy link" puts the castdesk:// link
 * on the clipboard; a tab without the token still gets nothing from the back end.
 */
import { expect, test } from '@playwright/test';
import { apiGet } from './demoDirectoryApi.ts';
import { openDemoPage, useOwnWebShell } from './ownWebShell.ts';

/** This spec's own web shell and user data folder (ownWebShell.ts). */
const webShell = useOwnWebShell();

test.setTimeout(240_000);

test('a link path opens its actor after the launch token flow, and Copy link copies the castdesk:// link', async ({ browser }) => {
  const { page, directory } = await openDemoPage(browser, webShell, { permissions: ['clipboard-read', 'clipboard-write'] });
  const context = page.context();
  try {
    const [actor] = await apiGet<{ id: number; name: string }[]>(directory, 'api/v1/actor_profiles', { per_page: '1' });

    // What a colleague's castdesk://actors/<id> becomes in the web shell: its path in this address.
    await page.goto(`${webShell.origin}/actors/${actor!.id}`);
    await expect(page).toHaveURL(`${webShell.origin}/#/actors/${actor!.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(actor!.name, { timeout: 120_000 });

    await page.getByTestId('copy-link').first().click();
    await expect(page.getByTestId('copy-link-status').first()).toHaveText('Link copied');
    expect(await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText())).toBe(
      `castdesk://actors/${actor!.id}`,
    );
  } finally {
    await context.close();
  }
});

test('a link path in a tab without the launch token opens the page but not the back end', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const bridgeAnswers: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/bridge/')) bridgeAnswers.push(response.status());
    });
    await page.goto(`${webShell.origin}/actors/1`);
    await expect(page).toHaveURL(`${webShell.origin}/#/actors/1`);
    await expect(page.getByRole('link', { name: 'Back to the actors' })).toBeVisible();
    // The page has no token: its bridge calls never leave it, or the back end refuses them.
    expect(await page.evaluate(() => (globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } }).sessionStorage.getItem('castdesk.launchToken'))).toBeNull();
    const refused = await page.evaluate(async () => (await fetch('/bridge/listConnections', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status);
    expect(refused).toBe(401);
    expect(bridgeAnswers.filter((status) => status === 200)).toEqual([]);
  } finally {
    await context.close();
  }
});
