import { afterEach, describe, expect, it, vi } from 'vitest';
import { channelNames } from '../../../contract/bridge-channels.ts';
import { captureLaunchToken, createHttpBridge, mediaUrl, prepareMedia } from '../../../renderer/src/bridge/castdeskBridge.ts';

afterEach(() => {
  window.sessionStorage.clear();
  delete window.castdesk;
  vi.unstubAllGlobals();
});

describe('web shell bridge client', () => {
  it('takes the launch token from the fragment once and removes it from the address', () => {
    window.history.replaceState(null, '', '/#token=abc_DEF-123');
    captureLaunchToken();
    expect(window.sessionStorage.getItem('castdesk.launchToken')).toBe('abc_DEF-123');
    expect(window.location.hash).toBe('');
    expect(window.location.href).not.toContain('abc_DEF-123');
  });

  it('leaves other fragments alone', () => {
    window.history.replaceState(null, '', '/#/actors');
    captureLaunchToken();
    expect(window.sessionStorage.getItem('castdesk.launchToken')).toBeNull();
    expect(window.location.hash).toBe('#/actors');
  });

  it('has one function per channel and posts JSON with the token header', async () => {
    const fetchDouble = vi.fn(async () => new Response(JSON.stringify({ ok: true, value: { connections: [], activeId: null } }), { status: 200 }));
    const bridge = createHttpBridge(() => 'tok', fetchDouble as unknown as typeof fetch);
    expect(Object.keys(bridge).sort()).toEqual([...channelNames].sort());
    const result = await bridge.listConnections({});
    expect(result).toEqual({ ok: true, value: { connections: [], activeId: null } });
    expect(fetchDouble).toHaveBeenCalledWith('/bridge/listConnections', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Castdesk-Token': 'tok' },
      body: '{}',
    });
  });

  it('turns refusals and network failures into error results', async () => {
    const refused = createHttpBridge(() => 'tok', (async () => new Response('no', { status: 401 })) as unknown as typeof fetch);
    expect(await refused.getAppInfo({})).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    const offline = createHttpBridge(() => 'tok', (async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch);
    expect(await offline.getAppInfo({})).toMatchObject({ ok: false, error: { code: 'network' } });
    const noToken = createHttpBridge(() => null, vi.fn() as unknown as typeof fetch);
    expect(await noToken.getAppInfo({})).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
  });

  it('addresses pictures through the web shell or the Electron scheme', () => {
    const url = 'https://img.example/a b.png?x=1&y=2';
    expect(mediaUrl('c-1', url)).toBe(`/media-cache?c=c-1&u=${encodeURIComponent(url)}`);
    window.castdesk = Object.fromEntries(channelNames.map((name) => [name, async () => ({ ok: true, value: {} })])) as never;
    expect(mediaUrl('c-1', url)).toBe(`castdesk-media:?c=c-1&u=${encodeURIComponent(url)}`);
  });

  it('puts web shell pictures under the secret path the session answer names (the cookie is scoped to it)', async () => {
    window.sessionStorage.setItem('castdesk.launchToken', 'tok');
    const sessionDouble = vi.fn(async () => new Response(JSON.stringify({ mediaPath: '/m/s3cret_-/' }), { status: 200 }));
    vi.stubGlobal('fetch', sessionDouble);
    await prepareMedia();
    expect(sessionDouble).toHaveBeenCalledWith('/session', { method: 'POST', headers: { 'X-Castdesk-Token': 'tok' } });
    expect(mediaUrl('c-1', 'https://img.example/a.png')).toBe(`/m/s3cret_-/media-cache?c=c-1&u=${encodeURIComponent('https://img.example/a.png')}`);
  });
});
