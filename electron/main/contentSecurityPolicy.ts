/**
 * The renderer's Content Security Policy, sent as a response header by the app:// scheme (a header
 * also covers what a meta tag cannot, such as frame-ancestors). It is the policy of
 * renderer/index.html's meta tag; a unit test keeps the two equal. Showreels play straight from
 * their host (https, or a directory on this computer such as the demo): a video is too large and
 * too seekable for the picture cache, and a <video> element can run no script.
 */
export const rendererContentSecurityPolicy =
  "default-src 'self'; img-src 'self' data: blob: app: castdesk-media:; media-src 'self' castdesk-media: https: http://127.0.0.1:* http://localhost:*; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self' castdesk-media:; object-src 'none'; base-uri 'none'";
