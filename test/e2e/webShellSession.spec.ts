/**
 * The web shell's launch and picture session in a real browser: the one-time launch address the
 * opener gets leads to the app once; the picture cookie, whose Path is a per-session secret, is never
 * sent to another loopback port (browsers ignore ports for cookies and for SameSite).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { useOwnWebShell } from './ownWebShell.ts';

/** This spec's own web shell and user data folder (ownWebShell.ts). */
const webShell = useOwnWebShell();

/** The page's session storage, where the renderer keeps the launch token (the test files have no DOM types). */
type PageGlobals = { sessionStorage: { getItem(key: string): string | null } };

test.setTimeout(120_000);

test('a one-time launch address opens the app with the token, and only once', async ({ page }) => {
  const { token } = webShell;
  const issued = await fetch(`${webShell.origin}/launch`, { method: 'POST', headers: { 'X-Castdesk-Token': token } });
  const { url } = (await issued.json()) as { url: string };
  expect(url).not.toContain(token);

  await page.goto(url);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page).not.toHaveURL(/token=|\/launch\//);
  expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).sessionStorage.getItem('castdesk.launchToken'))).toBe(token);

  const again = await page.goto(url);
  expect(again?.status()).toBe(410);
});

test('the picture cookie is scoped to a secret path: another loopback port never receives it', async ({ page, context }) => {
  const requestsSeen: { path: string; cookie: string }[] = [];
  const otherPort = createServer((request, response) => {
    requestsSeen.push({ path: request.url ?? '', cookie: request.headers.cookie ?? '' });
    response.writeHead(200, { 'Content-Type': 'text/plain' });
    response.end('another program on this machine\n');
  });
  await new Promise<void>((resolve) => otherPort.listen(0, '127.0.0.1', resolve));
  const other = `http://127.0.0.1:${(otherPort.address() as AddressInfo).port}`;
  try {
    await page.goto(webShell.url);
    await expect(page).not.toHaveURL(/token=/);
    // The session as the renderer buys it (prepareMedia).
    const mediaPath = await page.evaluate(async () => {
      const answer = await fetch('/session', { method: 'POST', headers: { 'X-Castdesk-Token': (globalThis as unknown as PageGlobals).sessionStorage.getItem('castdesk.launchToken') ?? '' } });
      return ((await answer.json()) as { mediaPath: string }).mediaPath;
    });
    const session = (await context.cookies()).find((cookie) => cookie.name === 'castdesk_session');
    expect(session).toMatchObject({ path: mediaPath.slice(0, -1), httpOnly: true, sameSite: 'Strict' });

    // Under the secret path the browser sends it to the shell (the back end answers: 400 for a file: URL, not 401).
    const own = await page.goto(`${webShell.origin}${mediaPath}media-cache?c=none&u=${encodeURIComponent('file:///etc/passwd')}`);
    expect(own?.status()).toBe(400);
    // Navigations to another port of the same host (same site) carry no Castdesk cookie.
    const targets = ['/', '/media-cache?c=none', '/m/guessed/media-cache?c=none'];
    for (const target of targets) await page.goto(`${other}${target}`);
    expect(requestsSeen.map((seen) => seen.path)).toEqual(expect.arrayContaining(targets));
    expect(requestsSeen.map((seen) => seen.cookie).join('\n')).not.toContain('castdesk_session');
  } finally {
    // Chromium may hold a connection open to the other port (keep-alive, a preconnect with no request
    // yet): close() alone waits for it, and once outlasted the test's two minutes.
    otherPort.closeAllConnections();
    await new Promise<void>((resolve) => otherPort.close(() => resolve()));
  }
});
