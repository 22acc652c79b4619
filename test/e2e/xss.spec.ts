/**
 * A hostile directory cannot run script in Castdesk or smuggle a dangerous link out of it. A real
 * web shell (its own user data folder, the external opener writing to a log instead of starting a
 * browser) connects through the Connections page to hostileDirectory.ts, whose one actor carries an
 * XSS corpus in every text, link, showreel, picture copyright and vita field. We open that actor,
 * click every link and button in the about-me, links, showreel and agency areas, and check: no
 * dialog, no script ran, no event-handler attribute or javascript:/data: URL anywhere in the page,
 * and only the legitimate https links reached the opener.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Dialog, type Page } from '@playwright/test';
import { legitimateUrls, startHostileDirectory, type HostileDirectory } from './hostileDirectory.ts';
import { startWebShellProcess, type WebShellProcess } from './webShellProcess.ts';

let hostile: HostileDirectory | undefined;
let shell: WebShellProcess | undefined;
let workDir = '';
let openLog = '';

const connectionName = 'Hostile directory';
const hostileName = '<img src=x onerror=alert(1)> <svg><script>alert(1)</script></svg>';

test.setTimeout(180_000);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  workDir = mkdtempSync(path.join(tmpdir(), 'castdesk-e2e-xss-'));
  openLog = path.join(workDir, 'external-open.log');
  hostile = await startHostileDirectory();
  // The first start opens a demo directory; a tiny one keeps it quick.
  shell = await startWebShellProcess(path.join(workDir, 'user-data'), {
    env: { CASTDESK_EXTERNAL_OPEN_LOG: openLog },
    demoArgs: '--actors 3 --crew 1 --casting-calls 1',
  });
});

test.afterAll(async () => {
  await shell?.stop();
  await hostile?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** What reached the external opener, in order. */
function openedUrls(): string[] {
  if (!existsSync(openLog)) return [];
  return readFileSync(openLog, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => (JSON.parse(line) as { url: string }).url);
}

/** The little of the DOM the checks read (this file is type-checked without the DOM library). */
interface PageElement {
  localName: string;
  namespaceURI: string | null;
  outerHTML: string;
  attributes: ArrayLike<{ name: string; value: string }>;
  src?: string;
  closest(selector: string): PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement>;
}
interface PageGlobals {
  document: { head: PageElement; body: PageElement };
  location: { origin: string };
}

/**
 * Everything in the live page that could run script or leave the app: event-handler attributes,
 * javascript:/data:/vbscript: URLs in any URL-bearing attribute, srcdoc, frames, objects, forms,
 * and scripts that are not the app's own bundle.
 */
async function dangerousMarkup(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const { document, location } = globalThis as unknown as PageGlobals;
    const problems: string[] = [];
    const urlAttributes = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background', 'codebase', 'cite', 'ping', 'srcset']);
    const describe = (element: PageElement) => element.outerHTML.slice(0, 160);
    const isOwnScript = (element: PageElement) => !!element.src && new URL(element.src).origin === location.origin;
    /** A URL as a browser reads it: ASCII whitespace and control characters ignored, any case. */
    const readUrl = (value: string) =>
      Array.from(value)
        .filter((character) => character.charCodeAt(0) > 0x20 && character.charCodeAt(0) !== 0x7f)
        .join('')
        .toLowerCase();
    // The head is the app's own index.html (its icon is `data:,`): only scripts and <base> count there.
    for (const element of Array.from(document.head.querySelectorAll('script, base, meta[http-equiv="refresh" i]'))) {
      if (element.localName !== 'script' || !isOwnScript(element)) problems.push(`in the head: ${describe(element)}`);
    }
    for (const element of [document.body, ...Array.from(document.body.querySelectorAll('*'))]) {
      for (const attribute of Array.from(element.attributes)) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith('on')) problems.push(`event handler ${name}: ${describe(element)}`);
        if (name === 'srcdoc') problems.push(`srcdoc: ${describe(element)}`);
        if ((urlAttributes.has(name) || name.endsWith(':href')) && /^(javascript|data|vbscript):/.test(readUrl(attribute.value))) {
          problems.push(`${name}=${attribute.value}: ${describe(element)}`);
        }
        if (name === 'style' && /javascript:|expression\(/i.test(attribute.value)) problems.push(`style: ${describe(element)}`);
      }
      const tag = element.localName;
      if (['iframe', 'frame', 'object', 'embed', 'applet', 'form', 'base', 'meta'].includes(tag)) problems.push(`<${tag}>: ${describe(element)}`);
      if (tag === 'script' && !isOwnScript(element)) problems.push(`script: ${describe(element)}`);
      if (element.namespaceURI !== 'http://www.w3.org/1999/xhtml' && element.closest('[data-testid="about-me"]')) problems.push(`foreign element: ${describe(element)}`);
    }
    return problems;
  });
}

