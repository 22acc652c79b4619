/**
 * The headers every answer of the web shell carries. The CSP is the renderer's, the same text the
 * Electron shell sends (electron/core/files/contentSecurityPolicy.ts), made as the answer is sent
 * so its media sources are the connected directories at their current addresses (and its WebSockets
 * the joined offices); the browser
 * enforces it before parsing a byte of HTML.
 */
import { rendererContentSecurityPolicy } from '../core/files/contentSecurityPolicy.ts';

/** The headers of an answer sent while the directories are at `directoryUrls` and the offices at `officeUrls`. */
export function securityHeaders(directoryUrls: Iterable<string> = [], officeUrls: Iterable<string> = []): Readonly<Record<string, string>> {
  return {
    'Content-Security-Policy': rendererContentSecurityPolicy(directoryUrls, officeUrls),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}
