/**
 * The app's own updates end to end, as far as they run without Electron's binary: the glue in
 * electron/main/updates.ts under the `electron` double, the real back end and its update flow, and
 * the real electron-updater (AppImageUpdater with its ElectronAppAdapter over the double's `app`)
 * against a real HTTP server on 127.0.0.1 serving latest-linux.yml and an "AppImage". Only
 * electron-updater's transport differs: Electron's `net` does not exist here, so its HttpExecutor
 * base (download, size and sha512 checks) runs over Node's http.request instead. The "AppImage" is a
 * shell script: installing it really replaces $APPIMAGE and runs the new file, which leaves a mark.
 * Quitting is the double's app.quit(), which emits before-quit, will-quit and then 'quit' with the
 * exit code as Electron does; electron-updater's own install-on-quit handler listens there
 * (ElectronAppAdapter.onQuit), so a library that installed on its own would be caught too.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request, createServer, type IncomingMessage, type RequestOptions, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import electronUpdater from 'electron-updater';
import { ElectronAppAdapter } from 'electron-updater/out/ElectronAppAdapter.js';
import { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBackEnd, type BackEnd } from '../../../electron/core/backEnd.ts';
import { checkIntervalMs } from '../../../electron/core/updates/checkSchedule.ts';
import type { UpdateEngine, UpdateLog } from '../../../electron/core/updates/updateFlow.ts';
import { electronDouble } from './electronDouble.ts';

vi.mock('electron', async () => (await import('./electronDouble.ts')).electronDouble.module);

const { app } = electronDouble;
// The test is the app's entry: the updates glue loads while it evaluates, and 'ready' comes after,
// as in Electron; electron-updater waits for it before each check (AppUpdater awaits app.whenReady()).
const updatesGlue = import('../../../electron/main/updates.ts');
await electronDouble.runEntry(() => updatesGlue);
const { startUpdates, updaterEngine } = await updatesGlue;

/**
 * electron-updater's own Electron transport (its download, redirect and sha512 handling) with one
 * method replaced: the request goes out through Node's http.request instead of Electron's `net`,
 * which needs the binary.
 */
class NodeRequestExecutor extends ElectronHttpExecutor {
  override createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void): ReturnType<ElectronHttpExecutor['createRequest']> {
    // The executor only uses what Node's ClientRequest shares with Electron's (on, end, abort).
    return request(options, callback) as unknown as ReturnType<ElectronHttpExecutor['createRequest']>;
  }
}

/** What the feed serves: path → body; every request's path is recorded. */
const served = new Map<string, string>();
const requests: string[] = [];
let server: Server;
let feedUrl: string;
let workDir: string;
let resourcesDir: string;
let appImage: string;
let installMark: string;
const backEnds: BackEnd[] = [];
const runningVersion = '0.1.0';

/** An "AppImage" that, when run (as AppImageUpdater runs the new file to finish installing), leaves a mark. */
function appImageScript(version: string): string {
  return `#!/bin/sh\necho "installed ${version} $APPIMAGE_SILENT_INSTALL" > "${installMark}"\n`;
}
const sha512 = (text: string) => createHash('sha512').update(text).digest('base64');

/** Serves latest-linux.yml offering `version`, whose file is `body` and whose sha512 in the feed is `claimedSha512`. */
function serveRelease(version: string, body: string, claimedSha512 = sha512(body)): void {
  const file = `Castdesk-${version}.AppImage`;
  served.set('/latest-linux.yml', [`version: ${version}`, 'files:', `  - url: ${file}`, `    sha512: ${claimedSha512}`, `    size: ${Buffer.byteLength(body)}`, `path: ${file}`, `sha512: ${claimedSha512}`, "releaseDate: '2026-11-27T10:00:00.000Z'", ''].join('\n'));
  served.set(`/${file}`, body);
}

/** The platform updater of a Linux AppImage install, as electron-updater makes it, with Node's transport. */
function testEngine(url: string, log: UpdateLog): UpdateEngine {
  const updater = new electronUpdater.AppImageUpdater(null, new ElectronAppAdapter(app as never));
  (updater as unknown as { httpExecutor: ElectronHttpExecutor }).httpExecutor = new NodeRequestExecutor();
  return updaterEngine(updater, url, log);
}

async function writeFeedFile(content: string | null): Promise<void> {
  const file = path.join(resourcesDir, 'app-update.yml');
  if (content === null) await rm(file, { force: true });
  else await writeFile(file, content);
}

/** A running back end on its own user data folder (or `userDataDir`, a restart), with updates started. */
async function startApp(options: { now?: () => number; userDataDir?: string; createEngine?: (url: string, log: UpdateLog) => UpdateEngine } = {}) {
  const userDataDir = options.userDataDir ?? (await mkdtemp(path.join(workDir, 'user-')));
  app.setPath('userData', userDataDir);
  const backEnd = await createBackEnd({ userDataDir, shell: 'electron', version: runningVersion });
  backEnds.push(backEnd);
  const createEngine = vi.fn(options.createEngine ?? testEngine);
  startUpdates(backEnd, { createEngine, now: options.now });
  const status = async () => {
    const answer = await backEnd.call('getUpdateStatus', {});
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.value as { phase: string; version?: string; consent: string };
  };
  const log = async () => readFile(path.join(userDataDir, 'logs', 'castdesk.log'), 'utf8').catch(() => '');
  return { backEnd, userDataDir, createEngine, status, log };
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'castdesk-updates-'));
  server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    requests.push(pathname);
    const body = served.get(pathname);
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Length': Buffer.byteLength(body) }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(workDir, { recursive: true, force: true });
});

