/**
 * Shortlists (issue 6) in Chromium through the web shell, against the demo directory the global
 * setup started, through the UI only (downloads are read back from disk; the shortlist database is
 * read, never written, to compare lists before and after a backup round trip):
 *
 * a shortlist made from a role's matches, reordered by keyboard and buttons, with note, rating,
 * status, colour and tag, an entry removed and brought back; actors added from the actor list's
 * selection and from a profile; everything still there after a reload; the actor's memory of it;
 * the comparison; the CSV (parsed back), the PDF contact sheet (its text and page 1 rendered), and
 * backup → wipe → import (identical), re-import (nothing duplicated) and a conflict (nothing
 * overwritten without a choice).
 *
 * Expectations come from the directory API (names, role fits) and from what the test itself did.
 * The tests share one page and build on each other, in order.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import type { ActorDetail, CastingCallDetail, Role } from '../../contract/directory-api.ts';
import { parseCsv } from '../../renderer/src/shortlists/shortlistCsv.ts';
import { apiGet, fitsRole, nav, type Directory } from './demoDirectoryApi.ts';
import { openDemoPage, useOwnWebShell } from './ownWebShell.ts';

/** This spec's own web shell and user data folder (ownWebShell.ts). */
const webShell = useOwnWebShell();

const run = promisify(execFile);

// ---------------------------------------------------------------------------------------------
// Reading the user's shortlist database (read-only), for before/after checks.

interface StoredEntry {
  id: number;
  shortlistId: number;
  actorId: number;
  position: number;
  note: string;
  rating: number | null;
  colours: string[];
  tags: string[];
  status: string;
  addedAt: string;
  updatedAt: string;
  snapshot: { name: string; thumbUrl: string | null; pictureUrl: string | null } & Record<string, unknown>;
}
interface StoredList {
  id: number;
  name: string;
  castingCallId: number | null;
  roleId: number | null;
  castingCallName: string | null;
  roleName: string | null;
  createdAt: string;
  updatedAt: string;
}
interface Stored {
  lists: StoredList[];
  entries: StoredEntry[];
}

