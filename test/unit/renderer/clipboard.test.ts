/**
 * "Copy" of a text the user asks to copy (stores/clipboard.ts): through the back end's clipboard
 * where it has one (Electron: the page's own is denied there), in the page where it has none (the
 * web shell, happy-dom's clipboard here); a text the back end refuses is said to have failed.
 */
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, expect, it } from 'vitest';
import { createApp } from 'vue';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { useClipboardStore } from '../../../renderer/src/stores/clipboard.ts';
import { fakeBridge } from './fakeBridge.ts';

function clipboardWith(bridge: CastdeskBridge) {
  const app = createApp({});
  const pinia = createPinia();
  app.use(pinia).provide(castdeskBridgeKey, bridge);
  setActivePinia(pinia);
  return app.runWithContext(() => useClipboardStore());
}

beforeEach(async () => {
  await navigator.clipboard.writeText('earlier');
});

it('copies through the back end where it has a clipboard, and leaves the page\'s alone', async () => {
  const double = fakeBridge({ copyText: () => ({ ok: true, value: { copied: true } }) });
  expect(await clipboardWith(double.bridge).copyText('Strong in the closet scene')).toBe('copied');
  expect(double.calls).toEqual([{ channel: 'copyText', args: { text: 'Strong in the closet scene' } }]);
  expect(await navigator.clipboard.readText()).toBe('earlier');
});

it('copies in the page where the back end has no clipboard (the web shell)', async () => {
  const double = fakeBridge({ copyText: () => ({ ok: true, value: { copied: false } }) });
  expect(await clipboardWith(double.bridge).copyText('Call him back')).toBe('copied');
  expect(await navigator.clipboard.readText()).toBe('Call him back');
});

it('says it failed when the back end refuses the text, and copies nothing', async () => {
  const double = fakeBridge({ copyText: () => ({ ok: false, error: { code: 'invalid_arguments', message: 'too long' } }) });
  expect(await clipboardWith(double.bridge).copyText('x')).toBe('failed');
  expect(await navigator.clipboard.readText()).toBe('earlier');
});