test('a hostile directory runs no script and sends no dangerous link to the opener', async ({ page, context }, testInfo) => {
  const running = shell!;
  const directory = hostile!;
  const dialogs: string[] = [];
  const popups: string[] = [];
  page.on('dialog', (dialog: Dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  context.on('page', (opened) => popups.push(opened.url()));
  // Any alert, confirm or prompt counts, whoever calls it; the page starts at zero.
  await context.addInitScript(() => {
    const counted = globalThis as unknown as { __xss: number } & Record<string, unknown>;
    counted.__xss = 0;
    for (const name of ['alert', 'confirm', 'prompt', 'print']) {
      const original = counted[name] as (...args: unknown[]) => unknown;
      counted[name] = (...args: unknown[]) => {
        counted.__xss += 1;
        return original.apply(globalThis, args);
      };
    }
  });
  const xssCount = () => page.evaluate(() => (globalThis as unknown as { __xss: number }).__xss);

  // The detector itself: a handler and a javascript: link put into the page are found.
  await page.goto(running.url);
  await page.locator('body').evaluate((body) => body.insertAdjacentHTML('beforeend', '<div id="xss-probe" onmouseover="void 0"><a href=" java&#x09;script:void 0">x</a></div>'));
  expect(await dangerousMarkup(page)).toHaveLength(2);
  await page.locator('#xss-probe').evaluate((probe) => probe.remove());

  // Connect to the hostile directory through the Connections page, once the demo's first start is done.
  await page.getByRole('link', { name: 'Connections', exact: true }).click();
  await expect(page.getByTestId('connection-Demo directory')).toBeVisible({ timeout: 90_000 });
  const form = page.getByRole('form', { name: 'Add a connection' });
  await form.getByLabel('Name').fill(connectionName);
  await form.getByLabel('Base URL').fill(directory.baseUrl);
  await form.getByLabel('API key', { exact: true }).fill(directory.key);
  await form.getByRole('button', { name: 'Add connection' }).click();
  await expect(form.getByText(`Connection "${connectionName}" added.`)).toBeVisible();
  const connection = page.getByTestId(`connection-${connectionName}`);
  await connection.getByRole('button', { name: 'Use this connection' }).click();
  await expect(connection.getByText('Active', { exact: true })).toBeVisible();

  // The list shows the hostile name as text.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Actors', exact: true }).click();
  // The active directory's actor 1 (another directory's actor 1 links with ?directory=).
  const row = page.locator('[data-testid="profile-row"][data-id="1"]:not([href*="directory="])');
  await expect(row).toBeVisible({ timeout: 60_000 });
  await expect(row.getByTestId('profile-name')).toHaveText(hostileName);
  expect(await dangerousMarkup(page)).toEqual([]);

  // The detail: every field of the corpus is on screen.
  await row.click();
  await expect(page).toHaveURL(/#\/actors\/1$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hostileName);
  const aboutMe = page.getByTestId('about-me');
  await expect(aboutMe).toBeVisible({ timeout: 30_000 });
  await expect(aboutMe).toContainText('Hello, I am hostile');
  await expect(aboutMe).toContainText('Bye.');
  await expect(page.getByTestId('profile-links')).toBeVisible();
  await expect(page.getByTestId('vita')).toContainText('<script>alert(1)</script>');
  expect(directory.requests).toContain('GET /api/v1/actor_profiles/1?locale=en');
  const detailUrl = page.url();
  expect(await dangerousMarkup(page)).toEqual([]);

  // The legitimate link in the about-me text survives, as an https link.
  await expect(aboutMe.locator('a[href="https://legit.example/about"]').first()).toBeVisible();

  // Click every link and button where the profile's own links are shown.
  const areas = ['about-me', 'profile-links', 'showreels', 'agencies', 'vita'];
  let clicked = 0;
  for (const area of areas) {
    const targets = page.getByTestId(area).locator('a, button');
    const count = await targets.count();
    for (let index = 0; index < count; index++) {
      const target = targets.nth(index);
      if (!(await target.isVisible()) || (await target.isDisabled())) continue;
      await target.click();
      clicked += 1;
      // A click never navigates the app away or opens a window.
      expect(page.url()).toBe(detailUrl);
    }
  }
  expect(clicked).toBeGreaterThanOrEqual(5);

  // The pictures' copyright is text, in the gallery and in the lightbox.
  await page.getByTestId('gallery-picture').first().getByRole('button').click();
  await expect(page.getByTestId('lightbox-copyright')).toContainText('<img src=x onerror=alert(1)>');
  expect(await dangerousMarkup(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('lightbox')).toBeHidden();

  // The opener got the legitimate links that were clicked, and nothing else.
  await expect.poll(openedUrls, { timeout: 10_000 }).toEqual(
    expect.arrayContaining([...legitimateUrls]),
  );
  const opened = openedUrls();
  for (const url of opened) expect(legitimateUrls as readonly string[], `opened ${url}`).toContain(url);

  // Nothing ran, anywhere, at any time.
  // Once the network is idle and two more frames are drawn, every payload had its chance to run.
  await page.waitForLoadState('networkidle');
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
  expect(await xssCount()).toBe(0);
  expect(dialogs).toEqual([]);
  expect(popups).toEqual([]);
  expect(page.url()).toBe(detailUrl);
  expect(await dangerousMarkup(page)).toEqual([]);
  const screenshot = testInfo.outputPath('hostile-actor.png');
  await page.screenshot({ path: screenshot, fullPage: true });
  await testInfo.attach('hostile-actor', { path: screenshot, contentType: 'image/png' });
});