/** Every list and entry as stored in the user's shortlist database, `castdesk-shortlists`. */
async function readStored(page: Page): Promise<Stored> {
  return page.evaluate(async () => {
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
    const page = globalThis as unknown as {
      indexedDB: { open(name: string): Request<Database> };
    };
    const done = <T>(request: Request<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const db = await done(page.indexedDB.open('castdesk-shortlists'));
    try {
      const transaction = db.transaction(['shortlists', 'entries'], 'readonly');
      const [lists, entries] = await Promise.all([done(transaction.objectStore('shortlists').getAll()), done(transaction.objectStore('entries').getAll())]);
      return { lists, entries } as unknown as { lists: StoredList[]; entries: StoredEntry[] };
    } finally {
      db.close();
    }
  });
}

/** The lists by name, each with its entries in list order; without database ids (an import gives new ones). */
function normalised(stored: Stored): unknown[] {
  return stored.lists
    .slice()
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(({ id, ...list }) => ({
      ...list,
      entries: stored.entries
        .filter((entry) => entry.shortlistId === id)
        .sort((a, b) => a.position - b.position)
        .map(({ id: _id, shortlistId: _list, ...entry }) => entry),
    }));
}

function entriesOf(stored: Stored, listId: number): StoredEntry[] {
  return stored.entries.filter((entry) => entry.shortlistId === listId).sort((a, b) => a.position - b.position);
}

// ---------------------------------------------------------------------------------------------

let page: Page;
let directory: Directory;
let actors: Map<number, ActorDetail>;
let downloads: string;

/** The list made from the role's matches, and what the tests did to it. */
const roleList = {
  id: 0,
  name: '',
  callName: '',
  roleName: '',
  /** Actor ids in the order the list should show. */
  order: [] as number[],
};
const noted = {
  actorId: 0,
  note: 'Stärke: Präsenz, „Timing“ & "Humor"\nZweite Zeile – Größe passt; Überraschung',
  rating: 4,
  status: 'callback',
  tags: ['Größe', 'erste Wahl'],
};
const second = { actorId: 0, note: 'Zweitbesetzung, ruhig', rating: 2, status: 'invited' };
const selectionList = { id: 0, name: 'Auswahl – Ärger & Söhne', actorIds: [] as number[] };

const entryRows = () => page.getByTestId('shortlist-entry');
const entryOf = (actorId: number) => page.locator(`[data-testid="shortlist-entry"][data-actor-id="${actorId}"]`);
/** The tags an entry shows (each without its remove button). */
const tagsShown = (entry: Locator) => entry.getByTestId('entry-tag').evaluateAll((tags) => tags.map((tag) => (tag.firstChild?.textContent ?? '').trim()));
const shownOrder = () => entryRows().evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-actor-id'))));

async function openList(id: number): Promise<void> {
  await page.goto(new URL(`#/shortlists/${id}`, page.url()).href);
  await expect(page.getByTestId('shortlist-page').getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
}

/** Saves a download in the test's folder and returns its path. */
async function saved(download: Download, name = download.suggestedFilename()): Promise<string> {
  const file = path.join(downloads, name);
  await download.saveAs(file);
  return file;
}

test.describe.configure({ mode: 'serial' });
test.setTimeout(60_000);

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  downloads = mkdtempSync(path.join(tmpdir(), 'castdesk-e2e-shortlists-'));
  ({ page, directory } = await openDemoPage(browser, webShell, { viewport: { width: 1280, height: 900 }, acceptDownloads: true }));
  expect(directory.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

  // Details (pictures, languages) of every actor, so snapshots and the contact sheet have them.
  await nav(page, 'Settings').click();
  const keepRoster = page.getByTestId('keep-roster');
  await expect(keepRoster).toBeVisible({ timeout: 30_000 });
  if (!(await keepRoster.isChecked())) await keepRoster.check();

  const list = await apiGet<{ id: number }[]>(directory, 'api/v1/actor_profiles', { per_page: '250' });
  actors = new Map((await Promise.all(list.map((item) => apiGet<ActorDetail>(directory, `api/v1/actor_profiles/${item.id}`)))).map((actor) => [actor.id, actor]));

  await nav(page, 'Actors').click();
  await expect(page.getByTestId('result-count')).toHaveAttribute('data-count', String(actors.size), { timeout: 120_000 });
  await expect(page.getByTestId('sync-progress')).toHaveAttribute('data-state', 'done', { timeout: 180_000 });
});

test.afterAll(async () => {
  await page?.context().close();
  if (downloads) rmSync(downloads, { recursive: true, force: true });
});

test('a new shortlist for a role takes its best matches, in order, tied to the call and role', async () => {
  // A role with at least four fitting actors.
  const calls = await apiGet<{ id: number }[]>(directory, 'api/v1/casting_calls', { per_page: '250' });
  let chosen: { call: CastingCallDetail; role: Role; fitting: number } | null = null;
  for (const { id } of calls) {
    const call = await apiGet<CastingCallDetail>(directory, `api/v1/casting_calls/${id}`);
    for (const role of call.roles) {
      const fitting = [...actors.values()].filter((actor) => fitsRole(role, actor)).length;
      if (role.name && fitting >= 4 && (!chosen || fitting > chosen.fitting)) chosen = { call, role, fitting };
    }
  }
  expect(chosen, 'a demo role with at least four fitting actors').not.toBeNull();
  const { call, role, fitting } = chosen!;

  await page.goto(new URL(`#/casting-calls/${call.id}`, page.url()).href);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(call.name);
  const shownRole = page.locator(`[data-testid="role"][data-role-id="${role.id}"]`);
  const matches = shownRole.getByTestId('role-match');
  await expect(matches).toHaveCount(Math.min(fitting, 25), { timeout: 30_000 });
  const matchOrder = await matches.evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-actor-id'))));
  const top = matchOrder.slice(0, 10);

  await shownRole.getByTestId('role-new-shortlist').click();
  await expect(page).toHaveURL(/#\/shortlists\/\d+$/);
  roleList.id = Number(/#\/shortlists\/(\d+)$/.exec(page.url())![1]);
  roleList.name = `${call.name} – ${role.name}`;
  roleList.callName = call.name;
  roleList.roleName = role.name!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(roleList.name);
  await expect(page.getByTestId('shortlist-tie')).toContainText(call.name);
  await expect(page.getByTestId('shortlist-tie')).toContainText(role.name!);
  await expect(entryRows()).toHaveCount(top.length);
  expect(await shownOrder()).toEqual(top);
  // Each entry shows the actor's name as the directory has it, and links to the profile.
  for (const actorId of top) await expect(entryOf(actorId).getByTestId('entry-name')).toHaveText(actors.get(actorId)!.name!);
  roleList.order = top;

  // The list is on the lists page with its count and tie.
  await nav(page, 'Shortlists').click();
  const row = page.locator(`[data-testid="shortlist-row"][data-list-id="${roleList.id}"]`);
  await expect(row.getByTestId('shortlist-count')).toHaveText(`${top.length} actors`);
  await expect(row.getByTestId('shortlist-tie')).toHaveText(`For ${call.name}, role ${role.name}`);
  await row.getByTestId('shortlist-link').click();
  await expect(page).toHaveURL(new RegExp(`#/shortlists/${roleList.id}$`));
  await expect(entryRows()).toHaveCount(top.length);
});

test('entries reorder by keyboard and by the move buttons', async () => {
  await openList(roleList.id);
  const order = roleList.order.slice();
  const move = (from: number, to: number) => order.splice(to, 0, ...order.splice(from, 1));

  // Alt+ArrowDown twice on the first entry: it goes to position 3 and keeps the focus.
  const first = entryOf(order[0]!);
  await first.focus();
  await page.keyboard.press('Alt+ArrowDown');
  move(0, 1);
  await expect.poll(shownOrder).toEqual(order);
  await expect(first).toBeFocused();
  await expect(page.getByTestId('shortlist-announcement')).toContainText('moved to position 2 of');
  await page.keyboard.press('Alt+ArrowDown');
  move(1, 2);
  await expect.poll(shownOrder).toEqual(order);
  // Alt+ArrowUp on it brings it back up one.
  await page.keyboard.press('Alt+ArrowUp');
  move(2, 1);
  await expect.poll(shownOrder).toEqual(order);

  // The last entry's "move up", the first entry's "move down".
  await entryOf(order[order.length - 1]!).getByTestId('move-up').click();
  move(order.length - 1, order.length - 2);
  await expect.poll(shownOrder).toEqual(order);
  await entryOf(order[0]!).getByTestId('move-down').click();
  move(0, 1);
  await expect.poll(shownOrder).toEqual(order);
  // The first cannot move further up, nor the last further down.
  // (aria-disabled, so still focusable and announced: a click must do nothing.)
  await expect(entryOf(order[0]!).getByTestId('move-up')).toHaveAttribute('aria-disabled', 'true');
  await expect(entryOf(order[order.length - 1]!).getByTestId('move-down')).toHaveAttribute('aria-disabled', 'true');
  await entryOf(order[0]!).getByTestId('move-up').click({ force: true });
  await entryOf(order[order.length - 1]!).getByTestId('move-down').click({ force: true });
  await expect.poll(shownOrder).toEqual(order);
  roleList.order = order;

  // Stored in that order.
  await expect.poll(async () => entriesOf(await readStored(page), roleList.id).map((entry) => entry.actorId)).toEqual(order);
});

test('note, rating, status, colour and tags are saved as they are set', async () => {
  await openList(roleList.id);
  noted.actorId = roleList.order[1]!;
  second.actorId = roleList.order[2]!;

  const entry = entryOf(noted.actorId);
  await entry.getByTestId('entry-note').fill(noted.note);
  await entry.getByTestId('entry-note').blur();
  await entry.getByTestId('entry-rating').getByRole('radio', { name: `${noted.rating} of 5` }).check();
  await expect(entry.getByTestId('entry-rating')).toHaveAttribute('data-rating', String(noted.rating));
  await entry.getByTestId('entry-status').selectOption(noted.status);
  await entry.getByTestId('entry-colour-green').click();
  await expect(entry.getByTestId('entry-colour-green')).toHaveAttribute('aria-pressed', 'true');
  for (const tag of noted.tags) {
    await entry.getByTestId('entry-tag-input').fill(tag);
    await entry.getByTestId('entry-tag-add').click();
  }
  await expect.poll(() => tagsShown(entry)).toEqual(noted.tags);

  const other = entryOf(second.actorId);
  await other.getByTestId('entry-note').fill(second.note);
  await other.getByTestId('entry-note').press('Tab');
  await other.getByTestId('entry-rating').getByRole('radio', { name: `${second.rating} of 5` }).check();
  await other.getByTestId('entry-status').selectOption(second.status);

  await expect
    .poll(async () => {
      const stored = entriesOf(await readStored(page), roleList.id);
      return stored.map(({ actorId, note, rating, status, colours, tags }) => ({ actorId, note, rating, status, colours, tags }));
    })
    .toEqual(
      roleList.order.map((actorId) =>
        actorId === noted.actorId
          ? { actorId, note: noted.note, rating: noted.rating, status: noted.status, colours: ['green'], tags: noted.tags }
          : actorId === second.actorId
            ? { actorId, note: second.note, rating: second.rating, status: second.status, colours: [], tags: [] }
            : { actorId, note: '', rating: null, status: 'considering', colours: [], tags: [] },
      ),
    );
});

test('a removed entry comes back in its place with undo', async () => {
  await openList(roleList.id);
  const removed = roleList.order[3]!;
  await entryOf(removed).getByTestId('select-entry').check();
  await expect(page.getByTestId('selected-count')).toHaveText('1 selected');
  await page.getByTestId('remove-selected').click();
  await expect(entryOf(removed)).toHaveCount(0);
  await expect(entryRows()).toHaveCount(roleList.order.length - 1);
  const toast = page.getByTestId('undo-toast');
  await expect(toast).toContainText('Removed 1 actor from the shortlist.');
  await toast.getByTestId('undo-button').click();
  await expect(toast).toHaveCount(0);
  await expect.poll(shownOrder).toEqual(roleList.order);
});

test('actors are added from the actor list’s selection and from a profile', async () => {
  await nav(page, 'Actors').click();
  await expect(page.getByTestId('result-count')).toHaveAttribute('data-count', String(actors.size), { timeout: 30_000 });
  await page.getByTestId('select-mode').click();
  await expect(page.getByTestId('select-mode')).toHaveAttribute('aria-pressed', 'true');
  const visible = await page.getByTestId('select-profile').evaluateAll((boxes) => boxes.map((box) => Number(box.getAttribute('data-id'))));
  const picked = visible.filter((id) => !roleList.order.includes(id)).slice(0, 2);
  expect(picked).toHaveLength(2);
  for (const id of picked) await page.locator(`[data-testid="select-profile"][data-id="${id}"]`).check();
  await expect(page.getByTestId('add-selected-to-shortlist')).toHaveText('Add 2 to shortlist');

  // Into a new list made on the spot …
  await page.getByTestId('add-selected-to-shortlist').click();
  const menu = page.getByTestId('add-to-shortlist-menu');
  await menu.getByTestId('add-new-list-name').fill(selectionList.name);
  await menu.getByTestId('add-to-new-list').click();
  const result = page.getByTestId('add-to-shortlist-result');
  await expect(result).toContainText(`Added to “${selectionList.name}”: 2 new, 0 already on it.`);
  selectionList.actorIds = picked;
  // … and into the role's list, at its end.
  await page.getByTestId('add-selected-to-shortlist').click();
  await menu.locator(`[data-testid="add-to-list"][data-list-id="${roleList.id}"]`).click();
  await expect(result).toContainText(`Added to “${roleList.name}”: 2 new, 0 already on it.`);
  roleList.order.push(...picked);

  // From a profile: an actor on neither list.
  const fromProfile = [...actors.keys()].find((id) => !roleList.order.includes(id))!;
  await page.goto(new URL(`#/actors/${fromProfile}`, page.url()).href);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(actors.get(fromProfile)!.name!);
  await expect(page.getByTestId('actor-memory')).toContainText('Not on any of your shortlists yet.');
  await page.getByTestId('add-to-shortlist').click();
  await page.getByTestId('add-to-shortlist-menu').locator(`[data-testid="add-to-list"][data-list-id="${roleList.id}"]`).click();
  await expect(page.getByTestId('add-to-shortlist-result')).toContainText(`Added to “${roleList.name}”: 1 new, 0 already on it.`);
  roleList.order.push(fromProfile);
  // The profile now knows the list it is on.
  await expect(page.getByTestId('actor-memory-item')).toHaveCount(1);
  await expect(page.getByTestId('actor-memory-item')).toContainText(roleList.name);
  // Adding again says it is already there.
  await page.getByTestId('add-to-shortlist').click();
  await page.getByTestId('add-to-shortlist-menu').locator(`[data-testid="add-to-list"][data-list-id="${roleList.id}"]`).click();
  await expect(page.getByTestId('add-to-shortlist-result')).toContainText(`Added to “${roleList.name}”: 0 new, 1 already on it.`);

  await openList(roleList.id);
  await expect.poll(shownOrder).toEqual(roleList.order);
  const stored = await readStored(page);
  selectionList.id = stored.lists.find((list) => list.name === selectionList.name)!.id;
  expect(entriesOf(stored, selectionList.id).map((entry) => entry.actorId)).toEqual(picked);
});

test('after a reload everything is kept, and the profile shows the note', async () => {
  await openList(roleList.id);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(roleList.name, { timeout: 30_000 });
  await expect(entryRows()).toHaveCount(roleList.order.length);
  expect(await shownOrder()).toEqual(roleList.order);

  const entry = entryOf(noted.actorId);
  await expect(entry.getByTestId('entry-note')).toHaveValue(noted.note);
  await expect(entry.getByTestId('entry-rating')).toHaveAttribute('data-rating', String(noted.rating));
  await expect(entry.getByTestId('entry-rating').getByRole('radio', { name: `${noted.rating} of 5` })).toBeChecked();
  await expect(entry.getByTestId('entry-status')).toHaveValue(noted.status);
  await expect(entry.getByTestId('entry-colour-green')).toHaveAttribute('aria-pressed', 'true');
  await expect(entry.getByTestId('entry-colour-red')).toHaveAttribute('aria-pressed', 'false');
  expect(await tagsShown(entry)).toEqual(noted.tags);
  const other = entryOf(second.actorId);
  await expect(other.getByTestId('entry-note')).toHaveValue(second.note);
  await expect(other.getByTestId('entry-rating')).toHaveAttribute('data-rating', String(second.rating));
  await expect(other.getByTestId('entry-status')).toHaveValue(second.status);
  const plain = entryOf(roleList.order[0]!);
  await expect(plain.getByTestId('entry-note')).toHaveValue('');
  await expect(plain.getByTestId('entry-rating')).toHaveAttribute('data-rating', '');
  await expect(plain.getByTestId('entry-status')).toHaveValue('considering');

  // The actor's profile remembers the list, with status, rating, tags and the note.
  await entry.getByTestId('entry-name').click();
  await expect(page).toHaveURL(new RegExp(`#/actors/${noted.actorId}$`));
  const memory = page.getByTestId('actor-memory');
  const item = memory.locator(`[data-testid="actor-memory-item"][data-list-id="${roleList.id}"]`);
  await expect(item).toContainText(roleList.name);
  await expect(item).toContainText('Callback, 4 of 5');
  await expect(item).toContainText(noted.tags.join(', '));
  // The note as written (line breaks kept as such in the text).
  expect((await item.getByTestId('actor-memory-note').innerText()).trim()).toBe(noted.note);
});

test('two or three selected entries are compared side by side, differences marked', async () => {
  await openList(roleList.id);
  const compareButton = page.getByTestId('compare-selected');
  await entryOf(roleList.order[0]!).getByTestId('select-entry').check();
  // One is too few: nothing happens.
  await expect(compareButton).toHaveAttribute('aria-disabled', 'true');
  await compareButton.click({ force: true });
  await expect(page).toHaveURL(new RegExp(`#/shortlists/${roleList.id}$`));

  const ids = roleList.order.slice(0, 3);
  for (const id of ids.slice(1)) await entryOf(id).getByTestId('select-entry').check();
  await expect(compareButton).toHaveAttribute('aria-disabled', 'false');
  await compareButton.click();
  await expect(page).toHaveURL(new RegExp(`#/compare\\?ids=${ids.join('(,|%2C)')}$`));
  const table = page.getByTestId('compare-table');
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(table.getByTestId('compare-actor')).toHaveCount(3);
  expect(await table.getByTestId('compare-actor').evaluateAll((cells) => cells.map((cell) => Number(cell.getAttribute('data-actor-id'))))).toEqual(ids);
  for (const id of ids) await expect(table.locator(`[data-testid="compare-actor"][data-actor-id="${id}"]`)).toContainText(actors.get(id)!.name!);

  // Acting age and height differ exactly when the directory's values do.
  const compared = ids.map((id) => actors.get(id)!);
  const differs = (values: unknown[]) => new Set(values.map((value) => JSON.stringify(value))).size > 1;
  const expectations: [string, boolean][] = [
    ['actingAge', differs(compared.map((actor) => [actor.acting_age_from, actor.acting_age_to]))],
    ['height', differs(compared.filter((actor) => actor.height != null).map((actor) => actor.height))],
  ];
  for (const [row, differ] of expectations) {
    await expect(table.locator(`tr[data-row="${row}"]`)).toHaveAttribute('data-testid', differ ? 'compare-diff' : 'compare-row');
  }
  const diffRows = table.getByTestId('compare-diff');
  expect(await diffRows.count()).toBeGreaterThan(0);
  // A row marked as differing does show different values.
  for (const row of await diffRows.all()) {
    const cells = await row.locator('td').evaluateAll((tds) => tds.map((td) => (td.textContent ?? '').replace(/\s+/g, ' ').trim()));
    expect(cells).toHaveLength(3);
    expect(new Set(cells).size, `cells of ${await row.getAttribute('data-row')}`).toBeGreaterThan(1);
    await expect(row).toContainText('Differs');
  }
});

test('the CSV export holds every entry in order, with note, rating, status and umlauts', async () => {
  await openList(roleList.id);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const bytes = readFileSync(await saved(download));
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8');
  expect(text).toContain('\r\n');
  const [header, ...rows] = parseCsv(text);
  const column = (name: string) => {
    const index = header!.indexOf(name);
    expect(index, `column ${name} in ${header!.join(',')}`).toBeGreaterThanOrEqual(0);
    return index;
  };
  const [position, actorId, name, note, rating, status, tags, colours, shortlist, castingCall, roleColumn] = [
    'Position',
    'Actor id',
    'Name',
    'Note',
    'Rating',
    'Status',
    'Tags',
    'Colours',
    'Shortlist',
    'Casting call',
    'Role',
  ].map(column) as number[];
  expect(rows).toHaveLength(roleList.order.length);
  expect(rows.map((row) => Number(row[actorId!]))).toEqual(roleList.order);
  expect(rows.map((row) => row[position!])).toEqual(roleList.order.map((_, index) => String(index + 1)));
  expect(rows.map((row) => row[name!])).toEqual(roleList.order.map((id) => actors.get(id)!.name));
  for (const row of rows) {
    expect(row).toHaveLength(header!.length);
    expect(row[shortlist!]).toBe(roleList.name);
    expect(row[castingCall!]).toBe(roleList.callName);
    expect(row[roleColumn!]).toBe(roleList.roleName);
  }
  const notedRow = rows.find((row) => Number(row[actorId!]) === noted.actorId)!;
  expect(notedRow[note!]).toBe(noted.note);
  expect(notedRow[rating!]).toBe(String(noted.rating));
  expect(notedRow[status!]).toBe('Callback');
  expect(notedRow[tags!]).toBe(noted.tags.join('; '));
  expect(notedRow[colours!]).toBe('Green');
  const secondRow = rows.find((row) => Number(row[actorId!]) === second.actorId)!;
  expect([secondRow[note!], secondRow[rating!], secondRow[status!]]).toEqual([second.note, String(second.rating), 'Invited']);
  const plainRow = rows.find((row) => Number(row[actorId!]) === roleList.order[0])!;
  expect([plainRow[note!], plainRow[rating!], plainRow[status!]]).toEqual(['', '', 'Considering']);
});

/** Fraction of page pixels that are not (near) white, and of those that are dark, in a PGM (P5) image. */
function inkOf(pgm: Buffer): { width: number; height: number; ink: number; dark: number } {
  const fields: string[] = [];
  let at = 0;
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(pgm[at]!))) at++;
    if (pgm[at] === 0x23) {
      while (pgm[at] !== 0x0a) at++;
      continue;
    }
    let field = '';
    while (!/\s/.test(String.fromCharCode(pgm[at]!))) field += String.fromCharCode(pgm[at++]!);
    fields.push(field);
  }
  at++;
  const [magic, width, height, max] = [fields[0], Number(fields[1]), Number(fields[2]), Number(fields[3])];
  expect(magic).toBe('P5');
  expect(max).toBe(255);
  const pixels = pgm.subarray(at, at + width * height);
  expect(pixels.length).toBe(width * height);
  let ink = 0;
  let dark = 0;
  for (const value of pixels) {
    if (value < 245) ink++;
    if (value < 96) dark++;
  }
  return { width, height, ink: ink / pixels.length, dark: dark / pixels.length };
}

