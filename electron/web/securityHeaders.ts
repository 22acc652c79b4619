/**
 * The headers every answer of the web shell carries. The CSP is the renderer's own (the meta tag of
 * index.html), sent as a header too, so the browser enforces it before parsing a byte of HTML.
 */

/** The policy of renderer/index.html; used when the built page has none to copy. */
export const rendererCsp =
  "default-src 'self'; img-src 'self' data: blob: app: castdesk-media:; media-src 'self' castdesk-media: https: http://127.0.0.1:* http://localhost:*; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self' castdesk-media:; object-src 'none'; base-uri 'none'";

/** The CSP of a built index.html (its meta tag), or the renderer's default. */
export function cspOfHtml(html: string): string {
  const match = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html);
  return match?.[1] ?? rendererCsp;
}

export function securityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': `${csp}; frame-ancestors 'none'; form-action 'none'`,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}
