/**
 * A list shared through a casting office, in Chromium through two web shells (issue 25): a real
 * office server (`npm run office`'s entry with --create-office, its own data folder) and two web
 * shells with their own user data folders, each its own computer. Lea adds the office with the
 * owner's token, shares a list and makes an invite code on the Connections page; Ben joins with the
 * code (the page reloads so its CSP admits the office's socket), finds the list on his computer
 * (the sweep brought it in) and sees an actor Lea adds afterwards arrive; a viewer role Lea gives
 * him on that list alone turns his open list read-only at once, and taking it back undoes it. A
 * note and a comment Lea types into the shared list, the page reloaded 200 ms after the last
 * keystroke, are on her list after the reload and reach Ben; so are a note and a comment typed 200 ms before her shell and her
 * browser are killed outright (SIGKILL) while a write that never ends holds the entries and the
 * office is away (only the keystrokes' journal has them), after a restart. Lea's "Stop sharing" takes the list out of the office:
 * both keep it as a personal list, and Ben's says why, after a reload too. Starts and stops its own processes: nothing of the
 * shared web shell is used or left changed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { letTimePass } from '../support/letTimePass.ts';
import { nav } from './demoDirectoryApi.ts';
import { holdEntriesTable } from './heldEntries.ts';
import { crash, firstPage, freePort, startChromium, type RunningChromium } from './killableChromium.ts';
import { startWebShellProcess, type WebShellProcess } from './webShellProcess.ts';

test.setTimeout(600_000);

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const listName = 'Office callbacks';

interface OfficeProcess {
  httpUrl: string;
  officeId: string;
  ownerToken: string;
  stop(): Promise<void>;
}

/**
 * Starts the office server's command line on a free port and reads the office it created; or, with
 * `again`, starts it anew on that office's data folder and port (the pages' CSP names that port).
 */
async function startOfficeProcess(dataDir: string, again?: OfficeProcess): Promise<OfficeProcess> {
  const port = again ? new URL(again.httpUrl).port : '0';
  const create = again ? [] : ['--create-office', 'E2E office', '--owner-name', 'Lea'];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/officeCli.ts', '--host', '127.0.0.1', '--port', port, '--data-dir', dataDir, ...create], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const output: string[] = [];
  const listening = again ? /()()listening on ws:\/\/(\S+) / : /Office created: (\S+)\n[\s\S]*Owner token \(shown once\): (\S+)\n[\s\S]*listening on ws:\/\/(\S+) /;
  const found = await new Promise<RegExpExecArray>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output.push(chunk.toString('utf8'));
      const match = listening.exec(output.join(''));
      if (match) resolve(match);
    });
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
    void exited.then(() => reject(new Error(`The office server exited before it listened:\n${output.join('')}`)));
  });
  child.stdout?.resume();
  child.stderr?.resume();
  return {
    officeId: again?.officeId ?? found[1]!,
    ownerToken: again?.ownerToken ?? found[2]!,
    httpUrl: `http://${found[3]!}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function openShell(browser: Browser, shell: WebShellProcess, started: { stop(): Promise<void> }[]): Promise<Page> {
  const context = await browser.newContext();
  // Closed first when the test ends: a page left open keeps reconnecting to a stopped office and
  // shell, and sweeping, in the browser every later test shares.
  started.push({ stop: () => context.close() });
  const page = await context.newPage();
  await page.goto(shell.url);
  await expect(nav(page, 'Shortlists')).toBeVisible({ timeout: 60_000 });
  return page;
}

/** Fills the Connections page's office form and waits for the page to reload after the join. */
async function joinOffice(page: Page, office: OfficeProcess, name: string, secret: { token: string } | { code: string }): Promise<void> {
  await page.goto(new URL('#/connections', page.url()).href);
  const form = page.getByTestId('office-join');
  await form.locator('input[name="office-url"]').fill(office.httpUrl);
  await form.locator('input[name="office-id"]').fill(office.officeId);
  await form.locator('input[name="office-member-name"]').fill(name);
  if ('token' in secret) await form.locator('input[name="office-with-token"]').check();
  await form.locator('input[name="office-secret"]').fill('token' in secret ? secret.token : secret.code);
  const reloaded = page.waitForEvent('load', { timeout: 60_000 });
  await form.getByRole('button').click();
  await reloaded;
  await expect(page.getByTestId('office-item')).toHaveCount(1, { timeout: 60_000 });
}

/** Opens a demo actor's profile and adds them to the list (made on first use); answers the actor's name. */
async function addActor(page: Page, actorId: number, create: boolean): Promise<string> {
  await page.goto(new URL(`#/actors/${actorId}`, page.url()).href);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).not.toBeEmpty({ timeout: 60_000 });
  await page.getByTestId('add-to-shortlist').click();
  const menu = page.getByTestId('add-to-shortlist-menu');
  if (create) {
    await menu.getByTestId('add-new-list-name').fill(listName);
    await menu.getByTestId('add-to-new-list').click();
  } else {
    await menu.getByTestId('add-to-list').filter({ hasText: listName }).click();
  }
  await expect(page.getByTestId('add-to-shortlist-result')).toContainText(listName);
  return (await heading.textContent())!.trim();
}

