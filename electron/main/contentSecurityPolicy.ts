/**
 * The renderer's Content Security Policy, sent as a response header by the app:// scheme (a header
 * also covers what a meta tag cannot, such as frame-ancestors). It is the policy of
 * renderer/index.html's meta tag; a unit test keeps the two equal.
 */
export const rendererContentSecurityPolicy =
  "default-src 'self'; img-src 'self' data: blob: app: castdesk-media:; media-src 'self' castdesk-media:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'";
