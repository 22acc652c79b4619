/**
 * The renderer's way to the back end. In Electron the preload exposes `window.castdesk`; in the
 * web shell the same calls go over HTTP (`POST /bridge/<channel>` with the launch token), so stores
 * never know which shell they run in. Pictures go through the back end's media cache in both.
 */
import { channelNames, type ChannelName } from '../../../contract/bridge-channels.ts';
import type { BridgeResult } from '../../../contract/bridge-errors.ts';
import type { AppLinkEvents, CastdeskBridge, MediaQueryOptions } from '../../../contract/bridge.ts';

declare global {
  interface Window {
    castdesk?: CastdeskBridge;
    castdeskLinks?: AppLinkEvents;
  }
}

const tokenStorageKey = 'castdesk.launchToken';
/** Where this session's pictures live in the web shell (`/m/<secret>/`, the session cookie's Path). */
const mediaPathStorageKey = 'castdesk.mediaPath';

/** The same query as contract/bridge.ts mediaQuery, without pulling zod into the renderer. */
function mediaQuery(connectionId: string, url: string, options: MediaQueryOptions = {}): string {
  const fallbacks = (options.fallbacks ?? []).filter((fallback) => fallback && fallback !== url).map((fallback) => `&f=${encodeURIComponent(fallback)}`);
  return `c=${encodeURIComponent(connectionId)}&u=${encodeURIComponent(url)}${fallbacks.join('')}${options.kind === 'showreel' ? '&k=showreel' : ''}`;
}

function isElectronBridge(candidate: unknown): candidate is CastdeskBridge {
  return typeof (candidate as Partial<CastdeskBridge> | undefined)?.listConnections === 'function';
}

/**
 * Electron only: `listener` runs whenever main has a castdesk:// link waiting (then take it with
 * takeAppLink). The web shell has none: a link's path opens there through the address.
 */
export function onAppLinkWaiting(listener: () => void): void {
  const links = window.castdeskLinks;
  if (typeof links?.onLinkWaiting === 'function') links.onLinkWaiting(listener);
}

/**
 * Web shell only: takes the launch token from the address (`#token=…`) once, keeps it for this tab
 * in sessionStorage and removes it from the address bar (and history), before the router reads the
 * fragment. Call it first thing at start-up.
 */
export function captureLaunchToken(location: Location = window.location, storage: Storage = window.sessionStorage): void {
  const match = /^#token=([A-Za-z0-9_-]+)$/.exec(location.hash);
  if (!match?.[1]) return;
  storage.setItem(tokenStorageKey, match[1]);
  window.history.replaceState(null, '', `${location.pathname}${location.search}`);
}

/**
 * Web shell only: a launch address (`…/#token=…`) opened in a tab that is already running, such as
 * a tab of an earlier start, changes only the fragment and loads nothing. The tab is loaded again,
 * so captureLaunchToken takes the new token at start-up.
 */
export function reloadOnNewLaunchToken(target: Window = window): void {
  // popstate comes first, and this listener, added before the hash router's, sees the address
  // before the router rewrites it; hashchange covers a browser that sends only that.
  const reloadOnToken = () => {
    if (/^#token=[A-Za-z0-9_-]+$/.test(target.location.hash)) target.location.reload();
  };
  target.addEventListener('popstate', reloadOnToken);
  target.addEventListener('hashchange', reloadOnToken);
}

function failure<T>(code: 'forbidden_sender' | 'network' | 'internal', message: string): BridgeResult<T> {
  return { ok: false, error: { code, message } };
}

/**
 * An HTTP client of the web shell with the CastdeskBridge shape. `onTokenRefused` hears when the
 * back end refuses the token this tab holds: a token of an earlier start of the web shell (each
 * start makes a new one), since a tab only ever gets one from a launch address.
 */
export function createHttpBridge(
  getToken: () => string | null,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
  onTokenRefused: () => void = () => undefined,
): CastdeskBridge {
  const call = async (channel: ChannelName, args: unknown): Promise<BridgeResult<unknown>> => {
    const token = getToken();
    if (!token) return failure('forbidden_sender', 'This page has no launch token: open the address the Castdesk web shell printed.');
    let response: Response;
    try {
      response = await fetchImpl(`/bridge/${channel}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Castdesk-Token': token },
        body: JSON.stringify(args ?? {}),
      });
    } catch (error) {
      return failure('network', `The Castdesk back end cannot be reached: ${(error as Error).message}`);
    }
    if (response.status === 401 || response.status === 403) {
      onTokenRefused();
      return failure('forbidden_sender', 'The Castdesk back end refused this page: open the address the web shell printed.');
    }
    try {
      const body = (await response.json()) as BridgeResult<unknown>;
      if (typeof body === 'object' && body !== null && typeof body.ok === 'boolean') return body;
    } catch {
      // Falls through: not a bridge answer.
    }
    return failure('internal', `The back end answered ${channel} with HTTP ${response.status} and no bridge result.`);
  };
  const bridge: Record<string, (args: unknown) => Promise<BridgeResult<unknown>>> = {};
  for (const name of channelNames) bridge[name] = (args) => call(name, args);
  return bridge as CastdeskBridge;
}

let webBridge: CastdeskBridge | undefined;
let mediaSession: Promise<void> | undefined;

function stored(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

const storedToken = () => stored(tokenStorageKey);

/** Told when the web shell refuses this tab's token (see createHttpBridge). */
const tokenRefusedListeners = new Set<() => void>();

/**
 * Web shell only: `listener` hears when the back end refuses the launch token this tab holds, i.e.
 * the tab belongs to an earlier start. Returns the unsubscribe.
 */
export function onLaunchTokenRefused(listener: () => void): () => void {
  tokenRefusedListeners.add(listener);
  return () => tokenRefusedListeners.delete(listener);
}

/** `window.castdesk` in Electron, the web shell's HTTP client elsewhere. */
export function getBridge(): CastdeskBridge {
  if (isElectronBridge(window.castdesk)) return window.castdesk;
  webBridge ??= createHttpBridge(storedToken, undefined, () => {
    for (const listener of tokenRefusedListeners) listener();
  });
  return webBridge;
}

/**
 * Web shell only: <img> cannot send the token header, so pictures are authorised by an HttpOnly
 * cookie the token buys once (`POST /session`), valid only under the secret path the answer names
 * (cookies ignore ports; the path keeps it from other loopback servers). Resolves when pictures may
 * load; never rejects.
 */
export function prepareMedia(): Promise<void> {
  if (isElectronBridge(window.castdesk)) return Promise.resolve();
  mediaSession ??= (async () => {
    const token = storedToken();
    if (!token) return;
    try {
      const response = await fetch('/session', { method: 'POST', headers: { 'X-Castdesk-Token': token } });
      const { mediaPath } = (await response.json()) as { mediaPath?: unknown };
      if (typeof mediaPath === 'string' && /^\/m\/[A-Za-z0-9_-]+\/$/.test(mediaPath)) window.sessionStorage.setItem(mediaPathStorageKey, mediaPath);
    } catch {
      // Pictures then show their alt text; the lists still work.
    }
  })();
  return mediaSession;
}

/** The address of a picture (or showreel medium) through the back end's media cache. */
export function mediaUrl(connectionId: string, url: string, options: MediaQueryOptions = {}): string {
  const query = mediaQuery(connectionId, url, options);
  // Web shell: under the session's secret path (see prepareMedia).
  return isElectronBridge(window.castdesk) ? `castdesk-media:?${query}` : `${stored(mediaPathStorageKey) ?? '/'}media-cache?${query}`;
}
