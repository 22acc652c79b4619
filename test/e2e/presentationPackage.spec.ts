/**
 * The presentation package (issue 15, item 4) in Chromium through the web shell, against the demo
 * directory of the spec's own web shell: a list made from a role's matches, a hostile note on one
 * entry, the package exported with notes through the UI and opened from disk in a page whose every
 * request is aborted and counted. Every picture shows, nothing leaves the page, the note stays
 * text, two ticked favourites give the expected picks text, and that text pasted into "Apply a
 * director's picks" tags exactly those two entries (a text for another package changes nothing).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import type { ActorDetail, CastingCallDetail, Role } from '../../contract/directory-api.ts';
import { presentationPackageId } from '../../renderer/src/shortlists/directorPicks.ts';
import { apiGet, fitsRole, nav, type Directory } from './demoDirectoryApi.ts';
import { openDemoPage, useOwnWebShell } from './ownWebShell.ts';

/** This spec's own web shell and user data folder (ownWebShell.ts). */
const webShell = useOwnWebShell();

interface StoredEntry {
  id: number;
  shortlistId: number;
  actorId: number;
  position: number;
  note: string;
  tags: string[];
  snapshot: { name: string; thumbUrl: string | null; pictureUrl: string | null; privateFields?: string[] };
}
interface StoredList {
  id: number;
  name: string;
  createdAt: string;
}

/** The list and its entries in list order, as stored in `castdesk-shortlists` (read-only). */
async function readStored(page: Page, listId: number): Promise<{ list: StoredList; entries: StoredEntry[] }> {
  const stored = await page.evaluate(async () => {
    interface Request<T> {
      result: T;
      error: unknown;
      onsuccess: (() => void) | null;
      onerror: (() => void) | null;
    }
    interface Database {
      transaction(stores: string[], mode: 'readonly'): { objectStore(name: string): { getAll(): Request<unknown[]> } };
      close(): void;
    }
    const scope = globalThis as unknown as { indexedDB: { open(name: string): Request<Database> } };
    const done = <T>(request: Request<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const db = await done(scope.indexedDB.open('castdesk-shortlists'));
    try {
      const transaction = db.transaction(['shortlists', 'entries'], 'readonly');
      const [lists, entries] = await Promise.all([done(transaction.objectStore('shortlists').getAll()), done(transaction.objectStore('entries').getAll())]);
      return { lists, entries };
    } finally {
      db.close();
    }
  });
  const list = (stored.lists as StoredList[]).find((row) => row.id === listId)!;
  const entries = (stored.entries as StoredEntry[]).filter((entry) => entry.shortlistId === listId).sort((a, b) => a.position - b.position);
  return { list, entries };
}

const hostileNote = 'Strong <img src=x onerror="window.__pwned=1"> & <script>window.__pwned=2</script> "quoted" </textarea>';

let page: Page;
let directory: Directory;
let actors: Map<number, ActorDetail>;
let downloads: string;
let listId = 0;
let packageFile = '';

test.describe.configure({ mode: 'serial' });
test.setTimeout(90_000);

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  downloads = mkdtempSync(path.join(tmpdir(), 'castdesk-e2e-package-'));
  ({ page, directory } = await openDemoPage(browser, webShell, { viewport: { width: 1280, height: 900 }, acceptDownloads: true }));

  // Details and pictures of every actor, so the package has facts, credits and pictures offline.
  await nav(page, 'Settings').click();
  const keepRoster = page.getByTestId('keep-roster');
  await expect(keepRoster).toBeVisible({ timeout: 30_000 });
  if (!(await keepRoster.isChecked())) await keepRoster.check();

  const list = await apiGet<{ id: number }[]>(directory, 'api/v1/actor_profiles', { per_page: '250' });
  actors = new Map((await Promise.all(list.map((item) => apiGet<ActorDetail>(directory, `api/v1/actor_profiles/${item.id}`)))).map((actor) => [actor.id, actor]));

  await nav(page, 'Actors').click();
  await expect(page.getByTestId('result-count')).toHaveAttribute('data-count', String(actors.size), { timeout: 120_000 });
  await expect(page.getByTestId('sync-progress')).toHaveAttribute('data-state', 'done', { timeout: 180_000 });

  // A list from the role with the most fitting actors.
  const calls = await apiGet<{ id: number }[]>(directory, 'api/v1/casting_calls', { per_page: '250' });
  let chosen: { call: CastingCallDetail; role: Role; fitting: number } | null = null;
  for (const { id } of calls) {
    const call = await apiGet<CastingCallDetail>(directory, `api/v1/casting_calls/${id}`);
    for (const role of call.roles) {
      const fitting = [...actors.values()].filter((actor) => fitsRole(role, actor)).length;
      if (role.name && fitting >= 3 && (!chosen || fitting > chosen.fitting)) chosen = { call, role, fitting };
    }
  }
  expect(chosen, 'a demo role with at least three fitting actors').not.toBeNull();
  await page.goto(new URL(`#/casting-calls/${chosen!.call.id}`, page.url()).href);
  const shownRole = page.locator(`[data-testid="role"][data-role-id="${chosen!.role.id}"]`);
  await expect(shownRole.getByTestId('role-match').first()).toBeVisible({ timeout: 30_000 });
  await shownRole.getByTestId('role-new-shortlist').click();
  await expect(page).toHaveURL(/#\/shortlists\/\d+$/);
  listId = Number(/#\/shortlists\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByTestId('shortlist-entry').first()).toBeVisible({ timeout: 30_000 });
});

test.afterAll(async () => {
  await page?.context().close();
  if (downloads) rmSync(downloads, { recursive: true, force: true });
});

test('the package is exported with the notes when they are asked for', async () => {
  const { entries } = await readStored(page, listId);
  const noted = page.locator(`[data-testid="shortlist-entry"][data-actor-id="${entries[1]!.actorId}"]`);
  await noted.getByTestId('entry-note').fill(hostileNote);
  await noted.getByTestId('entry-note').blur();
  await expect.poll(async () => (await readStored(page, listId)).entries[1]!.note).toBe(hostileNote);

  // Notes are left out unless ticked.
  await expect(page.getByTestId('package-include-notes')).not.toBeChecked();
  await page.getByTestId('package-include-notes').check();
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('export-package').click()]);
  expect(download.suggestedFilename()).toMatch(/\.html$/);
  packageFile = path.join(downloads, 'package.html');
  await download.saveAs(packageFile);
  await expect(page.getByTestId('package-saved')).toBeVisible();
});

