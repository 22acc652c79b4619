/**
 * The headers every answer of the web shell carries. The CSP is the renderer's, the same text the
 * Electron shell sends (electron/core/files/contentSecurityPolicy.ts), made as the answer is sent
 * so its media sources are the connected directories at their current addresses; the browser
 * enforces it before parsing a byte of HTML.
 */
import { rendererContentSecurityPolicy } from '../core/files/contentSecurityPolicy.ts';

/** The headers of an answer sent while the connections' directories are at `directoryUrls`. */
export function securityHeaders(directoryUrls: Iterable<string> = []): Readonly<Record<string, string>> {
  return {
    'Content-Security-Policy': rendererContentSecurityPolicy(directoryUrls),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}
