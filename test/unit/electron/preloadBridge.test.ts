/**
 * The preload against the `electron` double as a page's frame sees it: window.castdesk is one named
 * function per contract channel and nothing else; each forwards only its arguments over the
 * channel's IPC name to the main process's handler, and hands back the handler's plain answer (no
 * ipcRenderer, no event object). window.castdeskLinks only says that a link is waiting: what the main
 * process sends on appLinkWaitingChannel reaches the page's listener without the event object or
 * data. The built preload, run sandboxed, is tested from the package (test/integration/packagedApp.test.ts).
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { electronDouble, WebContentsDouble } from './electronDouble.ts';
import { appLinkWaitingChannel } from '../../../contract/bridge-channels.ts';
import { channelNames, ipcChannel } from '../../../contract/bridge.ts';

// The page's frame in a window's webContents, so that the main process's send reaches its listeners.
const frame = vi.hoisted(() => ({ url: 'app://castdesk/index.html', mainWorld: {} as Record<string, unknown>, webContents: undefined as WebContentsDouble | undefined }));
vi.mock('electron', async () => {
  const double = await import('./electronDouble.ts');
  frame.webContents = new double.WebContentsDouble();
  return double.electronDouble.rendererElectron(frame);
});

const received: { channel: string; senderUrl: string; args: unknown[] }[] = [];
let castdesk: Record<string, unknown>;

beforeAll(async () => {
  for (const name of channelNames) {
    electronDouble.module.ipcMain.handle(ipcChannel(name), (event: unknown, ...args: unknown[]) => {
      received.push({ channel: ipcChannel(name), senderUrl: (event as { senderFrame: { url: string } }).senderFrame.url, args });
      return { ok: true, value: { echoed: ipcChannel(name) } };
    });
  }
  await import('../../../electron/preload/index.ts');
  castdesk = frame.mainWorld.castdesk as Record<string, unknown>;
});

describe('window.castdesk', () => {
  it('is exposed with castdeskLinks only, with exactly one function per channel', () => {
    expect(Object.keys(frame.mainWorld)).toEqual(['castdesk', 'castdeskLinks']);
    expect(Object.keys(castdesk).sort()).toEqual([...channelNames].sort());
    for (const name of channelNames) expect(typeof castdesk[name], name).toBe('function');
  });

  it('exposes no Electron object, directly or through a prototype', () => {
    expect(Object.getPrototypeOf(castdesk)).toBe(Object.prototype);
    expect('ipcRenderer' in castdesk || 'invoke' in castdesk || 'on' in castdesk || 'send' in castdesk).toBe(false);
  });

  it.each(channelNames)('%s invokes its IPC channel with the arguments only and returns the answer', async (name) => {
    received.length = 0;
    const args = { id: 'demo', nested: [1, 2] };
    const answer = await (castdesk[name] as (args: unknown) => Promise<unknown>)(args);
    expect(received).toEqual([{ channel: ipcChannel(name), senderUrl: 'app://castdesk/index.html', args: [args] }]);
    expect(answer).toEqual({ ok: true, value: { echoed: ipcChannel(name) } });
  });
});

describe('window.castdeskLinks', () => {
  it('has onLinkWaiting only, and its listener hears what the main process sends without any argument', async () => {
    const links = frame.mainWorld.castdeskLinks as Record<string, (listener: (...args: unknown[]) => void) => void>;
    expect(Object.keys(links)).toEqual(['onLinkWaiting']);
    const heard: unknown[][] = [];
    links.onLinkWaiting!((...args) => heard.push(args));
    // The main process's send: Electron hands the listener an event (with its sender) and the data.
    frame.webContents!.send(appLinkWaitingChannel, '/settings');
    frame.webContents!.send('castdesk:other-channel', '/actors/1');
    await vi.waitFor(() => expect(heard).toEqual([[]]));
  });
});
