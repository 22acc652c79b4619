/**
 * Serving the built renderer (out/renderer) under app://castdesk/: a plain function from a fetch
 * Request to a Response, so it is tested without Electron. Only files inside the renderer folder
 * are ever read; `..` (also percent-encoded), backslashes and NUL bytes are refused.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { rendererContentType } from '../core/files/contentTypes.ts';
import { rendererContentSecurityPolicy } from '../core/files/contentSecurityPolicy.ts';

export const appOrigin = 'app://castdesk';
/** The URL the window loads. */
export const appIndexUrl = `${appOrigin}/index.html`;

/** Where the connected directories are now (their base URLs): a page's media may come from them. */
export type DirectoryAddresses = () => Iterable<string>;

function securityHeaders(directoryUrls: Iterable<string>, officeUrls: Iterable<string> = []) {
  return {
    'content-security-policy': rendererContentSecurityPolicy(directoryUrls, officeUrls),
    'x-content-type-options': 'nosniff',
    'cross-origin-opener-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
  };
}

function refusal(status: 400 | 403 | 404 | 405, text: string): Response {
  return new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...securityHeaders([]) } });
}

/**
 * The file under `rootDir` that `url` names, or undefined when the URL is not ours or would
 * leave the folder. Paths without an extension are the single page's routes: they get index.html.
 */
export function resolveAppFile(rootDir: string, url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (`${parsed.protocol}//${parsed.host}` !== appOrigin) return undefined;
  let pathname: string;
  try {
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    return undefined;
  }
  const segments = pathname.split('/');
  if (segments.some((segment) => segment === '..' || segment === '.' || segment.includes('\\') || segment.includes('\0'))) return undefined;
  const root = path.resolve(rootDir);
  const relative = pathname === '/' || path.posix.extname(pathname) === '' ? 'index.html' : pathname.slice(1);
  const file = path.resolve(root, relative);
  return file.startsWith(root + path.sep) ? file : undefined;
}

/**
 * A handler for `protocol.handle('app', …)` serving `rootDir` with the renderer's CSP on every
 * response, its media sources the directories at the addresses `directoryAddresses` gives then,
 * its WebSockets the offices `officeAddresses` gives.
 */
export function createAppFileHandler(
  rootDir: string,
  directoryAddresses: DirectoryAddresses = () => [],
  officeAddresses: DirectoryAddresses = () => [],
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return refusal(405, 'Method not allowed');
    const file = resolveAppFile(rootDir, request.url);
    if (!file) return refusal(403, 'Forbidden');
    try {
      if (!(await stat(file)).isFile()) return refusal(404, 'Not found');
      const body = await readFile(file);
      const contentType = rendererContentType(file);
      return new Response(request.method === 'HEAD' ? null : body, {
        status: 200,
        headers: { 'content-type': contentType, 'cache-control': 'no-cache', ...securityHeaders(directoryAddresses(), officeAddresses()) },
      });
    } catch {
      return refusal(404, 'Not found');
    }
  };
}
