/**
 * The preload against the recording double: window.castdesk is one named function per contract
 * channel and nothing else; each forwards only its arguments over the channel's IPC name, and
 * hands back the main process's plain answer (no ipcRenderer, no event object). window.castdeskLinks
 * only says that a link is waiting: its listener gets no event object and no data.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { electronDouble } from './electronDouble.ts';
import { appLinkWaitingChannel } from '../../../contract/bridge-channels.ts';
import { channelNames, ipcChannel } from '../../../contract/bridge.ts';

vi.mock('electron', async () => (await import('./electronDouble.ts')).electronDouble.module);

const { recorded } = electronDouble;
let castdesk: Record<string, unknown>;

beforeAll(async () => {
  await import('../../../electron/preload/index.ts');
  castdesk = recorded.exposedInMainWorld.get('castdesk') as Record<string, unknown>;
});

describe('window.castdesk', () => {
  it('is exposed with castdeskLinks only, with exactly one function per channel', () => {
    expect([...recorded.exposedInMainWorld.keys()]).toEqual(['castdesk', 'castdeskLinks']);
    expect(Object.keys(castdesk).sort()).toEqual([...channelNames].sort());
    for (const name of channelNames) expect(typeof castdesk[name], name).toBe('function');
  });

  it('exposes no Electron object, directly or through a prototype', () => {
    expect(Object.getPrototypeOf(castdesk)).toBe(Object.prototype);
    const values = Object.values(castdesk);
    expect(values.some((value) => value === electronDouble.module.ipcRenderer)).toBe(false);
    expect('ipcRenderer' in castdesk || 'invoke' in castdesk || 'on' in castdesk || 'send' in castdesk).toBe(false);
  });

  it.each(channelNames)('%s invokes its IPC channel with the arguments only and returns the answer', async (name) => {
    recorded.invoked.length = 0;
    const args = { id: 'demo', nested: [1, 2] };
    const answer = await (castdesk[name] as (args: unknown) => Promise<unknown>)(args);
    expect(recorded.invoked).toEqual([{ channel: ipcChannel(name), args: [args] }]);
    expect(answer).toEqual({ ok: true, value: { echoed: ipcChannel(name) } });
  });
});

describe('window.castdeskLinks', () => {
  it('has onLinkWaiting only, and its listener hears the signal without any argument', () => {
    const links = recorded.exposedInMainWorld.get('castdeskLinks') as Record<string, (listener: (...args: unknown[]) => void) => void>;
    expect(Object.keys(links)).toEqual(['onLinkWaiting']);
    const heard: unknown[][] = [];
    links.onLinkWaiting!((...args) => heard.push(args));
    const listeners = electronDouble.linksAndSupport.rendererListeners.get(appLinkWaitingChannel) ?? [];
    expect(listeners).toHaveLength(1);
    // What Electron passes: the event (with its sender) and whatever main sent.
    listeners[0]!({ sender: electronDouble.module.ipcRenderer }, '/settings');
    expect(heard).toEqual([[]]);
  });
});
