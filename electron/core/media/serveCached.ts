/**
 * Answers one picture request from the media cache, in a shape both shells can send: the Electron
 * `castdesk-media:` protocol handler wraps it in a Response, the web shell writes it to its HTTP
 * reply. Pictures are immutable per URL, so they may be cached forever; nosniff makes the browser
 * trust our checked Content-Type rather than guess one.
 */
import { readFile } from 'node:fs/promises';
import type { MediaPriority } from './downloadImage.ts';
import type { MediaCache } from './mediaCache.ts';
import { MediaCacheError } from './mediaCacheError.ts';

export interface MediaHttpResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

function textResponse(status: number, message: string): MediaHttpResponse {
  return {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
    body: Buffer.from(message, 'utf8'),
  };
}

function errorResponse(error: MediaCacheError): MediaHttpResponse {
  switch (error.code) {
    case 'invalid_url':
      return textResponse(400, 'Not an http or https picture URL.');
    case 'unsupported_type':
      return textResponse(415, 'Not a picture this app shows (PNG, JPEG, WebP, GIF or AVIF only).');
    case 'too_large':
      return textResponse(413, 'The picture is too large to cache.');
    case 'upstream_status':
      return error.status === 404 || error.status === 410
        ? textResponse(404, 'Picture not found.')
        : textResponse(502, `The picture server answered HTTP ${error.status}.`);
    case 'unreachable':
      return textResponse(502, 'The picture server cannot be reached and the picture is not cached.');
    case 'aborted':
      return textResponse(503, 'The picture request was cancelled.');
  }
}

/**
 * The HTTP answer for the picture at `url` (the original http(s) URL). Cached pictures are served
 * without the network, so they keep working offline; failures become short text answers (400,
 * 404, 413, 415, 502) rather than exceptions.
 */
export async function serveCached(
  cache: MediaCache,
  url: string,
  options: { signal?: AbortSignal; priority?: MediaPriority } = {},
): Promise<MediaHttpResponse> {
  // Two tries: the file can be evicted between get() and the read; the second get refetches it.
  for (let attempt = 1; ; attempt += 1) {
    try {
      const picture = await cache.get(url, options);
      const body = await readFile(picture.path);
      return {
        status: 200,
        headers: {
          'Content-Type': picture.contentType,
          'Content-Length': String(body.length),
          'Cache-Control': 'private, max-age=31536000, immutable',
          'X-Content-Type-Options': 'nosniff',
          ETag: `"${picture.hash}"`,
        },
        body,
      };
    } catch (error) {
      if (error instanceof MediaCacheError) return errorResponse(error);
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && attempt < 2) continue;
      return textResponse(500, 'The media cache failed to read the picture.');
    }
  }
}