beforeEach(async () => {
  served.clear();
  requests.length = 0;
  const run = await mkdtemp(path.join(workDir, 'run-'));
  resourcesDir = path.join(run, 'resources');
  await mkdir(resourcesDir);
  // electron-updater keeps downloads under the OS cache folder: a throwaway one.
  vi.stubEnv('XDG_CACHE_HOME', path.join(run, 'cache'));
  appImage = path.join(run, 'Castdesk.AppImage');
  installMark = path.join(run, 'installed-mark');
  await writeFile(appImage, appImageScript('0.1.0-old'), { mode: 0o755 });
  vi.stubEnv('APPIMAGE', appImage);
  Object.defineProperty(process, 'resourcesPath', { value: resourcesDir, configurable: true, writable: true });
  await writeFeedFile(`provider: generic\nurl: ${feedUrl}\nupdaterCacheDirName: castdesk-updater\n`);
});

afterEach(async () => {
  for (const backEnd of backEnds.splice(0)) await backEnd.close();
  vi.unstubAllEnvs();
});

describe('without a feed', () => {
  it('makes no updater and sends no request: the packaged app has no app-update.yml', async () => {
    await writeFeedFile(null);
    serveRelease('0.2.0', appImageScript('0.2.0'));
    const { createEngine, status, backEnd, userDataDir, log } = await startApp();
    expect(await status()).toEqual({ phase: 'unavailable', consent: 'undecided' });
    expect(await backEnd.call('setUpdateConsent', { consent: 'install_on_quit' })).toMatchObject({ ok: false, error: { code: 'updates_unavailable' } });
    app.quit();
    expect(createEngine).not.toHaveBeenCalled();
    expect(requests).toEqual([]);
    expect(existsSync(path.join(userDataDir, 'update-check.json'))).toBe(false);
    expect(await log()).toContain('Updates: off. This build has no update feed');
  });

  it('refuses a feed that is not https (outside this computer) the same way', async () => {
    await writeFeedFile('provider: generic\nurl: http://updates.example/castdesk/\n');
    const { createEngine, status, log } = await startApp();
    expect((await status()).phase).toBe('unavailable');
    expect(createEngine).not.toHaveBeenCalled();
    expect(await log()).toContain('is not https');
  });
});

describe('the web shell', () => {
  it('never starts updates: the channels answer unavailable, cleanly', async () => {
    const userDataDir = await mkdtemp(path.join(workDir, 'web-'));
    const backEnd = await createBackEnd({ userDataDir, shell: 'web', version: runningVersion });
    backEnds.push(backEnd);
    expect(await backEnd.call('getUpdateStatus', {})).toEqual({ ok: true, value: { phase: 'unavailable', consent: 'undecided' } });
    expect(await backEnd.call('setUpdateConsent', { consent: 'install_on_quit' })).toMatchObject({ ok: false, error: { code: 'updates_unavailable' } });
    expect(requests).toEqual([]);
  });
});

