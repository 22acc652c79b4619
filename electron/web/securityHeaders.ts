/**
 * The headers every answer of the web shell carries. The CSP is the renderer's, the same text the
 * Electron shell sends (electron/core/files/contentSecurityPolicy.ts), so the browser enforces it
 * before parsing a byte of HTML.
 */
import { rendererContentSecurityPolicy } from '../core/files/contentSecurityPolicy.ts';

export const securityHeaders: Readonly<Record<string, string>> = {
  'Content-Security-Policy': rendererContentSecurityPolicy,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};
