/**
 * electron/main/index.ts in a development run (not packaged) with the `electron` double: castdesk://
 * is registered for the Electron binary with the app's folder as its argument (Electron's deep-link
 * tutorial), and a link macOS sends with open-url before ready (while the entry evaluates, as
 * Electron emits 'ready' only after it) waits until the window is there.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { electronDouble, electronEvent } from './electronDouble.ts';
import { ipcChannel } from '../../../contract/bridge-channels.ts';

vi.mock('electron', async () => (await import('./electronDouble.ts')).electronDouble.module);

const { recorded, app } = electronDouble;
let userDataDir: string;
const originalArgv = process.argv;
const originalPackaged = app.isPackaged;

beforeAll(async () => {
  userDataDir = await mkdtemp(path.join(tmpdir(), 'castdesk-links-dev-'));
  process.argv = [...originalArgv, '--user-data-dir', userDataDir];
  app.isPackaged = false;
  // The test is the entry: it imports index.ts, and macOS sends the link before the entry has evaluated.
  await electronDouble.runEntry(async () => {
    await import('../../../electron/main/index.ts');
    app.emit('open-url', electronEvent(), 'castdesk://casting-calls/3');
    expect(app.isReady()).toBe(false);
    expect(recorded.windows).toHaveLength(0);
  });
  await vi.waitFor(() => expect(recorded.windows.length).toBe(1), { timeout: 20_000 });
}, 30_000);

afterAll(async () => {
  process.argv = originalArgv;
  app.isPackaged = originalPackaged;
  await rm(userDataDir, { recursive: true, force: true });
});

it('registers the Electron binary with the app folder for castdesk:// links', () => {
  expect(recorded.protocolClients).toEqual([{ protocol: 'castdesk', path: process.execPath, args: [path.resolve(originalArgv[1]!)] }]);
});

it('keeps a link that came before ready until the renderer takes it', async () => {
  const take = recorded.ipcHandlers.get(ipcChannel('takeAppLink'))!;
  expect(await take({ senderFrame: { url: 'app://castdesk/index.html' } }, {})).toEqual({ ok: true, value: { route: '/casting-calls/3' } });
});