describe('with a feed', () => {
  it('finds a newer version, downloads it, verifies its sha512 and installs it on quit only after the user agreed', async () => {
    const newFile = appImageScript('0.2.0');
    serveRelease('0.2.0', newFile);
    const { status, backEnd, log } = await startApp();
    await vi.waitFor(async () => expect(await status()).toEqual({ phase: 'ready', version: '0.2.0', consent: 'undecided' }), { timeout: 20_000 });
    expect(requests).toContain('/latest-linux.yml');
    expect(requests).toContain('/Castdesk-0.2.0.AppImage');
    expect(await log()).toContain('0.2.0 is downloaded and its sha512 verified');

    // Quitting before the user answered installs nothing.
    app.quit();
    expect(await readFile(appImage, 'utf8')).toBe(appImageScript('0.1.0-old'));
    expect(existsSync(installMark)).toBe(false);

    expect(await backEnd.call('setUpdateConsent', { consent: 'install_on_quit' })).toEqual({ ok: true, value: { phase: 'ready', version: '0.2.0', consent: 'install_on_quit' } });
    app.quit();
    // AppImageUpdater moved the new file over $APPIMAGE and ran it (silently) to finish.
    expect(await readFile(appImage, 'utf8')).toBe(newFile);
    expect(await readFile(installMark, 'utf8')).toBe('installed 0.2.0 true\n');
  });

  it('does not install when the user said later, and asks again at the next daily check without downloading again', async () => {
    serveRelease('0.2.0', appImageScript('0.2.0'));
    let clock = Date.parse('2026-11-27T08:00:00Z');
    const now = () => clock;
    const first = await startApp({ now });
    await vi.waitFor(async () => expect((await first.status()).phase).toBe('ready'), { timeout: 20_000 });
    expect(await first.backEnd.call('setUpdateConsent', { consent: 'later' })).toMatchObject({ ok: true, value: { consent: 'later' } });
    app.quit();
    expect(await readFile(appImage, 'utf8')).toBe(appImageScript('0.1.0-old'));
    expect(existsSync(installMark)).toBe(false);
    await first.backEnd.close();

    clock += checkIntervalMs;
    const next = await startApp({ now, userDataDir: first.userDataDir });
    await vi.waitFor(async () => expect(await next.status()).toEqual({ phase: 'ready', version: '0.2.0', consent: 'undecided' }), { timeout: 20_000 });
    expect(requests.filter((requested) => requested.endsWith('.AppImage'))).toEqual(['/Castdesk-0.2.0.AppImage']);
  });

  it('refuses a download whose sha512 does not match the feed: never ready, deleted, not installed', async () => {
    serveRelease('0.2.0', appImageScript('0.2.0'), sha512('something else'));
    const { status, backEnd, log } = await startApp();
    await vi.waitFor(async () => expect(await status()).toEqual({ phase: 'failed', version: '0.2.0', consent: 'undecided' }), { timeout: 20_000 });
    expect(requests).toContain('/Castdesk-0.2.0.AppImage');
    expect(await log()).toMatch(/the download of 0\.2\.0 does not match the sha512 the feed gives; it was deleted and will not be installed\. ERR_CHECKSUM_MISMATCH/);
    // The library's own words are in the app's log too, for support.
    expect(await log()).toContain('electron-updater: sha512 checksum mismatch after full download of Castdesk-0.2.0.AppImage');
    expect(await backEnd.call('setUpdateConsent', { consent: 'install_on_quit' })).toMatchObject({ ok: false, error: { code: 'update_not_ready' } });
    app.quit();
    expect(await readFile(appImage, 'utf8')).toBe(appImageScript('0.1.0-old'));
    expect(existsSync(installMark)).toBe(false);
    const cache = path.join(process.env.XDG_CACHE_HOME!, 'castdesk-updater');
    const left = existsSync(cache) ? readdirSync(cache, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.AppImage')) : [];
    expect(left).toEqual([]);
  });

  it.each([
    ['an older version', '0.0.9', 'older than the running 0.1.0; a downgrade is refused'],
    ['the running version', '0.1.0', 'the version already running; nothing to install'],
  ])('does not offer or download %s', async (_name, version, reason) => {
    serveRelease(version, appImageScript(version));
    const { status, log } = await startApp();
    await vi.waitFor(async () => expect(await log()).toContain(reason), { timeout: 20_000 });
    expect(await status()).toEqual({ phase: 'idle', consent: 'undecided' });
    expect(requests).toEqual(['/latest-linux.yml']);
    app.quit();
    expect(existsSync(installMark)).toBe(false);
  });

  it('refuses a downgrade itself, even when the library was told to allow one', async () => {
    serveRelease('0.0.9', appImageScript('0.0.9'));
    const { status, log } = await startApp({
      createEngine: (url, log) => {
        const engine = testEngine(url, log);
        return {
          ...engine,
          // What a misconfigured or channel-switched updater would answer: "available".
          checkForUpdates: async () => ({ isUpdateAvailable: true, updateInfo: (await engine.checkForUpdates())!.updateInfo }),
        };
      },
    });
    await vi.waitFor(async () => expect(await log()).toContain('older than the running 0.1.0; a downgrade is refused'), { timeout: 20_000 });
    expect((await status()).phase).toBe('idle');
    expect(requests).toEqual(['/latest-linux.yml']);
  });
});

describe('once a day', () => {
  it('checks at most once a day, remembered across restarts in the user data folder', async () => {
    serveRelease('0.1.0', appImageScript('0.1.0'));
    const start = Date.parse('2026-11-27T08:00:00Z');
    let clock = start;
    const now = () => clock;
    const first = await startApp({ now });
    await vi.waitFor(async () => expect(await first.log()).toContain('nothing to install'), { timeout: 20_000 });
    expect(requests).toEqual(['/latest-linux.yml']);
    await first.backEnd.close();

    // A restart 23 hours later: the check of the morning before still counts.
    clock = start + checkIntervalMs - 60 * 60 * 1000;
    const second = await startApp({ now, userDataDir: first.userDataDir });
    await vi.waitFor(async () => expect(await second.log()).toContain('checked within the last day'), { timeout: 20_000 });
    expect(second.createEngine).not.toHaveBeenCalled();
    expect(requests).toEqual(['/latest-linux.yml']);
    await second.backEnd.close();

    // A day after the first check: due again.
    clock = start + checkIntervalMs;
    const third = await startApp({ now, userDataDir: first.userDataDir });
    await vi.waitFor(() => expect(requests).toEqual(['/latest-linux.yml', '/latest-linux.yml']), { timeout: 20_000 });
    await vi.waitFor(async () => expect((await third.status()).phase).toBe('idle'), { timeout: 20_000 });
  });
});