test('the PDF contact sheet names every entry and page 1 is not blank, in A4 and Letter', async () => {
  await openList(roleList.id);
  const stored = entriesOf(await readStored(page), roleList.id);
  const names = roleList.order.map((id) => actors.get(id)!.name!);
  // The notes go into the sheet only when ticked (remembered; unticked again at the end).
  await page.getByTestId('package-include-notes').check();
  // The file names the paper as the export bar shows it (English UI).
  for (const [paper, size, shown] of [
    ['a4', /595\.28 x 841\.89 pts/, 'A4'],
    ['letter', /612 x 792 pts/, 'Letter'],
  ] as const) {
    await page.getByTestId('export-paper').selectOption(paper);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByTestId('export-pdf').click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`\\(${shown}\\)\\.pdf$`));
    const file = await saved(download);
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const info = (await run('pdfinfo', [file])).stdout;
    expect(info).toMatch(size);
    const text = (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout.replace(/\s+/g, ' ');
    expect(text).toContain(roleList.name);
    for (const name of names) expect(text, `the contact sheet names ${name}`).toContain(name);
    expect(text).toContain(`Acting age ${actors.get(roleList.order[0]!)!.acting_age_from}–${actors.get(roleList.order[0]!)!.acting_age_to}`);
    // Status, rating as stars, height and every note in full (the notes pages after the grid).
    const listEntries = stored.filter((entry) => entry.note || entry.rating);
    expect(listEntries.length).toBeGreaterThan(0);
    for (const entry of stored) {
      if (entry.note) expect(text, `the whole note on ${entry.snapshot.name}`).toContain(entry.note.replace(/\s+/g, ' ').trim());
      if (entry.rating) expect(text).toContain('★'.repeat(entry.rating) + '☆'.repeat(5 - entry.rating));
    }
    const height = actors.get(roleList.order[0]!)!.height;
    if (typeof height === 'number') expect(text).toContain(`${height} cm`);

    // Page 1 rendered: pictures and text, not an empty page.
    const prefix = path.join(downloads, `page1-${paper}`);
    await run('pdftoppm', ['-gray', '-r', '40', '-f', '1', '-l', '1', '-singlefile', file, prefix]);
    const page1 = inkOf(readFileSync(`${prefix}.pgm`));
    expect(page1.width).toBeGreaterThan(300);
    expect(page1.ink, 'share of page 1 that is not white').toBeGreaterThan(0.05);
    expect(page1.ink).toBeLessThan(0.95);
    expect(page1.dark, 'share of page 1 that is dark (text, pictures)').toBeGreaterThan(0.002);
    // One picture per entry on page 1 whose snapshot has one (from the media cache).
    const images = (await run('pdfimages', ['-list', '-f', '1', '-l', '1', file])).stdout
      .trim()
      .split('\n')
      .slice(2)
      .filter((line) => line.trim().split(/\s+/)[2] === 'image');
    const withPicture = stored.slice(0, 16).filter((entry) => entry.snapshot.pictureUrl ?? entry.snapshot.thumbUrl).length;
    expect(withPicture).toBeGreaterThan(0);
    expect(images.length).toBe(withPicture);
  }
  await page.getByTestId('package-include-notes').uncheck();
});

