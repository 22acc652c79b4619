/**
 * Serves one `castdesk-media:` / `/media-cache` request (query `c=<connectionId>&u=<url>`, with
 * optional `f=<fallback version>` and `k=showreel`, see contract mediaQuery) from the media cache. The connection must exist, so a page cannot use the
 * back end as an open proxy for arbitrary addresses of a user who has no connection at all; the
 * URL must be absolute http(s). The directory key is never sent to picture hosts.
 */
import type { MediaCache } from '../media/mediaCache.ts';
import { serveCached } from '../media/serveCached.ts';

export interface MediaAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string;
}

function text(status: number, message: string): MediaAnswer {
  return { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' }, body: `${message}\n` };
}

export async function serveMediaQuery(
  query: URLSearchParams,
  cache: MediaCache,
  connectionExists: (id: string) => Promise<boolean>,
): Promise<MediaAnswer> {
  const connectionId = query.get('c');
  const url = query.get('u');
  if (!connectionId || !url) return text(400, 'A picture request needs c (connection id) and u (picture URL).');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return text(400, 'u is not an absolute URL.');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return text(400, 'Only http and https pictures are served.');
  if (parsed.username || parsed.password) return text(400, 'Picture URLs with credentials are refused.');
  if (!(await connectionExists(connectionId))) return text(404, 'No such connection.');
  // Fallbacks are only looked up in the cache, never fetched; unusable ones are dropped.
  const fallbacks = query.getAll('f').slice(0, maxFallbacks).flatMap((candidate) => {
    const fallback = usableUrl(candidate);
    return fallback ? [fallback] : [];
  });
  const kind = query.get('k') === 'showreel' ? 'showreel' : 'picture';
  return serveCached(cache, parsed.href, { priority: 'high', kind, fallbacks });
}

/** A picture has four versions: three others at most stand in for it. */
const maxFallbacks = 3;

function usableUrl(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password ? url.href : null;
  } catch {
    return null;
  }
}