async function openList(page: Page): Promise<void> {
  await nav(page, 'Shortlists').click();
  await page.getByRole('link', { name: listName }).first().click({ timeout: 60_000 });
}

/**
 * A real office server and two web shells (Lea's and Ben's computers, each its own data folder),
 * their pages open; the pages closed, every process stopped and the folder removed afterwards,
 * whatever happened.
 */
async function withOfficeAndTwoComputers(browser: Browser, prefix: string, use: (parts: { office: OfficeProcess; lea: Page; ben: Page }) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  const started: { stop(): Promise<void> }[] = [];
  try {
    const office = await startOfficeProcess(path.join(dir, 'office'));
    started.push(office);
    const [leaShell, benShell] = await Promise.all([startWebShellProcess(path.join(dir, 'lea')), startWebShellProcess(path.join(dir, 'ben'))]);
    started.push(leaShell, benShell);
    await use({ office, lea: await openShell(browser, leaShell, started), ben: await openShell(browser, benShell, started) });
  } finally {
    for (const process of started.reverse()) await process.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Lea joins as the owner, shares a list of one actor and invites Ben, who joins with the code and
 * has the list open with the actor. Answers the actor's name.
 */
async function leaSharesAListBenHasIt(office: OfficeProcess, lea: Page, ben: Page): Promise<string> {
  await joinOffice(lea, office, 'Lea', { token: office.ownerToken });
  const actor = await addActor(lea, 1, true);
  await openList(lea);
  await lea.getByTestId('office-share').click();
  await expect(lea.getByTestId('office-badge')).toHaveAttribute('data-sharing', 'synced', { timeout: 60_000 });
  await lea.goto(new URL('#/connections', lea.url()).href);
  await lea.getByTestId('office-invite').locator('select[name="invite-role"]').selectOption('editor');
  await lea.getByTestId('office-invite').getByRole('button').click();
  await joinOffice(ben, office, 'Ben', { code: await lea.locator('input[name="invite-code"]').inputValue() });
  await openList(ben);
  await expect(ben.getByTestId('shortlist-entry')).toHaveCount(1, { timeout: 60_000 });
  return actor;
}

test('a list one member shares reaches a colleague who joined by invite code, and so does an edit', async ({ browser }) => {
  await withOfficeAndTwoComputers(browser, 'castdesk-e2e-office-', async ({ office, lea, ben }) => {
    // Lea, the owner: adds the office, makes a list and shares it.
    await joinOffice(lea, office, 'Lea', { token: office.ownerToken });
    await expect(lea.getByTestId('office-role')).toContainText('Owner');
    const first = await addActor(lea, 1, true);
    await openList(lea);
    await lea.getByTestId('office-share').click();
    await expect(lea.getByTestId('office-badge')).toHaveAttribute('data-sharing', 'synced', { timeout: 60_000 });

    // Lea makes an invite code; Ben joins with it.
    await lea.goto(new URL('#/connections', lea.url()).href);
    // No role is preselected: Lea chooses Editor.
    await lea.getByTestId('office-invite').locator('select[name="invite-role"]').selectOption('editor');
    await lea.getByTestId('office-invite').getByRole('button').click();
    const code = await lea.locator('input[name="invite-code"]').inputValue();
    expect(code).not.toBe('');
    await joinOffice(ben, office, 'Ben', { code });
    await expect(ben.getByTestId('office-role')).toContainText('Editor');

    // The sweep after the reload brought the list onto Ben's computer.
    await openList(ben);
    await expect(ben.getByTestId('shortlist-entry')).toHaveCount(1, { timeout: 60_000 });
    await expect(ben.getByTestId('shortlist-entry').first()).toContainText(first);

    // An actor Lea adds now arrives on Ben's open list.
    const second = await addActor(lea, 2, false);
    await expect(ben.getByTestId('shortlist-entry')).toHaveCount(2, { timeout: 60_000 });
    await expect(ben.getByTestId('shortlist-entry').nth(1)).toContainText(second);

    // Lea gives Ben the viewer role on this list alone, from the members panel: his open list turns
    // read-only at once; taken back to his office role, it is his to edit again.
    await lea.goto(new URL('#/connections', lea.url()).href);
    const benAtLea = lea.getByTestId('office-member').filter({ hasText: 'Ben' });
    const give = benAtLea.getByTestId('office-member-give-list-role');
    await give.locator('select[name="give-list"]').selectOption({ label: listName });
    await give.locator('select[name="give-role"]').selectOption('viewer');
    await give.getByRole('button').click();
    await expect(ben.getByTestId('office-role-notice')).toHaveAttribute('data-role', 'viewer', { timeout: 60_000 });
    await benAtLea.locator('select[name="member-list-role"]').selectOption({ label: 'Office role' });
    await expect(benAtLea.locator('select[name="member-list-role"]')).toHaveCount(0, { timeout: 60_000 });
    await expect(ben.getByTestId('office-role-notice')).toHaveCount(0, { timeout: 60_000 });
  });
});

test('a note and a comment typed in a shared list 200 ms before a reload are on the list after it and reach the colleague', async ({ browser }) => {
  await withOfficeAndTwoComputers(browser, 'castdesk-e2e-office-note-', async ({ office, lea, ben }) => {
    await leaSharesAListBenHasIt(office, lea, ben);
    await openList(lea);
    const note = lea.getByTestId('shortlist-entry').getByTestId('entry-note');
    await expect(note).toBeVisible({ timeout: 60_000 });
    const text = 'Callback Thursday, bring the monologue';
    await note.click();
    await note.pressSequentially(text);
    await letTimePass(200, 'Lea reloads 200 ms after the last keystroke');
    await lea.reload();
    await expect(lea.getByTestId('shortlist-entry').getByTestId('entry-note')).toHaveValue(text, { timeout: 60_000 });
    await expect(ben.getByTestId('shortlist-entry').getByTestId('entry-note')).toHaveValue(text, { timeout: 60_000 });

    // Her own comment on the entry, typed and never left (the field still has the caret).
    const comment = lea.getByTestId('shortlist-entry').getByTestId('entry-own-comment');
    const said = 'Best read of the day';
    await comment.click();
    await comment.pressSequentially(said);
    await letTimePass(200, 'Lea reloads 200 ms after the last keystroke of her comment');
    await lea.reload();
    await expect(lea.getByTestId('shortlist-entry').getByTestId('entry-own-comment')).toHaveValue(said, { timeout: 60_000 });
    await expect(ben.getByTestId('shortlist-entry').getByTestId('entry-comment')).toHaveText(`Lea: ${said}`, { timeout: 60_000 });
  });
});

test('a note and a comment typed in a shared list 200 ms before Lea\'s shell and browser are killed, while no write of the entries can end and the office is away, are on her list after a restart and reach the colleague', async ({ browser }) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'castdesk-e2e-office-kill-'));
  const started: { stop(): Promise<void> }[] = [];
  // Lea's computer: a shell on a port of its own (the same origin, so the same IndexedDB, after the
  // restart) and a Chromium of its own, both killed outright like a crash.
  const leaData = path.join(dir, 'lea');
  const leaProfile = path.join(dir, 'lea-chromium');
  const port = await freePort();
  let leaShell: WebShellProcess | undefined;
  let leaBrowser: RunningChromium | undefined;
  const startLea = async () => {
    leaShell = await startWebShellProcess(leaData, { port });
    leaBrowser = await startChromium(leaProfile);
    const page = await firstPage(leaBrowser);
    await page.goto(leaShell.url);
    await expect(nav(page, 'Shortlists')).toBeVisible({ timeout: 60_000 });
    return page;
  };
  try {
    const office = await startOfficeProcess(path.join(dir, 'office'));
    started.push(office);
    const benShell = await startWebShellProcess(path.join(dir, 'ben'));
    started.push(benShell);
    let lea = await startLea();
    const ben = await openShell(browser, benShell, started);
    await leaSharesAListBenHasIt(office, lea, ben);
    await openList(lea);
    const listUrl = lea.url();
    const note = lea.getByTestId('shortlist-entry').getByTestId('entry-note');
    await expect(note).toBeVisible({ timeout: 60_000 });
    const text = 'Second callback Friday, in costume';
    const comment = lea.getByTestId('shortlist-entry').getByTestId('entry-own-comment');
    const said = 'Ask about the accent';
    // The office is away while Lea types (she is offline): nothing she types reaches it before
    // her computer dies, so after the restart only her own computer can have it.
    await office.stop();
    await expect(lea.getByTestId('office-badge')).toHaveAttribute('data-sharing', 'waiting', { timeout: 60_000 });
    // No write of the entries can end, nor, behind the note's write, any of the list's document:
    // only the keystrokes' journal has the note and the comment when Lea's computer dies, and the
    // restart carries them into her row, the list's document and the office.
    await holdEntriesTable(lea);
    await note.click();
    await note.pressSequentially(text);
    await comment.click();
    await comment.pressSequentially(said);
    await letTimePass(200, 'Lea\'s shell and browser die 200 ms after the last keystroke');

    // Both at once: SIGKILL leaves no pagehide, no unload, no graceful stop.
    leaShell!.child.kill('SIGKILL');
    await crash(leaBrowser!);
    await leaShell!.stop();

    started.push(await startOfficeProcess(path.join(dir, 'office'), office));
    lea = await startLea();
    await lea.goto(listUrl);
    await expect(lea.getByTestId('shortlist-entry').getByTestId('entry-note')).toHaveValue(text, { timeout: 60_000 });
    await expect(ben.getByTestId('shortlist-entry').getByTestId('entry-note')).toHaveValue(text, { timeout: 60_000 });
    await expect(lea.getByTestId('shortlist-entry').getByTestId('entry-own-comment')).toHaveValue(said, { timeout: 60_000 });
    await expect(ben.getByTestId('shortlist-entry').getByTestId('entry-comment')).toHaveText(`Lea: ${said}`, { timeout: 60_000 });
  } finally {
    await leaBrowser?.browser.close().catch(() => undefined);
    if (leaBrowser) await crash(leaBrowser);
    await leaShell?.stop();
    for (const process of started.reverse()) await process.stop();
    await rm(dir, { recursive: true, force: true });
  }
});

