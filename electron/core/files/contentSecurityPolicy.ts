/**
 * The renderer's Content Security Policy, for both shells: the app:// scheme (Electron) and the web
 * shell send it as a header on every page, and renderer/index.html carries the outer bound of it as
 * a meta tag (a unit test keeps the tag equal to `metaContentSecurityPolicy`), so a page opened any
 * other way is held to it too. A page is held to both: the header narrows the tag.
 *
 * Pictures come only from the app itself and the back end's media cache (castdesk-media: in
 * Electron, a same-origin path in the web shell), which fetches them from the directory's media
 * hosts. Showreels come through the cache too; one it has not kept is handed to its own host (a
 * 307 from the cache, serveCached.ts), so media may also come from the directories the user
 * connected, at the addresses they have now: the header names them as it is sent (the embedded
 * demo on whatever port it has this run), the tag allows any address a connection may have (https,
 * or http on loopback). No form submits anywhere and no page may frame the app.
 *
 * The page connects to nothing but the app itself, except the WebSocket of each casting office the
 * user joined (renderer/src/sync/OFFICE.md): the header names those offices' ws:/wss: origins as
 * it is sent, the tag allows any address an office may have (wss, or ws on loopback).
 */

/**
 * What a connection's address may be (connections/baseUrl.ts): the tag's bound for media. A CSP
 * source cannot name an IPv6 literal, so a directory on http://[::1] has its showreels played only
 * from the media cache.
 */
const anyDirectory = ['https:', 'http://127.0.0.1:*', 'http://localhost:*'];

/** What an office's address may be (the rule of connections/baseUrl.ts, as a WebSocket): the tag's bound. */
const anyOfficeSocket = ['wss:', 'ws://127.0.0.1:*', 'ws://localhost:*'];

function directives(mediaSources: readonly string[], socketSources: readonly string[]): string[] {
  return [
    "default-src 'self'",
    "img-src 'self' data: blob: app: castdesk-media:",
    ["media-src 'self' castdesk-media:", ...mediaSources].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "script-src 'self'",
    ["connect-src 'self' castdesk-media:", ...socketSources].join(' '),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ];
}

/**
 * The origins of `directoryUrls` that can stand in a policy: http(s) origins only, each once, in
 * order (anything else, which connections/baseUrl.ts never lets through, is left out, and so are
 * IPv6 literals, which a CSP source cannot name).
 */
export function policyOrigins(directoryUrls: Iterable<string>): string[] {
  const origins = new Set<string>();
  for (const url of directoryUrls) {
    if (!URL.canParse(url)) continue;
    const { protocol, origin, hostname } = new URL(url);
    if ((protocol === 'https:' || protocol === 'http:') && !hostname.startsWith('[')) origins.add(origin);
  }
  return [...origins];
}

/** The WebSocket origins (ws: for http:, wss: for https:) of the offices at `officeUrls`. */
export function officeSocketOrigins(officeUrls: Iterable<string>): string[] {
  return policyOrigins(officeUrls).map((origin) => origin.replace(/^http/, 'ws'));
}

/** The policy of renderer/index.html's meta tag (frame-ancestors is ignored in a meta tag). */
export const metaContentSecurityPolicy = directives(anyDirectory, anyOfficeSocket).join('; ');

/**
 * The policy both shells send as the Content-Security-Policy header of a page: media from the app,
 * the media cache and `directoryUrls` (the connections' current base URLs), WebSockets to the
 * offices at `officeUrls` only, asked as the page is sent.
 */
export function rendererContentSecurityPolicy(directoryUrls: Iterable<string> = [], officeUrls: Iterable<string> = []): string {
  return [...directives(policyOrigins(directoryUrls), officeSocketOrigins(officeUrls)), "frame-ancestors 'none'"].join('; ');
}