test('opened from disk with the network blocked: pictures show, nothing leaves, the note is inert, favourites give the picks text, applied in the app they tag exactly those entries', async () => {
  const { list, entries } = await readStored(page, listId);
  const fileUrl = pathToFileURL(packageFile).href;
  const viewer = await page.context().newPage();
  const requests: string[] = [];
  const policyViolations: string[] = [];
  viewer.on('request', (request) => {
    if (request.url() !== fileUrl) requests.push(request.url());
  });
  viewer.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) policyViolations.push(message.text());
  });
  viewer.on('pageerror', (error) => policyViolations.push(error.message));
  await viewer.route('**', (route) => (route.request().url() === fileUrl ? route.continue() : route.abort()));
  await viewer.goto(fileUrl);

  // Every actor, every picture decoded from the file itself.
  const articles = viewer.locator('article');
  await expect(articles).toHaveCount(entries.length);
  const withPicture = entries.filter((entry) => entry.snapshot.pictureUrl ?? entry.snapshot.thumbUrl).length;
  expect(withPicture).toBeGreaterThan(0);
  // A picture with a crop region is an SVG window on it (exportPicture.ts); any other, an img.
  const pictures = viewer.locator('article img, article svg image');
  await expect(pictures).toHaveCount(withPicture);
  const decoded = () =>
    pictures.evaluateAll((elements) =>
      Promise.all(
        elements.map(async (element) => {
          const image = new (globalThis as unknown as { Image: new () => { src: string; naturalWidth: number; decode(): Promise<void> } }).Image();
          image.src = element.getAttribute('src') ?? element.getAttribute('href') ?? '';
          return image.decode().then(
            () => image.naturalWidth > 0,
            () => false,
          );
        }),
      ),
    );
  await expect.poll(decoded).toEqual(Array(withPicture).fill(true));

  // Each actor's name, acting age and newest credits (as many as the directory has, at most five).
  for (const [i, entry] of entries.entries()) {
    const actor = actors.get(entry.actorId)!;
    const article = articles.nth(i);
    await expect(article.locator('h2')).toHaveText(`${i + 1}. ${actor.name}`);
    if (actor.acting_age_from != null && actor.acting_age_to != null) {
      const actingAge = `${actor.acting_age_from}–${actor.acting_age_to}`;
      // An acting age the actor shows only to casting professionals stays out (privateAttributes.ts).
      if (entry.snapshot.privateFields?.includes('actingAge')) await expect(article).not.toContainText(actingAge);
      else await expect(article.locator('dd').first()).toHaveText(actingAge);
    }
    const credits = (['film', 'television', 'theatre'] as const).reduce((sum, kind) => sum + (actor.vita?.[kind]?.length ?? 0), 0);
    await expect(article.locator('ul.credits li')).toHaveCount(Math.min(5, credits));
  }

  // No address in the file but its pictures and https showreel links.
  const addresses = await viewer.locator('[src], [href]:not(#picks-mail)').evaluateAll((elements) => elements.map((element) => element.getAttribute('src') ?? element.getAttribute('href') ?? ''));
  for (const address of addresses) expect(address).toMatch(/^(data:image\/(jpeg|png);base64,|https:\/\/)/);

  // The hostile note is text; neither of its scripts ran.
  const notedArticle = viewer.locator(`article[data-actor-id="${entries[1]!.actorId}"]`);
  await expect(notedArticle.locator('.note')).toHaveText(hostileNote);
  await expect(notedArticle.locator('.note img, .note script')).toHaveCount(0);
  expect(await viewer.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

  // The package's own script runs (the policy lets it in by hash) and nothing else is refused.
  await expect(viewer.locator('#picks-copy')).toBeVisible();
  const packageId = await presentationPackageId(list);
  // Issue 22, item 22: the picks text first says in words what it is, then the header Castdesk reads.
  const intro = (await viewer.locator('body').getAttribute('data-picks-intro')) ?? '';
  expect(intro.startsWith(`Director’s picks for “${list.name}” (`)).toBe(true);
  expect(intro).toContain('Please keep the next line');
  await expect(viewer.locator('#picks-text')).toHaveValue(`${intro}\nCastdesk picks v1 ${packageId}`);

  // Two favourites: the third and the first actor.
  const picked = [entries[2]!, entries[0]!];
  for (const entry of picked) await viewer.locator(`article[data-actor-id="${entry.actorId}"] input.favourite`).check();
  const expected = [
    intro,
    `Castdesk picks v1 ${packageId}`,
    ...[entries[0]!, entries[2]!].map((entry) => `${entries.indexOf(entry) + 1} #${entry.actorId} ${actors.get(entry.actorId)!.name}`),
  ].join('\n');
  await expect(viewer.locator('#picks-text')).toHaveValue(expected);
  const mail = await viewer.locator('#picks-mail').getAttribute('href');
  expect(decodeURIComponent(new URL(mail!).searchParams.get('body') ?? '')).toBe(`${expected}\n`);

  expect(requests, 'requests that left the package').toEqual([]);
  expect(policyViolations).toEqual([]);
  await viewer.close();

  // A text for another package is refused and changes nothing; the text stays in the field.
  await page.getByTestId('picks-open').click();
  const otherPackage = expected.replace(packageId, `${listId + 1}-00000000`);
  await page.getByTestId('picks-text').fill(otherPackage);
  await page.getByTestId('picks-apply').click();
  await expect(page.getByTestId('picks-error')).toContainText("another list's package");
  await expect(page.getByTestId('picks-text')).toHaveValue(otherPackage);
  expect((await readStored(page, listId)).entries.filter((entry) => entry.tags.length > 0)).toEqual([]);

  // The director's text as a mail program quotes it, with CRLF.
  await page.getByTestId('picks-text').fill(`Here you go:\r\n\r\n${expected.split('\n').map((line) => `> ${line}`).join('\r\n')}\r\n`);
  await page.getByTestId('picks-apply').click();
  await expect(page.getByTestId('picks-dialog')).not.toBeVisible();
  await expect(page.getByTestId('picks-applied')).toBeVisible();
  await expect
    .poll(async () => (await readStored(page, listId)).entries.filter((entry) => entry.tags.includes("director's pick")).map((entry) => entry.actorId).sort())
    .toEqual(picked.map((entry) => entry.actorId).sort());
  expect((await readStored(page, listId)).entries.map((entry) => entry.tags.length)).toEqual(entries.map((entry) => (picked.includes(entry) ? 1 : 0)));
});