test('backup, delete every list, import: the same lists come back; again: nothing doubled; a changed list: a conflict', async () => {
  await nav(page, 'Shortlists').click();
  const before = await readStored(page);
  expect(before.lists.map((list) => list.name).sort()).toEqual([roleList.name, selectionList.name].sort());
  const expected = normalised(before);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-backup').click()]);
  const backupFile = await saved(download);
  const backup = JSON.parse(readFileSync(backupFile, 'utf8')) as { format: string; shortlists: unknown[]; entries: unknown[] };
  expect(backup.format).toBe('castdesk-shortlists');
  expect(backup.shortlists).toHaveLength(2);
  expect(backup.entries).toHaveLength(before.entries.length);

  // Wipe: every list deleted in the UI.
  const rows = page.getByTestId('shortlist-row');
  await expect(rows).toHaveCount(2);
  while ((await rows.count()) > 0) {
    const count = await rows.count();
    await rows.first().getByTestId('delete-shortlist').click();
    await expect(rows).toHaveCount(count - 1);
  }
  await page.getByTestId('undo-dismiss').click();
  await expect(page.getByTestId('shortlists-empty')).toBeVisible();
  await expect.poll(async () => (await readStored(page)).entries.length).toBe(0);

  const importFile = async (): Promise<Locator> => {
    await page.getByTestId('import-backup').setInputFiles(backupFile);
    const plan = page.getByTestId('import-plan');
    await expect(plan).toBeVisible();
    return plan;
  };

  // Import into the empty app: two new lists, identical to what was backed up.
  let plan = await importFile();
  await expect(plan).toContainText('2 new lists, 0 already here unchanged, 0 with the same name but different content.');
  await plan.getByTestId('import-apply').click();
  await expect(page.getByTestId('import-result')).toHaveText('Imported: 2 lists created, 0 replaced, 0 skipped, 0 already here.');
  await expect(rows).toHaveCount(2);
  expect(normalised(await readStored(page))).toEqual(expected);

  // The same file again: identical, nothing doubled.
  plan = await importFile();
  await expect(plan).toContainText('0 new lists, 2 already here unchanged, 0 with the same name but different content.');
  await expect(plan.getByTestId('import-conflict')).toHaveCount(0);
  await plan.getByTestId('import-apply').click();
  await expect(page.getByTestId('import-result')).toHaveText('Imported: 0 lists created, 0 replaced, 0 skipped, 2 already here.');
  await expect(rows).toHaveCount(2);
  expect(normalised(await readStored(page))).toEqual(expected);

  // One list changed here (a rating): importing reports a conflict and, without a choice, keeps ours.
  const restoredId = (await readStored(page)).lists.find((list) => list.name === roleList.name)!.id;
  await openList(restoredId);
  await expect(entryRows()).toHaveCount(roleList.order.length);
  expect(await shownOrder()).toEqual(roleList.order);
  await entryOf(noted.actorId).getByTestId('entry-rating').getByRole('radio', { name: '1 of 5' }).check();
  await expect.poll(async () => entriesOf(await readStored(page), restoredId).find((entry) => entry.actorId === noted.actorId)?.rating).toBe(1);
  const changed = normalised(await readStored(page));
  expect(changed).not.toEqual(expected);

  await nav(page, 'Shortlists').click();
  plan = await importFile();
  await expect(plan).toContainText('0 new lists, 1 already here unchanged, 1 with the same name but different content.');
  const conflict = plan.getByTestId('import-conflict');
  await expect(conflict).toHaveCount(1);
  await expect(conflict).toContainText(`“${roleList.name}”: 0 more, 0 fewer, 1 changed actor`);
  // Skipping (keeping ours) is what happens unless the user chooses otherwise.
  await expect(plan.getByTestId('import-choice').locator('option:checked')).toHaveText('Keep mine, skip this one');
  await plan.getByTestId('import-apply').click();
  await expect(page.getByTestId('import-result')).toHaveText('Imported: 0 lists created, 0 replaced, 1 skipped, 1 already here.');
  expect(normalised(await readStored(page))).toEqual(changed);

  // Chosen explicitly: the backup replaces ours, and everything is as backed up again.
  plan = await importFile();
  await plan.getByTestId('import-choice').selectOption('replace');
  await plan.getByTestId('import-apply').click();
  await expect(page.getByTestId('import-result')).toHaveText('Imported: 0 lists created, 1 replaced, 0 skipped, 1 already here.');
  await expect(rows).toHaveCount(2);
  expect(normalised(await readStored(page))).toEqual(expected);
});

