/**
 * electron/main/index.ts with the `electron` double and the real back end: castdesk:// links from
 * the first start's argv, from macOS's open-url before ready and from a second start's argv reach
 * the renderer through takeAppLink (told by appLinkWaitingChannel once the window is there), a
 * refused link is logged and goes nowhere; the Help menu's support items, the menu's language
 * following the renderer's, Copy link on the clipboard and crash dumps kept local.
 * The test is the app's entry (electronDouble.runEntry): it imports electron/main/index.ts and,
 * while it is still evaluating, records what was done and has macOS send a link, as Electron may
 * before ready; 'ready' comes once it has evaluated, so "before ready" is a real moment here.
 */
import { appendFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { electronDouble, electronEvent } from './electronDouble.ts';
import { appLinkWaitingChannel, ipcChannel, type ChannelName } from '../../../contract/bridge-channels.ts';

vi.mock('electron', async () => (await import('./electronDouble.ts')).electronDouble.module);

const { recorded, app } = electronDouble;
let userDataDir: string;
let reportTarget: string;
const originalArgv = process.argv;
const trustedFrame = { senderFrame: { url: 'app://castdesk/index.html' } };
const call = (channel: ChannelName, args: unknown = {}) => recorded.ipcHandlers.get(ipcChannel(channel))!(trustedFrame, args) as Promise<{ ok: boolean; value?: unknown }>;
const waitingSignals = () => recorded.windows[0]!.webContents.sent.filter((sent) => sent.channel === appLinkWaitingChannel).length;
type MenuItem = { label?: string; role?: string; click?: () => void; submenu?: MenuItem[] };
const menu = () => recorded.applicationMenu!.template as MenuItem[];
const helpItem = (label: string) => menu().at(-1)!.submenu!.find((item) => item.label === label)!;

let openUrlBeforeReady: ReturnType<typeof electronEvent>;
/** What the entry had done when it finished evaluating, before 'ready'. */
let beforeReady: { ready: boolean; protocolClients: unknown[]; crashReporterStarts: unknown[]; windows: number };

beforeAll(async () => {
  userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-links-'));
  reportTarget = await mkdtemp(path.join(tmpdir(), 'castdesk-links-report-'));
  process.argv = [...originalArgv, '--user-data-dir', userDataDir, 'castdesk://crew/9'];
  await electronDouble.runEntry(async () => {
    await import('../../../electron/main/index.ts');
    beforeReady = { ready: app.isReady(), protocolClients: [...recorded.protocolClients], crashReporterStarts: [...recorded.crashReporterStarts], windows: recorded.windows.length };
    // Before ready: a refused link from macOS (Electron may send open-url this early).
    openUrlBeforeReady = electronEvent();
    app.emit('open-url', openUrlBeforeReady, 'castdesk://settings/../../etc/passwd');
  });
  await vi.waitFor(() => expect(recorded.windows.length).toBe(1), { timeout: 20_000 });
}, 30_000);

afterAll(async () => {
  process.argv = originalArgv;
  await rm(userDataDir, { recursive: true, force: true });
  await rm(reportTarget, { recursive: true, force: true });
});

describe('before ready', () => {
  it('registers castdesk:// with the OS (packaged: the app itself) and starts crash reports with uploads off', () => {
    expect(beforeReady).toEqual({
      ready: false,
      protocolClients: [{ protocol: 'castdesk' }],
      crashReporterStarts: [{ options: { uploadToServer: false, compress: true }, beforeReady: true }],
      windows: 0,
    });
    expect(openUrlBeforeReady.defaultPrevented).toBe(true);
  });
});

describe('once ready', () => {
  it("hands the first start's link to the renderer once, and logs the refused one", async () => {
    expect(await call('takeAppLink')).toEqual({ ok: true, value: { route: '/crew/9' } });
    expect(await call('takeAppLink')).toEqual({ ok: true, value: { route: null } });
    const log = await readFile(path.join(userDataDir, 'logs', 'castdesk.log'), 'utf8');
    expect(log).toMatch(/A castdesk:\/\/ link was ignored: .+/);
  });

  it("takes a second start's link, shows the window and tells the renderer; a second start without a link only shows it", async () => {
    const window = recorded.windows[0]!;
    window.shown = false;
    const before = waitingSignals();
    app.emit('second-instance', electronEvent(), ['/opt/Castdesk/castdesk', '--allow-file-access', 'castdesk://actors/5'], '/home');
    await vi.waitFor(() => expect(waitingSignals()).toBe(before + 1));
    expect(window.shown).toBe(true);
    expect(await call('takeAppLink')).toEqual({ ok: true, value: { route: '/actors/5' } });

    window.shown = false;
    app.emit('second-instance', electronEvent(), ['/opt/Castdesk/castdesk'], '/home');
    await vi.waitFor(() => expect(window.shown).toBe(true));
    expect(waitingSignals()).toBe(before + 1);
  });

  it('takes an open-url link after ready the same way, and ignores a refused one', async () => {
    const before = waitingSignals();
    app.emit('open-url', electronEvent(), 'castdesk://actors/../settings');
    app.emit('second-instance', electronEvent(), ['/opt/Castdesk/castdesk', 'castdesk://actors/5?redirect=https://evil.example'], '/home');
    app.emit('open-url', electronEvent(), 'castdesk://shortlists/2');
    await vi.waitFor(() => expect(waitingSignals()).toBe(before + 1));
    expect(await call('takeAppLink')).toEqual({ ok: true, value: { route: '/shortlists/2' } });
    expect(await call('takeAppLink')).toEqual({ ok: true, value: { route: null } });
  });

  it('puts the castdesk:// link of a page on the clipboard', async () => {
    expect(await call('copyAppLink', { route: '/casting-calls/12' })).toEqual({ ok: true, value: { link: 'castdesk://casting-calls/12', copied: true } });
    expect(recorded.clipboardText).toEqual(['castdesk://casting-calls/12']);
  });

  it('puts a text the user copies (a refused comment) on the clipboard', async () => {
    expect(await call('copyText', { text: 'Strong in the closet scene' })).toEqual({ ok: true, value: { copied: true } });
    expect(recorded.clipboardText.at(-1)).toBe('Strong in the closet scene');
  });

  it("builds the menu in the system's language, then in the app's whenever the renderer names it", async () => {
    expect(menu().map((item) => item.label)).toEqual(['Datei', 'Bearbeiten', 'Ansicht', 'Fenster', 'Hilfe']);
    expect(await call('setMenuLanguage', { locale: 'fr' })).toEqual({ ok: true, value: {} });
    expect(menu().map((item) => item.label)).toEqual(['Fichier', 'Édition', 'Affichage', 'Fenêtre', 'Aide']);
    expect(menu().at(-1)!.submenu!.map((item) => item.label).filter(Boolean)).toEqual(['À propos de Castdesk', 'Ouvrir le dossier des journaux', 'Enregistrer un rapport de problème…']);
    await call('setMenuLanguage', { locale: 'pt-BR' });
    expect(menu()[0]!.label).toBe('File');
  });

  it('shows About with the versions and the data folder, and opens the log folder', async () => {
    await call('setMenuLanguage', { locale: 'en' });
    helpItem('About Castdesk').click!();
    const about = recorded.messageBoxes.at(-1)!;
    expect(about.detail).toContain('Castdesk 0.1.0');
    expect(about.detail).toContain(`Node ${process.versions.node}`);
    expect(about.detail).toContain(`Data: ${userDataDir}`);
    expect(about.buttons).toEqual(['OK']);
    recorded.openedPaths.length = 0;
    helpItem('Open Log Folder').click!();
    expect(recorded.openedPaths).toEqual([path.join(userDataDir, 'logs')]);
  });

  it('saves a problem report into the folder the user chose and shows it there, without the stored key', async () => {
    const key = 'report-canary-key-5f4e3d2c1b';
    const added = await call('addConnection', { name: 'Agency', baseUrl: 'https://directory.example', contentLocale: 'en', key });
    expect(added.ok).toBe(true);
    // A line an older version wrote with the key in it.
    await appendFile(path.join(userDataDir, 'logs', 'castdesk.log'), `2026-01-01T00:00:00.000Z ERROR old line with ${key}\n`);
    recorded.openDialogAnswer = { canceled: false, filePaths: [reportTarget] };
    helpItem('Save Problem Report…').click!();
    await vi.waitFor(() => expect(recorded.shownInFolder).toHaveLength(1), { timeout: 20_000 });
    const folder = recorded.shownInFolder[0]!;
    expect(path.dirname(folder)).toBe(reportTarget);
    expect(recorded.openDialogs.at(-1)).toMatchObject({ properties: ['openDirectory', 'createDirectory'], buttonLabel: 'Save Report Here' });
    expect((await readdir(folder)).sort()).toEqual(['logs', 'versions.json', 'versions.txt']);
    const log = await readFile(path.join(folder, 'logs', 'castdesk.log'), 'utf8');
    expect(log).toContain('A castdesk:// link was ignored');
    expect(log).toContain('old line with [redacted]');
    expect(log).not.toContain(key);
  });
});
