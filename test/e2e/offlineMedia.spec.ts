import { expect, test, type Locator, type Page } from '@playwright/test';
import type { ActorDetail } from '../../contract/directory-api.ts';
import { apiGet, type Directory } from './demoDirectoryApi.ts';
import { startDirectoryProcess, type DirectoryProcess } from './directoryProcess.ts';
import { openShell, useOwnWebShell } from './ownWebShell.ts';

/** This spec's own web shell and user data folder (ownWebShell.ts). */
const webShell = useOwnWebShell();

/**
 * Keep offline, pictures and showreels, in Chromium through the web shell: the whole roster kept
 * offline; the directory killed in the picture phase (the app says how many kept files wait and
 * why) and back on the same port (they come without a restart); then the directory gone: five
 * profiles never opened show every picture, in the gallery and the lightbox, and a direct audio
 * showreel plays.
 */
const connectionName = 'Kept media directory';
const demoArgs = ['--actors', '14', '--crew', '2', '--casting-calls', '2', '--seed', '5'];

async function allPicturesShown(pictures: Locator): Promise<boolean> {
  const count = await pictures.count();
  if (count === 0) return false;
  for (let index = 0; index < count; index += 1) {
    const shown = await pictures.nth(index).evaluate((image) => {
      const picture = image as unknown as { complete: boolean; naturalWidth: number };
      return picture.complete && picture.naturalWidth > 0;
    });
    if (!shown) return false;
  }
  return true;
}

async function openActor(page: Page, id: number): Promise<void> {
  await page.evaluate((actorId) => {
    (globalThis as unknown as { location: { hash: string } }).location.hash = `#/actors/${actorId}`;
  }, id);
  await expect(page).toHaveURL(new RegExp(`#/actors/${id}$`));
}

test.describe.configure({ mode: 'serial' });
test.setTimeout(600_000);

let directory: DirectoryProcess | undefined;

test.beforeAll(async () => {
  // A process start on a loaded machine: generous.
  test.setTimeout(240_000);
  directory = await startDirectoryProcess(demoArgs);
});

test.afterAll(async () => {
  await directory?.stop();
});

test('kept offline: pictures missing after a directory crash come back without a restart; never-opened profiles show every picture and play audio offline', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const first = directory!;
  const api: Directory = { baseUrl: first.baseUrl, key: first.key };
  // What the directory has: actors with pictures, and one with a direct audio showreel.
  const list = await apiGet<{ id: number }[]>(api, 'api/v1/actor_profiles', { per_page: '250' });
  const actors = await Promise.all(list.map((item) => apiGet<ActorDetail>(api, `api/v1/actor_profiles/${item.id}`)));
  const withPictures = actors.filter((actor) => (actor.pictures?.length ?? 0) > 0);
  const withAudio = actors.find((actor) => actor.showreels?.some((showreel) => showreel.type === 'audio' && showreel.url.endsWith('.wav')));
  expect(withPictures.length).toBeGreaterThanOrEqual(5);
  expect(withAudio).toBeDefined();

  await openShell(page, webShell);
  const form = page.getByRole('form', { name: 'Add a connection' });
  await form.getByLabel('Name').fill(connectionName);
  await form.getByLabel('Base URL').fill(first.baseUrl);
  await form.getByLabel('API key', { exact: true }).fill(first.key);
  await form.getByRole('button', { name: 'Add connection' }).click();
  await expect(form.getByText(`Connection "${connectionName}" added.`)).toBeVisible();
  const connection = page.getByTestId(`connection-${connectionName}`);
  await connection.getByRole('button', { name: 'Use this connection' }).click();
  await expect(connection.getByText('Active', { exact: true })).toBeVisible();

  // The first sync completes; then every profile is kept offline and the picture phase of kept files starts.
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByTestId('sync-progress').first()).toHaveAttribute('data-state', 'done', { timeout: 240_000 });
  await page.getByTestId('keep-roster').check();
  const progress = page.getByTestId('sync-progress').first();
  const keptFigure = progress.getByTestId('sync-kept-media');
  // Files not tried yet are pending (not waiting, not unreachable) until the host fails them.
  await expect(keptFigure).toHaveAttribute('data-pending', /^[1-9]\d*$/, { timeout: 240_000 });

  // The directory (and with it the media host) crashes in the picture phase.
  await first.kill();
  await expect(progress).toHaveAttribute('data-state', 'incomplete', { timeout: 120_000 });
  await expect(progress.getByTestId('sync-kept-waiting')).toContainText('the picture host cannot be reached');
  await expect(progress.getByTestId('sync-state')).not.toContainText('Sync complete.');

  // Back on the same port and data: the waiting files come, without a reload or a new sync.
  directory = await startDirectoryProcess(demoArgs, { port: Number(new URL(first.baseUrl).port), dataDir: first.dataDir });
  await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 300_000 });
  await expect(keptFigure).toHaveAttribute('data-waiting', '0');
  await expect(keptFigure).toHaveAttribute('data-pending', '0');
  // The demo's pictures fit the default cap: nothing is left out for it.
  await expect(keptFigure).toHaveAttribute('data-over-cap', '0');
  const saved = Number(await keptFigure.getAttribute('data-saved'));
  expect(saved).toBeGreaterThan(withPictures.length * 3);
  await expect.poll(async () => Number(await page.getByTestId('media-kept').getAttribute('data-kept-files')), { timeout: 30_000 }).toBeGreaterThanOrEqual(saved - 1);

  // The directory goes away for good.
  await directory.stop();
  directory = undefined;

  // Five profiles never opened: every picture, in the gallery and enlarged.
  for (const actor of withPictures.slice(0, 5)) {
    await openActor(page, actor.id);
    const gallery = page.getByTestId('gallery').getByRole('img');
    await expect(gallery).toHaveCount(actor.pictures!.length, { timeout: 30_000 });
    await expect.poll(() => allPicturesShown(gallery), { timeout: 30_000 }).toBe(true);
    await page.getByTestId('gallery-picture').first().getByRole('button').click();
    await expect.poll(() => allPicturesShown(page.getByTestId('lightbox-image')), { timeout: 30_000 }).toBe(true);
    await page.getByTestId('lightbox-close').click();
  }

  // A direct audio showreel plays from the kept copy.
  await openActor(page, withAudio!.id);
  const player = page.locator('[data-testid="showreel-player"][data-kind="audio"]').first();
  await expect(player).toBeVisible({ timeout: 30_000 });
  const started = await player.evaluate(async (element) => {
    const audio = element as unknown as { muted: boolean; play(): Promise<void> };
    audio.muted = true;
    try {
      await audio.play();
      return 'playing';
    } catch (error) {
      return String(error);
    }
  });
  expect(started).toBe('playing');
  await expect.poll(() => player.evaluate((element) => (element as unknown as { currentTime: number }).currentTime), { timeout: 30_000 }).toBeGreaterThan(0);

  // The connection can be removed again.
  await page.getByRole('link', { name: 'Connections', exact: true }).click();
  await page.getByTestId(`connection-${connectionName}`).getByRole('button', { name: 'Remove' }).click();
  await page.getByTestId(`connection-${connectionName}`).getByRole('button', { name: 'Remove connection' }).click();
  await expect(page.getByTestId(`connection-${connectionName}`)).toHaveCount(0);
  expect(problems).toEqual([]);
});
