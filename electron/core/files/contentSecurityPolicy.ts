/**
 * The renderer's Content Security Policy, one text for both shells: the app:// scheme (Electron)
 * and the web shell send it as a header, and renderer/index.html carries it as a meta tag (a unit
 * test keeps the tag equal to `metaContentSecurityPolicy`), so a page opened any other way is held
 * to it too.
 *
 * Pictures and showreels come only from the app itself and the back end's media cache
 * (castdesk-media: in Electron, a same-origin path in the web shell), which fetches them from the
 * directory's media hosts; the renderer never loads media from a host itself, so a showreel the
 * cache cannot serve fails to play and is offered as a link that opens outside the app. No form
 * submits anywhere and no page may frame the app.
 */
const directives = [
  "default-src 'self'",
  "img-src 'self' data: blob: app: castdesk-media:",
  "media-src 'self' castdesk-media:",
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  "connect-src 'self' castdesk-media:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
];

/** The policy of renderer/index.html's meta tag (frame-ancestors is ignored in a meta tag). */
export const metaContentSecurityPolicy = directives.join('; ');

/** The policy both shells send as the Content-Security-Policy header. */
export const rendererContentSecurityPolicy = [...directives, "frame-ancestors 'none'"].join('; ');
