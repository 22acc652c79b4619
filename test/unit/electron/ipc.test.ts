/**
 * The IPC wiring against the recording double: exactly one handler per contract channel, each
 * refusing frames of a foreign origin with forbidden_sender before the back end sees anything,
 * and passing a trusted frame's arguments to the back end untouched.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { electronDouble } from './electronDouble.ts';
import { bridgeChannels, channelNames, ipcChannel } from '../../../contract/bridge.ts';
import { registerBridgeHandlers, removeBridgeHandlers } from '../../../electron/main/ipc.ts';
import { isTrustedSenderUrl } from '../../../electron/main/trustedSender.ts';

vi.mock('electron', async () => (await import('./electronDouble.ts')).electronDouble.module);

const { recorded } = electronDouble;
const calls: { channel: string; args: unknown }[] = [];
const recordingBackEnd = {
  call(channel: string, args: unknown) {
    calls.push({ channel, args });
    return Promise.resolve({ ok: true as const, value: { answeredBy: channel } });
  },
};
const invoke = (channel: string, senderUrl: string | null | undefined, args: unknown) =>
  recorded.ipcHandlers.get(channel)?.({ senderFrame: senderUrl === null ? null : { url: senderUrl } }, args);

beforeEach(() => {
  removeBridgeHandlers();
  recorded.ipcHandlers.clear();
  calls.length = 0;
});

describe('the bridge handlers', () => {
  it('cover every contract channel and no other', () => {
    registerBridgeHandlers(recordingBackEnd);
    expect([...recorded.ipcHandlers.keys()].sort()).toEqual(channelNames.map(ipcChannel).sort());
    // The zod-free name list and the schema table name the same channels.
    expect([...channelNames].sort()).toEqual(Object.keys(bridgeChannels).sort());
  });

  it.each(channelNames)('%s passes a trusted frame’s arguments to the back end untouched', async (name) => {
    registerBridgeHandlers(recordingBackEnd);
    const args = { any: ['thing', 1], nested: { kept: true } };
    const answer = await invoke(ipcChannel(name), 'app://castdesk/index.html#/actors', args);
    expect(answer).toEqual({ ok: true, value: { answeredBy: name } });
    expect(calls).toEqual([{ channel: name, args }]);
  });

  const foreignSenders: [string, string | null | undefined][] = [
    ['a web page', 'https://evil.example/'],
    ['a file', 'file:///tmp/page.html'],
    ['a look-alike app host', 'app://castdesk.evil/index.html'],
    ['a look-alike app prefix', 'app://castdeskx/index.html'],
    ['the origin without a path', 'app://castdesk'],
    ['about:blank', 'about:blank'],
    ['a data: page', 'data:text/html,<script></script>'],
    ['the dev server, when not in development', 'http://localhost:5173/'],
    ['a destroyed frame', null],
    ['a frame without a URL', ''],
  ];

  it.each(foreignSenders)('refuse %s with forbidden_sender, without calling the back end', async (_what, senderUrl) => {
    registerBridgeHandlers(recordingBackEnd);
    for (const name of channelNames) {
      const answer = (await invoke(ipcChannel(name), senderUrl, {})) as { ok: boolean; error: { code: string } };
      expect(answer.ok).toBe(false);
      expect(answer.error.code).toBe('forbidden_sender');
    }
    expect(calls).toEqual([]);
  });

  it('trust the dev server only when it is given, and only its exact origin', async () => {
    registerBridgeHandlers(recordingBackEnd, 'http://localhost:5173');
    expect(await invoke(ipcChannel('getAppInfo'), 'http://localhost:5173/#/home', {})).toMatchObject({ ok: true });
    expect(await invoke(ipcChannel('getAppInfo'), 'http://localhost:51730/', {})).toMatchObject({ error: { code: 'forbidden_sender' } });
    expect(await invoke(ipcChannel('getAppInfo'), 'https://localhost:5173/', {})).toMatchObject({ error: { code: 'forbidden_sender' } });
    expect(calls).toHaveLength(1);
  });

  it('are removed again on quit', () => {
    registerBridgeHandlers(recordingBackEnd);
    removeBridgeHandlers();
    expect(recorded.ipcHandlers.size).toBe(0);
  });
});

describe('isTrustedSenderUrl', () => {
  it('takes app://castdesk/ pages and refuses the rest', () => {
    expect(isTrustedSenderUrl('app://castdesk/index.html')).toBe(true);
    expect(isTrustedSenderUrl('app://castdesk/')).toBe(true);
    expect(isTrustedSenderUrl('APP://castdesk/')).toBe(false);
    expect(isTrustedSenderUrl('app://castdesk@evil/')).toBe(false);
    expect(isTrustedSenderUrl(undefined)).toBe(false);
    expect(isTrustedSenderUrl('not a url', 'http://localhost:5173')).toBe(false);
  });
});
