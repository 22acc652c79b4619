/**
 * The preload against the recording double: window.castdesk is one named function per contract
 * channel and nothing else; each forwards only its arguments over the channel's IPC name, and
 * hands back the main process's plain answer (no ipcRenderer, no event object).
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { electronDouble } from './electronDouble.ts';
import { channelNames, ipcChannel } from '../../../contract/bridge.ts';

vi.mock('electron', async () => (await import('./electronDouble.ts')).electronDouble.module);

const { recorded } = electronDouble;
let castdesk: Record<string, unknown>;

beforeAll(async () => {
  await import('../../../electron/preload/index.ts');
  castdesk = recorded.exposedInMainWorld.get('castdesk') as Record<string, unknown>;
});

describe('window.castdesk', () => {
  it('is the only thing exposed, with exactly one function per channel', () => {
    expect([...recorded.exposedInMainWorld.keys()]).toEqual(['castdesk']);
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