test('a long list draws each entry’s editors as it scrolls into view', async () => {
  // 24 actors picked from the actor list's selection, screen by screen.
  await nav(page, 'Actors').click();
  await expect(page.getByTestId('result-count')).toHaveAttribute('data-count', String(actors.size), { timeout: 30_000 });
  const selectMode = page.getByTestId('select-mode');
  if ((await selectMode.getAttribute('aria-pressed')) !== 'true') await selectMode.click();
  const picked: number[] = [];
  const scroller = page.getByTestId('profile-list');
  while (picked.length < 24) {
    const shown = await page.getByTestId('select-profile').evaluateAll((boxes) => boxes.map((box) => Number(box.getAttribute('data-id'))));
    const fresh = shown.filter((id) => !picked.includes(id));
    expect(fresh.length, 'the list shows actors not picked yet').toBeGreaterThan(0);
    for (const id of fresh.slice(0, 24 - picked.length)) {
      await page.locator(`[data-testid="select-profile"][data-id="${id}"]`).check();
      picked.push(id);
    }
    await scroller.evaluate((element) => element.scrollBy(0, 600));
  }
  await page.getByTestId('add-selected-to-shortlist').click();
  const menu = page.getByTestId('add-to-shortlist-menu');
  await menu.getByTestId('add-new-list-name').fill('Long list');
  await menu.getByTestId('add-to-new-list').click();
  await expect(page.getByTestId('add-to-shortlist-result')).toContainText('Added to “Long list”: 24 new, 0 already on it.');

  const id = (await readStored(page)).lists.find((list) => list.name === 'Long list')!.id;
  await openList(id);
  await expect(entryRows()).toHaveCount(24);
  const last = entryRows().nth(23);
  await expect(last).toHaveAttribute('data-drawn', 'false');
  await expect(last).toContainText(actors.get(Number(await last.getAttribute('data-actor-id')))!.name!);
  await last.scrollIntoViewIfNeeded();
  await expect(last).toHaveAttribute('data-drawn', 'true');
  await expect(last.getByTestId('entry-note')).toBeVisible();
  await last.getByTestId('entry-note').fill('Seen at the end of a long list');
  await last.getByTestId('entry-note').blur();
  const lastActor = Number(await last.getAttribute('data-actor-id'));
  await expect.poll(async () => entriesOf(await readStored(page), id).find((entry) => entry.actorId === lastActor)?.note).toBe('Seen at the end of a long list');
});
