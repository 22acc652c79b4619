import { createPinia, setActivePinia } from 'pinia';
import { createApp } from 'vue';
import { describe, expect, it } from 'vitest';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { useExternalLinksStore } from '../../../renderer/src/stores/externalLinks.ts';
import { fakeBridge } from './fakeBridge.ts';

function storeWith(bridge: ReturnType<typeof fakeBridge>['bridge']) {
  const app = createApp({});
  const pinia = createPinia();
  app.use(pinia).provide(castdeskBridgeKey, bridge);
  setActivePinia(pinia);
  return app.runWithContext(() => useExternalLinksStore());
}

describe('external links store', () => {
  it('offers only https and mailto links', () => {
    const store = storeWith(fakeBridge().bridge);
    expect(store.canOpen('https://example.com/showreel')).toBe(true);
    expect(store.canOpen('mailto:casting@example.com')).toBe(true);
    for (const url of ['http://example.com/', 'javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', 'https://example.com/\n', '']) {
      expect(store.canOpen(url), url).toBe(false);
    }
  });

  it('opens a safe link through the bridge', async () => {
    const { bridge, calls } = fakeBridge({ openExternal: () => ({ ok: true, value: { opened: true } }) });
    const store = storeWith(bridge);
    await store.open('https://example.com/showreel');
    expect(calls).toEqual([{ channel: 'openExternal', args: { url: 'https://example.com/showreel' } }]);
    expect(store.error).toBeNull();
  });

  it('never hands an unsafe link to the bridge, and says why', async () => {
    const { bridge, calls } = fakeBridge({ openExternal: () => ({ ok: true, value: { opened: true } }) });
    const store = storeWith(bridge);
    await store.open('javascript:alert(1)');
    await store.open('file:///etc/passwd');
    expect(calls).toEqual([]);
    expect(store.error).toMatchObject({ code: 'unsafe_link' });
  });

  it('keeps a bridge failure or a link nobody took as an error a view can show, and clears it on the next try', async () => {
    let answer: unknown = { ok: false, error: { code: 'invalid_input', message: 'refused' } };
    const store = storeWith(fakeBridge({ openExternal: () => answer }).bridge);
    await store.open('https://example.com/');
    expect(store.error).toEqual({ code: 'invalid_input', message: 'refused' });
    answer = { ok: true, value: { opened: false } };
    await store.open('https://example.com/');
    expect(store.error).toMatchObject({ code: 'link_not_opened' });
    answer = { ok: true, value: { opened: true } };
    await store.open('https://example.com/');
    expect(store.error).toBeNull();
  });

  it('turns a bridge that throws into an error, not a rejection', async () => {
    const store = storeWith(fakeBridge({ openExternal: () => Promise.reject(new Error('gone')) }).bridge);
    await expect(store.open('https://example.com/')).resolves.toBeUndefined();
    expect(store.error).toEqual({ code: 'internal', message: 'gone' });
  });
});