test('Stop sharing takes the list out of the office: Lea and Ben each keep it as a personal list, and Ben is told why, after a reload too', async ({ browser }) => {
  await withOfficeAndTwoComputers(browser, 'castdesk-e2e-office-stop-', async ({ office, lea, ben }) => {
    const actor = await leaSharesAListBenHasIt(office, lea, ben);
    await expect(ben.getByTestId('office-badge')).not.toHaveAttribute('data-sharing', 'personal', { timeout: 60_000 });

    // Lea, an editor of the list, stops sharing it: the office takes it out, so hers says nothing more.
    await openList(lea);
    await lea.getByTestId('office-stop-sharing').click();
    await lea.getByTestId('office-stop-sharing-confirm').click();
    await expect(lea.getByTestId('office-badge')).toHaveAttribute('data-sharing', 'personal', { timeout: 60_000 });
    await expect(lea.getByTestId('office-share')).toBeVisible();
    await expect(lea.getByTestId('office-kept-personal')).toHaveCount(0);
    await expect(lea.getByTestId('shortlist-entry')).toHaveCount(1);

    // Ben's open copy becomes his personal list by itself, with the actor, and says why.
    await expect(ben.getByTestId('office-kept-personal')).toHaveAttribute('data-code', 'office_access_removed', { timeout: 60_000 });
    await expect(ben.getByTestId('office-badge')).toHaveAttribute('data-sharing', 'personal');
    await expect(ben.getByTestId('shortlist-entry')).toHaveCount(1);
    await expect(ben.getByTestId('shortlist-entry')).toContainText(actor);
    await ben.reload();
    await expect(ben.getByTestId('office-kept-personal')).toHaveAttribute('data-code', 'office_access_removed', { timeout: 60_000 });
    await expect(ben.getByTestId('shortlist-entry')).toHaveCount(1);
    await ben.getByTestId('office-kept-dismiss').click();
    await expect(ben.getByTestId('office-kept-personal')).toHaveCount(0);
  });
});
